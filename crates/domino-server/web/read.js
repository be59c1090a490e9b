// The Pips tab's screenshot import: a screenshot of the newspaper's app,
// taken by a drop on the tab, a paste (Ctrl+V of an image) or the file
// picker, goes to the engine's reader (`pips/read`). The board it read is
// shown beside the screenshot for the player to confirm, drawn by the
// engine, with every cell, badge and domino the reader doubts marked "?"
// and editable: tap a region (its badge or a cell) to change its rule, a
// tray domino to fix its pips. Each change is checked by the engine (one
// solution, none, several). "Play this" loads the puzzle through the
// tab's paste, so it is played with hints like any pasted puzzle.

import { api } from './api.js';
import { busy, clearError, showError } from './forms.js';
import { draw, highlightLayer, putSvg, svgPoint } from './svg.js';

// The rules a region may have, as the newspaper's JSON names them.
const RULES = [
  ['sum', 'sum'], ['less', 'less than'], ['greater', 'greater than'],
  ['equals', 'all equal'], ['unequal', 'all different'], ['empty', 'no rule'],
];
const TARGETED = new Set(['sum', 'less', 'greater']);
const BADGE = { sum: '', less: '<', greater: '>' };
// The most pips on a half: the newspaper's dominoes go to 6, the engine's to 31.
const MAX_PIPS = 31;

const cellName = ([r, c]) => `row ${r + 1}, column ${c + 1}`;

/** The first image among a drop's or a paste's files, or null. */
function imageOf(files) {
  return Array.from(files || []).find((f) => f.type.startsWith('image/')) || null;
}

/** A region's rule as its badge reads ("12", "<4", "=", "≠", "" for none). */
function badgeText(region) {
  if (TARGETED.has(region.type)) {
    return `${BADGE[region.type]}${region.target}`;
  }
  return { equals: '=', unequal: '\u2260' }[region.type] || '';
}

/** The screenshot reader of a Pips tab (the PipsTab of pips.js). */
class Reader {
  constructor(tab) {
    this.tab = tab;
    this.form = document.getElementById('pips-read');
    this.errorBox = this.form.querySelector('.error');
    this.statusLine = this.form.querySelector('.status');
    this.view = document.getElementById('pips-read-view');
    this.shot = this.view.querySelector('.read-shot canvas');
    this.board = this.view.querySelector('.read-board');
    this.trayList = this.view.querySelector('.read-tray');
    this.doubtList = this.view.querySelector('.read-doubts');
    this.editor = this.view.querySelector('.read-edit');
    this.verdict = this.view.querySelector('.read-verdict');
    this.playButton = this.view.querySelector('[data-act="play-read"]');
    this.puzzle = null; // the puzzle read, as the player fixed it (the newspaper's JSON)
    this.doubts = []; // the reader's unsure items the player has not fixed
    this.svg = null;
    this.wire();
  }

  wire() {
    this.form.elements.shot.addEventListener('change', () => {
      const file = this.form.elements.shot.files[0];
      if (file) {
        this.read(file);
      }
    });
    this.form.addEventListener('submit', (e) => e.preventDefault());
    const panel = this.tab.panel;
    panel.addEventListener('dragover', (e) => {
      if (Array.from(e.dataTransfer.types).includes('Files')) {
        e.preventDefault();
        this.form.classList.add('drop-here');
      }
    });
    panel.addEventListener('dragleave', () => this.form.classList.remove('drop-here'));
    panel.addEventListener('drop', (e) => {
      const file = imageOf(e.dataTransfer.files);
      this.form.classList.remove('drop-here');
      if (file) {
        e.preventDefault();
        this.read(file);
      }
    });
    // A pasted image (a text paste goes to the text box as before).
    document.addEventListener('paste', (e) => {
      const file = !panel.hidden && imageOf(e.clipboardData && e.clipboardData.files);
      if (file) {
        e.preventDefault();
        this.read(file);
      }
    });
    this.board.addEventListener('click', (e) => this.tapBoard(e));
    this.playButton.addEventListener('click', () => this.play());
  }

