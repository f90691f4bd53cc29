// The arbiter's desk: what waits for the arbiter in every game of an
// event. A claimable touch-move violation can be granted for the player
// wronged (the claim is posted with the arbiter's token and the engine
// takes the move back) or refused (left alone; the move stands). A
// position that looks repeated is shown with every earlier occurrence side
// by side, with the castling rights and en passant that make them the same
// or not, and the claim can be granted or refused. Claims already ruled are
// kept below with the same pictures.

import { api, ApiError, tokenFromFragment, tokens } from '../api';
import { pieceAt, viewBoard } from '../board';
import { header } from '../common';
import { h, fill, setTitle } from '../dom';
import { followEvent, type GameState } from '../feed';
import { castlingWords, plyLabel, repetition, type Repetition } from '../identity';
import { boardFen, lastMove, type Mirror } from '../mirror';
import type { Action, Side } from '../types';
import { article, claimName, resultWords, ruling as rulingWords, sideName } from '../words';

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
  const title = h('h1', { id: 'title' }, 'Arbiter’s desk');
  const tokenForm = h(
    'form',
    { class: 'card token', id: 'token-form' },
    h('label', { for: 'arb-token' }, 'The arbiter’s token of this event (given when the event was created)'),
    h('div', { class: 'row' }, h('input', { id: 'arb-token', type: 'password', autocomplete: 'off' }), h('button', { type: 'submit' }, 'Use it')),
  );
  tokenForm.addEventListener('submit', ev => {
    ev.preventDefault();
    const v = (tokenForm.querySelector('input') as HTMLInputElement).value.trim();
    if (v) tokens.setArbiter(id, v);
    renderAll();
  });
  const pending = h('section', { class: 'desk-pending', id: 'pending', 'aria-live': 'polite' });
  const ruled = h('section', { class: 'desk-ruled', id: 'ruled' });
  const gamesEl = h('section', { class: 'card', id: 'games' });
  const msg = h('p', { class: 'error', role: 'alert', hidden: true, id: 'desk-error' });
  const live = h('span', { class: 'live', id: 'live' }, 'offline');
  app.append(
    header('', live),
    h(
      'main',
      { class: 'desk' },
      h('div', { class: 'hall-head' }, title, h('p', { class: 'links' }, h('a', { href: `/hall/${id}` }, 'Hall'))),
      tokenForm,
      msg,
      h('h2', null, 'Waiting for the arbiter'),
      pending,
      h('h2', null, 'Games'),
      gamesEl,
      h('h2', null, 'Claims ruled'),
      ruled,
    ),
  );
  api.event(id).then(
    ev => {
      setTitle(`${ev.name} — arbiter’s desk`);
      fill(title, `Arbiter’s desk — ${ev.name}`);
    },
    () => fill(title, 'No such event'),
  );

  let games = new Map<string, GameState>();

  const act = async (game: string, actions: Action[]) => {
    msg.hidden = true;
    try {
      await api.post(game, actions, tokens.arbiter(id));
    } catch (e) {
      msg.hidden = false;
      const ae = e as ApiError;
      msg.textContent = `Refused: ${ae.body?.rulings?.[0]?.error ?? ae.message}`;
    }
  };

  const sorted = () => [...games.values()].sort((a, b) => a.view.round - b.view.round || a.view.board - b.view.board);
  const label = (g: GameState) => `Board ${g.view.board}: ${g.view.white} – ${g.view.black}`;

  const violationCard = (g: GameState) => {
    const p = g.mirror.pending!;
    const item = `v:${p.entry}`;
    if (dismissed(g.view.id).includes(item)) return null;
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
      h('p', { class: 'muted small' }, `${sideName(p.claimant)} may claim until touching a piece (4.8). Granting takes the move back and imposes the obligation (T10).`),
      h('div', { class: 'row' },
        h('button', { type: 'button', class: 'primary', id: `grant-${g.view.id}`, onclick: () => act(g.view.id, [{ by: p.claimant, act: 'claim', what: 'touch-move' }]) },
          `Grant ${sideName(p.claimant)}’s claim`),
        h('button', { type: 'button', id: `refuse-${g.view.id}`, onclick: () => { dismiss(g.view.id, item); renderAll(); } }, 'Refuse: the move stands')),
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
    if (m.result !== '*' || m.made || m.ply < 4) return null;
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
        h('h3', null, `${label(g)} · #${r.at}`),
        h('p', null, h('strong', null, `${sideName(r.by ?? 'white')} claimed ${claimName(r.what)}: ${r.granted ? 'granted' : 'refused'}`),
          r.bonus ? ` (${r.bonus.seconds} s to ${sideName(r.bonus.to)})` : '', h('br'), h('span', { class: 'article' }, `FIDE ${r.article}: ${article(r.article)}`)),
        body,
      );
    });

  const gameRow = (g: GameState) => {
    const m = g.mirror;
    const sel = h('select', { 'aria-label': 'result' }, ['1-0', '0-1', '1/2-1/2', '*'].map(x => h('option', { value: x }, x)));
    const reason = h('input', { placeholder: 'reason', 'aria-label': 'reason', size: 14 });
    const b = h('div', { class: 'mini-board tiny' });
    viewBoard(b, boardFen(m.phys), { coordinates: false, animation: { enabled: false }, lastMove: lastMove(m) });
    return h('tr', { 'data-game': g.view.id },
      h('td', null, String(g.view.board)),
      h('td', null, h('a', { href: `/board/${g.view.id}` }, `${g.view.white} – ${g.view.black}`)),
      h('td', null, b),
      h('td', null, resultWords(m.result !== '*' ? m.result : g.view.result, m.result !== '*' ? m.reason : g.view.reason),
        m.illegal ? h('div', { class: 'mark mark-illegal' }, rulingWords(m.illegal)) : null),
      h('td', null, h('form', { class: 'row decide', onsubmit: (ev: Event) => {
        ev.preventDefault();
        msg.hidden = true;
        api.decide(g.view.id, sel.value, reason.value, tokens.arbiter(id)).catch((e: Error) => { msg.hidden = false; msg.textContent = `Refused: ${e.message}`; });
      } }, sel, reason, h('button', { type: 'submit' }, 'Set result'))));
  };

  function renderAll() {
    const has = !!tokens.arbiter(id);
    tokenForm.hidden = has;
    app.classList.toggle('no-token', !has);
    const list = sorted();
    const items = list.flatMap(g => [g.mirror.pending ? violationCard(g) : null, repetitionCard(g)]).filter(Boolean) as HTMLElement[];
    fill(pending, items.length ? items : h('p', { class: 'muted', id: 'nothing-pending' }, 'Nothing waits for the arbiter.'));
    if (!has) pending.querySelectorAll('button').forEach(b => ((b as HTMLButtonElement).disabled = true));
    const ruledItems = list.flatMap(ruledCards).reverse();
    fill(ruled, ruledItems.length ? ruledItems : h('p', { class: 'muted' }, 'No claim yet.'));
    fill(gamesEl, h('table', { class: 'games' }, h('thead', null, h('tr', null, h('th', null, 'Bd'), h('th', null, 'Players'), h('th', null, 'Board'), h('th', null, 'Result'), h('th', null, 'Decision'))),
      h('tbody', null, list.map(gameRow))));
  }

  followEvent(
    id,
    gs => {
      games = gs;
      renderAll();
    },
    open => {
      live.textContent = open ? 'live' : 'offline';
      live.classList.toggle('on', open);
    },
  );
}
