// Live feeds: a game (for the play and board pages) or every game of an
// event (for the hall and the desk). A feed keeps each game's view, its
// whole log and the mirror replayed from it, and calls back on change.
//
// The server sends a snapshot on connecting and then every new entry; the
// snapshot has no actions, so the log is read once over HTTP and merged
// with what the stream brings (entries are numbered, so nothing is lost
// or applied twice).
//
// What the server reckons itself is taken as it says it, from the snapshot
// and from each entry (the state after it): the clocks, the violation the
// opponent may still claim, the draw offer and the arbiter's decision.
//
// Under an event's broadcast delay, the server shows readers without a
// token each game as it stood the delay ago. A feed given a token (the
// board's on the play page, the arbiter's at the desk) sends it with every
// read, the live socket's included, and sees the games live.

import { api, eventStream, follow, gameStream, logPage } from './api';
import { ended, other, replay, type Mirror, type Pending } from './mirror';
import type { ClockView, Decision, Entry, GameView, Message, Note, Ruling, Side, ViolationRef } from './types';

/** A token for a feed's reads, read again at each (empty: none). */
export type TokenSource = () => string;
const noToken: TokenSource = () => '';

/** What the clocks show at a moment: milliseconds left (never below 0) and whose clock runs. */
export interface Clocks {
  white: number;
  black: number;
  runs: Side | '';
  flag: Side | null;
}

/** A monotonic clock of this page, in milliseconds (immune to changes of the computer's time). */
const tick = () => performance.now();

export class GameState {
  view: GameView;
  entries: Entry[] = [];
  mirror: Mirror;
  duty: Ruling | null;
  /** The entry that changed the game last (for notices). */
  latest: Entry | null = null;
  /** The violation the opponent may still claim, as the server reports it. */
  claimable: ViolationRef | null = null;
  /** The side whose draw offer is open, as the server reports it. */
  drawOffer: Side | null = null;
  /** The arbiter's decision in force, as the server reports it. */
  decision: Decision | null = null;
  /** The server's clocks, and when (this page's tick) they came. */
  clock: ClockView | null = null;
  private clockTick = 0;
  /** The entry number of the server's state held (the view's n, an entry's). */
  private stateN = -1;
  /** An entry came without the state after it: the view is read again. */
  staleView = false;
  private loading: Promise<boolean> | null = null;
  private again = false;
  /** The notes and the held clock reading of the view held (its n: stateN), until the log has caught up with it. */
  private viewNotes: Note[] = [];
  private viewHeld: Note | null = null;
  /** The token this game is read with. */
  readonly token: TokenSource;

  constructor(view: GameView, token: TokenSource = noToken) {
    this.view = view;
    this.token = token;
    this.duty = view.duty;
    this.mirror = replay(view.start_fen, view.start, []);
    this.takeView(view);
  }

  /** Takes the server's state from a game view (a snapshot, or one read over HTTP) unless newer state is held. */
  private takeView(v: GameView): boolean {
    if (v.n < this.stateN) return false;
    this.stateN = v.n;
    this.claimable = v.claimable ?? null;
    this.drawOffer = v.draw_offer ?? null;
    this.decision = v.decision ?? null;
    this.viewNotes = Array.isArray(v.notes) ? v.notes : [];
    this.viewHeld = v.clock_held ?? null;
    this.takeClock(v.clock ?? null);
    return true;
  }

  /**
   * The server's notes on the log's entries, in order: those of the log
   * read so far (the mirror's), then the view's beyond it.
   */
  notes(): (Note & { settled?: number })[] {
    const k = this.mirror.entries;
    return [...this.mirror.notes, ...this.viewNotes.filter(n => n.at > k)];
  }

  /**
   * The physical clock's reading held for the arbiter (a clock-held note
   * not yet settled by his set-clock), or null: the log's once it has
   * been read as far as the view held, else the view's.
   */
  clockHeld(): Note | null {
    return this.mirror.entries >= this.stateN ? this.mirror.clockHeld : this.viewHeld;
  }

