// A table's page (/table/{event}/{n}, the table's token, which its card's
// QR code carries): the play page of the game paired at the table in the
// round under way, all event long. Between rounds it says so and waits;
// when the arbiter starts the next round, it turns to that round's game.

import { api, ApiError, tokenFromFragment, tokens } from '../api';
import { header } from '../common';
import { h, fill, setTitle } from '../dom';
import { play } from './play';

/** How often the page asks which game the table plays now. */
const everyMs = 10000;

export function tablePage(app: HTMLElement, event: string, n: number) {
  const fromLink = tokenFromFragment();
  if (fromLink) tokens.setTable(event, n, fromLink);
  const token = tokens.table(event, n);
  let current = '';
  const wait = h('p', { id: 'table-wait', class: 'muted' }, 'Reading the table…');
  const waiting = () => {
    if (app.querySelector('#table-wait')) return;
    app.replaceChildren(header(''), h('main', { class: 'table-page' }, h('section', { class: 'card' }, h('h1', null, `Table ${n}`), wait)));
  };
  const check = async () => {
    if (!token) {
      waiting();
      fill(wait, 'This browser has no token for this table: scan the table’s card again.');
      return;
    }
    try {
      const t = await api.table(event, n, token);
      if (t.game.id === current) return;
      current = t.game.id;
      tokens.setBoard(current, token);
      app.replaceChildren();
      setTitle(`Table ${n}`);
      play(app, current);
    } catch (e) {
      const st = (e as ApiError).status;
      if (st === 409) {
        current = '';
        waiting();
        fill(wait, `No game at table ${n} now: ${(e as Error).message.replace(/; nothing was stored$/, '')}. This page turns to the game when the arbiter starts the round.`);
      } else if (st === 401 || st === 403) {
        waiting();
        fill(wait, 'This table’s token no longer works (the arbiter issued a new one): scan the table’s new card.');
      } else if (!current) {
        waiting();
        fill(wait, `Could not reach the server: ${(e as Error).message}. Trying again.`);
      }
    }
  };
  void check();
  const timer = window.setInterval(() => void check(), everyMs);
  window.addEventListener('pagehide', () => clearInterval(timer), { once: true });
}
