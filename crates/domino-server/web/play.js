// The one shape of a board-puzzle tab (place and pips, the two families of
// the library's board contract): the game, its moves kept in the address,
// a puzzle loaded from the generate form, a paste, an upload, the Today
// card or a link only after the engine has read it (so a bad one is
// reported as such and the game on the board stays), the board redrawn by
// the engine with its check after each move, undo/redo, restart, hint
// (the next deduction, from the server's `<family>/hint`), check, the
// clock and the solved banner. A move is drawn at once, before the
// engine's picture comes back, and a request slower than 300 ms shows a
// waiting line. A family's tab extends PlayTab with what differs: how a
// move is written, what lies on the board, how the board is drawn and
// played.

import { api, ApiError } from './api.js';
import { readHash, saveGame } from './address.js';
import { History, undoKeys, showUndoRedo } from './history.js';
import {
  putSvg, reveal, draw, drawCross,
} from './svg.js';
import {
  showError, clearError, busy, wireUpload, messenger, sayFailure, clock,
} from './forms.js';
import { Timer } from './clock.js';
import {
  TodayCard, record, seedOf, ATTEMPTS,
} from './daily.js';
import { levelsOf, fillLevels } from './levels.js';
import { StatsCard } from './stats.js';
import { ArchiveCard } from './archive.js';

// The Today card's levels are the newspaper's scale (Pips's) in both tabs,
// so a day's three puzzles have the same names everywhere.
const TODAY_LEVELS = 'pips/generate';

// A request slower than this (ms) shows the waiting line.
const WAIT_MS = 300;

/**
 * A play tab. `family` names its routes (`<family>/generate`, `check`,
 * `render`, `hint`) and its elements (`<family>-board`, ...); `prefix`
 * its keys in the address; `name` the family as a player reads it;
 * `zoom` how much larger than the engine's picture the board is drawn;
 * `praise` the solved banner's words; `piece` what a player lays
 * ('piece', 'domino') and `pieces` its plural.
 */
export class PlayTab {
  constructor({
    family, prefix, name, zoom, praise, piece, pieces,
  }) {
    Object.assign(this, {
      family, prefix, name, zoom, praise, piece, pieces,
    });
    this.panel = document.getElementById(`panel-${family}`);
    stamp(this.panel, family);
    const el = (id) => document.getElementById(`${family}-${id}`);
    this.boardBox = el('board');
    this.playBox = el('play');
    this.statusLine = el('status');
    this.banner = el('banner');
    this.newForm = el('new');
    this.pasteForm = el('paste');
    this.pasteText = el('text');
    this.pasteBox = el('paste-box');
    this.toolbar = this.playBox.querySelector('.toolbar');
    this.messages = messenger(el('message'));
    // Said while a request is slower than WAIT_MS.
    this.waitLine = document.createElement('p');
    this.waitLine.className = 'waiting';
    this.waitLine.setAttribute('role', 'status');
    this.waitLine.hidden = true;
    this.waitLine.textContent = 'Waiting for the server\u2026';
    this.statusLine.before(this.waitLine);
    this.waits = 0;
    // Whether the keyboard plays the board: its cursor is drawn only then,
    // never during mouse or touch play.
    this.keyed = false;
    // What a bad address said, told again once the new puzzle is on the board.
    this.notice = null;
    // The move played and not yet drawn by the engine (drawPending).
    this.pending = null;
    // The game: the puzzle as text (sent as is with every request), the
    // moves, what the last answers said (a family keeps its own state on
    // the tab).
    this.game = {
      text: null,
      title: '',
      history: new History(),
      marks: null, // {kind: 'hint'|'wrong'|..., cells, pieces}: drawn over the board
      solved: false,
      started: 0,
      finished: 0,
      daily: null, // "<date>:<level>" of a Today puzzle (or a day file): its result is kept
      version: 0, // drops answers that arrive after a newer move
      drawn: 0, // the version on the board: the status line tells that one
    };
    this.timer = new Timer({
      family, name, game: this.game, panel: this.panel, playBox: this.playBox, boardBox: this.boardBox, banner: this.banner, prefix,
    });
    /** The routes this tab cannot work without, and those of single buttons (main.js). */
    this.needs = [`${family}/generate`, `${family}/check`, `${family}/render`];
    this.extras = { [`${family}/hint`]: `#${family}-play [data-act="hint"]` };
    this.wire();
    setInterval(() => this.tick(), 1000);
  }

