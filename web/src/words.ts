// Rulings in plain words, with the FIDE articles they apply (Laws of Chess
// in force from 1 January 2023), as the project's rule book numbers them.

import type { Ruling, Side } from './types';

/** What each article says, in a sentence of our own. */
export const articles: Record<string, string> = {
  '4.1': 'Each move is played with one hand.',
  '4.2.1': 'Only the player having the move may adjust pieces, and only after saying “j’adoube”.',
  '4.3.1': 'A player who deliberately touches one of his own pieces must move it, if it can be moved.',
  '4.3.2': 'A player who deliberately touches an opponent’s piece must capture it, if it can be captured.',
  '4.3.3': 'Pieces of both colours touched: capture the first touched opponent piece with the first touched own piece; if that is illegal, move or capture the first touched piece that can be.',
  '4.4.1': 'King and rook touched (king first): the player must castle on that side if it is legal.',
  '4.4.2': 'Rook touched first, then the king: no castling on that side on this move; the rook must move if it can.',
  '4.4.3': 'Castling was intended but is illegal: another legal king move must be made (castling on the other side included).',
  '4.4.4': 'In a promotion, the choice of the new piece is final once it has touched the promotion square.',
  '4.5': 'None of the touched pieces can be moved or captured: any legal move may be made.',
  '4.6': 'A pawn reaching the last rank is exchanged for a new piece of the player’s choice.',
  '4.7': 'A piece released on a square as a legal move cannot go to another square on this move.',
  '4.7.1': 'A capture is made when the captured piece is off the board and the capturing piece released.',
  '4.7.2': 'Castling is made when the rook is released beside the king; a king released on its castling square commits to castling.',
  '4.7.3': 'A promotion is made when the new piece is released on the promotion square.',
  '4.8': 'The right to claim the opponent’s touch-move violation is lost once the player deliberately touches a piece.',
  '5.1.1': 'Checkmate wins the game.',
  '5.1.2': 'A player who resigns loses the game.',
  '5.2.1': 'Stalemate draws the game.',
  '5.2.2': 'A dead position (no series of legal moves can mate) draws the game at once.',
  '5.2.3': 'The players agreed to a draw.',
  '6.9': 'A player whose flag falls loses, unless the opponent cannot mate by any series of legal moves: then it is a draw.',
  '7.5.1': 'An illegal move completed by pressing the clock: the position before it is reinstated, and the touched piece must still be moved.',
  '7.5.2': 'A pawn moved to the last rank and the clock pressed without a new piece: illegal, and the pawn becomes a queen.',
  '7.5.3': 'Pressing the clock without making a move is penalised as an illegal move.',
  '7.5.4': 'A castling, capture or promotion made with two hands is penalised as an illegal move; the move stands.',
  '7.5.5': 'The first completed illegal move gives the opponent extra time; the second loses the game (a draw if the opponent cannot mate).',
  '9.2': 'The same position for the third time: a draw on a correct claim by the player having the move.',
  '9.2.1': 'The same position for the third time: a draw on a correct claim by the player having the move.',
  '9.2.2': 'Positions are the same when the same player has the move, the same pieces stand on the same squares, and the possible moves (castling and en passant included) are the same.',
  '9.3': 'Fifty moves by each player without a pawn move or capture: a draw on a correct claim.',
  '9.3.1': 'Fifty moves by each player without a pawn move or capture: a draw on a correct claim.',
  '9.3.2': 'Fifty moves by each player without a pawn move or capture (with the intended move): a draw on a correct claim.',
  '9.4': 'A player who touches a piece loses the right to claim a draw on that move.',
  '9.5.3': 'An incorrect draw claim: the opponent gets extra time, and an intended move must be played.',
  '9.6.1': 'The same position five times: the game is drawn, no claim needed.',
  '9.6.2': 'Seventy-five moves by each player without a pawn move or capture: the game is drawn, no claim needed.',
};

export function article(a?: string): string {
  if (!a) return '';
  return articles[a] ?? articles[a.split('.').slice(0, 2).join('.')] ?? '';
}