  /**
   * Takes the server's clocks. The figures are those at the server time
   * at, which is (within the message's journey) when they came: the
   * running clock is counted down from their arrival on this page's own
   * monotonic clock, so that no offset between the two computers' clocks
   * matters.
   */
  private takeClock(c: ClockView | null) {
    this.clock = c;
    this.clockTick = tick();
  }

  /** The clocks now, counted down from the server's latest figures; null for a game without a clock. */
  clocks(now = tick()): Clocks | null {
    const c = this.clock;
    if (!c) return null;
    const out: Clocks = { white: Math.max(0, c.white), black: Math.max(0, c.black), runs: c.runs, flag: c.flag ?? null };
    if (c.runs && inPlay(this)) out[c.runs] = Math.max(0, c[c.runs] - Math.max(0, now - this.clockTick));
    else out.runs = '';
    return out;
  }

  /** The side whose flag fell, when the result in force is a flag fall. */
  flag(): Side | null {
    const f = inForce(this);
    if (f.reason !== 'time' && f.reason !== 'time-vs-no-mate') return null;
    return this.clock?.flag ?? this.mirror.flag ?? (f.result === '1-0' ? 'black' : f.result === '0-1' ? 'white' : null);
  }

  /**
   * The claimable violation with its positions, from the log (null until
   * the log has been read that far).
   */
  pending(): Pending | null {
    const c = this.claimable;
    if (!c) return null;
    const p = this.mirror.violations.get(c.at);
    if (p) return p;
    return null;
  }

  /** The claimant and the violator of the claimable violation. */
  claimParties(): { claimant: Side; violator: Side } | null {
    const c = this.claimable;
    return c ? { violator: c.by, claimant: other(c.by) } : null;
  }

  /** Merges entries; returns whether the contiguous log grew. */
  merge(es: Entry[]): boolean {
    const before = this.contiguous();
    for (const e of es) {
      if (e.n < 1) continue;
      this.entries[e.n - 1] = e;
    }
    const after = this.contiguous();
    if (after === before) return false;
    this.mirror = replay(this.view.start_fen, this.view.start, this.entries.slice(0, after));
    return true;
  }

  contiguous(): number {
    let n = 0;
    while (n < this.entries.length && this.entries[n]) n++;
    return n;
  }

  /** Whether entries are known to be missing (the stream ran ahead of the log). */
  gap(): boolean {
    return this.entries.length > this.contiguous() || this.view.n > this.contiguous();
  }

  /**
   * Reads the log (and the view, when stale) and merges it; a load asked
   * for while one runs runs again after it (the same promise answers
   * both). Returns whether anything changed.
   */
  load(): Promise<boolean> {
    if (this.loading) {
      this.again = true;
      return this.loading;
    }
    this.loading = (async () => {
      let changed = false;
      try {
        do {
          this.again = false;
          changed = (await this.loadOnce()) || changed;
        } while (this.again);
      } finally {
        this.loading = null;
      }
      return changed;
    })();
    return this.loading;
  }

  private async loadOnce(): Promise<boolean> {
    let changed = false;
    const token = this.token() || undefined;
    if (this.staleView) {
      this.staleView = false;
      const v = await api.game(this.view.id, token);
      this.view.n = Math.max(this.view.n, v.n);
      if (this.takeView(v)) {
        this.view.result = v.result;
        this.view.reason = v.reason;
        this.view.fen = v.fen;
        this.duty = v.duty;
        changed = true;
      }
    }
    // The log from what is held on, a page at a time.
    for (;;) {
      const after = this.contiguous();
      const es = await api.log(this.view.id, after, token);
      changed = this.merge(es) || changed;
      if (es.length < logPage || this.contiguous() <= after) break;
    }
    return changed;
  }

