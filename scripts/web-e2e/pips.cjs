// End-to-end flows of the pips tab: generated, checked, hinted and solved
// by click, R and drag; refused lays; day files; keyboard-only play; the
// dominoes a player handles; labels that hints name cells by; a phone.

const {
  SHOTS, BASE, SEED, api, assert, hashParam, helpSeen, open, tabTo, watch,
} = require('./common.cjs');

// The centre of a pips board cell, from the engine picture's geometry,
// after scrolling the board into the window (taking a domino from the
// tray, below the fold on a short window, scrolls the board away).
async function pipsCell(page, [r, c]) {
  return page.evaluate(([r, c]) => {
    const svg = document.querySelector('#pips-board svg');
    svg.scrollIntoView({ block: 'nearest' });
    const d = svg.dataset;
    const m = svg.getScreenCTM();
    const size = Number(d.cell);
    const p = new DOMPoint(Number(d.left) + (c + 0.5) * size, Number(d.top) + (r + 0.5) * size).matrixTransform(m);
    return { x: p.x, y: p.y };
  }, [r, c]);
}

// The way from a domino's first cell to its second, as the page's turns
// count them: 0 right, 1 down, 2 left, 3 up.
function pipsWay(first, second) {
  return { '0,1': 0, '1,0': 1, '0,-1': 2, '-1,0': 3 }[`${second[0] - first[0]},${second[1] - first[1]}`];
}

/**
 * Scrolls the window so that the element `selector` and board cell `cell`
 * both show, for a drag from one to the other (the pointer stays in the
 * window); returns the element's box and the cell's centre.
 */
async function pipsDragEnds(page, selector, [r, c]) {
  const ends = await page.evaluate(([sel, r, c]) => {
    const centre = () => {
      const svg = document.querySelector('#pips-board svg');
      const d = svg.dataset;
      const size = Number(d.cell);
      return new DOMPoint(Number(d.left) + (c + 0.5) * size, Number(d.top) + (r + 0.5) * size).matrixTransform(svg.getScreenCTM());
    };
    const a = document.querySelector(sel).getBoundingClientRect();
    const p = centre();
    window.scrollBy(0, (Math.min(a.top, p.y) + Math.max(a.bottom, p.y)) / 2 - window.innerHeight / 2);
    const box = document.querySelector(sel).getBoundingClientRect();
    const q = centre();
    return {
      box: { x: box.x, y: box.y, width: box.width, height: box.height }, target: { x: q.x, y: q.y }, height: window.innerHeight,
    };
  }, [selector, r, c]);
  const { box, target, height } = ends;
  assert(box.y >= 0 && box.y + box.height <= height && target.y >= 0 && target.y <= height,
    `${selector} and cell ${r},${c} do not fit in the window together: ${JSON.stringify(ends)}`);
  return { box, target };
}

async function pipsLaid(page, n) {
  await page.waitForFunction((k) => document.getElementById('pips-status').textContent.includes(`dominoes laid: ${k} of`), n);
}

// Lays domino d with its first value on `first` and its second on
// `second`: take it from the tray, turn it until the second half points
// the right way (clicks on the tray, or R), click the first cell.
async function pipsLay(page, d, first, second, turnWithKey) {
  const button = `#pips-tray [data-domino="${d}"]`;
  await page.click(button);
  const way = String(pipsWay(first, second));
  for (let k = 0; k < 4; k++) {
    if (await page.getAttribute(button, 'data-turn') === way) {
      break;
    }
    if (turnWithKey) {
      await page.keyboard.press('r');
    } else {
      await page.click(button);
    }
  }
  const p = await pipsCell(page, first);
  await page.mouse.click(p.x, p.y);
}

// A ring of 8 cells round a hole (row 2, column 2), 4 dominoes; the
// first two cells must hold 1|2 (sum 3), the rest is free.
const RING = {
  dominoes: [[1, 2], [3, 4], [5, 6], [0, 1]],
  regions: [
    { indices: [[0, 0], [0, 1]], type: 'sum', target: 3 },
    { indices: [[0, 2], [1, 0], [1, 2], [2, 0], [2, 1], [2, 2]], type: 'empty' },
  ],
};

