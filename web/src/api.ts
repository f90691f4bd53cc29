// Talking to "arbiter-hall serve": JSON over HTTP under /api/, live streams over
// WebSocket, and the tokens this browser keeps.

import { lang } from './i18n';
import type { Action, APIError, CreatedEvent, EboardView, Entry, EventListItem, EventView, GameView, Message, PostResult, Times, TRFImport } from './types';

/** An error answer of the API. */
export class ApiError extends Error {
  constructor(
    public status: number,
    public body: APIError | null,
  ) {
    super(body?.text ?? body?.error ?? `HTTP ${status}`);
  }
}

async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  // The page's language, for the rulings' text and the error messages.
  const headers: Record<string, string> = { 'Accept-Language': lang() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers['Authorization'] = 'Bearer ' + token;
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) throw new ApiError(res.status, (data as APIError) ?? { status: res.status, error: text || res.statusText });
  return data as T;
}

/** The most entries GET /api/games/{id}/log answers at a time. */
export const logPage = 1000;

// Reads take an optional token: under an event's broadcast delay, a read
// without the event's arbiter token or the game's board token shows the
// games as they stood the delay ago (a wrong token reads as none).
export const api = {
  events: () => call<EventListItem[]>('GET', '/api/events'),
  /** An event and its games (round: one round's only). */
  event: (id: string, token?: string, round?: number) =>
    call<EventView>('GET', `/api/events/${enc(id)}${round ? `?round=${round}` : ''}`, undefined, token),
  createEvent: (spec: unknown) => call<CreatedEvent>('POST', '/api/events', spec),
  game: (id: string, token?: string) => call<GameView>('GET', `/api/games/${enc(id)}`, undefined, token),
  standings: (id: string, query: string, token?: string) =>
    call<import('./pages/standings').Standings>('GET', `/api/events/${enc(id)}/standings${query}`, undefined, token),
  /** The entries after the first after, at most logPage of them. */
  log: (id: string, after = 0, token?: string) => call<Entry[]>('GET', `/api/games/${enc(id)}/log?after=${after}`, undefined, token),
  post: (id: string, actions: Action[], token: string) => call<PostResult>('POST', `/api/games/${enc(id)}/actions`, actions, token),
  decide: (id: string, result: string, reason: string, token: string, forfeit = false) =>
    call<PostResult>('POST', `/api/games/${enc(id)}/result`, forfeit ? { result, reason, forfeit } : { result, reason }, token),
  /** A round's pairings from a TRF file (its text, sent as text/plain); accept=file|hall settles earlier results that differ. */
  importTRF: async (id: string, round: number, text: string, token: string, accept = '', extra = '') => {
    const q = `round=${round}${accept ? `&accept=${accept}` : ''}${extra}`;
    const res = await fetch(`/api/events/${enc(id)}/trf?${q}`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Accept-Language': lang(), Authorization: 'Bearer ' + token },
      body: text,
    });
    const body = await res.text();
    let data: unknown = null;
    try {
      data = body ? JSON.parse(body) : null;
    } catch {
      data = null;
    }
    if (!res.ok) throw new ApiError(res.status, (data as APIError) ?? { status: res.status, error: body || res.statusText });
    return data as TRFImport;
  },
  /** Sets the version of C.07 the event's standings apply: "2024", "2026", or "" for the one in force on its first day. */
  tiebreakRules: (id: string, rules: string, token: string) =>
    call<{ event: string; chosen: string; rules: string }>('PUT', `/api/events/${enc(id)}/tiebreak-rules`, { rules }, token),
  /** The event's TRF file with the hall's results, as text. */
  exportTRF: async (id: string, token: string) => {
    const res = await fetch(`/api/events/${enc(id)}/trf`, { headers: { 'Accept-Language': lang(), Authorization: 'Bearer ' + token } });
    if (!res.ok) {
      const body = await res.text();
      let data: APIError | null = null;
      try {
        data = JSON.parse(body) as APIError;
      } catch {
        data = null;
      }
      throw new ApiError(res.status, data ?? { status: res.status, error: body || res.statusText });
    }
    return res.blob();
  },
  /** Starts a round: the tables' tokens go to its games. */
  startRound: (id: string, round: number, token: string) => call<{ round: number; tables: { table: number; game: string }[] }>('POST', `/api/events/${enc(id)}/rounds/${round}/start`, undefined, token),
  /** A new token for a table (the old one stops working). */
  tableToken: (id: string, table: number, token: string) =>
    call<{ table: number; table_token: string }>('POST', `/api/events/${enc(id)}/tables/${table}/token`, undefined, token),
  /** The table's current round and game, read with the table's token. */
  table: (id: string, table: number, token: string) =>
    call<{ event: string; table: number; round: number; game: GameView }>('GET', `/api/events/${enc(id)}/tables/${table}`, undefined, token),
  eboards: (id: string, token: string) => call<{ event: string; boards: EboardView[] }>('GET', `/api/events/${enc(id)}/eboards`, undefined, token),
  /** The arbiter accepts a physical clock's held reading, or sets both clocks (milliseconds), 6.10.2. */
  setClock: (id: string, spec: { accept: true } | Times, token: string) => call<PostResult>('POST', `/api/games/${enc(id)}/clock`, spec, token),
  /** The arbiter sets the event's broadcast delay (seconds, 0 to maxDelay). */
  setDelay: (id: string, seconds: number, token: string) =>
    call<{ event: string; delay: number }>('PUT', `/api/events/${enc(id)}/delay`, { delay: seconds }, token),
  broadcast: (id: string, token: string) => call<import('./pages/broadcast').BroadcastView>('GET', `/api/events/${enc(id)}/broadcast`, undefined, token),
  setBroadcast: (id: string, body: unknown, token: string) =>
    call<import('./pages/broadcast').BroadcastView>('PUT', `/api/events/${enc(id)}/broadcast`, body, token),
};

