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
  /** The protocol's kinds; "act" is the pages' own, for an act on the clocks that got no ruling (mirror.ts). */
  kind: 'must' | 'move' | 'violation' | 'illegal' | 'claim' | 'result' | 'error' | 'time' | 'after-end' | 'irregularity' | 'act' | string;
  /** A player's colour; "arbiter" or "assistant" for their acts (a claim, an irregularity reported). */
  by?: Side | 'arbiter' | 'assistant' | string;
  rule?: string;
  sq?: string;
  with?: string;
  /** The message id in the catalogues (lang/catalog), when it is not the kind's. */
  msg?: string;
  /** Piece letters: the piece touched first (on sq) and the one moved instead (from), or the promotion pieces. */
  piece?: string;
  other?: string;
  from?: string;
  /** The obligation a broke-duty violation broke, as a message id, and the parameters of a ruling's message beyond its fields. */
  duty?: string;
  args?: Record<string, string>;
  /** What the board showed, change by change, for an illegal move the engine read from the board. */
  board?: { piece: string; colour?: string; from?: string; to?: string }[];
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

/** What both clocks show, in milliseconds. */
export interface Times {
  white: number;
  black: number;
}

export interface Action {
  /**
   * "white", "black"; "arbiter" for the arbiter's own acts (a flag he
   * observes, the clocks paused, resumed or set, a set-up error);
   * "assistant" for a visually disabled player's assistant (Appendix D).
   */
  by: Side | 'arbiter' | 'assistant';
  act: string;
  /** With a flag by the arbiter: whose flag fell; with an assistant's act: the player he assists. */
  side?: Side;
  sq?: string;
  piece?: string;
  /** With put: the colour of the new piece when it is not the player's own. */
  colour?: Side;
  /** With knock: the square the knocked piece fell onto. */
  to?: string;
  hand?: 'left' | 'right';
  what?: string;
  move?: string;
  t?: number;
  /** What a physical clock showed at this action (with set-clock: what the arbiter set). */
  times?: Times;
  /** A hand act on the other board of a game under Appendix D: it changes nothing here. */
  mirror?: boolean;
  time_pressure?: boolean;
  seq?: number;
}

/**
 * A note of the server on an entry of a game's log (at): a board's t
 * re-stamped, a physical clock's reading held for the arbiter, the clocks
 * stopped while the server was down. Not the engine's: it rules on
 * nothing.
 */
export interface Note {
  at: number;
  kind: 'restamped' | 'clock-held' | 'outage' | string;
  text: string;
  /** restamped: the t the board gave. */
  board_t?: number;
  /** clock-held: what the physical clock showed, and the server's reckoning then. */
  times?: Times;
  reckoned?: Times;
  /** clock-held: whose clock ran at the reading. */
  runs?: Side | '';
  /** outage: when the server stopped and started again. */
  from?: string;
  to?: string;
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
  /** The server's notes on the action (without their at: the entry's n). */
  notes?: Omit<Note, 'at'>[];
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
  /** The result is by forfeit (the game was not played). */
  forfeit?: boolean;
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
  /** The server's notes on the log's entries, in order. */
  notes?: Note[];
  /** The physical clock's reading held for the arbiter, until he accepts or corrects it. */
  clock_held?: Note | null;
  /** Whose view this is (a game read, a game socket's snapshot): "anyone" when the token sent is not the game's. */
  reader?: 'arbiter' | 'board' | 'anyone';
}

/** What the event's TRF file says of it. */
export interface EventInfo {
  city?: string;
  federation?: string;
  start_date?: string;
  end_date?: string;
  time_control?: string;
  arbiter?: string;
  /** The pairing system the standings count unplayed rounds by. */
  system?: string;
  /** The event's tie-breaks in C.07's names ("BH/C1,BH,SB"). */
  tiebreaks?: string;
  /** "game" for a lone game played on one screen. */
  kind?: string;
  /** The version of the Tie-Break Regulations (C.07) the arbiter chose: "2024", "2026", or absent for the one in force on the first day. */
  tiebreak_rules?: string;
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
  /** The round the arbiter started last (0: none): the round the tables' tokens post to. */
  current_round?: number;
  /** The broadcast delay, in seconds: readers without a token see the games as they stood that long ago. */
  delay?: number;
  /** A team event's games by match (its TRF file has team records). */
  matches?: EventMatch[];
  games: GameView[];
}

/** A match of a team event's round: its teams and its games in board order. */
export interface EventMatch {
  round: number;
  home: number;
  away: number;
  home_name: string;
  away_name: string;
  games: { game: string; home_white: boolean }[];
}

export interface EventListItem {
  id: string;
  name: string;
  site?: string;
  created?: string;
  info?: EventInfo;
  /** The round started last (0: none), the last round paired, the number of games. */
  current_round?: number;
  rounds?: number;
  game_count?: number;
  /** Where the event stands, in words. */
  status?: string;
}

/** A table's e-board, as its reader last reported it. */
export interface EboardView {
  table: number;
  serial?: string;
  port?: string;
  connected: boolean;
  last_action?: string;
  queued: number;
  round?: number;
  game?: string;
  message?: string;
  seen: string;
  /** The report is older than the reader's promise to report again. */
  stale: boolean;
}

/** The answer of a round's TRF import. */
export interface TRFImport {
  event: string;
  round: number;
  players: number;
  games: CreatedGame[];
  byes: number[];
  forfeits: [number, number][];
  encoding: string;
  conflicts?: { round: number; white: number; black: number; file: string; hall: string; kept: string }[];
  /** The file was a pairing program's pairing list (by pairing numbers), written into the event's TRF file. */
  pairing_list?: boolean;
  /** The number of rounds written as XXR (rounds=N) into a file that gave none. */
  rounds?: number;
  /** Players whose points column disagrees with their round blocks, and which figure stands ("file" or "blocks"). */
  points?: { player: number; name: string; file: string; blocks: string }[];
  points_kept?: string;
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
  /** The error in English, for logs; text says it in the language asked, msg and args are its message. */
  error: string;
  text?: string;
  msg?: string;
  args?: Record<string, string>;
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