// Pastes a puzzle on a fresh pips tab; a single puzzle is waited for
// (a day file waits for the player's choice).
async function pipsPaste(page, puzzle, single = true) {
  await open(page, `${BASE}/#tab=pips`);
  await page.waitForSelector('#pips-board svg');
  await page.click('#pips-paste-box summary');
  await page.fill('#pips-text', JSON.stringify(puzzle));
  await page.click('#pips-paste button[type="submit"]');
  if (single) {
    await page.waitForFunction(() => /pasted puzzle/.test(document.getElementById('pips-status').textContent));
  }
}

async function pipsClick(page, cell) {
  const p = await pipsCell(page, cell);
  await page.mouse.click(p.x, p.y);
}

// Takes domino d from the tray and turns it `way` (clicks on it).
async function pipsTake(page, d, way) {
  const button = `#pips-tray [data-domino="${d}"]`;
  await page.click(button);
  for (let k = 0; k < 4 && await page.getAttribute(button, 'data-turn') !== String(way); k++) {
    await page.click(button);
  }
  assert(await page.getAttribute(button, 'data-turn') === String(way), `domino ${d} turned ${way}`);
}

async function pips(page) {
  await open(page, `${BASE}/#tab=pips`);
  await page.waitForSelector('#pips-board svg');
  // The levels are the document's; a board too large for its level is
  // refused by the server (the grade counts the board's size first), and
  // the form says the server's words.
  const levels = await page.$$eval('#pips-new select[name="difficulty"] option', (o) => o.map((e) => e.value));
  assert(levels.join(' ') === 'easy medium hard', `the levels come from the document: ${levels}`);
  await page.selectOption('#pips-new select[name="difficulty"]', 'medium');
  await page.selectOption('#pips-new select[name="cells"]', '24');
  await page.fill('#pips-new input[name="seed"]', '3');
  await page.click('#pips-new button[type="submit"]');
  await page.waitForSelector('#pips-new .error:not([hidden])');
  const refused = await fetch(`${BASE}/api/v1/pips/generate`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ cells: 24, difficulty: 'medium', seed: 3 }),
  });
  const reason = (await refused.json()).error;
  const shown = await page.textContent('#pips-new .error');
  assert(refused.status === 400 && shown.includes(reason), `a medium board of 24 cells is refused in the server's words: ${shown}`);
  await page.selectOption('#pips-new select[name="cells"]', '8');
  await page.selectOption('#pips-new select[name="difficulty"]', 'easy');
  await page.fill('#pips-new input[name="seed"]', '3');
  // Loading a puzzle asks pips/check once (its answer also names the
  // dominoes of the tray).
  let checks = 0;
  const countChecks = (req) => {
    checks += req.url().endsWith('/api/v1/pips/check') ? 1 : 0;
  };
  page.on('request', countChecks);
  await page.click('#pips-new button[type="submit"]');
  await page.waitForFunction((t) => document.getElementById('pips-status').textContent.includes(t), SEED(3));
  page.off('request', countChecks);
  assert(checks === 1, `a loaded puzzle asks pips/check once, not ${checks} times`);
  const text = await hashParam(page, 'qb');
  const solved = await api('pips/solve', { text });
  assert(solved.count >= 1, `the generated puzzle has a solution: ${JSON.stringify(solved)}`);
  const solution = solved.solutions[0];
  const dominoes = (await api('pips/check', { text, placements: [] })).dominoes;

  // A wrong domino first: the first domino on the second domino's cells
  // (values differ, or the cells pair differently), found by Check.
  const wrongAt = solution.findIndex((cells, d) => d > 0
    && (dominoes[d][0] !== dominoes[0][0] || dominoes[d][1] !== dominoes[0][1]));
  if (wrongAt > 0) {
    await pipsLay(page, 0, solution[wrongAt][0], solution[wrongAt][1], false);
    await pipsLaid(page, 1);
    await page.click('#pips-play [data-act="check"]');
    await page.waitForFunction(() => /wrong/.test(document.getElementById('pips-message').textContent));
    await page.click('#pips-play [data-act="hint"]');
    await page.waitForFunction(() => /Lift it first/.test(document.getElementById('pips-message').textContent));
    await page.screenshot({ path: `${SHOTS}/pips-check.png`, fullPage: true });
    await page.click('#pips-play [data-act="undo"]');
    await pipsLaid(page, 0);
  }
  // A hint is the engine's next deduction (its level and technique, the
  // cells it marks); the page holds no solution to give one away. Then
  // the solution is laid, the last domino dragged from the tray, the
  // others clicked (turned by clicks and by R).
  await page.click('#pips-play [data-act="hint"]');
  await page.waitForFunction(() => /^Hint \u00B7 /.test(document.getElementById('pips-message').textContent));
  const deduction = (await api('pips/hint', { text, placements: [] })).step;
  const hinted = await page.textContent('#pips-message');
  assert(deduction && hinted.includes(deduction.technique) && hinted.toLowerCase().includes(deduction.text.toLowerCase()),
    `the hint is the server's next deduction: ${hinted}`);
  for (let d = 0; d + 1 < solution.length; d++) {
    await pipsLay(page, d, solution[d][0], solution[d][1], d % 2 === 1);
    await pipsLaid(page, d + 1);
  }
  const last = solution.length - 1;
  const [first, second] = solution[last];
  const button = `#pips-tray [data-domino="${last}"]`;
  await pipsLay(page, last, first, second, false);
  await pipsLaid(page, solution.length);
  await page.click('#pips-play [data-act="undo"]');
  await pipsLaid(page, solution.length - 1);
  // Taken again, it starts unturned (a turn does not carry over); turned
  // its way, it is dragged home.
  await page.click(button);
  assert(await page.getAttribute(button, 'data-turn') === '0', 'a domino taken again starts unturned');
  for (let k = 0; k < 4 && await page.getAttribute(button, 'data-turn') !== String(pipsWay(first, second)); k++) {
    await page.click(button);
  }
  const { box, target } = await pipsDragEnds(page, button, first);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(target.x, target.y, { steps: 5 });
  await page.mouse.up();
  await pipsLaid(page, solution.length);
  await page.waitForSelector('#pips-banner:not([hidden])');
  const banner = await page.textContent('#pips-banner');
  assert(/Solved in/.test(banner), `the solved banner: ${banner}`);
  await page.screenshot({ path: `${SHOTS}/pips-desktop.png`, fullPage: true });

  // A reload keeps the game; a bad paste names its place.
  await page.reload();
  await pipsLaid(page, solution.length);
  await page.click('#pips-paste-box summary');
  await page.fill('#pips-text', '{"dominoes": [[1,2]], "regions": [}');
  await page.click('#pips-paste button[type="submit"]');
  await page.waitForSelector('#pips-paste .error:not([hidden])');
  const err = await page.textContent('#pips-paste .error');
  assert(/line 1, column \d+/.test(err), `the pips paste error names its place: ${err}`);
  // The game on the board and in the address stays.
  assert(await hashParam(page, 'qb') === text, 'a bad paste leaves the address alone');
  await pipsLaid(page, solution.length);
  return `pips: a wrong domino checked and hinted, a hint that is the server's next deduction, ${solution.length} dominoes laid by click, R and drag, solved, reload, a bad paste`;
}

