// Rulings in plain words, with the FIDE articles they apply (Laws of Chess
// in force from 1 January 2023), as the project's rule book numbers them.

import type { Action, Entry, Note, Ruling, Side, Times } from './types';

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
  '6.2.2': 'A player presses his clock with the same hand he moved with.',
  '6.9': 'A player whose flag falls loses, unless the opponent cannot mate by any series of legal moves: then it is a draw.',
  '6.10.2': 'When a clock was wrong or defective, the arbiter sets what the clocks show, by his best judgement.',
  '6.11.1': 'The arbiter may stop the clocks when the game must be interrupted.',
  '6.11.2': 'A player may stop the clocks only to seek the arbiter’s assistance (a claim, displaced pieces, a flag).',
  '6.11.3': 'The arbiter decides when the clocks go again.',
  '7.2.1': 'The initial position was incorrect: the game is cancelled and a new game is played.',
  '7.2.2': 'The board was placed wrongly: the position reached is set up on a board placed correctly, and the game goes on.',
  '7.3': 'Colours reversed: before ten moves each the game is cancelled and a new one played with the right colours; after, it goes on.',
  '7.4.1': 'A player who displaces pieces sets them right in his own time.',
  '7.4.3': 'The arbiter may penalise the player who displaced pieces.',
  '7.5.1': 'An illegal move completed by pressing the clock: the position before it is reinstated, and the touched piece must still be moved.',
  '7.5.2': 'A pawn moved to the last rank and the clock pressed without a new piece: illegal, and the pawn becomes a queen.',
  '7.5.3': 'Pressing the clock without making a move is penalised as an illegal move.',
  '7.5.4': 'A castling, capture or promotion made with two hands is penalised as an illegal move; the move stands.',
  '7.5.5': 'The first completed illegal move gives the opponent extra time; the second loses the game (a draw if the opponent cannot mate).',
  '7.6': 'Pieces displaced and not set right: the position before the irregularity is reinstated.',
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
  'A.4': 'Rapid play with adequate supervision: the rules of standard play apply.',
  'A.5.1.2': 'Rapid and blitz without adequate supervision: once each player has made ten moves, nothing can be claimed about the set-up or the board.',
  'A.5.2': 'Rapid and blitz without adequate supervision: an illegal move stands unless the opponent claims it before making his next move.',
  'A.5.3': 'Rapid and blitz without adequate supervision: a flag fallen is claimed by the opponent.',
  'A.5.4': 'An illegal position left on the board (a pawn on the last rank, both kings in check) waits for the opponent’s next move: still there, the game is drawn.',
  'A.5.5': 'Rapid and blitz without adequate supervision: the arbiter also declares a flag he sees fall.',
  'B.2': 'Blitz with adequate supervision: the rules of standard play apply, with two minutes for an illegal move.',
  'D.2.1': 'A player with a visual disability: each move is announced, and made on both boards.',
  'D.2.8': 'A player with a visual disability may correct a slip of the tongue before pressing his clock.',
  'D.2.9': 'The two boards show different positions: the arbiter corrects them with both players’ scoresheets.',
  '11A': 'US Chess: an illegal move stands unless the opponent claims it in time.',
  '11H': 'US Chess: the director corrects an illegal move he sees, except in the last five minutes.',
  '14E': 'US Chess: a flag fall is a draw when the opponent has too little material to win.',
};

export function article(a?: string): string {
  if (!a) return '';
  return articles[a] ?? articles[a.split('.').slice(0, 2).join('.')] ?? '';
}

