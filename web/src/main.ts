// The arbiter's web pages, one bundle: the path picks the page.
//
//   /                  play: start a game on this screen
//   /play/{game}       play a game under touch-move (board token)
//   /board/{game}      a game for spectators, live
//   /hall/{event}      every board of an event, live
//   /desk/{event}      the arbiter's desk (arbiter token)
//   /standings/{event} the standings with the event's tie-breaks
//   /embed/game/{game}, /embed/round/{event}/{round}  boards for other sites' pages
//   /events            the events, and a form to create one
//   /organise/{event}  the organiser's page (arbiter token)
//   /table/{event}/{n} a table's play page, all event long (table token)

import 'chessground/assets/chessground.base.css';
import 'chessground/assets/chessground.brown.css';
import 'chessground/assets/chessground.cburnett.css';
import './style.css';

import { h } from './dom';
import { boardPage } from './pages/board';
import { desk } from './pages/desk';
import { events } from './pages/events';
import { hall } from './pages/hall';
import { home, play } from './pages/play';
import { standingsPage } from './pages/standings';
import { embed } from './pages/embed';
import { organise } from './pages/organise';
import { tablePage } from './pages/table';
import { header } from './common';
import { t } from './i18n';

/** The footer (the server writes the version into it) in the reader's language. */
function footer() {
  const el = document.querySelector('.site-footer');
  const version = /^arbiter (\S+)/.exec(el?.textContent ?? '')?.[1];
  if (el && version) el.textContent = t('common.footer', { Version: version });
}

function route() {
  const app = document.getElementById('app')!;
  app.replaceChildren();
  const parts = location.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const [page, id] = parts;
  document.body.dataset.page = page ?? 'home';
  if (!page) return home(app);
  if (page === 'events') return events(app);
  if (page === 'embed') return embed(app, parts.slice(1));
  if (page === 'table' && id && /^\d+$/.test(parts[2] ?? '')) return tablePage(app, id, Number(parts[2]));
  if (id) {
    switch (page) {
      case 'play':
        return play(app, id);
      case 'board':
        return boardPage(app, id);
      case 'hall':
        return hall(app, id);
      case 'desk':
        return desk(app, id);
      case 'standings':
        return standingsPage(app, id);
      case 'organise':
        return organise(app, id);
    }
  }
  app.append(header(''), h('main', null, h('h1', null, t('common.not-found')), h('p', null, h('a', { href: '/' }, t('nav.play')), ' · ', h('a', { href: '/events' }, t('nav.events')))));
}

footer();
route();