async function pipsRefused(page) {
  await pipsPaste(page, RING);
  await pipsLaid(page, 0);
  // Two refusals can read alike: the words waited for are the ones this
  // lay shows, in a message drawn after it (not the last one's).
  const refused = async (d, way, cell, why) => {
    await page.$eval('#pips-message', (e) => e.childNodes.forEach((n) => {
      n.stale = true;
    }));
    await pipsTake(page, d, way);
    await pipsClick(page, cell);
    await page.waitForFunction((re) => {
      const box = document.getElementById('pips-message');
      return !box.hidden && !Array.from(box.childNodes).some((n) => n.stale) && new RegExp(re).test(box.textContent);
    }, why);
    const moves = (await hashParam(page, 'qm')) || '';
    return moves.split('_').filter(Boolean).length;
  };
  assert(await refused(0, 0, [0, 2], 'Cannot lay 1\\|2 there.*off the board') === 0, 'off the right edge: no move');
  await pipsLaid(page, 0);
  assert(await refused(0, 1, [2, 0], 'off the board') === 0, 'off the bottom edge: no move');
  assert(await refused(0, 1, [0, 1], 'row 2, column 2 is a hole') === 0, 'onto the hole: no move');
  assert(!(await page.isEnabled('#pips-play [data-act="undo"]')), 'a refused lay is not in Undo');
  await pipsLaid(page, 0);
  await pipsTake(page, 0, 0);
  await pipsClick(page, [0, 0]);
  await pipsLaid(page, 1);
  const over = await refused(1, 1, [0, 1], 'row 1, column 2 is covered by 1\\|2');
  assert(over === 1, `over another domino: only the first lay is a move (${over})`);
  await pipsLaid(page, 1);
  const tray = await page.$$eval('#pips-tray [data-domino]', (b) => b.map((x) => x.dataset.domino));
  assert(tray.join(',') === '1,2,3', `the refused domino stays in the tray: ${tray}`);
  await page.click('#pips-play [data-act="undo"]');
  await pipsLaid(page, 0);
  assert(!(await page.isEnabled('#pips-play [data-act="undo"]')), 'one undo takes back the one lay');
  return 'pips: lays off the right and bottom edges, onto a hole and over a domino are refused with the reason, not counted, not in Undo or the address';
}

