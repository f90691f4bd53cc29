// Events: the list of events on this server, and a form to create one
// with its pairings (the tokens come back once and stay in this browser).

import { api, tokens } from '../api';
import { header } from '../common';
import { h, fill, setTitle } from '../dom';
import type { CreatedEvent } from '../types';
import { ruleSets } from './play';

export function events(app: HTMLElement) {
  setTitle('Events');
  const list = h('div', { id: 'event-list' }, h('p', { class: 'muted' }, 'Loading…'));
  const out = h('div', { id: 'created' });
  const form = h(
    'form',
    { class: 'card', id: 'new-event' },
    h('h2', null, 'New event'),
    h('label', null, 'Name ', h('input', { name: 'name', required: true, value: 'Club championship' })),
    h('label', null, 'Site ', h('input', { name: 'site', value: '' })),
    h('label', null, 'Rule set ', h('select', { name: 'rules' }, ruleSets.map(([v, t]) => h('option', { value: v }, t)))),
    h('label', null, 'Pairings, one game a line (White - Black) ', h('textarea', { name: 'pairings', rows: 4 }, 'Anna - Boris\nCarla - Dmitri')),
    h('button', { type: 'submit', class: 'primary' }, 'Create the event'),
  );
  form.addEventListener('submit', async ev => {
    ev.preventDefault();
    const fd = new FormData(form);
    const games = String(fd.get('pairings') ?? '')
      .split('\n')
      .map(l => l.trim())
      .filter(Boolean)
      .map(l => {
        const [white, black] = l.split(/\s+-\s+|\s*–\s*/);
        return { white: white?.trim() || '?', black: black?.trim() || '?' };
      });
    try {
      const created = await api.createEvent({ name: String(fd.get('name')), site: String(fd.get('site') ?? ''), start: { rules: String(fd.get('rules')) }, games });
      showCreated(created);
      void load();
    } catch (e) {
      fill(out, h('p', { class: 'error' }, `Could not create the event: ${(e as Error).message}`));
    }
  });

  const showCreated = (ev: CreatedEvent) => {
    tokens.setArbiter(ev.id, ev.arbiter_token);
    for (const g of ev.games) tokens.setBoard(g.id, g.board_token);
    const origin = location.origin;
    fill(
      out,
      h(
        'div',
        { class: 'card' },
        h('h2', null, `${ev.name}: created`),
        h('p', null, 'Keep these links: each carries a token that is shown only now (this browser remembers them too).'),
        h('ul', { class: 'plain' },
          h('li', null, h('a', { href: `/hall/${ev.id}` }, 'Hall'), ' (for everyone)'),
          h('li', null, h('a', { href: `/desk/${ev.id}#token=${encodeURIComponent(ev.arbiter_token)}` }, 'Arbiter’s desk'), ` — ${origin}/desk/${ev.id}#token=…`),
          ev.games.map(g => h('li', null, `Board ${g.board}: ${g.white} – ${g.black}: `,
            h('a', { href: `/play/${g.id}#token=${encodeURIComponent(g.board_token)}` }, 'play'), ' · ', h('a', { href: `/board/${g.id}` }, 'watch')))),
      ),
    );
  };

  const load = async () => {
    try {
      const evs = await api.events();
      fill(list, evs.length
        ? h('ul', { class: 'plain events' }, evs.map(e => h('li', null, h('a', { href: `/hall/${e.id}` }, e.name), e.site ? ` · ${e.site}` : '', ' · ',
          h('a', { href: `/desk/${e.id}` }, 'desk'))))
        : h('p', { class: 'muted' }, 'No event yet.'));
    } catch (e) {
      fill(list, h('p', { class: 'error' }, `Could not read the events: ${(e as Error).message}`));
    }
  };
  void load();

  app.append(header('events'), h('main', { class: 'events-page' }, h('section', { class: 'card' }, h('h1', null, 'Events'), list), form, out));
}
