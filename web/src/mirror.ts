// A mirror of one game, rebuilt from its log: what stands on the physical
// board (the server keeps it but does not show it), whose hand is on the
// board (the turn passes at the clock, not at the move), the positions by
// ply, what is pending (a claimable violation, a fresh illegal move or
// claim) and the data of the clocks. The server's rulings are the only
// source of chess knowledge here: moves, reinstated positions and
// take-backs come from them; this file only replays hands.

import type { Key } from 'chessground/types';
import type { Action, Entry, Ruling, Side, Start } from './types';

export type Role = 'pawn' | 'knight' | 'bishop' | 'rook' | 'queen' | 'king';
export interface Piece {
  role: Role;
  color: Side;
}
export type Placement = Map<string, Piece>;

const roles: Record<string, Role> = { p: 'pawn', n: 'knight', b: 'bishop', r: 'rook', q: 'queen', k: 'king' };
const letters: Record<Role, string> = { pawn: 'p', knight: 'n', bishop: 'b', rook: 'r', queen: 'q', king: 'k' };

/** The placement of a FEN's first field. */
export function placement(fen: string): Placement {
  const out: Placement = new Map();
  const rows = fen.split(' ')[0].split('/');
  rows.forEach((row, i) => {
    const rank = 8 - i;
    let file = 0;
    for (const ch of row) {
      if (ch >= '1' && ch <= '8') {
        file += ch.charCodeAt(0) - 48;
        continue;
      }
      const role = roles[ch.toLowerCase()];
      if (role && file < 8) out.set(String.fromCharCode(97 + file) + rank, { role, color: ch === ch.toLowerCase() ? 'black' : 'white' });
      file++;
    }
  });
  return out;
}

/** The first field of a FEN for a placement. */
export function boardFen(p: Placement): string {
  const rows: string[] = [];
  for (let rank = 8; rank >= 1; rank--) {
    let row = '';
    let empty = 0;
    for (let f = 0; f < 8; f++) {
      const pc = p.get(String.fromCharCode(97 + f) + rank);
      if (!pc) {
        empty++;
        continue;
      }
      if (empty) row += empty;
      empty = 0;
      const l = letters[pc.role];
      row += pc.color === 'white' ? l.toUpperCase() : l;
    }
    if (empty) row += empty;
    rows.push(row);
  }
  return rows.join('/');
}

export const turnOf = (fen: string): Side => (fen.split(' ')[1] === 'b' ? 'black' : 'white');
export const other = (s: Side): Side => (s === 'white' ? 'black' : 'white');

/**
 * A claimable Article 4 violation: the one the server's game view calls
 * `claimable`. It stands until the opponent deliberately touches a piece
 * (FIDE 4.8), the violating move is taken back (a granted claim, an
 * illegal-move reinstatement), or a newer violating move replaces it; a
 * result does not end it (an arbiter's decision may be withdrawn).
 */
export interface Pending {
  ruling: Ruling;
  entry: number;
  violator: Side;
  claimant: Side;
  plyBefore: number;
  fenBefore: string;
  fenAfter: string;
  uci?: string;
}

/** One press of the clock, or a change of whose clock runs, in server time. */
export interface ClockEvent {
  time: number;
  /** The side whose clock runs from this moment ("" stops both). */
  runs: Side | '';
  /** Seconds added to a side now (increment or bonus). */
  add?: { side: Side; seconds: number };
}

export interface Mirror {
  start: Start;
  startFen: string;
  /** fens[ply] is the legal position after ply plies (fens[0] the start). */
  fens: string[];
  sans: string[];
  ucis: string[];
  ply: number;
  /** What stands on the physical board. */
  phys: Placement;
  /** Pieces held in a hand and not standing on a square. */
  held: { hand: string; piece: Piece; on: string | null }[];
  /** The player whose clock runs: the one whose hand acts on the board. */
  mover: Side;
  /** A move was made this turn and the clock not yet pressed. */
  made: boolean;
  pending: Pending | null;
  /** The illegal move ruled in this turn or the one before (for markers). */
  illegal: Ruling | null;
  illegalAge: number;
  /** The last claim ruling, while its turn lasts. */
  claim: Ruling | null;
  result: string;
  reason: string;
  resultRuling: Ruling | null;
  /**
   * Every ruling, in order, and the legal position at the start of the
   * turn each was given in (for its wording and its move number).
   */
  rulings: Ruling[];
  rulingFens: string[];
  entries: number;
  clock: ClockEvent[];
  lastTime: number;
  /** The last entry's touches of the mover since the turn began (for display). */
  touched: string[];
  /** Every claim ruling with the positions of the game when it was made. */
  claims: { ruling: Ruling; entry: number; fens: string[]; sans: string[] }[];
  /** Any draw offer standing, by whom. */
  offer: Side | null;
  /** The arbiter's decision in force, if any. */
  decision: { result: string; reason: string } | null;
  /** The engine's own result ("*" while the game goes on), whatever the arbiter decided. */
  engineResult: { result: string; reason: string };
}

