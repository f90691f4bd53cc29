// The arbiter's desk: what waits for the arbiter in every game of an
// event. A claimable touch-move violation can be granted for the player
// wronged (the claim is posted with the arbiter's token and the engine
// takes the move back) or refused (left alone; the move stands). A
// position that looks repeated is shown with every earlier occurrence side
// by side, with the castling rights and en passant that make them the same
// or not, and the claim can be granted or refused. Claims already ruled are
// kept below with the same pictures. The games are listed by round, each
// with its result and a form to set a result by decision (confirmed
// first) or to withdraw one.
//
// The server's own findings wait here too: a physical clock's reading far
// from the server's reckoning is held for the arbiter, who accepts it or
// sets the clocks himself (6.10.2); the notes the server made on the
// games' entries (a board's time re-stamped, a reading held, the clocks
// stopped while the server was down) are listed, newest first. The
// arbiter sets the event's broadcast delay here. The desk reads with the
// arbiter's token: it sees the games live, whatever the delay.

import { api, ApiError, maxDelay, tokenFromFragment, tokens } from '../api';
import { t } from '../i18n';
import { pieceAt, viewBoard, type Api } from '../board';
import { drawClocks, everyTick, header, placeWords, playerName, roundSelect } from '../common';
import { h, fill, setTitle } from '../dom';
import { followEvent, inForce as resultInForce, inPlay, type GameState } from '../feed';
import { castlingWords, plyLabel, repetition, type Repetition } from '../identity';
import { boardFen, ended, lastMove, type Mirror } from '../mirror';
import type { Action, Note, Side } from '../types';
import { broadcastPanel } from './broadcast';
import { article, claimName, clockInput, delayWords, flagWords, fmtClock, noteName, parseClock, resultWords, ruling as rulingWords, sideName, whoName } from '../words';

const dismissedKey = (game: string) => `arbiter.dismissed.${game}`;
const dismissed = (game: string): string[] => {
  try {
    return JSON.parse(localStorage.getItem(dismissedKey(game)) ?? '[]') as string[];
  } catch {
    return [];
  }
};
const dismiss = (game: string, item: string) => localStorage.setItem(dismissedKey(game), JSON.stringify([...dismissed(game), item]));

/** A small board with a caption, for positions side by side. */
function position(fen: string, caption: (Node | string)[], cls = '', last?: [string, string]): HTMLElement {
  const b = h('div', { class: 'mini-board' });
  viewBoard(b, fen, { coordinates: false, animation: { enabled: false }, lastMove: last as never });
  return h('figure', { class: `pos ${cls}` }, b, h('figcaption', null, caption));
}

