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
import { t } from '../i18n';

export function boardPage(app: HTMLElement, id: string) {
  const boardEl = h('div', { class: 'board', id: 'board' });
  const clockEl = { white: h('span', { class: 'clock', id: 'clock-white' }), black: h('span', { class: 'clock', id: 'clock-black' }) };
  const names = { white: h('span', { class: 'name', id: 'name-white' }), black: h('span', { class: 'name', id: 'name-black' }) };
  const row = (s: Side) => h('div', { class: `player player-${s}`, id: `player-${s}` },
    h('div', { class: 'player-head' }, h('span', { class: `dot dot-${s}`, 'aria-hidden': 'true' }), names[s], clockEl[s]));
  const top = h('div', { class: 'slot-top' });
  const bottom = h('div', { class: 'slot-bottom' });
  const title = h('h1', { class: 'game-title', id: 'title' }, t('common.loading'));
  const status = h('p', { class: 'status', id: 'status', role: 'status', 'aria-live': 'polite' });
  const note = h('div', { class: 'notice', id: 'notice', hidden: true });
  const resultEl = h('p', { class: 'result', id: 'result', hidden: true });
  const delayed = h('p', { class: 'delay-note', id: 'delay-note', hidden: true });
  const moves = h('div', { class: 'movelist', id: 'moves' });
  const rulings = rulingsCard();
  const links = h('p', { class: 'links' });
  const live = h('span', { class: 'live', id: 'live' }, t('common.offline'));
  const flip = h('button', { type: 'button', id: 'flip' }, t('play.flip'));

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
        h('div', { class: 'card moves-card' }, h('h2', null, t('play.moves')), moves),
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
    let s = over ? (flag ? t('play.over-flag', { Flag: flagWords(f.result, f.reason, flag) }) : t('play.over')) : t('play.to-move', { Who: sideName(m.mover) });
    const o = other(m.mover);
    if (!over && m.owes[o]) s += ' ' + t('board.not-pressed', { Who: sideName(o) });
    if (d) s += ` ${dutyWords(d, pieceAt(turnFen))} — FIDE ${d.article}: ${article(d.article)}`;
    if (m.limbo && !over) s += ' ' + t('board.limbo', { Who: sideName(m.limbo), Other: sideName(other(m.limbo)) });
    const c = g.claimParties();
    if (c && !over) s += ' ' + t('board.may-claim', { Who: sideName(c.claimant), Other: sideName(c.violator) });
    if (g.drawOffer && !over) s += ' ' + t('play.offers', { Who: sideName(g.drawOffer) });
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
          `${placeWords(g.view)} · ${t('play.rules', { Rules: g.view.start.rules || 'fide' })} · `,
          h('a', { href: pgnURL(id), download: `game-${id}.pgn`, id: 'pgn' }, t('board.pgn')),
          ' · ',
          h('a', { href: `/hall/${g.view.event}` }, t('hall.title')),
          ' · ',
          h('a', { href: `/desk/${g.view.event}` }, t('hall.desk')),
        );
      }
      render();
    },
    open => {
      live.textContent = open ? t('common.live') : t('common.offline');
      live.classList.toggle('on', open);
      if (open && !wasOpen) readDelay();
      wasOpen = open;
    },
  );
}
