// Pieces shared by the pages: the header, the rulings list, the move list,
// clocks and notices.

import { turnLabel } from './mirror';
import { pieceAt } from './board';
import { h, fill } from './dom';
import type { GameState } from './feed';
import type { Entry, GameView, Player, Ruling, Side } from './types';
import { catalogues, codes, lang, san as localSan, setLang, t } from './i18n';
import { article, clockActWords, delayWords, fmtClock, ruling as rulingWords, whoName } from './words';

export function header(active: string, ...extra: (Node | string)[]): HTMLElement {
  const link = (href: string, label: string, key: string) =>
    h('a', { href, class: active === key ? 'active' : '', 'aria-current': active === key ? 'page' : null }, label);
  return h(
    'header',
    { class: 'top' },
    h('a', { href: '/', class: 'brand', 'aria-label': `arbiter: ${t('nav.play')}` }, h('span', { class: 'brand-mark', 'aria-hidden': 'true' }, '♔'), 'arbiter'),
    h('nav', { 'aria-label': t('common.pages') }, link('/', t('nav.play'), 'play'), link('/events', t('nav.events'), 'events'), ...extra, langSelect()),
  );
}

/** The language selector: each language by its own name; the choice is remembered in this browser. */
export function langSelect(): HTMLElement {
  const sel = h('select', { id: 'lang-select', 'aria-label': t('lang.choose'), title: t('lang.choose') },
    codes.map(c => h('option', { value: c, selected: c === lang() }, String(catalogues[c]['lang.name']))));
  sel.addEventListener('change', () => setLang(sel.value));
  return sel;
}

/** The kinds of rulings an arbiter notes: the quiet log shows only these. */
const notable = new Set(['violation', 'illegal', 'claim', 'result', 'error', 'irregularity', 'act']);

/**
 * Whether the quiet log shows a ruling: one of the notable kinds, or the
 * clocks as an act on them left them (paused, resumed, set), or a move
 * that is an irregularity (an illegal move that stands, with its text).
 */
const isNotable = (r: Ruling, e?: Entry) =>
  notable.has(r.kind) || (r.kind === 'time' && !!clockActWords(e?.action, e)) || (r.kind === 'move' && !!r.article && !!r.text);

/** Whether the full log (obligations and moves too) is wanted; kept in this browser. */
const fullKey = 'arbiter.fullLog';
const wantsFull = () => localStorage.getItem(fullKey) === '1';

/**
 * The list of rulings, newest first, each with the move it came in and its
 * article in plain words. The quiet log has what an arbiter would note
 * (violations, illegal moves, claims, results and decisions,
 * irregularities, the clocks stopped, set going and set); the full log
 * adds the obligations of every touch, the moves, the clocks at each
 * press and what the hands did after the end. fens[i] is the legal
 * position at the start of the turn of rs[i], entries[i] the entry it
 * answered.
 */
export function rulingsList(el: HTMLElement, rs: Ruling[], fens: string[] = [], full = false, limit = 200, flag: Side | null = null, entries: Entry[] = []) {
  const shown = rs
    .map((r, i) => ({ r, fen: fens[i], e: entries[i] as Entry | undefined }))
    .filter(x => full || isNotable(x.r, x.e))
    .slice(-limit)
    .reverse();
  if (shown.length === 0) {
    fill(el, h('p', { class: 'muted' }, t('play.no-rulings')));
    return;
  }
  fill(
    el,
    h(
      'ol',
      { class: 'rulings', reversed: true },
      shown.map(({ r, fen, e }) =>
        h(
          'li',
          { class: `ruling kind-${r.kind}`, 'data-kind': r.kind, 'data-article': r.article ?? '', 'data-act': e?.action?.act ?? '' },
          fen ? h('span', { class: 'ruling-at' }, turnLabel(fen)) : null,
          h('span', { class: 'ruling-text' }, rulingWords(r, fen ? pieceAt(fen) : undefined, flag, e)),
          r.article ? h('span', { class: 'article' }, h('b', null, `FIDE ${r.article}`), ' ', article(r.article)) : null,
        ),
      ),
    ),
  );
}

/**
 * The card of the rulings: a heading, the switch between the quiet log and
 * the full one, and the list. draw(rs, fens, flag, entries) fills it
 * (flag: the side whose flag fell, if one did; entries: the entry each
 * ruling answered).
 */
