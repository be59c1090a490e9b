// The placement tab (Dominosa): a new or pasted puzzle, laying and lifting
// pieces by click, drag or keyboard, marking the line between two cells as
// "no domino here" (click the line, or Shift+arrow), pieces laid twice
// shown on the board, the set's checklist, undo/redo, hint (which sets the
// marks a deduction rules out), check, the clock with pause and the
// finish (clock.js), the Today puzzles (daily.js), the print view, and the
// puzzle and moves kept in the address (keys pb = puzzle text, pm = moves,
// pa = moves applied when some are undone, pd = the daily puzzle it is).

import {
  api, ApiError, words, showError, clearError, busy, wireUpload, History, undoKeys, putSvg,
  highlightLayer, draw, svgPoint, readHash, saveGame, lookAt, messenger, startClock, showUndoRedo,
  solvedBanner, reveal,
} from './controls.js';
import { Timer } from './clock.js';
import {
  TodayCard, record, seedOf, ATTEMPTS,
} from './daily.js';

const panel = document.getElementById('panel-place');
const boardBox = document.getElementById('place-board');
const playBox = document.getElementById('place-play');
const statusLine = document.getElementById('place-status');
const messageBox = document.getElementById('place-message');
const banner = document.getElementById('place-banner');
const checklist = document.getElementById('place-checklist');
const newForm = document.getElementById('place-new');
const pasteForm = document.getElementById('place-paste');
const pasteText = document.getElementById('place-text');
const printSheet = document.getElementById('place-print');
const toolbar = playBox.querySelector('.toolbar');
const { show: showMessage, hide: hideMessage } = messenger(messageBox);

// The game: the puzzle as text (any CLI format; sent as is with every
// request), the moves, and what the last answers said.
const game = {
  text: null,
  title: '',
  history: new History(),
  cells: new Map(), // "r,c" -> {r, c, x, y, w, h} in SVG units
  svg: null,
  selected: null, // a cell picked as the first half of a piece
  cursor: null, // the keyboard's cell
  marks: null, // {kind: 'hint'|'wrong', cells, placements, edges}
  clashes: [], // indices of laid pieces whose piece of the set is laid twice
  solved: false,
  started: 0,
  finished: 0,
  daily: null, // "<date>:<level>" of a Today puzzle, whose result is kept
  version: 0, // drops answers that arrive after a newer move
  drawn: 0, // the version on the board: the status line tells that one
};

const timer = new Timer({
  family: 'place', name: 'Placement', game, panel, playBox, boardBox, banner, prefix: 'p',
});

// The Today puzzles: the set and Tatham's level of each daily level.
const DAILY = {
  easy: { set: 4, difficulty: 'basic' },
  medium: { set: 5, difficulty: 'hard' },
  hard: { set: 6, difficulty: 'extreme' },
};

const key = (r, c) => `${r},${c}`;

// The board is drawn larger than the engine's 34-unit squares, so cells
// are easy to hit with a finger.
const ZOOM = 1.5;

// --- Moves: "r.c.h" lays a piece on (r,c)-(r,c+1), "r.c.v" on
// (r,c)-(r+1,c); an "x" in front lifts it. "m" and pairs written the same
// way, joined by "~", marks their lines (one move: a hint may set several);
// "xm" and one pair clears a mark.

function normalise(a, b) {
  const [p, q] = a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]) ? [a, b] : [b, a];
  return [p, q];
}

const encodePair = ([p, q]) => `${p[0]}.${p[1]}.${q[0] === p[0] ? 'h' : 'v'}`;

function encodeMove(m) {
  if (m.mark) {
    return `${m.lift ? 'x' : ''}m${m.pairs.map(encodePair).join('~')}`;
  }
  return `${m.lift ? 'x' : ''}${encodePair(m.cells)}`;
}

function decodePair(text) {
  const m = /^(\d{1,4})\.(\d{1,4})\.([hv])$/.exec(text);
  if (!m) {
    return null;
  }
  const r = Number(m[1]);
  const c = Number(m[2]);
  return [[r, c], m[3] === 'h' ? [r, c + 1] : [r + 1, c]];
}

