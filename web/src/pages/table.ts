// A table's page (/table/{event}/{n}, the table's token, which its card's
// QR code carries): the play page of the game paired at the table in the
// round under way, all event long. Between rounds it says so and waits;
// when the arbiter starts the next round, it turns to that round's game.

import { api, ApiError, tokenFromFragment, tokens } from '../api';
import { header } from '../common';
import { h, fill, setTitle } from '../dom';
import { play } from './play';
import { t } from '../i18n';

/** How often the page asks which game the table plays now. */
const everyMs = 10000;

export function tablePage(app: HTMLElement, event: string, n: number) {
  const fromLink = tokenFromFragment();
  if (fromLink) tokens.setTable(event, n, fromLink);
  const token = tokens.table(event, n);
  let current = '';
  const wait = h('p', { id: 'table-wait', class: 'muted' }, t('table.reading'));
  const waiting = () => {
    if (app.querySelector('#table-wait')) return;
    app.replaceChildren(header(''), h('main', { class: 'table-page' }, h('section', { class: 'card' }, h('h1', null, t('table.title', { N: n })), wait)));
  };
  const check = async () => {
    if (!token) {
      waiting();
      fill(wait, t('table.no-token'));
      return;
    }
    try {
      const tv = await api.table(event, n, token);
      if (tv.game.id === current) return;
      current = tv.game.id;
      tokens.setBoard(current, token);
      app.replaceChildren();
      setTitle(t('table.title', { N: n }));
      play(app, current);
    } catch (e) {
      const st = (e as ApiError).status;
      if (st === 409) {
        current = '';
        waiting();
        fill(wait, t('table.no-game', { N: n, Why: (e as Error).message.replace(/; nothing was stored$/, '') }));
      } else if (st === 401 || st === 403) {
        waiting();
        fill(wait, t('table.token-replaced'));
      } else if (!current) {
        waiting();
        fill(wait, t('table.unreachable', { Why: (e as Error).message }));
      }
    }
  };
  void check();
  const timer = window.setInterval(() => void check(), everyMs);
  window.addEventListener('pagehide', () => clearInterval(timer), { once: true });
}
