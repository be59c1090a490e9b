// The placement tab (Dominosa), a PlayTab (play.js): laying and lifting
// pieces by click, drag or keyboard, marking the line between two cells
// as "no domino here" (click the line, or Shift+arrow), pieces laid twice
// shown on the board, the set's checklist, hints that lay a piece or set
// the marks a deduction rules out, the print view, and the helpers that
// light every cell of a number (a digit key, or the number buttons under
// the board) or every place a piece of the set can still go (a piece
// picked in the checklist). Address keys (see
// address.js): pb, pt, pm, pa, pd; a move is written "r.c.h" (a piece on
// (r,c)-(r,c+1)), "r.c.v" (on (r,c)-(r+1,c)), "x" in front to lift it;
// "m" and pairs joined by "~" marks their lines (one move: a hint may set
// several), "xm" and one pair clears a mark.

import { api } from './api.js';
import { putSvg, highlightLayer, draw, svgPoint } from './svg.js';
import { levelsOf } from './levels.js';
import { PlayTab } from './play.js';

// The board is drawn larger than the engine's 34-unit squares, so cells
// are easy to hit with a finger.
const ZOOM = 1.5;

// The line between two cells under a point: within EDGE units of the
// line two neighbouring squares share, and along their length.
const EDGE = 6;

const key = (r, c) => `${r},${c}`;
const same = (a, b) => a[0] === b[0] && a[1] === b[1];
const samePiece = (a, b) => same(a[0], b[0]) && same(a[1], b[1]);
const adjacent = (a, b) => Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) === 1;
const cellName = (c) => `(${c[0]},${c[1]})`;
const pieceName = (p) => `${cellName(p[0])}-${cellName(p[1])}`;

function normalise(a, b) {
  return a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]) ? [a, b] : [b, a];
}

const encodePair = ([p, q]) => `${p[0]}.${p[1]}.${q[0] === p[0] ? 'h' : 'v'}`;

function decodePair(text) {
  const m = /^(\d{1,4})\.(\d{1,4})\.([hv])$/.exec(text);
  if (!m) {
    return null;
  }
  const r = Number(m[1]);
  const c = Number(m[2]);
  return [[r, c], m[3] === 'h' ? [r, c + 1] : [r + 1, c]];
}

function rowsToText(rows) {
  return rows.map((row) => row.map((v) => (v === null ? '.' : String(v))).join(' ')).join('\n');
}

/** The placement family in the play tab's shape (see PlayTab). */
const FAMILY = {
  family: 'place', prefix: 'p', name: 'Placement', zoom: ZOOM, praise: 'every domino of the set once.', piece: 'piece', pieces: 'pieces',
};

class PlaceTab extends PlayTab {
  constructor() {
    super(FAMILY);
    this.cells = new Map(); // "r,c" -> {r, c, x, y, w, h} in SVG units
    this.checklist = document.getElementById('place-checklist');
    this.printSheet = document.getElementById('place-print');
    this.clashes = []; // indices of laid pieces whose piece of the set is laid twice
    this.selected = null; // a cell picked as the first half of a piece
    this.cursor = null; // the keyboard's cell
    // What is lit: {value: v} (every cell of v) or {piece: [a, b]} (every
    // place that piece can still go), or null.
    this.lit = null;
    this.numberRow = document.createElement('div');
    this.numberRow.className = 'numbers';
    this.numberRow.setAttribute('role', 'group');
    this.numberRow.setAttribute('aria-label', 'Light every cell of a number');
    this.litLine = document.createElement('p');
    this.litLine.className = 'lit-line muted';
    this.litLine.setAttribute('aria-live', 'polite');
    this.boardBox.parentNode.querySelector('.board-note').after(this.numberRow, this.litLine);
    this.wireBoard();
    this.wireHelpers();
  }

  encodeMove(m) {
    if (m.mark) {
      return `${m.lift ? 'x' : ''}m${m.pairs.map(encodePair).join('~')}`;
    }
    return `${m.lift ? 'x' : ''}${encodePair(m.cells)}`;
  }

  decodeMove(token) {
    const m = /^(x?)(m?)(.*)$/.exec(token);
    const lift = m[1] === 'x';
    if (m[2]) {
      const pairs = m[3].split('~').map(decodePair);
      return pairs.length > 0 && pairs.every(Boolean) && (!lift || pairs.length === 1)
        ? { lift, mark: true, pairs } : null;
    }
    const cells = decodePair(m[3]);
    return cells ? { lift, cells } : null;
  }

