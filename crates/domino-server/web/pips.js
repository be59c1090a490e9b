// The pips tab, a PlayTab (play.js): a generated or pasted puzzle (the
// newspaper's JSON, one puzzle or a day file whose level the player
// chooses, or the text format), played with real dominoes: take one from
// the tray and lay it (click a cell, or drag it there: it follows the
// pointer or finger), tap a held or laid domino to turn it in place, drag
// a laid one elsewhere or off the board, Esc puts a held one back. The
// keyboard does the same (arrow keys move over the board, Enter lays or
// lifts, R turns). A lay over another domino, off the board or onto a
// hole is refused with the reason. The rules the engine finds broken are
// marked at once. Cells are named as the board's labels and the engine's
// explanations name them: "row 2, column 3". Address keys (see
// address.js): qb, qt, qm, qa, qd; a move is written "d.r.c.r.c" (domino d,
// its first value on the first cell; a laid domino laid again moves or
// turns), "xd" lifts domino d.

import { History } from './history.js';
import {
  highlightLayer, svgElement, svgPoint,
} from './svg.js';
import { showError, clearError, busy } from './forms.js';
import { levelsOf } from './levels.js';
import { result, said } from './daily.js';
import { PlayTab } from './play.js';
import { onSettings } from './settings.js';

// Pips boards are small; drawn twice the engine's size, cells are easy
// to hit with a finger.
const ZOOM = 2;
const STEPS = [[0, 1], [1, 0], [0, -1], [-1, 0]];
const WAYS = ['to its right', 'below it', 'to its left', 'above it'];
// A press that moves farther than this (px) is a drag, not a tap.
const DRAG_SLOP = 6;

// Where the pips of 0 to 9 lie on a half's 3x3 grid (column, row), as
// the engine's pictures place them.
const PIPS = [
  [], [[1, 1]], [[0, 0], [2, 2]], [[0, 0], [1, 1], [2, 2]], [[0, 0], [2, 0], [0, 2], [2, 2]],
  [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]], [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]],
  [[0, 0], [2, 0], [0, 1], [1, 1], [2, 1], [0, 2], [2, 2]],
  [[0, 0], [1, 0], [2, 0], [0, 1], [2, 1], [0, 2], [1, 2], [2, 2]],
  [[0, 0], [1, 0], [2, 0], [0, 1], [1, 1], [2, 1], [0, 2], [1, 2], [2, 2]],
];

const same = (a, b) => a[0] === b[0] && a[1] === b[1];
const key = (c) => `${c[0]},${c[1]}`;
const cellName = (c) => `row ${c[0] + 1}, column ${c[1] + 1}`;
const step = (c, way) => [c[0] + STEPS[way][0], c[1] + STEPS[way][1]];
const wayOf = (from, to) => STEPS.findIndex(([dr, dc]) => to[0] - from[0] === dr && to[1] - from[1] === dc);

/**
 * The print date of a newspaper day file ("yyyy-mm-dd"), which names its
 * results in this browser; null when it has none.
 */
function printDate(doc) {
  const date = doc && doc.printDate;
  return typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null;
}

/** The pips family in the play tab's shape (see PlayTab). */
const FAMILY = {
  family: 'pips', prefix: 'q', name: 'Pips', zoom: ZOOM, praise: 'every domino laid and every rule holds.', piece: 'domino', pieces: 'dominoes',
};

/**
 * The pattern of the k-th ruled region, in grey over its tint: lines at
 * four angles, dots, a grid, waves, told apart without colour.
 */
function regionPattern(id, k) {
  const kinds = [
    ['path', { d: 'M0 8L8 0', 'stroke-width': 1.2 }],
    ['path', { d: 'M0 0L8 8', 'stroke-width': 1.2 }],
    ['circle', { cx: 4, cy: 4, r: 1.3 }],
    ['path', { d: 'M0 4H8', 'stroke-width': 1.2 }],
    ['path', { d: 'M4 0V8', 'stroke-width': 1.2 }],
    ['path', { d: 'M0 4H8M4 0V8', 'stroke-width': 0.9 }],
    ['path', { d: 'M0 0L8 8M0 8L8 0', 'stroke-width': 0.9 }],
    ['path', { d: 'M0 6Q2 2 4 6T8 6', 'stroke-width': 1, fill: 'none' }],
  ];
  const [tag, attrs] = kinds[k % kinds.length];
  const pattern = svgElement('pattern', {
    id, width: 8, height: 8, patternUnits: 'userSpaceOnUse',
  });
  pattern.append(svgElement(tag, {
    ...attrs, stroke: '#4a4540', 'stroke-opacity': 0.45, fill: tag === 'circle' ? '#4a4540' : (attrs.fill || 'none'), 'fill-opacity': 0.45,
  }));
  return pattern;
}

