// The hall: every board of an event, live, each small with its last move,
// a marker on a board with a pending violation, claim or illegal move,
// and the results as they come.

import { api, eventPgnURL } from '../api';
import { viewBoard, type Api } from '../board';
import { header } from '../common';
import { h, fill, setTitle } from '../dom';
import { followEvent, type GameState } from '../feed';
import { boardFen, lastMove } from '../mirror';
import { resultWords, sideName } from '../words';

interface Card {
  el: HTMLElement;
  cg: Api;
  info: HTMLElement;
  marks: HTMLElement;
}

/** The markers of a game: what needs the arbiter's eye. */
export function markers(g: GameState): { kind: string; text: string }[] {
  const m = g.mirror;
  const out: { kind: string; text: string }[] = [];
  if (m.pending) out.push({ kind: 'violation', text: `touch-move violation by ${sideName(m.pending.violator)}, claimable` });
  if (m.illegal) out.push({ kind: 'illegal', text: `illegal move by ${sideName(m.illegal.by ?? 'white')}` });
  if (m.claim) out.push({ kind: 'claim', text: `${sideName(m.claim.by ?? 'white')} claimed ${m.claim.what}: ${m.claim.granted ? 'granted' : 'refused'}` });
  return out;
}

export function hall(app: HTMLElement, id: string) {
  const title = h('h1', { id: 'title' }, 'Hall');
  const grid = h('div', { class: 'hall-grid', id: 'hall' });
  const live = h('span', { class: 'live', id: 'live' }, 'offline');
  app.append(
    header('', live),
    h(
      'main',
      { class: 'hall' },
      h('div', { class: 'hall-head' }, title,
        h('p', { class: 'links' }, h('a', { href: `/desk/${id}` }, 'Arbiter’s desk'), ' · ', h('a', { href: eventPgnURL(id), download: `event-${id}.pgn` }, 'PGN of every game'))),
      grid,
    ),
  );
  api.event(id).then(
    ev => {
      setTitle(`${ev.name} — hall`);
      fill(title, ev.name);
    },
    () => fill(title, 'No such event'),
  );

  const cards = new Map<string, Card>();
  const card = (g: GameState): Card => {
    let c = cards.get(g.view.id);
    if (c) return c;
    const boardEl = h('div', { class: 'mini-board' });
    const info = h('div', { class: 'hall-info' });
    const marks = h('div', { class: 'marks', 'aria-live': 'polite' });
    const el = h('a', { class: 'hall-card', href: `/board/${g.view.id}`, 'data-game': g.view.id }, h('div', { class: 'hall-title' },
      h('span', { class: 'bd' }, `${g.view.board}`), ` ${g.view.white} – ${g.view.black}`), boardEl, info, marks);
    grid.appendChild(el);
    c = { el, cg: viewBoard(boardEl, g.view.fen, { coordinates: false, animation: { enabled: false } }), info, marks };
    cards.set(g.view.id, c);
    return c;
  };

  const draw = (g: GameState) => {
    const c = card(g);
    const m = g.mirror;
    c.cg.set({ fen: boardFen(m.phys), lastMove: lastMove(m) });
    const over = m.result !== '*' || g.view.result !== '*';
    const last = m.ply > 0 ? `${Math.ceil(m.ply / 2)}${m.ply % 2 ? '.' : '…'} ${m.sans[m.ply]}` : 'no move yet';
    fill(c.info, h('span', { class: 'last' }, last), ' ', over
      ? h('span', { class: 'res' }, resultWords(m.result !== '*' ? m.result : g.view.result, m.result !== '*' ? m.reason : g.view.reason))
      : h('span', { class: 'muted' }, `${sideName(m.mover)} to move`));
    const ms = markers(g);
    fill(c.marks, ms.map(x => h('span', { class: `mark mark-${x.kind}`, title: x.text }, x.text)));
    c.el.classList.toggle('attention', ms.length > 0);
    c.el.dataset.marks = ms.map(x => x.kind).join(' ');
    c.el.dataset.fen = boardFen(m.phys);
    c.el.dataset.result = over ? (m.result !== '*' ? m.result : g.view.result) : '*';
  };

  followEvent(
    id,
    (games, changed) => {
      if (changed && games.get(changed)) draw(games.get(changed)!);
      else for (const g of games.values()) draw(g);
      // Keep board order.
      const sorted = [...games.values()].sort((a, b) => a.view.round - b.view.round || a.view.board - b.view.board);
      sorted.forEach((g, i) => {
        const c = cards.get(g.view.id);
        if (c && grid.children[i] !== c.el) grid.insertBefore(c.el, grid.children[i] ?? null);
      });
    },
    open => {
      live.textContent = open ? 'live' : 'offline';
      live.classList.toggle('on', open);
    },
  );
}
