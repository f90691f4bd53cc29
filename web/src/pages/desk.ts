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
import { n as count, san, t } from '../i18n';
import { pieceAt, viewBoard, type Api } from '../board';
import { drawClocks, everyTick, header, placeWords, playerName, roundSelect } from '../common';
import { h, fill, setTitle } from '../dom';
import { followEvent, inForce as resultInForce, inPlay, type GameState } from '../feed';
import { castlingWords, plyLabel, repetition, type Repetition } from '../identity';
import { boardFen, ended, lastMove, type Mirror } from '../mirror';
import type { Action, Note, Side } from '../types';
import { broadcastPanel } from './broadcast';
import { article, claimVerdict, clockInput, delayWords, duration, flagWords, fmtClock, noteName, parseClock, resultWords, ruling as rulingWords, sideName, whoName } from '../words';

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
    h('label', { for: 'arb-token' }, t('desk.token-label')),
    h('div', { class: 'row' }, h('input', { id: 'arb-token', type: 'password', autocomplete: 'off' }), h('button', { type: 'submit' }, t('desk.use-it'))),
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
  const delaySet = h('button', { type: 'submit', id: 'delay-set' }, t('desk.set'));
  const delayForm = h(
    'form',
    { class: 'card delay-form', id: 'delay-form' },
    h('label', { for: 'delay-input' }, t('desk.delay')),
    h('div', { class: 'row' }, delayInput, h('span', null, t('desk.seconds-range')), delaySet),
    delayNow,
  );
  let delayDirty = false;
  delayInput.addEventListener('input', () => (delayDirty = true));
  const showDelay = (seconds: number) => {
    delayForm.dataset.delay = String(seconds);
    fill(
      delayNow,
      seconds > 0
        ? t('desk.delay-now', { Delay: delayWords(seconds) })
        : t('desk.delay-none'),
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
      msg.textContent = t('desk.delay-bad', { Max: maxDelay, Value: v });
      return;
    }
    api.setDelay(id, n, token()).then(
      r => {
        delayDirty = false;
        showDelay(r.delay);
      },
      (e: Error) => {
        msg.hidden = false;
        msg.textContent = t('desk.refused', { Why: e.message });
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
  const live = h('span', { class: 'live', id: 'live' }, t('common.offline'));
  const rounds = roundSelect(() => renderAll());
  app.append(
    header('', live),
    h(
      'main',
      { class: 'desk' },
      h('div', { class: 'hall-head' }, title, h('p', { class: 'links' }, h('a', { href: `/hall/${id}` }, t('hall.title')), ' · ', h('a', { href: `/standings/${id}`, id: 'link-standings' }, t('hall.standings')))),
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
        setTitle(t('desk.page-title', { Event: ev.name }));
        fill(title, `${t('desk.title')} — ${ev.name}`);
        showDelay(ev.delay ?? 0);
      },
      () => fill(title, t('common.no-event')),
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
      msg.textContent = t('desk.refused', { Why: ae.body?.rulings?.[0]?.text || ae.body?.rulings?.[0]?.error || ae.message });
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
        position(before, [t('desk.before')]),
        position(p.fenAfter, [t('desk.after', { SAN: san(g.mirror.sans[p.plyBefore + 1] ?? '') })], '', uci.length >= 4 ? [uci.slice(0, 2), uci.slice(2, 4)] : undefined)),
      h('p', { class: 'muted small' }, t('desk.may-claim', { Claimant: sideName(p.claimant), Violator: sideName(p.violator) })),
      decided ? h('p', { class: 'decided' }, t('desk.decided', { Result: decided.result })) : null,
      h('div', { class: 'row' },
        h('button', { type: 'button', class: 'primary', id: `grant-${g.view.id}`, disabled: !!decided, onclick: () => act(g.view.id, [{ by: p.claimant, act: 'claim', what: 'touch-move' }]) },
          t('desk.grant', { Who: sideName(p.claimant) })),
        h('button', { type: 'button', id: `refuse-${g.view.id}`, onclick: () => { dismiss(g.view.id, item); renderAll(); } }, t('desk.refuse-stands'))),
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
      h('p', null, h('strong', null, t('desk.flag-result', { Flag: flagWords(f.result, f.reason, side), Result: f.result })),
        r?.article ? [h('br'), h('span', { class: 'article' }, `FIDE ${r.article}: ${article(r.article)}`)] : null),
      h('p', { class: 'muted small' }, t('desk.on-time')),
      h('div', { class: 'row' }, h('button', { type: 'button', id: `noted-${g.view.id}`, onclick: () => { dismiss(g.view.id, item); renderAll(); } }, t('desk.noted'))),
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
    const row = (what: string, x: Note['times'], cls: string) =>
      h('tr', { class: cls }, h('th', { scope: 'row' }, what), h('td', { class: 'held-white' }, x ? fmtClock(x.white) : '?'), h('td', { class: 'held-black' }, x ? fmtClock(x.black) : '?'));
    const white = h('input', { id: `clock-white-${gid}`, autocomplete: 'off', size: 8, 'aria-label': t('desk.white-clock-aria'), placeholder: t('desk.time-placeholder') });
    const black = h('input', { id: `clock-black-${gid}`, autocomplete: 'off', size: 8, 'aria-label': t('desk.black-clock-aria'), placeholder: t('desk.time-placeholder') });
    const form = h('form', { class: 'set-clocks', id: `clock-form-${gid}`, hidden: true },
      h('div', { class: 'row' },
        h('label', null, t('side.white') + ' ', white), h('label', null, t('side.black') + ' ', black),
        h('button', { type: 'submit', class: 'primary', id: `clock-submit-${gid}` }, t('desk.set-times')),
        h('button', { type: 'button', id: `clock-cancel-${gid}`, onclick: () => (form.hidden = true) }, t('desk.cancel'))),
      h('p', { class: 'muted small' }, t('desk.times-help')));
    const send = (spec: Parameters<typeof api.setClock>[1]) => {
      msg.hidden = true;
      api.setClock(gid, spec, token()).then(
        () => (form.hidden = true),
        (e: Error) => {
          msg.hidden = false;
          msg.textContent = t('desk.refused-game', { Game: label(g), Why: e.message });
        },
      );
    };
    form.addEventListener('submit', ev => {
      ev.preventDefault();
      const w = parseClock(white.value);
      const b = parseClock(black.value);
      if (w === null || b === null) {
        msg.hidden = false;
        msg.textContent = t('desk.bad-time', { Game: label(g), Value: w === null ? white.value : black.value });
        return;
      }
      send({ white: w, black: b });
    });
    const accept = h('button', { type: 'button', class: 'primary', id: `accept-clock-${gid}`, onclick: () => send({ accept: true }) }, t('desk.accept-reading'));
    const open = h('button', { type: 'button', id: `set-clocks-${gid}`, onclick: () => {
      // The form starts from what the clocks show now.
      const c = games.get(gid)?.clocks();
      if (c) {
        white.value = clockInput(c.white);
        black.value = clockInput(c.black);
      }
      form.hidden = false;
      white.focus();
    } }, t('desk.set-clocks'));
    const runs = n.runs ? t('desk.was-running', { Who: sideName(n.runs as Side) }) : t('desk.both-stood');
    const el = h(
      'article',
      { class: 'card pending kind-clock', 'data-game': gid, 'data-item': 'clock-held', 'data-at': n.at },
      h('h3', null, label(g)),
      h('p', null, h('strong', null, t('desk.disagree')),
        h('br'), h('span', { class: 'article' }, `FIDE 6.10.2: ${article('6.10.2')}`)),
      h('table', { class: 'held-readings' },
        h('thead', null, h('tr', null, h('th', null, t('desk.at-entry', { N: n.at })), h('th', { scope: 'col' }, t('side.white')), h('th', { scope: 'col' }, t('side.black')))),
        h('tbody', null, row(t('desk.board-showed'), n.times, 'held-shown'), row(t('desk.server-reckoned'), n.reckoned, 'held-reckoned'))),
      h('p', { class: 'muted small' }, runs, ' ' + t('desk.accepting')),
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
          h('span', { class: 'note-at' }, t('desk.entry', { N: n.at })),
          h('span', { class: 'note-text' }, n.text),
          n.kind === 'clock-held'
            ? h('span', { class: 'note-state' }, n.settled ? ' — ' + t('desk.settled', { N: n.settled }) : ' — ' + t('desk.waiting-arbiter'))
            : null))),
      notes.length > shown.length ? h('p', { class: 'muted small' }, count('desk.earlier', notes.length - shown.length)) : null,
    );
  };

  /** Positions side by side: every occurrence of a position that looks the same. */
  const repetitionView = (rep: Repetition, m: { sans: string[] }, startFen: string) =>
    h('div', { class: 'positions' }, rep.lookAlikes.map(o =>
      position(o.id.fen, [
        h('strong', null, plyLabel(o.ply, m.sans, startFen)), h('br'),
        t('desk.castling', { Rights: castlingWords(o.id.castling) }), h('br'),
        t('desk.ep', { EP: o.id.ep || (o.id.epField !== '-' ? t('desk.ep-not-capturable', { Field: o.id.epField }) : t('desk.none')) }), h('br'),
        h('span', { class: o.same ? 'same' : 'differs' }, o.same ? t('desk.same') : `≠ ${o.why}`),
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
      h('p', null, h('strong', null, t('desk.repetition', { Pos: plyLabel(m.ply, m.sans, m.startFen), Looks: count('desk.times', rep.lookAlikes.length), Same: count('desk.times', rep.same) })),
        h('br'), h('span', { class: 'article' }, `FIDE 9.2: ${article('9.2.2')}`)),
      repetitionView(rep, m, m.startFen),
      h('p', null, correct
        ? t('desk.threefold-correct', { Who: sideName(by) })
        : t('desk.threefold-incorrect', { Who: sideName(by), Other: sideName(by === 'white' ? 'black' : 'white') })),
      h('div', { class: 'row' },
        correct
          ? h('button', { type: 'button', class: 'primary', id: `grant-3-${g.view.id}`, onclick: () => act(g.view.id, [{ by, act: 'claim', what: 'threefold' }]) }, t('desk.grant-threefold', { Who: sideName(by) }))
          : h('button', { type: 'button', class: 'danger', id: `refuse-3-${g.view.id}`, onclick: () => act(g.view.id, [{ by, act: 'claim', what: 'threefold' }]) }, t('desk.refuse-threefold', { Who: sideName(by) })),
        h('button', { type: 'button', onclick: () => { dismiss(g.view.id, item); renderAll(); } }, t('desk.no-claim'))),
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
        h('p', null, h('strong', null, claimVerdict(r)),
          r.bonus ? ` (${t('ruling.bonus', { Time: duration(r.bonus.seconds), To: whoName(r.bonus.to) })})` : '',
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
  const resultNames: [string, string][] = [['1-0', t('desk.result.white')], ['0-1', t('desk.result.black')], ['1/2-1/2', t('desk.result.draw')], ['*', t('desk.result.none')]];

  /** The result in force of a game and the arbiter's decision, if any. */
  const inForce = (g: GameState) => ({ ...resultInForce(g), decision: g.decision });

  const gameRow = (g: GameState): Row => {
    const old = rows.get(g.view.id);
    if (old) return old;
    const gid = g.view.id;
    const sel = h('select', { id: `result-${gid}`, 'aria-label': t('desk.result') }, resultNames.map(([v, words]) => h('option', { value: v }, words)));
    const reason = h('input', { id: `reason-${gid}`, placeholder: t('desk.reason'), 'aria-label': t('desk.reason'), size: 18 });
    const confirm = h('div', { class: 'confirm', hidden: true });
    const b = h('div', { class: 'mini-board tiny' });
    const place = h('td', { class: 'place' });
    const result = h('td', { class: 'result-cell' });
    const form = h('form', { class: 'row decide' }, sel, reason, h('button', { type: 'submit', id: `set-${gid}` }, t('desk.set-result')));
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
          msg.textContent = t('desk.nothing-to-withdraw', { Game: label(cur) });
          return;
        }
        question = t('desk.ask-withdraw', { Result: d.result, Game: label(cur) });
      } else {
        question = why ? t('desk.ask-set', { Result: resultWords(what, ''), Game: label(cur), Why: why }) : t('desk.ask-set-no-reason', { Result: resultWords(what, ''), Game: label(cur) });
      }
      form.hidden = true;
      confirm.hidden = false;
      fill(confirm, h('p', null, question), h('div', { class: 'row' },
        h('button', { type: 'button', class: 'primary', id: `confirm-${gid}`, onclick: () => {
          close();
          api.decide(gid, what, what === '*' ? '' : why, token()).then(
            () => (row.dirty = false),
            (e: Error) => { msg.hidden = false; msg.textContent = t('desk.refused', { Why: e.message }); },
          );
        } }, what === '*' ? t('desk.withdraw-it') : t('desk.set-it', { Result: what })),
        h('button', { type: 'button', id: `cancel-${gid}`, onclick: close }, t('desk.cancel'))));
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
      flag ? h('div', { class: 'mark mark-flag' }, t('desk.flag-fell', { Who: sideName(flag) })) : null,
      f.decision ? h('div', { class: 'decision' }, f.decision.reason ? t('desk.decided-by', { Result: f.decision.result, Why: f.decision.reason }) : t('desk.decided-no-reason', { Result: f.decision.result })) : null,
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
    fill(otherEl, items.length || held.length ? items : h('p', { class: 'muted', id: 'nothing-pending' }, t('desk.nothing')));
    if (!has) otherEl.querySelectorAll('button').forEach(b => ((b as HTMLButtonElement).disabled = true));
    const noted = list.map(notesCard).filter((x): x is HTMLElement => !!x);
    fill(notesEl, noted.length ? noted : h('p', { class: 'muted', id: 'no-notes' }, t('desk.no-notes')));
    const ruledItems = list.flatMap(ruledCards).reverse();
    fill(ruled, ruledItems.length ? ruledItems : h('p', { class: 'muted' }, t('desk.no-claim-yet')));
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
    if (!el) heads.set(r, (el = h('tr', { class: 'round-row' }, h('th', { class: 'round-head', colspan: 5, scope: 'rowgroup' }, t('common.round', { N: r })))));
    return el;
  };
  const tbody = h('tbody');
  const table = h('table', { class: 'games' },
    h('thead', null, h('tr', null, h('th', null, t('desk.col.place')), h('th', null, t('desk.col.players')), h('th', null, t('desk.col.position')), h('th', null, t('desk.col.result')), h('th', null, t('desk.col.decision')))),
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
        live.textContent = open ? (withToken ? t('common.live') : t('desk.live-spectators')) : t('common.offline');
        live.classList.toggle('on', open);
        if (open && !wasOpen) readEvent();
        wasOpen = open;
      },
      token,
    );
  }
  let stop = start();
}
