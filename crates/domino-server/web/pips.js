// The pips tab: a generated or pasted puzzle (the newspaper's JSON, one
// puzzle or a day file whose level the player chooses, or the text
// format), played with real dominoes: take one from the tray and lay it
// (click a cell, or drag it there: it follows the pointer or finger), tap
// a held or laid domino to turn it in place, drag a laid one elsewhere or
// off the board, Esc puts a held one back. The keyboard does the same
// (arrow keys move over the board, Enter lays or lifts, R turns). A lay
// over another domino, off the board or onto a hole is refused with the
// reason. Also undo/redo, the rules the engine finds broken, hint and
// check (a laid domino is wrong only when no solution holds it with the
// ones laid before, so any solution of a puzzle with several may be
// played), the clock with pause and the finish (clock.js), the Today
// puzzles and the results of pasted day files (daily.js), and the puzzle
// and moves kept in the address (keys qb = puzzle, qt = title, qm =
// moves, qa = moves applied when some are undone, qd = the daily or day
// file level it is). Cells are named as the board's
// labels and the engine's explanations name them: "row 2, column 3".

import {
  api, ApiError, words, showError, clearError, busy, wireUpload, History, undoKeys, putSvg,
  highlightLayer, draw, svgPoint, readHash, saveGame, lookAt, messenger, startClock, showUndoRedo,
  solvedBanner, reveal,
} from './controls.js';
import { Timer } from './clock.js';
import {
  TodayCard, record, result, said, seedOf,
} from './daily.js';

const panel = document.getElementById('panel-pips');
const boardBox = document.getElementById('pips-board');
const playBox = document.getElementById('pips-play');
const tray = document.getElementById('pips-tray');
const turnLine = document.getElementById('pips-turn');
const cursorLine = document.getElementById('pips-cursor');
const statusLine = document.getElementById('pips-status');
const messageBox = document.getElementById('pips-message');
const banner = document.getElementById('pips-banner');
const newForm = document.getElementById('pips-new');
const pasteForm = document.getElementById('pips-paste');
const pasteText = document.getElementById('pips-text');
const levelBox = document.getElementById('pips-levels');
const toolbar = playBox.querySelector('.toolbar');
const messages = messenger(messageBox);
// Whether the message shown is a redraw's own (a broken rule): a later
// redraw takes only that one away, not what the player was told since
// (a lay refused while the last move was still being drawn).
let rulesSaid = false;
function showMessage(kind, tag, text) {
  rulesSaid = false;
  messages.show(kind, tag, text);
}
function hideMessage() {
  rulesSaid = false;
  messages.hide();
}

const SVG_NS = 'http://www.w3.org/2000/svg';

// The game: the puzzle text (sent as is with every request), its
// dominoes, the moves, and marks.
const game = {
  text: null,
  title: '',
  dominoes: [],
  history: new History(),
  picked: null, // index of the domino taken from the tray
  turn: 0, // where its second half goes: 0 right, 1 down, 2 left, 3 up
  cursor: [0, 0], // the keyboard's cell
  drag: null, // a domino being dragged, see startDrag
  tapped: false, // a drag just ended: the click that follows is not a tap
  marks: null, // {kind: 'hint'|'wrong'|'rules', cells, pieces}
  solved: false,
  started: 0,
  finished: 0,
  daily: null, // "<date>:<level>" (Today) or "paper:<date>:<level>" (a day file): its result is kept
  version: 0,
  drawn: 0, // the version on the board: the status line tells that one
  geometry: null, // {left, top, size, rows, cols} of the engine's picture
  cells: new Set(), // "r,c" of every board cell (not the holes)
};

const timer = new Timer({
  family: 'pips', name: 'Pips', game, panel, playBox, boardBox, banner, prefix: 'q',
});

// Pips boards are small; drawn twice the engine's size, cells are easy
// to hit with a finger.
const ZOOM = 2;
const STEPS = [[0, 1], [1, 0], [0, -1], [-1, 0]];
const WAYS = ['to its right', 'below it', 'to its left', 'above it'];
// A press that moves farther than this (px) is a drag, not a tap.
const DRAG_SLOP = 6;

// --- Moves: "d.r.c.r.c" lays domino d, first value on the first cell (a
// laid domino laid again moves or turns); "xd" lifts domino d.

function encodeMove(m) {
  return m.lift ? `x${m.domino}` : [m.domino, ...m.cells.flat()].join('.');
}

