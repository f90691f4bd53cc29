// Events: the tournaments on this server with their dates and where each
// stands, the games played on one screen apart, and a form to create a
// tournament with its rules, time control, system and tie-breaks (the
// arbiter's token comes back once and stays in this browser; the
// organiser's page then takes the pairings).

import { api, tokens } from '../api';
import { header } from '../common';
import { h, fill, setTitle } from '../dom';
import type { CreatedEvent, EventListItem } from '../types';
import { ruleSets } from './play';
import { lang, n, t } from '../i18n';

/** The tie-break lists offered, in C.07's names; any other may be typed. */
const tiebreakChoices = (): [string, string][] => [
  ['', t('events.tb.default')],
  ['BH/C1,BH,SB,DE,WIN', t('events.tb.swiss')],
  ['DE,WIN,SB,KS', t('events.tb.rr')],
  ['ARO,BH,SB', t('events.tb.aro')],
];

/** Where a tournament stands, in the reader's words (the server says it in English). */
function statusWords(e: EventListItem): string {
  if (e.current_round === undefined) return e.status ?? '';
  if (!e.game_count) return t('events.status.no-games');
  if (!e.current_round) return n('events.status.paired', e.rounds ?? 0);
  return t('events.status.round', { N: e.current_round, Of: e.rounds ?? e.current_round });
}

/** A date as the page's language writes it. */
const day = (iso?: string) => {
  if (!iso) return '';
  const d = new Date(iso.length === 10 ? iso.replace(/\//g, '-') + 'T12:00:00' : iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString(lang(), { year: 'numeric', month: 'short', day: 'numeric' });
};

export function events(app: HTMLElement) {
  setTitle(t('events.title'));
  const list = h('div', { id: 'event-list' }, h('p', { class: 'muted' }, t('common.loading')));
  const games = h('section', { class: 'card', id: 'screen-games', hidden: true });
  const out = h('div', { id: 'created' });
  const form = h(
    'form',
    { class: 'card', id: 'new-event' },
    h('h2', null, t('events.new')),
    h('label', null, t('events.name') + ' ', h('input', { name: 'name', required: true, value: t('events.default-name') })),
    h('label', null, t('events.site') + ' ', h('input', { name: 'site', value: '' })),
    h('label', null, t('events.rules') + ' ', h('select', { name: 'rules' }, ruleSets.map(([v, words]) => h('option', { value: v }, words)))),
    h('label', null, t('events.clock') + ' ', h('input', { name: 'clock', id: 'event-clock', placeholder: '90/40+30+30s', size: 36 }),
      h('span', { class: 'muted small' }, ' ' + t('events.clock-help'))),
    h('label', null, t('events.system') + ' ', h('select', { name: 'system' }, h('option', { value: '' }, t('events.system-trf')), h('option', { value: 'swiss' }, t('events.swiss')), h('option', { value: 'round-robin' }, t('events.round-robin')))),
    h('label', null, t('events.tiebreaks') + ' ', h('select', { name: 'tiebreaks', id: 'event-tiebreaks' }, tiebreakChoices().map(([v, words]) => h('option', { value: v }, v ? `${v}: ${words}` : words)))),
    h('label', null, t('events.pairings') + ' ',
      h('textarea', { name: 'pairings', rows: 3 })),
    h('button', { type: 'submit', class: 'primary' }, t('events.create')),
  );
  form.addEventListener('submit', async ev => {
    ev.preventDefault();
    const fd = new FormData(form);
    const games = String(fd.get('pairings') ?? '')
      .split('\n')
      .map(l => l.trim())
      .filter(Boolean)
      .map(l => {
        const [white, black] = l.split(/\s+-\s+|\s*–\s*/);
        return { white: white?.trim() || '?', black: black?.trim() || '?' };
      });
    const start: Record<string, unknown> = { rules: String(fd.get('rules')) };
    const clock = String(fd.get('clock') ?? '').trim();
    if (clock) start.clock = clock;
    try {
      const created = await api.createEvent({
        name: String(fd.get('name')), site: String(fd.get('site') ?? ''), start,
        system: String(fd.get('system') ?? ''), tiebreaks: String(fd.get('tiebreaks') ?? ''), games,
      });
      showCreated(created);
      void load();
    } catch (e) {
      fill(out, h('p', { class: 'error', role: 'alert' }, t('events.create-failed', { Why: (e as Error).message })));
    }
  });

  const showCreated = (ev: CreatedEvent) => {
    tokens.setArbiter(ev.id, ev.arbiter_token);
    for (const g of ev.games) tokens.setBoard(g.id, g.board_token);
    const origin = location.origin;
    const tok = encodeURIComponent(ev.arbiter_token);
    fill(
      out,
      h(
        'div',
        { class: 'card' },
        h('h2', null, t('events.created', { Event: ev.name })),
        h('p', null, t('events.keep-links')),
        h('ul', { class: 'plain' },
          h('li', null, h('a', { href: `/organise/${ev.id}#token=${tok}`, id: 'organise-link' }, t('events.organise')), ` ${t('events.organise-what')} — ${origin}/organise/${ev.id}#token=…`),
          h('li', null, h('a', { href: `/desk/${ev.id}#token=${tok}` }, t('hall.desk')), ` — ${origin}/desk/${ev.id}#token=…`),
          h('li', null, h('a', { href: `/hall/${ev.id}` }, t('hall.title')), ' ' + t('events.for-everyone')),
          ev.games.map(g => h('li', null, t('events.board-line', { N: g.board, White: g.white, Black: g.black }),
            h('a', { href: `/play/${g.id}#token=${encodeURIComponent(g.board_token)}` }, t('events.play')), ' · ', h('a', { href: `/board/${g.id}` }, t('events.watch'))))),
      ),
    );
  };

  const when = (e: EventListItem) => {
    const from = day(e.info?.start_date), to = day(e.info?.end_date);
    if (from && to && from !== to) return `${from} – ${to}`;
    return from || day(e.created);
  };
  const load = async () => {
    try {
      const evs = await api.events();
      const tournaments = evs.filter(e => e.info?.kind !== 'game');
      const screen = evs.filter(e => e.info?.kind === 'game');
      fill(list, tournaments.length
        ? h('ul', { class: 'plain events' }, tournaments.map(e => h('li', { 'data-event': e.id },
            h('a', { href: `/hall/${e.id}` }, h('strong', null, e.name)), e.site ? ` · ${e.site}` : '',
            h('div', { class: 'muted small' }, h('span', { class: 'event-dates' }, when(e)), ' · ', h('span', { class: 'event-status' }, statusWords(e))),
            h('div', { class: 'small' }, h('a', { href: `/standings/${e.id}` }, t('events.standings')), ' · ', h('a', { href: `/desk/${e.id}` }, t('events.desk')),
              tokens.arbiter(e.id) ? [' · ', h('a', { href: `/organise/${e.id}` }, t('events.organise-short'))] : null))))
        : h('p', { class: 'muted' }, t('events.none')));
      games.hidden = screen.length === 0;
      fill(games, h('h2', null, t('events.screen-games')),
        h('ul', { class: 'plain' }, screen.slice(0, 30).map(e => h('li', null, h('a', { href: `/hall/${e.id}` }, e.name), h('span', { class: 'muted small' }, ` · ${day(e.created)}`)))));
    } catch (e) {
      fill(list, h('p', { class: 'error' }, t('events.read-failed', { Why: (e as Error).message })));
    }
  };
  void load();

  app.append(header('events'), h('main', { class: 'events-page' }, h('section', { class: 'card' }, h('h1', null, t('events.tournaments')), list), form, out, games));
}
