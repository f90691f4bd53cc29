// The shapes of the server's JSON, as the pages use them. Field names are
// those of protocol.md and of the server's views; unknown fields are kept
// but ignored.

export type Side = 'white' | 'black';

export interface Bonus {
  to: Side;
  seconds: number;
}

export interface Ruling {
  at: number;
  kind: 'must' | 'move' | 'violation' | 'illegal' | 'claim' | 'result' | 'error' | string;
  by?: Side;
  rule?: string;
  sq?: string;
  with?: string;
  side?: string;
  what?: string;
  granted?: boolean;
  san?: string;
  uci?: string;
  ply?: number;
  article?: string;
  text?: string;
  count?: number;
  bonus?: Bonus;
  result?: string;
  reason?: string;
  fen?: string;
  error?: string;
}

export interface Action {
  by: Side;
  act: string;
  sq?: string;
  piece?: string;
  hand?: 'left' | 'right';
  what?: string;
  move?: string;
  t?: number;
  seq?: number;
}

export interface Entry {
  game: string;
  n: number;
  author: string;
  seq?: number;
  kind: 'action' | 'decision' | string;
  action?: Action;
  decision?: { result: string; reason?: string };
  rulings: Ruling[];
  time: string;
}

export interface Clock {
  white: number;
  black: number;
  increment?: number;
}

export interface Start {
  fen?: string;
  rules?: string;
  chess960?: boolean;
  clock?: Clock;
}

export interface ViolationRef {
  at: number;
  by: Side;
  article: string;
}

export interface Summary {
  moves: string[];
  fen: string;
  result: string;
  reason: string;
  violations: ViolationRef[];
  illegal: { white: number; black: number };
  errors: number;
}

export interface GameView {
  id: string;
  event: string;
  round: number;
  board: number;
  white: string;
  black: string;
  start: Start;
  enforce: boolean;
  created: string;
  n: number;
  start_fen: string;
  fen: string;
  turn: Side;
  moves: string[];
  uci: string[];
  duty: Ruling | null;
  violations: ViolationRef[];
  claims: Ruling[];
  /** The violation the opponent may still claim (the mirror's pending), or null. */
  claimable?: ViolationRef | null;
  /** The colour of an open draw offer (the mirror's offer), when there is one. */
  draw_offer?: Side;
  result: string;
  reason: string;
  decision?: { result: string; reason?: string };
  summary: Summary;
  seqs: Record<string, number>;
  rulings?: Ruling[];
}

export interface EventView {
  id: string;
  name: string;
  site?: string;
  created: string;
  games: GameView[];
}

export interface EventListItem {
  id: string;
  name: string;
  site?: string;
  created?: string;
  [k: string]: unknown;
}

export interface CreatedGame extends GameView {
  board_token: string;
}

export interface CreatedEvent {
  id: string;
  name: string;
  site?: string;
  arbiter_token: string;
  games: CreatedGame[];
}

export interface APIError {
  status: number;
  error: string;
  index?: number;
  rulings?: Ruling[];
}

export interface PostResult {
  game: string;
  n: number;
  acks: { n: number; seq?: number; rulings: Ruling[]; duplicate?: boolean }[];
}

/** One message of a live stream (GET /api/games/{id}/live, /api/events/{id}/live). */
export interface Message {
  type: 'snapshot' | 'entry' | 'ack' | 'error' | string;
  event?: string;
  game_id?: string;
  game?: GameView;
  entry?: Entry;
  fen?: string;
  ply?: number;
  duty?: Ruling | null;
  result?: string;
  reason?: string;
  post?: PostResult;
  error?: APIError;
  dropped?: boolean;
}