async function pipsDayFile(page) {
  const square = {
    dominoes: [[1, 1], [2, 2]],
    regions: [{ indices: [[0, 0], [0, 1]], type: 'equals' }, { indices: [[1, 0], [1, 1]], type: 'empty' }],
  };
  const strip = {
    dominoes: [[1, 1], [2, 3], [4, 4]],
    regions: [{ indices: [[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2]], type: 'empty' }],
  };
  await pipsPaste(page, { printDate: '2025-01-01', easy: square, medium: RING, hard: strip }, false);
  await page.waitForSelector('#pips-levels:not([hidden]) button[data-level="hard"]');
  const offered = await page.$$eval('#pips-levels button', (b) => b.map((x) => x.textContent));
  assert(offered.join(' ') === 'Easy Medium Hard', `the three levels are offered: ${offered}`);
  await page.click('#pips-levels button[data-level="hard"]');
  await page.waitForFunction(() => /day file, hard/.test(document.getElementById('pips-status').textContent));
  await pipsLaid(page, 0);
  assert((await page.textContent('#pips-status')).includes('of 3'), 'the hard level has 3 dominoes');
  assert(await page.$$eval('#pips-tray [data-domino]', (b) => b.length) === 3, 'its tray holds 3 dominoes');
  await page.click('#pips-paste button[type="submit"]');
  await page.click('#pips-levels button[data-level="medium"]');
  await page.waitForFunction(() => /day file, medium/.test(document.getElementById('pips-status').textContent));
  await pipsLaid(page, 0);
  assert((await page.textContent('#pips-status')).includes('of 4'), 'the medium level has 4 dominoes');
  assert(await page.$('#pips-paste .error[hidden]'), 'no error is shown');
  return 'pips: a pasted day file offers its three levels; the chosen one is played';
}