  /** The pieces on the board after the applied moves, in the order laid. */
  laid(history = this.game.history) {
    const laid = [];
    for (const m of history.applied()) {
      if (m.mark) {
        continue;
      }
      const i = laid.findIndex((p) => samePiece(p, m.cells));
      if (m.lift && i >= 0) {
        laid.splice(i, 1);
      } else if (!m.lift) {
        laid.push(m.cells);
      }
    }
    return laid;
  }

  /** The marked lines after the applied moves: pairs of cells, in order. */
  edgeMarks() {
    const marked = [];
    for (const m of this.game.history.applied()) {
      for (const pair of m.mark ? m.pairs : []) {
        const i = marked.findIndex((p) => samePiece(p, pair));
        if (m.lift && i >= 0) {
          marked.splice(i, 1);
        } else if (!m.lift && i < 0) {
          marked.push(pair);
        }
      }
    }
    return marked;
  }

  isMarked(pair) {
    return this.edgeMarks().some((p) => samePiece(p, pair));
  }

  pieceAt(cell) {
    return this.laid().findIndex((p) => p.some((c) => same(c, cell)));
  }

  covers(cell) {
    return this.pieceAt(cell) >= 0;
  }

  request(laid = this.laid()) {
    return { ...super.request(laid), marks: this.edgeMarks() };
  }

  forget() {
    this.selected = null;
  }

  total() {
    return this.checklist.children.length;
  }

  pieceWords(p) {
    return pieceName(p);
  }

  cellBox(cell) {
    return this.cells.get(key(...cell)) || null;
  }

  generateRequest(data) {
    return { set: Number(data.get('set')), difficulty: data.get('difficulty') };
  }

  generatedTitle(request, answer) {
    return `double-${request.set}, ${answer.difficulty || request.difficulty}, seed ${request.seed}`;
  }

  generatedText(answer) {
    return answer.puzzle ? rowsToText(answer.puzzle) : null;
  }

  /** The reason, less the API's `"clues": true`, which this form does not offer. */
  noPuzzle(answer) {
    return answer.reason.replace(/ or "clues": true$/, '');
  }

  /**
   * The Today puzzles: a larger set and a harder level of Tatham's scale
   * for each level of the Today card (the last three of the scale, in
   * order: the first is too easy to be a day's puzzle).
   */
  todayRequest(level, seed) {
    const today = this.today.levels.indexOf(level);
    const difficulties = levelsOf('place/generate').slice(-this.today.levels.length);
    return { set: 4 + today, difficulty: difficulties[today], seed };
  }

  showCheck(check) {
    this.readCells();
    this.clashes = (check.duplicates || []).flatMap((d) => d.placements);
    this.showChecklist(check.pieces || []);
    this.showNumbers(Math.max(0, ...(check.pieces || []).map((p) => Math.max(...p.piece))));
    this.showLit();
  }

  loaded() {
    this.lit = null;
  }

  // The board's cells and their squares, from the engine's picture: each
  // cell's <rect> carries data-cell="r,c" (holes have none).
  readCells() {
    this.cells.clear();
    for (const rect of this.svg.querySelectorAll('rect[data-cell]')) {
      const [r, c] = rect.getAttribute('data-cell').split(',').map(Number);
      const n = (a) => Number(rect.getAttribute(a));
      this.cells.set(key(r, c), {
        r, c, x: n('x'), y: n('y'), w: n('width'), h: n('height'), v: n('data-value'),
      });
    }
    if (this.cursor && !this.cells.has(key(...this.cursor))) {
      this.cursor = null;
    }
  }

  cellAtPoint(p) {
    for (const cell of p ? this.cells.values() : []) {
      // Each square is a little inset from its neighbours; the gap belongs
      // to the nearer square.
      const pad = 1.5;
      if (p.x >= cell.x - pad && p.x < cell.x + cell.w + pad
        && p.y >= cell.y - pad && p.y < cell.y + cell.h + pad) {
        return [cell.r, cell.c];
      }
    }
    return null;
  }

  edgeAtPoint(p) {
    for (const a of p ? this.cells.values() : []) {
      const right = this.cells.get(key(a.r, a.c + 1));
      if (right && Math.abs(p.x - (a.x + a.w + right.x) / 2) <= EDGE && p.y >= a.y && p.y <= a.y + a.h) {
        return [[a.r, a.c], [a.r, a.c + 1]];
      }
      const below = this.cells.get(key(a.r + 1, a.c));
      if (below && Math.abs(p.y - (a.y + a.h + below.y) / 2) <= EDGE && p.x >= a.x && p.x <= a.x + a.w) {
        return [[a.r, a.c], [a.r + 1, a.c]];
      }
    }
    return null;
  }