function decodeMove(token) {
  if (/^x\d+$/.test(token)) {
    return { lift: true, domino: Number(token.slice(1)) };
  }
  const parts = token.split('.').map(Number);
  if (parts.length !== 5 || parts.some((n) => !Number.isInteger(n) || n < 0)) {
    return null;
  }
  return { lift: false, domino: parts[0], cells: [[parts[1], parts[2]], [parts[3], parts[4]]] };
}

/** The dominoes on the board after the applied moves, in the order laid. */
function plays(history = game.history) {
  const laid = new Map();
  for (const m of history.applied()) {
    laid.delete(m.domino);
    if (!m.lift) {
      laid.set(m.domino, m.cells);
    }
  }
  return Array.from(laid, ([domino, cells]) => ({ domino, cells }));
}

const same = (a, b) => a[0] === b[0] && a[1] === b[1];
const key = (c) => `${c[0]},${c[1]}`;
const pieceName = (d) => `${game.dominoes[d][0]}|${game.dominoes[d][1]}`;
const cellName = (c) => `row ${c[0] + 1}, column ${c[1] + 1}`;
const step = (c, way) => [c[0] + STEPS[way][0], c[1] + STEPS[way][1]];
const wayOf = (from, to) => STEPS.findIndex(([dr, dc]) => to[0] - from[0] === dr && to[1] - from[1] === dc);

function playAt(cell) {
  return plays().find((p) => p.cells.some((c) => same(c, cell)));
}

/**
 * Why domino `d` cannot go on `cells` (null when it can): a cell off the
 * board, a hole, or a cell another domino covers. The board's cells are
 * those of the engine's picture.
 */
function whyNot(d, cells) {
  const g = game.geometry;
  for (const c of cells) {
    if (c[0] < 0 || c[1] < 0 || c[0] >= g.rows || c[1] >= g.cols) {
      return `its ${c === cells[0] ? 'first' : 'second'} half would be off the board`;
    }
    if (!game.cells.has(key(c))) {
      return `${cellName(c)} is a hole, not a cell of the board`;
    }
    const under = playAt(c);
    if (under && under.domino !== d) {
      return `${cellName(c)} is covered by ${pieceName(under.domino)}`;
    }
  }
  return null;
}

/** Lays domino d on `cells` when that is allowed; else says why not. */
function tryLay(d, cells, verb = 'lay') {
  const why = whyNot(d, cells);
  if (why) {
    showMessage('bad', `Cannot ${verb} ${pieceName(d)} there`, `${why}.`);
    return false;
  }
  move({ lift: false, domino: d, cells });
  return true;
}

// --- Loading and drawing.

async function load(text, title, moves = new History(), resume = false, daily = null) {
  // The engine reads the text before the game changes, so a bad paste is
  // reported as such and the game on the board stays; its answer is the
  // first drawing of the new game.
  const seen = await lookAt('pips', text, plays(moves));
  // Redraws of the game before, still on their way, stay undrawn.
  game.version += 1;
  game.text = text;
  game.title = title;
  game.daily = daily;
  game.dominoes = seen.check.dominoes || [];
  game.history = moves;
  game.picked = null;
  game.turn = 0;
  game.cursor = null;
  game.marks = null;
  game.solved = null;
  game.finished = 0;
  game.started = startClock('pips', text, resume);
  timer.loaded(resume);
  playBox.hidden = false;
  banner.hidden = true;
  levelBox.hidden = true;
  hideMessage();
  saveGame('q', game, encodeMove);
  showPosition(seen);
  reveal(playBox);
}

/** Redraws the board and the tray, and asks the engine where things stand. */
async function refresh() {
  const version = ++game.version;
  saveGame('q', game, encodeMove);
  const seen = await lookAt('pips', game.text, plays());
  // A slow answer never covers a newer one.
  if (version === game.version) {
    showPosition(seen);
  }
}

/** Draws the engine's picture and what its check says. */
function showPosition({ picture, check }) {
  const svg = putSvg(boardBox, picture.svg, ZOOM);
  game.drawn = game.version;
  const d = svg ? svg.dataset : {};
  game.geometry = {
    left: Number(d.left), top: Number(d.top), size: Number(d.cell), rows: Number(d.rows), cols: Number(d.cols),
  };
  game.cells = new Set(svg ? Array.from(svg.querySelectorAll('rect.cell[data-cell]'), (e) => e.dataset.cell) : []);
  if (!game.cursor || !game.cells.has(key(game.cursor))) {
    const first = Array.from(game.cells).sort((a, b) => {
      const [ar, ac] = a.split(',').map(Number);
      const [br, bc] = b.split(',').map(Number);
      return ar - br || ac - bc;
    })[0];
    game.cursor = first ? first.split(',').map(Number) : [0, 0];
  }
  // The rules already broken are marked at once (a full region whose rule
  // is false, or one the values laid can no longer satisfy).
  const broken = (check.rules || []);
  if (!game.marks || game.marks.kind === 'rules') {
    game.marks = broken.length ? { kind: 'rules', cells: broken.flatMap((r) => r.cells), pieces: [] } : null;
  }
  if (broken.length && !game.solved) {
    showMessage('bad', 'A rule is broken', broken.map((r) => r.reason).join(' '));
    rulesSaid = true;
  } else if (game.marks === null && rulesSaid) {
    hideMessage();
  }
  drawTray(new Set(check.unused || []));
  drawHighlights();
  showUndoRedo(toolbar, game.history);
  const took = timer.checked(solvedBanner(banner, game, Boolean(check.solved), 'every domino laid and every rule holds.'));
  if (took !== null && game.daily) {
    record('pips', game.daily, took);
    todayCard.render();
  }
  tick();
}