export function rulingsCard(): { card: HTMLElement; draw: (rs: Ruling[], fens: string[], flag?: Side | null, entries?: Entry[]) => void } {
  const list = h('div', { id: 'rulings' });
  const box = h('input', { type: 'checkbox', id: 'full-log' });
  box.checked = wantsFull();
  let last: [Ruling[], string[], Side | null, Entry[]] = [[], [], null, []];
  const draw = (rs: Ruling[], fens: string[], flag: Side | null = null, entries: Entry[] = []) => {
    last = [rs, fens, flag, entries];
    rulingsList(list, rs, fens, box.checked, 200, flag, entries);
  };
  box.addEventListener('change', () => {
    localStorage.setItem(fullKey, box.checked ? '1' : '0');
    draw(...last);
  });
  const card = h(
    'div',
    { class: 'card rulings-card' },
    h('div', { class: 'card-head' }, h('h2', null, t('play.rulings')),
      h('label', { class: 'check small', title: t('common.full-log-title') }, box, t('play.full-log'))),
    list,
  );
  return { card, draw };
}

/**
 * The moves in SAN, numbered, the last one marked; texts[i], when given,
 * says what is irregular about move i (an illegal move that stands: it is
 * marked, with the text as its title). A move the page did not learn is
 * shown as "?". The pieces' letters are the reader's (Romanian Cf3).
 */
export function moveList(el: HTMLElement, sans: string[], startFen: string, texts: string[] = []) {
  const moves = sans.slice(1);
  if (moves.length === 0) {
    fill(el, h('p', { class: 'muted' }, t('common.no-moves')));
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
    const text = texts[i + 1];
    row.appendChild(h('span', { class: 'mv' + (i === moves.length - 1 ? ' last' : '') + (text ? ' irregular' : ''), title: text || null }, localSan(san) || '?'));
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
    el.setAttribute('aria-label', t('common.clock', { Who: whoName(s), Time: text }) + (running ? ', ' + t('common.running') : '') + (flag === s ? ', ' + t('common.flag-fell') : ''));
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
  // A notice read and dismissed stays gone, on this page, after a reload
  // too (an error of this browser's, at 0, is not kept).
  const store = `arbiter.read.${location.pathname}`;
  const read = (): string[] => {
    try {
      return JSON.parse(localStorage.getItem(store) ?? '[]') as string[];
    } catch {
      return [];
    }
  };
  if (!r || el.dataset.dismissed === key || (r.at > 0 && read().includes(key))) {
    el.hidden = true;
    return;
  }
  el.hidden = false;
  el.className = `notice kind-${r.kind}${r.kind === 'result' && flag ? ' flag' : ''}`;
  const close = h('button', { type: 'button', class: 'notice-close', 'aria-label': t('play.dismiss'), title: t('play.dismiss') }, '×');
  close.addEventListener('click', () => {
    el.dataset.dismissed = key;
    el.hidden = true;
    if (r.at > 0) localStorage.setItem(store, JSON.stringify([...read(), key].slice(-50)));
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
  const sel = h('select', { id: 'round', 'aria-label': t('common.round-label') });
  const el = h('label', { class: 'round-select', hidden: true }, t('common.show') + ' ', sel);
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
      fill(sel, h('option', { value: '' }, t('common.all-rounds')), rs.map(r => h('option', { value: String(r) }, t('common.round', { N: r }))));
      if (chosen && !rs.map(String).includes(chosen)) chosen = '';
      sel.value = chosen;
      el.hidden = rs.length < 2;
    },
    /** Whether a round is shown. */
    shows: (round: number) => !chosen || chosen === String(round),
  };
}

/** A game's place in its event, in words: "Round 2 · Board 1". */
export const placeWords = (v: { round: number; board: number }) => t('common.place', { Round: v.round, Board: v.board });

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
    p?.title ? h('span', { class: 'title-badge', title: t('common.title') }, p.title) : null,
    h('span', { class: 'player-name' }, p?.name || name),
    p?.rating ? h('span', { class: 'rating', title: t('common.rating') }, String(p.rating)) : null,
    p?.federation && opts.federation !== false ? h('span', { class: 'federation', title: t('common.federation') }, p.federation) : null);
}

/**
 * A line saying that a page shows the games under the event's broadcast
 * delay (hidden without one): "Broadcast delayed by 15 min".
 */
export function delayNote(el: HTMLElement, seconds: number) {
  const w = delayWords(seconds);
  el.hidden = !w;
  el.dataset.delay = String(Math.max(0, seconds));
  fill(el, w ? [h('strong', null, t('common.delayed', { Delay: w })), ': ' + t('common.delayed-more', { Delay: w })] : null);
}