class PipsTab extends PlayTab {
  constructor() {
    super(FAMILY);
    this.tray = document.getElementById('pips-tray');
    this.turnLine = document.getElementById('pips-turn');
    this.cursorLine = document.getElementById('pips-cursor');
    this.levelBox = document.getElementById('pips-levels');
    this.dominoes = []; // the puzzle's dominoes, [a, b] each
    this.picked = null; // index of the domino taken from the tray
    this.turn = 0; // where its second half goes: 0 right, 1 down, 2 left, 3 up
    this.cursor = [0, 0]; // the keyboard's cell
    this.drag = null; // a domino being dragged, see startDrag
    this.tapped = false; // a drag just ended: the click that follows is not a tap
    this.geometry = null; // {left, top, size, rows, cols} of the engine's picture
    this.cells = new Set(); // "r,c" of every board cell (not the holes)
    // Whether the message shown is a redraw's own (a broken rule): a later
    // redraw takes only that one away, not what the player was told since
    // (a lay refused while the last move was still being drawn).
    this.rulesSaid = false;
    this.wireBoard();
    onSettings(() => {
      const marks = this.svg && this.svg.querySelector('g.region-marks');
      if (marks) {
        marks.remove();
      }
      this.drawRegionMarks();
    });
  }

  encodeMove(m) {
    return m.lift ? `x${m.domino}` : [m.domino, ...m.cells.flat()].join('.');
  }

  /**
   * A move of the address, or null when the token is not a whole move: a
   * link cut in the middle of one ("2.2.1.2.") is not read as another
   * move, and two cells that are not neighbours are no move.
   */
  decodeMove(token) {
    if (/^x\d{1,4}$/.test(token)) {
      return { lift: true, domino: Number(token.slice(1)) };
    }
    if (!/^\d{1,4}(\.\d{1,4}){4}$/.test(token)) {
      return null;
    }
    const [d, r1, c1, r2, c2] = token.split('.').map(Number);
    if (Math.abs(r1 - r2) + Math.abs(c1 - c2) !== 1) {
      return null;
    }
    return { lift: false, domino: d, cells: [[r1, c1], [r2, c2]] };
  }

  /** The dominoes on the board after the applied moves, in the order laid. */
  laid(history = this.game.history) {
    const laid = new Map();
    for (const m of history.applied()) {
      laid.delete(m.domino);
      if (!m.lift) {
        laid.set(m.domino, m.cells);
      }
    }
    return Array.from(laid, ([domino, cells]) => ({ domino, cells }));
  }

  cellsOf(p) {
    return p.cells;
  }

  pieceName(d) {
    return `${this.dominoes[d][0]}|${this.dominoes[d][1]}`;
  }

  pieceWords(p) {
    return `${this.pieceName(p.domino)} on ${cellName(p.cells[0])} and ${cellName(p.cells[1])}`;
  }

  playAt(cell) {
    return this.laid().find((p) => p.cells.some((c) => same(c, cell)));
  }

  covers(cell) {
    return Boolean(this.playAt(cell));
  }

  /** A board the engine reads but no game can be played on: no dominoes, or not enough. */
  unplayable(check) {
    const n = (check.dominoes || []).length;
    if (n === 0) {
      return 'the puzzle has no dominoes (a list like "1-2 3-4" must follow the board and its rules)';
    }
    return check.cells !== 2 * n ? `the ${n} dominoes cover ${2 * n} cells but the board has ${check.cells}` : null;
  }

  say(kind, tag, text) {
    this.rulesSaid = false;
    super.say(kind, tag, text);
  }

  unsay() {
    this.rulesSaid = false;
    super.unsay();
  }

