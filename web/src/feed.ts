// Live feeds: a game (for the play and board pages) or every game of an
// event (for the hall and the desk). A feed keeps each game's view, its
// whole log and the mirror replayed from it, and calls back on change.
//
// The server sends a snapshot on connecting and then every new entry; the
// snapshot has no actions, so the log is read once over HTTP and merged
// with what the stream brings (entries are numbered, so nothing is lost
// or applied twice).

import { api, eventStream, follow, gameStream } from './api';
import { replay, type Mirror } from './mirror';
import type { Entry, GameView, Message, Ruling } from './types';

export class GameState {
  view: GameView;
  entries: Entry[] = [];
  mirror: Mirror;
  duty: Ruling | null;
  /** The entry that changed the game last (for notices). */
  latest: Entry | null = null;
  private loading = false;

  constructor(view: GameView) {
    this.view = view;
    this.duty = view.duty;
    this.mirror = replay(view.start_fen, view.start, []);
  }

  /** Merges entries; returns whether the contiguous log grew. */
  merge(es: Entry[]): boolean {
    const before = this.contiguous();
    let retimed = false;
    for (const e of es) {
      if (e.n < 1) continue;
      const old = this.entries[e.n - 1];
      // An entry taken from a post's answer carries this browser's time;
      // the same entry from the server carries the server's: the clocks
      // want the latter.
      if (old && old.time !== e.time) retimed = true;
      this.entries[e.n - 1] = e;
    }
    const after = this.contiguous();
    if (after === before && !retimed) return false;
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

  async load(): Promise<boolean> {
    if (this.loading) return false;
    this.loading = true;
    try {
      const es = await api.log(this.view.id, 0);
      return this.merge(es);
    } finally {
      this.loading = false;
    }
  }

  /** Applies a stream message about this game; returns whether it changed anything. */
  onMessage(m: Message): boolean {
    if (m.type === 'snapshot' && m.game) {
      const rulings = this.view.rulings;
      this.view = { ...m.game, rulings: m.game.rulings ?? rulings };
      this.duty = m.game.duty;
      this.merge([]);
      return true;
    }
    if (m.type === 'entry' && m.entry) {
      this.duty = m.duty ?? null;
      if (m.fen) this.view.fen = m.fen;
      if (m.result) {
        this.view.result = m.result;
        this.view.reason = m.reason ?? '';
      }
      this.view.n = Math.max(this.view.n, m.entry.n);
      this.latest = m.entry;
      this.merge([m.entry]);
      return true;
    }
    return false;
  }
}

/** Whether a game goes on: no result in force (the engine's or the arbiter's). */
export const inPlay = (g: GameState) => g.mirror.result === '*' && g.view.result === '*';

/** Follows one game. onChange runs after every change (and once loaded). */
export function followGame(id: string, onChange: (g: GameState) => void, onLive?: (open: boolean) => void): () => void {
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
        if (!g) g = new GameState(m.game);
        else g.onMessage(m);
        onChange(g);
        void refresh();
        return;
      }
      if (!g || !g.onMessage(m)) return;
      if (g.gap()) void refresh();
      else onChange(g);
    },
    onLive,
  );
}

/** Follows every game of an event. */
export function followEvent(
  id: string,
  onChange: (games: Map<string, GameState>, changed: string | null) => void,
  onLive?: (open: boolean) => void,
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
          g = new GameState(m.game);
          games.set(gid, g);
        } else g.onMessage(m);
        onChange(games, gid);
        void refresh(g);
        return;
      }
      if (!g || !g.onMessage(m)) return;
      if (g.gap()) void refresh(g);
      else onChange(games, gid);
    },
    onLive,
  );
}