export function desk(app: HTMLElement, id: string) {
  const fromLink = tokenFromFragment();
  if (fromLink) tokens.setArbiter(id, fromLink);
  const token = () => tokens.arbiter(id);
  const title = h('h1', { id: 'title' }, t('desk.title'));
  const tokenForm = h(
    'form',
    { class: 'card token', id: 'token-form' },
    h('label', { for: 'arb-token' }, 'The arbiter’s token of this event (given when the event was created)'),
    h('div', { class: 'row' }, h('input', { id: 'arb-token', type: 'password', autocomplete: 'off' }), h('button', { type: 'submit' }, 'Use it')),
  );
  tokenForm.addEventListener('submit', ev => {
    ev.preventDefault();
    const v = (tokenForm.querySelector('input') as HTMLInputElement).value.trim();
    if (!v) return;
    tokens.setArbiter(id, v);
    // Read again with the token: live, whatever the broadcast delay.
    stop();
    stop = start();
    readEvent();
    renderAll();
  });
  // The broadcast delay: what spectators see, set by the arbiter.
  const delayInput = h('input', { id: 'delay-input', type: 'number', min: 0, max: maxDelay, step: 1, inputmode: 'numeric', 'aria-describedby': 'delay-now' });
  const delayNow = h('p', { class: 'muted small', id: 'delay-now' }, '…');
  const delaySet = h('button', { type: 'submit', id: 'delay-set' }, 'Set');
  const delayForm = h(
    'form',
    { class: 'card delay-form', id: 'delay-form' },
    h('label', { for: 'delay-input' }, 'Broadcast delay'),
    h('div', { class: 'row' }, delayInput, h('span', null, 'seconds (0 to 3600)'), delaySet),
    delayNow,
  );
  let delayDirty = false;
  delayInput.addEventListener('input', () => (delayDirty = true));
  const showDelay = (seconds: number) => {
    delayForm.dataset.delay = String(seconds);
    fill(
      delayNow,
      seconds > 0
        ? `Now ${delayWords(seconds)}: spectators (the hall, the board pages, the PGN feed) see each game as it stood ${delayWords(seconds)} ago; the players and this desk see it live.`
        : 'Now none: spectators see the games live.',
    );
    if (!delayDirty) delayInput.value = String(seconds);
  };
  delayForm.addEventListener('submit', ev => {
    ev.preventDefault();
    msg.hidden = true;
    const v = delayInput.value.trim();
    const n = Number(v);
    if (!/^\d+$/.test(v) || n > maxDelay) {
      msg.hidden = false;
      msg.textContent = `The broadcast delay is a number of seconds from 0 to ${maxDelay}, not “${v}”.`;
      return;
    }
    api.setDelay(id, n, token()).then(
      r => {
        delayDirty = false;
        showDelay(r.delay);
      },
      (e: Error) => {
        msg.hidden = false;
        msg.textContent = `Refused: ${e.message}`;
      },
    );
  });
  const pending = h('section', { class: 'desk-pending', id: 'pending', 'aria-live': 'polite' });
  // The clock readings held for the arbiter, kept from one drawing to the
  // next (a time being typed is not lost when a move comes in), and the
  // other cards, drawn anew.
  const heldEl = h('div', { id: 'held' });
  const otherEl = h('div');
  pending.append(heldEl, otherEl);
  const notesEl = h('section', { class: 'desk-notes', id: 'notes' });
  const ruled = h('section', { class: 'desk-ruled', id: 'ruled' });
  const gamesEl = h('section', { class: 'card', id: 'games' });
  const msg = h('p', { class: 'error', role: 'alert', hidden: true, id: 'desk-error' });
  const live = h('span', { class: 'live', id: 'live' }, 'offline');
  const rounds = roundSelect(() => renderAll());
  app.append(
    header('', live),
    h(
      'main',
      { class: 'desk' },
      h('div', { class: 'hall-head' }, title, h('p', { class: 'links' }, h('a', { href: `/hall/${id}` }, 'Hall'), ' · ', h('a', { href: `/standings/${id}`, id: 'link-standings' }, 'Standings'))),
      tokenForm,
      msg,
      h('h2', null, t('desk.waiting')),
      pending,
      h('div', { class: 'hall-head' }, h('h2', null, t('desk.games')), rounds.el),
      gamesEl,
      delayForm,
      broadcastPanel(id, token),
      h('h2', null, t('desk.claims-ruled')),
      ruled,
      h('h2', null, t('desk.notes')),
      notesEl,
    ),
  );
  const readEvent = () =>
    api.event(id, token() || undefined).then(
      ev => {
        setTitle(`${ev.name} — arbiter’s desk`);
        fill(title, `${t('desk.title')} — ${ev.name}`);
        showDelay(ev.delay ?? 0);
      },
      () => fill(title, 'No such event'),
    );
  readEvent();

  let games = new Map<string, GameState>();

  const act = async (game: string, actions: Action[]) => {
    msg.hidden = true;
    try {
      await api.post(game, actions, token());
    } catch (e) {
      msg.hidden = false;
      const ae = e as ApiError;
      msg.textContent = `Refused: ${ae.body?.rulings?.[0]?.error ?? ae.message}`;
    }
  };

  const sorted = () => [...games.values()].sort((a, b) => a.view.round - b.view.round || a.view.board - b.view.board);
  const label = (g: GameState) => `${placeWords(g.view)}: ${g.view.white} – ${g.view.black}`;

  const violationCard = (g: GameState) => {
    const p = g.pending();
    if (!p) return null;
    const item = `v:${p.entry}`;
    if (dismissed(g.view.id).includes(item)) return null;
    // While the arbiter's decision is in force no claim can be ruled; the
    // violation stays claimable once it is withdrawn. A game the play
    // itself ended (checkmate, say) leaves nothing to rule.
    const decided = g.decision;
    if (!inPlay(g) && !decided) return null;
    const r = p.ruling;
    const before = p.fenBefore;
    const uci = p.uci ?? '';
    return h(
      'article',
      { class: 'card pending kind-violation', 'data-game': g.view.id, 'data-item': 'violation' },
      h('h3', null, label(g)),
      h('p', null, h('strong', null, rulingWords(r, pieceAt(before))), h('br'), h('span', { class: 'article' }, `FIDE ${r.article}: ${article(r.article)}`)),
      h('div', { class: 'positions' },
        position(before, ['Before the move: what the touch obliged']),
        position(p.fenAfter, [`After ${g.mirror.sans[p.plyBefore + 1] ?? ''}: the move made`], '', uci.length >= 4 ? [uci.slice(0, 2), uci.slice(2, 4)] : undefined)),
      h('p', { class: 'muted small' }, `${sideName(p.claimant)} may claim until touching a piece (FIDE 4.8). Granting the claim takes the move back: the position before it is set up again, and ${sideName(p.violator)} must make the move the touch obliged.`),
      decided ? h('p', { class: 'decided' }, `The arbiter’s decision ${decided.result} is in force: withdraw it to rule on this claim.`) : null,
      h('div', { class: 'row' },
        h('button', { type: 'button', class: 'primary', id: `grant-${g.view.id}`, disabled: !!decided, onclick: () => act(g.view.id, [{ by: p.claimant, act: 'claim', what: 'touch-move' }]) },
          `Grant ${sideName(p.claimant)}’s claim`),
        h('button', { type: 'button', id: `refuse-${g.view.id}`, onclick: () => { dismiss(g.view.id, item); renderAll(); } }, 'Refuse: the move stands')),
    );
  };

  /**
   * A flag that fell, as the server's clock saw it (the server records the
   * arbiter's flag observation itself) or as a player reported it: for the
   * arbiter to note, and to set another result by decision if the clock
   * was wrong. It stays until noted.
   */
  const flagCard = (g: GameState) => {
    const side = g.flag();
    if (!side) return null;
    const item = `f:${g.mirror.resultRuling?.at ?? 0}`;
    if (dismissed(g.view.id).includes(item)) return null;
    const f = resultInForce(g);
    const r = g.mirror.resultRuling;
    return h(
      'article',
      { class: 'card pending kind-flag', 'data-game': g.view.id, 'data-item': 'flag', 'data-flag': side },
      h('h3', null, label(g)),
      h('p', null, h('strong', null, `${flagWords(f.result, f.reason, side)}: result ${f.result}`),
        r?.article ? [h('br'), h('span', { class: 'article' }, `FIDE ${r.article}: ${article(r.article)}`)] : null),
      h('p', { class: 'muted small' }, 'The game ended on time. If the clock was wrong, set the result by decision below.'),
      h('div', { class: 'row' }, h('button', { type: 'button', id: `noted-${g.view.id}`, onclick: () => { dismiss(g.view.id, item); renderAll(); } }, 'Noted')),
    );
  };

  /**
   * A physical clock's reading held for the arbiter: what the board's
   * clock showed beside the server's reckoning at that moment, with the
   * arbiter's two answers (6.10.2): accept the reading (the running clock
   * less the time it has run since), or set both clocks. Either is his
   * set-clock in the game's log, which settles it. The card is kept while
   * the same reading is held, so that the times being typed stay.
   */
  interface HeldCard {
    el: HTMLElement;
    at: number;
    buttons: HTMLButtonElement[];
  }
  const heldCards = new Map<string, HeldCard>();
  const heldCard = (g: GameState): HTMLElement | null => {
    const gid = g.view.id;
    const n = g.clockHeld();
    if (!n) {
      heldCards.delete(gid);
      return null;
    }
    const old = heldCards.get(gid);
    if (old && old.at === n.at) return old.el;
    const row = (what: string, t: Note['times'], cls: string) =>
      h('tr', { class: cls }, h('th', { scope: 'row' }, what), h('td', { class: 'held-white' }, t ? fmtClock(t.white) : '?'), h('td', { class: 'held-black' }, t ? fmtClock(t.black) : '?'));
    const white = h('input', { id: `clock-white-${gid}`, autocomplete: 'off', size: 8, 'aria-label': 'White’s clock (m:ss or h:mm:ss)', placeholder: 'm:ss' });
    const black = h('input', { id: `clock-black-${gid}`, autocomplete: 'off', size: 8, 'aria-label': 'Black’s clock (m:ss or h:mm:ss)', placeholder: 'm:ss' });
    const form = h('form', { class: 'set-clocks', id: `clock-form-${gid}`, hidden: true },
      h('div', { class: 'row' },
        h('label', null, 'White ', white), h('label', null, 'Black ', black),
        h('button', { type: 'submit', class: 'primary', id: `clock-submit-${gid}` }, 'Set these times'),
        h('button', { type: 'button', id: `clock-cancel-${gid}`, onclick: () => (form.hidden = true) }, 'Cancel')),
      h('p', { class: 'muted small' }, 'What the clocks show from now, as m:ss or h:mm:ss; the clock that runs goes on from there.'));
    const send = (spec: Parameters<typeof api.setClock>[1]) => {
      msg.hidden = true;
      api.setClock(gid, spec, token()).then(
        () => (form.hidden = true),
        (e: Error) => {
          msg.hidden = false;
          msg.textContent = `${label(g)}: refused: ${e.message}`;
        },
      );
    };
    form.addEventListener('submit', ev => {
      ev.preventDefault();
      const w = parseClock(white.value);
      const b = parseClock(black.value);
      if (w === null || b === null) {
        msg.hidden = false;
        msg.textContent = `${label(g)}: give each clock as m:ss or h:mm:ss (“${w === null ? white.value : black.value}” is not a time).`;
        return;
      }
      send({ white: w, black: b });
    });
    const accept = h('button', { type: 'button', class: 'primary', id: `accept-clock-${gid}`, onclick: () => send({ accept: true }) }, 'Accept the clock’s reading');
    const open = h('button', { type: 'button', id: `set-clocks-${gid}`, onclick: () => {
      // The form starts from what the clocks show now.
      const c = games.get(gid)?.clocks();
      if (c) {
        white.value = clockInput(c.white);
        black.value = clockInput(c.black);
      }
      form.hidden = false;
      white.focus();
    } }, 'Set the clocks…');
    const runs = n.runs ? `${sideName(n.runs as Side)}’s clock was running.` : 'Both clocks stood.';
    const el = h(
      'article',
      { class: 'card pending kind-clock', 'data-game': gid, 'data-item': 'clock-held', 'data-at': n.at },
      h('h3', null, label(g)),
      h('p', null, h('strong', null, 'The board’s clock and the server disagree: the reading is held for the arbiter, and no flag follows from it.'),
        h('br'), h('span', { class: 'article' }, `FIDE 6.10.2: ${article('6.10.2')}`)),
      h('table', { class: 'held-readings' },
        h('thead', null, h('tr', null, h('th', null, `At entry ${n.at}`), h('th', { scope: 'col' }, 'White'), h('th', { scope: 'col' }, 'Black'))),
        h('tbody', null, row('The board’s clock showed', n.times, 'held-shown'), row('The server reckoned', n.reckoned, 'held-reckoned'))),
      h('p', { class: 'muted small' }, runs, ' Accepting takes the reading, less the time the running clock has run since.'),
      h('div', { class: 'row' }, accept, open),
      form,
    );
    heldCards.set(gid, { el, at: n.at, buttons: [accept, open] });
    return el;
  };

  /** The server's notes on a game's entries, newest first (the latest 20, and how many came before). */
  const notesCard = (g: GameState) => {
    const notes = g.notes();
    if (notes.length === 0) return null;
    const shown = notes.slice(-20).reverse();
    return h(
      'article',
      { class: 'card notes-card', 'data-game': g.view.id },
      h('h3', null, label(g)),
      h('ol', { class: 'notes' }, shown.map(n =>
        h('li', { class: `note note-${n.kind}`, 'data-kind': n.kind, 'data-at': n.at },
          h('span', { class: 'note-kind' }, noteName(n)),
          h('span', { class: 'note-at' }, `entry ${n.at}`),
          h('span', { class: 'note-text' }, n.text),
          n.kind === 'clock-held'
            ? h('span', { class: 'note-state' }, n.settled ? ` — settled by the arbiter (entry ${n.settled}).` : ' — waiting for the arbiter.')
            : null))),
      notes.length > shown.length ? h('p', { class: 'muted small' }, `and ${notes.length - shown.length} earlier`) : null,
    );
  };

  /** Positions side by side: every occurrence of a position that looks the same. */
  const repetitionView = (rep: Repetition, m: { sans: string[] }, startFen: string) =>
    h('div', { class: 'positions' }, rep.lookAlikes.map(o =>
      position(o.id.fen, [
        h('strong', null, plyLabel(o.ply, m.sans, startFen)), h('br'),
        `castling: ${castlingWords(o.id.castling)}`, h('br'),
        `en passant: ${o.id.ep || (o.id.epField !== '-' ? `none (${o.id.epField} not capturable)` : 'none')}`, h('br'),
        h('span', { class: o.same ? 'same' : 'differs' }, o.same ? '= the same position' : `≠ ${o.why}`),
      ], o.same ? 'pos-same' : 'pos-differs')));

  const repetitionCard = (g: GameState) => {
    const m: Mirror = g.mirror;
    if (ended(m) || m.ply < 4) return null;
    const rep = repetition(m.fens.slice(0, m.ply + 1));
    if (rep.lookAlikes.length < 3) return null;
    // A claim already ruled in this position needs no second look.
    const lastClaim = m.claims[m.claims.length - 1];
    if (lastClaim && lastClaim.ruling.what === 'threefold' && lastClaim.fens.length === m.ply + 1) return null;
    const item = `r:${m.ply}:${m.entries}`;
    if (dismissed(g.view.id).includes(item)) return null;
    const by: Side = m.mover;
    const correct = rep.same >= 3;
    return h(
      'article',
      { class: 'card pending kind-claim', 'data-game': g.view.id, 'data-item': 'threefold' },
      h('h3', null, label(g)),
      h('p', null, h('strong', null, `The position ${plyLabel(m.ply, m.sans, m.startFen)} has stood ${rep.lookAlikes.length} times by the look of it; ${rep.same} times the very same position.`),
        h('br'), h('span', { class: 'article' }, `FIDE 9.2: ${article('9.2.2')}`)),
      repetitionView(rep, m, m.startFen),
      h('p', null, correct
        ? `A threefold claim by ${sideName(by)} (to move) is correct.`
        : `A threefold claim by ${sideName(by)} would be incorrect: ${sideName(by === 'white' ? 'black' : 'white')} gets extra time (9.5.3).`),
      h('div', { class: 'row' },
        correct
          ? h('button', { type: 'button', class: 'primary', id: `grant-3-${g.view.id}`, onclick: () => act(g.view.id, [{ by, act: 'claim', what: 'threefold' }]) }, `Grant ${sideName(by)}’s threefold claim`)
          : h('button', { type: 'button', class: 'danger', id: `refuse-3-${g.view.id}`, onclick: () => act(g.view.id, [{ by, act: 'claim', what: 'threefold' }]) }, `Refuse ${sideName(by)}’s threefold claim (bonus to the opponent)`),
        h('button', { type: 'button', onclick: () => { dismiss(g.view.id, item); renderAll(); } }, 'No claim made: dismiss')),
    );
  };

  const ruledCards = (g: GameState) =>
    g.mirror.claims.map(c => {
      const r = c.ruling;
      const fen = c.fens[c.fens.length - 1];
      const body: Node[] = [];
      if (r.what === 'threefold' || r.what === 'fifty') {
        const rep = repetition(c.fens);
        if (r.what === 'threefold' && rep.lookAlikes.length > 1) body.push(repetitionView(rep, c, g.mirror.startFen));
        else body.push(h('div', { class: 'positions' }, position(fen, [plyLabel(c.fens.length - 1, c.sans, g.mirror.startFen)])));
      }
      return h(
        'article',
        { class: `card ruled kind-claim ${r.granted ? 'granted' : 'refused'}`, 'data-game': g.view.id },
        h('h3', null, `${label(g)} · ${plyLabel(c.fens.length - 1, c.sans, g.mirror.startFen)}`),
        h('p', null, h('strong', null, `${r.by === 'arbiter' ? 'The arbiter acted on' : `${whoName(r.by) || 'A player'} claimed`} ${claimName(r.what)}: ${r.granted ? 'granted' : 'refused'}`),
          r.bonus ? ` (${r.bonus.seconds} s to ${sideName(r.bonus.to)})` : '',
          r.article ? [h('br'), h('span', { class: 'article' }, `FIDE ${r.article}: ${article(r.article)}`)] : null),
        body,
      );
    });

  // The rows of the games table are kept from one drawing to the next, so
  // that a result being chosen or a reason being typed is not lost when a
  // move comes in.
  interface Row {
    tr: HTMLTableRowElement;
    cg: Api;
    place: HTMLElement;
    result: HTMLElement;
    clocks: Record<Side, HTMLElement>;
    sel: HTMLSelectElement;
    reason: HTMLInputElement;
    confirm: HTMLElement;
    /** The arbiter has changed the form: live updates leave it alone. */
    dirty: boolean;
    /** What the form showed last, to tell a change in force from the arbiter's edit. */
    shown: string;
  }
  const rows = new Map<string, Row>();
  const resultNames: [string, string][] = [['1-0', '1-0 (White wins)'], ['0-1', '0-1 (Black wins)'], ['1/2-1/2', '½-½ (draw)'], ['*', '* (in play)']];

  /** The result in force of a game and the arbiter's decision, if any. */
  const inForce = (g: GameState) => ({ ...resultInForce(g), decision: g.decision });

  const gameRow = (g: GameState): Row => {
    const old = rows.get(g.view.id);
    if (old) return old;
    const gid = g.view.id;
    const sel = h('select', { id: `result-${gid}`, 'aria-label': 'result' }, resultNames.map(([v, t]) => h('option', { value: v }, t)));
    const reason = h('input', { id: `reason-${gid}`, placeholder: 'reason', 'aria-label': 'reason', size: 18 });
    const confirm = h('div', { class: 'confirm', hidden: true });
    const b = h('div', { class: 'mini-board tiny' });
    const place = h('td', { class: 'place' });
    const result = h('td', { class: 'result-cell' });
    const form = h('form', { class: 'row decide' }, sel, reason, h('button', { type: 'submit', id: `set-${gid}` }, 'Set result…'));
    const clocks = {
      white: h('span', { class: 'clock desk-clock clock-white', hidden: true }),
      black: h('span', { class: 'clock desk-clock clock-black', hidden: true }),
    };
    const row: Row = {
      tr: h('tr', { 'data-game': gid }, place,
        h('td', null, h('a', { href: `/board/${gid}` }, playerName(g.view, 'white', { federation: false }), ' – ', playerName(g.view, 'black', { federation: false })), h('div', { class: 'desk-clocks' }, clocks.white, clocks.black)),
        h('td', null, b), result, h('td', null, form, confirm)),
      cg: viewBoard(b, g.view.fen, { coordinates: false, animation: { enabled: false } }),
      place, result, clocks, sel, reason, confirm, dirty: false, shown: '',
    };
    sel.addEventListener('change', () => (row.dirty = true));
    reason.addEventListener('input', () => (row.dirty = true));
    const close = () => {
      confirm.hidden = true;
      fill(confirm);
      form.hidden = false;
    };
    // A decision is asked for, then confirmed: nothing is sent before.
    form.addEventListener('submit', ev => {
      ev.preventDefault();
      msg.hidden = true;
      const cur = games.get(gid);
      if (!cur) return;
      const what = sel.value;
      const why = reason.value.trim();
      const d = cur.decision;
      let question: string;
      if (what === '*') {
        if (!d) {
          msg.hidden = false;
          msg.textContent = `${label(cur)}: there is no decision of the arbiter to withdraw.`;
          return;
        }
        question = `Withdraw the decision ${d.result} in ${label(cur)}? The result of the play is in force again.`;
      } else {
        question = `Set the result ${resultWords(what, '')} in ${label(cur)}${why ? `, reason: “${why}”` : ', with no reason given'}?`;
      }
      form.hidden = true;
      confirm.hidden = false;
      fill(confirm, h('p', null, question), h('div', { class: 'row' },
        h('button', { type: 'button', class: 'primary', id: `confirm-${gid}`, onclick: () => {
          close();
          api.decide(gid, what, what === '*' ? '' : why, token()).then(
            () => (row.dirty = false),
            (e: Error) => { msg.hidden = false; msg.textContent = `Refused: ${e.message}`; },
          );
        } }, what === '*' ? 'Withdraw it' : `Set ${what}`),
        h('button', { type: 'button', id: `cancel-${gid}`, onclick: close }, 'Cancel')));
    });
    rows.set(gid, row);
    return row;
  };

  const drawRow = (g: GameState) => {
    const row = gameRow(g);
    const m = g.mirror;
    const f = inForce(g);
    fill(row.place, placeWords(g.view));
    row.cg.set({ fen: boardFen(m.phys), lastMove: lastMove(m) });
    const flag = g.flag();
    fill(row.result, resultWords(f.result, f.reason, flag),
      flag ? h('div', { class: 'mark mark-flag' }, `Flag fell: ${sideName(flag)}`) : null,
      f.decision ? h('div', { class: 'decision' }, `Decided by the arbiter: ${f.decision.result}, `, f.decision.reason ? `“${f.decision.reason}”` : 'no reason given') : null,
      m.illegal ? h('div', { class: 'mark mark-illegal' }, rulingWords(m.illegal)) : null);
    row.tr.classList.toggle('flagged', !!flag);
    row.tr.dataset.fen = boardFen(m.phys);
    row.tr.dataset.flag = flag ?? '';
    drawClocks(g, row.clocks);
    // The form shows what is in force, unless the arbiter is editing it.
    const shown = `${f.result}\n${f.decision?.reason ?? ''}`;
    if (!row.dirty || shown !== row.shown) {
      row.sel.value = f.result;
      row.reason.value = f.decision?.reason ?? '';
      row.dirty = false;
    }
    row.shown = shown;
  };

  function renderAll() {
    const has = !!token();
    tokenForm.hidden = has;
    app.classList.toggle('no-token', !has);
    delaySet.disabled = !has;
    const list = sorted();
    // The held readings: moved only when the list changes (a moved card
    // loses the focus of a time being typed).
    const held = list.map(heldCard).filter((x): x is HTMLElement => !!x);
    if (held.length !== heldEl.children.length || held.some((el, i) => heldEl.children[i] !== el)) heldEl.replaceChildren(...held);
    for (const c of heldCards.values()) c.buttons.forEach(b => (b.disabled = !has));
    const items = list.flatMap(g => [flagCard(g), g.claimable ? violationCard(g) : null, repetitionCard(g)]).filter(Boolean) as HTMLElement[];
    fill(otherEl, items.length || held.length ? items : h('p', { class: 'muted', id: 'nothing-pending' }, 'Nothing waits for the arbiter.'));
    if (!has) otherEl.querySelectorAll('button').forEach(b => ((b as HTMLButtonElement).disabled = true));
    const noted = list.map(notesCard).filter((x): x is HTMLElement => !!x);
    fill(notesEl, noted.length ? noted : h('p', { class: 'muted', id: 'no-notes' }, 'No notes: no board’s time re-stamped, no clock reading held, no outage.'));
    const ruledItems = list.flatMap(ruledCards).reverse();
    fill(ruled, ruledItems.length ? ruledItems : h('p', { class: 'muted' }, 'No claim yet.'));
    // The games by round, under a heading each; the selector may show one.
    const rs = [...new Set(list.map(g => g.view.round))];
    rounds.rounds(rs);
    const trs: HTMLElement[] = [];
    for (const r of rs) {
      if (!rounds.shows(r)) continue;
      trs.push(roundHead(r));
      for (const g of list.filter(x => x.view.round === r)) {
        drawRow(g);
        trs.push(rows.get(g.view.id)!.tr);
      }
    }
    if (!table.isConnected) fill(gamesEl, table);
    // Rows are moved only when the order changes (a moved row loses the focus).
    if (trs.length !== tbody.children.length || trs.some((tr, i) => tbody.children[i] !== tr)) tbody.replaceChildren(...trs);
  }
  const heads = new Map<number, HTMLElement>();
  const roundHead = (r: number) => {
    let el = heads.get(r);
    if (!el) heads.set(r, (el = h('tr', { class: 'round-row' }, h('th', { class: 'round-head', colspan: 5, scope: 'rowgroup' }, `Round ${r}`))));
    return el;
  };
  const tbody = h('tbody');
  const table = h('table', { class: 'games' },
    h('thead', null, h('tr', null, h('th', null, 'Round · board'), h('th', null, 'Players'), h('th', null, 'Position'), h('th', null, 'Result'), h('th', null, 'Decision'))),
    tbody);

  everyTick(() => {
    for (const g of games.values()) {
      const row = rows.get(g.view.id);
      if (row) drawClocks(g, row.clocks);
    }
  });

  // The event's games, read with the arbiter's token (live, whatever the
  // broadcast delay); the event is read again whenever the socket comes
  // back (the delay may have changed meanwhile).
  function start() {
    let wasOpen = true;
    return followEvent(
      id,
      gs => {
        games = gs;
        renderAll();
      },
      (open, withToken) => {
        live.textContent = open ? (withToken ? 'live' : 'live, as spectators see it') : 'offline';
        live.classList.toggle('on', open);
        if (open && !wasOpen) readEvent();
        wasOpen = open;
      },
      token,
    );
  }
  let stop = start();
}