function decodeMove(token) {
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

const samePiece = (a, b) => a[0][0] === b[0][0] && a[0][1] === b[0][1]
  && a[1][0] === b[1][0] && a[1][1] === b[1][1];

/** The pieces on the board after the applied moves, in the order laid. */
function placements() {
  const laid = [];
  for (const m of game.history.applied()) {
    if (m.mark) {
      continue;
    }
    if (m.lift) {
      const i = laid.findIndex((p) => samePiece(p, m.cells));
      if (i >= 0) {
        laid.splice(i, 1);
      }
    } else {
      laid.push(m.cells);
    }
  }
  return laid;
}

/** The marked lines after the applied moves: pairs of cells, in order. */
function edgeMarks() {
  const marked = [];
  for (const m of game.history.applied()) {
    if (!m.mark) {
      continue;
    }
    for (const pair of m.pairs) {
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

const isMarked = (pair) => edgeMarks().some((p) => samePiece(p, pair));

function pieceAt(cell) {
  const laid = placements();
  return laid.findIndex((p) => p.some((c) => c[0] === cell[0] && c[1] === cell[1]));
}

const cellName = (c) => `(${c[0]},${c[1]})`;
const pieceName = (p) => `${cellName(p[0])}-${cellName(p[1])}`;

// --- Loading a puzzle.

function rowsToText(rows) {
  return rows.map((row) => row.map((v) => (v === null ? '.' : String(v))).join(' ')).join('\n');
}

async function load(text, title, moves = new History(), resume = false, daily = null) {
  game.text = text;
  game.title = title;
  game.daily = daily;
  game.history = moves;
  game.selected = null;
  game.cursor = null;
  game.marks = null;
  game.clashes = [];
  game.solved = null;
  game.finished = 0;
  // The clock of a puzzle survives a reload of this tab but starts afresh
  // for someone who opens a shared link.
  game.started = startClock('place', game.text, resume);
  timer.loaded(resume);
  playBox.hidden = false;
  banner.hidden = true;
  hideMessage();
  await refresh();
  reveal(playBox);
}

/** Redraws the board and asks the engine whether it is solved. */
async function refresh() {
  const version = ++game.version;
  saveGame('p', game, encodeMove);
  const { picture, check } = await lookAt('place', game.text, placements());
  // A slow answer never covers a newer one.
  if (version !== game.version) {
    return;
  }
  game.svg = putSvg(boardBox, picture.svg, ZOOM);
  game.drawn = version;
  readCells();
  game.clashes = (check.duplicates || []).flatMap((d) => d.placements);
  drawHighlights();
  showChecklist(check.pieces || []);
  showUndoRedo(toolbar, game.history);
  const justSolved = solvedBanner(banner, game, Boolean(check.solved), 'every domino of the set once.');
  if (justSolved) {
    hideMessage();
  }
  const took = timer.checked(justSolved);
  if (took !== null && game.daily) {
    record('place', game.daily, took);
    todayCard.render();
  }
  tick();
}

// The board's cells and their squares, from the engine's picture: each
// cell's <rect> carries data-cell="r,c" (holes have none).
function readCells() {
  game.cells.clear();
  for (const rect of game.svg.querySelectorAll('rect[data-cell]')) {
    const [r, c] = rect.getAttribute('data-cell').split(',').map(Number);
    const x = Number(rect.getAttribute('x'));
    const y = Number(rect.getAttribute('y'));
    const w = Number(rect.getAttribute('width'));
    const h = Number(rect.getAttribute('height'));
    game.cells.set(key(r, c), { r, c, x, y, w, h });
  }
  if (game.cursor && !game.cells.has(key(...game.cursor))) {
    game.cursor = null;
  }
}

function cellAtPoint(p) {
  if (!p) {
    return null;
  }
  for (const cell of game.cells.values()) {
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

// --- Highlights over the engine's picture: the picked cell, the keyboard
// cursor, a hint's cells, the wrong pieces (outline plus a cross, so
// colour is not the only sign).

function square(layer, cell, cls, inset = 0) {
  const box = game.cells.get(key(...cell));
  if (box) {
    draw(layer, 'rect', {
      class: `hl ${cls}`, 'data-cell': key(...cell), x: box.x + inset, y: box.y + inset,
      width: box.w - 2 * inset, height: box.h - 2 * inset, rx: 4,
    });
  }
  return box;
}

function drawHighlights() {
  if (!game.svg) {
    return;
  }
  const layer = highlightLayer(game.svg);
  const marks = game.marks;
  const wrongEdges = (marks && marks.edges) || [];
  for (const pair of edgeMarks()) {
    drawEdge(layer, pair, wrongEdges.some((p) => samePiece(p, pair)));
  }
  drawClashes(layer);
  if (marks && marks.kind === 'hint') {
    marks.cells.forEach((c) => square(layer, c, 'hl-hint', 1));
  }
  if (marks && marks.kind === 'wrong') {
    for (const piece of marks.placements) {
      piece.forEach((c) => square(layer, c, 'hl-wrong', 1));
      const a = game.cells.get(key(...piece[0]));
      const b = game.cells.get(key(...piece[1]));
      if (a && b) {
        const x = (a.x + b.x + b.w) / 2;
        const y = (a.y + b.y + b.h) / 2;
        draw(layer, 'circle', { class: 'hl', cx: x, cy: y, r: 10, fill: '#fff', stroke: '#b3362a', 'stroke-width': 2 });
        draw(layer, 'text', {
          class: 'hl hl-wrong-mark', x, y, 'font-size': 15, 'text-anchor': 'middle', 'dominant-baseline': 'central',
        }, '\u2717');
      }
    }
  }
  if (game.selected) {
    square(layer, game.selected, 'hl-selected');
  }
  if (game.cursor && document.activeElement === boardBox) {
    square(layer, game.cursor, 'hl-cursor', -1);
  }
}

// A mark: a bar along the line two cells share.
function drawEdge(layer, [p, q], wrong) {
  const a = game.cells.get(key(...p));
  const b = game.cells.get(key(...q));
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
function drawClashes(layer) {
  const laid = placements();
  for (const i of game.clashes) {
    const piece = laid[i];
    const a = piece && game.cells.get(key(...piece[0]));
    const b = piece && game.cells.get(key(...piece[1]));
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
    draw(layer, 'text', {
      class: 'hl hl-clash-mark', x: x + w - 2, y: y + 8, 'font-size': 11, 'text-anchor': 'end', 'dominant-baseline': 'central',
    }, '2\u00D7');
  }
}

// --- Playing.

const adjacent = (a, b) => Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) === 1;

function move(m) {
  if (!m.mark && !m.lift && isMarked(m.cells)) {
    showMessage('bad', 'Marked', `The line between ${pieceName(m.cells)} is marked "no domino here": clear the mark first (click the line, or Shift+arrow).`);
    return;
  }
  game.selected = null;
  game.marks = null;
  hideMessage();
  game.history.push(m);
  refresh().catch(actionError);
}

const lay = (a, b) => move({ lift: false, cells: normalise(a, b) });
const lift = (index) => move({ lift: true, cells: placements()[index] });

/** Marks the line between two neighbouring cells, or clears its mark. */
function toggleMark(a, b) {
  const pair = normalise(a, b);
  if (!game.cells.has(key(...pair[0])) || !game.cells.has(key(...pair[1]))) {
    return;
  }
  const laid = placements();
  if (!isMarked(pair) && laid.some((p) => samePiece(p, pair))) {
    showMessage('bad', 'Marked', `A piece lies on ${pieceName(pair)}: lift it before you mark its line.`);
    return;
  }
  move({ lift: isMarked(pair), mark: true, pairs: [pair] });
}

// The line between two cells under a point: within EDGE units of the
// line two neighbouring squares share, and along their length.
const EDGE = 6;

function edgeAtPoint(p) {
  if (!p) {
    return null;
  }
  for (const a of game.cells.values()) {
    const right = game.cells.get(key(a.r, a.c + 1));
    if (right && Math.abs(p.x - (a.x + a.w + right.x) / 2) <= EDGE && p.y >= a.y && p.y <= a.y + a.h) {
      return [[a.r, a.c], [a.r, a.c + 1]];
    }
    const below = game.cells.get(key(a.r + 1, a.c));
    if (below && Math.abs(p.y - (a.y + a.h + below.y) / 2) <= EDGE && p.x >= a.x && p.x <= a.x + a.w) {
      return [[a.r, a.c], [a.r + 1, a.c]];
    }
  }
  return null;
}

/** A click (or Enter) on a cell: lift its piece, pick it, or lay a piece. */
function choose(cell) {
  const covering = pieceAt(cell);
  if (covering >= 0) {
    lift(covering);
  } else if (game.selected && adjacent(game.selected, cell)) {
    lay(game.selected, cell);
  } else {
    const same = game.selected && game.selected[0] === cell[0] && game.selected[1] === cell[1];
    game.selected = same ? null : cell;
    drawHighlights();
  }
}

let press = null; // the cell where a pointer went down
let pressEdge = null; // the line under it, when it went down on one

boardBox.addEventListener('pointerdown', (e) => {
  if (!game.svg || e.button !== 0) {
    return;
  }
  const at = svgPoint(game.svg, e);
  press = cellAtPoint(at);
  pressEdge = edgeAtPoint(at);
  if (press) {
    boardBox.setPointerCapture(e.pointerId);
    e.preventDefault();
    boardBox.focus({ preventScroll: true });
  }
});

boardBox.addEventListener('pointerup', (e) => {
  const from = press;
  const fromEdge = pressEdge;
  press = null;
  pressEdge = null;
  if (!from || !game.svg) {
    return;
  }
  const at = svgPoint(game.svg, e);
  const toEdge = edgeAtPoint(at);
  // A tap on a line (down and up on the same line) marks it.
  if (fromEdge && toEdge && samePiece(fromEdge, toEdge)) {
    toggleMark(...fromEdge);
    return;
  }
  const to = cellAtPoint(at);
  if (to && adjacent(from, to) && pieceAt(from) < 0 && pieceAt(to) < 0) {
    lay(from, to);
  } else if (to && to[0] === from[0] && to[1] === from[1]) {
    choose(to);
  }
});

boardBox.addEventListener('pointercancel', () => {
  press = null;
});

// Keyboard: arrows move a cursor over the cells (jumping holes), Enter or
// Space acts as a click, Shift+arrow marks (or clears) the line on that
// side of the cursor, Escape drops the picked cell.
boardBox.addEventListener('keydown', (e) => {
  const step = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[e.key];
  if (step && e.shiftKey && game.cursor) {
    e.preventDefault();
    toggleMark(game.cursor, [game.cursor[0] + step[0], game.cursor[1] + step[1]]);
  } else if (step) {
    e.preventDefault();
    moveCursor(step);
  } else if ((e.key === 'Enter' || e.key === ' ') && game.cursor) {
    e.preventDefault();
    choose(game.cursor);
  } else if (e.key === 'Escape') {
    game.selected = null;
    drawHighlights();
  }
});
boardBox.addEventListener('focus', () => {
  if (!game.cursor) {
    const first = game.cells.values().next().value;
    game.cursor = first ? [first.r, first.c] : null;
  }
  drawHighlights();
});
boardBox.addEventListener('blur', drawHighlights);

// For a screen reader: where the cursor is and what is there.
function announceCursor() {
  const [r, c] = game.cursor;
  const covered = pieceAt(game.cursor) >= 0 ? 'covered by a piece' : 'free';
  const picked = game.selected ? `; picked ${cellName(game.selected)}` : '';
  document.getElementById('place-cursor').textContent = `cell (${r},${c}), ${covered}${picked}`;
}

function moveCursor([dr, dc]) {
  if (!game.cursor) {
    return;
  }
  let [r, c] = game.cursor;
  const rows = Math.max(...Array.from(game.cells.values(), (x) => x.r)) + 1;
  const cols = Math.max(...Array.from(game.cells.values(), (x) => x.c)) + 1;
  for (let i = 0; i < rows + cols; i++) {
    r += dr;
    c += dc;
    if (r < 0 || c < 0 || r >= rows || c >= cols) {
      return;
    }
    if (game.cells.has(key(r, c))) {
      game.cursor = [r, c];
      drawHighlights();
      announceCursor();
      return;
    }
  }
}

// --- The checklist of the set: each piece free, used, or used twice.

function showChecklist(pieces) {
  checklist.replaceChildren();
  for (const { piece, used } of pieces) {
    const li = document.createElement('li');
    li.className = `chip${used === 1 ? ' used' : ''}${used > 1 ? ' twice' : ''}`;
    li.textContent = `${piece[0]}-${piece[1]}`;
    li.dataset.piece = `${piece[0]}-${piece[1]}`;
    li.dataset.count = String(used);
    li.title = used === 0 ? 'free' : used === 1 ? 'used' : `used ${used} times`;
    checklist.append(li);
  }
  const used = pieces.filter((p) => p.used > 0).length;
  checklist.setAttribute('aria-label', `${used} of ${pieces.length} pieces used`);
}

// --- Status, hint, check.

function tick() {
  // While a move's drawing is on its way the line keeps telling the board
  // shown, so it never counts a piece (or names a puzzle) not yet drawn.
  if (!game.text || game.drawn !== game.version) {
    return;
  }
  const laid = placements().length;
  const total = checklist.children.length;
  statusLine.textContent = `${game.title ? `${game.title} \u00B7 ` : ''}pieces laid: ${laid} of ${total}`;
}
setInterval(tick, 1000);

async function hint() {
  const laid = placements();
  const marked = edgeMarks();
  const version = game.version;
  const answer = await api('place/hint', { text: game.text, placements: laid, marks: marked });
  if (version !== game.version) {
    return;
  }
  const ruledOut = (answer.step && answer.step.ruled_out) || [];
  if (answer.wrong && answer.wrong.length > 0) {
    const wrong = answer.wrong.map((i) => laid[i]);
    game.marks = { kind: 'wrong', placements: wrong, cells: [] };
    const names = wrong.map(pieceName).join(', ');
    showMessage('bad', 'A laid piece is wrong', `The piece on ${names} fits no solution (marked \u2717). Lift it first.`);
  } else if (answer.wrong_marks && answer.wrong_marks.length > 0) {
    const wrong = answer.wrong_marks.map((i) => marked[i]);
    game.marks = { kind: 'wrong', placements: [], cells: [], edges: wrong };
    showMessage('bad', 'A mark is wrong', `A domino of the solution lies on ${wrong.map(pieceName).join(', ')} (dashed line). Clear the mark first.`);
  } else if (answer.step && ruledOut.length > 0) {
    // The deduction rules pairs out: the hint marks their lines, so the
    // player keeps it and the next hint goes on from there.
    const fresh = ruledOut.map((p) => normalise(...p)).filter((p) => !isMarked(p));
    if (fresh.length > 0) {
      move({ lift: false, mark: true, pairs: fresh });
    }
    game.marks = { kind: 'hint', cells: answer.step.cells || [], placements: [] };
    showMessage('', `Hint \u00B7 ${answer.step.level} \u00B7 ${answer.step.technique}`,
      `${answer.step.text.replace(/\.$/, '')}. Marked for you: ${fresh.length} line${fresh.length === 1 ? '' : 's'} (${fresh.map(pieceName).join(', ')}).`);
  } else if (answer.step && answer.step.placed && pieceAt(answer.step.placed[0]) < 0 && pieceAt(answer.step.placed[1]) < 0) {
    // The deduction lays a piece: the hint lays it (one undo takes it
    // back), so every hint moves the player forward.
    const placed = normalise(...answer.step.placed);
    move({ lift: false, cells: placed });
    game.marks = { kind: 'hint', cells: answer.step.cells || [], placements: [] };
    showMessage('', `Hint \u00B7 ${answer.step.level} \u00B7 ${answer.step.technique}`,
      `${answer.step.text.replace(/\.$/, '')}. Laid for you on ${pieceName(placed)}.`);
  } else if (answer.step) {
    game.marks = { kind: 'hint', cells: answer.step.cells || [], placements: [] };
    showMessage('', `Hint \u00B7 ${answer.step.level} \u00B7 ${answer.step.technique}`, answer.step.text);
  } else if (answer.solved) {
    game.marks = null;
    showMessage('good', '', 'The board is solved.');
  } else {
    game.marks = null;
    showMessage('', 'No deduction', answer.reason || 'The deductions cannot go on from here.');
  }
  drawHighlights();
}

async function check() {
  const laid = placements();
  const marked = edgeMarks();
  const answer = await api('place/check', { text: game.text, placements: laid, marks: marked });
  const bad = new Set(answer.wrong || []);
  for (const b of answer.broken || []) {
    bad.add(b.index);
  }
  const wrong = Array.from(bad).sort((a, b) => a - b).map((i) => laid[i]).filter(Boolean);
  const wrongEdges = (answer.wrong_marks || []).map((i) => marked[i]);
  game.marks = wrong.length || wrongEdges.length
    ? { kind: 'wrong', placements: wrong, cells: [], edges: wrongEdges } : null;
  const dups = (answer.duplicates || []).map((d) => `${d.piece[0]}-${d.piece[1]}`);
  if (answer.solved) {
    showMessage('good', 'Check', 'Solved: every piece is right.');
  } else if (wrong.length === 0 && dups.length === 0 && wrongEdges.length === 0) {
    showMessage('good', 'Check', laid.length === 0
      ? 'Nothing laid yet.'
      : `All ${laid.length} piece${laid.length === 1 ? '' : 's'} laid so far ${laid.length === 1 ? 'is' : 'are'} right.`);
  } else {
    const parts = [];
    if (wrong.length) {
      parts.push(`${wrong.length} piece${wrong.length === 1 ? ' is' : 's are'} wrong (marked \u2717): ${wrong.map(pieceName).join(', ')}.`);
    }
    if (wrongEdges.length) {
      parts.push(`${wrongEdges.length} mark${wrongEdges.length === 1 ? ' is' : 's are'} wrong (dashed): a domino of the solution lies on ${wrongEdges.map(pieceName).join(', ')}.`);
    }
    if (dups.length) {
      parts.push(`Used twice (marked 2\u00D7 on the board): ${dups.join(', ')}.`);
    }
    showMessage('bad', 'Check', parts.join(' '));
  }
  drawHighlights();
}

// --- Print view: the bare puzzle on a white sheet.

async function printView() {
  const picture = await api('place/render', { text: game.text });
  putSvg(printSheet.querySelector('.print-board'), picture.svg);
  printSheet.querySelector('.print-title').textContent = game.title || 'Placement puzzle';
  document.body.classList.add('printing');
  printSheet.hidden = false;
  printSheet.querySelector('[data-act="do-print"]').focus();
}

function endPrint() {
  document.body.classList.remove('printing');
  printSheet.hidden = true;
  boardBox.focus();
}

// --- Wiring.

function report(box, err, textarea) {
  showError(box, err, textarea);
}

function actionError(err) {
  showMessage('bad', err instanceof ApiError ? 'The server said' : 'Error', words(err));
}

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
    set: Number(data.get('set')),
    difficulty: data.get('difficulty'),
    seed: Number(seedField.value),
  };
  busy(newForm.querySelector('button[type="submit"]'), async () => {
    try {
      const answer = await api('place/generate', request);
      if (!answer.puzzle) {
        // No puzzle in time is an answer, not a fault: its reason is for
        // the player, less the API's `"clues": true`, which this form
        // does not offer.
        throw new ApiError(200, { error: answer.reason.replace(/ or "clues": true$/, '') });
      }
      const title = `double-${request.set}, ${answer.difficulty || request.difficulty}, seed ${request.seed}`;
      await load(rowsToText(answer.puzzle), title);
    } catch (err) {
      report(box, err);
    }
  });
});

pasteForm.addEventListener('submit', (e) => {
  e.preventDefault();
  const box = pasteForm.querySelector('.error');
  clearError(box, pasteText);
  const text = pasteText.value;
  busy(pasteForm.querySelector('button[type="submit"]'), async () => {
    try {
      // Reading the text through the engine first, so a bad paste is
      // reported here and not as a broken board.
      await api('place/check', { text, placements: [] });
      await load(text, 'pasted puzzle');
    } catch (err) {
      report(box, err, pasteText);
    }
  });
});
wireUpload(pasteForm.elements.file, pasteText, () => pasteForm.requestSubmit());
pasteText.addEventListener('input', () => clearError(pasteForm.querySelector('.error'), pasteText));

function undo() {
  if (game.history.canUndo() && !game.pausedAt) {
    game.history.undo();
    game.marks = null;
    game.selected = null;
    hideMessage();
    refresh().catch(actionError);
  }
}

function redo() {
  if (game.history.canRedo() && !game.pausedAt) {
    game.history.redo();
    game.marks = null;
    game.selected = null;
    hideMessage();
    refresh().catch(actionError);
  }
}

undoKeys(panel, undo, redo);

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
        game.started = startClock('place', game.text, false);
        timer.restarted();
        game.marks = null;
        hideMessage();
        refresh().catch(actionError);
      }
    },
    print: () => printView().catch(actionError),
  }[act];
  if (run) {
    run();
  }
});
printSheet.addEventListener('click', (e) => {
  const act = e.target.closest('button') && e.target.closest('button').dataset.act;
  if (act === 'do-print') {
    window.print();
  } else if (act === 'end-print') {
    endPrint();
  }
});

