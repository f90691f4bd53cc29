// Rulings in plain words, with the FIDE articles they apply (Laws of Chess
// in force from 1 January 2023), as the project's rule book numbers them.

import { capital, has, n, pieceForms, san, sideForms, t } from './i18n';
import type { Action, Entry, Note, Ruling, Side, Times } from './types';

/** What an article says, in a sentence of our own, in the reader's language (its parent's when it has none). */
export function article(a?: string): string {
  if (!a) return '';
  if (has(`article.${a}`)) return t(`article.${a}`);
  const parent = a.split('.').slice(0, 2).join('.');
  return has(`article.${parent}`) ? t(`article.${parent}`) : '';
}

/** A piece's name from its letter (K, Q, R, B, N, P; either case). */
export const pieceName = (letter: string) => t(`piece.${letter.toUpperCase()}`);

/** Who acted or is concerned, in words: White, Black, the arbiter, the assistant ('' for no one). */
export const whoName = (s?: string) => (s === 'black' || s === 'white' || s === 'arbiter' || s === 'assistant' ? t(`who.${s}`) : '');

export const reasonWords = (r?: string) => (r ? (has(`reason.${r}`) ? t(`reason.${r}`) : r) : '');

export const claimName = (w?: string) => (w ? (has(`claim.${w}`) ? t(`claim.${w}`) : w) : '');

/** The obligation of a must ruling, as a sentence; pieceAt names the piece on a square (its letter), when the page knows the position. */
export function duty(r: Ruling, pieceAt?: (sq: string) => string | undefined): string {
  const who = whoName(r.by);
  const piece = (sq?: string) => pieceForms((sq && pieceAt?.(sq)) || '');
  let s: string;
  switch (r.rule) {
    case 'move':
      s = r.san ? t('must.play', { Who: who, SAN: san(r.san) }) : t('must.move', { Who: who, Piece: piece(r.sq), Sq: r.sq });
      break;
    case 'capture':
      s = r.with
        ? t('must.capture-with', { Who: who, Piece: piece(r.sq), Sq: r.sq, Other: piece(r.with), From: r.with })
        : t('must.capture', { Who: who, Piece: piece(r.sq), Sq: r.sq });
      break;
    case 'castle':
      s = t(`must.castle.${r.side === 'queen' ? 'queen' : r.side === 'vertical' ? 'vertical' : 'king'}`, { Who: who });
      break;
    case 'king':
      s = t('must.king', { Who: who });
      break;
    default:
      s = t('must.any', { Who: who });
  }
  return capital(s);
}

/**
 * A flag fall in words ("White’s flag fell"), for a result on time; flag
 * is the side whose flag fell when known (a draw does not say it), else it
 * is read from the result. Null for another reason.
 */
export function flagWords(result: string, reason: string, flag?: Side | null): string | null {
  if (reason !== 'time' && reason !== 'time-vs-no-mate') return null;
  const side = flag ?? (result === '1-0' ? 'black' : result === '0-1' ? 'white' : null);
  const fell = side ? t('flag.fell', { Who: whoName(side) }) : t('flag.fell-anon');
  if (reason === 'time') return capital(fell);
  return capital(t('flag.no-mate', { Fell: fell, Other: side ? whoName(side === 'white' ? 'black' : 'white') : t('who.someone') }));
}

/** What the clocks show, in words: "White 4:59, Black 4:50". */
export const timesWords = (x: Times) => `${sideName('white')} ${fmtClock(x.white)}, ${sideName('black')} ${fmtClock(x.black)}`;