async function pipsKeyboard(page) {
  await open(page, `${BASE}/#tab=pips`);
  await page.waitForSelector('#pips-board svg');
  await page.selectOption('#pips-new select[name="cells"]', '10');
  await page.fill('#pips-new input[name="seed"]', '5');
  await page.click('#pips-new button[type="submit"]');
  await page.waitForFunction((t) => document.getElementById('pips-status').textContent.includes(t), SEED(5));
  const text = await hashParam(page, 'qb');
  const solution = (await api('pips/solve', { text })).solutions[0];
  // From here on only keys.
  await page.focus('#pips-new button[type="submit"]');
  for (let d = 0; d < solution.length; d++) {
    const [first, second] = solution[d];
    await tabTo(page, `#pips-tray [data-domino="${d}"]`);
    await page.keyboard.press('Enter');
    assert(await page.evaluate(() => document.activeElement.id) === 'pips-board', 'a domino taken by keyboard goes to the board');
    const way = pipsWay(first, second);
    for (let k = 0; k < way; k++) {
      await page.keyboard.press('r');
    }
    const at = (await page.getAttribute('#pips-board', 'data-cursor')).split(',').map(Number);
    for (let k = at[0]; k < first[0]; k++) await page.keyboard.press('ArrowDown');
    for (let k = at[0]; k > first[0]; k--) await page.keyboard.press('ArrowUp');
    for (let k = at[1]; k < first[1]; k++) await page.keyboard.press('ArrowRight');
    for (let k = at[1]; k > first[1]; k--) await page.keyboard.press('ArrowLeft');
    assert(await page.getAttribute('#pips-board', 'data-cursor') === `${first[0]},${first[1]}`, 'the cursor reaches the cell');
    if (d === 0) {
      assert(await page.$('#pips-board .hl-cursor') && await page.$('#pips-board .hl-selected'), 'the cursor and the domino to lay are shown');
    }
    await page.keyboard.press('Enter');
    await pipsLaid(page, d + 1);
    if (d === 0) {
      // R turns the laid domino under the cursor; Ctrl+Z takes the turn back.
      await page.keyboard.press('r');
      await page.waitForFunction(() => new URLSearchParams(location.hash.slice(1)).get('qm').split('_').length === 2);
      await pipsLaid(page, 1);
      await page.keyboard.press('Control+z');
      await page.waitForFunction(() => !document.querySelector('#pips-play [data-act="redo"]').disabled);
    }
  }
  await page.waitForSelector('#pips-banner:not([hidden])');
  // Lift the last one (Enter on it), lay it back with Ctrl+Z.
  await page.keyboard.press('Enter');
  await pipsLaid(page, solution.length - 1);
  await page.keyboard.press('Control+z');
  await pipsLaid(page, solution.length);
  await page.waitForSelector('#pips-banner:not([hidden])');
  await page.screenshot({ path: `${SHOTS}/pips-keyboard.png`, fullPage: true });
  return `pips: a ${solution.length}-domino puzzle solved by keyboard only (Tab, Enter, R, arrows), lifted with Enter, turned with R`;
}

async function pipsHandle(page) {
  await pipsPaste(page, RING);
  await pipsLaid(page, 0);
  // The tray draws dominoes: as many pips as the values say.
  const drawn = await page.$$eval('#pips-tray [data-domino]', (b) => b.map((x) => x.querySelectorAll('svg circle.pip').length));
  assert(drawn.join(',') === '3,7,11,1', `the tray's dominoes carry their pips: ${drawn}`);
  // A tap on the held domino turns it; Esc puts it back; a turn does not
  // carry over to the next domino.
  await pipsTake(page, 0, 1);
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('#pips-tray [aria-pressed="true"]'));
  await pipsTake(page, 0, 1);
  await page.click('#pips-tray [data-domino="1"]');
  assert(await page.getAttribute('#pips-tray [data-domino="1"]', 'data-turn') === '0', 'the next domino starts unturned');
  await page.keyboard.press('Escape');
  // Dragged, the domino shows under the pointer, then lies where let go.
  const { box, target } = await pipsDragEnds(page, '#pips-tray [data-domino="0"]', [0, 0]);
  await page.mouse.move(box.x + box.width / 4, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(target.x, target.y, { steps: 6 });
  const ghost = await page.$eval('.pips-ghost', (g) => {
    const b = g.getBoundingClientRect();
    return { x: b.x, y: b.y, w: b.width, h: b.height, pips: g.querySelectorAll('circle.pip').length };
  });
  assert(ghost.pips === 3 && ghost.x <= target.x && target.x <= ghost.x + ghost.w / 2
    && ghost.y <= target.y && target.y <= ghost.y + ghost.h, `the dragged domino is under the pointer: ${JSON.stringify(ghost)}`);
  await page.screenshot({ path: `${SHOTS}/pips-drag.png` });
  await page.mouse.up();
  await pipsLaid(page, 1);
  assert(!(await page.$('.pips-ghost')), 'the dragged picture goes when let go');
  assert(await hashParam(page, 'qm') === '0.0.0.0.1', `laid where let go: ${await hashParam(page, 'qm')}`);
  // A tap on a laid domino turns it in place (about the half tapped).
  await pipsClick(page, [0, 0]);
  await page.waitForFunction(() => /_0\.0\.0\.1\.0$/.test(new URLSearchParams(location.hash.slice(1)).get('qm')));
  await pipsLaid(page, 1);
  // Dragged off the board, it goes back to the tray.
  const { box: away, target: from } = await pipsDragEnds(page, '#pips-turn', [1, 0]);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(away.x + 5, away.y + 5, { steps: 6 });
  await page.mouse.up();
  await pipsLaid(page, 0);
  assert(await page.$$eval('#pips-tray [data-domino]', (b) => b.length) === 4, 'the tray has all 4 again');
  return 'pips: the tray draws dominoes with their pips; tap turns a held or laid domino; Esc drops; no turn carried over; a dragged domino shows under the pointer and lays or lifts where let go';
}

