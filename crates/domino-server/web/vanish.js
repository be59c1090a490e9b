// The vanish tab: a generated, pasted or uploaded board; the pieces that
// may vanish now marked on the board and listed as buttons; removing by
// click, each piece's number on the board as the buttons name it;
// undo/redo; the score and the pieces that can never vanish; "best
// possible" (the exact solver with a time limit, from the player's
// position, then step through its order); the compare panel. Address keys: vb = board text, vr = removals,
// va = removals applied when some are undone.

import { api, ApiError } from './api.js';
import { words, showError, clearError, busy, wireUpload } from './forms.js';
import { readHash, writeHash } from './address.js';
import { History, undoKeys } from './history.js';
import { Stepper, button } from './stepper.js';
import { putSvg, highlightLayer, draw, reveal } from './svg.js';

const panel = document.getElementById('panel-vanish');
const playBox = document.getElementById('vanish-play');
const boardBox = document.getElementById('vanish-board');
const statusLine = document.getElementById('vanish-status');
const banner = document.getElementById('vanish-banner');
const movableList = document.getElementById('vanish-movable');
const stuckLine = document.getElementById('vanish-stuck');
const newForm = document.getElementById('vanish-new');
const pasteForm = document.getElementById('vanish-paste');
const pasteText = document.getElementById('vanish-text');
const bestCard = document.getElementById('vanish-best');
const bestForm = document.getElementById('vanish-best-form');
const bestOut = document.getElementById('vanish-best-out');
const compareCard = document.getElementById('vanish-compare');
const compareForm = document.getElementById('vanish-compare-form');
const compareOut = document.getElementById('vanish-compare-out');
const toolbar = playBox.querySelector('.toolbar');

// Pieces are drawn a little larger than the engine's 34-unit squares, so
// they are easy to hit.
const ZOOM = 1.3;

const game = {
  text: null,
  history: new History(),
  moves: null, // the last answer of /vanish/moves
  version: 0,
};

async function load(text, history = new History()) {
  game.text = text;
  game.history = history;
  game.moves = null;
  // Until the new board is drawn the old one takes no clicks: say so.
  statusLine.textContent = 'Loading the board\u2026';
  playBox.hidden = false;
  // A card whose route this server lacks stays hidden (see main.js).
  bestCard.hidden = 'unavailable' in bestCard.dataset;
  compareCard.hidden = 'unavailable' in compareCard.dataset;
  bestOut.replaceChildren();
  compareOut.replaceChildren();
  await refresh();
  reveal(playBox);
}

function saveHash() {
  const h = game.history;
  writeHash({
    vb: game.text,
    vr: h.actions.join('.'),
    va: h.at === h.actions.length ? null : h.at,
  });
}

async function refresh() {
  const version = ++game.version;
  saveHash();
  const removed = game.history.applied();
  const [picture, moves] = await Promise.all([
    api('vanish/render', { text: game.text, removed }),
    api('vanish/moves', { text: game.text, removed }),
  ]);
  if (version !== game.version) {
    return;
  }
  game.moves = moves;
  const svg = putSvg(boardBox, picture.svg, ZOOM);
  dropCaption(svg);
  markPieces(svg, moves);
  listMovable(moves);
  const total = svg.querySelectorAll('g.tile[data-piece]').length + removed.length;
  statusLine.textContent = `Pieces left: ${moves.score} of ${total} \u00B7 removed ${moves.removed} \u00B7 may vanish now: ${moves.removable.length}`;
  stuckLine.textContent = moves.never.length
    ? `${moves.never.map((i) => `piece ${i}`).join(', ')} (shaded, with a dashed outline on the board): whatever you remove, ${moves.never.length === 1 ? 'it stays' : 'they stay'}.`
    : 'None: every piece left could still vanish.';
  if (moves.done) {
    banner.textContent = moves.score === 0
      ? '\u2713 Board cleared: every piece vanished. Score 0.'
      : `No piece can vanish any more. Score: ${moves.score} piece${moves.score === 1 ? '' : 's'} left.`;
    banner.classList.toggle('over', moves.score !== 0);
    banner.hidden = false;
  } else {
    banner.hidden = true;
  }
  toolbar.querySelector('[data-act="undo"]').disabled = !game.history.canUndo();
  toolbar.querySelector('[data-act="redo"]').disabled = !game.history.canRedo();
}

