// The play page: two people at one screen play under touch-move. A click
// on a piece is a touch, a drag is a lift and a drop, the clock is a
// button, j'adoube is announced with another. Every gesture is posted as
// protocol actions to the server, whose rulings come back on the game's
// live stream and are drawn as they happen. The page reads the game with
// the board's token: live, whatever the event's broadcast delay.

import { api, ApiError, pgnURL, recent, tokenFromFragment, tokens } from '../api';
import { castlingHands, checkOf, drawDuty, highlight, pieceAt, trackBounds, viewBoard, type Api, type Key } from '../board';
import { drawClocks, everyTick, header, moveList, notice, playerName, rulingsCard } from '../common';
import { h, fill, setTitle } from '../dom';
import { followGame, inForce, inPlay, type GameState } from '../feed';
import { boardFen, handMoved, handOf, lastMove, mayPress, other, presser, type Mirror, type Piece } from '../mirror';
import type { Action, Ruling, Side } from '../types';
import { capital, t } from '../i18n';
import { article, claimName, duty as dutyWords, flagWords, resultWords, sideName, whoName } from '../words';

export const ruleSets: [string, string][] = [
  ['fide', t('home.rules.fide')],
  ['fide-rapid', t('home.rules.fide-rapid')],
  ['fide-blitz', t('home.rules.fide-blitz')],
  ['uscf', t('home.rules.uscf')],
  ['casual', t('home.rules.casual')],
  ['fide-1971', t('home.rules.fide-1971')],
];

/** The piece letter of a role, for its name in the catalogue (piece.N). */
const roleLetter: Record<string, string> = { pawn: 'P', knight: 'N', bishop: 'B', rook: 'R', queen: 'Q', king: 'K' };

const timeControls: [string, string][] = [
  ['', t('home.no-clock')],
  ['300+3', '5 min + 3 s'],
  ['600+5', '10 min + 5 s'],
  ['900+10', '15 min + 10 s'],
  ['5400+30', '90 min + 30 s'],
];

/** The first page: start a game under a rule set, or go back to one. */
export function home(app: HTMLElement) {
  setTitle(t('home.title'));
  const err = h('p', { class: 'error', role: 'alert', hidden: true });
  const form = h(
    'form',
    { class: 'card setup', id: 'new-game' },
    h('h2', null, t('home.new')),
    h(
      'p',
      { class: 'muted' },
      t('home.how'),
    ),
    h('div', { class: 'row' }, h('label', null, t('side.white') + ' ', h('input', { name: 'white', value: t('side.white'), autocomplete: 'off' })),
      h('label', null, t('side.black') + ' ', h('input', { name: 'black', value: t('side.black'), autocomplete: 'off' }))),
    h('label', null, t('home.rules') + ' ', h('select', { name: 'rules', id: 'rules' }, ruleSets.map(([v, words]) => h('option', { value: v }, words)))),
    h('label', null, t('home.clock') + ' ', h('select', { name: 'clock', id: 'clock' }, timeControls.map(([v, words]) => h('option', { value: v }, words)))),
    h('label', { class: 'check' }, h('input', { type: 'checkbox', name: 'enforce' }), ' ' + t('home.enforce')),
    h('button', { type: 'submit', class: 'primary', id: 'start' }, t('home.start')),
    err,
  );
  form.addEventListener('submit', async ev => {
    ev.preventDefault();
    const fd = new FormData(form);
    const white = String(fd.get('white') || 'White');
    const black = String(fd.get('black') || 'Black');
    const rules = String(fd.get('rules') || 'fide');
    const start: Record<string, unknown> = { rules };
    const tc = String(fd.get('clock') || '');
    if (tc) {
      const [base, inc] = tc.split('+').map(Number);
      start.clock = { white: base, black: base, increment: inc };
    }
    try {
      const ev = await api.createEvent({
        name: `${white} – ${black}`,
        site: 'One screen',
        kind: 'game',
        games: [{ white, black, start, enforce: fd.get('enforce') === 'on' }],
      });
      const g = ev.games[0];
      tokens.setArbiter(ev.id, ev.arbiter_token);
      tokens.setBoard(g.id, g.board_token);
      recent.add({ game: g.id, event: ev.id, white, black, rules, created: Date.now() });
      location.assign(`/play/${g.id}`);
    } catch (e) {
      err.hidden = false;
      err.textContent = t('home.start-failed', { Why: (e as Error).message });
    }
  });
  const list = recent.list();
  app.append(
    header('play'),
    h(
      'main',
      { class: 'home' },
      h('section', { class: 'intro' }, h('h1', null, t('home.title')),
        h('p', null, t('home.intro'))),
      form,
      list.length
        ? h('section', { class: 'card' }, h('h2', null, t('home.yours')),
          h('ul', { class: 'plain' }, list.map(g => h('li', null, h('a', { href: `/play/${g.game}` }, `${g.white} – ${g.black}`), ` · ${g.rules} · `,
            h('a', { href: `/board/${g.game}` }, t('home.board-page')), ' · ', h('a', { href: `/desk/${g.event}` }, t('events.desk'))))))
        : null,
    ),
  );
}

