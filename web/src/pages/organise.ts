// The organiser's page (/organise/{event}, the arbiter's token): a round's
// pairings from the pairing program's TRF file (a file dialog) and the TRF
// back with the hall's results; the round started; the tables' cards
// printed, each with its table token as a QR code for the play page and
// the line for the e-board reader; a table's token issued again; results,
// forfeits and corrections entered with their reason (each one a decision
// in the game's log, on the desk too); and what each table's e-board
// reader last said.

import qrcode from 'qrcode-generator';
import { api, ApiError, tokenFromFragment, tokens } from '../api';
import { header } from '../common';
import { h, fill, setTitle } from '../dom';
import type { EboardView, EventView, GameView, TRFImport } from '../types';
import { resultWords } from '../words';

/** The results the organiser enters: [value sent, forfeit, label]. */
const results: [string, boolean, string][] = [
  ['1-0', false, '1-0 (White won)'],
  ['0-1', false, '0-1 (Black won)'],
  ['1/2-1/2', false, '½-½ (draw)'],
  ['1-0', true, '+/- (Black forfeits)'],
  ['0-1', true, '-/+ (White forfeits)'],
  ['0-0', true, '-/- (both forfeit)'],
  ['*', false, '* (in play: withdraw the decision)'],
];

/** The address a table's card points the players to. */
export const tableURL = (event: string, n: number, token: string) =>
  `${location.origin}/table/${encodeURIComponent(event)}/${n}#token=${encodeURIComponent(token)}`;

/** A QR code of text, as an SVG element. */
function qr(text: string): Element {
  const q = qrcode(0, 'M');
  q.addData(text);
  q.make();
  const doc = new DOMParser().parseFromString(q.createSvgTag({ cellSize: 4, margin: 2, scalable: true }), 'image/svg+xml');
  return document.importNode(doc.documentElement, true);
}

/** How long ago a time was, in words. */
function ago(iso: string | undefined, now = Date.now()): string {
  if (!iso) return 'no action yet';
  const s = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  return `${Math.round(s / 3600)} h ago`;
}