/** Plays the Today puzzle of `date` at `level` (see daily.js for the seed). */
async function playToday(date, level) {
  const box = todayCard.card.querySelector('.error');
  clearError(box);
  try {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const answer = await api('place/generate', { ...DAILY[level], seed: seedOf(date, attempt) });
      if (answer.puzzle) {
        await load(rowsToText(answer.puzzle), `Today, ${date}, ${level}`, new History(), false, `${date}:${level}`);
        return;
      }
    }
    throw new ApiError(200, { error: `the engine found no ${level} puzzle for ${date}` });
  } catch (err) {
    report(box, err);
  }
}

const todayCard = new TodayCard('place', panel.querySelector('.sources'), playToday);

/** The routes this tab cannot work without, and those of single buttons. */
export const needs = ['place/generate', 'place/check', 'place/render'];
export const extras = { 'place/hint': '#place-play [data-act="hint"]' };

/** Called once at start: resume the game in the address, if any. */
export async function start() {
  const params = readHash();
  const text = params.get('pb');
  if (!text) {
    // A first visit starts with a fresh small puzzle.
    newForm.requestSubmit();
    return;
  }
  // The moves up to the first that cannot be read (a link cut off in the
  // middle of a move) are kept; the rest are dropped, and the player told.
  const tokens = (params.get('pm') || '').split('_').filter(Boolean);
  const moves = [];
  for (const token of tokens) {
    const m = decodeMove(token);
    if (!m) {
      break;
    }
    moves.push(m);
  }
  const dropped = tokens.slice(moves.length);
  const asked = params.has('pa') ? Number(params.get('pa')) : moves.length;
  const at = Number.isInteger(asked) && asked >= 0 ? Math.min(asked, moves.length) : moves.length;
  try {
    // The engine reads the puzzle first, so a bad one is reported as such
    // and the tab starts clean with a new puzzle.
    await api('place/check', { text, placements: [] });
  } catch (err) {
    pasteText.value = text;
    panel.querySelector('#place-paste-box').open = true;
    const box = pasteForm.querySelector('.error');
    report(box, err, pasteText);
    box.textContent = `The puzzle in the address cannot be read (${box.textContent}); a new puzzle starts instead.`;
    newForm.requestSubmit();
    return;
  }
  try {
    await load(text, params.get('pt') || '', new History(moves, at), true, params.get('pd'));
  } catch (err) {
    playBox.hidden = true;
    pasteText.value = text;
    panel.querySelector('#place-paste-box').open = true;
    report(pasteForm.querySelector('.error'), err, pasteText);
    return;
  }
  if (dropped.length > 0) {
    const shown = dropped.join('_');
    showMessage('bad', 'Address', `The moves in the address end in something that cannot be read ("${shown.length > 24 ? `${shown.slice(0, 24)}\u2026` : shown}"): the link may be cut off. The ${moves.length} move${moves.length === 1 ? '' : 's'} before it ${moves.length === 1 ? 'is' : 'are'} kept; ${dropped.length} dropped.`);
  }
}