  forget() {
    this.picked = null;
    this.turn = 0;
  }

  total() {
    return this.dominoes.length;
  }

  cellBox(cell) {
    const g = this.geometry;
    return g ? {
      x: g.left + cell[1] * g.size, y: g.top + cell[0] * g.size, w: g.size, h: g.size,
    } : null;
  }

  generateRequest(data) {
    return { cells: Number(data.get('cells')), difficulty: data.get('difficulty') };
  }

  generatedTitle(request, answer) {
    const cells = request.cells || 2 * answer.puzzle.dominoes.length;
    return `${cells} cells, ${answer.difficulty || request.difficulty}, seed ${request.seed}`;
  }

  generatedText(answer) {
    return answer.text || (answer.puzzle && JSON.stringify(answer.puzzle));
  }

  /** The Today puzzle of a level: the newspaper's board size for it (the route's default). */
  todayRequest(level, seed) {
    return { difficulty: level, seed };
  }

  loaded({ check }) {
    this.levelBox.hidden = true;
    this.dominoes = check.dominoes || [];
    this.cursor = null;
  }

  /**
   * Why domino `d` cannot go on `cells` (null when it can): a cell off the
   * board, a hole, or a cell another domino covers. The board's cells are
   * those of the engine's picture.
   */
  whyNot(d, cells) {
    const g = this.geometry;
    for (const c of cells) {
      if (c[0] < 0 || c[1] < 0 || c[0] >= g.rows || c[1] >= g.cols) {
        return `its ${c === cells[0] ? 'first' : 'second'} half would be off the board`;
      }
      if (!this.cells.has(key(c))) {
        return `${cellName(c)} is a hole, not a cell of the board`;
      }
      const under = this.playAt(c);
      if (under && under.domino !== d) {
        return `${cellName(c)} is covered by ${this.pieceName(under.domino)}`;
      }
    }
    return null;
  }

  /** Lays domino d on `cells` when that is allowed; else says why not. */
  tryLay(d, cells, verb = 'lay') {
    const why = this.whyNot(d, cells);
    if (why) {
      this.say('bad', `Cannot ${verb} ${this.pieceName(d)} there`, `${why}.`);
      return false;
    }
    this.move({ lift: false, domino: d, cells });
    return true;
  }

  move(m) {
    if (!m.lift) {
      // A domino laid leaves the hand; the next one starts unturned.
      this.forget();
    }
    super.move(m);
    // The tray shows the move at once too (a domino laid gone from it, a
    // lifted one back), not only when the engine's check comes back.
    const laid = new Set(this.laid().map((p) => p.domino));
    this.drawTray(new Set(this.dominoes.map((_, d) => d).filter((d) => !laid.has(d))));
  }

  /** The engine's picture's geometry, the board's cells, the rules broken, the tray. */
  showCheck(check) {
    const svg = this.svg;
    const d = svg ? svg.dataset : {};
    this.geometry = {
      left: Number(d.left), top: Number(d.top), size: Number(d.cell), rows: Number(d.rows), cols: Number(d.cols),
    };
    this.cells = new Set(svg ? Array.from(svg.querySelectorAll('rect.cell[data-cell]'), (e) => e.dataset.cell) : []);
    if (!this.cursor || !this.cells.has(key(this.cursor))) {
      const first = Array.from(this.cells, (k) => k.split(',').map(Number)).sort((a, b) => a[0] - b[0] || a[1] - b[1])[0];
      this.cursor = first || [0, 0];
    }
    // The rules already broken are marked at once (a full region whose
    // rule is false, or one the values laid can no longer satisfy).
    const game = this.game;
    const broken = check.rules || [];
    if (!game.marks || game.marks.kind === 'rules') {
      game.marks = broken.length ? { kind: 'rules', cells: broken.flatMap((r) => r.cells), pieces: [] } : null;
    }
    if (broken.length && !game.solved) {
      this.say('bad', 'A rule is broken', broken.map((r) => r.reason).join(' '));
      this.rulesSaid = true;
    } else if (game.marks === null && this.rulesSaid) {
      this.unsay();
    }
    this.drawTray(new Set(check.unused || []));
    this.drawRegionMarks();
  }