/** Whether the engine draws digits (values above 9) rather than pips. */
function digits() {
  return game.dominoes.some((d) => d.some((v) => v < 0 || v > 9));
}

// Where the pips of 0 to 9 lie on a half's 3x3 grid (column, row), as
// the engine's pictures place them.
const PIPS = [
  [], [[1, 1]], [[0, 0], [2, 2]], [[0, 0], [1, 1], [2, 2]], [[0, 0], [2, 0], [0, 2], [2, 2]],
  [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]], [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]],
  [[0, 0], [2, 0], [0, 1], [1, 1], [2, 1], [0, 2], [2, 2]],
  [[0, 0], [1, 0], [2, 0], [0, 1], [2, 1], [0, 2], [1, 2], [2, 2]],
  [[0, 0], [1, 0], [2, 0], [0, 1], [1, 1], [2, 1], [0, 2], [1, 2], [2, 2]],
];

function svgEl(tag, attrs, text) {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    e.setAttribute(k, String(v));
  }
  if (text !== undefined) {
    e.textContent = text;
  }
  return e;
}

/**
 * Domino d drawn as the engine draws a tile (ivory, rounded, a dividing
 * line, pips turned a quarter on a horizontal tile), turned `turn` ways
 * (its second half to the right, below, left, above the first), each
 * half `half` px wide.
 */
function dominoPicture(d, turn, half) {
  const [a, b] = game.dominoes[d] || [0, 0];
  const horizontal = turn % 2 === 0;
  const [lead, trail] = turn < 2 ? [a, b] : [b, a];
  const [w, h] = horizontal ? [2 * half, half] : [half, 2 * half];
  const svg = svgEl('svg', {
    viewBox: `0 0 ${w} ${h}`, width: w, height: h, class: 'domino', 'aria-hidden': 'true', 'data-turn': turn,
  });
  svg.append(svgEl('rect', {
    x: 1, y: 1, width: w - 2, height: h - 2, rx: half * 0.16, fill: '#fffdf6', stroke: '#3b3a36', 'stroke-width': 1.6,
  }));
  const line = horizontal
    ? { x1: half, y1: half * 0.18, x2: half, y2: half * 0.82 }
    : { x1: half * 0.18, y1: half, x2: half * 0.82, y2: half };
  svg.append(svgEl('line', { ...line, stroke: '#3b3a36', 'stroke-width': 1.2 }));
  [lead, trail].forEach((v, i) => {
    const [x, y] = horizontal ? [i * half, 0] : [0, i * half];
    if (digits()) {
      svg.append(svgEl('text', {
        x: x + half / 2, y: y + half / 2, 'font-size': half * 0.5, 'text-anchor': 'middle',
        'dominant-baseline': 'central', 'font-weight': 600, fill: '#24303a',
      }, String(v)));
      return;
    }
    for (const [col, row] of PIPS[v] || []) {
      const [c, r] = horizontal ? [row, col] : [col, row];
      svg.append(svgEl('circle', {
        class: 'pip', cx: x + half * (0.25 + 0.25 * c), cy: y + half * (0.25 + 0.25 * r), r: half * 0.085, fill: '#24303a',
      }));
    }
  });
  return svg;
}

