// Talking to "arbiter-hall serve": JSON over HTTP under /api/, live streams over
// WebSocket, and the tokens this browser keeps.

import type { Action, APIError, CreatedEvent, Entry, EventListItem, EventView, GameView, Message, PostResult } from './types';

/** An error answer of the API. */
export class ApiError extends Error {
  constructor(
    public status: number,
    public body: APIError | null,
  ) {
    super(body?.error ?? `HTTP ${status}`);
  }
}

async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = {};
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

export const api = {
  events: () => call<EventListItem[]>('GET', '/api/events'),
  event: (id: string) => call<EventView>('GET', `/api/events/${enc(id)}`),
  createEvent: (spec: unknown) => call<CreatedEvent>('POST', '/api/events', spec),
  game: (id: string) => call<GameView>('GET', `/api/games/${enc(id)}`),
  log: (id: string, after = 0) => call<Entry[]>('GET', `/api/games/${enc(id)}/log?after=${after}`),
  post: (id: string, actions: Action[], token: string) => call<PostResult>('POST', `/api/games/${enc(id)}/actions`, actions, token),
  decide: (id: string, result: string, reason: string, token: string) =>
    call<PostResult>('POST', `/api/games/${enc(id)}/result`, { result, reason }, token),
};

export const pgnURL = (gameId: string) => `/api/games/${enc(gameId)}/pgn`;
export const eventPgnURL = (eventId: string) => `/api/events/${enc(eventId)}/pgn`;

function enc(s: string) {
  return encodeURIComponent(s);
}

/**
 * Follows a live stream, reconnecting after a drop (with a fresh snapshot,
 * as the server sends one on every connection). onState tells whether the
 * socket is open. The returned function closes it for good.
 */
export function follow(path: string, onMessage: (m: Message) => void, onState?: (open: boolean) => void): () => void {
  let ws: WebSocket | null = null;
  let closed = false;
  let delay = 250;
  let timer = 0;
  const open = () => {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    ws = new WebSocket(`${proto}//${location.host}${path}`);
    ws.onopen = () => {
      delay = 250;
      onState?.(true);
    };
    ws.onmessage = ev => {
      try {
        onMessage(JSON.parse(ev.data as string) as Message);
      } catch (e) {
        console.error('live message', e);
      }
    };
    ws.onclose = () => {
      onState?.(false);
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

const key = (kind: 'board' | 'arbiter', id: string) => `arbiter.${kind}.${id}`;

export const tokens = {
  board: (game: string) => localStorage.getItem(key('board', game)) ?? '',
  arbiter: (event: string) => localStorage.getItem(key('arbiter', event)) ?? '',
  setBoard: (game: string, t: string) => localStorage.setItem(key('board', game), t),
  setArbiter: (event: string, t: string) => localStorage.setItem(key('arbiter', event), t),
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
