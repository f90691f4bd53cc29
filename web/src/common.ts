// Pieces shared by the pages: the header, the rulings list, the move list,
// clocks and notices.

import { clocks, type Mirror } from './mirror';
import { pieceAt } from './board';
import { serverSkew } from './api';
import { h, fill } from './dom';
import type { Ruling, Side } from './types';
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

/** The list of rulings, newest first, each with its article in plain words. */
export function rulingsList(el: HTMLElement, rs: Ruling[], fens: string[] = [], limit = 200) {
  const shown = rs
    .map((r, i) => ({ r, fen: fens[i] }))
    .filter(x => x.r.kind !== 'move')
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
          h('span', { class: 'ruling-at', title: 'log entry' }, `#${r.at}`),
          h('span', { class: 'ruling-text' }, rulingWords(r, fen ? pieceAt(fen) : undefined)),
          r.article ? h('span', { class: 'article' }, h('b', null, `FIDE ${r.article}`), ' ', article(r.article)) : null,
        ),
      ),
    ),
  );
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

/** Draws the clocks of a mirror into two elements (null when the game has no clock). */
export function drawClocks(m: Mirror, els: Record<Side, HTMLElement>) {
  const c = clocks(m, Date.now() + serverSkew);
  for (const s of ['white', 'black'] as Side[]) {
    const el = els[s];
    if (!c) {
      el.hidden = true;
      continue;
    }
    el.hidden = false;
    el.textContent = fmtClock(c[s]);
    el.classList.toggle('running', c.running === s);
    el.classList.toggle('flagged', c[s] <= 0);
    el.setAttribute('aria-label', `${whoName(s)}'s clock ${fmtClock(c[s])}${c.running === s ? ', running' : ''}`);
  }
}

/** A notice: the latest violation, illegal move, claim, result or error, in words. */
export function notice(el: HTMLElement, r: Ruling | null, pieceAt?: (sq: string) => string | undefined) {
  if (!r) {
    el.hidden = true;
    return;
  }
  el.hidden = false;
  el.className = `notice kind-${r.kind}`;
  fill(
    el,
    h('strong', null, rulingWords(r, pieceAt)),
    r.article ? h('span', { class: 'article' }, ` FIDE ${r.article}: ${article(r.article)}`) : null,
  );
}
