// Boards for other sites' pages (a club's or a federation's site frames
// them): /embed/game/{game}, one game; /embed/round/{event}/{round}, the
// boards of a round. Read-only and anonymous (the event's broadcast delay
// holds), without the pages' header and links: the board, the players,
// their clocks and the result. The server lets the sites of its
// --frame-ancestors list frame these pages, and no other page; a framing
// page hears a message {type: "arbiter-embed", boards, height} each time
// they are drawn.

import { viewBoard, type Api } from '../board';
import { drawClocks, everyTick, playerName } from '../common';
import { h, fill, setTitle } from '../dom';
import { followEvent, followGame, inForce, type GameState } from '../feed';
import { boardFen, lastMove } from '../mirror';
import type { Side } from '../types';
import { t } from '../i18n';

interface Tile {
  el: HTMLElement;
  cg: Api;
  clocks: Record<Side, HTMLElement>;
  result: HTMLElement;
}

/** A game's tile: the players with their clocks, the board, the result. */
function tile(g: GameState): Tile {
  const v = g.view;
  const boardEl = h('div', { class: 'mini-board' });
  const clocks = { white: h('span', { class: 'clock embed-clock' }), black: h('span', { class: 'clock embed-clock' }) };
  const result = h('div', { class: 'embed-result' });
  const side = (s: Side) => h('div', { class: `embed-side side-${s}` }, h('span', { class: `dot dot-${s}`, 'aria-hidden': 'true' }), playerName(v, s, { federation: false }), clocks[s]);
  const el = h('div', { class: 'embed-tile', 'data-game': v.id }, side('black'), boardEl, side('white'), result);
  const cg = viewBoard(boardEl, boardFen(g.mirror.phys), { coordinates: false });
  return { el, cg, clocks, result };
}

/** Draws a game's tile as the game stands. */
function draw(t: Tile, g: GameState) {
  const m = g.mirror;
  t.cg.set({ fen: boardFen(m.phys), lastMove: lastMove(m) });
  const r = inForce(g).result;
  fill(t.result, r === '*' ? '' : r.replace('1/2', '½'));
  t.el.dataset.moves = String(g.view.moves.length);
  t.el.dataset.result = r;
}

/** /embed/game/{game} or /embed/round/{event}/{round}. */
export function embed(app: HTMLElement, parts: string[]) {
  document.body.classList.add('embedded');
  const [kind, id, round] = parts;
  const grid = h('div', { class: 'embed-grid', id: 'embed' });
  app.append(grid);
  const tiles = new Map<string, Tile>();
  const games = new Map<string, GameState>();
  everyTick(() => {
    for (const [gid, t] of tiles) {
      const g = games.get(gid);
      if (g) drawClocks(g, t.clocks);
    }
  });
  const show = (g: GameState) => {
    games.set(g.view.id, g);
    let t = tiles.get(g.view.id);
    if (!t) {
      t = tile(g);
      tiles.set(g.view.id, t);
      const ordered = [...tiles.entries()].sort(([a], [b]) => (games.get(a)!.view.board - games.get(b)!.view.board));
      grid.replaceChildren(...ordered.map(([, x]) => x.el));
    }
    draw(t, g);
    // A site that frames the boards hears when they are drawn (to size its
    // frame, say): the number of boards and the document's height.
    if (window.parent !== window) {
      window.parent.postMessage({ type: 'arbiter-embed', boards: tiles.size, height: document.documentElement.scrollHeight }, '*');
    }
  };
  if (kind === 'game' && id) {
    setTitle(t('embed.game'));
    followGame(id, show);
    return;
  }
  if (kind === 'round' && id && round) {
    setTitle(t('common.round', { N: round }));
    const r = Number(round);
    followEvent(id, (gs, changed) => {
      for (const g of gs.values()) {
        if (g.view.round === r && (!changed || g.view.id === changed || !tiles.has(g.view.id))) show(g);
      }
    });
    return;
  }
  fill(grid, h('p', null, t('embed.not-found')));
}