/** What hands did, in a few words, for an act after the end ("the clock pressed"). */
const actWords = (act: string) => (has(`act.${act}`) ? t(`act.${act}`) : act);

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
      if (outage) return t('clockact.pause.outage');
      return arbiter ? t('clockact.pause.arbiter') : t('clockact.pause.player', { Who: whoName(a.by) });
    case 'resume':
      return t(outage ? 'clockact.resume.outage' : 'clockact.resume');
    case 'set-clock':
      return a.times && times ? t('clockact.set-to', { Times: timesWords(a.times) }) : t('clockact.set');
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
      return capital(t('ruling.move', { Who: who, SAN: san(r.san ?? '') })) + (r.text ? ` — ${r.text}` : '');
    case 'violation':
      return capital(t('ruling.violation', { Who: who, Detail: violationText(r) }));
    case 'illegal': {
      let s = capital(t('ruling.illegal', { Who: who, Count: r.count ?? 1 }));
      if (r.bonus) s += '; ' + t('ruling.bonus', { Time: duration(r.bonus.seconds), To: whoName(r.bonus.to) });
      if (r.article === '7.5.1' || r.article === '7.5.3') s += '; ' + t('ruling.reinstated');
      return s;
    }
    case 'claim': {
      let s = claimVerdict(r);
      if (r.bonus) s += '; ' + t('ruling.bonus', { Time: duration(r.bonus.seconds), To: whoName(r.bonus.to) });
      if (r.text) s += ` (${r.text})`;
      return capital(s);
    }
    case 'result': {
      if (r.reason === 'cancelled') return t('ruling.cancelled') + (r.text ? ' — ' + r.text : '');
      if (r.result === '*') return t('ruling.withdrawn');
      const fell = flagWords(r.result ?? '', r.reason ?? '', flag);
      return t('ruling.result', { Result: r.result, Why: fell ?? reasonWords(r.reason) }) + (r.text ? ' — ' + r.text : '');
    }
    case 'time': {
      const runs = r.runs ? t('ruling.clock-runs', { Who: whoName(r.runs) }) : t('ruling.clocks-stand');
      const act = clockActWords(a, e, false);
      const clocks = `${sideName('white')} ${fmtClock(r.white ?? 0)}, ${sideName('black')} ${fmtClock(r.black ?? 0)}; ${runs}`;
      return act ? `${act}: ${clocks}` : t('ruling.clocks', { White: fmtClock(r.white ?? 0), Black: fmtClock(r.black ?? 0) }) + '; ' + runs;
    }
    case 'after-end':
      return capital(t('ruling.after-end', { Result: resultWords(r.result ?? '', r.reason ?? '', flag), Who: who || t('who.someone'), Did: a ? actWords(a.act) : t('act.claim') }));
    case 'irregularity':
      return who ? t('ruling.irregularity-by', { Who: who, Text: r.text ?? '' }) : t('ruling.irregularity', { Text: r.text ?? '' });
    case 'act':
      return clockActWords(a, e) || `${who || t('who.someone')}: ${a ? actWords(a.act) : ''}`;
    case 'error':
      return t('ruling.error', { Error: r.text || r.error || '' });
  }
  return r.text ? `${r.kind}: ${r.text}` : r.kind;
}

/**
 * A claim's ruling in a sentence, without its bonus or text: "White claimed
 * touch-move: granted", "The arbiter acted on threefold repetition: refused".
 */
export function claimVerdict(r: Ruling): string {
  const verdict = r.granted ? 'granted' : 'refused';
  const what = claimName(r.what);
  return r.by === 'arbiter' ? t(`ruling.arbiter.${verdict}`, { What: what }) : t(`ruling.claim.${verdict}`, { Who: whoName(r.by) || t('who.someone'), What: what });
}

/**
 * The text of a violation: from its message and fields in the reader's
 * language, else the server's text (which the server says in the language
 * the page asks for).
 */
function violationText(r: Ruling): string {
  switch (r.msg) {
    case 'violation.moved-other':
    case 'violation.castled-other':
    case 'violation.promoted-other':
    case 'violation.adjusted':
      return t(r.msg, { Piece: pieceForms(r.piece ?? ''), Other: pieceForms(r.other ?? ''), Sq: r.sq, From: r.from, SAN: san(r.san ?? ''), Opp: sideForms(r.args?.Opp ?? (r.by === 'white' ? 'black' : 'white')) });
    case 'violation.press-hand':
      return t(r.msg);
  }
  return r.text ?? '';
}

/** Seconds in minutes or seconds, in the reader's language ("2 minutes"). */
export const duration = (seconds: number) => (seconds >= 60 && seconds % 60 === 0 ? n('duration.minutes', seconds / 60) : n('duration.seconds', seconds));

/** A result in words ("0-1 · Black wins (White’s flag fell)"); flag is the side whose flag fell, if one did. */
export function resultWords(result: string, reason: string, flag?: Side | null): string {
  if (reason === 'cancelled') return t('result.cancelled');
  if (!result || result === '*') return t('result.in-play');
  const winner = t(result === '1-0' ? 'result.white-wins' : result === '0-1' ? 'result.black-wins' : 'result.draw');
  const why = flagWords(result, reason, flag) ?? reasonWords(reason);
  return why ? t('result.words-why', { Result: result, Winner: winner, Why: why }) : t('result.words', { Result: result, Winner: winner });
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

export const sideName = (s: Side) => t(`side.${s}`);

/** A broadcast delay in words, the units abbreviated in the reader's language: "15 min", "2 s", "1 h 30 min", Russian "1 ч 30 мин" ('' for none). */
export function delayWords(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (!s) return '';
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = s % 60;
  return [h ? t('common.h', { N: h }) : '', m ? t('common.min', { N: m }) : '', ss ? t('common.s', { N: ss }) : ''].filter(x => x).join(' ');
}

/** The kinds of the server's notes, in a few words. */
const noteNames: Record<string, string> = {
  restamped: 'note.restamped',
  'clock-held': 'note.clock-held',
  outage: 'note.outage',
};

/** A note's kind in words. */
export const noteName = (n: Note) => (noteNames[n.kind] ? t(noteNames[n.kind]) : n.kind);

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