async function pipsLabels(page) {
  const made = await api('pips/generate', { cells: 16, difficulty: 'medium', seed: 4 });
  const text = made.text || JSON.stringify(made.puzzle);
  const solution = (await api('pips/solve', { text })).solutions[0];
  // The whole solution laid (through the address), then every badge is
  // checked against every pip.
  const qm = solution.map((cells, d) => [d, ...cells.flat()].join('.')).join('_');
  await open(page, `${BASE}/#tab=pips&qb=${encodeURIComponent(text)}&qm=${qm}`);
  await page.waitForSelector('#pips-banner:not([hidden])');
  const clash = await page.evaluate(() => {
    const svg = document.querySelector('#pips-board svg');
    const boxes = (sel) => Array.from(svg.querySelectorAll(sel), (e) => e.getBBox());
    const badges = boxes('rect.badge');
    const pips = boxes('g.tile circle');
    const meet = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    return { badges: badges.length, pips: pips.length, clashes: badges.filter((a) => pips.some((b) => meet(a, b))).length };
  });
  assert(clash.badges > 0 && clash.pips > 0 && clash.clashes === 0, `no badge covers a pip: ${JSON.stringify(clash)}`);
  await page.screenshot({ path: `${SHOTS}/pips-solved-badges.png`, fullPage: true });
  // Rows and columns are numbered from 1, as hints name cells.
  const axes = await page.$$eval('#pips-board svg text.axis', (t) => t.map((x) => x.textContent));
  const rows = Number(await page.getAttribute('#pips-board svg', 'data-rows'));
  const cols = Number(await page.getAttribute('#pips-board svg', 'data-cols'));
  const want = [...Array(cols).keys()].map((c) => String(c + 1)).concat([...Array(rows).keys()].map((r) => String(r + 1)));
  assert(axes.join(' ') === want.join(' '), `labels ${axes} are ${want}`);
  await page.click('#pips-play [data-act="restart"]');
  await pipsLaid(page, 0);
  await page.click('#pips-play [data-act="hint"]');
  await page.waitForFunction(() => /^Hint \u00B7 /.test(document.getElementById('pips-message').textContent));
  const said = await page.textContent('#pips-message');
  const named = new Set(Array.from(said.matchAll(/row (\d+), column (\d+)/gi), (m) => `${m[1] - 1},${m[2] - 1}`));
  const marked = new Set(await page.$$eval('#pips-board .hl-hint', (e) => e.map((x) => x.dataset.cell)));
  assert(named.size > 0 && [...named].every((c) => marked.has(c)), `the hint names cells as the labels do, and marks them: ${said} / ${[...marked]}`);
  // A wrong domino: Check names its cells the same way.
  const wrongAt = solution.findIndex((cells, d) => d > 0
    && JSON.stringify(made.puzzle.dominoes[d]) !== JSON.stringify(made.puzzle.dominoes[0]));
  await pipsTake(page, 0, pipsWay(solution[wrongAt][0], solution[wrongAt][1]));
  await pipsClick(page, solution[wrongAt][0]);
  await pipsLaid(page, 1);
  await page.click('#pips-play [data-act="check"]');
  await page.waitForFunction(() => /wrong/.test(document.getElementById('pips-message').textContent));
  const checked = await page.textContent('#pips-message');
  const [r, c] = solution[wrongAt][0];
  assert(checked.includes(`row ${r + 1}, column ${c + 1}`) && !/\(\d+,\d+\)/.test(checked), `check names the cells as the labels do: ${checked}`);
  return 'pips: rows and columns labelled from 1; hint and check name cells "row R, column C" as marked; no badge covers a pip of the solved board';
}