  /** Sends `file` to the reader and shows what it read. */
  read(file) {
    clearError(this.errorBox);
    this.statusLine.textContent = `Reading ${file.name || 'the pasted image'}\u2026`;
    return busy(this.form.querySelector('label.file input'), async () => {
      try {
        const reading = await api('pips/read', file);
        this.show(file, reading);
        this.statusLine.textContent = `Read ${file.name || 'the pasted image'}: check the board below, then play it.`;
      } catch (err) {
        this.statusLine.textContent = '';
        this.view.hidden = true;
        showError(this.errorBox, err);
      }
    });
  }

  /** Shows a reading for the player to confirm. */
  async show(file, reading) {
    this.puzzle = { dominoes: reading.puzzle.dominoes, regions: reading.puzzle.regions };
    this.doubts = reading.unsure.slice();
    this.editor.replaceChildren();
    await this.drawShot(file, reading);
    this.view.hidden = false;
    await this.redraw();
    this.sayVerdict(reading);
    this.view.scrollIntoView({ block: 'nearest' });
  }

  /**
   * The screenshot from the board down (the board and the tray), with a
   * dashed box on every item the reader doubts: where to look when
   * comparing.
   */
  async drawShot(file, reading) {
    const canvas = this.shot;
    let picture;
    try {
      picture = await createImageBitmap(file);
    } catch (e) {
      canvas.hidden = true;
      return;
    }
    const top = Math.max(0, reading.board.y - Math.round(reading.board.height * 0.15));
    const height = picture.height - top;
    canvas.width = picture.width;
    canvas.height = height;
    const ctx = canvas.getContext('2d');
    ctx.drawImage(picture, 0, top, picture.width, height, 0, 0, picture.width, height);
    ctx.strokeStyle = '#e07b24';
    ctx.lineWidth = Math.max(3, picture.width / 200);
    ctx.setLineDash([ctx.lineWidth * 3, ctx.lineWidth * 2]);
    for (const { pixels } of reading.unsure) {
      ctx.strokeRect(pixels.x, pixels.y - top, pixels.width, pixels.height);
    }
    picture.close();
    canvas.hidden = false;
  }

  /** Draws the puzzle as it stands (by the engine), its doubts marked, and its tray. */
  async redraw() {
    const { svg } = await api('pips/render', { text: JSON.stringify(this.puzzle) });
    this.svg = putSvg(this.board, svg, 1.5);
    const layer = highlightLayer(this.svg);
    const g = this.svg.dataset;
    const size = Number(g.cell);
    for (const doubt of this.doubts) {
      const { item } = doubt;
      if (item.kind === 'domino' || item.kind === 'board') {
        continue;
      }
      const [r, c] = item.kind === 'badge' ? this.badgeCell(this.regionAt([item.row, item.column])) || [item.row, item.column] : [item.row, item.column];
      const x = Number(g.left) + c * size;
      const y = Number(g.top) + r * size;
      draw(layer, 'rect', {
        class: `hl hl-unsure read-${item.kind}`, x: x + 2, y: y + 2, width: size - 4, height: size - 4, rx: 4,
      });
      draw(layer, 'text', {
        class: 'hl read-unsure-mark', x: x + size - 9, y: y + size - 9, 'text-anchor': 'middle', 'dominant-baseline': 'central',
      }, '?');
    }
    this.drawTray();
    this.drawDoubts();
  }

  /** The tray: a button per domino (a doubted one marked), tap to fix its pips. */
  drawTray() {
    this.trayList.replaceChildren();
    this.puzzle.dominoes.forEach(([a, b], i) => {
      const item = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.domino = String(i);
      button.textContent = `${a}|${b}`;
      const doubt = this.doubts.find((d) => d.item.kind === 'domino' && d.item.index === i);
      if (doubt) {
        button.classList.add('unsure');
        button.title = doubt.reason;
        button.setAttribute('aria-label', `${a}|${b}, unsure: ${doubt.reason}`);
      }
      button.addEventListener('click', () => this.editDomino(i));
      item.append(button);
      this.trayList.append(item);
    });
  }