function drawTray(unused) {
  tray.replaceChildren();
  if (game.picked !== null && !unused.has(game.picked)) {
    game.picked = null;
    game.turn = 0;
  }
  for (const d of unused) {
    const item = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'tray-piece';
    b.dataset.domino = String(d);
    const picked = game.picked === d;
    const turn = picked ? game.turn : 0;
    b.dataset.turn = String(turn);
    b.append(dominoPicture(d, turn, 26));
    const name = document.createElement('span');
    name.className = 'sr-only';
    name.textContent = picked ? `${pieceName(d)}, held, second half ${WAYS[turn]}` : pieceName(d);
    b.append(name);
    b.setAttribute('aria-pressed', String(picked));
    b.title = picked ? 'Click again (or press R) to turn it; Esc puts it back' : `Take ${pieceName(d)}`;
    item.append(b);
    tray.append(item);
  }
  if (unused.size === 0) {
    const none = document.createElement('li');
    none.className = 'none';
    none.textContent = 'Every domino is on the board.';
    tray.append(none);
  }
  turnLine.textContent = game.picked === null
    ? (unused.size > 0 ? 'Take a domino from the tray.' : '')
    : `${pieceName(game.picked)}: its first value goes on the cell you choose, the second ${WAYS[game.turn]}.`;
}

/** The board cell at a pointer position, or null. */
function cellAt(event) {
  const svg = boardBox.querySelector('svg');
  const g = game.geometry;
  const p = svg && g ? svgPoint(svg, event) : null;
  if (!p || !(g.size > 0)) {
    return null;
  }
  const r = Math.floor((p.y - g.top) / g.size);
  const c = Math.floor((p.x - g.left) / g.size);
  return r >= 0 && c >= 0 && r < g.rows && c < g.cols ? [r, c] : null;
}

function square(layer, cell, cls) {
  const g = game.geometry;
  draw(layer, 'rect', {
    class: `hl ${cls}`, x: g.left + cell[1] * g.size + 1, y: g.top + cell[0] * g.size + 1,
    width: g.size - 2, height: g.size - 2, rx: 4, 'data-cell': key(cell),
  });
}

function drawHighlights() {
  const svg = boardBox.querySelector('svg');
  if (!svg || !game.geometry) {
    return;
  }
  const layer = highlightLayer(svg);
  const marks = game.marks;
  if (marks) {
    const cls = marks.kind === 'hint' ? 'hl-hint' : 'hl-wrong';
    marks.cells.forEach((c) => square(layer, c, cls));
    for (const cells of marks.pieces) {
      const g = game.geometry;
      const x = g.left + ((cells[0][1] + cells[1][1]) / 2 + 0.5) * g.size;
      const y = g.top + ((cells[0][0] + cells[1][0]) / 2 + 0.5) * g.size;
      draw(layer, 'circle', { class: 'hl', cx: x, cy: y, r: 10, fill: '#fff', stroke: '#b3362a', 'stroke-width': 2 });
      draw(layer, 'text', {
        class: 'hl hl-wrong-mark', x, y, 'font-size': 15, 'text-anchor': 'middle', 'dominant-baseline': 'central',
      }, '\u2717');
    }
  }
  // The keyboard's cell, and where the held domino would go from it.
  boardBox.dataset.cursor = key(game.cursor);
  if (document.activeElement === boardBox) {
    if (game.picked !== null) {
      const cells = [game.cursor, step(game.cursor, game.turn)];
      const ok = whyNot(game.picked, cells) === null;
      cells.forEach((c) => square(layer, c, ok ? 'hl-selected' : 'hl-wrong'));
    }
    square(layer, game.cursor, 'hl-cursor');
  }
}

/** What the keyboard's cell holds, for a screen reader. */
function sayCursor() {
  const laid = playAt(game.cursor);
  const here = laid ? `, ${pieceName(laid.domino)} laid here` : '';
  const held = game.picked === null ? '' : `; holding ${pieceName(game.picked)}, second half ${WAYS[game.turn]}`;
  cursorLine.textContent = `${cellName(game.cursor)}${here}${held}`;
}

// --- Playing.

function move(m) {
  game.marks = null;
  hideMessage();
  if (!m.lift) {
    // A domino laid leaves the hand; the next one starts unturned.
    game.picked = null;
    game.turn = 0;
  }
  game.history.push(m);
  refresh().catch(actionError);
}

/** Lays the held domino with its first half on `cell`. */
function layAt(cell) {
  const d = game.picked;
  if (d === null) {
    return;
  }
  tryLay(d, [cell, step(cell, game.turn)]);
}

/**
 * Turns the laid domino under `cell` a quarter clockwise about the half
 * on that cell (the next way that is free, so a domino against an edge
 * still turns).
 */
function turnLaid(cell) {
  const laid = playAt(cell);
  if (!laid) {
    return;
  }
  const mine = same(laid.cells[0], cell) ? 0 : 1;
  const way = wayOf(cell, laid.cells[1 - mine]);
  for (let k = 1; k < 4; k++) {
    const other = step(cell, (way + k) % 4);
    const cells = mine === 0 ? [cell, other] : [other, cell];
    if (whyNot(laid.domino, cells) === null) {
      move({ lift: false, domino: laid.domino, cells });
      return;
    }
  }
  showMessage('bad', `Cannot turn ${pieceName(laid.domino)}`, 'there is no free cell around it to turn into.');
}