  checkFaults(answer) {
    const rules = answer.rules || [];
    return { cells: rules.flatMap((r) => r.cells), edges: [], parts: rules.map((r) => r.reason) };
  }

  /** Whether the engine draws digits (values above 9) rather than pips. */
  digits() {
    return this.dominoes.some((d) => d.some((v) => v < 0 || v > 9));
  }

  /**
   * Domino d drawn as the engine draws a tile (ivory, rounded, a dividing
   * line, pips turned a quarter on a horizontal tile), turned `turn` ways
   * (its second half to the right, below, left, above the first), each
   * half `half` px wide.
   */
  dominoPicture(d, turn, half) {
    const [a, b] = this.dominoes[d] || [0, 0];
    const horizontal = turn % 2 === 0;
    const [lead, trail] = turn < 2 ? [a, b] : [b, a];
    const [w, h] = horizontal ? [2 * half, half] : [half, 2 * half];
    const svg = svgElement('svg', {
      viewBox: `0 0 ${w} ${h}`, width: w, height: h, class: 'domino', 'aria-hidden': 'true', 'data-turn': turn,
    });
    svg.append(svgElement('rect', {
      x: 1, y: 1, width: w - 2, height: h - 2, rx: half * 0.16, fill: '#fffdf6', stroke: '#3b3a36', 'stroke-width': 1.6,
    }));
    const line = horizontal
      ? { x1: half, y1: half * 0.18, x2: half, y2: half * 0.82 }
      : { x1: half * 0.18, y1: half, x2: half * 0.82, y2: half };
    svg.append(svgElement('line', { ...line, stroke: '#3b3a36', 'stroke-width': 1.2 }));
    const digits = this.digits();
    [lead, trail].forEach((v, i) => {
      const [x, y] = horizontal ? [i * half, 0] : [0, i * half];
      if (digits) {
        svg.append(svgElement('text', {
          x: x + half / 2, y: y + half / 2, 'font-size': half * 0.5, 'text-anchor': 'middle',
          'dominant-baseline': 'central', 'font-weight': 600, fill: '#24303a',
        }, String(v)));
        return;
      }
      for (const [col, row] of PIPS[v] || []) {
        const [c, r] = horizontal ? [row, col] : [col, row];
        svg.append(svgElement('circle', {
          class: 'pip', cx: x + half * (0.25 + 0.25 * c), cy: y + half * (0.25 + 0.25 * r), r: half * 0.085, fill: '#24303a',
        }));
      }
    });
    return svg;
  }

  drawTray(unused) {
    const tray = this.tray;
    tray.replaceChildren();
    if (this.picked !== null && !unused.has(this.picked)) {
      this.forget();
    }
    for (const d of unused) {
      const item = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'tray-piece';
      b.dataset.domino = String(d);
      const picked = this.picked === d;
      const turn = picked ? this.turn : 0;
      b.dataset.turn = String(turn);
      b.append(this.dominoPicture(d, turn, 26));
      const name = document.createElement('span');
      name.className = 'sr-only';
      name.textContent = picked ? `${this.pieceName(d)}, held, second half ${WAYS[turn]}` : this.pieceName(d);
      b.append(name);
      b.setAttribute('aria-pressed', String(picked));
      b.title = picked ? 'Click again (or press R) to turn it; Esc puts it back' : `Take ${this.pieceName(d)}`;
      item.append(b);
      tray.append(item);
    }
    if (unused.size === 0) {
      const none = document.createElement('li');
      none.className = 'none';
      none.textContent = 'Every domino is on the board.';
      tray.append(none);
    }
    this.turnLine.textContent = this.picked === null
      ? (unused.size > 0 ? 'Take a domino from the tray.' : '')
      : `${this.pieceName(this.picked)}: its first value goes on the cell you choose, the second ${WAYS[this.turn]}.`;
  }

  /** The board cell at a pointer position, or null. */
  cellAt(event) {
    const g = this.geometry;
    const p = this.svg && g ? svgPoint(this.svg, event) : null;
    if (!p || !(g.size > 0)) {
      return null;
    }
    const r = Math.floor((p.y - g.top) / g.size);
    const c = Math.floor((p.x - g.left) / g.size);
    return r >= 0 && c >= 0 && r < g.rows && c < g.cols ? [r, c] : null;
  }