// Each piece's number sits on the line between its halves (where no pip
// is), as the buttons name it. Removable pieces get a green ring and a
// green number (a shape, not only a colour); pieces that can never vanish
// are shaded with a dashed outline. Nothing covers a pip.
function markPieces(svg, moves) {
  const layer = highlightLayer(svg);
  const removable = new Set(moves.removable);
  const never = new Set(moves.never);
  for (const g of svg.querySelectorAll('g.tile[data-piece]')) {
    const i = Number(g.getAttribute('data-piece'));
    const box = tileBox(g);
    if (removable.has(i)) {
      g.classList.add('removable');
      g.setAttribute('data-removable', 'true');
      draw(layer, 'rect', {
        class: 'hl hl-movable', x: box.x + 1, y: box.y + 1, width: box.width - 2, height: box.height - 2, rx: 6,
      });
    } else if (never.has(i)) {
      draw(layer, 'rect', {
        class: 'hl hl-stuck-box', 'data-stuck': String(i), x: box.x + 1, y: box.y + 1,
        width: box.width - 2, height: box.height - 2, rx: 6,
      });
    }
    numberPiece(layer, box, i, removable.has(i));
  }
}

function numberPiece(layer, box, i, removable) {
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const wide = String(i).length > 1;
  draw(layer, 'rect', {
    class: `hl hl-number${removable ? ' hl-movable-dot' : ''}`, x: cx - (wide ? 8 : 6), y: cy - 6,
    width: wide ? 16 : 12, height: 12, rx: 6,
  });
  draw(layer, 'text', {
    class: 'hl hl-number-text', 'data-number': String(i), x: cx, y: cy + 0.5, 'font-size': 9,
    'text-anchor': 'middle', 'dominant-baseline': 'central', style: removable ? 'fill:#fff' : '',
  }, String(i));
}

// The engine's caption under a still board tells a removal order's story
// ("Start: ... can be removed in this order", "Done: score ..."), which
// the page tells in its own words beside the board: the caption goes, and
// the picture ends below the board.
function dropCaption(svg) {
  const captions = svg.querySelectorAll('.step-caption');
  if (!svg || captions.length === 0) {
    return;
  }
  captions.forEach((c) => c.remove());
  const rects = Array.from(svg.querySelectorAll('rect:not(.background)'));
  const bottom = Math.max(...rects.map((r) => Number(r.getAttribute('y')) + Number(r.getAttribute('height'))));
  const width = Number(svg.getAttribute('width'));
  if (!Number.isFinite(bottom) || !(width > 0)) {
    return;
  }
  const height = Math.ceil(bottom + 14);
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.setAttribute('height', String(height));
  const background = svg.querySelector('rect.background');
  if (background) {
    background.setAttribute('height', String(height));
  }
}

// The tile's outline from its first <rect>, read from the attributes so it
// works while the tab is hidden (getBBox gives zeros then).
function tileBox(g) {
  const rect = g.querySelector('rect');
  const n = (a) => Number(rect.getAttribute(a));
  return { x: n('x'), y: n('y'), width: n('width'), height: n('height') };
}

function listMovable(moves) {
  movableList.replaceChildren();
  if (moves.removable.length === 0) {
    const li = document.createElement('li');
    li.className = 'none';
    li.textContent = 'none';
    movableList.append(li);
    return;
  }
  for (const i of moves.removable) {
    const li = document.createElement('li');
    const b = button(`Remove piece ${i}`, () => remove(i));
    b.dataset.piece = String(i);
    li.append(b);
    movableList.append(li);
  }
}