function lift(cell) {
  const laid = playAt(cell);
  if (laid) {
    move({ lift: true, domino: laid.domino });
  }
}

function boardTap(cell) {
  if (game.picked !== null) {
    layAt(cell);
  } else {
    turnLaid(cell);
  }
}

function pick(d) {
  if (game.picked === d) {
    game.turn = (game.turn + 1) % 4;
  } else {
    game.picked = d;
    game.turn = 0;
  }
  refreshTray();
}

/** Puts the held domino back (Esc). */
function drop() {
  if (game.picked !== null) {
    game.picked = null;
    game.turn = 0;
    refreshTray();
  }
}

function turnHeld() {
  game.turn = (game.turn + 1) % 4;
  refreshTray();
}

function refreshTray() {
  const unused = new Set(Array.from(tray.querySelectorAll('[data-domino]'), (b) => Number(b.dataset.domino)));
  const focused = tray.contains(document.activeElement);
  drawTray(unused);
  drawHighlights();
  sayCursor();
  const again = tray.querySelector(`[data-domino="${game.picked}"]`);
  if (again && focused) {
    again.focus();
  }
}

// --- Dragging: a domino pressed in the tray or on the board follows the
// pointer (or finger), drawn at the board's size under it, and is laid
// where it is let go: the half it was held by on the cell under the
// pointer. A laid domino let go off the board goes back to the tray.

function startDrag(event, d, turn, grip, from) {
  game.drag = {
    d, turn, grip, from, x: event.clientX, y: event.clientY, id: event.pointerId, ghost: null,
  };
}

function moveDrag(event) {
  const drag = game.drag;
  if (!drag || event.pointerId !== drag.id) {
    return;
  }
  if (!drag.ghost && Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < DRAG_SLOP) {
    return;
  }
  event.preventDefault();
  if (!drag.ghost) {
    const svg = boardBox.querySelector('svg');
    const scale = svg ? svg.getBoundingClientRect().width / Number(svg.getAttribute('width')) : ZOOM;
    drag.half = game.geometry.size * scale;
    drag.ghost = document.createElement('div');
    drag.ghost.className = 'pips-ghost';
    drag.ghost.append(dominoPicture(drag.d, drag.turn, drag.half));
    document.body.append(drag.ghost);
  }
  // The half held sits under the pointer: where each half lies in the
  // picture of a domino turned each way, in halves (first, second).
  const at = [[[0, 0], [1, 0]], [[0, 0], [0, 1]], [[1, 0], [0, 0]], [[0, 1], [0, 0]]][drag.turn][drag.grip];
  drag.ghost.style.left = `${event.clientX - (at[0] + 0.5) * drag.half}px`;
  drag.ghost.style.top = `${event.clientY - (at[1] + 0.5) * drag.half}px`;
}

function endDrag(event) {
  const drag = game.drag;
  if (!drag || event.pointerId !== drag.id) {
    return;
  }
  game.drag = null;
  if (!drag.ghost) {
    return; // a tap: the click handler takes it
  }
  drag.ghost.remove();
  game.tapped = true;
  setTimeout(() => {
    game.tapped = false;
  }, 0);
  const over = document.elementFromPoint(event.clientX, event.clientY);
  const cell = over && boardBox.contains(over) ? cellAt(event) : null;
  if (!cell) {
    if (drag.from === 'board') {
      move({ lift: true, domino: drag.d });
    }
    return;
  }
  const other = drag.grip === 0 ? step(cell, drag.turn) : step(cell, (drag.turn + 2) % 4);
  const cells = drag.grip === 0 ? [cell, other] : [other, cell];
  if (drag.from === 'tray') {
    game.picked = drag.d;
    game.turn = drag.turn;
  }
  if (!tryLay(drag.d, cells, drag.from === 'tray' ? 'lay' : 'move') && drag.from === 'tray') {
    refreshTray();
  }
}

tray.addEventListener('pointerdown', (e) => {
  const b = e.target.closest('[data-domino]');
  if (b && e.button === 0) {
    const d = Number(b.dataset.domino);
    startDrag(e, d, game.picked === d ? game.turn : 0, 0, 'tray');
  }
});
boardBox.addEventListener('pointerdown', (e) => {
  const cell = e.button === 0 && game.picked === null ? cellAt(e) : null;
  const laid = cell ? playAt(cell) : null;
  if (laid) {
    startDrag(e, laid.domino, wayOf(laid.cells[0], laid.cells[1]), same(laid.cells[0], cell) ? 0 : 1, 'board');
  }
});
document.addEventListener('pointermove', moveDrag, { passive: false });
document.addEventListener('pointerup', endDrag);
document.addEventListener('pointercancel', () => {
  if (game.drag && game.drag.ghost) {
    game.drag.ghost.remove();
  }
  game.drag = null;
});