  /** The list of what the reader doubts, in its words. */
  drawDoubts() {
    this.doubtList.replaceChildren();
    for (const { item, reason } of this.doubts) {
      const li = document.createElement('li');
      // A badge is named by its rule, as both pictures show it (the
      // engine draws it at its region's first cell, the newspaper at the
      // last, which the reader's row and column name).
      const region = item.kind === 'badge' && this.puzzle.regions[this.regionAt([item.row, item.column])];
      let where = `The cell at ${cellName([item.row, item.column])}`;
      if (item.kind === 'domino') {
        where = `Domino ${item.index + 1} of the tray`;
      } else if (item.kind === 'board') {
        where = 'The board';
      } else if (region) {
        where = `The rule ${badgeText(region) || '(none)'} (marked ?)`;
      }
      li.textContent = `${where}: ${reason}.`;
      this.doubtList.append(li);
    }
    this.doubtList.hidden = this.doubts.length === 0;
  }

  /** The index of the region holding `cell`, or -1. */
  regionAt([r, c]) {
    return this.puzzle.regions.findIndex((g) => g.indices.some(([a, b]) => a === r && b === c));
  }

  /** The cell whose top-left corner holds region k's badge: its first in reading order. */
  badgeCell(k) {
    const region = this.puzzle.regions[k];
    if (!region) {
      return null;
    }
    return region.indices.slice().sort((p, q) => p[0] - q[0] || p[1] - q[1])[0];
  }

  /** A tap on the board: the region of the badge or cell tapped, to edit. */
  tapBoard(event) {
    if (!this.svg) {
      return;
    }
    const p = svgPoint(this.svg, event);
    if (!p) {
      return;
    }
    const g = this.svg.dataset;
    const size = Number(g.cell);
    const left = Number(g.left);
    const top = Number(g.top);
    // A badge sits across the top-left corner of its region's first cell,
    // partly over the cell above: the nearest badge within reach wins.
    let k = -1;
    let best = size * 0.45;
    this.puzzle.regions.forEach((region, i) => {
      const cell = badgeText(region) && this.badgeCell(i);
      if (cell) {
        const d = Math.hypot(p.x - (left + cell[1] * size + 8), p.y - (top + cell[0] * size));
        if (d < best) {
          best = d;
          k = i;
        }
      }
    });
    if (k < 0) {
      k = this.regionAt([Math.floor((p.y - top) / size), Math.floor((p.x - left) / size)]);
    }
    if (k >= 0) {
      this.editRegion(k);
    }
  }