  // --- Highlights over the engine's picture: the marked lines, the
  // clashes, a hint's or a check's marks, the picked cell, the cursor.

  drawHighlights() {
    if (!this.svg) {
      return;
    }
    const layer = highlightLayer(this.svg);
    this.drawLit(layer);
    this.drawPending(layer);
    const wrongEdges = (this.game.marks && this.game.marks.edges) || [];
    for (const pair of this.edgeMarks()) {
      this.drawEdge(layer, pair, wrongEdges.some((p) => samePiece(p, pair)));
    }
    this.drawClashes(layer);
    this.drawMarks(layer);
    if (this.selected) {
      this.square(layer, this.selected, 'hl-selected');
    }
    if (this.cursor && document.activeElement === this.boardBox && this.keyed) {
      this.square(layer, this.cursor, 'hl-cursor', -1);
    }
  }

  /**
   * The last move, while the engine has not drawn it: a piece laid shows
   * at once as a tile's outline over its two cells (their numbers still
   * read through it).
   */
  drawPending(layer) {
    const m = this.pending;
    const a = m && !m.mark && !m.lift ? this.cellBox(m.cells[0]) : null;
    const b = a && this.cellBox(m.cells[1]);
    if (b) {
      draw(layer, 'rect', {
        class: 'hl hl-pending', x: a.x + 0.5, y: a.y + 0.5, width: b.x + b.w - a.x - 1, height: b.y + b.h - a.y - 1, rx: 5,
      });
    }
  }

  // --- The helpers: every cell of a number, every place a piece can go.

  /** The places piece [a, b] can still go: two free neighbours holding a and b, their line not marked. */
  placesFor([a, b]) {
    const places = [];
    for (const cell of this.cells.values()) {
      for (const next of [this.cells.get(key(cell.r, cell.c + 1)), this.cells.get(key(cell.r + 1, cell.c))]) {
        const pair = next && [[cell.r, cell.c], [next.r, next.c]];
        if (pair && ((cell.v === a && next.v === b) || (cell.v === b && next.v === a))
          && this.pieceAt(pair[0]) < 0 && this.pieceAt(pair[1]) < 0 && !this.isMarked(pair)) {
          places.push(pair);
        }
      }
    }
    return places;
  }

  /** Lights `what` ({value} or {piece}), or puts the light out when it is lit already. */
  light(what) {
    this.lit = what && JSON.stringify(what) !== JSON.stringify(this.lit) ? what : null;
    this.drawHighlights();
    this.showLit();
  }

  drawLit(layer) {
    const lit = this.lit;
    if (lit && 'value' in lit) {
      for (const cell of this.cells.values()) {
        if (cell.v === lit.value) {
          this.square(layer, [cell.r, cell.c], 'hl-lit', -1);
        }
      }
    } else if (lit) {
      for (const [p, q] of this.placesFor(lit.piece)) {
        const a = this.cellBox(p);
        const b = this.cellBox(q);
        draw(layer, 'rect', {
          class: 'hl hl-place', 'data-place': `${encodePair([p, q])}`, x: a.x - 1, y: a.y - 1, width: b.x + b.w - a.x + 2, height: b.y + b.h - a.y + 2, rx: 6,
        });
      }
    }
  }

  /** The buttons and chips pressed, and the words that say what is lit. */
  showLit() {
    const lit = this.lit;
    for (const b of this.numberRow.querySelectorAll('button')) {
      b.setAttribute('aria-pressed', String(Boolean(lit && lit.value === Number(b.dataset.value))));
    }
    const piece = lit && lit.piece ? `${lit.piece[0]}-${lit.piece[1]}` : null;
    for (const b of this.checklist.querySelectorAll('button')) {
      b.setAttribute('aria-pressed', String(b.parentNode.dataset.piece === piece));
    }
    if (!lit) {
      this.litLine.textContent = '';
    } else if ('value' in lit) {
      const n = Array.from(this.cells.values()).filter((c) => c.v === lit.value).length;
      this.litLine.textContent = `${n} cell${n === 1 ? '' : 's'} of ${lit.value} lit (press ${lit.value} again to put them out).`;
    } else {
      const n = this.placesFor(lit.piece).length;
      this.litLine.textContent = n === 0
        ? `${piece} can go nowhere now: every place for it is covered or marked.`
        : `${piece} can still go in ${n} place${n === 1 ? '' : 's'} (outlined).`;
    }
  }