// --- Status, hint, check.

function tick() {
  // While a move's drawing is on its way the line keeps telling the board
  // shown, so it never counts a domino not yet drawn.
  if (!game.text || game.drawn !== game.version) {
    return;
  }
  const laid = plays().length;
  statusLine.textContent = `${game.title ? `${game.title} \u00B7 ` : ''}dominoes laid: ${laid} of ${game.dominoes.length}`;
}
setInterval(tick, 1000);

/**
 * The engine's judgement of the pieces laid: the laid dominoes no
 * solution holds with the ones laid before them, and a solution holding
 * the others (for a hint), with the server's whole answer.
 */
async function judge(laid) {
  const answer = await api('pips/check', { text: game.text, placements: laid });
  const wrong = (answer.wrong || []).map((k) => laid[k]);
  return { answer, wrong, placements: answer.solution };
}

const onCells = (p) => `${pieceName(p.domino)} on ${cellName(p.cells[0])} and ${cellName(p.cells[1])}`;

async function hint() {
  const laid = plays();
  const { answer, wrong, placements } = await judge(laid);
  if (wrong.length > 0) {
    game.marks = { kind: 'wrong', cells: wrong.flatMap((p) => p.cells), pieces: wrong.map((p) => p.cells) };
    showMessage('bad', 'A laid domino is wrong', `${wrong.map(onCells).join('; ')}: no solution holds it with the dominoes laid before it (marked \u2717). Lift it first.`);
  } else if (!placements) {
    game.marks = null;
    showMessage('bad', 'No hint', answer.reason || 'the engine finds no solution to this puzzle');
  } else {
    const covered = new Set(laid.flatMap((p) => p.cells.map(key)));
    const next = placements.findIndex((cells) => cells.every((c) => !covered.has(key(c))));
    if (next < 0) {
      game.marks = null;
      showMessage('good', '', 'The board is solved.');
    } else {
      const cells = placements[next];
      const [a, b] = game.dominoes[next];
      game.marks = { kind: 'hint', cells, pieces: [] };
      showMessage('', 'Hint', `${pieceName(next)} goes with its ${a} on ${cellName(cells[0])} and its ${b} on ${cellName(cells[1])}.`);
    }
  }
  drawHighlights();
}

async function check() {
  const laid = plays();
  const { answer, wrong } = await judge(laid);
  const rules = answer.rules || [];
  game.marks = wrong.length || rules.length
    ? { kind: 'wrong', cells: [...wrong.flatMap((p) => p.cells), ...rules.flatMap((r) => r.cells)], pieces: wrong.map((p) => p.cells) }
    : null;
  if (answer.solved) {
    showMessage('good', 'Check', 'Solved: every rule holds.');
  } else if (wrong.length === 0 && rules.length === 0) {
    showMessage('good', 'Check', laid.length === 0
      ? 'Nothing laid yet.'
      : `All ${laid.length} domino${laid.length === 1 ? '' : 'es'} laid so far ${laid.length === 1 ? 'is' : 'are'} right.`);
  } else {
    const parts = [];
    if (wrong.length) {
      parts.push(`${wrong.length} domino${wrong.length === 1 ? ' is' : 'es are'} wrong (marked \u2717): ${wrong.map(onCells).join('; ')}.`);
    }
    parts.push(...rules.map((r) => r.reason));
    showMessage('bad', 'Check', parts.join(' '));
  }
  drawHighlights();
}

// --- Wiring.

function actionError(err) {
  showMessage('bad', err instanceof ApiError ? 'The server said' : 'Error', words(err));
}

/**
 * The most cells a board of each difficulty can have: the grade weighs
 * the board's size first, as the newspaper's does (docs/pips.md), so the
 * server refuses a larger easy or medium board. Sizes past the
 * difficulty's are greyed out in the form.
 */
const MOST_CELLS = { easy: 12, medium: 16 };

function fitCells() {
  const most = MOST_CELLS[newForm.elements.difficulty.value] ?? Infinity;
  const select = newForm.elements.cells;
  const options = Array.from(select.options);
  options.forEach((o) => { o.disabled = Number(o.value) > most; });
  if (select.selectedOptions[0]?.disabled) {
    select.value = options.filter((o) => !o.disabled).pop().value;
  }
}
newForm.elements.difficulty.addEventListener('change', fitCells);
fitCells();