  // --- What a family's tab gives (place.js, pips.js): encodeMove(m) and
  // decodeMove(token) (a move as a token of the address, no "_" in it;
  // null for a token that is none); laid(history) (what lies on the board
  // after the applied moves, as the API takes it); total() (the pieces of
  // a finished board); cellBox(cell) (a cell's square in the picture's
  // units, {x, y, w, h}, or null); pieceWords(p) (a laid piece as a player
  // reads it); forget() (what the player holds or picked); showCheck(check)
  // and drawHighlights() (the family's part of a drawing); checkFaults(answer)
  // (what a check finds beyond wrong pieces: {cells, edges, parts});
  // generateRequest(formData), generatedTitle(request, answer),
  // generatedText(answer) (null when there is no puzzle) and
  // todayRequest(level, seed). The hooks below have a default.

  /** The two cells of a laid piece (as `laid` gives it). */
  cellsOf(p) {
    return p;
  }

  /** A family's part of a load, before the first drawing (the answer of its check). */
  loaded() {}

  /** Why the engine's check of a fresh puzzle leaves nothing to play (null when it can be played). */
  unplayable() {
    return null;
  }

  /** Whether a laid piece covers `cell` (a hint's outline then leaves the piece in view). */
  covers() {
    return false;
  }

  /** Why a generate answer holds no puzzle, in the player's words. */
  noPuzzle(answer) {
    return answer.reason;
  }

  /**
   * Does what a hint's deduction does on the board (lays a piece, marks
   * lines), when it can; returns the words that say so, or ''.
   */
  applyStep() {
    return '';
  }

  /** A family's own reason a hint has no step (place: a wrong mark), said; or false. */
  hintBlocked() {
    return false;
  }

  /** A pasted text's puzzle: loads it (a family may offer a choice first). */
  pasted(text, box) {
    return busy(this.pasteForm.querySelector('button[type="submit"]'), async () => {
      try {
        await this.load(text, 'pasted puzzle');
      } catch (err) {
        showError(box, err, this.pasteText);
      }
    });
  }

  // --- The shared play.

  /**
   * The first move of `history` the engine refused to lay (its check's
   * `broken`: off the board, cells that are no neighbours, a piece the
   * puzzle lacks), as {index, reason}; null when it refused none.
   */
  firstRefused(history, check) {
    const laid = this.laid(history);
    const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
    let first = null;
    for (const b of check.broken || []) {
      const piece = laid[b.index];
      for (let k = 0; piece && k < (first ? first.index : history.at); k++) {
        if (this.laid(new History(history.actions.slice(0, k + 1))).some((q) => same(q, piece))) {
          first = { index: k, reason: b.reason };
          break;
        }
      }
    }
    return first;
  }

  /** The marks of pieces a hint or a check finds wrong: their cells, a cross on each. */
  wrongMarks(wrong) {
    const cells = wrong.map((p) => this.cellsOf(p));
    return { kind: 'wrong', cells: cells.flat(), pieces: cells };
  }

  /** A square over a board cell (inset by `inset` units), classed `cls`. */
  square(layer, cell, cls, inset = 0) {
    const box = this.cellBox(cell);
    if (box) {
      draw(layer, 'rect', {
        class: `hl ${cls}`, 'data-cell': `${cell[0]},${cell[1]}`, x: box.x + inset, y: box.y + inset,
        width: box.w - 2 * inset, height: box.h - 2 * inset, rx: 4,
      });
    }
  }

  /**
   * The marks of a hint or a check: a square on each cell (the hint's
   * colour, or the wrong one's) and a cross between the two cells of each
   * wrong piece.
   */
  drawMarks(layer) {
    const marks = this.game.marks;
    if (!marks) {
      return;
    }
    const cls = marks.kind === 'hint' ? 'hl-hint' : 'hl-wrong';
    // A hint's mark on a laid piece is a ring round the cell, never a
    // veil over its pips.
    marks.cells.forEach((c) => (marks.kind === 'hint' && this.covers(c)
      ? this.square(layer, c, 'hl-hint hl-ring', -1)
      : this.square(layer, c, cls, 1)));
    for (const [p, q] of marks.pieces || []) {
      const a = this.cellBox(p);
      const b = this.cellBox(q);
      if (a && b) {
        drawCross(layer, (a.x + b.x + b.w) / 2, (a.y + b.y + b.h) / 2);
      }
    }
  }

