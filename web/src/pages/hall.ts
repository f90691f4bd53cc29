// The hall: every board of an event, live, by round, each small with its
// last move, both clocks (the running one marked, a fallen flag in red), a
// marker on a board with a pending violation, claim or illegal move, and
// the results as they come. It reads without a token: under the event's
// broadcast delay it shows the games as they stood the delay ago, and
// says so.

import { api, eventPgnURL } from '../api';
import { checkOf, viewBoard, type Api } from '../board';
import { delayNote, drawClocks, everyTick, header, placeWords, playerName, roundSelect } from '../common';
import { h, fill, setTitle } from '../dom';
import { followEvent, inForce, inPlay, type GameState } from '../feed';
import { boardFen, lastMove } from '../mirror';
import type { EventInfo, EventMatch, Side } from '../types';
import { lang, san, t } from '../i18n';
import { claimVerdict, resultWords, sideName, whoName } from '../words';

interface Card {
  el: HTMLElement;
  cg: Api;
  info: HTMLElement;
  marks: HTMLElement;
  clocks: Record<Side, HTMLElement>;
}

/**
 * The markers of a game: what needs the arbiter's eye. A violation is
 * marked while it can be claimed (as the server's view has it) and the
 * game goes on.
 */
export function markers(g: GameState): { kind: string; text: string }[] {
  const m = g.mirror;
  const out: { kind: string; text: string }[] = [];
  const c = g.claimParties();
  if (c && inPlay(g)) out.push({ kind: 'violation', text: t('hall.mark.violation', { Side: sideName(c.violator) }) });
  if (m.illegal) out.push({ kind: 'illegal', text: t('hall.mark.illegal', { Who: whoName(m.illegal.by) || t('who.someone') }) });
  if (m.limbo && inPlay(g)) out.push({ kind: 'illegal', text: t('hall.mark.limbo', { Side: sideName(m.limbo) }) });
  if (m.claim) out.push({ kind: 'claim', text: claimVerdict(m.claim) });
  return out;
}

/** The months' names as a date says them ("4 October", Russian "4 октября"), from the catalogue. */
const months = Array.from({ length: 12 }, (_, i) => t(`month.${i + 1}`));

/** A TRF date (2025/10/04, 2025-10-04, 25/10/04) as [year, month, day], or null. */
function parseDate(s?: string): [number, number, number] | null {
  const m = /^\s*(\d{2}|\d{4})[/.-](\d{1,2})[/.-](\d{1,2})\s*$/.exec(s ?? '');
  if (!m) return null;
  const y = m[1].length === 2 ? 2000 + Number(m[1]) : Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  return mo >= 1 && mo <= 12 && d >= 1 && d <= 31 ? [y, mo, d] : null;
}

/**
 * The event's dates in words: "4–6 October 2025", "30 September – 2
 * October 2025"; in another language as CLDR writes a range of days in it
 * where the browser's Intl knows the language (German "4.–6. Oktober
 * 2025", Russian "4–6 октября 2025 г.", Spanish "4–6 de octubre de
 * 2025"), else in English's order with the catalogue's months (Albanian,
 * which Chromium's Intl lacks: "4–6 tetor 2025").
 */
export function datesWords(start?: string, end?: string): string {
  const a = parseDate(start);
  const b = parseDate(end);
  const one = (x: [number, number, number], year = true) => `${x[2]} ${months[x[1] - 1]}${year ? ` ${x[0]}` : ''}`;
  if (!a && !b) return [start, end].filter(x => x?.trim()).join(' – ');
  if (lang() !== 'en' && Intl.DateTimeFormat.supportedLocalesOf([lang()]).length) {
    const f = new Intl.DateTimeFormat(lang(), { day: 'numeric', month: 'long', year: 'numeric' });
    const day = (x: [number, number, number]) => new Date(x[0], x[1] - 1, x[2], 12);
    if (!a || !b || a.join() === b.join()) return f.format(day((a ?? b)!));
    const [x, y] = day(a) <= day(b) ? [day(a), day(b)] : [day(b), day(a)];
    return f.formatRange(x, y);
  }
  if (!a || !b) return one((a ?? b)!);
  if (a.join() === b.join()) return one(a);
  if (a[0] === b[0] && a[1] === b[1]) return `${a[2]}–${b[2]} ${months[a[1] - 1]} ${a[0]}`;
  if (a[0] === b[0]) return `${one(a, false)} – ${one(b)}`;
  return `${one(a)} – ${one(b)}`;
}

