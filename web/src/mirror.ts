// A mirror of one game, rebuilt from its log: what stands on the physical
// board (the server keeps it but does not show it), whose hand is on the
// board (the player having the move, who has it as soon as his opponent's
// move is made; and, until his press, the player whose move is made, on
// his own pieces: T11), whose press is owed, the positions by ply, and the
// details of what the server reports (the positions of a claimable
// violation, a fresh illegal move or claim). The server's rulings are the
// only source of chess knowledge here: moves, reinstated positions and
// take-backs come from them; this file only replays hands. What the server
// sends itself (the clocks, the claimable violation, the draw offer, the
// arbiter's decision) is not reckoned here: see feed.ts.
//
// A log holds more than moves: what the hands do after the result (an
// after-end ruling: recorded, it changes nothing, so the board keeps the
// final position), the clocks paused, resumed and set, the arbiter's
// findings (a set-up error, boards that differ: irregularity rulings),
// acts on the other board of a game under Appendix D (mirror, and the
// assistant's), and acts this page does not know. None of them may break
// the replay: what is not understood is listed, never applied.

import { t } from './i18n';
import type { Key } from 'chessground/types';
import type { Action, Entry, Note, Ruling, Side, Start } from './types';

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
 * A violation of Article 4 found in the move just made, with the
 * positions it concerns: what the arbiter's desk shows when the server
 * reports it claimable (the server's `claimable` names it by its entry).
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
  /**
   * The player having the move, whose hand acts on the board: the side to
   * move in the legal position (a player has the move as soon as his
   * opponent's move is made, before the opponent presses the clock).
   */
  mover: Side;
  /** The players whose move is made and whose press of the clock is still owed. */
  owes: Record<Side, boolean>;
  /**
   * The players whose hands have moved pieces (lifted, put down, taken off,
   * brought on) since the legal position was last set on the board: by a
   * move made, a position reinstated or a move taken back.
   */
  changed: Record<Side, boolean>;
  /** The violations found in moves just made, by entry (for the desk's pictures). */
  violations: Map<number, Pending>;
  /** The latest of them, while its move stands (what a granted touch-move claim takes back). */
  lastViolation: Pending | null;
  /** The illegal move ruled in this turn or the one before (for markers). */
  illegal: Ruling | null;
  illegalAge: number;
  /** The last claim ruling, while its turn lasts. */
  claim: Ruling | null;
  result: string;
  reason: string;
  resultRuling: Ruling | null;
  /** The side whose flag fell, by the log's flag actions (a game without a clock has no clock view to say it). */
  flag: Side | null;
  /**
   * Every ruling, in order, and the legal position at the start of the
   * turn each was given in (for its wording and its move number).
   */
  rulings: Ruling[];
  rulingFens: string[];
  entries: number;
  /** Every claim ruling with the positions of the game when it was made. */
  claims: { ruling: Ruling; entry: number; fens: string[]; sans: string[] }[];
  /** The engine's own result ("*" while the game goes on), whatever the arbiter decided. */
  engineResult: { result: string; reason: string };
  /** The entry each ruling of rulings answered (for the act it answered). */
  rulingEntries: Entry[];
  /** What the move of each ply says of itself (an illegal move that stands: its text), '' for most. */
  moveTexts: string[];
  /**
   * The player who left an illegal position on the board that stands
   * until the opponent's next move (A.5.4): the opponent has the move,
   * though no legal move was made.
   */
  limbo: Side | null;
  /** The server's notes on the entries, in order; a held clock reading settled by the arbiter says so (settled, his entry). */
  notes: (Note & { settled?: number })[];
  /** The physical clock's reading held for the arbiter and not yet settled (his set-clock settles it). */
  clockHeld: (Note & { settled?: number }) | null;
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
    owes: { white: false, black: false },
    changed: { white: false, black: false },
    violations: new Map(),
    lastViolation: null,
    illegal: null,
    illegalAge: 0,
    claim: null,
    result: '*',
    reason: '',
    resultRuling: null,
    flag: null,
    rulings: [],
    rulingFens: [],
    entries: 0,
    claims: [],
    engineResult: { result: '*', reason: '' },
    rulingEntries: [],
    moveTexts: [''],
    limbo: null,
    notes: [],
    clockHeld: null,
  };
}

/**
 * Whether the game is over: a result, or a game cancelled (7.2.1, 7.3:
 * result "*" with reason cancelled, a new game to be played).
 */
export const ended = (m: { result: string; reason: string }) => m.result !== '*' || m.reason === 'cancelled';

/** Replays a whole log. */
export function replay(startFen: string, start: Start, entries: Entry[]): Mirror {
  const m = newMirror(startFen, start);
  for (const e of entries) apply(m, e);
  return m;
}

