// The pips tab: a generated or pasted puzzle (the newspaper's JSON or the
// text format), played by taking a domino from the tray and laying it on
// the board (click a cell, or drag the domino onto it; R or a second
// click on the tray turns it), lifting a laid domino by clicking it,
// undo/redo, the rules the engine finds broken, hint and check (a laid
// domino is wrong only when no solution holds it with the ones laid
// before, so any solution of a puzzle with several may be played), the
// solved banner with the time, and the puzzle
// and moves kept in the address (keys qb = puzzle, qt = title, qm =
// moves, qa = moves applied when some are undone).

import {
  api, ApiError, words, showError, clearError, busy, wireUpload, History, undoKeys, putSvg,
  highlightLayer, draw, svgPoint, readHash, saveGame, lookAt, messenger, startClock, showUndoRedo,
  solvedBanner, timeTaken,
} from './controls.js';

const panel = document.getElementById('panel-pips');
const boardBox = document.getElementById('pips-board');
const playBox = document.getElementById('pips-play');
const tray = document.getElementById('pips-tray');
const turnLine = document.getElementById('pips-turn');
const statusLine = document.getElementById('pips-status');
const messageBox = document.getElementById('pips-message');
const banner = document.getElementById('pips-banner');
const newForm = document.getElementById('pips-new');
const pasteForm = document.getElementById('pips-paste');
const pasteText = document.getElementById('pips-text');
const toolbar = playBox.querySelector('.toolbar');
const { show: showMessage, hide: hideMessage } = messenger(messageBox);

// The game: the puzzle text (sent as is with every request), its
// dominoes, the moves, and marks.
const game = {
  text: null,
  title: '',
  dominoes: [],
  history: new History(),
  picked: null, // index of the domino taken from the tray
  turn: 0, // where its second half goes: 0 right, 1 down, 2 left, 3 up
  dragging: false,
  marks: null, // {kind: 'hint'|'wrong'|'rules', cells, pieces}
  solved: false,
  started: 0,
  finished: 0,
  version: 0,
  geometry: null, // {left, top, size, rows, cols} of the engine's picture
};

// Pips boards are small; drawn twice the engine's size, cells are easy
// to hit with a finger.
const ZOOM = 2;
const STEPS = [[0, 1], [1, 0], [0, -1], [-1, 0]];
const ARROWS = ['\u2192', '\u2193', '\u2190', '\u2191'];

// --- Moves: "d.r.c.r.c" lays domino d, first value on the first cell;
// "xk" lifts the domino laid by move k's piece (its domino index).

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
    if (m.lift) {
      laid.delete(m.domino);
    } else {
      laid.delete(m.domino);
      laid.set(m.domino, m.cells);
    }
  }
  return Array.from(laid, ([domino, cells]) => ({ domino, cells }));
}

const same = (a, b) => a[0] === b[0] && a[1] === b[1];
const pieceName = (d) => `${game.dominoes[d][0]}|${game.dominoes[d][1]}`;
const cellName = (c) => `(${c[0]},${c[1]})`;

function playAt(cell) {
  return plays().find((p) => p.cells.some((c) => same(c, cell)));
}

// --- Loading and drawing.

