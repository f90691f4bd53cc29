// Boards: chessground for drawing, chessops for the legal moves that an
// obligation allows (the server says what is owed; this draws it).

import { Chessground } from 'chessground';
import type { Api } from 'chessground/api';
import type { Config } from 'chessground/config';
import type { DrawShape } from 'chessground/draw';
import type { Key } from 'chessground/types';
import { Chess } from 'chessops/chess';
import { chessgroundDests } from 'chessops/compat';
import { parseFen } from 'chessops/fen';
import { parseSan } from 'chessops/san';
import { makeSquare, parseSquare } from 'chessops/util';
import type { Ruling } from './types';

export type { Api, Key };

/** A board that only shows (the hall, the board page, the desk). */
export function viewBoard(el: HTMLElement, fen: string, extra: Config = {}): Api {
  return Chessground(el, {
    fen,
    viewOnly: true,
    coordinates: extra.coordinates ?? true,
    animation: { enabled: true, duration: 150 },
    drawable: { enabled: false, visible: true },
    ...extra,
  });
}

/**
 * Keeps a board's input exact when the page's layout moves it. Chessground
 * keeps the board's bounds from when it last measured them, and measures
 * again only when the board itself changes size, the page scrolls or the
 * window is resized; a panel opening above the board, or a notice
 * appearing, moves the board without any of these, and a hand would then
 * be read on the wrong squares. So the bounds are forgotten (and measured
 * again when next needed) at every press on the board, before chessground
 * reads them, and whenever the page's size or the screen's orientation
 * changes.
 */
export function trackBounds(cg: Api, el: HTMLElement) {
  const forget = () => cg.state.dom.bounds.clear();
  for (const ev of ['pointerdown', 'mousedown', 'touchstart']) el.addEventListener(ev, forget, { capture: true, passive: true });
  if ('ResizeObserver' in window) new ResizeObserver(forget).observe(document.body);
  window.addEventListener('scroll', forget, { capture: true, passive: true });
  window.addEventListener('resize', forget, { passive: true });
  window.addEventListener('orientationchange', forget, { passive: true });
  document.addEventListener('toggle', forget, { capture: true }); // a <details> opened or closed
}

/** The side whose king is in check in a legal position, or false (for chessground's check option). */
export function checkOf(fen: string): 'white' | 'black' | false {
  const pos = position(fen);
  return pos && pos.isCheck() ? pos.turn : false;
}

/**
 * The four hand actions of a castling typed as the king's two-square move
 * (e1g1, e1c1, e8g8, e8c8) where castling is legal in the position fen:
 * the king lifted and put down, then the rook (FIDE 4.7.2: king first).
 * Null when the typed move is no such castling.
 */
export function castlingHands(fen: string, from: string, to: string, by: 'white' | 'black'): { lift: string; drop: string }[] | null {
  const rank = by === 'white' ? '1' : '8';
  if (from !== 'e' + rank || (to !== 'g' + rank && to !== 'c' + rank)) return null;
  const pos = position(fen);
  if (!pos || pos.turn !== by) return null;
  const king = pos.board.get(parseSquare(from)!);
  if (king?.role !== 'king' || king.color !== by) return null;
  const kingside = to[0] === 'g';
  const corner = (kingside ? 'h' : 'a') + rank;
  // chessops writes castling as the king taking its own rook.
  if (!pos.isLegal({ from: parseSquare(from)!, to: parseSquare(corner)! })) return null;
  return [
    { lift: from, drop: to },
    { lift: corner, drop: (kingside ? 'f' : 'd') + rank },
  ];
}

/** The legal position of a FEN (X-FEN and Shredder-FEN too), or null. */
export function position(fen: string): Chess | null {
  const setup = parseFen(fen);
  if (setup.isErr) return null;
  const pos = Chess.fromSetup(setup.value);
  if (pos.isErr) return null;
  return pos.value;
}