/** Where and when the event is, from its TRF header: "Ljubljana (SLO) · 4–6 October 2025". */
export function eventWhere(info: EventInfo): string {
  const city = info.city?.trim() ?? '';
  const fed = info.federation?.trim() ?? '';
  const place = city && fed ? `${city} (${fed})` : city || fed;
  return [place, datesWords(info.start_date, info.end_date)].filter(x => x).join(' · ');
}

export function hall(app: HTMLElement, id: string) {
  const title = h('h1', { id: 'title' }, t('hall.title'));
  const where = h('p', { class: 'hall-where muted', id: 'where', hidden: true });
  const delayed = h('p', { class: 'delay-note', id: 'delay-note', hidden: true });
  const grid = h('div', { class: 'hall-rounds', id: 'hall' });
  const live = h('span', { class: 'live', id: 'live' }, t('common.offline'));
  let games = new Map<string, GameState>();
  /** A team event's matches: the hall groups each round's cards by match. */
  let matches: EventMatch[] = [];
  const matchHeads = new Map<string, HTMLElement>();
  const rounds = roundSelect(() => arrange());
  app.append(
    header('', live),
    h(
      'main',
      { class: 'hall' },
      h('div', { class: 'hall-head' }, h('div', { class: 'hall-what' }, title, where, delayed), rounds.el,
        h('p', { class: 'links' }, h('a', { href: `/standings/${id}`, id: 'link-standings' }, t('hall.standings')), ' · ', h('a', { href: `/desk/${id}` }, t('hall.desk')), ' · ', h('a', { href: eventPgnURL(id), download: `event-${id}.pgn` }, t('hall.pgn')))),
      grid,
    ),
  );
  // The event, read again whenever the socket comes back: a change of the
  // broadcast delay disconnects the delayed sockets.
  const readEvent = () =>
    api.event(id).then(
      ev => {
        setTitle(`${ev.name} — ${t('hall.title')}`);
        fill(title, ev.name);
        const w = eventWhere(ev.info ?? {});
        fill(where, w);
        where.hidden = !w;
        delayNote(delayed, ev.delay ?? 0);
        matches = ev.matches ?? [];
        arrange();
      },
      () => fill(title, t('common.no-event')),
    );
  readEvent();
  let wasOpen = true;

  const cards = new Map<string, Card>();
  const card = (g: GameState): Card => {
    let c = cards.get(g.view.id);
    if (c) return c;
    const v = g.view;
    const boardEl = h('div', { class: 'mini-board' });
    const info = h('div', { class: 'hall-info' });
    const marks = h('div', { class: 'marks', 'aria-live': 'polite' });
    // The names whole, one a line: a long name wraps rather than being
    // cut; each player's clock beside his name.
    const clocks = {
      white: h('span', { class: 'clock hall-clock clock-white', hidden: true }),
      black: h('span', { class: 'clock hall-clock clock-black', hidden: true }),
    };
    // The clock goes under the name when both do not fit on the line.
    const name = (side: Side) =>
      h('div', { class: `hall-side side-${side}` },
        h('div', { class: `hall-name name-${side}` }, h('span', { class: `dot dot-${side}`, 'aria-hidden': 'true' }), playerName(v, side)),
        clocks[side]);
    const el = h(
      'a',
      { class: 'hall-card', href: `/board/${v.id}`, 'data-game': v.id, 'data-round': v.round, 'data-board': v.board, 'aria-label': `${placeWords(v)}: ${v.white} – ${v.black}` },
      h('div', { class: 'hall-label' }, placeWords(v)),
      name('white'),
      name('black'),
      boardEl,
      info,
      marks,
    );
    c = { el, cg: viewBoard(boardEl, v.fen, { coordinates: false, animation: { enabled: false } }), info, marks, clocks };
    cards.set(v.id, c);
    return c;
  };

  const draw = (g: GameState) => {
    const c = card(g);
    const m = g.mirror;
    c.cg.set({ fen: boardFen(m.phys), lastMove: lastMove(m), check: checkOf(m.fens[m.ply]) });
    const over = !inPlay(g);
    const f = inForce(g);
    const flag = g.flag();
    const last = m.ply > 0 ? `${Math.ceil(m.ply / 2)}${m.ply % 2 ? '.' : '…'} ${san(m.sans[m.ply])}` : t('hall.no-move');
    fill(c.info, h('span', { class: 'last' }, last), ' ', over
      ? h('span', { class: 'res' + (flag ? ' flag' : '') }, resultWords(f.result, f.reason, flag))
      : h('span', { class: 'muted' }, t('hall.to-move', { Who: sideName(m.mover) })));
    drawClocks(g, c.clocks);
    c.el.classList.toggle('flagged', !!flag);
    c.el.dataset.flag = flag ?? '';
    const ms = markers(g);
    fill(c.marks, ms.map(x => h('span', { class: `mark mark-${x.kind}`, title: x.text }, x.text)));
    c.el.classList.toggle('attention', ms.length > 0);
    c.el.dataset.marks = ms.map(x => x.kind).join(' ');
    c.el.dataset.fen = boardFen(m.phys);
    c.el.dataset.result = over ? f.result : '*';
  };

  // The rounds, each under its heading, the boards in order; the
  // selector shows one round or all.
  const sections = new Map<number, { el: HTMLElement; grid: HTMLElement }>();
  /** A match's heading: the teams and the score of the games decided. */
  function matchHead(m: EventMatch): HTMLElement {
    const key = `${m.round}:${m.home}:${m.away}`;
    let el = matchHeads.get(key);
    if (!el) {
      el = h('div', { class: 'match-head', 'data-match': key });
      matchHeads.set(key, el);
    }
    let home = 0;
    let away = 0;
    for (const mg of m.games) {
      const g = games.get(mg.game);
      if (!g) continue;
      const r = inForce(g).result;
      const white = r === '1-0' ? 1 : r === '0-1' ? 0 : r === '1/2-1/2' ? 0.5 : -1;
      if (white < 0) continue;
      home += mg.home_white ? white : 1 - white;
      away += mg.home_white ? 1 - white : white;
    }
    const score = (x: number) => (x % 1 ? `${Math.floor(x) || ''}½` : String(x));
    fill(el, h('span', { class: 'match-team' }, m.home_name || t('hall.team', { N: m.home })), h('span', { class: 'match-score' }, `${score(home)}–${score(away)}`),
      h('span', { class: 'match-team' }, m.away_name || t('hall.team', { N: m.away })));
    return el;
  }

  function arrange() {
    const sorted = [...games.values()].sort((a, b) => a.view.round - b.view.round || a.view.board - b.view.board);
    const rs = [...new Set(sorted.map(g => g.view.round))];
    rounds.rounds(rs);
    for (const r of rs) {
      if (sections.has(r)) continue;
      const sg = h('div', { class: 'hall-grid' });
      sections.set(r, { el: h('section', { class: 'hall-round', 'data-round': r, 'aria-label': t('common.round', { N: r }) }, h('h2', null, t('common.round', { N: r })), sg), grid: sg });
    }
    const order = rs.map(r => sections.get(r)!.el);
    if (order.some((el, i) => grid.children[i] !== el)) grid.replaceChildren(...order);
    for (const r of rs) {
      const s = sections.get(r)!;
      s.el.hidden = !rounds.shows(r);
      const inRound = sorted.filter(g => g.view.round === r);
      let els: HTMLElement[] = [];
      const ms = matches.filter(m => m.round === r);
      if (ms.length) {
        // Each match: a heading with the teams and the score, then its boards.
        const placed = new Set<string>();
        for (const m of ms) {
          els.push(matchHead(m));
          for (const mg of m.games) {
            const el = cards.get(mg.game)?.el;
            if (el) {
              els.push(el);
              placed.add(mg.game);
            }
          }
        }
        els.push(...inRound.filter(g => !placed.has(g.view.id)).map(g => cards.get(g.view.id)?.el).filter((x): x is HTMLElement => !!x));
      } else {
        els = inRound.map(g => cards.get(g.view.id)?.el).filter((x): x is HTMLElement => !!x);
      }
      if (els.length !== s.grid.children.length || els.some((el, i) => s.grid.children[i] !== el)) s.grid.replaceChildren(...els);
    }
  }

  everyTick(() => {
    for (const g of games.values()) {
      const c = cards.get(g.view.id);
      if (c) drawClocks(g, c.clocks);
    }
  });

  followEvent(
    id,
    (gs, changed) => {
      games = gs;
      if (changed && games.get(changed)) draw(games.get(changed)!);
      else for (const g of games.values()) draw(g);
      arrange();
    },
    open => {
      live.textContent = open ? t('common.live') : t('common.offline');
      live.classList.toggle('on', open);
      if (open && !wasOpen) readEvent();
      wasOpen = open;
    },
  );
}
