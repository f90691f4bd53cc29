// The standings: the players ranked by points and the event's tie-breaks
// (FIDE C.07), as the server computes them from the event's TRF file and
// the results decided in the hall (GET /api/events/{id}/standings). A
// team event shows the teams' match points too. The page reads without a
// token (the broadcast delay holds: the results shown are those a
// spectator may see), but with the arbiter's token this browser keeps,
// and re-reads when a game of the event ends (the event's live socket),
// and at most every 30 s besides.

import { api, ApiError, tokens } from '../api';
import { delayNote, header } from '../common';
import { h, fill, setTitle } from '../dom';
import { followEvent } from '../feed';
import { t } from '../i18n';

/** The answer of GET /api/events/{id}/standings. */
export interface Standings {
  event: string;
  system: string;
  rounds: number;
  tiebreaks: string[];
  /** The version of C.07 applied: "2024" or "2026". */
  rules?: string;
  rows: StandingsRow[];
  teams?: TeamRow[];
}

export interface StandingsRow {
  rank: number;
  start: number;
  name: string;
  title?: string;
  rating?: number;
  federation?: string;
  points: number;
  values: number[];
}

export interface TeamRow {
  rank: number;
  team: number;
  name: string;
  match_points: number;
  game_points: number;
}

/** Tie-break sets an organiser may pick (C.07's names), the event's own first. */
const sets: [string, string][] = [
  ['', t('standings.tb.event')],
  ['BH/C1,BH,SB,DE,WIN', t('standings.tb.swiss')],
  ['DE,WIN,SB,KS', t('standings.tb.rr')],
  ['ARO,TPR,PTP', t('standings.tb.ratings')],
];

/** A number of points as a scoresheet writes it: 4½, ½, 3. */
export function pointsText(x: number): string {
  const whole = Math.floor(x + 1e-9);
  const half = x - whole > 0.25 && x - whole < 0.75;
  if (half) return whole === 0 ? '½' : `${whole}½`;
  return Number.isInteger(x) ? String(x) : x.toFixed(2).replace(/0+$/, '');
}

/** The rank column: "3" for a player alone, "3–5" for the first of tied players, "" for the others. */
function rankCells(rows: { rank: number }[]): string[] {
  return rows.map((r, i) => {
    const tied = rows.filter(x => x.rank === r.rank).length;
    if (tied === 1) return String(r.rank);
    const first = rows.findIndex(x => x.rank === r.rank) === i;
    return first ? `${r.rank}–${r.rank + tied - 1}` : '';
  });
}