  drawHighlights() {
    if (!this.svg || !this.geometry) {
      return;
    }
    const layer = highlightLayer(this.svg);
    this.drawPending(layer);
    this.drawMarks(layer);
    // The keyboard's cell, and where the held domino would go from it:
    // only while the keyboard plays (never during mouse or touch play).
    this.boardBox.dataset.cursor = key(this.cursor);
    if (document.activeElement === this.boardBox && this.keyed) {
      if (this.picked !== null) {
        const cells = [this.cursor, step(this.cursor, this.turn)];
        const ok = this.whyNot(this.picked, cells) === null;
        cells.forEach((c) => this.square(layer, c, ok ? 'hl-selected' : 'hl-wrong', 1));
      }
      this.square(layer, this.cursor, 'hl-cursor', 1);
    }
  }

  /**
   * The last move, drawn over the engine's picture while the engine has
   * not drawn it yet: a domino laid or moved shows at once where it goes
   * (and no longer where it was); a lifted one leaves its cells.
   */
  drawPending(layer) {
    const m = this.pending;
    if (!m) {
      return;
    }
    const h = this.game.history;
    const before = this.laid(new History(h.actions, h.at - 1)).find((p) => p.domino === m.domino);
    if (before) {
      const box = this.cellBox(before.cells[0]);
      const [cx, cy] = [box.x + box.w / 2, box.y + box.h / 2];
      for (const tile of this.svg.querySelectorAll('g.tile')) {
        const r = tile.querySelector('rect');
        const [x, y] = [Number(r.getAttribute('x')), Number(r.getAttribute('y'))];
        if (cx > x && cy > y && cx < x + Number(r.getAttribute('width')) && cy < y + Number(r.getAttribute('height'))) {
          tile.setAttribute('visibility', 'hidden');
        }
      }
    }
    if (m.lift) {
      return;
    }
    const a = this.cellBox(m.cells[0]);
    const b = this.cellBox(m.cells[1]);
    if (!a || !b) {
      return;
    }
    const turn = wayOf(m.cells[0], m.cells[1]);
    const picture = this.dominoPicture(m.domino, turn, a.w);
    picture.setAttribute('x', String(Math.min(a.x, b.x)));
    picture.setAttribute('y', String(Math.min(a.y, b.y)));
    picture.setAttribute('class', 'hl hl-pending');
    layer.append(picture);
  }

  /**
   * The colour-blind marks of the regions (settings.js): each ruled
   * region (one with a badge) gets a pattern and a letter, A for the
   * first, in each of its cells, under the dominoes; the letter is added
   * to its badge's title.
   */
  drawRegionMarks() {
    const svg = this.svg;
    if (!svg || document.documentElement.dataset.patterns !== 'on' || svg.querySelector('g.region-marks')) {
      return;
    }
    const g = this.geometry;
    const cells = Array.from(svg.querySelectorAll('rect.cell[data-cell]'));
    // A badge sits on the top left corner of its region's first cell.
    const ruled = [];
    for (const badge of svg.querySelectorAll('rect.badge')) {
      const x = Number(badge.getAttribute('x')) + 4;
      const y = Number(badge.getAttribute('y')) + Number(badge.getAttribute('height')) / 2;
      const cell = cells.find((e) => Math.abs(Number(e.getAttribute('x')) - x) < 0.5 && Math.abs(Number(e.getAttribute('y')) - y) < 0.5);
      if (cell && !ruled.includes(cell.dataset.region)) {
        ruled.push(cell.dataset.region);
      }
    }
    ruled.sort((p, q) => Number(p) - Number(q));
    const marks = svgElement('g', { class: 'region-marks', 'aria-hidden': 'true' });
    const defs = svgElement('defs', {});
    marks.append(defs);
    ruled.forEach((region, k) => {
      const id = `pips-pattern-${k}`;
      defs.append(regionPattern(id, k));
      const letter = String.fromCharCode(65 + (k % 26));
      for (const cell of cells.filter((e) => e.dataset.region === region)) {
        const x = Number(cell.getAttribute('x'));
        const y = Number(cell.getAttribute('y'));
        marks.append(svgElement('rect', {
          x, y, width: g.size, height: g.size, fill: `url(#${id})`, class: 'region-pattern', 'data-region': region,
        }));
        marks.append(svgElement('text', {
          x: x + g.size / 2, y: y + g.size / 2, 'font-size': g.size * 0.42, 'text-anchor': 'middle', 'dominant-baseline': 'central',
          'font-weight': 700, fill: '#3b3a36', 'fill-opacity': 0.7, class: 'region-letter', 'data-region': region,
        }, letter));
      }
    });
    // Under the region borders and the dominoes, over the tints.
    const borders = svg.querySelector('.region-borders');
    svg.insertBefore(marks, borders || svg.querySelector('g.tile'));
  }