newForm.addEventListener('submit', (e) => {
  e.preventDefault();
  const box = newForm.querySelector('.error');
  clearError(box);
  const data = new FormData(newForm);
  const seedField = newForm.elements.seed;
  if (seedField.value === '') {
    seedField.value = String(1 + Math.floor(Math.random() * 999999));
  }
  const request = {
    cells: Number(data.get('cells')),
    difficulty: data.get('difficulty'),
    seed: Number(seedField.value),
  };
  busy(newForm.querySelector('button[type="submit"]'), async () => {
    try {
      const answer = await api('pips/generate', request);
      const text = answer.text || JSON.stringify(answer.puzzle);
      const cells = request.cells || 2 * answer.puzzle.dominoes.length;
      await load(text, `${cells} cells, ${answer.difficulty || request.difficulty}, seed ${request.seed}`);
    } catch (err) {
      showError(box, err);
    }
  });
});

/**
 * The levels of a newspaper day file (`{"easy": P, "medium": P, "hard":
 * P}`), or null when the text is something else.
 */
function dayLevels(text) {
  let doc;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    return null;
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) {
    return null;
  }
  const levels = ['easy', 'medium', 'hard'].filter((l) => doc[l] && typeof doc[l] === 'object');
  return levels.length ? levels.map((l) => [l, doc[l]]) : null;
}

/**
 * The print date of a newspaper day file ("yyyy-mm-dd"), which names its
 * results in this browser; null when it has none.
 */
function printDate(text) {
  try {
    const date = JSON.parse(text).printDate;
    return typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null;
  } catch (e) {
    return null;
  }
}

/**
 * Offers the levels of a pasted day file, each with the result kept for
 * it; the one chosen is played (and its result kept when it is dated).
 */