function remove(i) {
  game.history.push(i);
  return refresh().catch(showTrouble);
}

function showTrouble(err) {
  statusLine.textContent = err instanceof ApiError ? `The server said: ${err.message}` : words(err);
}

boardBox.addEventListener('click', (e) => {
  const g = e.target.closest && e.target.closest('g.tile[data-piece]');
  if (!g || !game.moves) {
    return;
  }
  const i = Number(g.getAttribute('data-piece'));
  if (game.moves.removable.includes(i)) {
    remove(i);
  } else {
    statusLine.textContent = `Piece ${i} cannot vanish now: the free squares next to its halves do not match its values.`;
  }
});

function undo() {
  if (game.history.canUndo()) {
    game.history.undo();
    refresh().catch(showTrouble);
  }
}

function redo() {
  if (game.history.canRedo()) {
    game.history.redo();
    refresh().catch(showTrouble);
  }
}

undoKeys(panel, undo, redo);

toolbar.addEventListener('click', (e) => {
  const act = e.target.closest('button') && e.target.closest('button').dataset.act;
  if (act === 'undo') {
    undo();
  } else if (act === 'redo') {
    redo();
  } else if (act === 'restart' && game.history.actions.length) {
    game.history = new History();
    refresh().catch(showTrouble);
  }
});

// --- Best possible: the exact solver within a time limit, then a player
// over its order.

bestForm.addEventListener('submit', (e) => {
  e.preventDefault();
  const box = bestCard.querySelector('.error');
  clearError(box);
  const limit = Number(bestForm.elements.time_limit.value) || 5;
  busy(bestForm.querySelector('button'), async () => {
    bestOut.replaceChildren(note('Searching\u2026'));
    // The search starts from the player's position.
    const base = game.history.applied();
    try {
      const answer = await api('vanish/solve', {
        text: game.text, algorithm: 'exact', time_limit: limit, removed: base,
      });
      showBest(answer, base);
    } catch (err) {
      bestOut.replaceChildren();
      showError(box, err);
    }
  });
});

function note(text, cls = 'verdict') {
  const p = document.createElement('p');
  p.className = cls;
  p.textContent = text;
  return p;
}

function showBest(answer, base) {
  const proven = answer.optimal
    ? 'proven optimal'
    : `not proven optimal: the time limit stopped the search${answer.lower_bound !== undefined ? ` (no order leaves fewer than ${answer.lower_bound})` : ''}`;
  const from = base.length ? `from your position (${base.length} removed)` : 'from the start';
  const verdict = note(`Best found ${from}: ${answer.score} piece${answer.score === 1 ? '' : 's'} left, ${proven}.`);
  verdict.classList.add(answer.optimal ? 'good' : 'bad');
  const detail = note(`${answer.order.length} removals \u00B7 ${answer.states} states \u00B7 ${Number(answer.seconds).toFixed(3)} s`, 'muted');
  const stage = document.createElement('div');
  stage.className = 'board';
  const adopt = button('Play this order on my board', () => {
    game.history = new History(base.concat(answer.order));
    refresh().catch(showTrouble);
  });
  bestOut.replaceChildren(verdict, detail);
  const caption = note('', 'muted step-note');
  const stepper = new Stepper(bestOut, async (k, fresh) => {
    const picture = await api('vanish/render', { text: game.text, removed: base.concat(answer.order.slice(0, k)) });
    if (fresh()) {
      dropCaption(putSvg(stage, picture.svg, ZOOM));
      const left = answer.score + answer.order.length - k;
      caption.textContent = k === answer.order.length
        ? `Done: ${answer.score} piece${answer.score === 1 ? '' : 's'} left, as found.`
        : `${k === 0 ? 'Before the first removal' : `After removal ${k} (piece ${answer.order[k - 1]})`}: ${left} piece${left === 1 ? '' : 's'} left.`;
    }
  }, 'Removal');
  const row = document.createElement('div');
  row.className = 'row';
  row.append(adopt);
  bestOut.append(caption, stage, row);
  stepper.reset(answer.order.length).catch(showTrouble);
}