export function organise(app: HTMLElement, id: string) {
  const fromLink = tokenFromFragment();
  if (fromLink) tokens.setArbiter(id, fromLink);
  const token = () => tokens.arbiter(id);
  setTitle('Organiser');
  const title = h('h1', { id: 'title' }, 'Organiser');
  const status = h('p', { id: 'org-status', class: 'muted' });
  const msg = h('div', { id: 'org-message', role: 'status', 'aria-live': 'polite' });
  const say = (text: string, error = false) => fill(msg, h('p', { class: error ? 'error' : 'ok' }, text));
  const failed = (what: string, e: unknown) => say(`${what}: ${(e as Error).message}`, true);

  // The token, when this browser has none.
  const tokenForm = h(
    'form',
    { class: 'card token', id: 'token-form', hidden: true },
    h('label', { for: 'org-token' }, 'The arbiter’s token of this event (given when the event was created)'),
    h('div', { class: 'row' }, h('input', { id: 'org-token', type: 'password', autocomplete: 'off' }), h('button', { type: 'submit' }, 'Use it')),
  );
  tokenForm.addEventListener('submit', ev => {
    ev.preventDefault();
    const v = (tokenForm.querySelector('input') as HTMLInputElement).value.trim();
    if (v) tokens.setArbiter(id, v);
    void load();
  });

  // A round's pairings: the TRF file.
  const roundIn = h('input', { id: 'trf-round', type: 'number', min: '1', max: '99', value: '1', required: true, 'aria-label': 'round' });
  const fileIn = h('input', { id: 'trf-file', type: 'file', accept: '.trf,.txt,text/plain', required: true, 'aria-label': 'TRF file' });
  const conflictsBox = h('div', { id: 'trf-conflicts' });
  const trfForm = h(
    'form',
    { class: 'card', id: 'trf-form' },
    h('h2', null, 'Pairings'),
    h('p', { class: 'muted' }, 'The pairing program’s file of the round (TRF, as Swiss-Manager, Vega or JaVaFo write it): its players and the round’s pairings.'),
    h('div', { class: 'row' }, h('label', null, 'Round ', roundIn), h('label', null, 'File ', fileIn), h('button', { type: 'submit', class: 'primary' }, 'Load the pairings')),
    conflictsBox,
    h('p', null, h('button', { type: 'button', id: 'trf-download' }, 'Download the TRF with the hall’s results')),
  );
  const upload = async (accept = '') => {
    const f = fileIn.files?.[0];
    if (!f) return say('Choose the round’s TRF file first.', true);
    const round = Number(roundIn.value);
    try {
      const res: TRFImport = await api.importTRF(id, round, await f.text(), token(), accept);
      for (const g of res.games) tokens.setBoard(g.id, g.board_token);
      fill(conflictsBox);
      say(`Round ${res.round}: ${res.games.length} games paired for ${res.players} players` +
        (res.byes.length ? `, ${res.byes.length} without a game` : '') + (res.forfeits.length ? `, ${res.forfeits.length} decided by forfeit` : '') +
        (res.conflicts?.length ? `; ${res.conflicts.length} earlier results differed, the ${res.conflicts[0].kept}’s kept` : '') + '.');
      selected = res.round;
      void load();
    } catch (e) {
      const body = (e as ApiError).body as (ApiError['body'] & { conflicts?: { round: number; board: number; hall: string; file: string }[] }) | null;
      if ((e as ApiError).status === 409 && body?.conflicts?.length) {
        fill(conflictsBox, h('div', { class: 'card warn' },
          h('p', null, 'The file and the hall differ on earlier results:'),
          h('ul', null, body.conflicts.map(c => h('li', null, `round ${c.round}, board ${c.board}: the hall says ${c.hall}, the file ${c.file}`))),
          h('div', { class: 'row' },
            h('button', { type: 'button', id: 'keep-hall', onclick: () => void upload('hall') }, 'Keep the hall’s results'),
            h('button', { type: 'button', id: 'keep-file', onclick: () => void upload('file') }, 'Take the file’s results'))));
        return say('Nothing was loaded: choose which results to keep.', true);
      }
      failed('The pairings were not loaded', e);
    }
  };
  trfForm.addEventListener('submit', ev => {
    ev.preventDefault();
    void upload();
  });
  trfForm.querySelector('#trf-download')!.addEventListener('click', async () => {
    try {
      const blob = await api.exportTRF(id, token());
      const a = h('a', { href: URL.createObjectURL(blob), download: `${id}.trf`, id: 'trf-link' });
      document.body.append(a);
      a.click();
      a.remove();
      say('The TRF file is downloaded.');
    } catch (e) {
      failed('No TRF to download', e);
    }
  });

  // Rounds and tables.
  const roundsCard = h('section', { class: 'card', id: 'rounds' });
  const cards = h('section', { id: 'cards', class: 'table-cards', hidden: true });
  const eboardsCard = h('section', { class: 'card', id: 'eboards' });
  let selected = 0;
  let view: EventView | null = null;

  const issue = async (n: number) => {
    const t = await api.tableToken(id, n, token());
    tokens.setTable(id, n, t.table_token);
    return t.table_token;
  };

  const showCards = async (games: GameView[], fresh: boolean) => {
    try {
      for (const g of games) if (fresh || !tokens.table(id, g.board)) await issue(g.board);
    } catch (e) {
      return failed('The tables’ tokens were not issued', e);
    }
    const ev = view!;
    drawRounds(ev);
    cards.hidden = false;
    fill(cards,
      h('div', { class: 'row no-print' },
        h('button', { type: 'button', class: 'primary', id: 'print-cards', onclick: () => window.print() }, 'Print'),
        h('button', { type: 'button', id: 'close-cards', onclick: () => (cards.hidden = true) }, 'Close')),
      games.map(g => {
        const tok = tokens.table(id, g.board);
        const url = tableURL(id, g.board, tok);
        return h('article', { class: 'table-card', 'data-table': String(g.board), 'data-url': url },
          h('h2', null, `Table ${g.board}`),
          h('p', { class: 'card-event' }, ev.name),
          h('div', { class: 'qr' }, qr(url)),
          h('p', { class: 'small' }, 'Scan to play and claim at this table, all event long.'),
          h('p', { class: 'small' }, 'E-board reader’s line: ', h('code', { class: 'eboard-line' }, `${g.board} ${tok}`)));
      }));
    cards.scrollIntoView();
  };

  const drawRounds = (ev: EventView) => {
    const rounds = ev.rounds ?? [];
    if (!selected || !rounds.includes(selected)) selected = ev.current_round || rounds[rounds.length - 1] || 0;
    const games = ev.games.filter(g => g.round === selected).sort((a, b) => a.board - b.board);
    const pick = h('select', { id: 'round-pick', 'aria-label': 'round' }, rounds.map(r => h('option', { value: String(r), selected: r === selected }, `Round ${r}`)));
    pick.addEventListener('change', () => {
      selected = Number(pick.value);
      drawRounds(ev);
    });
    const started = ev.current_round === selected;
    const row = (g: GameView) => {
      const sel = h('select', { class: 'result-pick', 'aria-label': `result at table ${g.board}` }, results.map(([v, f, t], i) => h('option', { value: String(i), 'data-result': v, 'data-forfeit': String(f) }, t)));
      const reason = h('input', { class: 'reason', placeholder: 'reason (required)', 'aria-label': `reason at table ${g.board}`, size: 16, required: true });
      const form = h('form', { class: 'row decide' }, sel, reason, h('button', { type: 'submit' }, 'Enter'));
      form.addEventListener('submit', async e => {
        e.preventDefault();
        const [result, forfeit, label] = results[Number(sel.value)];
        const why = reason.value.trim();
        if (!why) return say('Say why: every result entered here goes into the game’s log with its reason.', true);
        try {
          await api.decide(g.id, result, why, token(), forfeit);
          say(`Table ${g.board}: ${label}, “${why}”.`);
          void load();
        } catch (err) {
          failed(`Table ${g.board}: not entered`, err);
        }
      });
      const d = g.decision;
      return h('tr', { 'data-game': g.id, 'data-table': String(g.board) },
        h('td', null, String(g.board)),
        h('td', null, `${g.white} – ${g.black}`),
        h('td', { class: 'result-cell' }, g.result && g.result !== '*' ? resultWords(g.result, g.reason) : 'in play',
          d ? h('div', { class: 'decision' }, `${d.forfeit ? 'forfeit, ' : ''}decided: “${d.reason || 'no reason given'}”`) : null),
        h('td', null, form),
        h('td', null, h('button', { type: 'button', class: 'reissue', onclick: async () => {
          if (!confirm(`Issue a new token for table ${g.board}? The old one stops working (its card too).`)) return;
          try {
            await issue(g.board);
            say(`Table ${g.board} has a new token: print its card again.`);
            await showCards([g], false);
          } catch (err) {
            failed('Not issued', err);
          }
        } }, tokens.table(id, g.board) ? 'New token' : 'Issue token')),
      );
    };
    fill(roundsCard,
      h('h2', null, 'Rounds and tables'),
      rounds.length === 0
        ? h('p', { class: 'muted' }, 'No pairings yet: load the first round’s TRF file above.')
        : [
            h('div', { class: 'row' }, pick,
              started
                ? h('span', { class: 'badge', id: 'round-state' }, `Round ${selected} is under way: the tables play it`)
                : h('button', { type: 'button', class: 'primary', id: 'start-round', onclick: async () => {
                    try {
                      const r = await api.startRound(id, selected, token());
                      say(`Round ${r.round} started: ${r.tables.length} tables.`);
                      void load();
                    } catch (e) {
                      failed('The round did not start', e);
                    }
                  } }, `Start round ${selected}`),
              h('button', { type: 'button', id: 'show-cards', onclick: () => void showCards(games, false) }, 'Table cards'),
            ),
            h('table', { class: 'tables' },
              h('thead', null, h('tr', null, h('th', null, 'Table'), h('th', null, 'Players'), h('th', null, 'Result'), h('th', null, 'Enter a result'), h('th', null, 'Token'))),
              h('tbody', null, games.map(row))),
          ]);
  };

  const drawEboards = (boards: EboardView[]) => {
    const now = Date.now();
    fill(eboardsCard,
      h('h2', null, 'E-boards'),
      boards.length === 0
        ? h('p', { class: 'muted' }, 'No e-board reader has reported yet (arbiter-hall eboard with a boards file reports each table’s board here).')
        : h('table', { class: 'eboards' },
            h('thead', null, h('tr', null, h('th', null, 'Table'), h('th', null, 'Board'), h('th', null, 'State'), h('th', null, 'Last action'), h('th', null, 'Waiting'))),
            h('tbody', null, boards.map(b => h('tr', { 'data-table': String(b.table), class: b.stale ? 'stale' : b.connected ? 'ok' : 'down' },
              h('td', null, String(b.table)),
              h('td', null, b.serial ? `serial ${b.serial}` : '', b.port ? ` on ${b.port}` : ''),
              h('td', { class: 'eboard-state' }, b.stale ? `no report for ${ago(b.seen, now)}` : b.connected ? 'connected' : 'disconnected', b.message ? ` · ${b.message}` : ''),
              h('td', null, ago(b.last_action, now)),
              h('td', null, b.queued ? `${b.queued} actions` : '—'))))));
  };

  const load = async () => {
    if (!token()) {
      tokenForm.hidden = false;
      fill(status, 'This page needs the event’s arbiter token.');
      return;
    }
    try {
      const ev = await api.event(id, token());
      view = ev;
      tokenForm.hidden = true;
      setTitle(`Organiser · ${ev.name}`);
      fill(title, ev.name);
      const info = ev.info ?? {};
      fill(status,
        [ev.start?.rules ? `rules ${ev.start.rules}` : '', info.time_control ? `time control ${info.time_control}` : '',
          info.system ? info.system : '', info.tiebreaks ? `tie-breaks ${info.tiebreaks}` : '',
          ev.current_round ? `round ${ev.current_round} under way` : 'no round started'].filter(Boolean).join(' · '));
      drawRounds(ev);
    } catch (e) {
      if ((e as ApiError).status === 401 || (e as ApiError).status === 403) tokenForm.hidden = false;
      return failed('Could not read the event', e);
    }
    try {
      drawEboards((await api.eboards(id, token())).boards);
    } catch (e) {
      fill(eboardsCard, h('h2', null, 'E-boards'), h('p', { class: 'error' }, `Could not read the e-boards: ${(e as Error).message}`));
    }
  };
  void load();
  const timer = window.setInterval(() => {
    if (!document.hidden && cards.hidden && !roundsCard.contains(document.activeElement)) void load();
  }, 10000);
  window.addEventListener('pagehide', () => clearInterval(timer), { once: true });

  const links = h('p', { class: 'links' },
    h('a', { href: `/hall/${encodeURIComponent(id)}` }, 'Hall'), ' · ',
    h('a', { href: `/desk/${encodeURIComponent(id)}` }, 'Arbiter’s desk'), ' · ',
    h('a', { href: `/standings/${encodeURIComponent(id)}` }, 'Standings'));
  app.append(header('events'), h('main', { class: 'organise-page' }, h('section', { class: 'card no-print' }, title, status, links, msg), tokenForm, trfForm, roundsCard, eboardsCard, cards));
}
