// Pieces shared by the pages: the header, the rulings list, the move list,
// clocks and notices.

import { turnLabel } from './mirror';
import { pieceAt } from './board';
import { h, fill } from './dom';
import type { GameState } from './feed';
import type { GameView, Player, Ruling, Side } from './types';
import { article, fmtClock, ruling as rulingWords, whoName } from './words';

export function header(active: string, ...extra: (Node | string)[]): HTMLElement {
  const link = (href: string, label: string, key: string) =>
    h('a', { href, class: active === key ? 'active' : '', 'aria-current': active === key ? 'page' : null }, label);
  return h(
    'header',
    { class: 'top' },
    h('a', { href: '/', class: 'brand', 'aria-label': 'arbiter: play' }, h('span', { class: 'brand-mark', 'aria-hidden': 'true' }, '♔'), 'arbiter'),
    h('nav', { 'aria-label': 'Pages' }, link('/', 'Play', 'play'), link('/events', 'Events', 'events'), ...extra),
  );
}

/** The kinds of rulings an arbiter notes: the quiet log shows only these. */
const notable = new Set(['violation', 'illegal', 'claim', 'result', 'error']);

/** Whether the full log (obligations and moves too) is wanted; kept in this browser. */
const fullKey = 'arbiter.fullLog';
const wantsFull = () => localStorage.getItem(fullKey) === '1';

/**
 * The list of rulings, newest first, each with the move it came in and its
 * article in plain words. The quiet log has what an arbiter would note
 * (violations, illegal moves, claims, results and decisions); the full log
 * adds the obligations of every touch and the moves. fens[i] is the legal
 * position at the start of the turn of rs[i].
 */
export function rulingsList(el: HTMLElement, rs: Ruling[], fens: string[] = [], full = false, limit = 200, flag: Side | null = null) {
  const shown = rs
    .map((r, i) => ({ r, fen: fens[i] }))
    .filter(x => full || notable.has(x.r.kind))
    .slice(-limit)
    .reverse();
  if (shown.length === 0) {
    fill(el, h('p', { class: 'muted' }, 'No rulings yet: violations, illegal moves, claims and results will appear here.'));
    return;
  }
  fill(
    el,
    h(
      'ol',
      { class: 'rulings', reversed: true },
      shown.map(({ r, fen }) =>
        h(
          'li',
          { class: `ruling kind-${r.kind}`, 'data-kind': r.kind, 'data-article': r.article ?? '' },
          fen ? h('span', { class: 'ruling-at' }, turnLabel(fen)) : null,
          h('span', { class: 'ruling-text' }, rulingWords(r, fen ? pieceAt(fen) : undefined, flag)),
          r.article ? h('span', { class: 'article' }, h('b', null, `FIDE ${r.article}`), ' ', article(r.article)) : null,
        ),
      ),
    ),
  );
}

/**
 * The card of the rulings: a heading, the switch between the quiet log and
 * the full one, and the list. draw(rs, fens, flag) fills it (flag: the
 * side whose flag fell, if one did).
 */
export function rulingsCard(): { card: HTMLElement; draw: (rs: Ruling[], fens: string[], flag?: Side | null) => void } {
  const list = h('div', { id: 'rulings' });
  const box = h('input', { type: 'checkbox', id: 'full-log' });
  box.checked = wantsFull();
  let last: [Ruling[], string[], Side | null] = [[], [], null];
  const draw = (rs: Ruling[], fens: string[], flag: Side | null = null) => {
    last = [rs, fens, flag];
    rulingsList(list, rs, fens, box.checked, 200, flag);
  };
  box.addEventListener('change', () => {
    localStorage.setItem(fullKey, box.checked ? '1' : '0');
    draw(...last);
  });
  const card = h(
    'div',
    { class: 'card rulings-card' },
    h('div', { class: 'card-head' }, h('h2', null, 'Rulings'),
      h('label', { class: 'check small', title: 'Also list the obligation of every touch and every move' }, box, 'Full log')),
    list,
  );
  return { card, draw };
}

/** The moves in SAN, numbered, the last one marked. */
export function moveList(el: HTMLElement, sans: string[], startFen: string) {
  const moves = sans.slice(1);
  if (moves.length === 0) {
    fill(el, h('p', { class: 'muted' }, 'No moves yet.'));
    return;
  }
  const parts = startFen.split(' ');
  let number = parseInt(parts[5] ?? '1', 10) || 1;
  let black = parts[1] === 'b';
  const items: HTMLElement[] = [];
  let row: HTMLElement | null = null;
  moves.forEach((san, i) => {
    if (!black || !row) {
      row = h('li', null, h('span', { class: 'mv-no' }, `${number}.`));
      if (black) row.appendChild(h('span', { class: 'mv' }, '…'));
      items.push(row);
    }
    row.appendChild(h('span', { class: 'mv' + (i === moves.length - 1 ? ' last' : '') }, san));
    if (black) number++;
    black = !black;
  });
  fill(el, h('ol', { class: 'moves' }, items));
  el.scrollTop = el.scrollHeight;
}

