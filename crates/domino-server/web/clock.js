// The clock of the Placement and Pips tabs and the end of a game: the
// time running beside the board, pause and resume (the board hides and the
// clock stops; by button or the P key), the finish moment (the tiles pop
// in a wave, unless the player asked for reduced motion), and the share
// text of a solved puzzle (the family, the level, the time and a link to
// the puzzle; the player's moves only when they ask for them).

import { clock } from './forms.js';
import { readHash } from './address.js';
import { element } from './dom.js';

/** The milliseconds a game has taken: the time paused does not count. */
export function elapsed(game) {
  return (game.finished || game.pausedAt || Date.now()) - game.started;
}

// Where a tab keeps its clock for the session (the key startClock uses).
const startKey = (family, game) => `domino-${family}-start:${game.text}`;
const pauseKey = (family, game) => `domino-${family}-paused:${game.text}`;

/**
 * The clock, pause and share parts of a play tab: `family` is 'place' or
 * 'pips', `game` the tab's game (started, finished, solved, openedSolved,
 * text, title, daily), `name` the family as a player reads it.
 */
export class Timer {
  constructor({ family, name, game, panel, playBox, boardBox, banner, prefix }) {
    Object.assign(this, { family, name, game, panel, playBox, boardBox, banner, prefix });
    game.pausedAt = 0;
    this.clockText = element('span', { class: 'clock', role: 'timer', 'aria-label': 'Time taken' }, '0:00');
    this.pauseButton = element('button', { type: 'button', class: 'pause', 'aria-keyshortcuts': 'P', title: 'P' }, 'Pause');
    const bar = element('div', { class: 'timer-bar' });
    bar.append(this.clockText, this.pauseButton);
    this.cover = element('div', { class: 'paused-cover', role: 'status', hidden: '' });
    const resume = element('button', { type: 'button', class: 'primary' }, 'Resume');
    this.cover.append(element('p', {}, 'Paused: the board is hidden and the clock stopped.'), resume);
    boardBox.before(bar);
    boardBox.after(this.cover);
    this.pauseButton.addEventListener('click', () => this.toggle());
    resume.addEventListener('click', () => this.resume());
    document.addEventListener('keydown', (e) => {
      const tag = (e.target && e.target.tagName) || '';
      if (panel.hidden || playBox.hidden || e.ctrlKey || e.metaKey || e.altKey || (e.key || '').toLowerCase() !== 'p'
        || tag === 'TEXTAREA' || tag === 'INPUT' || tag === 'SELECT') {
        return;
      }
      e.preventDefault();
      this.toggle();
    });
    this.share = this.shareBox();
    banner.after(this.share);
    setInterval(() => this.show(), 250);
  }

  /** A game was loaded: it comes back paused when it was left paused. */
  loaded(resume) {
    const at = resume ? Number(sessionStorage.getItem(pauseKey(this.family, this.game))) : 0;
    this.game.pausedAt = at > 0 ? at : 0;
    this.share.hidden = true;
    this.boardBox.classList.remove('celebrate');
    this.showPaused();
  }

  /** The clock starts again from 0:00 (a restart). */
  restarted() {
    sessionStorage.removeItem(pauseKey(this.family, this.game));
    this.game.pausedAt = 0;
    this.showPaused();
  }

  pause() {
    const game = this.game;
    if (game.pausedAt || game.solved || !game.text) {
      return;
    }
    game.pausedAt = Date.now();
    sessionStorage.setItem(pauseKey(this.family, game), String(game.pausedAt));
    this.showPaused();
    this.cover.querySelector('button').focus();
  }

  resume() {
    const game = this.game;
    if (!game.pausedAt) {
      return;
    }
    // The time paused is added to the start, so it does not count.
    game.started += Date.now() - game.pausedAt;
    game.pausedAt = 0;
    sessionStorage.setItem(startKey(this.family, game), String(game.started));
    sessionStorage.removeItem(pauseKey(this.family, game));
    this.showPaused();
    this.boardBox.focus({ preventScroll: true });
  }

  toggle() {
    if (this.game.pausedAt) {
      this.resume();
    } else {
      this.pause();
    }
  }