  /** The number buttons: one per value of the set, drawn once per set. */
  showNumbers(high) {
    if (this.numberRow.childElementCount === high + 2) {
      return;
    }
    const label = document.createElement('span');
    label.className = 'muted';
    label.textContent = 'Light:';
    this.numberRow.replaceChildren(label);
    for (let v = 0; v <= high; v++) {
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.value = String(v);
      b.textContent = String(v);
      b.title = `Light every cell of ${v} (key ${v % 10})`;
      this.numberRow.append(b);
    }
  }

  wireHelpers() {
    this.numberRow.addEventListener('click', (e) => {
      const b = e.target.closest('button[data-value]');
      if (b) {
        this.light({ value: Number(b.dataset.value) });
      }
    });
    this.checklist.addEventListener('click', (e) => {
      const chip = e.target.closest('li[data-piece]');
      if (chip) {
        this.light({ piece: chip.dataset.piece.split('-').map(Number) });
      }
    });
    // A digit lights its number wherever the focus is on the tab, unless
    // the person is typing.
    document.addEventListener('keydown', (e) => {
      const tag = (e.target && e.target.tagName) || '';
      if (this.panel.hidden || this.playBox.hidden || e.ctrlKey || e.metaKey || e.altKey || !/^[0-9]$/.test(e.key)
        || tag === 'TEXTAREA' || tag === 'INPUT' || tag === 'SELECT') {
        return;
      }
      e.preventDefault();
      this.light({ value: Number(e.key) });
    });
  }

  // A mark: a bar along the line two cells share.
  drawEdge(layer, [p, q], wrong) {
    const a = this.cellBox(p);
    const b = this.cellBox(q);
    if (!a || !b) {
      return;
    }
    const attrs = { class: `hl hl-edge${wrong ? ' hl-edge-wrong' : ''}`, 'data-edge': encodePair([p, q]) };
    if (p[0] === q[0]) {
      const x = (a.x + a.w + b.x) / 2;
      Object.assign(attrs, { x1: x, x2: x, y1: a.y + a.h * 0.18, y2: a.y + a.h * 0.82 });
    } else {
      const y = (a.y + a.h + b.y) / 2;
      Object.assign(attrs, { y1: y, y2: y, x1: a.x + a.w * 0.18, x2: a.x + a.w * 0.82 });
    }
    draw(layer, 'line', attrs);
  }

  // Pieces of the set laid twice: every copy outlined, with "2x" on it, as
  // Tatham's Dominosa shows a clash on the board.
  drawClashes(layer) {
    const laid = this.laid();
    for (const i of this.clashes) {
      const piece = laid[i];
      const a = piece && this.cellBox(piece[0]);
      const b = piece && this.cellBox(piece[1]);
      if (!a || !b) {
        continue;
      }
      const x = Math.min(a.x, b.x);
      const y = Math.min(a.y, b.y);
      const w = Math.max(a.x + a.w, b.x + b.w) - x;
      const h = Math.max(a.y + a.h, b.y + b.h) - y;
      draw(layer, 'rect', {
        class: 'hl hl-clash', 'data-clash': String(i), x: x - 1, y: y - 1, width: w + 2, height: h + 2, rx: 6,
      });
      // The "2×" sits on a pill across the piece's top edge, over its
      // dividing line, where no pip lies.
      const [cx, top] = [x + w / 2, y - 1];
      draw(layer, 'rect', {
        class: 'hl hl-clash-pill', x: cx - 9, y: top - 6, width: 18, height: 10, rx: 4,
      });
      draw(layer, 'text', {
        class: 'hl hl-clash-mark', x: cx, y: top - 1, 'font-size': 9, 'text-anchor': 'middle', 'dominant-baseline': 'central',
      }, '2\u00D7');
    }
  }

  // --- Playing.

  move(m) {
    if (!m.mark && !m.lift && this.isMarked(m.cells)) {
      this.say('bad', 'Marked', `The line between ${pieceName(m.cells)} is marked "no domino here": clear the mark first (click the line, or Shift+arrow).`);
      return;
    }
    this.selected = null;
    super.move(m);
  }

  lay(a, b) {
    this.move({ lift: false, cells: normalise(a, b) });
  }