const resetTo = (m: Mirror, fen: string) => {
  m.phys = placement(fen);
  m.held = [];
  m.changed = { white: false, black: false };
};

/** Applies a physical action to the mirror's board (the engine accepted it). */
function hands(m: Mirror, a: Action, by: Side) {
  const hand = a.hand ?? 'right';
  const inHand = () => m.held.find(h => h.hand === hand);
  switch (a.act) {
    case 'lift': {
      const pc = m.phys.get(a.sq!);
      if (!pc) return;
      m.changed[by] = true;
      m.phys.delete(a.sq!);
      m.held = m.held.filter(h => h.hand !== hand);
      m.held.push({ hand, piece: pc, on: null });
      return;
    }
    case 'place':
    case 'drop': {
      const h = inHand();
      if (!h) return;
      m.changed[by] = true;
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
      if (m.phys.delete(a.sq!)) m.changed[by] = true;
      return;
    case 'put': {
      // A new piece, the player's own unless the colour says otherwise
      // (a promotion to a piece of the wrong colour: 7.5.1).
      const role = roles[(a.piece ?? 'q').toLowerCase()] ?? 'queen';
      const pc: Piece = { role, color: isSide(a.colour) ? a.colour : by };
      const h = inHand();
      m.changed[by] = true;
      if (h?.on) m.phys.delete(h.on);
      m.held = m.held.filter(x => x.hand !== hand);
      m.phys.set(a.sq!, pc);
      m.held.push({ hand, piece: pc, on: a.sq! });
      return;
    }
    case 'knock': {
      // A piece knocked onto another square lies there until it is set
      // right (7.4); knocked over where it stands, it stays on its square.
      const pc = m.phys.get(a.sq!);
      if (!pc || !a.to || a.to === a.sq || m.phys.has(a.to)) return;
      m.phys.delete(a.sq!);
      m.phys.set(a.to, pc);
      return;
    }
  }
}

/** The first field of a FEN with the other side to move (a null move: the position an illegal one leaves in the record). */
const nullMove = (fen: string) => {
  const f = fen.split(' ');
  if (f.length > 1) f[1] = f[1] === 'b' ? 'w' : 'b';
  if (f.length > 3) f[3] = '-';
  return f.join(' ');
};

const isSide = (s: unknown): s is Side => s === 'white' || s === 'black';

/** Truncates the game to ply plies. */
const cut = (m: Mirror, ply: number) => {
  m.ply = ply;
  m.fens.length = m.sans.length = m.ucis.length = m.moveTexts.length = ply + 1;
};

/**
 * The turn passes: a move is made, so the opponent has the move. The
 * claim of the turn that ends is no longer news; an illegal move is kept
 * for the turn it was ruled in and the next.
 */
function handOver(m: Mirror, n: number) {
  if (m.claim && m.claim.at < n) m.claim = null;
  if (m.illegal && m.illegal.at < n && ++m.illegalAge >= 2) m.illegal = null;
}

/** Applies one log entry. */
export function apply(m: Mirror, e: Entry) {
  if (e.n !== m.entries + 1) return;
  m.entries = e.n;
  const a = e.kind === 'action' ? e.action : undefined;
  const rulings = Array.isArray(e.rulings) ? e.rulings : [];
  // What the hands do after the result changes nothing (after-end): the
  // board keeps the final position. A hand on the other board of a game
  // under Appendix D (mirror) changes nothing here either, nor does an
  // assistant's (he moves on the other board).
  const afterEnd = rulings.some(r => r.kind === 'after-end');
  if (a && isSide(a.by) && !a.mirror && !afterEnd) hands(m, a, a.by);
  for (const n of e.notes ?? []) {
    const note = { ...n, at: e.n };
    m.notes.push(note);
    if (n.kind === 'clock-held') m.clockHeld = note;
  }
  // The arbiter's set-clock settles a clock reading held for him.
  if (a?.by === 'arbiter' && a.act === 'set-clock' && m.clockHeld) {
    m.clockHeld.settled = e.n;
    m.clockHeld = null;
  }
  let moved = false;
  for (const r of rulings) {
    m.rulings.push(r);
    m.rulingEntries.push(e);
    // A ruling on the move just made (its violation, an illegal move ruled
    // at its press) belongs to the turn of that move, which began one ply
    // earlier.
    const ofMoveMade = isSide(r.by) && r.by !== turnOf(m.fens[m.ply]) && m.ply > 0 && r.kind !== 'claim' && r.kind !== 'after-end';
    m.rulingFens.push(ofMoveMade ? m.fens[m.ply - 1] : m.fens[m.ply]);
    switch (r.kind) {
      case 'move':
        if (!r.ply || r.ply < 1) break;
        // A ply beyond the next (a move this mirror missed) leaves no
        // hole: the plies between are marked unknown.
        while (m.ply + 1 < r.ply) {
          const k = m.ply + 1;
          cut(m, k);
          m.fens[k] = nullMove(m.fens[k - 1]);
          m.sans[k] = '?';
          m.ucis[k] = '';
          m.moveTexts[k] = '';
        }
        if (r.fen) {
          const by = isSide(r.by) ? r.by : turnOf(m.fens[r.ply - 1] ?? m.fens[m.ply]);
          cut(m, r.ply);
          m.fens[r.ply] = r.fen;
          m.sans[r.ply] = r.san ?? '';
          m.ucis[r.ply] = r.uci ?? '';
          m.moveTexts[r.ply] = r.text ?? '';
          resetTo(m, r.fen);
          m.owes[by] = true;
          m.limbo = null;
          moved = true;
          handOver(m, e.n);
        } else {
          // A move recorded without its position: the illegal move that
          // stood unclaimed from an illegal position (A.5.4), followed by
          // the reply that set a legal one. The record has it as a null
          // move; the reply's ruling brings the position.
          cut(m, r.ply);
          m.fens[r.ply] = nullMove(m.fens[r.ply - 1]);
          m.sans[r.ply] = r.san ?? '?';
          m.ucis[r.ply] = '';
          m.moveTexts[r.ply] = r.text ?? '';
          m.limbo = null;
        }
        break;
      case 'violation':
        // Only a violation found in the move just made can be claimed
        // (not a 4.2.1 touch or adjustment out of turn).
        if (moved && isSide(r.by)) {
          const p: Pending = {
            ruling: r,
            entry: e.n,
            violator: r.by,
            claimant: other(r.by),
            plyBefore: m.ply - 1,
            fenBefore: m.fens[m.ply - 1] ?? m.startFen,
            fenAfter: m.fens[m.ply],
            uci: m.ucis[m.ply],
          };
          m.violations.set(e.n, p);
          m.lastViolation = p;
        }
        break;
      case 'illegal':
        m.illegal = r;
        m.illegalAge = 0;
        if (r.article === '7.5.1' || r.article === '7.5.3') {
          // The position of the offender's turn is reinstated: a move he
          // made and changed before his press is undone with it.
          if (isSide(r.by) && r.by !== turnOf(m.fens[m.ply]) && m.ply > 0) {
            if (m.lastViolation?.violator === r.by && m.lastViolation.plyBefore === m.ply - 1) m.lastViolation = null;
            cut(m, m.ply - 1);
          }
          if (r.fen) m.fens[m.ply] = r.fen;
          if (isSide(r.by)) m.owes[r.by] = false;
        }
        if (r.fen) resetTo(m, r.fen);
        break;
      case 'irregularity':
        // An irregularity the engine found and dealt with: an illegal
        // position left on the board, which stands until the opponent's
        // next move (A.5.4: he has the move); displaced pieces set back
        // (7.6), a board placed wrongly or boards that differ (7.2.2,
        // D.2.9): the board is set to the position of the record.
        if (r.article === 'A.5.4' && isSide(r.by) && !r.fen && !rulings.some(x => x.kind === 'result')) {
          m.limbo = r.by;
          m.owes[r.by] = false;
        }
        if (r.fen && !afterEnd) resetTo(m, r.fen);
        break;
      case 'claim':
        m.claim = r;
        m.claims.push({ ruling: r, entry: e.n, fens: m.fens.slice(0, m.ply + 1), sans: m.sans.slice(0, m.ply + 1) });
        if (r.what === 'touch-move' && r.granted) {
          // Granted, the violating move is taken back (the one the server
          // had claimable: the latest violating move, the claimant's
          // opponent's); refused, nothing changes.
          const p = m.lastViolation;
          m.lastViolation = null;
          if (p && p.violator !== r.by && p.plyBefore < m.ply) {
            cut(m, p.plyBefore);
            resetTo(m, m.fens[m.ply]);
            m.owes[p.violator] = false;
          }
        }
        break;
      case 'result': {
        // The engine's result, or the arbiter's decision; a withdrawn
        // decision ("*") puts the engine's result in force again.
        m.resultRuling = r;
        if (e.kind !== 'decision') m.engineResult = { result: r.result ?? '*', reason: r.reason ?? '' };
        const now = e.kind === 'decision' && r.result === '*' ? m.engineResult : { result: r.result ?? '*', reason: r.reason ?? '' };
        m.result = now.result;
        m.reason = now.reason;
        m.limbo = null;
        if (a?.act === 'flag' && (r.reason === 'time' || r.reason === 'time-vs-no-mate')) {
          // The arbiter names the side; an assistant claims the flag of
          // the opponent of the player he assists (D.2.10).
          const side = a.by === 'arbiter' ? a.side : a.by === 'assistant' ? (isSide(a.side) ? other(a.side) : undefined) : a.by;
          if (isSide(side)) m.flag = side;
        }
        break;
      }
    }
  }
  // An act on the clocks that got no ruling (no clock figures to give) is
  // still listed, as the page's own kind "act".
  if (a && rulings.length === 0 && ['pause', 'resume', 'set-clock'].includes(a.act)) {
    m.rulings.push({ at: e.n, kind: 'act', by: a.by });
    m.rulingEntries.push(e);
    m.rulingFens.push(m.fens[m.ply]);
  }
  // A press completes its author's move (or, without a move made, is the
  // illegal move ruled above); an assistant presses for his player.
  const presser = a?.by === 'assistant' ? a.side : a?.by;
  if (a?.act === 'clock' && !afterEnd && isSide(presser)) m.owes[presser] = false;
  if (ended(m)) {
    m.owes = { white: false, black: false };
    m.limbo = null;
  }
  m.mover = m.limbo ? other(m.limbo) : turnOf(m.fens[m.ply]);
}

/**
 * Whether side's hand has changed the board since the legal position was
 * last set on it, with nothing left in any hand, though no legal move was
 * made of it: pieces stand otherwise than in the legal position (an
 * illegal move, which his press of the clock completes: 7.5.1). That is
 * the hand of the player having the move, or that of the player whose move
 * is made, changing it before his press (T11). A legal move made by the
 * player having the move hands the move over (and owes the press:
 * Mirror.owes).
 */
export function handMoved(m: Mirror, side: Side): boolean {
  return m.changed[side] && m.held.length === 0 && boardFen(m.phys) !== m.fens[m.ply].split(' ')[0];
}

/**
 * Whose hand a gesture on a piece of colour color is (or on an empty
 * square: color undefined), on a board both players share with one
 * pointer. From his move made to his press, a player's hand on his own
 * pieces is his: his move may still change (a different destination, a
 * castling tried after the rook's move) and whatever it becomes, his press
 * completes it (T11, I1). Every other hand is that of the player having
 * the move: on his own pieces, and on his opponent's (a touch that obliges
 * him to take it, a piece he captures).
 */
export function handOf(m: Mirror, color: Side | undefined): Side {
  return color && color !== m.mover && m.owes[color] ? color : m.mover;
}

/**
 * Whether the player whose move is made has changed the board since, his
 * press still owed: that press comes first, and it completes whatever the
 * board shows (T11, I1).
 */
function changedOwnMove(m: Mirror): boolean {
  const o = other(m.mover);
  return m.owes[o] && handMoved(m, o);
}

/**
 * Whether side may press the clock now: his move made (changed since or
 * not), or, while he has the move, his hand's change of the board to
 * complete (7.5.1), unless the opponent changed his own move made and owes
 * the press that completes it first.
 */
export function mayPress(m: Mirror, side: Side): boolean {
  if (ended(m)) return false;
  return m.owes[side] || (side === m.mover && handMoved(m, side) && !changedOwnMove(m));
}

/**
 * Whose clock a press "of the player to move" (the keyboard's C, a typed
 * "c") is: the press owed by the player whose move is made, when his hand
 * changed the board since (his move changed before his press: T11); else
 * the mover's when his hand changed the board without a legal move; else
 * the one whose move was just made; else the mover's, whose press owed
 * since the opponent's reply may still come (6.2.2); else the mover's all
 * the same (a press without a move, which the page refuses).
 */
export function presser(m: Mirror): Side {
  const o = other(m.mover);
  if (changedOwnMove(m)) return o;
  if (handMoved(m, m.mover)) return m.mover;
  if (m.owes[o]) return o;
  return m.mover;
}

/** The move number and the player of the turn a legal position starts, in words ("move 12, Black"). */
export function turnLabel(fen: string | undefined): string {
  if (!fen) return '';
  const parts = fen.split(' ');
  return t('rulings.at', { N: parseInt(parts[5] ?? '1', 10) || 1, Side: t(parts[1] === 'b' ? 'side.black' : 'side.white') });
}

/** The last move of the game as two squares, for highlighting. */
export function lastMove(m: Mirror): Key[] | undefined {
  const u = m.ucis[m.ply];
  if (!u || u.length < 4) return undefined;
  return [u.slice(0, 2) as Key, u.slice(2, 4) as Key];
}