/** The longest broadcast delay the server takes, in seconds. */
export const maxDelay = 3600;

export const pgnURL = (gameId: string) => `/api/games/${enc(gameId)}/pgn`;
export const eventPgnURL = (eventId: string) => `/api/events/${enc(eventId)}/pgn`;

function enc(s: string) {
  return encodeURIComponent(s);
}

/**
 * Follows a live stream, reconnecting after a drop (with a fresh snapshot,
 * as the server sends one on every connection). onState tells whether the
 * socket is open. The returned function closes it for good.
 *
 * The page's language goes in the address (?lang=), for the text of the
 * rulings pushed. token, when it gives one, is sent there too (a browser's
 * WebSocket cannot set headers, and the server reads a token there for
 * upgrades only), read again at every connection: the socket then shows
 * the games live rather than under the event's broadcast delay. A game's
 * socket refuses a token that is not the board's or the arbiter's, which a
 * browser cannot tell from a server out of reach: after two connections
 * with it that never opened, the stream is followed without it (as a
 * spectator sees it), and the token is tried again after the next drop.
 */
export function follow(
  path: string,
  onMessage: (m: Message) => void,
  onState?: (open: boolean, withToken: boolean) => void,
  token?: () => string,
): () => void {
  let ws: WebSocket | null = null;
  let closed = false;
  let delay = 250;
  let timer = 0;
  let refused = 0;
  const open = () => {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const t = token?.() ?? '';
    const withToken = !!t && refused < 2;
    let opened = false;
    // The page's language in the address too: the rulings the socket
    // pushes, and its answers, say their text in it.
    const q = `lang=${enc(lang())}${withToken ? `&token=${enc(t)}` : ''}`;
    ws = new WebSocket(`${proto}//${location.host}${path}${path.includes('?') ? '&' : '?'}${q}`);
    ws.onopen = () => {
      opened = true;
      delay = 250;
      if (withToken) refused = 0;
      onState?.(true, withToken);
    };
    ws.onmessage = ev => {
      try {
        onMessage(JSON.parse(ev.data as string) as Message);
      } catch (e) {
        console.error('live message', e);
      }
    };
    ws.onclose = () => {
      if (withToken && !opened) refused++;
      else if (!withToken && opened) refused = 0;
      onState?.(false, withToken);
      if (closed) return;
      timer = window.setTimeout(open, delay);
      delay = Math.min(delay * 2, 5000);
    };
  };
  open();
  return () => {
    closed = true;
    clearTimeout(timer);
    ws?.close();
  };
}

export const gameStream = (id: string) => `/api/games/${enc(id)}/live`;
export const eventStream = (id: string) => `/api/events/${enc(id)}/live`;

// Tokens: a board token per game, an arbiter token per event. They stay in
// this browser (localStorage); a link may carry one in its fragment
// (#token=...), which never reaches a server.

const key = (kind: 'board' | 'arbiter' | 'table', id: string) => `arbiter.${kind}.${id}`;

export const tokens = {
  board: (game: string) => localStorage.getItem(key('board', game)) ?? '',
  arbiter: (event: string) => localStorage.getItem(key('arbiter', event)) ?? '',
  setBoard: (game: string, t: string) => localStorage.setItem(key('board', game), t),
  setArbiter: (event: string, t: string) => localStorage.setItem(key('arbiter', event), t),
  /** A table's token, as the organiser issued it in this browser. */
  table: (event: string, n: number) => localStorage.getItem(key('table', `${event}.${n}`)) ?? '',
  setTable: (event: string, n: number, t: string) => localStorage.setItem(key('table', `${event}.${n}`), t),
};

/** Takes a token from the page's fragment (#token=...) and clears it from the address bar. */
export function tokenFromFragment(): string {
  const m = /(?:^#|&)token=([^&]+)/.exec(location.hash);
  if (!m) return '';
  history.replaceState(null, '', location.pathname + location.search);
  return decodeURIComponent(m[1]);
}

/** Games this browser created or joined, newest first (for the play page). */
export interface RecentGame {
  game: string;
  event: string;
  white: string;
  black: string;
  rules: string;
  created: number;
}

export const recent = {
  list(): RecentGame[] {
    try {
      return JSON.parse(localStorage.getItem('arbiter.recent') ?? '[]') as RecentGame[];
    } catch {
      return [];
    }
  },
  add(g: RecentGame) {
    const l = recent.list().filter(x => x.game !== g.game);
    l.unshift(g);
    localStorage.setItem('arbiter.recent', JSON.stringify(l.slice(0, 20)));
  },
};