// --- Compare: every algorithm side by side.

compareForm.addEventListener('submit', (e) => {
  e.preventDefault();
  const box = compareCard.querySelector('.error');
  clearError(box);
  const limit = Number(compareForm.elements.time_limit.value) || 2;
  busy(compareForm.querySelector('button'), async () => {
    compareOut.replaceChildren(note('Running\u2026'));
    try {
      const answer = await api('vanish/compare', { text: game.text, time_limit: limit });
      showCompare(answer.results || []);
    } catch (err) {
      compareOut.replaceChildren();
      showError(box, err);
    }
  });
});

function showCompare(results) {
  const best = Math.min(...results.map((r) => r.score));
  const table = document.createElement('table');
  table.className = 'compare';
  const head = table.createTHead().insertRow();
  for (const h of ['algorithm', 'pieces left', 'proven', 'seconds', 'states']) {
    const th = document.createElement('th');
    th.textContent = h;
    th.scope = 'col';
    head.append(th);
  }
  const body = table.createTBody();
  for (const r of results) {
    const row = body.insertRow();
    if (r.score === best) {
      row.className = 'best';
    }
    const cells = [
      r.score === best ? `${r.algorithm} \u2605` : r.algorithm,
      r.score,
      r.optimal ? 'yes' : 'no',
      Number(r.seconds).toFixed(4),
      r.states,
    ];
    for (const c of cells) {
      row.insertCell().textContent = String(c);
    }
  }
  const wrap = document.createElement('div');
  wrap.className = 'scroll';
  wrap.append(table);
  compareOut.replaceChildren(wrap, note('\u2605 marks the fewest pieces left.', 'muted'));
}

// --- Sources.

newForm.addEventListener('submit', (e) => {
  e.preventDefault();
  const box = newForm.querySelector('.error');
  clearError(box);
  const f = newForm.elements;
  if (f.seed.value === '') {
    f.seed.value = String(1 + Math.floor(Math.random() * 999999));
  }
  const request = {
    width: Number(f.width.value),
    height: Number(f.height.value),
    max_value: Number(f.max_value.value),
    seed: Number(f.seed.value),
    clearable: f.clearable.checked,
  };
  busy(newForm.querySelector('button[type="submit"]'), async () => {
    try {
      const answer = await api('vanish/generate', request);
      await load(answer.text);
    } catch (err) {
      showError(box, err);
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
      await api('vanish/moves', { text, removed: [] });
      await load(text);
    } catch (err) {
      showError(box, err, pasteText);
    }
  });
});
wireUpload(pasteForm.elements.file, pasteText, () => pasteForm.requestSubmit());
pasteText.addEventListener('input', () => clearError(pasteForm.querySelector('.error'), pasteText));

/** The routes this tab cannot work without, and those of single cards. */
export const needs = ['vanish/generate', 'vanish/moves', 'vanish/render'];
export const extras = { 'vanish/solve': '#vanish-best', 'vanish/compare': '#vanish-compare' };

export async function start() {
  const params = readHash();
  const text = params.get('vb');
  if (!text) {
    newForm.requestSubmit();
    return;
  }
  const removed = (params.get('vr') || '').split('.').filter(Boolean).map(Number);
  const at = params.has('va') ? Number(params.get('va')) : removed.length;
  try {
    await load(text, new History(removed.filter(Number.isInteger), at));
  } catch (err) {
    // A board or removal order in the address that no longer reads: show
    // the board text in the paste box with the message.
    playBox.hidden = true;
    pasteText.value = text;
    panel.querySelector('#vanish-paste-box').open = true;
    showError(pasteForm.querySelector('.error'), err, pasteText);
  }
}