function offerLevels(levels, box) {
  const date = printDate(pasteText.value);
  levelBox.replaceChildren();
  const say = document.createElement('p');
  say.textContent = `This day file holds ${levels.length} puzzles. Choose one:`;
  levelBox.append(say);
  const row = document.createElement('div');
  row.className = 'row';
  for (const [level, puzzle] of levels) {
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.level = level;
    b.textContent = level[0].toUpperCase() + level.slice(1);
    const id = date && `paper:${date}:${level}`;
    b.addEventListener('click', () => busy(b, async () => {
      clearError(box, pasteText);
      try {
        await load(JSON.stringify(puzzle), `pasted day file, ${level}${date ? ` (${date})` : ''}`, new History(), false, id);
      } catch (err) {
        showError(box, err, pasteText);
      }
    }));
    row.append(b);
    const kept = id && said(result('pips', id));
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

pasteForm.addEventListener('submit', (e) => {
  e.preventDefault();
  const box = pasteForm.querySelector('.error');
  clearError(box, pasteText);
  levelBox.hidden = true;
  const levels = dayLevels(pasteText.value);
  if (levels && levels.length > 1) {
    offerLevels(levels, box);
    return;
  }
  busy(pasteForm.querySelector('button[type="submit"]'), async () => {
    try {
      if (levels) {
        const date = printDate(pasteText.value);
        const [level, puzzle] = levels[0];
        await load(JSON.stringify(puzzle), `pasted day file, ${level}${date ? ` (${date})` : ''}`, new History(), false, date && `paper:${date}:${level}`);
      } else {
        await load(pasteText.value, 'pasted puzzle');
      }
    } catch (err) {
      showError(box, err, pasteText);
    }
  });
});
wireUpload(pasteForm.elements.file, pasteText, () => pasteForm.requestSubmit());
pasteText.addEventListener('input', () => {
  clearError(pasteForm.querySelector('.error'), pasteText);
  levelBox.hidden = true;
});

function undo() {
  if (game.history.canUndo() && !game.pausedAt) {
    game.history.undo();
    game.marks = null;
    hideMessage();
    refresh().catch(actionError);
  }
}

function redo() {
  if (game.history.canRedo() && !game.pausedAt) {
    game.history.redo();
    game.marks = null;
    hideMessage();
    refresh().catch(actionError);
  }
}

undoKeys(panel, undo, redo);

tray.addEventListener('click', (e) => {
  const b = e.target.closest('[data-domino]');
  if (!b || game.tapped) {
    return;
  }
  const d = Number(b.dataset.domino);
  const first = game.picked !== d;
  pick(d);
  // Taken by keyboard, the domino goes to the board, where arrow keys
  // move it and Enter lays it.
  if (first && e.detail === 0) {
    boardBox.focus();
  }
});
boardBox.addEventListener('click', (e) => {
  const cell = game.tapped ? null : cellAt(e);
  if (cell) {
    game.cursor = cell;
    boardTap(cell);
  }
});
boardBox.addEventListener('focus', () => {
  drawHighlights();
  sayCursor();
});
boardBox.addEventListener('blur', drawHighlights);
boardBox.addEventListener('keydown', (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey || !game.geometry) {
    return;
  }
  const arrow = { ArrowRight: 0, ArrowDown: 1, ArrowLeft: 2, ArrowUp: 3 }[e.key];
  if (arrow !== undefined) {
    e.preventDefault();
    const next = step(game.cursor, arrow);
    if (next[0] >= 0 && next[1] >= 0 && next[0] < game.geometry.rows && next[1] < game.geometry.cols) {
      game.cursor = next;
    }
  } else if (e.key === 'Enter' || e.key === ' ') {
    e.preventDefault();
    if (game.picked !== null) {
      layAt(game.cursor);
    } else {
      lift(game.cursor);
    }
  } else if (e.key === 'Delete' || e.key === 'Backspace') {
    e.preventDefault();
    lift(game.cursor);
  } else if ((e.key === 'r' || e.key === 'R') && game.picked === null) {
    e.preventDefault();
    turnLaid(game.cursor);
  } else {
    return;
  }
  drawHighlights();
  sayCursor();
});
// R turns and Esc puts back the held domino wherever the focus is on the
// tab, unless the person is typing.
document.addEventListener('keydown', (e) => {
  if (panel.hidden || e.ctrlKey || e.metaKey || e.altKey || game.picked === null || e.defaultPrevented) {
    return;
  }
  const tag = (e.target && e.target.tagName) || '';
  if (tag === 'TEXTAREA' || tag === 'INPUT' || tag === 'SELECT') {
    return;
  }
  if (e.key === 'r' || e.key === 'R') {
    e.preventDefault();
    turnHeld();
  } else if (e.key === 'Escape') {
    e.preventDefault();
    drop();
  }
});

toolbar.addEventListener('click', (e) => {
  const act = e.target.closest('button') && e.target.closest('button').dataset.act;
  const run = {
    undo,
    redo,
    hint: () => hint().catch(actionError),
    check: () => check().catch(actionError),
    restart: () => {
      if (game.history.actions.length) {
        game.history = new History();
        game.started = startClock('pips', game.text, false);
        timer.restarted();
        game.marks = null;
        hideMessage();
        refresh().catch(actionError);
      }
    },
  }[act];
  if (run) {
    run();
  }
});

/**
 * Plays the Today puzzle of `date` at `level`: the newspaper's board size
 * for the level (the route's default) and the date's seed (daily.js).
 */
async function playToday(date, level) {
  const box = todayCard.card.querySelector('.error');
  clearError(box);
  try {
    const answer = await api('pips/generate', { difficulty: level, seed: seedOf(date) });
    const text = answer.text || JSON.stringify(answer.puzzle);
    await load(text, `Today, ${date}, ${level}`, new History(), false, `${date}:${level}`);
  } catch (err) {
    showError(box, err);
  }
}

const todayCard = new TodayCard('pips', panel.querySelector('.sources'), playToday);

/** The routes this tab cannot work without, and those of single buttons. */
export const needs = ['pips/generate', 'pips/check', 'pips/render'];
export const extras = {};

/** Called once at start: resume the game in the address, if any. */
export async function start() {
  const params = readHash();
  const text = params.get('qb');
  if (!text) {
    // A first puzzle is made when the tab is first shown, not on every
    // page load (generating is one of the server's expensive jobs).
    const begin = () => {
      if (!panel.hidden) {
        observer.disconnect();
        newForm.requestSubmit();
      }
    };
    const observer = new MutationObserver(begin);
    observer.observe(panel, { attributes: true, attributeFilter: ['hidden'] });
    begin();
    return;
  }
  const moves = (params.get('qm') || '').split('_').filter(Boolean).map(decodeMove);
  const at = params.has('qa') ? Number(params.get('qa')) : moves.length;
  try {
    if (moves.some((m) => m === null)) {
      await load(text, params.get('qt') || '');
      showMessage('bad', 'Address', 'The moves in the address cannot be read; the puzzle starts afresh.');
    } else {
      await load(text, params.get('qt') || '', new History(moves, at), true, params.get('qd'));
    }
  } catch (err) {
    playBox.hidden = true;
    pasteText.value = text;
    panel.querySelector('#pips-paste-box').open = true;
    showError(pasteForm.querySelector('.error'), err, pasteText);
  }
}