async function load(text, title, moves = new History(), resume = false) {
  // The engine reads the text before the game changes, so a bad paste is
  // reported as such and the game on the board stays; its answer is the
  // first drawing of the new game.
  const seen = await lookAt('pips', text, plays(moves));
  // Redraws of the game before, still on their way, stay undrawn.
  game.version += 1;
  game.text = text;
  game.title = title;
  game.dominoes = seen.check.dominoes || [];
  game.history = moves;
  game.picked = null;
  game.turn = 0;
  game.marks = null;
  game.solved = null;
  game.finished = 0;
  game.started = startClock('pips', text, resume);
  playBox.hidden = false;
  banner.hidden = true;
  hideMessage();
  saveGame('q', game, encodeMove);
  showPosition(seen);
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
  const d = svg ? svg.dataset : {};
  game.geometry = {
    left: Number(d.left), top: Number(d.top), size: Number(d.cell), rows: Number(d.rows), cols: Number(d.cols),
  };
  // The rules already broken are marked at once (a full region whose rule
  // is false, or one the values laid can no longer satisfy).
  const broken = (check.rules || []);
  if (!game.marks || game.marks.kind === 'rules') {
    game.marks = broken.length ? { kind: 'rules', cells: broken.flatMap((r) => r.cells), pieces: [] } : null;
  }
  if (broken.length && !game.solved) {
    showMessage('bad', 'A rule is broken', broken.map((r) => r.reason).join(' '));
  } else if (game.marks === null) {
    hideMessage();
  }
  drawTray(new Set(check.unused || []));
  drawHighlights();
  showUndoRedo(toolbar, game.history);
  solvedBanner(banner, game, Boolean(check.solved), 'every domino laid and every rule holds.');
  tick();
}

function drawTray(unused) {
  tray.replaceChildren();
  if (game.picked !== null && !unused.has(game.picked)) {
    game.picked = null;
  }
  for (const d of unused) {
    const item = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'tray-piece';
    b.dataset.domino = String(d);
    const [a, z] = game.dominoes[d] || ['?', '?'];
    const picked = game.picked === d;
    b.textContent = picked ? `${a} ${ARROWS[game.turn]} ${z}` : `${a}|${z}`;
    b.setAttribute('aria-pressed', String(picked));
    b.title = picked ? 'Click again (or press R) to turn it' : 'Take this domino';
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
    : `${pieceName(game.picked)}: its first value goes on the cell you click, the second ${['to its right', 'below it', 'to its left', 'above it'][game.turn]}.`;
}

/** The board cell under a pointer event, or null. */
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
    width: g.size - 2, height: g.size - 2, rx: 4,
  });
}

function drawHighlights() {
  const svg = boardBox.querySelector('svg');
  if (!svg || !game.geometry) {
    return;
  }
  const layer = highlightLayer(svg);
  const marks = game.marks;
  if (!marks) {
    return;
  }
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

// --- Playing.

function move(m) {
  game.marks = null;
  hideMessage();
  game.history.push(m);
  refresh().catch(actionError);
}

function layAt(cell) {
  const d = game.picked;
  if (d === null) {
    return;
  }
  const [dr, dc] = STEPS[game.turn];
  const other = [cell[0] + dr, cell[1] + dc];
  if (other[0] < 0 || other[1] < 0) {
    showMessage('bad', 'Off the board', `${pieceName(d)} turned this way would leave the board.`);
    return;
  }
  game.picked = null;
  move({ lift: false, domino: d, cells: [cell, other] });
}

function boardClick(event) {
  const cell = cellAt(event);
  if (!cell) {
    return;
  }
  if (game.picked !== null) {
    layAt(cell);
    return;
  }
  const laid = playAt(cell);
  if (laid) {
    move({ lift: true, domino: laid.domino });
  }
}

function pick(d) {
  if (game.picked === d) {
    game.turn = (game.turn + 1) % 4;
  } else {
    game.picked = d;
  }
  refreshTray();
}

function refreshTray() {
  const unused = new Set(Array.from(tray.querySelectorAll('[data-domino]'), (b) => Number(b.dataset.domino)));
  drawTray(unused);
  const again = tray.querySelector(`[data-domino="${game.picked}"]`);
  if (again) {
    again.focus();
  }
}

// --- Status, hint, check.

function tick() {
  if (!game.text) {
    return;
  }
  const laid = plays().length;
  statusLine.textContent = `${game.title ? `${game.title} \u00B7 ` : ''}dominoes laid: ${laid} of ${game.dominoes.length}${timeTaken(game)}`;
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

async function hint() {
  const laid = plays();
  const { answer, wrong, placements } = await judge(laid);
  if (wrong.length > 0) {
    game.marks = { kind: 'wrong', cells: wrong.flatMap((p) => p.cells), pieces: wrong.map((p) => p.cells) };
    showMessage('bad', 'A laid domino is wrong', `${wrong.map((p) => `${pieceName(p.domino)} on ${p.cells.map(cellName).join('-')}`).join(', ')} fits no solution with the dominoes laid before it (marked \u2717). Lift it first.`);
  } else if (!placements) {
    game.marks = null;
    showMessage('bad', 'No hint', answer.reason || 'the engine finds no solution to this puzzle');
  } else {
    const covered = new Set(laid.flatMap((p) => p.cells.map((c) => `${c[0]},${c[1]}`)));
    const next = placements.findIndex((cells) => cells.every((c) => !covered.has(`${c[0]},${c[1]}`)));
    if (next < 0) {
      game.marks = null;
      showMessage('good', '', 'The board is solved.');
    } else {
      const cells = placements[next];
      game.marks = { kind: 'hint', cells, pieces: [] };
      showMessage('', 'Hint', `${pieceName(next)} goes on ${cells.map(cellName).join('-')}: ${game.dominoes[next][0]} on ${cellName(cells[0])}, ${game.dominoes[next][1]} on ${cellName(cells[1])}.`);
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
      parts.push(`${wrong.length} domino${wrong.length === 1 ? ' is' : 'es are'} wrong (marked \u2717): ${wrong.map((p) => pieceName(p.domino)).join(', ')}.`);
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
      await load(text, `${request.cells} cells, ${answer.difficulty || request.difficulty}, seed ${request.seed}`);
    } catch (err) {
      showError(box, err);
    }
  });
});