  showPaused() {
    const paused = Boolean(this.game.pausedAt);
    if (paused && !this.playBox.classList.contains('paused')) {
      // The cover takes the board's place at the board's size, so nothing
      // around it moves.
      const box = this.boardBox.getBoundingClientRect();
      this.cover.style.width = box.width ? `${Math.round(box.width)}px` : '';
      this.cover.style.height = box.height ? `${Math.round(box.height)}px` : '';
    }
    this.playBox.classList.toggle('paused', paused);
    this.cover.hidden = !paused;
    this.pauseButton.textContent = paused ? 'Resume' : 'Pause';
    this.pauseButton.setAttribute('aria-pressed', String(paused));
    this.show();
  }

  /** The clock's face: the time taken, none for a game opened solved. */
  show() {
    const game = this.game;
    if (!game.text) {
      return;
    }
    this.clockText.textContent = game.openedSolved ? '\u2013:\u2013\u2013' : clock(elapsed(game));
    this.pauseButton.disabled = Boolean(game.solved);
  }

  /**
   * After each check of the board: `justSolved` (what solvedBanner said)
   * starts the finish moment and offers the share text; a board no longer
   * solved takes them away. Resolves to the time taken when the player
   * has just solved the puzzle (not opened it solved), else null.
   */
  checked(justSolved) {
    this.boardBox.classList.remove('celebrate');
    this.banner.classList.remove('celebrate');
    this.show();
    if (!this.game.solved) {
      this.share.hidden = true;
      return null;
    }
    if (!justSolved || this.game.openedSolved) {
      return null;
    }
    this.celebrate();
    this.share.querySelector('input').checked = false;
    this.writeShare();
    this.share.hidden = false;
    return elapsed(this.game);
  }

  // The tiles pop one after another from the top left corner; the banner
  // slides in. Nothing moves for a player who asked for reduced motion.
  celebrate() {
    if (matchMedia('(prefers-reduced-motion: reduce)').matches) {
      return;
    }
    const tiles = Array.from(this.boardBox.querySelectorAll('svg g.tile'));
    const place = (t) => {
      const b = t.getBBox();
      return b.x + b.y;
    };
    tiles.sort((a, b) => place(a) - place(b)).forEach((t, i) => t.style.setProperty('--i', String(i)));
    // The wave takes about a second whatever the number of tiles.
    this.boardBox.style.setProperty('--step', `${Math.min(60, Math.round(1000 / Math.max(tiles.length, 1)))}ms`);
    this.boardBox.classList.add('celebrate');
    this.banner.classList.add('celebrate');
  }

  shareBox() {
    const box = element('div', { class: 'share', hidden: '' });
    const text = element('textarea', {
      class: 'share-text', rows: '4', readonly: '', spellcheck: 'false', 'aria-label': 'Share text',
    });
    const moves = element('input', { type: 'checkbox' });
    const label = element('label', { class: 'check' });
    label.append(moves, ' include my moves in the link');
    const copy = element('button', { type: 'button', class: 'copy' }, 'Copy share text');
    const said = element('span', { class: 'muted copied', 'aria-live': 'polite' });
    const row = element('div', { class: 'row' });
    row.append(copy, label, said);
    box.append(element('h3', {}, 'Share'), text, row);
    moves.addEventListener('change', () => this.writeShare());
    copy.addEventListener('click', async () => {
      text.select();
      try {
        await navigator.clipboard.writeText(text.value);
      } catch (e) {
        // Without the clipboard API (an address that is not secure), the
        // selected text is copied the old way.
        document.execCommand('copy');
      }
      said.textContent = 'Copied.';
    });
    return box;
  }

  writeShare() {
    const withMoves = this.share.querySelector('input').checked;
    this.share.querySelector('textarea').value = shareText(this, withMoves);
    this.share.querySelector('.copied').textContent = '';
  }
}

/**
 * The share text: the family, the level (or "Today, <date>, <level>"),
 * the time, and a link that opens the puzzle. The moves go into the link
 * only when the player asks, so the text never gives the solution away.
 */
export function shareText({ name, game, prefix }, withMoves) {
  const now = readHash();
  const link = new URLSearchParams();
  link.set('tab', now.get('tab') || '');
  const keys = withMoves ? ['b', 't', 'd', 'm', 'a'] : ['b', 't', 'd'];
  for (const k of keys) {
    if (now.has(`${prefix}${k}`)) {
      link.set(`${prefix}${k}`, now.get(`${prefix}${k}`));
    }
  }
  const url = `${location.origin}${location.pathname}#${link.toString()}`;
  return `domino ${name}: ${game.title || 'a puzzle'}. Solved in ${clock(elapsed(game))}.\n${url}`;
}