  say(kind, tag, text) {
    this.messages.show(kind, tag, text);
  }

  unsay() {
    this.messages.hide();
  }

  failed(err) {
    sayFailure((kind, tag, text) => this.say(kind, tag, text), err);
  }

  /** The body of a request about the player's position. */
  request(laid = this.laid()) {
    return { text: this.game.text, placements: laid };
  }

  /**
   * The picture of the board `text` with the pieces `laid` and the
   * engine's check of them: `{picture, check}`.
   */
  async lookAt(text, laid) {
    const body = { text, placements: laid };
    const [picture, check] = await this.waitFor(Promise.all([
      api(`${this.family}/render`, body),
      api(`${this.family}/check`, body),
    ]));
    return { picture, check };
  }

  /** `promise`, with the waiting line shown while it takes longer than WAIT_MS. */
  async waitFor(promise) {
    this.waits += 1;
    const timer = setTimeout(() => {
      this.waitLine.hidden = this.waits === 0;
    }, WAIT_MS);
    try {
      return await promise;
    } finally {
      clearTimeout(timer);
      this.waits -= 1;
      if (this.waits === 0) {
        this.waitLine.hidden = true;
      }
    }
  }

  /**
   * Loads a puzzle. The engine reads it before the game changes, so a bad
   * one is reported (the promise fails with the server's words) and the
   * game on the board stays; its answer is the first drawing of the game.
   */
  async load(text, title, moves = new History(), resume = false, daily = null) {
    const game = this.game;
    const seen = await this.lookAt(text, this.laid(moves));
    const why = this.unplayable(seen.check);
    if (why) {
      throw new ApiError(400, { error: why });
    }
    // Redraws of the game before, still on their way, stay undrawn.
    game.version += 1;
    Object.assign(game, {
      text, title, daily, history: moves, marks: null, solved: null, finished: 0,
    });
    this.today.holds(daily);
    this.forget();
    // The clock of a puzzle survives a reload of this tab but starts
    // afresh for someone who opens a shared link.
    game.started = startClock(this.family, text, resume);
    this.timer.loaded(resume);
    this.playBox.hidden = false;
    this.banner.hidden = true;
    this.unsay();
    this.loaded(seen);
    saveGame(this.prefix, game, (m) => this.encodeMove(m));
    this.show(seen);
    if (this.notice) {
      this.say('bad', 'Address', this.notice);
      this.notice = null;
    }
    reveal(this.playBox);
    return seen;
  }

  /** Redraws the board after a move and asks the engine where things stand. */
  async refresh() {
    const version = ++this.game.version;
    saveGame(this.prefix, this.game, (m) => this.encodeMove(m));
    const seen = await this.lookAt(this.game.text, this.laid());
    // A slow answer never covers a newer one.
    if (version === this.game.version) {
      this.show(seen);
    }
  }

  /** Draws the engine's picture and what its check says. */
  show({ picture, check }) {
    const game = this.game;
    this.svg = putSvg(this.boardBox, picture.svg, this.zoom);
    game.drawn = game.version;
    this.pending = null;
    this.showCheck(check);
    this.drawHighlights();
    showUndoRedo(this.toolbar, game.history);
    const justSolved = solvedBanner(this.banner, game, Boolean(check.solved), this.praise);
    if (justSolved) {
      this.unsay();
    }
    const took = this.timer.checked(justSolved);
    if (took !== null && game.daily) {
      record(this.family, game.daily, took);
      this.today.render();
    }
    this.tick();
  }

  /** Plays a move: the marks and the message go, the board is redrawn. */
  move(m) {
    this.game.marks = null;
    this.unsay();
    this.game.history.push(m);
    this.pending = m;
    this.today.moved();
    this.refresh().catch((err) => this.failed(err));
    // The move shows at once (drawHighlights draws what the engine has
    // not drawn yet); the engine's picture replaces it.
    this.drawHighlights();
  }