const pieceNames: Record<string, string> = { K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight', P: 'pawn' };

export const whoName = (s?: string) => (s === 'black' ? 'Black' : s === 'white' ? 'White' : '');

const reasons: Record<string, string> = {
  checkmate: 'checkmate',
  stalemate: 'stalemate',
  'dead-position': 'dead position',
  fivefold: 'fivefold repetition',
  'seventy-five-moves': 'seventy-five-move rule',
  threefold: 'threefold repetition, claimed',
  'fifty-moves': 'fifty-move rule, claimed',
  resignation: 'resignation',
  agreement: 'agreement',
  time: 'time',
  'time-vs-no-mate': 'flag fell, but the opponent could not mate',
  'illegal-moves': 'second illegal move',
  'illegal-moves-vs-no-mate': 'second illegal move, but the opponent could not mate',
  arbiter: 'the arbiter’s decision',
};

export const reasonWords = (r?: string) => (r ? (reasons[r] ?? r) : '');

const claimNames: Record<string, string> = {
  'touch-move': 'touch-move',
  'illegal-move': 'illegal move',
  threefold: 'threefold repetition',
  fifty: 'fifty-move rule',
  'dead-position': 'dead position',
};

export const claimName = (w?: string) => (w ? (claimNames[w] ?? w) : '');

/** The obligation of a must ruling, as a sentence. */
export function duty(r: Ruling, pieceAt?: (sq: string) => string | undefined): string {
  const who = whoName(r.by);
  const name = (sq?: string) => {
    if (!sq) return '';
    const p = pieceAt?.(sq);
    return p ? `the ${pieceNames[p.toUpperCase()] ?? 'piece'} on ${sq}` : sq;
  };
  switch (r.rule) {
    case 'move':
      if (r.san) return `${who} must play ${r.san}`;
      return `${who} must move ${name(r.sq)}`;
    case 'capture':
      if (r.with) return `${who} must capture ${name(r.sq)} with ${name(r.with)}`;
      return `${who} must capture ${name(r.sq)}`;
    case 'castle':
      return `${who} must castle ${r.side === 'queen' ? 'queenside' : r.side === 'vertical' ? 'vertically' : 'kingside'}`;
    case 'king':
      return `${who} must move the king`;
    case 'any':
      return `${who} may make any legal move`;
  }
  return `${who} is bound (${r.rule})`;
}

/**
 * A flag fall in words ("White’s flag fell"), for a result on time; flag
 * is the side whose flag fell when known (a draw does not say it), else it
 * is read from the result. Null for another reason.
 */
export function flagWords(result: string, reason: string, flag?: Side | null): string | null {
  if (reason !== 'time' && reason !== 'time-vs-no-mate') return null;
  const side = flag ?? (result === '1-0' ? 'black' : result === '0-1' ? 'white' : null);
  const fell = side ? `${sideName(side)}’s flag fell` : 'A flag fell';
  if (reason === 'time') return fell;
  return `${fell}, but ${side ? sideName(side === 'white' ? 'black' : 'white') : 'the opponent'} could not mate`;
}

/** A ruling in one line of plain words (without its article's text); flag is the side whose flag fell, if one did. */
export function ruling(r: Ruling, pieceAt?: (sq: string) => string | undefined, flag?: Side | null): string {
  const who = whoName(r.by);
  switch (r.kind) {
    case 'must':
      return duty(r, pieceAt);
    case 'move':
      return `${who} played ${r.san}`;
    case 'violation':
      return `Touch-move violation by ${who}: ${r.text ?? ''}`;
    case 'illegal': {
      const n = r.count === 1 ? 'first' : r.count === 2 ? 'second' : `${r.count}th`;
      let s = `Illegal move by ${who} (${n})`;
      if (r.bonus) s += `; ${r.bonus.seconds / 60 >= 1 && r.bonus.seconds % 60 === 0 ? r.bonus.seconds / 60 + ' min' : r.bonus.seconds + ' s'} added to ${whoName(r.bonus.to)}`;
      if (r.article === '7.5.1' || r.article === '7.5.3') s += '; position reinstated';
      return s;
    }
    case 'claim': {
      let s = `${who} claimed ${claimName(r.what)}: ${r.granted ? 'granted' : 'refused'}`;
      if (r.bonus) s += `; ${r.bonus.seconds} s added to ${whoName(r.bonus.to)}`;
      return s;
    }
    case 'result': {
      if (r.result === '*') return 'The arbiter withdrew the decision';
      const fell = flagWords(r.result ?? '', r.reason ?? '', flag);
      return `Result ${r.result}: ${fell ?? reasonWords(r.reason)}${r.text ? ' — ' + r.text : ''}`;
    }
    case 'time': {
      const runs = r.runs ? `; ${whoName(r.runs)}’s clock runs` : '; both clocks stand';
      return `Clocks: White ${fmtClock(r.white ?? 0)}, Black ${fmtClock(r.black ?? 0)}${runs}`;
    }
    case 'error':
      return `Not possible: ${r.error}`;
  }
  return r.kind;
}

/** A result in words ("0-1 · Black wins (White’s flag fell)"); flag is the side whose flag fell, if one did. */
export function resultWords(result: string, reason: string, flag?: Side | null): string {
  if (!result || result === '*') return 'in play';
  const who = result === '1-0' ? 'White wins' : result === '0-1' ? 'Black wins' : 'Draw';
  const why = flagWords(result, reason, flag) ?? reasonWords(reason);
  return `${result} · ${who}${why ? ' (' + why + ')' : ''}`;
}

/**
 * A clock's time, from milliseconds left: h:mm:ss from an hour, m:ss
 * under it (whole seconds rounded up, as a clock shows them: 0:00 only
 * once the time is out), and m:ss.t with tenths under ten seconds. Never
 * below 0:00.
 */
export function fmtClock(ms: number): string {
  ms = Math.max(0, ms);
  const two = (n: number) => String(n).padStart(2, '0');
  if (ms > 0 && ms < 10000) {
    const tenths = Math.floor(ms / 100);
    return `0:${two(Math.floor(tenths / 10))}.${tenths % 10}`;
  }
  const s = Math.ceil(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = s % 60;
  return h ? `${h}:${two(m)}:${two(ss)}` : `${m}:${two(ss)}`;
}

export const sideName = (s: Side) => (s === 'white' ? 'White' : 'Black');