  /** What the keyboard's cell holds, for a screen reader. */
  sayCursor() {
    const laid = this.playAt(this.cursor);
    const here = laid ? `, ${this.pieceName(laid.domino)} laid here` : '';
    const held = this.picked === null ? '' : `; holding ${this.pieceName(this.picked)}, second half ${WAYS[this.turn]}`;
    this.cursorLine.textContent = `${cellName(this.cursor)}${here}${held}`;
  }

  // --- Playing.

  /** Lays the held domino with its first half on `cell`. */
  layAt(cell) {
    if (this.picked !== null) {
      this.tryLay(this.picked, [cell, step(cell, this.turn)]);
    }
  }

  /**
   * Turns the laid domino under `cell` a quarter clockwise about the half
   * on that cell (the next way that is free, so a domino against an edge
   * still turns).
   */
  turnLaid(cell) {
    const laid = this.playAt(cell);
    if (!laid) {
      return;
    }
    const mine = same(laid.cells[0], cell) ? 0 : 1;
    const way = wayOf(cell, laid.cells[1 - mine]);
    for (let k = 1; k < 4; k++) {
      const other = step(cell, (way + k) % 4);
      const cells = mine === 0 ? [cell, other] : [other, cell];
      if (this.whyNot(laid.domino, cells) === null) {
        this.move({ lift: false, domino: laid.domino, cells });
        return;
      }
    }
    this.say('bad', `Cannot turn ${this.pieceName(laid.domino)}`, 'there is no free cell around it to turn into.');
  }

  lift(cell) {
    const laid = this.playAt(cell);
    if (laid) {
      this.move({ lift: true, domino: laid.domino });
    }
  }

  /** Takes domino d from the tray, or turns it when it is held. */
  pick(d) {
    if (this.picked === d) {
      this.turn = (this.turn + 1) % 4;
    } else {
      this.picked = d;
      this.turn = 0;
    }
    this.refreshTray();
  }

  /** Puts the held domino back (Esc), or turns it (R). */
  hold(turnBy) {
    if (this.picked === null) {
      return;
    }
    if (turnBy) {
      this.turn = (this.turn + turnBy) % 4;
    } else {
      this.forget();
    }
    this.refreshTray();
  }

  refreshTray() {
    const tray = this.tray;
    const unused = new Set(Array.from(tray.querySelectorAll('[data-domino]'), (b) => Number(b.dataset.domino)));
    const focused = tray.contains(document.activeElement);
    this.drawTray(unused);
    this.drawHighlights();
    this.sayCursor();
    const again = tray.querySelector(`[data-domino="${this.picked}"]`);
    if (again && focused) {
      again.focus();
    }
  }

  // --- Dragging: a domino pressed in the tray or on the board follows the
  // pointer (or finger), drawn at the board's size under it, and is laid
  // where it is let go: the half it was held by on the cell under the
  // pointer. A laid domino let go off the board goes back to the tray.

  startDrag(event, d, turn, grip, from) {
    this.drag = {
      d, turn, grip, from, x: event.clientX, y: event.clientY, id: event.pointerId, ghost: null,
    };
  }