  /** Applies a stream message about this game; returns whether it changed anything. */
  onMessage(m: Message): boolean {
    if (m.type === 'snapshot' && m.game) {
      // A snapshot older than the state held (a socket that came back
      // under the broadcast delay) changes nothing.
      if (!this.takeView(m.game)) return false;
      const rulings = this.view.rulings;
      this.view = { ...m.game, rulings: m.game.rulings ?? rulings };
      this.duty = m.game.duty;
      this.merge([]);
      return true;
    }
    if (m.type === 'entry' && m.entry) {
      this.view.n = Math.max(this.view.n, m.entry.n);
      this.latest = m.entry;
      // An entry with the state after it (its position) carries the
      // server's claimable violation, draw offer, decision and clocks,
      // absent when there is none. One without (an arbiter's decision, as
      // the server sends it now) carries the decision only: the rest is
      // read with the view.
      if (m.fen) {
        this.duty = m.duty ?? null;
        this.view.fen = m.fen;
        if (m.entry.n >= this.stateN) {
          this.stateN = m.entry.n;
          this.claimable = m.claimable ?? null;
          this.drawOffer = m.draw_offer ?? null;
          this.decision = m.decision ?? null;
          if (m.clock) this.takeClock(m.clock);
        }
      } else {
        this.decision = m.decision ?? null;
        this.staleView = true;
      }
      if (m.result) {
        this.view.result = m.result;
        this.view.reason = m.reason ?? '';
      }
      this.merge([m.entry]);
      return true;
    }
    return false;
  }

  /** Whether the view should be read again (see staleView) or entries are missing. */
  needsLoad(): boolean {
    return this.staleView || this.gap();
  }
}

/** Whether a game goes on: no result in force (the engine's or the arbiter's), nor cancelled. */
export const inPlay = (g: GameState) => !ended(g.mirror) && !ended(g.view) && !g.decision;

/** The result in force of a game, and its reason. */
export function inForce(g: GameState): { result: string; reason: string } {
  const m = g.mirror;
  return ended(m) ? { result: m.result, reason: m.reason } : { result: g.view.result, reason: g.view.reason };
}

/**
 * Follows one game. onChange runs after every change (and once loaded);
 * onLive(open, withToken) when the socket opens or closes. token: see
 * TokenSource.
 */
export function followGame(
  id: string,
  onChange: (g: GameState) => void,
  onLive?: (open: boolean, withToken: boolean) => void,
  token: TokenSource = noToken,
): () => void {
  let g: GameState | null = null;
  const refresh = async () => {
    if (!g) return;
    try {
      await g.load();
    } catch (e) {
      console.error(e);
    }
    onChange(g);
  };
  return follow(
    gameStream(id),
    m => {
      if (m.type === 'snapshot' && m.game) {
        if (!g) g = new GameState(m.game, token);
        else g.onMessage(m);
        onChange(g);
        void refresh();
        return;
      }
      if (!g || !g.onMessage(m)) return;
      if (g.needsLoad()) void refresh();
      else onChange(g);
    },
    onLive,
    token,
  );
}

/** Follows every game of an event (token: see TokenSource). */
export function followEvent(
  id: string,
  onChange: (games: Map<string, GameState>, changed: string | null) => void,
  onLive?: (open: boolean, withToken: boolean) => void,
  token: TokenSource = noToken,
): () => void {
  const games = new Map<string, GameState>();
  const refresh = async (g: GameState) => {
    try {
      await g.load();
    } catch (e) {
      console.error(e);
    }
    onChange(games, g.view.id);
  };
  return follow(
    eventStream(id),
    m => {
      const gid = m.game_id ?? m.game?.id;
      if (!gid) return;
      let g = games.get(gid);
      if (m.type === 'snapshot' && m.game) {
        if (!g) {
          g = new GameState(m.game, token);
          games.set(gid, g);
        } else g.onMessage(m);
        onChange(games, gid);
        void refresh(g);
        return;
      }
      if (!g || !g.onMessage(m)) return;
      if (g.needsLoad()) void refresh(g);
      else onChange(games, gid);
    },
    onLive,
    token,
  );
}