/**
 * Draws a game's clocks, as the server keeps them, into two elements
 * (hidden for a game without a clock): the running one marked, the one
 * whose flag fell in red. data-ms holds the milliseconds shown.
 */
export function drawClocks(g: GameState, els: Record<Side, HTMLElement>) {
  const c = g.clocks();
  const flag = g.flag();
  for (const s of ['white', 'black'] as Side[]) {
    const el = els[s];
    if (!c) {
      el.hidden = true;
      continue;
    }
    el.hidden = false;
    const text = fmtClock(c[s]);
    const running = c.runs === s;
    el.dataset.ms = String(Math.round(c[s]));
    if (el.textContent === text && el.classList.contains('running') === running && el.classList.contains('flagged') === (flag === s)) continue;
    el.textContent = text;
    el.classList.toggle('running', running);
    el.classList.toggle('flagged', flag === s);
    el.classList.toggle('low', c[s] < 10000);
    el.setAttribute('aria-label', `${whoName(s)}'s clock ${text}${running ? ', running' : ''}${flag === s ? ', flag fell' : ''}`);
  }
}

/** Runs fn ten times a second (the clocks' tenths under ten seconds). */
export const everyTick = (fn: () => void) => window.setInterval(fn, 100);

/**
 * A notice: the latest violation, illegal move, claim, result or error, in
 * words. It can be put away (the × button) until another ruling comes.
 */
export function notice(el: HTMLElement, r: Ruling | null, pieceAt?: (sq: string) => string | undefined, flag: Side | null = null) {
  const key = r ? `${r.at}:${r.kind}:${r.article ?? ''}:${r.error ?? ''}` : '';
  if (!r || el.dataset.dismissed === key) {
    el.hidden = true;
    return;
  }
  el.hidden = false;
  el.className = `notice kind-${r.kind}${r.kind === 'result' && flag ? ' flag' : ''}`;
  const close = h('button', { type: 'button', class: 'notice-close', 'aria-label': 'Dismiss the notice', title: 'Dismiss' }, '×');
  close.addEventListener('click', () => {
    el.dataset.dismissed = key;
    el.hidden = true;
  });
  fill(
    el,
    close,
    h('strong', null, rulingWords(r, pieceAt, flag)),
    r.article ? h('span', { class: 'article' }, ` FIDE ${r.article}: ${article(r.article)}`) : null,
  );
}

/**
 * A selector of an event's rounds for the hall and the desk: "All rounds"
 * or one of them, taken from and kept in the address (?round=2). Hidden
 * while the event has a single round.
 */
export function roundSelect(onChange: () => void) {
  const sel = h('select', { id: 'round', 'aria-label': 'Round' });
  const el = h('label', { class: 'round-select', hidden: true }, 'Show ', sel);
  let chosen = new URLSearchParams(location.search).get('round') ?? '';
  let known = '';
  sel.addEventListener('change', () => {
    chosen = sel.value;
    const q = new URLSearchParams(location.search);
    if (chosen) q.set('round', chosen);
    else q.delete('round');
    const qs = q.toString();
    history.replaceState(null, '', location.pathname + (qs ? '?' + qs : '') + location.hash);
    onChange();
  });
  return {
    el,
    /** Takes the rounds the event has now. */
    rounds(rs: number[]) {
      const key = rs.join(',');
      if (key === known) return;
      known = key;
      fill(sel, h('option', { value: '' }, 'All rounds'), rs.map(r => h('option', { value: String(r) }, `Round ${r}`)));
      if (chosen && !rs.map(String).includes(chosen)) chosen = '';
      sel.value = chosen;
      el.hidden = rs.length < 2;
    },
    /** Whether a round is shown. */
    shows: (round: number) => !chosen || chosen === String(round),
  };
}

/** A game's place in its event, in words: "Round 2 · Board 1". */
export const placeWords = (v: { round: number; board: number }) => `Round ${v.round} · Board ${v.board}`;

/**
 * A player's name as the pages show it: the title as a badge before the
 * whole name (a long name wraps, it is never cut), the rating and the
 * federation after it, where the event's player list has them (the
 * federation only where there is room: not on the play page's lines nor
 * at the desk, opts.federation false).
 */
export function playerName(v: GameView, side: Side, opts: { federation?: boolean } = {}): HTMLElement {
  const p: Player | undefined = side === 'white' ? v.white_player : v.black_player;
  const name = side === 'white' ? v.white : v.black;
  return h('span', { class: 'person' },
    p?.title ? h('span', { class: 'title-badge', title: 'title' }, p.title) : null,
    h('span', { class: 'player-name' }, p?.name || name),
    p?.rating ? h('span', { class: 'rating', title: 'rating' }, String(p.rating)) : null,
    p?.federation && opts.federation !== false ? h('span', { class: 'federation', title: 'federation' }, p.federation) : null);
}
