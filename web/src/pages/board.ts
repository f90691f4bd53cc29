// The board page: one game for spectators, live. The position, the last
// move, the obligation drawn on the board, the clocks, the rulings with
// their articles in plain words, and the PGN to download. It reads
// without a token: under the event's broadcast delay it shows the game as
// it stood the delay ago, and says so.

import { api, pgnURL } from '../api';
import { checkOf, drawDuty, highlight, pieceAt, viewBoard } from '../board';
import { delayNote, drawClocks, everyTick, header, moveList, notice, placeWords, playerName, rulingsCard } from '../common';
import { h, fill, setTitle } from '../dom';
import { followGame, inForce, inPlay, type GameState } from '../feed';
import { boardFen, lastMove, other } from '../mirror';
import type { Side } from '../types';
import { article, duty as dutyWords, flagWords, resultWords, sideName } from '../words';

export function boardPage(app: HTMLElement, id: string) {
  const boardEl = h('div', { class: 'board', id: 'board' });
  const clockEl = { white: h('span', { class: 'clock', id: 'clock-white' }), black: h('span', { class: 'clock', id: 'clock-black' }) };
  const names = { white: h('span', { class: 'name', id: 'name-white' }), black: h('span', { class: 'name', id: 'name-black' }) };
  const row = (s: Side) => h('div', { class: `player player-${s}`, id: `player-${s}` },
    h('div', { class: 'player-head' }, h('span', { class: `dot dot-${s}`, 'aria-hidden': 'true' }), names[s], clockEl[s]));
  const top = h('div', { class: 'slot-top' });
  const bottom = h('div', { class: 'slot-bottom' });
  const title = h('h1', { class: 'game-title', id: 'title' }, 'Loading…');
  const status = h('p', { class: 'status', id: 'status', role: 'status', 'aria-live': 'polite' });
  const note = h('div', { class: 'notice', id: 'notice', hidden: true });
  const resultEl = h('p', { class: 'result', id: 'result', hidden: true });
  const delayed = h('p', { class: 'delay-note', id: 'delay-note', hidden: true });
  const moves = h('div', { class: 'movelist', id: 'moves' });
  const rulings = rulingsCard();
  const links = h('p', { class: 'links' });
  const live = h('span', { class: 'live', id: 'live' }, 'offline');
  const flip = h('button', { type: 'button', id: 'flip' }, 'Flip board');

  app.append(
    header('', live),
    h(
      'main',
      { class: 'play' },
      h('section', { class: 'play-board' }, top, h('div', { class: 'board-frame' }, boardEl), bottom),
      h(
        'aside',
        { class: 'play-side' },
        h('div', { class: 'card status-card' }, title, delayed, resultEl, status, note, links, flip),
        h('div', { class: 'card moves-card' }, h('h2', null, 'Moves'), moves),
        rulings.card,
      ),
    ),
  );

  let orientation: Side = 'white';
  const place = () => {
    fill(top, row(other(orientation)));
    fill(bottom, row(orientation));
  };
  place();
  const cg = viewBoard(boardEl, '8/8/8/8/8/8/8/8', { orientation });
  flip.addEventListener('click', () => {
    orientation = other(orientation);
    cg.set({ orientation });
    place();
  });

  let state: GameState | null = null;
  const render = () => {
    const g = state;
    if (!g) return;
    const v = g.view;
    const m = g.mirror;
    setTitle(`${v.white} – ${v.black}`);
    fill(title, `${v.white} – ${v.black}`);
    fill(names.white, playerName(v, 'white'));
    fill(names.black, playerName(v, 'black'));
    const over = !inPlay(g);
    const turnFen = m.fens[m.ply];
    // The obligation of the player having the move (the server's, once it
    // has caught up with the move).
    const d = !over && g.duty && g.duty.by === m.mover ? g.duty : null;
    const drawing = drawDuty(d, turnFen);
    cg.set({
      fen: boardFen(m.phys),
      lastMove: lastMove(m),
      check: checkOf(turnFen),
      highlight: { custom: highlight(drawing.dests) },
      drawable: { autoShapes: drawing.shapes },
    });
    boardEl.dataset.fen = boardFen(m.phys);
    boardEl.dataset.ply = String(m.ply);
    boardEl.dataset.mover = m.mover;
    boardEl.dataset.duty = d ? `${d.rule}:${d.sq ?? ''}` : '';
    const f = inForce(g);
    const flag = g.flag();
    boardEl.dataset.flag = flag ?? '';
    resultEl.hidden = !over;
    resultEl.classList.toggle('flag', !!flag);
    fill(resultEl, over ? resultWords(f.result, f.reason, flag) : '');
    let s = over ? `The game is over${flag ? `: ${flagWords(f.result, f.reason, flag)}` : ''}.` : `${sideName(m.mover)} to move.`;
    const o = other(m.mover);
    if (!over && m.owes[o]) s += ` ${sideName(o)} has made a move and not yet pressed the clock.`;
    if (d) s += ` ${dutyWords(d, pieceAt(turnFen))} — FIDE ${d.article}: ${article(d.article)}`;
    if (m.limbo && !over) s += ` ${sideName(m.limbo)} left an illegal position on the board: unless it is claimed, the game is drawn if it is still there when ${sideName(other(m.limbo))} completes his move (FIDE A.5.4).`;
    const c = g.claimParties();
    if (c && !over) s += ` ${sideName(c.claimant)} may claim ${sideName(c.violator)}’s touch-move violation.`;
    if (g.drawOffer && !over) s += ` ${sideName(g.drawOffer)} offers a draw.`;
    status.textContent = s;
    const latest = [...m.rulings].reverse().find(r => ['violation', 'illegal', 'claim', 'result', 'irregularity'].includes(r.kind)) ?? null;
    notice(note, latest, pieceAt(turnFen), flag);
    moveList(moves, m.sans.slice(0, m.ply + 1), m.startFen, m.moveTexts);
    rulings.draw(m.rulings, m.rulingFens, flag, m.rulingEntries);
    drawClocks(g, clockEl);
  };
  everyTick(() => state && drawClocks(state, clockEl));

  // The event's broadcast delay, read (one round's games only) once the
  // game is known and again whenever the socket comes back: a change of
  // the delay disconnects the delayed sockets.
  let wasOpen = true;
  const readDelay = () => {
    const v = state?.view;
    if (!v) return;
    api.event(v.event, undefined, v.round).then(
      ev => delayNote(delayed, ev.delay ?? 0),
      e => console.info('the event of the game', e),
    );
  };

  followGame(
    id,
    g => {
      const first = !state;
      state = g;
      if (first) {
        readDelay();
        fill(
          links,
          `${placeWords(g.view)} · rules ${g.view.start.rules || 'fide'} · `,
          h('a', { href: pgnURL(id), download: `game-${id}.pgn`, id: 'pgn' }, 'Download PGN'),
          ' · ',
          h('a', { href: `/hall/${g.view.event}` }, 'Hall'),
          ' · ',
          h('a', { href: `/desk/${g.view.event}` }, 'Arbiter’s desk'),
        );
      }
      render();
    },
    open => {
      live.textContent = open ? 'live' : 'offline';
      live.classList.toggle('on', open);
      if (open && !wasOpen) readDelay();
      wasOpen = open;
    },
  );
}
