// The identity of a position for repetitions (FIDE 9.2.2, rule book R1):
// the same player to move, the same pieces on the same squares, and the
// same possible moves, which brings in castling rights (R1a) and an en
// passant capture only when it is legal (R1b). The arbiter's desk uses it
// to show why positions that look alike are or are not the same.

import { parseFen, makeCastlingFen } from 'chessops/fen';
import { makeSquare } from 'chessops/util';
import { position } from './board';
import { san, t } from './i18n';

export interface Identity {
  fen: string;
  /** Placement and side to move: what the eye sees. */
  look: string;
  /** The castling rights in force, as a FEN field ("-" for none). */
  castling: string;
  /** The square of a legal en passant capture, or "". */
  ep: string;
  /** The FEN's en passant field, legal or not. */
  epField: string;
  key: string;
}

export function identity(fen: string): Identity {
  const parts = fen.split(' ');
  const look = parts[0] + ' ' + (parts[1] ?? 'w');
  let castling = parts[2] ?? '-';
  let ep = '';
  const pos = position(fen);
  if (pos) {
    const setup = parseFen(fen);
    if (setup.isOk) castling = makeCastlingFen(pos.board, pos.castles.castlingRights) || '-';
    if (pos.epSquare !== undefined) {
      for (const sq of pos.board.pieces(pos.turn, 'pawn')) {
        if (pos.dests(sq).has(pos.epSquare)) {
          ep = makeSquare(pos.epSquare);
          break;
        }
      }
    }
  }
  return { fen, look, castling, ep, epField: parts[3] ?? '-', key: `${look} ${castling} ${ep || '-'}` };
}

/** Castling rights in words. */
export function castlingWords(field: string): string {
  if (!field || field === '-') return t('identity.no-castling');
  const w: string[] = [];
  const b: string[] = [];
  for (const ch of field) {
    const side = ch === 'K' || ch === 'k' ? 'O-O' : ch === 'Q' || ch === 'q' ? 'O-O-O' : t('identity.rook', { File: ch.toLowerCase() });
    (ch === ch.toUpperCase() ? w : b).push(side);
  }
  const none = t('desk.none');
  return [t('identity.side', { Side: t('side.white'), Rights: w.length ? w.join(', ') : none }), t('identity.side', { Side: t('side.black'), Rights: b.length ? b.join(', ') : none })].join('; ');
}

/** The label of the position after ply plies. */
export function plyLabel(ply: number, sans: string[], startFen: string): string {
  if (ply === 0) return t('identity.start');
  const parts = startFen.split(' ');
  const first = parseInt(parts[5] ?? '1', 10) || 1;
  const blackFirst = parts[1] === 'b';
  const idx = ply - 1 + (blackFirst ? 1 : 0);
  const no = first + Math.floor(idx / 2);
  return t('identity.after', { Move: `${no}${idx % 2 === 0 ? '.' : '…'}${san(sans[ply] ?? '')}` });
}

export interface Repetition {
  target: Identity;
  targetPly: number;
  /** Every earlier or equal ply whose position looks the same. */
  lookAlikes: { ply: number; id: Identity; same: boolean; why: string }[];
  /** How many times the very same position (identity) stood. */
  same: number;
}

/** The positions that look like the one after ply (default: the last one). */
export function repetition(fens: string[], ply = fens.length - 1): Repetition {
  const target = identity(fens[ply]);
  const lookAlikes: Repetition['lookAlikes'] = [];
  let same = 0;
  for (let p = 0; p <= ply; p++) {
    const f = fens[p];
    if (!f || f.split(' ')[0] + ' ' + f.split(' ')[1] !== target.look) continue;
    const id = identity(f);
    const why: string[] = [];
    if (id.castling !== target.castling) why.push(t('identity.castling-differ', { Here: id.castling, Now: target.castling }));
    if (id.ep !== target.ep) why.push(t('identity.ep-differ', { Here: id.ep || t('desk.none'), Now: target.ep || t('desk.none') }));
    const isSame = why.length === 0;
    if (isSame) same++;
    lookAlikes.push({ ply: p, id, same: isSame, why: isSame ? t('identity.same') : why.join('; ') });
  }
  return { target, targetPly: ply, lookAlikes, same };
}
