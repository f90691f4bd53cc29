// The desk's broadcast panel: the arbiter gives a lichess token and the
// lichess round of each of the event's rounds, and the server pushes each
// round's PGN to lichess as it changes (from behind a venue's NAT). The
// token is written, never shown back: the server only says one is set.
// The panel shows, for each round, the last push lichess took, the last
// failure in words, and lichess's answer game by game (a refused game and
// why), read again every 10 s.

import { api } from '../api';
import { h, fill } from '../dom';
import { lang, n, t } from '../i18n';

/** The arbiter's view of an event's pushes (GET /api/events/{id}/broadcast). */
export interface BroadcastView {
  event: string;
  token_set: boolean;
  rounds: PushStatus[];
}

export interface PushStatus {
  round: number;
  lichess_round: string;
  last_push?: string;
  attempt?: string;
  error?: string;
  next_try?: string;
  games?: { white?: string; black?: string; round?: string; moves: number; error?: string }[];
}

const timeOf = (s?: string) => (s ? new Date(s).toLocaleTimeString(lang()) : '');

/** The panel; token gives the arbiter's token when it is needed. */
export function broadcastPanel(id: string, token: () => string): HTMLElement {
  const tokenInput = h('input', { id: 'lichess-token', type: 'password', autocomplete: 'off', placeholder: t('broadcast.token-placeholder') });
  const roundsInput = h('input', { id: 'lichess-rounds', autocomplete: 'off', placeholder: '1=AbCd1234 2=EfGh5678' });
  const state = h('p', { class: 'muted small', id: 'broadcast-state' }, '…');
  const err = h('p', { class: 'error', role: 'alert', hidden: true, id: 'broadcast-error' });
  const status = h('div', { id: 'broadcast-status' });
  const form = h(
    'form',
    { class: 'card broadcast-form', id: 'broadcast-form' },
    h('h2', null, t('broadcast.title')),
    h('p', { class: 'muted small' }, t('broadcast.help')),
    h('label', { for: 'lichess-token' }, t('broadcast.token-label')),
    tokenInput,
    h('label', { for: 'lichess-rounds' }, t('broadcast.rounds-label')),
    h('div', { class: 'row' }, roundsInput, h('button', { type: 'submit', id: 'broadcast-set' }, t('broadcast.push'))),
    err,
    state,
    status,
  );
  const show = (v: BroadcastView) => {
    fill(state, v.token_set ? n('broadcast.state', v.rounds.length) : t('broadcast.none'));
    if (document.activeElement !== roundsInput) roundsInput.value = v.rounds.map(r => `${r.round}=${r.lichess_round}`).join(' ');
    fill(
      status,
      v.rounds.map(r =>
        h('div', { class: 'push-round', 'data-round': String(r.round) },
          h('h3', null, t('broadcast.round', { Round: r.round, ID: r.lichess_round })),
          h('p', { class: 'small' },
            r.last_push ? t('broadcast.last-push', { Time: timeOf(r.last_push) }) : t('broadcast.not-yet'),
            r.error ? h('span', { class: 'error push-error' }, ` ${r.error}`) : null,
            r.error && r.next_try ? ' ' + t('broadcast.next-try', { Time: timeOf(r.next_try) }) : null),
          r.games?.length
            ? h('table', { class: 'held-readings push-games' },
                h('thead', null, h('tr', null, h('th', null, t('broadcast.col.game')), h('th', null, 'Lichess'))),
                h('tbody', null, r.games.map(g => h('tr', { class: g.error ? 'refused' : '' },
                  h('td', null, `${g.round ? `${g.round} ` : ''}${g.white ?? '?'} – ${g.black ?? '?'}`),
                  h('td', null, g.error ? h('span', { class: 'error' }, t('broadcast.refused', { Why: g.error })) : n('broadcast.moves', g.moves))))))
            : null),
      ),
    );
  };
  const read = () => {
    if (!token()) return;
    api.broadcast(id, token()).then(show, () => {});
  };
  form.addEventListener('submit', ev => {
    ev.preventDefault();
    err.hidden = true;
    const rounds: Record<string, string> = {};
    for (const part of roundsInput.value.split(/[\s,;]+/).filter(Boolean)) {
      const [r, lid] = part.split('=');
      if (!/^\d+$/.test(r ?? '') || !lid) {
        err.hidden = false;
        err.textContent = t('broadcast.bad-round', { Part: part });
        return;
      }
      rounds[r] = lid;
    }
    const body: Record<string, unknown> = { rounds };
    if (tokenInput.value.trim()) body.lichess_token = tokenInput.value.trim();
    api.setBroadcast(id, body, token()).then(
      v => {
        tokenInput.value = '';
        show(v);
      },
      (e: Error) => {
        err.hidden = false;
        err.textContent = t('desk.refused', { Why: e.message });
      },
    );
  });
  read();
  window.setInterval(read, 10_000);
  return form;
}