// The Pips and Five Up tabs on a phone (390x844, touch): a domino taken
// and laid by taps, a laid one turned by a tap; screenshots of both.
async function pipsFiveUpPhone(page) {
  const other = await page.context().browser().newContext({
    viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1,
  });
  await other.addInitScript(helpSeen);
  const phone = await other.newPage();
  const problems = [];
  watch(phone, problems);
  await pipsPaste(phone, RING);
  await pipsLaid(phone, 0);
  // The paste box sits below the board on a phone: loading brings the new
  // board into view rather than drawing it off-screen above.
  const top = await phone.$eval('#pips-play', (e) => e.getBoundingClientRect().top);
  assert(top > -2 && top < 844, `the new board's top is at ${top} px, out of view`);
  await phone.tap('#pips-tray [data-domino="0"]');
  const p = await pipsCell(phone, [0, 0]);
  await phone.touchscreen.tap(p.x, p.y);
  await pipsLaid(phone, 1);
  await phone.touchscreen.tap(p.x, p.y);
  await phone.waitForFunction(() => /_0\.0\.0\.1\.0$/.test(new URLSearchParams(location.hash.slice(1)).get('qm')));
  await phone.tap('#pips-tray [data-domino="1"]');
  const wide = await phone.evaluate(() => document.documentElement.scrollWidth);
  assert(wide <= 392, `the pips tab at 390 px is ${wide} px wide`);
  await phone.screenshot({ path: `${SHOTS}/pips-phone-390.png`, fullPage: true });
  await open(phone, `${BASE}/#tab=fiveup&ft=${encodeURIComponent('5-5 5-0 5-3 5-6 6-6 6-2 0-0')}`);
  await phone.waitForSelector('#fiveup-out table.score');
  await phone.waitForFunction(() => document.querySelector('#fiveup-out svg'));
  await phone.screenshot({ path: `${SHOTS}/fiveup-phone-390.png`, fullPage: true });
  await other.close();
  assert(problems.length === 0, problems.join('\n'));
  return 'pips and Five Up at 390x844 with touch: a domino laid and turned by taps, screenshots';
}

/** The flows of this file: [name, the tab it opens, the flow, the routes it drives]. */
const flows = [
  ['pips', 'pips', pips, ['pips/generate', 'pips/check', 'pips/solve', 'pips/render', 'pips/hint']],
  ['pips refused lays', 'pips', pipsRefused, ['pips/generate', 'pips/check', 'pips/render']],
  ['pips day file', 'pips', pipsDayFile, ['pips/generate', 'pips/check', 'pips/render']],
  ['pips keyboard', 'pips', pipsKeyboard, ['pips/generate', 'pips/check', 'pips/solve', 'pips/render']],
  ['pips handling', 'pips', pipsHandle, ['pips/generate', 'pips/check', 'pips/render']],
  ['pips labels', 'pips', pipsLabels, ['pips/generate', 'pips/check', 'pips/solve', 'pips/render', 'pips/hint']],
  ['pips and five up on a phone', 'pips', pipsFiveUpPhone, ['pips/generate', 'pips/check', 'pips/render', 'fiveup/check', 'fiveup/score', 'fiveup/render']],
];
module.exports = { pipsLaid, pipsLay, RING, pipsPaste, pips, flows };