pasteForm.addEventListener('submit', (e) => {
  e.preventDefault();
  const box = pasteForm.querySelector('.error');
  clearError(box, pasteText);
  busy(pasteForm.querySelector('button[type="submit"]'), async () => {
    try {
      await load(pasteText.value, 'pasted puzzle');
    } catch (err) {
      showError(box, err, pasteText);
    }
  });
});
wireUpload(pasteForm.elements.file, pasteText, () => pasteForm.requestSubmit());
pasteText.addEventListener('input', () => clearError(pasteForm.querySelector('.error'), pasteText));

function undo() {
  if (game.history.canUndo()) {
    game.history.undo();
    game.marks = null;
    refresh().catch(actionError);
  }
}

function redo() {
  if (game.history.canRedo()) {
    game.history.redo();
    game.marks = null;
    refresh().catch(actionError);
  }
}

undoKeys(panel, undo, redo);

tray.addEventListener('click', (e) => {
  const b = e.target.closest('[data-domino]');
  if (b) {
    pick(Number(b.dataset.domino));
  }
});
// Dragging a domino from the tray: it is taken on press and laid where
// the pointer is let go over the board.
tray.addEventListener('pointerdown', (e) => {
  const b = e.target.closest('[data-domino]');
  if (b && e.button === 0) {
    game.dragging = Number(b.dataset.domino);
  }
});
document.addEventListener('pointerup', (e) => {
  const d = game.dragging;
  game.dragging = false;
  if (d === false || panel.hidden) {
    return;
  }
  const cell = boardBox.contains(e.target) ? cellAt(e) : null;
  if (cell) {
    game.picked = d;
    layAt(cell);
  }
});
boardBox.addEventListener('click', boardClick);
document.addEventListener('keydown', (e) => {
  if (panel.hidden || e.ctrlKey || e.metaKey || e.altKey || game.picked === null) {
    return;
  }
  const tag = (e.target && e.target.tagName) || '';
  if ((e.key === 'r' || e.key === 'R') && tag !== 'TEXTAREA' && tag !== 'INPUT') {
    e.preventDefault();
    game.turn = (game.turn + 1) % 4;
    refreshTray();
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
        game.marks = null;
        refresh().catch(actionError);
      }
    },
  }[act];
  if (run) {
    run();
  }
});

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
      await load(text, params.get('qt') || '', new History(moves, at), true);
    }
  } catch (err) {
    playBox.hidden = true;
    pasteText.value = text;
    panel.querySelector('#pips-paste-box').open = true;
    showError(pasteForm.querySelector('.error'), err, pasteText);
  }
}