export function newMirror(startFen: string, start: Start): Mirror {
  return {
    start,
    startFen,
    fens: [startFen],
    sans: [''],
    ucis: [''],
    ply: 0,
    phys: placement(startFen),
    held: [],
    mover: turnOf(startFen),
    made: false,
    pending: null,
    illegal: null,
    illegalAge: 0,
    claim: null,
    result: '*',
    reason: '',
    resultRuling: null,
    rulings: [],
    rulingFens: [],
    entries: 0,
    clock: [],
    lastTime: 0,
    touched: [],
    claims: [],
    offer: null,
    decision: null,
    engineResult: { result: '*', reason: '' },
  };
}

/** Replays a whole log. */
export function replay(startFen: string, start: Start, entries: Entry[]): Mirror {
  const m = newMirror(startFen, start);
  for (const e of entries) apply(m, e);
  return m;
}

const resetTo = (m: Mirror, fen: string) => {
  m.phys = placement(fen);
  m.held = [];
};

/** Applies a physical action to the mirror's board (the engine accepted it). */
function hands(m: Mirror, a: Action) {
  const hand = a.hand ?? 'right';
  const inHand = () => m.held.find(h => h.hand === hand);
  switch (a.act) {
    case 'lift': {
      const pc = m.phys.get(a.sq!);
      if (!pc) return;
      m.phys.delete(a.sq!);
      m.held = m.held.filter(h => h.hand !== hand);
      m.held.push({ hand, piece: pc, on: null });
      return;
    }
    case 'place':
    case 'drop': {
      const h = inHand();
      if (!h) return;
      if (h.on) m.phys.delete(h.on);
      m.phys.set(a.sq!, h.piece);
      h.on = a.sq!;
      if (a.act === 'drop') m.held = m.held.filter(x => x !== h);
      return;
    }
    case 'release':
      m.held = m.held.filter(h => h.hand !== hand);
      return;
    case 'remove':
      m.phys.delete(a.sq!);
      return;
    case 'put': {
      const role = roles[(a.piece ?? 'q').toLowerCase()] ?? 'queen';
      const pc: Piece = { role, color: a.by };
      const h = inHand();
      if (h?.on) m.phys.delete(h.on);
      m.held = m.held.filter(x => x.hand !== hand);
      m.phys.set(a.sq!, pc);
      m.held.push({ hand, piece: pc, on: a.sq! });
      return;
    }
  }
}