interface Gesture {
  key: Key | undefined;
  moved: boolean;
  piece: boolean;
}

/** The play page of a game. */
export function play(app: HTMLElement, id: string) {
  const fromLink = tokenFromFragment();
  if (fromLink) tokens.setBoard(id, fromLink);
  const token = () => tokens.board(id);

  const status = h('p', { class: 'status', id: 'status', role: 'status', 'aria-live': 'polite' }, t('play.connecting'));
  const note = h('div', { class: 'notice', id: 'notice', role: 'alert', hidden: true });
  const boardEl = h('div', { class: 'board', id: 'board' });
  const focusWrap = h(
    'div',
    {
      class: 'board-frame',
      tabindex: 0,
      role: 'application',
      'aria-label': t('play.board-aria'),
      id: 'board-frame',
    },
    boardEl,
  );
  const clockEl = { white: h('span', { class: 'clock', id: 'clock-white' }), black: h('span', { class: 'clock', id: 'clock-black' }) };
  const names = { white: h('span', { class: 'name' }), black: h('span', { class: 'name' }) };
  const moveInput = h('input', {
    id: 'move-input',
    autocomplete: 'off',
    spellcheck: 'false',
    placeholder: t('play.type-hint'),
    'aria-describedby': 'move-help',
  });
  const moveForm = h(
    'form',
    { class: 'type-move', id: 'move-form' },
    h('label', { for: 'move-input' }, t('play.type')),
    h('div', { class: 'row' }, moveInput, h('button', { type: 'submit' }, t('play.do'))),
    h('p', { class: 'muted small', id: 'move-help' }, t('play.help')),
  );
  const moves = h('div', { class: 'movelist', id: 'moves' });
  const rulings = rulingsCard();
  const resultEl = h('p', { class: 'result', id: 'result' });
  const links = h('p', { class: 'links' });
  const promo = h('div', { class: 'promo', role: 'dialog', 'aria-label': t('play.promote-to'), hidden: true, id: 'promo' });

  const panel = (side: Side) => {
    const clockBtn = h('button', { class: 'clock-btn', id: `press-${side}`, type: 'button' }, t('play.press'));
    const adoube = h('button', { type: 'button', id: `adoube-${side}`, 'aria-pressed': 'false' }, t('play.adoube'));
    const claimSel = h(
      'select',
      { id: `claim-what-${side}`, 'aria-label': t('play.claims-label', { Who: sideName(side) }) },
      h('option', { value: 'touch-move' }, claimName('touch-move')),
      h('option', { value: 'threefold' }, claimName('threefold')),
      h('option', { value: 'fifty' }, claimName('fifty')),
      h('option', { value: 'dead-position' }, claimName('dead-position')),
    );
    const claimMove = h('input', { id: `claim-move-${side}`, placeholder: t('play.intended'), 'aria-label': t('play.intended'), size: 10 });
    const claimBtn = h('button', { type: 'button', id: `claim-${side}` }, t('play.claim'));
    const actBtn = (act: string, text: string, extra: Record<string, string> = {}) =>
      h('button', { type: 'button', 'data-act': act, id: `${act}-${side}`, ...extra }, text);
    const acts = {
      offer: actBtn('offer-draw', t('play.offer')),
      accept: actBtn('accept-draw', t('play.accept')),
      decline: actBtn('decline-draw', t('play.decline')),
      resign: actBtn('resign', t('play.resign'), { class: 'danger' }),
      flag: actBtn('flag', t('play.flag'), { class: 'danger', title: t('play.flag-title') }),
    };
    const more = h(
      'details',
      { class: 'more' },
      h('summary', null, t('play.more')),
      h('div', { class: 'row' }, claimSel, claimMove, claimBtn),
      h('div', { class: 'row' }, acts.offer, acts.accept, acts.decline, acts.resign, acts.flag),
    );
    more.querySelectorAll<HTMLButtonElement>('button[data-act]').forEach(b =>
      b.addEventListener('click', () => {
        const act = b.dataset.act!;
        if (act === 'resign' && !confirm(t('play.resign-confirm', { Who: sideName(side) }))) return;
        void post([{ by: side, act }]);
      }),
    );
    clockBtn.addEventListener('click', () => pressClock(side));
    adoube.addEventListener('click', () => setAdoube(adoubeFor === side ? null : side));
    claimBtn.addEventListener('click', () => {
      const a: Action = { by: side, act: 'claim', what: claimSel.value };
      if (claimMove.value.trim()) a.move = claimMove.value.trim();
      void post([a]);
    });
    const el = h(
      'div',
      { class: `player player-${side}`, id: `player-${side}` },
      h('div', { class: 'player-head' }, h('span', { class: `dot dot-${side}`, 'aria-hidden': 'true' }), names[side], clockEl[side]),
      h('div', { class: 'row controls' }, clockBtn, adoube),
      more,
    );
    return { el, clockBtn, adoube, claimBtn, acts, more };
  };
  const panels = { white: panel('white'), black: panel('black') };
  const top = h('div', { class: 'slot-top' });
  const bottom = h('div', { class: 'slot-bottom' });
  const flip = h('button', { type: 'button', id: 'flip', title: t('play.flip') }, t('play.flip'));

  app.append(
    header('play'),
    h(
      'main',
      { class: 'play' },
      h('section', { class: 'play-board' }, top, focusWrap, promo, bottom, moveForm),
      h(
        'aside',
        { class: 'play-side' },
        h('div', { class: 'card status-card' }, resultEl, status, note, h('div', { class: 'row' }, flip), links),
        h('div', { class: 'card moves-card' }, h('h2', null, t('play.moves')), moves),
        rulings.card,
      ),
    ),
  );

  let orientation: Side = 'white';
  const placePanels = () => {
    fill(top, panels[other(orientation)].el);
    fill(bottom, panels[orientation].el);
  };
  placePanels();

  let state: GameState | null = null;
  let adoubeFor: Side | null = null;
  let cursor: Key = 'e2';
  let holding: { from: Key; hand: 'right'; by: Side } | null = null;
  let lastNotice: Ruling | null = null;
  let seenNotable = -1;

  const setAdoube = (s: Side | null) => {
    adoubeFor = s;
    for (const side of ['white', 'black'] as Side[]) {
      panels[side].adoube.setAttribute('aria-pressed', String(s === side));
      panels[side].adoube.classList.toggle('on', s === side);
    }
    render();
  };

  const cg: Api = viewBoard(boardEl, '8/8/8/8/8/8/8/8', {
    viewOnly: false,
    orientation,
    coordinates: true,
    autoCastle: false,
    movable: { free: true, color: 'both', showDests: false },
    premovable: { enabled: false },
    selectable: { enabled: false },
    draggable: { enabled: true, showGhost: true, deleteOnDropOff: false },
    drawable: { enabled: false, visible: true },
    highlight: { lastMove: true, check: true },
    events: { move: (orig, dest) => onDragMove(orig, dest) },
  });

  trackBounds(cg, boardEl);

  flip.addEventListener('click', () => {
    orientation = other(orientation);
    cg.set({ orientation });
    placePanels();
  });

  // Telling a click (a touch) from a drag (a lift and a drop): the
  // gesture is settled shortly after the pointer is released, once the
  // board has reported any move.
  let gesture: Gesture | null = null;
  boardEl.addEventListener(
    'pointerdown',
    ev => {
      if (ev.button !== 0) return;
      const key = cg.getKeyAtDomPos([ev.clientX, ev.clientY]);
      const m = state?.mirror;
      gesture = { key, moved: false, piece: !!(key && m?.phys.has(key)) };
      if (key) cursor = key;
    },
    { capture: true },
  );
  document.addEventListener('pointerup', () => {
    const g = gesture;
    if (!g) return;
    window.setTimeout(() => {
      gesture = null;
      if (!g.moved && g.piece && g.key) onTouch(g.key);
      else if (!g.moved) render();
    }, 40);
  });

  function onDragMove(orig: Key, dest: Key) {
    if (gesture) gesture.moved = true;
    void post(() => moveActions(orig, dest));
  }

  function mover(): Side {
    return state?.mirror.mover ?? 'white';
  }

  /**
   * Whose hand a gesture on sq is: the player's whose move is made, on his
   * own piece, until his press (T11); else the player's having the move
   * (mirror.handOf).
   */
  function handAt(sq: Key): Side {
    const m = state?.mirror;
    return m ? handOf(m, m.phys.get(sq)?.color) : mover();
  }

  function onTouch(sq: Key) {
    if (!state) return;
    if (adoubeFor) {
      const by = adoubeFor;
      setAdoube(null);
      void post([{ by, act: 'adjust', sq }]);
      return;
    }
    void post([{ by: handAt(sq), act: 'touch', sq }]);
  }

  /**
   * The actions of moving the piece on from to dest: lift, captures, drop
   * or promotion, by the hand of whoever a hand on that piece is
   * (mirror.handOf). A piece already lifted is given as inHand.
   */
  async function moveActions(from: Key, to: Key, promoteTo?: string, inHand?: Piece): Promise<Action[] | null> {
    const m = state?.mirror;
    if (!m) return null;
    const pc = inHand ?? m.phys.get(from);
    if (!pc) return null;
    const by = handOf(m, pc.color);
    const acts: Action[] = [{ by, act: 'lift', sq: from }];
    const target = m.phys.get(to);
    if (target && target.color !== pc.color) acts.push({ by, act: 'remove', sq: to });
    if (pc.role === 'pawn' && from[0] !== to[0] && !target) {
      // En passant: the pawn taken stands beside the one that moves.
      const beside = to[0] + from[1];
      const p2 = m.phys.get(beside);
      if (p2 && p2.role === 'pawn' && p2.color !== pc.color && (from[1] === '5' || from[1] === '4')) acts.push({ by, act: 'remove', sq: beside });
    }
    const lastRank = pc.color === 'white' ? '8' : '1';
    if (pc.role === 'pawn' && to[1] === lastRank) {
      const choice = promoteTo ?? (await choosePromotion(pc.color, to));
      if (choice) {
        acts.push({ by, act: 'release' }, { by, act: 'put', sq: to, piece: choice.toUpperCase() }, { by, act: 'release' });
        return acts;
      }
    }
    acts.push({ by, act: 'drop', sq: to });
    return acts;
  }

  function choosePromotion(color: Side, sq: Key): Promise<string | null> {
    return new Promise(resolve => {
      const names: [string, string][] = [['q', 'Q'], ['r', 'R'], ['b', 'B'], ['n', 'N']].map(([l, p]) => [l, capital(t(`piece.${p}`))]);
      const done = (v: string | null) => {
        promo.hidden = true;
        fill(promo);
        resolve(v);
        focusWrap.focus();
      };
      fill(
        promo,
        h('p', null, t('play.promote-on', { Sq: sq })),
        h('div', { class: 'row' }, names.map(([l, n]) => h('button', { type: 'button', class: `promo-${l}`, 'aria-label': `${sideName(color)}: ${n.toLowerCase()}`, onclick: () => done(l) }, n)),
          h('button', { type: 'button', onclick: () => done(null) }, t('play.leave-pawn'))),
      );
      promo.hidden = false;
      (promo.querySelector('button') as HTMLButtonElement).focus();
    });
  }

  // Every gesture becomes a step of one chain, so that actions reach the
  // server in the order they were made, even when one step waits (for a
  // promotion choice, say).
  let chain: Promise<void> = Promise.resolve();
  function post(acts: Action[] | (() => Promise<Action[] | null>)) {
    const step = async () => {
      const list = typeof acts === 'function' ? await acts() : acts;
      if (!list || list.length === 0) {
        render();
        return;
      }
      try {
        const tok = token();
        if (!tok) throw new ApiError(401, { status: 401, error: t('play.no-token-post') });
        const res = await api.post(id, list, tok);
        // Take the answer in at once: the same entries come on the live
        // stream too (numbered, so they are not applied twice), with the
        // server's state after them (the clocks among it).
        const now = new Date().toISOString();
        state?.merge(res.acks.map((a, i) => ({ game: id, n: a.n, author: 'board', kind: 'action', action: list[i], rulings: a.rulings, time: now })));
      } catch (e) {
        const ae = e as ApiError;
        const r: Ruling = ae.body?.rulings?.find(x => x.kind === 'error') ?? { at: 0, kind: 'error', error: ae.message };
        console.info('refused', JSON.stringify(list), JSON.stringify(ae.body));
        showNotice(r);
      }
      render();
    };
    chain = chain.then(step, step);
    return chain;
  }

  /**
   * Presses the clock of side, or of the player whose press it is (the
   * one whose move was just made, mirror.presser), once his move is made
   * on the board: a press without one would be an illegal move (7.5.3),
   * so the page does not send it. The opponent may have replied already:
   * the press still completes the move (6.2.2). Checked when the step
   * runs, after every gesture before it.
   */
  function pressClock(side?: Side) {
    void post(async () => {
      const m = state?.mirror;
      if (!m) return null;
      const by = side ?? presser(m);
      if (!mayPress(m, by)) {
        if (!side) showNotice({ at: 0, kind: 'error', error: t('play.not-moved', { Who: sideName(by) }) });
        return null;
      }
      return [{ by, act: 'clock' }];
    });
  }

  function showNotice(r: Ruling | null) {
    lastNotice = r;
    delete note.dataset.dismissed;
    const m = state?.mirror;
    notice(note, r, m ? pieceAt(m.fens[m.ply]) : undefined, state?.flag() ?? null);
  }

  // Keyboard: arrows move a cursor over the squares, Space touches, Enter
  // lifts and puts down, Escape puts a lifted piece back.
  focusWrap.addEventListener('keydown', ev => {
    const m = state?.mirror;
    if (!m) return;
    const f = cursor.charCodeAt(0) - 97;
    const r = parseInt(cursor[1], 10);
    const dir = orientation === 'white' ? 1 : -1;
    const go = (df: number, dr: number) => {
      const nf = Math.min(7, Math.max(0, f + df * dir));
      const nr = Math.min(8, Math.max(1, r + dr * dir));
      cursor = (String.fromCharCode(97 + nf) + nr) as Key;
      render();
    };
    switch (ev.key) {
      case 'ArrowUp': go(0, 1); break;
      case 'ArrowDown': go(0, -1); break;
      case 'ArrowLeft': go(-1, 0); break;
      case 'ArrowRight': go(1, 0); break;
      case ' ':
        if (m.phys.has(cursor)) onTouch(cursor);
        break;
      case 'Enter':
        if (holding) {
          const from = holding.from;
          holding = null;
          void keyboardDrop(from, cursor);
        } else if (m.phys.has(cursor)) {
          holding = { from: cursor, hand: 'right', by: handAt(cursor) };
          void post([{ by: holding.by, act: 'lift', sq: cursor }]);
        }
        break;
      case 'Escape':
        if (holding) {
          const { from, by } = holding;
          holding = null;
          void post([{ by, act: 'drop', sq: from }]);
        }
        break;
      case 'c':
      case 'C':
        pressClock();
        break;
      case 'j':
      case 'J':
        setAdoube(adoubeFor ? null : handAt(cursor));
        break;
      default:
        return;
    }
    ev.preventDefault();
  });

  /** Puts down a piece lifted with the keyboard (already in hand on the server). */
  function keyboardDrop(from: Key, to: Key) {
    // The lift was posted when the piece was picked up; the mirror no
    // longer has it on the board, so describe the move from the held piece.
    void post(async () => {
      const held = state?.mirror.held.find(x => x.hand === 'right');
      if (!held) return null;
      const acts = await moveActions(from, to, undefined, held.piece);
      return acts ? acts.slice(1) : null;
    });
  }

  moveForm.addEventListener('submit', ev => {
    ev.preventDefault();
    const text = moveInput.value.trim().toLowerCase();
    if (!text) return;
    let mm: RegExpExecArray | null;
    if (text === 'c' || text === 'clock') {
      pressClock();
    } else if ((mm = /^j(?:'?adoube)?\s*([a-h][1-8])$/.exec(text))) {
      void post([{ by: handAt(mm[1] as Key), act: 'adjust', sq: mm[1] }]);
    } else if ((mm = /^([a-h][1-8])$/.exec(text))) {
      if (adoubeFor) onTouch(mm[1] as Key);
      else void post([{ by: handAt(mm[1] as Key), act: 'touch', sq: mm[1] }]);
    } else if ((mm = /^([a-h][1-8])\s*[-x: ]?\s*([a-h][1-8])\s*=?([qrbn])?$/.exec(text))) {
      const [from, to, pr] = [mm[1] as Key, mm[2] as Key, mm[3]];
      void post(async () => {
        // A king's two-square move typed by the player having the move is
        // a castling meant: the king first, then the rook, as the hand
        // does it. (Typed by the player whose move is made, before his
        // press, it is his hand changing his move: the king's alone.)
        const m = state?.mirror;
        const by = handAt(from);
        const castle = m && by === m.mover && !handMoved(m, by) && !state?.view.start.chess960 ? castlingHands(m.fens[m.ply], from, to, by) : null;
        if (castle) return castle.flatMap(x => [{ by, act: 'lift', sq: x.lift }, { by, act: 'drop', sq: x.drop }]);
        const acts = await moveActions(from, to, pr);
        if (!acts) showNotice({ at: 0, kind: 'error', error: t('play.no-piece', { Sq: from }) });
        return acts;
      });
    } else {
      showNotice({ at: 0, kind: 'error', error: t('play.not-a-move', { Text: text }) });
      return;
    }
    moveInput.value = '';
  });

  function render() {
    const g = state;
    if (!g) return;
    const m = g.mirror;
    const v = g.view;
    fill(names.white, playerName(v, 'white', { federation: false }));
    fill(names.black, playerName(v, 'black', { federation: false }));
    const over = !inPlay(g);
    const mv = m.mover;
    for (const s of ['white', 'black'] as Side[]) {
      // A clock is pressed by the player whose move is made (even once the
      // opponent has replied), or to complete a change of the board that
      // is no legal move (7.5.1).
      panels[s].clockBtn.disabled = over || !mayPress(m, s);
      panels[s].el.classList.toggle('to-move', !over && s === mv);
      panels[s].el.classList.toggle('owes', !over && m.owes[s]);
      // After the result there is nothing left to claim, offer or resign
      // (an act then changes nothing); a draw offer is answered only when
      // the opponent made one.
      const p = panels[s];
      const offered = !over && g.drawOffer === other(s);
      p.claimBtn.disabled = over;
      p.acts.offer.disabled = over;
      p.acts.resign.disabled = over;
      p.acts.flag.disabled = over;
      p.acts.accept.disabled = !offered;
      p.acts.decline.disabled = !offered;
      // A button shows only while its act is possible: Accept and Decline
      // while an offer waits for this player, the claims, draw and
      // resignation until the result, j'adoube while the game goes on.
      p.acts.accept.hidden = !offered;
      p.acts.decline.hidden = !offered;
      p.more.hidden = over;
      p.adoube.disabled = over;
      p.adoube.hidden = over;
      p.clockBtn.hidden = over;
    }
    // The board: what physically stands on it, the last move, the
    // obligation of the player having the move (touched piece circled,
    // allowed squares marked) and the keyboard cursor.
    const turnFen = m.fens[m.ply];
    const d = !over && g.duty && g.duty.by === mv ? g.duty : null;
    const drawing = drawDuty(d, turnFen);
    const extra: [Key, string][] = [];
    if (document.activeElement === focusWrap) extra.push([cursor, holding ? 'kbd-cursor holding' : 'kbd-cursor']);
    if (adoubeFor) extra.push([cursor, 'adoube']);
    if (!cg.state.draggable.current) {
      cg.set({
        fen: boardFen(m.phys),
        lastMove: lastMove(m),
        turnColor: mv,
        check: checkOf(m.fens[m.ply]),
        highlight: { custom: highlight(drawing.dests, extra) },
        drawable: { autoShapes: drawing.shapes },
      });
    }
    boardEl.dataset.fen = boardFen(m.phys);
    boardEl.dataset.legalFen = turnFen;
    boardEl.dataset.mover = mv;
    boardEl.dataset.cursor = cursor;
    boardEl.dataset.duty = d ? `${d.rule}:${d.sq ?? ''}` : '';
    // Words.
    const f = inForce(g);
    const flag = g.flag();
    boardEl.dataset.flag = flag ?? '';
    fill(resultEl, over ? resultWords(f.result, f.reason, flag) : '');
    resultEl.hidden = !over;
    resultEl.classList.toggle('flag', !!flag);
    const o = other(mv);
    let s = over ? (flag ? t('play.over-flag', { Flag: flagWords(f.result, f.reason, flag) }) : t('play.over')) : capital(t('play.to-move', { Who: whoName(mv) }));
    if (!over && m.owes[o]) s += ' ' + capital(t('play.press-owed', { Who: whoName(o) }));
    if (d) s += ` ${dutyWords(d, pieceAt(turnFen))} (FIDE ${d.article}: ${article(d.article)})`;
    if (m.limbo && !over) s += ' ' + t('board.limbo', { Who: sideName(m.limbo), Other: sideName(other(m.limbo)) });
    if (holding) s += ' ' + t('play.holding', { Sq: holding.from });
    if (adoubeFor) s += ' ' + t('play.adoube-said', { Who: sideName(adoubeFor) });
    const c = g.claimParties();
    if (c && !over) s += ' ' + capital(t('play.may-claim', { Who: whoName(c.claimant) }));
    if (g.drawOffer && !over) s += ' ' + capital(t('play.offers', { Who: whoName(g.drawOffer) }));
    status.textContent = s;
    const under = m.phys.get(cursor);
    focusWrap.setAttribute('aria-description', t('play.cursor', { Sq: cursor, What: under ? `${sideName(under.color)}: ${t(`piece.${roleLetter[under.role]}`)}` : t('play.empty') }));
    moveList(moves, m.sans.slice(0, m.ply + 1), m.startFen, m.moveTexts);
    rulings.draw(m.rulings, m.rulingFens, flag, m.rulingEntries);
    drawClocks(g, clockEl);
    // A new violation, illegal move, claim or result replaces the notice;
    // a refusal stays until then.
    const notable = m.rulings.filter(r => ['violation', 'illegal', 'claim', 'result', 'irregularity'].includes(r.kind));
    if (notable.length !== seenNotable) {
      if (notable.length > seenNotable || seenNotable < 0) showNotice(notable[notable.length - 1] ?? null);
      seenNotable = notable.length;
    }
  }

  everyTick(() => state && drawClocks(state, clockEl));
  focusWrap.addEventListener('focus', render);

  /** Whether the server took this browser's token: the socket refused it, or the game reads as anyone's. */
  let socketRefused = false;
  let readAsAnyone = false;
  function spectating() {
    const refused = socketRefused || readAsAnyone;
    app.classList.toggle('spectating', refused);
    if (!refused) refusalTold = false;
  }

  /** Tells the players, once the game is drawn, that the server refused this browser's token. */
  let refusalTold = false;
  function tellRefusal() {
    if (refusalTold || !state || !app.classList.contains('spectating')) return;
    refusalTold = true;
    showNotice({ at: 0, kind: 'error', error: t('play.token-refused') });
  }
  focusWrap.addEventListener('blur', render);

  followGame(
    id,
    g => {
      const first = !state;
      state = g;
      if (first) {
        setTitle(`${g.view.white} – ${g.view.black}`);
        fill(
          links,
          h('a', { href: `/board/${id}`, id: 'link-board' }, t('play.link-board')),
          ' · ',
          h('a', { href: `/desk/${g.view.event}`, id: 'link-desk' }, t('play.link-desk')),
          ' · ',
          h('a', { href: pgnURL(id), download: `game-${id}.pgn` }, 'PGN'),
          h('br'),
          h('span', { class: 'muted small' }, t(g.view.enforce ? 'play.rules-enforce' : 'play.rules', { Rules: g.view.start.rules || 'fide' })),
        );
        if (!token()) showNotice({ at: 0, kind: 'error', error: t('play.no-token-watch') });
      }
      // A token the server does not take for this game (replaced by the
      // arbiter) reads as anyone's: the view says so.
      readAsAnyone = !!token() && g.view.reader === 'anyone';
      spectating();
      render();
      tellRefusal();
    },
    (open, withToken) => {
      app.classList.toggle('offline', !open);
      // A token the game's socket refused: the game is followed as
      // spectators see it, and the players are told.
      socketRefused = open && !withToken && !!token();
      spectating();
      tellRefusal();
    },
    token,
  );
}

export type { Mirror };