export function standingsPage(app: HTMLElement, id: string) {
  const title = h('h1', { id: 'title' }, t('hall.standings'));
  const sub = h('p', { class: 'muted', id: 'standings-sub' });
  const delayed = h('p', { class: 'delay-note', id: 'delay-note', hidden: true });
  const err = h('p', { class: 'error', role: 'alert', id: 'standings-error', hidden: true });
  const table = h('div', { class: 'standings-wrap', id: 'standings' });
  const teams = h('div', { class: 'standings-wrap', id: 'team-standings', hidden: true });
  const select = h('select', { id: 'tiebreak-set', 'aria-label': t('events.tiebreaks') }, sets.map(([v, words]) => h('option', { value: v }, words)));
  const custom = h('input', { id: 'tiebreaks', placeholder: t('standings.own'), autocomplete: 'off', size: 24 });
  app.append(
    header(''),
    h('main', { class: 'standings' },
      h('div', { class: 'hall-head' }, h('div', null, title, sub, delayed),
        h('p', { class: 'links' }, h('a', { href: `/hall/${id}` }, t('hall.title')), ' · ', h('a', { href: `/desk/${id}` }, t('hall.desk')))),
      h('p', { class: 'row standings-choice' }, h('label', null, t('events.tiebreaks') + ' ', select), custom),
      err, teams, table),
  );
  const token = () => tokens.arbiter(id) || undefined;
  let busy = false;
  let again = false;
  const read = async () => {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    try {
      do {
        again = false;
        const tb = (custom.value.trim() || select.value).replace(/\s+/g, '');
        const q = tb ? `?tiebreaks=${encodeURIComponent(tb)}` : '';
        try {
          const s = await api.standings(id, q, token());
          err.hidden = true;
          show(s);
        } catch (e) {
          err.hidden = false;
          err.textContent = e instanceof ApiError && e.status === 404 ? t('standings.none') : t('standings.read-failed', { Why: (e as Error).message });
        }
      } while (again);
    } finally {
      busy = false;
    }
  };
  const show = (s: Standings) => {
    table.dataset.rounds = String(s.rounds);
    fill(sub, t('standings.sub', { Round: s.rounds, System: s.system === 'round-robin' ? t('standings.rr') : t('standings.swiss'), Tiebreaks: s.tiebreaks.join(', ') || t('standings.none-tb') }) +
      (s.rules ? ' · ' + t(`standings.rules.${s.rules === '2026' ? '2026' : '2024'}`) : ''));
    const ranks = rankCells(s.rows);
    fill(table, h('table', { class: 'standings-table' },
      h('thead', null, h('tr', null,
        h('th', { scope: 'col' }, t('standings.col.rank')), h('th', { scope: 'col', class: 'num' }, t('standings.col.no')), h('th', { scope: 'col' }, t('standings.col.name')),
        h('th', { scope: 'col', class: 'num' }, t('standings.col.rating')), h('th', { scope: 'col' }, t('standings.col.fed')), h('th', { scope: 'col', class: 'num' }, t('standings.col.pts')),
        s.tiebreaks.map(tb => h('th', { scope: 'col', class: 'num', title: tb }, tb)))),
      h('tbody', null, s.rows.map((r, i) => h('tr', { 'data-start': String(r.start), 'data-rank': String(r.rank), class: ranks[i] === '' ? 'tied' : '' },
        h('td', { class: 'rank' }, ranks[i]),
        h('td', { class: 'num' }, String(r.start)),
        h('td', { class: 'person' }, r.title ? h('span', { class: 'title-badge' }, r.title) : null, h('span', { class: 'player-name' }, r.name)),
        h('td', { class: 'num' }, r.rating ? String(r.rating) : ''),
        h('td', null, r.federation ?? ''),
        h('td', { class: 'num points' }, pointsText(r.points)),
        r.values.map(v => h('td', { class: 'num' }, pointsText(v))))))));
    teams.hidden = !s.teams?.length;
    if (s.teams?.length) {
      const tr = rankCells(s.teams);
      fill(teams, h('h2', null, t('standings.teams')), h('table', { class: 'standings-table' },
        h('thead', null, h('tr', null, h('th', { scope: 'col' }, t('standings.col.rank')), h('th', { scope: 'col' }, t('standings.col.team')), h('th', { scope: 'col', class: 'num' }, t('standings.col.match-pts')), h('th', { scope: 'col', class: 'num' }, t('standings.col.game-pts')))),
        h('tbody', null, s.teams.map((tm, i) => h('tr', { 'data-team': String(tm.team) },
          h('td', { class: 'rank' }, tr[i]), h('td', null, tm.name), h('td', { class: 'num points' }, pointsText(tm.match_points)), h('td', { class: 'num' }, pointsText(tm.game_points)))))));
    }
  };
  api.event(id, token()).then(ev => {
    setTitle(t('standings.page-title', { Event: ev.name }));
    fill(title, t('standings.heading', { Event: ev.name }));
    delayNote(delayed, token() ? 0 : (ev.delay ?? 0));
  }, () => fill(title, t('common.no-event')));
  select.addEventListener('change', () => void read());
  custom.addEventListener('change', () => void read());
  void read();
  // Re-read when a game's result changes (debounced), and every 30 s.
  const results = new Map<string, string>();
  let timer = 0;
  followEvent(id, games => {
    let changed = false;
    for (const [gid, g] of games) {
      const r = g.view.result;
      if (results.has(gid) && results.get(gid) !== r) changed = true;
      results.set(gid, r);
    }
    if (changed) {
      clearTimeout(timer);
      timer = window.setTimeout(() => void read(), 800);
    }
  });
  window.setInterval(() => void read(), 30_000);
}