  tick() {
    // While a move's drawing is on its way the line keeps telling the
    // board shown, so it never counts a piece (or names a puzzle) not yet
    // drawn.
    const game = this.game;
    if (!game.text || game.drawn !== game.version) {
      return;
    }
    const title = game.title ? `${game.title} \u00B7 ` : '';
    this.statusLine.textContent = `${title}${this.pieces} laid: ${this.laid().length} of ${this.total()}`;
  }

  async hint() {
    const laid = this.laid();
    const version = this.game.version;
    const answer = await this.waitFor(api(`${this.family}/hint`, this.request(laid)));
    if (version !== this.game.version) {
      return;
    }
    const wrong = (answer.wrong || []).map((i) => laid[i]).filter(Boolean);
    const step = answer.step;
    if (wrong.length > 0) {
      this.game.marks = this.wrongMarks(wrong);
      this.say('bad', `A laid ${this.piece} is wrong`,
        `${wrong.map((p) => this.pieceWords(p)).join('; ')}: no solution holds it with the ${this.pieces} laid before it (marked \u2717). Lift it first.`);
    } else if (this.hintBlocked(answer)) {
      // The family said why.
    } else if (step) {
      const done = this.applyStep(step);
      // The engine's words, as a sentence (pips's start with a cell's name).
      const text = step.text.charAt(0).toUpperCase() + step.text.slice(1);
      this.game.marks = { kind: 'hint', cells: step.cells || [], pieces: [] };
      this.say('', `Hint \u00B7 ${step.level} \u00B7 ${step.technique}`,
        done ? `${text.replace(/\.$/, '')}. ${done}` : text);
    } else if (answer.solved) {
      this.game.marks = null;
      this.say('good', '', 'The board is solved.');
    } else {
      this.game.marks = null;
      this.say('', 'No deduction', answer.reason || 'The deductions cannot go on from here.');
    }
    this.drawHighlights();
  }

  async check() {
    const laid = this.laid();
    const answer = await this.waitFor(api(`${this.family}/check`, this.request(laid)));
    const bad = new Set(answer.wrong || []);
    for (const b of answer.broken || []) {
      bad.add(b.index);
    }
    const wrong = Array.from(bad).sort((a, b) => a - b).map((i) => laid[i]).filter(Boolean);
    const faults = this.checkFaults(answer);
    const marks = this.wrongMarks(wrong);
    this.game.marks = wrong.length || faults.cells.length || faults.edges.length
      ? { ...marks, cells: [...marks.cells, ...faults.cells], edges: faults.edges } : null;
    if (answer.solved) {
      this.say('good', 'Check', `Solved: ${this.praise}`);
    } else if (wrong.length === 0 && faults.parts.length === 0) {
      const n = laid.length;
      this.say('good', 'Check', n === 0
        ? 'Nothing laid yet.'
        : `All ${n} ${n === 1 ? this.piece : this.pieces} laid so far ${n === 1 ? 'is' : 'are'} right.`);
    } else {
      const parts = [];
      if (wrong.length) {
        const n = wrong.length;
        parts.push(`${n} ${n === 1 ? `${this.piece} is` : `${this.pieces} are`} wrong (marked \u2717): ${wrong.map((p) => this.pieceWords(p)).join('; ')}.`);
      }
      this.say('bad', 'Check', [...parts, ...faults.parts].join(' '));
    }
    this.drawHighlights();
  }

  undo() {
    if (this.game.history.canUndo() && !this.game.pausedAt) {
      this.game.history.undo();
      this.afterTravel();
    }
  }

  redo() {
    if (this.game.history.canRedo() && !this.game.pausedAt) {
      this.game.history.redo();
      this.afterTravel();
    }
  }

  restart() {
    if (this.game.history.actions.length) {
      this.game.history = new History();
      this.game.started = startClock(this.family, this.game.text, false);
      this.timer.restarted();
      this.afterTravel();
    }
  }

  afterTravel() {
    this.pending = null;
    this.game.marks = null;
    this.forget();
    this.unsay();
    this.refresh().catch((err) => this.failed(err));
  }

  /** The toolbar's buttons, by their data-act (a family adds its own). */
  acts() {
    return {
      undo: () => this.undo(),
      redo: () => this.redo(),
      hint: () => this.hint().catch((err) => this.failed(err)),
      check: () => this.check().catch((err) => this.failed(err)),
      restart: () => this.restart(),
    };
  }