  /** The editor of region k's rule. */
  editRegion(k) {
    const region = this.puzzle.regions[k];
    const form = document.createElement('form');
    form.className = 'read-form';
    form.dataset.region = String(k);
    const title = document.createElement('p');
    title.textContent = `The rule of the region at ${cellName(this.badgeCell(k))}:`;
    const type = document.createElement('select');
    type.name = 'type';
    type.setAttribute('aria-label', 'Rule');
    for (const [value, words] of RULES) {
      type.append(new Option(words, value, false, value === region.type));
    }
    const target = numberField('target', 'Target', 0, 99, TARGETED.has(region.type) ? region.target : 0);
    const showTarget = () => {
      target.hidden = !TARGETED.has(type.value);
    };
    type.addEventListener('change', showTarget);
    showTarget();
    form.append(title, type, target, applyButton());
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const fixed = { indices: region.indices, type: type.value };
      if (TARGETED.has(type.value)) {
        fixed.target = Number(target.querySelector('input').value);
      }
      this.puzzle.regions[k] = fixed;
      this.doubts = this.doubts.filter((d) => !['cell', 'badge'].includes(d.item.kind) || this.regionAt([d.item.row, d.item.column]) !== k);
      this.changed();
    });
    this.openEditor(form);
  }

  /** The editor of domino i's pips. */
  editDomino(i) {
    const [a, b] = this.puzzle.dominoes[i];
    const form = document.createElement('form');
    form.className = 'read-form';
    form.dataset.domino = String(i);
    const title = document.createElement('p');
    title.textContent = `Domino ${i + 1} of the tray:`;
    const first = numberField('a', 'First half', 0, MAX_PIPS, a);
    const second = numberField('b', 'Second half', 0, MAX_PIPS, b);
    form.append(title, first, second, applyButton());
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.puzzle.dominoes[i] = [Number(form.elements.a.value), Number(form.elements.b.value)];
      this.doubts = this.doubts.filter((d) => !(d.item.kind === 'domino' && d.item.index === i));
      this.changed();
    });
    this.openEditor(form);
  }

  openEditor(form) {
    this.editor.replaceChildren(form);
    form.querySelector('select, input').focus();
  }

  /** After a fix: redrawn, and the engine says whether it has one solution. */
  changed() {
    const button = this.editor.querySelector('button');
    return busy(button, async () => {
      try {
        await this.redraw();
        const solved = await api('pips/solve', { text: JSON.stringify(this.puzzle), limit: 2 });
        this.editor.replaceChildren();
        this.sayVerdict({
          solvable: solved.count > 0, unique: solved.count === 1 && solved.complete, complete: solved.complete, unsure: this.doubts,
        });
      } catch (err) {
        this.verdict.textContent = '';
        const box = document.createElement('p');
        box.className = 'error';
        this.editor.append(box);
        showError(box, err);
      }
    });
  }

  /** What the engine says of the puzzle as it stands. */
  sayVerdict({
    solvable, unique, complete, unsure,
  }) {
    const doubts = unsure.length;
    let text;
    let kind;
    if (unique) {
      text = 'The puzzle read has one solution.';
      kind = 'good';
    } else if (solvable) {
      // Not marked wrong: some of the newspaper's puzzles have two.
      text = 'The puzzle read has more than one solution (a few of the newspaper\'s do; else a rule or a domino is misread).';
      kind = '';
    } else if (complete) {
      text = 'The puzzle read has no solution: something is misread.';
      kind = 'bad';
    } else {
      text = 'The engine could not tell in time whether the puzzle read has a solution.';
      kind = '';
    }
    const ask = doubts
      ? `The reader is unsure of ${doubts} ${doubts === 1 ? 'item' : 'items'} (marked ?): compare ${doubts === 1 ? 'it' : 'them'} with your screenshot. `
      : '';
    const said = document.createElement('strong');
    said.className = kind;
    said.textContent = text;
    this.verdict.replaceChildren(said, ` ${ask}Tap a region or a domino to fix it.`);
  }

  /** Plays the puzzle as confirmed: loaded through the tab's paste. */
  play() {
    const tab = this.tab;
    tab.pasteText.value = JSON.stringify(this.puzzle);
    this.view.hidden = true;
    this.statusLine.textContent = 'Playing the puzzle read from your screenshot.';
    tab.pasteForm.requestSubmit();
  }
}

/** A labelled number input. */
function numberField(name, label, min, max, value) {
  const wrap = document.createElement('label');
  wrap.textContent = `${label} `;
  const input = document.createElement('input');
  Object.assign(input, {
    type: 'number', name, min, max, step: 1, value: String(value), required: true,
  });
  input.inputMode = 'numeric';
  wrap.append(input);
  return wrap;
}

function applyButton() {
  const button = document.createElement('button');
  button.type = 'submit';
  button.textContent = 'Apply';
  return button;
}

/**
 * Adds the screenshot import to the Pips tab `tab` (main.js, once the
 * service's routes are known): hidden when the server does not read.
 */
export function readScreenshots(tab, offered) {
  const card = document.getElementById('pips-read');
  if (offered && !offered.has('pips/read')) {
    card.hidden = true;
    card.dataset.unavailable = 'pips/read';
    return null;
  }
  return new Reader(tab);
}