/** What an obligation looks like on the board: circles, arrows, squares. */
export interface DutyDrawing {
  shapes: DrawShape[];
  dests: Key[];
}

/**
 * Draws a must ruling on the position where the turn began: the touched
 * piece circled and the squares it may go to marked (for a capture, arrows
 * from the pieces that may take).
 */
export function drawDuty(d: Ruling | null | undefined, fen: string, chess960 = false): DutyDrawing {
  const out: DutyDrawing = { shapes: [], dests: [] };
  if (!d) return out;
  const pos = position(fen);
  if (!pos) return out;
  const all = new Map<string, string[]>();
  for (const [from, ds] of chessgroundDests(pos, { chess960 })) {
    // Castling appears as the king taking its own rook too: keep the
    // king's two-square step only.
    all.set(from, ds.filter(k => pos.board.get(parseSquare(k)!)?.color !== pos.turn));
  }
  const sq = d.sq as Key | undefined;
  switch (d.rule) {
    case 'move': {
      if (d.san) {
        const mv = parseSan(pos, d.san);
        if (mv && 'from' in mv) {
          const from = makeSquare(mv.from) as Key;
          const to = makeSquare(mv.to) as Key;
          out.shapes.push({ orig: from, brush: 'green' }, { orig: from, dest: to, brush: 'green' });
          out.dests.push(to);
        }
        break;
      }
      if (!sq) break;
      out.shapes.push({ orig: sq, brush: 'green' });
      out.dests.push(...((all.get(sq) ?? []) as Key[]));
      break;
    }
    case 'capture': {
      if (!sq) break;
      out.shapes.push({ orig: sq, brush: 'red' });
      for (const [from, ds] of all) {
        if (d.with && from !== d.with) continue;
        if (ds.includes(sq)) out.shapes.push({ orig: from as Key, dest: sq, brush: 'red' });
      }
      if (d.with) out.shapes.push({ orig: d.with as Key, brush: 'green' });
      out.dests.push(sq);
      break;
    }
    case 'castle':
    case 'king': {
      const king = pos.board.kingOf(pos.turn);
      if (king === undefined) break;
      const k = makeSquare(king) as Key;
      out.shapes.push({ orig: k, brush: 'green' });
      let dests = (all.get(k) ?? []) as Key[];
      if (d.rule === 'castle') {
        const rank = k[1];
        const to = (d.side === 'queen' ? 'c' : 'g') + rank;
        dests = dests.filter(x => x === to);
        for (const x of dests) out.shapes.push({ orig: k, dest: x as Key, brush: 'green' });
        if (!chess960 && d.side !== 'vertical') {
          // The rook's part: from its corner to the square the king crosses.
          const rook = ((d.side === 'queen' ? 'a' : 'h') + rank) as Key;
          const over = ((d.side === 'queen' ? 'd' : 'f') + rank) as Key;
          out.shapes.push({ orig: rook, dest: over, brush: 'green' });
        }
      }
      out.dests.push(...dests);
      break;
    }
  }
  return out;
}

/** Squares classes for chessground's custom highlight. */
export function highlight(dests: Key[], extra: [Key, string][] = []): Map<Key, string> {
  const m = new Map<Key, string>();
  for (const d of dests) m.set(d, 'duty-dest');
  for (const [k, c] of extra) m.set(k, (m.get(k) ? m.get(k) + ' ' : '') + c);
  return m;
}

/** The piece letter on a square of a FEN (upper case white), for wording. */
export function pieceAt(fen: string): (sq: string) => string | undefined {
  const pos = position(fen);
  return sq => {
    const s = parseSquare(sq);
    if (!pos || s === undefined) return undefined;
    const p = pos.board.get(s);
    if (!p) return undefined;
    const l = { pawn: 'p', knight: 'n', bishop: 'b', rook: 'r', queen: 'q', king: 'k' }[p.role];
    return p.color === 'white' ? l.toUpperCase() : l;
  };
}