  moveDrag(event) {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.id) {
      return;
    }
    if (!drag.ghost && Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < DRAG_SLOP) {
      return;
    }
    event.preventDefault();
    if (!drag.ghost) {
      const svg = this.svg;
      const scale = svg ? svg.getBoundingClientRect().width / Number(svg.getAttribute('width')) : ZOOM;
      drag.half = this.geometry.size * scale;
      drag.ghost = document.createElement('div');
      drag.ghost.className = 'pips-ghost';
      drag.ghost.append(this.dominoPicture(drag.d, drag.turn, drag.half));
      document.body.append(drag.ghost);
    }
    // The half held sits under the pointer: where each half lies in the
    // picture of a domino turned each way, in halves (first, second).
    const at = [[[0, 0], [1, 0]], [[0, 0], [0, 1]], [[1, 0], [0, 0]], [[0, 1], [0, 0]]][drag.turn][drag.grip];
    drag.ghost.style.left = `${event.clientX - (at[0] + 0.5) * drag.half}px`;
    drag.ghost.style.top = `${event.clientY - (at[1] + 0.5) * drag.half}px`;
  }

  endDrag(event) {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.id) {
      return;
    }
    this.drag = null;
    if (!drag.ghost) {
      return; // a tap: the click handler takes it
    }
    drag.ghost.remove();
    this.tapped = true;
    setTimeout(() => {
      this.tapped = false;
    }, 0);
    const over = document.elementFromPoint(event.clientX, event.clientY);
    const cell = over && this.boardBox.contains(over) ? this.cellAt(event) : null;
    if (!cell) {
      if (drag.from === 'board') {
        this.move({ lift: true, domino: drag.d });
      }
      return;
    }
    const other = drag.grip === 0 ? step(cell, drag.turn) : step(cell, (drag.turn + 2) % 4);
    const cells = drag.grip === 0 ? [cell, other] : [other, cell];
    if (drag.from === 'tray') {
      this.picked = drag.d;
      this.turn = drag.turn;
    }
    if (!this.tryLay(drag.d, cells, drag.from === 'tray' ? 'lay' : 'move') && drag.from === 'tray') {
      this.refreshTray();
    }
  }

  wireBoard() {
    const { tray, boardBox: board } = this;
    tray.addEventListener('pointerdown', (e) => {
      const b = e.target.closest('[data-domino]');
      if (b && e.button === 0) {
        const d = Number(b.dataset.domino);
        this.startDrag(e, d, this.picked === d ? this.turn : 0, 0, 'tray');
      }
    });
    board.addEventListener('pointerdown', (e) => {
      this.keyed = false;
      const cell = e.button === 0 && this.picked === null ? this.cellAt(e) : null;
      const laid = cell ? this.playAt(cell) : null;
      if (laid) {
        this.startDrag(e, laid.domino, wayOf(laid.cells[0], laid.cells[1]), same(laid.cells[0], cell) ? 0 : 1, 'board');
      }
    });
    document.addEventListener('pointermove', (e) => this.moveDrag(e), { passive: false });
    document.addEventListener('pointerup', (e) => this.endDrag(e));
    document.addEventListener('pointercancel', () => {
      if (this.drag && this.drag.ghost) {
        this.drag.ghost.remove();
      }
      this.drag = null;
    });
    tray.addEventListener('click', (e) => {
      const b = e.target.closest('[data-domino]');
      if (!b || this.tapped) {
        return;
      }
      const d = Number(b.dataset.domino);
      const first = this.picked !== d;
      this.pick(d);
      // Taken by keyboard, the domino goes to the board, where arrow keys
      // move it and Enter lays it.
      if (first && e.detail === 0) {
        board.focus();
      }
    });
    board.addEventListener('click', (e) => {
      const cell = this.tapped ? null : this.cellAt(e);
      if (cell) {
        this.cursor = cell;
        if (this.picked !== null) {
          this.layAt(cell);
        } else {
          this.turnLaid(cell);
        }
      }
    });
    board.addEventListener('focus', () => {
      // Focus by Tab (or from the tray by Enter) shows the cursor; a
      // click's does not.
      this.keyed = board.matches(':focus-visible');
      this.drawHighlights();
      this.sayCursor();
    });
    board.addEventListener('blur', () => this.drawHighlights());
    board.addEventListener('keydown', (e) => this.boardKey(e));
    // R turns and Esc puts back the held domino wherever the focus is on
    // the tab, unless the person is typing.
    document.addEventListener('keydown', (e) => {
      if (this.panel.hidden || e.ctrlKey || e.metaKey || e.altKey || this.picked === null || e.defaultPrevented) {
        return;
      }
      const tag = (e.target && e.target.tagName) || '';
      if (tag === 'TEXTAREA' || tag === 'INPUT' || tag === 'SELECT') {
        return;
      }
      if (e.key === 'r' || e.key === 'R' || e.key === 'Escape') {
        e.preventDefault();
        this.hold(e.key === 'Escape' ? 0 : 1);
      }
    });
    this.pasteText.addEventListener('input', () => {
      this.levelBox.hidden = true;
    });
  }

  boardKey(e) {
    if (e.ctrlKey || e.metaKey || e.altKey || !this.geometry) {
      return;
    }
    this.keyed = true;
    const arrow = {
      ArrowRight: 0, ArrowDown: 1, ArrowLeft: 2, ArrowUp: 3,
    }[e.key];
    const g = this.geometry;
    if (arrow !== undefined) {
      e.preventDefault();
      const next = step(this.cursor, arrow);
      if (next[0] >= 0 && next[1] >= 0 && next[0] < g.rows && next[1] < g.cols) {
        this.cursor = next;
      }
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      if (this.picked !== null) {
        this.layAt(this.cursor);
      } else {
        this.lift(this.cursor);
      }
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      this.lift(this.cursor);
    } else if ((e.key === 'r' || e.key === 'R') && this.picked === null) {
      e.preventDefault();
      this.turnLaid(this.cursor);
    } else {
      return;
    }
    this.drawHighlights();
    this.sayCursor();
  }

  // --- Pasting: a newspaper day file holds a puzzle per level.

  /**
   * The levels of a newspaper day file (`{"easy": P, "medium": P, "hard":
   * P}`, its keys the levels of the newspaper's scale) with the file's
   * print date, or null when the text is something else.
   */
  dayFile(text) {
    let doc;
    try {
      doc = JSON.parse(text);
    } catch (e) {
      return null;
    }
    if (!doc || typeof doc !== 'object' || Array.isArray(doc)) {
      return null;
    }
    const levels = levelsOf('pips/generate').filter((l) => doc[l] && typeof doc[l] === 'object');
    return levels.length ? { date: printDate(doc), levels: levels.map((l) => [l, doc[l]]) } : null;
  }

  /** Loads a level of a day file (its result kept when the file is dated). */
  loadLevel(file, [level, puzzle]) {
    const { date } = file;
    return this.load(JSON.stringify(puzzle), `pasted day file, ${level}${date ? ` (${date})` : ''}`, new History(), false,
      date && `paper:${date}:${level}`);
  }

  pasted(text, box) {
    this.levelBox.hidden = true;
    const file = this.dayFile(text);
    if (file && file.levels.length > 1) {
      this.offerLevels(file, box);
      return null;
    }
    if (!file) {
      return super.pasted(text, box);
    }
    return busy(this.pasteForm.querySelector('button[type="submit"]'), async () => {
      try {
        await this.loadLevel(file, file.levels[0]);
      } catch (err) {
        showError(box, err, this.pasteText);
      }
    });
  }

  /**
   * Offers the levels of a pasted day file, each with the result kept for
   * it; the one chosen is played (and its result kept when it is dated).
   */
  offerLevels(file, box) {
    const levelBox = this.levelBox;
    levelBox.replaceChildren();
    const say = document.createElement('p');
    say.textContent = `This day file holds ${file.levels.length} puzzles. Choose one:`;
    levelBox.append(say);
    const row = document.createElement('div');
    row.className = 'row';
    for (const entry of file.levels) {
      const level = entry[0];
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.level = level;
      b.textContent = level[0].toUpperCase() + level.slice(1);
      b.addEventListener('click', () => busy(b, async () => {
        clearError(box, this.pasteText);
        try {
          await this.loadLevel(file, entry);
        } catch (err) {
          showError(box, err, this.pasteText);
        }
      }));
      row.append(b);
      const kept = file.date && said(result('pips', `paper:${file.date}:${level}`));
      if (kept) {
        const t = document.createElement('span');
        t.className = 'result';
        t.dataset.level = level;
        t.textContent = kept;
        row.append(t);
      }
    }
    levelBox.append(row);
    levelBox.hidden = false;
    row.querySelector('button').focus();
  }
}

export default new PipsTab();