  wire() {
    this.newForm.addEventListener('submit', (e) => {
      e.preventDefault();
      this.generate();
    });
    this.pasteForm.addEventListener('submit', (e) => {
      e.preventDefault();
      const box = this.pasteForm.querySelector('.error');
      clearError(box, this.pasteText);
      this.pasted(this.pasteText.value, box);
    });
    wireUpload(this.pasteForm.elements.file, this.pasteText, () => this.pasteForm.requestSubmit());
    this.pasteText.addEventListener('input', () => clearError(this.pasteForm.querySelector('.error'), this.pasteText));
    undoKeys(this.panel, () => this.undo(), () => this.redo());
    this.toolbar.addEventListener('click', (e) => {
      const act = e.target.closest('button') && e.target.closest('button').dataset.act;
      const run = this.acts()[act];
      if (run) {
        run();
      }
    });
  }

  generate() {
    const form = this.newForm;
    const box = form.querySelector('.error');
    clearError(box);
    const seedField = form.elements.seed;
    if (seedField.value === '') {
      seedField.value = String(1 + Math.floor(Math.random() * 999999));
    }
    const request = { ...this.generateRequest(new FormData(form)), seed: Number(seedField.value) };
    return busy(form.querySelector('button[type="submit"]'), async () => {
      try {
        const answer = await this.waitFor(api(`${this.family}/generate`, request));
        const text = this.generatedText(answer);
        if (!text) {
          // No puzzle in time is an answer, not a fault: its reason is for
          // the player.
          throw new ApiError(200, { error: this.noPuzzle(answer) });
        }
        await this.load(text, this.generatedTitle(request, answer));
      } catch (err) {
        showError(box, err);
      }
    });
  }

  /**
   * Plays the daily of `date` at `level` (see daily.js for the seed);
   * `kind` names where it came from in its title ('Today', 'Archive').
   */
  async playToday(date, level, kind = 'Today') {
    const box = this.today.card.querySelector('.error');
    clearError(box);
    try {
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        const answer = await this.waitFor(api(`${this.family}/generate`, this.todayRequest(level, seedOf(date, attempt))));
        const text = this.generatedText(answer);
        if (text) {
          await this.load(text, `${kind}, ${date}, ${level}`, new History(), false, `${date}:${level}`);
          // The card is drawn anew, so the button pressed is gone: the
          // focus goes to the board, where the game is (not to the page).
          if (!document.activeElement || document.activeElement === document.body) {
            this.boardBox.focus({ preventScroll: true });
          }
          return;
        }
      }
      throw new ApiError(200, { error: `the engine found no ${level} puzzle for ${date}` });
    } catch (err) {
      showError(box, err);
    }
  }

  /**
   * A first puzzle, made when the tab is first shown, not on every page
   * load (generating is one of the server's expensive jobs).
   */
  firstPuzzle() {
    const begin = () => {
      if (!this.panel.hidden) {
        observer.disconnect();
        this.newForm.requestSubmit();
      }
    };
    const observer = new MutationObserver(begin);
    observer.observe(this.panel, { attributes: true, attributeFilter: ['hidden'] });
    begin();
  }

  /**
   * Called once at start (main.js), when the service's document is read:
   * the level choices and the Today card, then the game in the address
   * (if any) or a first puzzle.
   */
  async start() {
    fillLevels(this.newForm.elements.difficulty, `${this.family}/generate`);
    this.today = new TodayCard(this.family, this.panel.querySelector('.sources'), levelsOf(TODAY_LEVELS),
      (date, level) => this.playToday(date, level), this.statusLine);
    const sources = this.panel.querySelector('.sources');
    new StatsCard(this.family, levelsOf(TODAY_LEVELS), sources);
    new ArchiveCard(this.family, levelsOf(TODAY_LEVELS), sources, (date, level) => this.playToday(date, level, 'Archive'));
    const params = readHash();
    const p = this.prefix;
    const text = params.get(`${p}b`);
    if (!text) {
      this.firstPuzzle();
      return;
    }
    // The moves up to the first that cannot be read (a link cut off in
    // the middle of a move), or that the engine refuses on this board,
    // are kept; the rest are dropped, and the player told how many.
    const tokens = (params.get(`${p}m`) || '').split('_').filter(Boolean);
    const moves = [];
    for (const token of tokens) {
      const m = this.decodeMove(token);
      if (!m) {
        break;
      }
      moves.push(m);
    }
    const asked = params.has(`${p}a`) ? Number(params.get(`${p}a`)) : moves.length;
    const history = (n) => new History(moves.slice(0, n),
      Number.isInteger(asked) && asked >= 0 ? Math.min(asked, n) : n);
    const title = params.get(`${p}t`) || '';
    const daily = params.get(`${p}d`);
    let kept = moves.length;
    let refused = null;
    try {
      const seen = await this.load(text, title, history(kept), true, daily);
      refused = this.firstRefused(history(kept), seen.check);
      if (refused) {
        kept = refused.index;
        await this.load(text, title, history(kept), true, daily);
      }
    } catch (err) {
      // The text goes to the paste box with the engine's words; a game
      // the engine cannot read makes way for a new puzzle, and the words
      // are said again over it (the paste box may be far below the board).
      this.pasteText.value = text;
      this.pasteBox.open = true;
      const box = this.pasteForm.querySelector('.error');
      showError(box, err, this.pasteText);
      if (err instanceof ApiError && err.status === 400) {
        box.textContent = `The game in the address cannot be read: ${box.textContent.replace(/\.$/, '')}. A new puzzle starts instead.`;
        this.notice = box.textContent;
        this.firstPuzzle();
      }
      return;
    }
    const dropped = tokens.length - kept;
    if (dropped > 0) {
      const shown = tokens.slice(kept).join('_');
      const end = refused
        ? `a move this board refuses: ${refused.reason}.`
        : `something that cannot be read ("${shown.length > 24 ? `${shown.slice(0, 24)}\u2026` : shown}"): the link may be cut off.`;
      const n = kept;
      this.say('bad', 'Address', `The moves in the address end in ${end} The ${n} move${n === 1 ? '' : 's'} before it ${n === 1 ? 'is' : 'are'} kept; ${dropped} dropped.`);
    }
  }
}

