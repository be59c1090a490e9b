// The placement tab (Dominosa): a new or pasted puzzle, laying and lifting
// pieces by click, drag or keyboard, the set's checklist, undo/redo, hint,
// check, the solved banner with the time, the print view, and the puzzle
// and moves kept in the address (keys pb = puzzle text, pm = moves, pa =
// moves applied when some are undone).

import {
  api, ApiError, words, showError, clearError, busy, wireUpload, History, undoKeys, putSvg,
  highlightLayer, draw, svgPoint, readHash, saveGame, lookAt, messenger, startClock, showUndoRedo,
  solvedBanner, timeTaken,
} from './controls.js';

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
  marks: null, // {kind: 'hint'|'wrong', cells, placements}
  solved: false,
  started: 0,
  finished: 0,
  version: 0, // drops answers that arrive after a newer move
};

const key = (r, c) => `${r},${c}`;

// The board is drawn larger than the engine's 34-unit squares, so cells
// are easy to hit with a finger.
const ZOOM = 1.5;

// --- Moves: "r.c.h" lays a piece on (r,c)-(r,c+1), "r.c.v" on
// (r,c)-(r+1,c); an "x" in front lifts it.

function normalise(a, b) {
  const [p, q] = a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]) ? [a, b] : [b, a];
  return [p, q];
}

function encodeMove(m) {
  const [p, q] = m.cells;
  return `${m.lift ? 'x' : ''}${p[0]}.${p[1]}.${q[0] === p[0] ? 'h' : 'v'}`;
}

function decodeMove(token) {
  const m = /^(x?)(\d+)\.(\d+)\.([hv])$/.exec(token);
  if (!m) {
    return null;
  }
  const r = Number(m[2]);
  const c = Number(m[3]);
  const q = m[4] === 'h' ? [r, c + 1] : [r + 1, c];
  return { lift: m[1] === 'x', cells: [[r, c], q] };
}

const samePiece = (a, b) => a[0][0] === b[0][0] && a[0][1] === b[0][1]
  && a[1][0] === b[1][0] && a[1][1] === b[1][1];

/** The pieces on the board after the applied moves, in the order laid. */
function placements() {
  const laid = [];
  for (const m of game.history.applied()) {
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

async function load(text, title, moves = new History(), resume = false) {
  game.text = text;
  game.title = title;
  game.history = moves;
  game.selected = null;
  game.cursor = null;
  game.marks = null;
  game.solved = null;
  game.finished = 0;
  // The clock of a puzzle survives a reload of this tab but starts afresh
  // for someone who opens a shared link.
  game.started = startClock('place', game.text, resume);
  playBox.hidden = false;
  banner.hidden = true;
  hideMessage();
  await refresh();
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
  readCells();
  drawHighlights();
  showChecklist(check.pieces || []);
  showUndoRedo(toolbar, game.history);
  if (solvedBanner(banner, game, Boolean(check.solved), 'every domino of the set once.')) {
    hideMessage();
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

// --- Playing.

const adjacent = (a, b) => Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) === 1;

function move(m) {
  game.selected = null;
  game.marks = null;
  hideMessage();
  game.history.push(m);
  refresh().catch(actionError);
}

const lay = (a, b) => move({ lift: false, cells: normalise(a, b) });
const lift = (index) => move({ lift: true, cells: placements()[index] });

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

boardBox.addEventListener('pointerdown', (e) => {
  if (!game.svg || e.button !== 0) {
    return;
  }
  press = cellAtPoint(svgPoint(game.svg, e));
  if (press) {
    boardBox.setPointerCapture(e.pointerId);
    e.preventDefault();
    boardBox.focus({ preventScroll: true });
  }
});

boardBox.addEventListener('pointerup', (e) => {
  const from = press;
  press = null;
  if (!from || !game.svg) {
    return;
  }
  const to = cellAtPoint(svgPoint(game.svg, e));
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
// Space acts as a click, Escape drops the picked cell.
boardBox.addEventListener('keydown', (e) => {
  const step = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[e.key];
  if (step) {
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
  if (!game.text) {
    return;
  }
  const laid = placements().length;
  const total = checklist.children.length;
  statusLine.textContent = `${game.title ? `${game.title} \u00B7 ` : ''}pieces laid: ${laid} of ${total}${timeTaken(game)}`;
}
setInterval(tick, 1000);

async function hint() {
  const laid = placements();
  const answer = await api('place/hint', { text: game.text, placements: laid });
  if (answer.wrong && answer.wrong.length > 0) {
    const wrong = answer.wrong.map((i) => laid[i]);
    game.marks = { kind: 'wrong', placements: wrong, cells: [] };
    const names = wrong.map(pieceName).join(', ');
    showMessage('bad', 'A laid piece is wrong', `The piece on ${names} fits no solution (marked \u2717). Lift it first.`);
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
  const answer = await api('place/check', { text: game.text, placements: laid });
  const bad = new Set(answer.wrong || []);
  for (const b of answer.broken || []) {
    bad.add(b.index);
  }
  const wrong = Array.from(bad).sort((a, b) => a - b).map((i) => laid[i]).filter(Boolean);
  game.marks = wrong.length ? { kind: 'wrong', placements: wrong, cells: [] } : null;
  const dups = (answer.duplicates || []).map((d) => `${d.piece[0]}-${d.piece[1]}`);
  if (answer.solved) {
    showMessage('good', 'Check', 'Solved: every piece is right.');
  } else if (wrong.length === 0 && dups.length === 0) {
    showMessage('good', 'Check', laid.length === 0
      ? 'Nothing laid yet.'
      : `All ${laid.length} piece${laid.length === 1 ? '' : 's'} laid so far ${laid.length === 1 ? 'is' : 'are'} right.`);
  } else {
    const parts = [];
    if (wrong.length) {
      parts.push(`${wrong.length} piece${wrong.length === 1 ? ' is' : 's are'} wrong (marked \u2717): ${wrong.map(pieceName).join(', ')}.`);
    }
    if (dups.length) {
      parts.push(`Used twice: ${dups.join(', ')}.`);
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
  if (game.history.canUndo()) {
    game.history.undo();
    game.marks = null;
    game.selected = null;
    hideMessage();
    refresh().catch(actionError);
  }
}

function redo() {
  if (game.history.canRedo()) {
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
  const moves = (params.get('pm') || '').split('_').filter(Boolean).map(decodeMove);
  if (moves.some((m) => m === null)) {
    showMessage('bad', 'Address', 'The moves in the address cannot be read; the puzzle starts afresh.');
    await load(text, params.get('pt') || '');
    return;
  }
  const at = params.has('pa') ? Number(params.get('pa')) : moves.length;
  try {
    await load(text, params.get('pt') || '', new History(moves, at), true);
  } catch (err) {
    playBox.hidden = true;
    pasteText.value = text;
    panel.querySelector('#place-paste-box').open = true;
    report(pasteForm.querySelector('.error'), err, pasteText);
  }
}