const pieceNames: Record<string, string> = { K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight', P: 'pawn' };

/** Who acted or is concerned, in words: White, Black, the arbiter, the assistant ('' for no one). */
export const whoName = (s?: string) =>
  s === 'black' ? 'Black' : s === 'white' ? 'White' : s === 'arbiter' ? 'The arbiter' : s === 'assistant' ? 'The assistant' : '';

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
  'resignation-vs-no-mate': 'resignation, but the opponent could not mate',
  'illegal-position': 'an illegal position still on the board',
  cancelled: 'cancelled: a new game is played',
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

/** What the clocks show, in words: "White 4:59, Black 4:50". */
export const timesWords = (t: Times) => `White ${fmtClock(t.white)}, Black ${fmtClock(t.black)}`;

/** What hands do, in words, for an act after the end ("pressed the clock"). */
const actNames: Record<string, string> = {
  touch: 'touched a piece',
  adjust: 'adjusted a piece',
  lift: 'lifted a piece',
  place: 'put a piece down',
  release: 'let go of a piece',
  drop: 'put a piece down',
  remove: 'took a piece off the board',
  put: 'brought a piece onto the board',
  clock: 'pressed the clock',
  claim: 'made a claim',
  resign: 'resigned',
  'offer-draw': 'offered a draw',
  'accept-draw': 'accepted a draw',
  'decline-draw': 'declined a draw',
  flag: 'claimed a flag',
  knock: 'knocked a piece',
  pause: 'stopped the clocks',
  resume: 'set the clocks going',
  'set-clock': 'set the clocks',
  'setup-error': 'reported a set-up error',
  announce: 'announced a move',
  'boards-differ': 'reported that the boards differ',
};

/**
 * An act on the clocks in words (pause, resume, set-clock), with the
 * article that allows it, or '' for another act. e is the entry of the
 * act (its notes say when the server credited its own outage); times
 * leaves out the times a set-clock set (when a ruling says them).
 */
export function clockActWords(a: Action | undefined, e?: Entry, times = true): string {
  if (!a) return '';
  const outage = e?.notes?.some(n => n.kind === 'outage');
  const arbiter = a.by === 'arbiter';
  switch (a.act) {
    case 'pause':
      if (outage) return 'The clocks stood while the server was down';
      return arbiter ? 'The arbiter stopped the clocks (FIDE 6.11.1)' : `${whoName(a.by)} stopped the clocks to seek the arbiter’s assistance (FIDE 6.11.2)`;
    case 'resume':
      if (outage) return 'The clocks went on when the server was back: the time it was down is charged to no one';
      return 'The arbiter set the clocks going again (FIDE 6.11.3)';
    case 'set-clock':
      return `The arbiter set the clocks${a.times && times ? ` to ${timesWords(a.times)}` : ''} (FIDE 6.10.2)`;
  }
  return '';
}

/**
 * A ruling in one line of plain words (without its article's text); flag
 * is the side whose flag fell, if one did; e the entry it answered (the
 * act, for rulings that say it: after the end, the clocks).
 */
export function ruling(r: Ruling, pieceAt?: (sq: string) => string | undefined, flag?: Side | null, e?: Entry): string {
  const who = whoName(r.by);
  const a = e?.kind === 'action' ? e.action : undefined;
  switch (r.kind) {
    case 'must':
      return duty(r, pieceAt);
    case 'move':
      return `${who} played ${r.san ?? 'a move'}${r.text ? ` — ${r.text}` : ''}`;
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
      const what = claimName(r.what);
      let s = r.by === 'arbiter'
        ? `The arbiter acted on ${r.what === 'illegal-move' ? 'an illegal move' : what}: ${r.granted ? 'granted' : 'refused'}`
        : `${who || 'A player'} claimed ${what}: ${r.granted ? 'granted' : 'refused'}`;
      if (r.bonus) s += `; ${r.bonus.seconds} s added to ${whoName(r.bonus.to)}`;
      if (r.text) s += ` (${r.text})`;
      return s;
    }
    case 'result': {
      if (r.reason === 'cancelled') return `The game is cancelled: a new game is played${r.text ? ' — ' + r.text : ''}`;
      if (r.result === '*') return 'The arbiter withdrew the decision';
      const fell = flagWords(r.result ?? '', r.reason ?? '', flag);
      return `Result ${r.result}: ${fell ?? reasonWords(r.reason)}${r.text ? ' — ' + r.text : ''}`;
    }
    case 'time': {
      const runs = r.runs ? `; ${whoName(r.runs)}’s clock runs` : '; both clocks stand';
      const clocks = `White ${fmtClock(r.white ?? 0)}, Black ${fmtClock(r.black ?? 0)}${runs}`;
      const act = clockActWords(a, e, false);
      return act ? `${act}: ${clocks}` : `Clocks: ${clocks}`;
    }
    case 'after-end': {
      const did = a ? (actNames[a.act] ?? a.act) : 'acted';
      return `${who || 'Someone'} ${did} after the end of the game (${resultWords(r.result ?? '', r.reason ?? '', flag)}): it changes nothing`;
    }
    case 'irregularity':
      return `Irregularity${who ? ` (${who})` : ''}: ${r.text ?? 'the arbiter deals with it'}`;
    case 'act':
      return clockActWords(a, e) || `${who || 'Someone'} ${a ? (actNames[a.act] ?? a.act) : 'acted'}`;
    case 'error':
      return `Not possible: ${r.error}`;
  }
  return r.text ? `${r.kind}: ${r.text}` : r.kind;
}

/** A result in words ("0-1 · Black wins (White’s flag fell)"); flag is the side whose flag fell, if one did. */
export function resultWords(result: string, reason: string, flag?: Side | null): string {
  if (reason === 'cancelled') return 'Cancelled · a new game is played';
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

/** A broadcast delay in words: "15 min", "2 s", "1 h 30 min" ('' for none). */
export function delayWords(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (!s) return '';
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = s % 60;
  return [h ? `${h} h` : '', m ? `${m} min` : '', ss ? `${ss} s` : ''].filter(x => x).join(' ');
}

/** The kinds of the server's notes, in a few words. */
const noteNames: Record<string, string> = {
  restamped: 'Time re-stamped',
  'clock-held': 'Clock reading held',
  outage: 'Server down',
};

/** A note's kind in words. */
export const noteName = (n: Note) => noteNames[n.kind] ?? n.kind;

/**
 * A time for the arbiter to type or read back: h:mm:ss from an hour, else
 * m:ss (whole seconds, rounded up as a clock shows them).
 */
export function clockInput(ms: number): string {
  const s = Math.ceil(Math.max(0, ms) / 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  return h ? `${h}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}` : `${Math.floor(s / 60)}:${two(s % 60)}`;
}

/**
 * Reads a time the arbiter typed, m:ss or h:mm:ss (seconds may have
 * tenths), or a number of minutes; milliseconds, or null when it is not
 * one.
 */
export function parseClock(text: string): number | null {
  const t = text.trim();
  let m = /^(\d+)$/.exec(t);
  if (m) return Number(m[1]) * 60000;
  m = /^(?:(\d+):)?(\d{1,2}):(\d{1,2}(?:\.\d+)?)$/.exec(t);
  if (!m) return null;
  const h = Number(m[1] ?? 0);
  const min = Number(m[2]);
  const sec = Number(m[3]);
  if ((m[1] !== undefined && min > 59) || sec >= 60) return null;
  return Math.round(((h * 60 + min) * 60 + sec) * 1000);
}
