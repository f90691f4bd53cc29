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
  /** With kind time: the milliseconds left on each clock, and whose clock now runs. */
  white?: number;
  black?: number;
  runs?: Side | '';
}

export interface Action {
  /** "white", "black", or "arbiter" for the arbiter's own acts (a flag he observes). */
  by: Side | 'arbiter';
  act: string;
  /** With a flag by the arbiter: whose flag fell. */
  side?: Side;
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
  decision?: Decision;
  rulings: Ruling[];
  time: string;
}

export interface Clock {
  white: number;
  black: number;
  increment?: number;
}

/**
 * A game's clocks as the server keeps them: the milliseconds left at the
 * server time at, and whose clock runs from then. The pages count the
 * running clock down from these figures and never reckon time themselves.
 */
export interface ClockView {
  white: number;
  black: number;
  runs: Side | '';
  at: string;
  /** False until the game's first action starts its clock. */
  started: boolean;
  /** The side whose flag fell, once the game ended on time. */
  flag?: Side;
}

export interface Decision {
  result: string;
  reason?: string;
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

/** A player of an event, from its TRF file. */
export interface Player {
  rank: number;
  name: string;
  title?: string;
  fide_id?: string;
  rating?: number;
  federation?: string;
}

export interface GameView {
  id: string;
  event: string;
  round: number;
  board: number;
  white: string;
  black: string;
  /** The players from the event's list, for games paired from a TRF file. */
  white_player?: Player;
  black_player?: Player;
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
  /** The violation the opponent may still claim, or null. */
  claimable?: ViolationRef | null;
  /** The colour of an open draw offer, when there is one. */
  draw_offer?: Side;
  result: string;
  reason: string;
  decision?: Decision;
  summary: Summary;
  seqs: Record<string, number>;
  rulings?: Ruling[];
  /** The clocks, for a game with a time control. */
  clock?: ClockView;
}

/** What the event's TRF file says of it. */
export interface EventInfo {
  city?: string;
  federation?: string;
  start_date?: string;
  end_date?: string;
  time_control?: string;
  arbiter?: string;
}

export interface EventView {
  id: string;
  name: string;
  site?: string;
  created: string;
  /** The settings games added later inherit. */
  start?: Start;
  info?: EventInfo;
  /** The event's rounds, in order. */
  rounds?: number[];
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
  /**
   * The game's state after an entry (absent when there is none): the
   * violation the opponent may still claim, the open draw offer, the
   * arbiter's decision in force and the clocks.
   */
  claimable?: ViolationRef;
  draw_offer?: Side;
  decision?: Decision;
  clock?: ClockView;
  post?: PostResult;
  error?: APIError;
  dropped?: boolean;
}