  /** Marks the line between two neighbouring cells, or clears its mark. */
  toggleMark(a, b) {
    const pair = normalise(a, b);
    if (!this.cellBox(pair[0]) || !this.cellBox(pair[1])) {
      return;
    }
    const marked = this.isMarked(pair);
    if (!marked && this.laid().some((p) => samePiece(p, pair))) {
      this.say('bad', 'Marked', `A piece lies on ${pieceName(pair)}: lift it before you mark its line.`);
      return;
    }
    this.move({ lift: marked, mark: true, pairs: [pair] });
  }

  /** A click (or Enter) on a cell: lift its piece, pick it, or lay a piece. */
  choose(cell) {
    const covering = this.pieceAt(cell);
    if (covering >= 0) {
      this.move({ lift: true, cells: this.laid()[covering] });
    } else if (this.selected && adjacent(this.selected, cell)) {
      this.lay(this.selected, cell);
    } else {
      this.selected = this.selected && same(this.selected, cell) ? null : cell;
      this.drawHighlights();
    }
  }

  wireBoard() {
    const board = this.boardBox;
    let press = null; // the cell where a pointer went down
    let pressEdge = null; // the line under it, when it went down on one
    board.addEventListener('pointerdown', (e) => {
      if (!this.svg || e.button !== 0) {
        return;
      }
      const at = svgPoint(this.svg, e);
      press = this.cellAtPoint(at);
      pressEdge = this.edgeAtPoint(at);
      this.keyed = false;
      if (press) {
        board.setPointerCapture(e.pointerId);
        e.preventDefault();
        board.focus({ preventScroll: true });
      }
    });
    board.addEventListener('pointerup', (e) => {
      const from = press;
      const fromEdge = pressEdge;
      press = null;
      pressEdge = null;
      if (!from || !this.svg) {
        return;
      }
      const at = svgPoint(this.svg, e);
      const toEdge = this.edgeAtPoint(at);
      // A tap on a line (down and up on the same line) marks it.
      if (fromEdge && toEdge && samePiece(fromEdge, toEdge)) {
        this.toggleMark(...fromEdge);
        return;
      }
      const to = this.cellAtPoint(at);
      if (to && adjacent(from, to) && this.pieceAt(from) < 0 && this.pieceAt(to) < 0) {
        this.lay(from, to);
      } else if (to && same(to, from)) {
        this.choose(to);
      }
    });
    board.addEventListener('pointercancel', () => {
      press = null;
    });
    // Keyboard: arrows move a cursor over the cells (jumping holes), Enter
    // or Space acts as a click, Shift+arrow marks (or clears) the line on
    // that side of the cursor, Escape drops the picked cell.
    board.addEventListener('keydown', (e) => {
      if (!e.ctrlKey && !e.metaKey && !e.altKey) {
        this.keyed = true;
      }
      const step = {
        ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1],
      }[e.key];
      if (step && e.shiftKey && this.cursor) {
        e.preventDefault();
        this.toggleMark(this.cursor, [this.cursor[0] + step[0], this.cursor[1] + step[1]]);
      } else if (step) {
        e.preventDefault();
        this.moveCursor(step);
      } else if ((e.key === 'Enter' || e.key === ' ') && this.cursor) {
        e.preventDefault();
        this.choose(this.cursor);
      } else if (e.key === 'Escape') {
        this.selected = null;
        this.drawHighlights();
      }
    });
    board.addEventListener('focus', () => {
      this.keyed = board.matches(':focus-visible');
      if (!this.cursor) {
        const first = this.cells.values().next().value;
        this.cursor = first ? [first.r, first.c] : null;
      }
      this.drawHighlights();
    });
    board.addEventListener('blur', () => this.drawHighlights());
    this.printSheet.addEventListener('click', (e) => {
      const act = e.target.closest('button') && e.target.closest('button').dataset.act;
      if (act === 'do-print') {
        window.print();
      } else if (act === 'end-print') {
        document.body.classList.remove('printing');
        this.printSheet.hidden = true;
        this.boardBox.focus();
      }
    });
  }

  moveCursor([dr, dc]) {
    if (!this.cursor) {
      return;
    }
    let [r, c] = this.cursor;
    const rows = Math.max(...Array.from(this.cells.values(), (x) => x.r)) + 1;
    const cols = Math.max(...Array.from(this.cells.values(), (x) => x.c)) + 1;
    for (let i = 0; i < rows + cols; i++) {
      r += dr;
      c += dc;
      if (r < 0 || c < 0 || r >= rows || c >= cols) {
        return;
      }
      if (this.cells.has(key(r, c))) {
        this.cursor = [r, c];
        this.drawHighlights();
        // For a screen reader: where the cursor is and what is there.
        const covered = this.pieceAt(this.cursor) >= 0 ? 'covered by a piece' : 'free';
        const picked = this.selected ? `; picked ${cellName(this.selected)}` : '';
        document.getElementById('place-cursor').textContent = `cell (${r},${c}), ${covered}${picked}`;
        return;
      }
    }
  }

  // --- The checklist of the set: each piece free, used, or used twice.

  showChecklist(pieces) {
    const list = this.checklist;
    list.replaceChildren();
    for (const { piece, used } of pieces) {
      const li = document.createElement('li');
      li.className = `chip${used === 1 ? ' used' : ''}${used > 1 ? ' twice' : ''}`;
      // A button, so a player can light every place the piece can go.
      const pick = document.createElement('button');
      pick.type = 'button';
      pick.textContent = `${piece[0]}-${piece[1]}`;
      li.append(pick);
      li.dataset.piece = `${piece[0]}-${piece[1]}`;
      li.dataset.count = String(used);
      li.title = used === 0 ? 'free' : used === 1 ? 'used' : `used ${used} times`;
      list.append(li);
    }
    const used = pieces.filter((p) => p.used > 0).length;
    list.setAttribute('aria-label', `${used} of ${pieces.length} pieces used`);
  }

  // --- Hint and check: the marks are place's own.

  hintBlocked(answer) {
    const marked = this.edgeMarks();
    const wrong = (answer.wrong_marks || []).map((i) => marked[i]).filter(Boolean);
    if (wrong.length === 0) {
      return false;
    }
    this.game.marks = {
      kind: 'wrong', cells: [], pieces: [], edges: wrong,
    };
    this.say('bad', 'A mark is wrong', `A domino of the solution lies on ${wrong.map(pieceName).join(', ')} (dashed line). Clear the mark first.`);
    return true;
  }

  /**
   * A deduction that rules pairs out marks their lines, so the player
   * keeps it and the next hint goes on from there; one that lays a piece
   * lays it (one undo takes it back), so every hint moves the player on.
   */
  applyStep(step) {
    const ruledOut = step.ruled_out || [];
    if (ruledOut.length > 0) {
      const fresh = ruledOut.map((p) => normalise(...p)).filter((p) => !this.isMarked(p));
      if (fresh.length > 0) {
        this.move({ lift: false, mark: true, pairs: fresh });
      }
      const n = fresh.length;
      return `Marked for you: ${n} line${n === 1 ? '' : 's'} (${fresh.map(pieceName).join(', ')}).`;
    }
    if (step.placed && this.pieceAt(step.placed[0]) < 0 && this.pieceAt(step.placed[1]) < 0) {
      const placed = normalise(...step.placed);
      this.move({ lift: false, cells: placed });
      return `Laid for you on ${pieceName(placed)}.`;
    }
    return '';
  }

  checkFaults(answer) {
    const marked = this.edgeMarks();
    const edges = (answer.wrong_marks || []).map((i) => marked[i]).filter(Boolean);
    const dups = (answer.duplicates || []).map((d) => `${d.piece[0]}-${d.piece[1]}`);
    const parts = [];
    if (edges.length) {
      const n = edges.length;
      parts.push(`${n} mark${n === 1 ? ' is' : 's are'} wrong (dashed): a domino of the solution lies on ${edges.map(pieceName).join(', ')}.`);
    }
    if (dups.length) {
      parts.push(`Used twice (marked 2\u00D7 on the board): ${dups.join(', ')}.`);
    }
    return { cells: [], edges, parts };
  }

  acts() {
    return { ...super.acts(), print: () => this.printView().catch((err) => this.failed(err)) };
  }

  // --- Print view: the bare puzzle on a white sheet.

  async printView() {
    const sheet = this.printSheet;
    const picture = await api('place/render', { text: this.game.text });
    putSvg(sheet.querySelector('.print-board'), picture.svg);
    sheet.querySelector('.print-title').textContent = this.game.title || 'Placement puzzle';
    document.body.classList.add('printing');
    sheet.hidden = false;
    sheet.querySelector('[data-act="do-print"]').focus();
  }
}

export default new PlaceTab();
