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
import { n, t } from '../i18n';

/** The results the organiser enters: [value sent, forfeit, label]. */
const results: [string, boolean, string][] = [
  ['1-0', false, t('organise.r.white')],
  ['0-1', false, t('organise.r.black')],
  ['1/2-1/2', false, t('organise.r.draw')],
  ['1-0', true, t('organise.r.black-forfeits')],
  ['0-1', true, t('organise.r.white-forfeits')],
  ['0-0', true, t('organise.r.both-forfeit')],
  ['*', false, t('organise.r.withdraw')],
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
  if (!iso) return t('organise.no-action');
  const s = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (s < 60) return t('organise.s-ago', { N: s });
  if (s < 3600) return t('organise.min-ago', { N: Math.round(s / 60) });
  return t('organise.h-ago', { N: Math.round(s / 3600) });
}

export function organise(app: HTMLElement, id: string) {
  const fromLink = tokenFromFragment();
  if (fromLink) tokens.setArbiter(id, fromLink);
  const token = () => tokens.arbiter(id);
  setTitle(t('organise.title'));
  const title = h('h1', { id: 'title' }, t('organise.title'));
  const status = h('p', { id: 'org-status', class: 'muted' });
  const msg = h('div', { id: 'org-message', role: 'status', 'aria-live': 'polite' });
  const say = (text: string, error = false) => fill(msg, h('p', { class: error ? 'error' : 'ok' }, text));
  const failed = (what: string, e: unknown) => say(t('organise.failed', { What: what, Why: (e as Error).message }), true);

  // The token, when this browser has none.
  const tokenForm = h(
    'form',
    { class: 'card token', id: 'token-form', hidden: true },
    h('label', { for: 'org-token' }, t('desk.token-label')),
    h('div', { class: 'row' }, h('input', { id: 'org-token', type: 'password', autocomplete: 'off' }), h('button', { type: 'submit' }, t('desk.use-it'))),
  );
  tokenForm.addEventListener('submit', ev => {
    ev.preventDefault();
    const v = (tokenForm.querySelector('input') as HTMLInputElement).value.trim();
    if (v) tokens.setArbiter(id, v);
    void load();
  });

  // A round's pairings: the TRF file.
  const roundIn = h('input', { id: 'trf-round', type: 'number', min: '1', max: '99', value: '1', required: true, 'aria-label': t('organise.round') });
  const fileIn = h('input', { id: 'trf-file', type: 'file', accept: '.trf,.txt,text/plain', required: true, 'aria-label': t('organise.trf-file') });
  const conflictsBox = h('div', { id: 'trf-conflicts' });
  // The file's number of rounds when it gives none (written as XXR), and
  // which stands where its points column disagrees with its round blocks.
  const roundsIn = h('input', { id: 'trf-rounds', type: 'number', min: '1', max: '99', placeholder: '—', 'aria-label': t('organise.total-rounds'), size: 3 });
  const pointsSel = h('select', { id: 'trf-points', 'aria-label': t('organise.points') },
    h('option', { value: 'file' }, t('organise.points.file')), h('option', { value: 'blocks' }, t('organise.points.blocks')));
  // The version of the Tie-Break Regulations the standings apply.
  const rulesSel = h('select', { id: 'tiebreak-rules', 'aria-label': t('organise.tb-rules') },
    h('option', { value: '' }, t('organise.tb-rules.auto')), h('option', { value: '2024' }, t('standings.rules.2024')), h('option', { value: '2026' }, t('standings.rules.2026')));
  const trfForm = h(
    'form',
    { class: 'card', id: 'trf-form' },
    h('h2', null, t('organise.pairings')),
    h('p', { class: 'muted' }, t('organise.pairings-help')),
    h('div', { class: 'row' }, h('label', null, t('organise.round-label') + ' ', roundIn), h('label', null, t('organise.file') + ' ', fileIn), h('button', { type: 'submit', class: 'primary' }, t('organise.load'))),
    h('div', { class: 'row' }, h('label', null, t('organise.total-rounds') + ' ', roundsIn), h('label', null, t('organise.points') + ' ', pointsSel)),
    conflictsBox,
    h('p', { class: 'row' }, h('label', null, t('organise.tb-rules') + ' ', rulesSel)),
    h('p', null, h('button', { type: 'button', id: 'trf-download' }, t('organise.download'))),
  );
  const upload = async (accept = '') => {
    const f = fileIn.files?.[0];
    if (!f) return say(t('organise.choose-file'), true);
    const round = Number(roundIn.value);
    try {
      const extra = (roundsIn.value ? `&rounds=${Number(roundsIn.value)}` : '') + (pointsSel.value === 'blocks' ? '&points=blocks' : '');
      const res: TRFImport = await api.importTRF(id, round, await f.text(), token(), accept, extra);
      for (const g of res.games) tokens.setBoard(g.id, g.board_token);
      fill(conflictsBox);
      if (res.points?.length) {
        // The points column against the round blocks: each player with both figures, and which stands.
        fill(conflictsBox, h('div', { class: 'card warn', id: 'trf-points-off' },
          h('p', null, t(res.points_kept === 'blocks' ? 'organise.points-off.blocks' : 'organise.points-off.file')),
          h('ul', null, res.points.map(p => h('li', null, t('organise.points-line', { No: p.player, Name: p.name, File: p.file, Blocks: p.blocks }))))));
      }
      say(t('organise.loaded', { Round: res.round, Games: n('organise.games', res.games.length), Players: n('organise.players', res.players) }) +
        (res.byes.length ? n('organise.loaded-byes', res.byes.length) : '') + (res.forfeits.length ? n('organise.loaded-forfeits', res.forfeits.length) : '') +
        (res.conflicts?.length ? n(res.conflicts[0].kept === 'file' ? 'organise.loaded-conflicts.file' : 'organise.loaded-conflicts.hall', res.conflicts.length) : '') + '.');
      selected = res.round;
      void load();
    } catch (e) {
      const body = (e as ApiError).body as (ApiError['body'] & { conflicts?: { round: number; board: number; hall: string; file: string }[] }) | null;
      if ((e as ApiError).status === 409 && body?.conflicts?.length) {
        fill(conflictsBox, h('div', { class: 'card warn' },
          h('p', null, t('organise.differ')),
          h('ul', null, body.conflicts.map(c => h('li', null, t('organise.differ-line', { Round: c.round, Board: c.board, Hall: c.hall, File: c.file })))),
          h('div', { class: 'row' },
            h('button', { type: 'button', id: 'keep-hall', onclick: () => void upload('hall') }, t('organise.keep-hall')),
            h('button', { type: 'button', id: 'keep-file', onclick: () => void upload('file') }, t('organise.keep-file')))));
        return say(t('organise.nothing-loaded'), true);
      }
      failed(t('organise.not-loaded'), e);
    }
  };
  rulesSel.addEventListener('change', async () => {
    try {
      const res = await api.tiebreakRules(id, rulesSel.value, token());
      say(t('organise.tb-rules-set', { Rules: t(`standings.rules.${res.rules === '2026' ? '2026' : '2024'}`) }));
    } catch (e) {
      failed(t('organise.tb-rules-failed'), e);
    }
  });
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
      say(t('organise.downloaded'));
    } catch (e) {
      failed(t('organise.no-trf'), e);
    }
  });

  // Rounds and tables.
  const roundsCard = h('section', { class: 'card', id: 'rounds' });
  const cards = h('section', { id: 'cards', class: 'table-cards', hidden: true });
  const eboardsCard = h('section', { class: 'card', id: 'eboards' });
  let selected = 0;
  let view: EventView | null = null;

  const issue = async (n: number) => {
    const tt = await api.tableToken(id, n, token());
    tokens.setTable(id, n, tt.table_token);
    return tt.table_token;
  };

  const showCards = async (games: GameView[], fresh: boolean) => {
    try {
      for (const g of games) if (fresh || !tokens.table(id, g.board)) await issue(g.board);
    } catch (e) {
      return failed(t('organise.not-issued-tables'), e);
    }
    const ev = view!;
    drawRounds(ev);
    cards.hidden = false;
    fill(cards,
      h('div', { class: 'row no-print' },
        h('button', { type: 'button', class: 'primary', id: 'print-cards', onclick: () => window.print() }, t('organise.print')),
        h('button', { type: 'button', id: 'close-cards', onclick: () => (cards.hidden = true) }, t('organise.close'))),
      games.map(g => {
        const tok = tokens.table(id, g.board);
        const url = tableURL(id, g.board, tok);
        return h('article', { class: 'table-card', 'data-table': String(g.board), 'data-url': url },
          h('h2', null, t('table.title', { N: g.board })),
          h('p', { class: 'card-event' }, ev.name),
          h('div', { class: 'qr' }, qr(url)),
          h('p', { class: 'small' }, t('organise.scan')),
          h('p', { class: 'small' }, t('organise.eboard-line'), h('code', { class: 'eboard-line' }, `${g.board} ${tok}`)));
      }));
    cards.scrollIntoView();
  };

  const drawRounds = (ev: EventView) => {
    const rounds = ev.rounds ?? [];
    if (!selected || !rounds.includes(selected)) selected = ev.current_round || rounds[rounds.length - 1] || 0;
    const games = ev.games.filter(g => g.round === selected).sort((a, b) => a.board - b.board);
    const pick = h('select', { id: 'round-pick', 'aria-label': t('organise.round') }, rounds.map(r => h('option', { value: String(r), selected: r === selected }, t('common.round', { N: r }))));
    pick.addEventListener('change', () => {
      selected = Number(pick.value);
      drawRounds(ev);
    });
    const started = ev.current_round === selected;
    const row = (g: GameView) => {
      const sel = h('select', { class: 'result-pick', 'aria-label': t('organise.result-at', { N: g.board }) }, results.map(([v, f, words], i) => h('option', { value: String(i), 'data-result': v, 'data-forfeit': String(f) }, words)));
      const reason = h('input', { class: 'reason', placeholder: t('organise.reason-required'), 'aria-label': t('organise.reason-at', { N: g.board }), size: 16, required: true });
      const form = h('form', { class: 'row decide' }, sel, reason, h('button', { type: 'submit' }, t('organise.enter')));
      form.addEventListener('submit', async e => {
        e.preventDefault();
        const [result, forfeit, label] = results[Number(sel.value)];
        const why = reason.value.trim();
        if (!why) return say(t('organise.say-why'), true);
        try {
          await api.decide(g.id, result, why, token(), forfeit);
          say(t('organise.entered', { N: g.board, Result: label, Why: why }));
          void load();
        } catch (err) {
          failed(t('organise.not-entered', { N: g.board }), err);
        }
      });
      const d = g.decision;
      return h('tr', { 'data-game': g.id, 'data-table': String(g.board) },
        h('td', null, String(g.board)),
        h('td', null, `${g.white} – ${g.black}`),
        h('td', { class: 'result-cell' }, g.result && g.result !== '*' ? resultWords(g.result, g.reason) : t('organise.in-play'),
          d ? h('div', { class: 'decision' }, d.reason ? t(d.forfeit ? 'organise.forfeit-decided' : 'organise.decided', { Why: d.reason }) : t(d.forfeit ? 'organise.forfeit-no-reason' : 'organise.decided-no-reason')) : null),
        h('td', null, form),
        h('td', null, h('button', { type: 'button', class: 'reissue', onclick: async () => {
          if (!confirm(t('organise.confirm-reissue', { N: g.board }))) return;
          try {
            await issue(g.board);
            say(t('organise.new-token', { N: g.board }));
            await showCards([g], false);
          } catch (err) {
            failed(t('organise.not-issued'), err);
          }
        } }, tokens.table(id, g.board) ? t('organise.btn-new-token') : t('organise.btn-issue'))),
      );
    };
    fill(roundsCard,
      h('h2', null, t('organise.rounds')),
      rounds.length === 0
        ? h('p', { class: 'muted' }, t('organise.no-pairings'))
        : [
            h('div', { class: 'row' }, pick,
              started
                ? h('span', { class: 'badge', id: 'round-state' }, t('organise.under-way', { N: selected }))
                : h('button', { type: 'button', class: 'primary', id: 'start-round', onclick: async () => {
                    try {
                      const r = await api.startRound(id, selected, token());
                      say(n('organise.started', r.tables.length, { N: r.round }));
                      void load();
                    } catch (e) {
                      failed(t('organise.not-started'), e);
                    }
                  } }, t('organise.start', { N: selected })),
              h('button', { type: 'button', id: 'show-cards', onclick: () => void showCards(games, false) }, t('organise.cards')),
            ),
            h('table', { class: 'tables' },
              h('thead', null, h('tr', null, h('th', null, t('organise.col.table')), h('th', null, t('organise.col.players')), h('th', null, t('organise.col.result')), h('th', null, t('organise.col.enter')), h('th', null, t('organise.col.token')))),
              h('tbody', null, games.map(row))),
          ]);
  };

  const drawEboards = (boards: EboardView[]) => {
    const now = Date.now();
    fill(eboardsCard,
      h('h2', null, t('organise.eboards')),
      boards.length === 0
        ? h('p', { class: 'muted' }, t('organise.no-eboards'))
        : h('table', { class: 'eboards' },
            h('thead', null, h('tr', null, h('th', null, t('organise.col.table')), h('th', null, t('organise.col.board')), h('th', null, t('organise.col.state')), h('th', null, t('organise.col.last')), h('th', null, t('organise.col.waiting')))),
            h('tbody', null, boards.map(b => h('tr', { 'data-table': String(b.table), class: b.stale ? 'stale' : b.connected ? 'ok' : 'down' },
              h('td', null, String(b.table)),
              h('td', null, b.serial ? t('organise.serial', { S: b.serial }) : '', b.port ? t('organise.on-port', { Port: b.port }) : ''),
              h('td', { class: 'eboard-state' }, b.stale ? t('organise.no-report', { Ago: ago(b.seen, now) }) : b.connected ? t('organise.connected') : t('organise.disconnected'), b.message ? ` · ${b.message}` : ''),
              h('td', null, ago(b.last_action, now)),
              h('td', null, b.queued ? n('organise.actions', b.queued) : '—'))))));
  };

  const load = async () => {
    if (!token()) {
      tokenForm.hidden = false;
      fill(status, t('organise.needs-token'));
      return;
    }
    try {
      const ev = await api.event(id, token());
      view = ev;
      tokenForm.hidden = true;
      setTitle(t('organise.page-title', { Event: ev.name }));
      fill(title, ev.name);
      const info = ev.info ?? {};
      if (document.activeElement !== rulesSel) rulesSel.value = info.tiebreak_rules ?? '';
      fill(status,
        [ev.start?.rules ? t('organise.rules', { Rules: ev.start.rules }) : '', info.time_control ? t('organise.time-control', { TC: info.time_control }) : '',
          info.system ? (info.system === 'round-robin' ? t('standings.rr') : info.system === 'swiss' ? t('standings.swiss') : info.system) : '',
          info.tiebreaks ? t('organise.tiebreaks', { TB: info.tiebreaks }) : '',
          ev.current_round ? t('organise.round-under-way', { N: ev.current_round }) : t('organise.no-round')].filter(Boolean).join(' · '));
      drawRounds(ev);
    } catch (e) {
      if ((e as ApiError).status === 401 || (e as ApiError).status === 403) tokenForm.hidden = false;
      return failed(t('organise.read-failed'), e);
    }
    try {
      drawEboards((await api.eboards(id, token())).boards);
    } catch (e) {
      fill(eboardsCard, h('h2', null, t('organise.eboards')), h('p', { class: 'error' }, t('organise.eboards-failed', { Why: (e as Error).message })));
    }
  };
  void load();
  const timer = window.setInterval(() => {
    if (!document.hidden && cards.hidden && !roundsCard.contains(document.activeElement)) void load();
  }, 10000);
  window.addEventListener('pagehide', () => clearInterval(timer), { once: true });

  const links = h('p', { class: 'links' },
    h('a', { href: `/hall/${encodeURIComponent(id)}` }, t('hall.title')), ' · ',
    h('a', { href: `/desk/${encodeURIComponent(id)}` }, t('hall.desk')), ' · ',
    h('a', { href: `/standings/${encodeURIComponent(id)}` }, t('hall.standings')));
  app.append(header('events'), h('main', { class: 'organise-page' }, h('section', { class: 'card no-print' }, title, status, links, msg), tokenForm, trfForm, roundsCard, eboardsCard, cards));
}