/**
 * Puts the parts every play tab shares (index.html's template "play-tab")
 * into `panel` after its intro: each <slot> takes the panel's elements
 * with a slot attribute of its name, each data-id becomes the id
 * "<family>-<data-id>", and the upload takes the file types the paste
 * box's label names.
 */
function stamp(panel, family) {
  const parts = document.getElementById('play-tab').content.cloneNode(true);
  for (const slot of parts.querySelectorAll('slot')) {
    slot.replaceWith(...panel.querySelectorAll(`:scope > [slot="${slot.name}"]`));
  }
  for (const e of parts.querySelectorAll('[data-id]')) {
    e.id = `${family}-${e.dataset.id}`;
    e.removeAttribute('data-id');
  }
  const label = parts.querySelector('label[slot="paste-label"]');
  parts.querySelector('input[type="file"]').accept = label.dataset.accept;
  label.removeAttribute('data-accept');
  parts.querySelectorAll('[slot]').forEach((e) => e.removeAttribute('slot'));
  panel.querySelector('.intro').after(parts);
}

/**
 * When the player started this puzzle (ms): kept for the tab's session, so
 * a reload keeps the clock while someone opening a shared link starts
 * afresh.
 */
function startClock(family, text, resume) {
  const clockKey = `domino-${family}-start:${text}`;
  const started = (resume && Number(sessionStorage.getItem(clockKey))) || Date.now();
  sessionStorage.setItem(clockKey, String(started));
  return started;
}

/**
 * Shows the solved banner (with the time taken) the first time `solved`
 * comes true, hides it when the board is no longer solved; updates
 * `game.solved`, `game.finished` and `game.openedSolved`. True when the
 * puzzle was just solved. A load sets `game.solved` to null (not yet
 * checked): a position solved at its first check was loaded solved (a
 * shared link of a finished game), so the banner claims no time for it.
 */
function solvedBanner(banner, game, solved, praise) {
  const was = game.solved;
  game.solved = solved;
  game.openedSolved = solved && (was === null || game.openedSolved);
  if (solved && !was) {
    game.finished = game.finished || Date.now();
    banner.textContent = game.openedSolved
      ? `Opened solved: ${praise}`
      : `Solved in ${clock(game.finished - game.started)}: ${praise} Well done!`;
    banner.hidden = false;
    return true;
  }
  if (!solved) {
    game.finished = 0;
    banner.hidden = true;
  }
  return false;
}
