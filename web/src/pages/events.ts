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

/** The tie-break lists offered, in C.07's names; any other may be typed. */
const tiebreakChoices: [string, string][] = [
  ['', 'the TRF file’s (else the system’s usual)'],
  ['BH/C1,BH,SB,DE,WIN', 'Swiss: Buchholz cut 1, Buchholz, Sonneborn-Berger, direct encounter, wins'],
  ['DE,WIN,SB,KS', 'Round robin: direct encounter, wins, Sonneborn-Berger, Koya'],
  ['ARO,BH,SB', 'Average rating of opponents, Buchholz, Sonneborn-Berger'],
];

/** A date as the reader's browser writes it. */
const day = (iso?: string) => {
  if (!iso) return '';
  const d = new Date(iso.length === 10 ? iso.replace(/\//g, '-') + 'T12:00:00' : iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
};

export function events(app: HTMLElement) {
  setTitle('Events');
  const list = h('div', { id: 'event-list' }, h('p', { class: 'muted' }, 'Loading…'));
  const games = h('section', { class: 'card', id: 'screen-games', hidden: true });
  const out = h('div', { id: 'created' });
  const form = h(
    'form',
    { class: 'card', id: 'new-event' },
    h('h2', null, 'New tournament'),
    h('label', null, 'Name ', h('input', { name: 'name', required: true, value: 'Club championship' })),
    h('label', null, 'Site ', h('input', { name: 'site', value: '' })),
    h('label', null, 'Rule set ', h('select', { name: 'rules' }, ruleSets.map(([v, t]) => h('option', { value: v }, t)))),
    h('label', null, 'Time control ', h('input', { name: 'clock', id: 'event-clock', placeholder: '90 min/40 moves + 30 min + 30 sec per move', size: 36 }),
      h('span', { class: 'muted small' }, ' as you would write it: 90/40+30/30+30s, 40/5400+30:1800+30, G/90;inc30, 15+10; empty: no clock')),
    h('label', null, 'System ', h('select', { name: 'system' }, h('option', { value: '' }, 'as the TRF file says'), h('option', { value: 'swiss' }, 'Swiss'), h('option', { value: 'round-robin' }, 'Round robin'))),
    h('label', null, 'Tie-breaks ', h('select', { name: 'tiebreaks', id: 'event-tiebreaks' }, tiebreakChoices.map(([v, t]) => h('option', { value: v }, v ? `${v}: ${t}` : t)))),
    h('label', null, 'Pairings (optional: a TRF file on the organiser’s page is the usual way), one game a line (White - Black) ',
      h('textarea', { name: 'pairings', rows: 3 })),
    h('button', { type: 'submit', class: 'primary' }, 'Create the tournament'),
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
      fill(out, h('p', { class: 'error', role: 'alert' }, `Could not create the tournament: ${(e as Error).message}`));
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
        h('h2', null, `${ev.name}: created`),
        h('p', null, 'Keep these links: each carries the arbiter’s token, shown only now (this browser remembers it too).'),
        h('ul', { class: 'plain' },
          h('li', null, h('a', { href: `/organise/${ev.id}#token=${tok}`, id: 'organise-link' }, 'Organiser’s page'), ` (pairings, rounds, table cards, results) — ${origin}/organise/${ev.id}#token=…`),
          h('li', null, h('a', { href: `/desk/${ev.id}#token=${tok}` }, 'Arbiter’s desk'), ` — ${origin}/desk/${ev.id}#token=…`),
          h('li', null, h('a', { href: `/hall/${ev.id}` }, 'Hall'), ' (for everyone)'),
          ev.games.map(g => h('li', null, `Board ${g.board}: ${g.white} – ${g.black}: `,
            h('a', { href: `/play/${g.id}#token=${encodeURIComponent(g.board_token)}` }, 'play'), ' · ', h('a', { href: `/board/${g.id}` }, 'watch')))),
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
            h('div', { class: 'muted small' }, h('span', { class: 'event-dates' }, when(e)), ' · ', h('span', { class: 'event-status' }, e.status ?? '')),
            h('div', { class: 'small' }, h('a', { href: `/standings/${e.id}` }, 'standings'), ' · ', h('a', { href: `/desk/${e.id}` }, 'desk'),
              tokens.arbiter(e.id) ? [' · ', h('a', { href: `/organise/${e.id}` }, 'organise')] : null))))
        : h('p', { class: 'muted' }, 'No tournament yet.'));
      games.hidden = screen.length === 0;
      fill(games, h('h2', null, 'Games on one screen'),
        h('ul', { class: 'plain' }, screen.slice(0, 30).map(e => h('li', null, h('a', { href: `/hall/${e.id}` }, e.name), h('span', { class: 'muted small' }, ` · ${day(e.created)}`)))));
    } catch (e) {
      fill(list, h('p', { class: 'error' }, `Could not read the events: ${(e as Error).message}`));
    }
  };
  void load();

  app.append(header('events'), h('main', { class: 'events-page' }, h('section', { class: 'card' }, h('h1', null, 'Tournaments'), list), form, out, games));
}