/** Applies one log entry. */
export function apply(m: Mirror, e: Entry) {
  if (e.n !== m.entries + 1) return;
  m.entries = e.n;
  const t = Date.parse(e.time);
  if (!isNaN(t)) m.lastTime = t;
  if (m.clock.length === 0 && !isNaN(t) && m.result === '*') m.clock.push({ time: t, runs: m.mover });
  const a = e.kind === 'action' ? e.action : undefined;
  if (a) {
    // A deliberate touch, as the engine counts one: a touch by either
    // player (the opponent's is a 4.2.1 violation), or the player having
    // the move touching, lifting or removing a piece before his move is
    // made. It ends the right to claim the opponent's violation (4.8) and
    // declines the opponent's draw offer (9.1.2.3).
    const deliberate = a.by === m.mover ? !m.made && (a.act === 'touch' || a.act === 'lift' || a.act === 'remove') : a.act === 'touch';
    if (deliberate && m.pending && m.pending.violator !== a.by) m.pending = null;
    if (deliberate && a.by === m.mover && m.offer && m.offer !== a.by) m.offer = null;
    if (['touch', 'lift', 'remove', 'put', 'adjust'].includes(a.act)) {
      if (a.by === m.mover && a.sq) m.touched.push(a.sq);
    }
    if (a.act === 'offer-draw') m.offer = a.by;
    if (a.act === 'decline-draw') m.offer = null;
    hands(m, a);
  }
  let reinstated = false;
  let moved = false;
  for (const r of e.rulings) {
    m.rulings.push(r);
    m.rulingFens.push(m.made ? (m.fens[m.ply - 1] ?? m.fens[m.ply]) : m.fens[m.ply]);
    switch (r.kind) {
      case 'move':
        if (r.ply && r.fen) {
          m.ply = r.ply;
          m.fens[r.ply] = r.fen;
          m.sans[r.ply] = r.san ?? '';
          m.ucis[r.ply] = r.uci ?? '';
          m.fens.length = m.sans.length = m.ucis.length = r.ply + 1;
          resetTo(m, r.fen);
          m.made = true;
          moved = true;
        }
        break;
      case 'violation':
        // Only a violation found in the move just made can be claimed
        // (not a 4.2.1 touch or adjustment out of turn).
        if (moved && r.by) {
          m.pending = {
            ruling: r,
            entry: e.n,
            violator: r.by,
            claimant: other(r.by),
            plyBefore: m.ply - 1,
            fenBefore: m.fens[m.ply - 1] ?? m.startFen,
            fenAfter: m.fens[m.ply],
            uci: m.ucis[m.ply],
          };
        }
        break;
      case 'illegal':
        m.illegal = r;
        m.illegalAge = 0;
        if (r.article === '7.5.1' || r.article === '7.5.3') {
          reinstated = true;
          if (m.made) m.ply = Math.max(0, m.ply - 1);
          m.fens.length = m.sans.length = m.ucis.length = m.ply + 1;
          if (r.fen) m.fens[m.ply] = r.fen;
          if (m.pending?.violator === r.by && m.made) m.pending = null;
          m.made = false;
          m.touched = [];
        }
        if (r.fen) resetTo(m, r.fen);
        if (r.bonus) m.clock.push({ time: t, runs: '', add: { side: r.bonus.to, seconds: r.bonus.seconds } });
        break;
      case 'claim':
        m.claim = r;
        m.claims.push({ ruling: r, entry: e.n, fens: m.fens.slice(0, m.ply + 1), sans: m.sans.slice(0, m.ply + 1) });
        if (r.bonus) m.clock.push({ time: t, runs: '', add: { side: r.bonus.to, seconds: r.bonus.seconds } });
        if (r.what === 'touch-move' && r.granted) {
          // Granted, the violating move is taken back; refused (a claim
          // with no violation of the opponent's to claim), nothing changes.
          const p = m.pending;
          m.pending = null;
          if (p) {
            m.ply = p.plyBefore;
            m.fens.length = m.sans.length = m.ucis.length = m.ply + 1;
            resetTo(m, m.fens[m.ply]);
            m.made = false;
            m.mover = p.violator;
            m.touched = [];
            m.clock.push({ time: t, runs: m.mover });
          }
        }
        break;
      case 'result': {
        // The engine's result, or the arbiter's decision; a withdrawn
        // decision ("*") puts the engine's result in force again.
        const was = m.result;
        m.resultRuling = r;
        if (e.kind !== 'decision') m.engineResult = { result: r.result ?? '*', reason: r.reason ?? '' };
        const now = e.kind === 'decision' && r.result === '*' ? m.engineResult : { result: r.result ?? '*', reason: r.reason ?? '' };
        m.result = now.result;
        m.reason = now.reason;
        if (m.result !== '*') m.clock.push({ time: t, runs: '' });
        else if (was !== '*') m.clock.push({ time: t, runs: m.mover });
        break;
      }
    }
  }
  if (e.kind === 'decision' && e.decision) {
    m.decision = e.decision.result === '*' ? null : { result: e.decision.result, reason: e.decision.reason ?? '' };
  }
  // The turn passes at the clock, unless the press completed an illegal
  // move that reinstated the position (7.5.1, 7.5.3).
  if (a?.act === 'clock' && !reinstated && m.result === '*') {
    const inc = m.start.clock?.increment ?? 0;
    if (inc) m.clock.push({ time: t, runs: '', add: { side: m.mover, seconds: inc } });
    m.mover = other(m.mover);
    m.made = false;
    m.touched = [];
    resetTo(m, m.fens[m.ply]);
    m.clock.push({ time: t, runs: m.mover });
    if (m.claim && m.claim.at < e.n) m.claim = null;
    if (m.illegal && m.illegal.at < e.n && ++m.illegalAge >= 2) m.illegal = null;
  } else if (a?.act === 'clock' && reinstated) {
    m.clock.push({ time: t, runs: m.mover });
  }
}

/** Remaining seconds of each side at server time now (ms), and whose clock runs. */
export function clocks(m: Mirror, now: number): { white: number; black: number; running: Side | '' } | null {
  const c = m.start.clock;
  if (!c) return null;
  const left = { white: c.white, black: c.black };
  let runs: Side | '' = '';
  let since = 0;
  for (const ev of m.clock) {
    if (runs) left[runs] -= (ev.time - since) / 1000;
    if (ev.add) left[ev.add.side] += ev.add.seconds;
    else runs = ev.runs;
    since = ev.time;
  }
  if (runs && m.result === '*') left[runs] -= Math.max(0, now - since) / 1000;
  else runs = '';
  return { white: left.white, black: left.black, running: runs };
}

/**
 * Whether the hand of the player having the move has changed the board
 * this turn, with nothing left in hand: a move made, or pieces standing
 * otherwise than when the turn began though no legal move was made (an
 * illegal move, which a press of the clock completes). Until then a press
 * of the clock would be a press without a move (7.5.3).
 */
export function handMoved(m: Mirror): boolean {
  if (m.made) return true;
  return m.held.length === 0 && boardFen(m.phys) !== m.fens[m.ply].split(' ')[0];
}

/** The move number and the player of the turn a legal position starts, in words ("move 12, Black"). */
export function turnLabel(fen: string | undefined): string {
  if (!fen) return '';
  const parts = fen.split(' ');
  return `move ${parseInt(parts[5] ?? '1', 10) || 1}, ${parts[1] === 'b' ? 'Black' : 'White'}`;
}

/** The last move of the game as two squares, for highlighting. */
export function lastMove(m: Mirror): Key[] | undefined {
  const u = m.ucis[m.ply];
  if (!u || u.length < 4) return undefined;
  return [u.slice(0, 2) as Key, u.slice(2, 4) as Key];
}
