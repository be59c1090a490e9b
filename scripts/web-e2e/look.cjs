// End-to-end flows of what a player sees and trips on (issue 40, points
// 4, 5, 6, 8): dark mode (the system's and the toggle's, remembered, axe's
// contrast rules clean in it), the colour-blind marks of Pips regions, the
// clock hidden; Placement's helpers (every cell of a number, every place a
// piece can go); the help per tab and the phone's Pips layout; links cut
// off or bad (N1, N2); a slow server (N5, delayed with page.route); and
// N6: no keyboard cursor in mouse or touch play, badges and labels clear
// of pips, a hint's ring round a piece it laid, a broken rule said as a
// sentence, the focus after a Today button.

const fs = require('fs');
const {
  SHOTS, BASE, api, assert, closeContext, contextPage, hashParam, open, tabTo,
} = require('./common.cjs');
const { bonesOf, laid, newPlacement } = require('./place.cjs');
const {
  RING, pipsLaid, pipsLay, pipsPaste,
} = require('./pips.cjs');

const AXE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const PHONE = {
  viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2,
};

/**
 * axe-core's serious and critical violations on the page, as lines: of
 * every rule, or only of those named (dark mode changes colours alone, and
 * the sweep runs every rule in the light theme).
 */
async function axe(page, rules = null) {
  if (!(await page.evaluate(() => Boolean(window.axe)))) {
    await page.addScriptTag({ content: AXE });
  }
  return page.evaluate(async (only) => {
    const options = { resultTypes: ['violations'], ...(only ? { runOnly: { type: 'rule', values: only } } : {}) };
    const result = await window.axe.run(document, options);
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary.replace(/\s+/g, ' ')}`).join('; ')}`);
  }, rules);
}

const CONTRAST = ['color-contrast', 'link-in-text-block'];

const RING_QB = encodeURIComponent(JSON.stringify(RING));

/** Clicks the middle of a Placement cell (its pips may lie there). */
async function clickPlace(page, [r, c]) {
  const box = await page.$eval(`#place-board rect[data-cell="${r},${c}"]`, (e) => {
    const b = e.getBoundingClientRect();
    return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  });
  await page.mouse.click(box.x, box.y);
}
const message = (page, tab) => page.textContent(`#${tab}-message`);

/**
 * Where elements `these` of a board overlap elements `those` (screen
 * pixels); each of `these` counts with its stroke (half of it outside the
 * box the browser gives).
 */
async function overlaps(page, board, these, those) {
  return page.evaluate(([b, a, c]) => {
    const svg = document.querySelector(`${b} svg`);
    const scale = svg.getBoundingClientRect().width / Number(svg.getAttribute('width'));
    const boxes = (s, grow) => Array.from(document.querySelectorAll(`${b} ${s}`), (e) => {
      const r = e.getBoundingClientRect();
      const d = grow ? (Number(getComputedStyle(e).strokeWidth.replace('px', '')) || 0) * scale / 2 : 0;
      return {
        left: r.left - d, right: r.right + d, top: r.top - d, bottom: r.bottom + d,
      };
    });
    const pips = boxes(c, false);
    const hits = [];
    for (const x of boxes(a, true)) {
      for (const p of pips) {
        if (x.left < p.right && p.left < x.right && x.top < p.bottom && p.top < x.bottom) {
          hits.push(`${Math.round(x.left)},${Math.round(x.top)} over a pip at ${Math.round(p.left)},${Math.round(p.top)}`);
        }
      }
    }
    return hits;
  }, [board, these, those]);
}

// Point 4: dark mode, colour-blind marks, the clock hidden.
async function lookDark(page) {
  // The system's preference, then the toggle, remembered through a reload.
  const dark = await contextPage(page, { colorScheme: 'dark' });
  await open(dark, `${BASE}/#tab=pips&qb=${RING_QB}`);
  await pipsLaid(dark, 0);
  assert(await dark.getAttribute('html', 'data-theme') === 'dark', 'a system in dark mode gets the dark page');
  const background = await dark.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert(background !== 'rgb(250, 248, 243)', `the dark page's ground is dark: ${background}`);
  await dark.click('#theme-toggle');
  assert(await dark.getAttribute('html', 'data-theme') === 'light', 'the toggle turns the page light');
  await dark.reload();
  await pipsLaid(dark, 0);
  assert(await dark.getAttribute('html', 'data-theme') === 'light', 'the choice is remembered');
  await dark.click('#theme-toggle');
  assert(await dark.getAttribute('html', 'data-theme') === 'dark', 'and dark again');

  // Colour-blind marks: a pattern and a letter in each cell of each ruled region.
  await dark.click('#settings-open');
  await dark.check('#settings-form input[name="patterns"]');
  await dark.uncheck('#settings-form input[name="timer"]');
  await dark.click('#settings-form button[type="submit"]');
  const letters = await dark.$$eval('#pips-board g.region-marks text.region-letter', (t) => t.map((e) => e.textContent));
  assert(letters.join('') === 'AA', `the ruled region of the ring (2 cells) is lettered A in each cell: ${letters}`);
  const patterned = await dark.$$eval('#pips-board g.region-marks rect.region-pattern', (r) => r.map((e) => e.getAttribute('fill')));
  assert(patterned.length === 2 && patterned.every((f) => /^url\(#pips-pattern-0\)$/.test(f)), `patterns: ${patterned}`);
  assert(await dark.isHidden('#panel-pips .timer-bar .clock'), 'the clock hides when the player asks');
  assert(await dark.isVisible('#panel-pips .timer-bar .pause'), 'the pause stays');
  await dark.reload();
  await pipsLaid(dark, 0);
  assert(await dark.isHidden('#panel-pips .timer-bar .clock'), 'the clock stays hidden after a reload');
  await dark.waitForSelector('#pips-board g.region-marks');

  // axe in dark mode, on every tab (a hint shown on the play tabs).
  const found = [];
  await dark.click('#pips-play [data-act="hint"]');
  await dark.waitForSelector('#pips-message:not([hidden])');
  await dark.screenshot({ path: `${SHOTS}/look-dark-pips-1280.png` });
  found.push(...(await axe(dark, CONTRAST)).map((v) => `pips: ${v}`));
  for (const [tab, ready] of [['place', '#place-board svg'], ['vanish', '#vanish-board svg'], ['chain', '#chain-out svg'],
    ['fiveup', '#fiveup-out svg'], ['book', '#book-form[data-ready]']]) {
    await dark.click(`#tab-${tab}`);
    await dark.waitForSelector(ready);
    if (tab === 'place') {
      // A piece of the engine's solution laid, then a hint and a number lit.
      const text = await hashParam(dark, 'pb');
      const [first] = bonesOf((await api('place/solve', { text })).solutions[0]);
      for (const cell of first) {
        await clickPlace(dark, cell);
      }
      await laid(dark, 1);
      await dark.click('#place-play [data-act="hint"]');
      await dark.waitForSelector('#place-message:not([hidden])');
      // The picture before a number is lit: lit cells tint the laid
      // pieces, and on some random boards too little ivory was left for
      // the screenshot check (web-e2e.cjs's notBlank).
      await dark.screenshot({ path: `${SHOTS}/look-dark-place-1280.png` });
      await dark.keyboard.press('2');
    }
    found.push(...(await axe(dark, CONTRAST)).map((v) => `${tab}: ${v}`));
  }
  await closeContext(dark);

  const phone = await contextPage(page, { ...PHONE, colorScheme: 'dark' });
  await open(phone, `${BASE}/#tab=pips`);
  await phone.waitForSelector('#pips-tray button');
  await phone.screenshot({ path: `${SHOTS}/look-dark-pips-390.png` });
  found.push(...(await axe(phone, CONTRAST)).map((v) => `pips on a phone: ${v}`));
  await closeContext(phone);
  assert(found.length === 0, `axe in dark mode:\n${found.join('\n')}`);
  return 'dark mode: the system\'s, toggled and remembered; axe clean in it on every tab (and Pips on a phone); Pips regions lettered and patterned; the clock hidden and kept hidden';
}

// Point 5: Placement's helpers.
async function lookHelpers(page) {
  const text = await newPlacement(page, 3, 'basic', 7);
  const rows = text.split('\n').map((l) => l.trim().split(/\s+/).map(Number));
  const cellsOf = (v) => rows.flat().filter((x) => x === v).length;
  await page.focus('#place-board');
  await page.keyboard.press('2');
  const lit = () => page.$$eval('#place-board rect.hl-lit', (r) => r.map((e) => e.dataset.cell));
  let shown = await lit();
  assert(shown.length === cellsOf(2), `the digit 2 lights its ${cellsOf(2)} cells: ${shown}`);
  for (const cell of shown) {
    const [r, c] = cell.split(',').map(Number);
    assert(rows[r][c] === 2, `cell ${cell} holds 2`);
  }
  await page.click('#place-play .numbers button[data-value="1"]');
  shown = await lit();
  assert(shown.length === cellsOf(1) && await page.getAttribute('#place-play .numbers button[data-value="1"]', 'aria-pressed') === 'true',
    `the number button 1 lights its ${cellsOf(1)} cells: ${shown}`);
  await page.click('#place-play .numbers button[data-value="1"]');
  assert((await lit()).length === 0, 'pressed again, it puts them out');

  // Every place piece x-y can go: two neighbours holding x and y, both
  // free, their line not marked; fewer once a piece covers one of them.
  // The piece with the most places is picked.
  const places = ([x, y], covered) => {
    const found = [];
    rows.forEach((row, r) => row.forEach((v, c) => {
      for (const [r2, c2] of [[r, c + 1], [r + 1, c]]) {
        const w = rows[r2] && rows[r2][c2];
        const free = ![`${r},${c}`, `${r2},${c2}`].some((k) => covered.has(k));
        if (w !== undefined && free && ((v === x && w === y) || (v === y && w === x))) {
          found.push(`${r},${c}-${r2},${c2}`);
        }
      }
    }));
    return found;
  };
  const set = await page.$$eval('#place-checklist li[data-piece]', (l) => l.map((e) => e.dataset.piece.split('-').map(Number)));
  const most = set.reduce((best, p) => (places(p, new Set()).length > places(best, new Set()).length ? p : best));
  const name = most.join('-');
  await page.click(`#place-checklist li[data-piece="${name}"] button`);
  const outlined = () => page.$$eval('#place-board rect.hl-place', (r) => r.length);
  const expected = places(most, new Set());
  assert(expected.length > 1 && await outlined() === expected.length, `${name} can go in ${expected.length} places: ${await outlined()} outlined`);
  assert((await page.textContent('#place-play .lit-line')).includes(`${expected.length} places`), 'the line under the board says how many');
  const pressed = await page.$eval(`#place-checklist li[data-piece="${name}"] button`, (e) => [e.getAttribute('aria-pressed'), getComputedStyle(e).backgroundColor]);
  assert(pressed[0] === 'true' && !/rgba\(0, 0, 0, 0\)|transparent/.test(pressed[1]), `the piece picked shows pressed: ${pressed}`);
  // Lay a piece of the solution on one of those places' cells.
  const pieces = bonesOf((await api('place/solve', { text })).solutions[0]);
  const [a, b] = expected[0].split('-').map((k) => k.split(',').map(Number));
  const piece = pieces.find(([p, q]) => [p, q].some((x) => (x[0] === a[0] && x[1] === a[1]) || (x[0] === b[0] && x[1] === b[1])));
  for (const cell of piece) {
    await clickPlace(page, cell);
  }
  await laid(page, 1);
  const after = places(most, new Set(piece.map(([r, c]) => `${r},${c}`)));
  await page.waitForFunction((n) => document.querySelectorAll('#place-board rect.hl-place').length === n, after.length);
  assert(after.length < expected.length, 'a piece laid takes places away');
  await page.screenshot({ path: `${SHOTS}/look-helpers-1280.png` });
  return `placement helpers: a digit and a button light every cell of a number; ${name} can go in ${expected.length} places, ${after.length} once a piece is laid`;
}

// Point 6: the help per tab, first visit and button; the phone's Pips.
async function lookHelp(page) {
  const fresh = await contextPage(page, {}, true);
  await open(fresh, `${BASE}/#tab=place`);
  await fresh.waitForSelector('#help[open] .help-picture svg');
  assert((await fresh.textContent('#help-title')).includes('Placement'), 'the first visit opens the help of its tab');
  await fresh.screenshot({ path: `${SHOTS}/look-help-place-1280.png` });
  const found = await axe(fresh);
  await fresh.click('#help button[type="submit"]');
  assert(await fresh.isHidden('#help'), 'Got it closes the help');
  await fresh.click('#tab-pips');
  await fresh.waitForSelector('#help[open] .help-picture svg');
  assert((await fresh.textContent('#help-title')).includes('Pips'), 'the first visit of another tab opens its help');
  await fresh.keyboard.press('Escape');
  await fresh.reload();
  // The help opens by itself (or not) as the page starts, before the
  // board's picture comes back from the server.
  await fresh.waitForSelector('#pips-board svg');
  assert(await fresh.isHidden('#help'), 'a tab seen before opens no help by itself');
  await fresh.click('#help-open');
  await fresh.waitForSelector('#help[open] .help-picture svg');
  assert((await fresh.textContent('#help-title')).includes('Pips'), 'the button opens the help of the tab shown');
  await closeContext(fresh);

  const phone = await contextPage(page, PHONE, true);
  await open(phone, `${BASE}/#tab=pips`);
  await phone.waitForSelector('#help[open] .help-picture svg');
  await phone.screenshot({ path: `${SHOTS}/look-help-pips-390.png` });
  found.push(...await axe(phone));
  await phone.click('#help button[type="submit"]');
  await phone.waitForSelector('#pips-tray button');
  await phone.screenshot({ path: `${SHOTS}/look-pips-390.png` });
  // The tray stays right under the board whatever the words say: while a
  // domino is held (the line saying where it goes takes two lines at 390
  // px), while a refused lay's message shows, and after a lay. The board
  // is a random puzzle: its cells are read from the picture, a lay aimed
  // at a cell with no cell on its right (refused) and at one with one (or
  // below, the domino turned, on a board without two cells side by side).
  const gaps = [];
  const measure = async (when) => {
    const [board, tray] = await phone.evaluate(() => ['#pips-board', '#pips-tray']
      .map((s) => document.querySelector(s).getBoundingClientRect())
      .map((r) => ({ top: r.top, bottom: r.bottom })));
    gaps.push(Math.round(tray.top - board.bottom));
    assert(board.top < 300, `on a phone the Pips board starts near the top (${Math.round(board.top)} px)`);
    assert(tray.top >= board.bottom && tray.top - board.bottom < 30 && tray.bottom <= 844,
      `${when}, the tray comes right under the board (board ends ${Math.round(board.bottom)} px, tray ${Math.round(tray.top)}-${Math.round(tray.bottom)} px)`);
  };
  await measure('before play');
  const cells = await phone.$$eval('#pips-board rect.cell', (rects) => rects.map((e) => {
    const r = e.getBoundingClientRect();
    return { key: e.dataset.cell, x: r.x + r.width / 2, y: r.y + r.height / 2 };
  }));
  const next = ([dr, dc]) => (c) => {
    const [r, k] = c.key.split(',').map(Number);
    return cells.some((o) => o.key === `${r + dr},${k + dc}`);
  };
  const down = !cells.some(next([0, 1]));
  const room = next(down ? [1, 0] : [0, 1]);
  const end = cells.find((c) => !room(c));
  const free = cells.find(room);
  assert(end && free, `the board has two neighbouring cells: ${cells.map((c) => c.key)}`);
  const dominoes = await phone.$$eval('#pips-tray [data-domino]', (b) => b.length);
  // Touch play draws no keyboard cursor: a domino taken (and turned to
  // point down when it must), cells tapped.
  await phone.tap('#pips-tray button');
  await phone.waitForSelector('#pips-tray button[aria-pressed="true"]');
  if (down) {
    await phone.tap('#pips-tray button[aria-pressed="true"]');
    await phone.waitForSelector('#pips-tray button[aria-pressed="true"][data-turn="1"]');
  }
  await measure('with a domino held');
  await phone.touchscreen.tap(end.x, end.y);
  await phone.waitForFunction(() => /Cannot lay/.test(document.getElementById('pips-message').textContent)
    && !document.getElementById('pips-message').hidden);
  await measure('with a refused lay\'s message');
  // The lay's picture is held back until the waiting line shows (a slow
  // server), then let through.
  let release;
  const holding = new Promise((resolve) => {
    release = resolve;
  });
  await phone.route('**/api/v1/pips/render', async (route) => {
    await holding;
    await route.continue();
  });
  await phone.touchscreen.tap(free.x, free.y);
  await phone.waitForSelector('#pips-play .waiting');
  await measure('while the waiting line shows');
  const held = await phone.$$eval('#pips-tray [aria-pressed="true"]', (b) => b.length);
  const left = await phone.$$eval('#pips-tray [data-domino]', (b) => b.length);
  assert(held === 0 && left === dominoes - 1, `while the server is slow the tray shows the domino laid gone (${left} of ${dominoes} left, ${held} held)`);
  await phone.screenshot({ path: `${SHOTS}/look-pips-waiting-390.png` });
  release();
  await phone.waitForFunction(() => /laid: 1 of/.test(document.getElementById('pips-status').textContent));
  await phone.unroute('**/api/v1/pips/render');
  assert(await phone.$$eval('#pips-board .hl-cursor', (e) => e.length) === 0, 'no keyboard cursor during touch play');
  await measure('after a lay');
  await phone.screenshot({ path: `${SHOTS}/look-pips-laid-390.png` });
  await closeContext(phone);
  assert(found.length === 0, `axe with the help open:\n${found.join('\n')}`);
  return `help: opened on the first visit of each tab and by its button, with the engine's picture; on a phone the tray ${gaps.join(', ')} px under the Pips board (before play, a domino held, a lay refused, waiting for the server, laid)`;
}

// N1 and N2: links cut off, or bad, in Pips.
async function lookLinks(page) {
  const cases = [
    ['1.0.1.0.2_3.1', 1, 1, /cannot be read \("3\.1"\)/],
    ['1.0.1.0.2_2.2.1.2.', 1, 1, /cannot be read/],
    ['1.0.1.0.2_3.1.0.2.', 1, 1, /cannot be read/],
    ['1.0.1.0.2_2.2.2.2.', 1, 1, /cannot be read/],
    ['1.0.1.0.2_2.2.2.2.0', 1, 1, /cannot be read/],
    ['1.0.1.0.2_9.2.1.2.2_0.0.0.1.0', 1, 2, /refuses: there is no domino 9/],
  ];
  for (const [moves, kept, dropped, words] of cases) {
    await open(page, `${BASE}/#tab=pips&qb=${RING_QB}&qm=${moves}`);
    await pipsLaid(page, kept);
    await page.waitForFunction(() => !document.getElementById('pips-message').hidden);
    const said = await message(page, 'pips');
    assert(words.test(said) && said.includes(`${kept} move${kept === 1 ? '' : 's'} before it ${kept === 1 ? 'is' : 'are'} kept; ${dropped} dropped`),
      `qm=${moves}: ${said}`);
    const tiles = await page.$$eval('#pips-board g.tile', (t) => t.length);
    assert(tiles === kept, `qm=${moves}: ${tiles} dominoes drawn for ${kept} kept`);
    assert(await hashParam(page, 'qm') === moves.split('_').slice(0, kept).join('_'), `qm=${moves}: the address keeps what was kept`);
  }
  // Placement the same: a piece off the board is refused, the one before kept.
  const pb = encodeURIComponent('0 0 2 2\n1 1 0 1\n1 2 0 2');
  await open(page, `${BASE}/#tab=place&pb=${pb}&pm=0.0.h_9.9.h_1.0.v`);
  await laid(page, 1);
  const placeSaid = await message(page, 'place');
  assert(/refuses: \(9,9\) is off the board/.test(placeSaid) && placeSaid.includes('The 1 move before it is kept; 2 dropped.'),
    `a placement link with a piece off the board: ${placeSaid}`);
  for (const qb of ['zzz', 'AB%0AA+%3D+99%0A1-x']) {
    await open(page, `${BASE}/#tab=pips&qb=${qb}`);
    await page.waitForFunction(() => /seed \d+ \u00B7 dominoes laid: 0 of [1-9]/.test(document.getElementById('pips-status').textContent));
    const said = await message(page, 'pips');
    assert(/address cannot be read: .+\. A new puzzle starts instead\./.test(said), `qb=${qb} is refused in the message: ${said}`);
    assert(await hashParam(page, 'qb') !== decodeURIComponent(qb), `qb=${qb}: a new puzzle in the address`);
  }
  return `links: ${cases.length} cut-off or refused Pips move lists (and a Placement one) keep what they can read and say how many were dropped; qb=zzz and a bad board are refused with a new puzzle`;
}

// N5: a slow server (every render held back 1.5 s): the domino shows at
// once, a waiting line after 300 ms, the engine's picture after.
async function lookSlow(page) {
  await pipsPaste(page, RING);
  await pipsLaid(page, 0);
  await page.route('**/api/v1/pips/render', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  // The times (in the page) of the click on the board, of the domino
  // drawn and of the waiting line shown.
  await page.evaluate(() => {
    const t = { click: null, drawn: null, waiting: null };
    window.lookTimes = t;
    document.getElementById('pips-board').addEventListener('click', () => {
      t.click = t.click || performance.now();
    }, { capture: true });
    new MutationObserver(() => {
      if (t.click && !t.drawn && document.querySelector('#pips-board .hl-pending')) {
        t.drawn = performance.now();
      }
      if (t.click && !t.waiting && !document.querySelector('#pips-play .waiting').hidden) {
        t.waiting = performance.now();
      }
    }).observe(document.getElementById('pips-play'), { subtree: true, childList: true, attributes: true });
  });
  await pipsLay(page, 1, [2, 0], [2, 1], false);
  // The answer waited for, not a time: the line must have shown before
  // it came (the observer noted when), however slow the machine.
  await pipsLaid(page, 1);
  const times = await page.evaluate(() => window.lookTimes);
  assert(times.waiting !== null, 'the waiting line shows while the render is held back');
  const drawn = Math.round(times.drawn - times.click);
  const waited = Math.round(times.waiting - times.click);
  assert(times.drawn !== null && drawn < 100, `the domino is drawn at once (${drawn} ms after the click)`);
  assert(waited >= 290, `the waiting line shows after 300 ms, not before (${waited} ms)`);
  assert(await page.isHidden('#pips-play .waiting'), 'the waiting line goes when the answer comes');
  assert(await page.$$eval('#pips-board .hl-pending', (e) => e.length) === 0, 'the engine\'s picture replaces the drawn domino');
  assert(await page.$$eval('#pips-board g.tile', (e) => e.length) === 1, 'the engine draws the domino');
  await page.unroute('**/api/v1/pips/render');
  return `slow server: the domino drawn within ${drawn} ms of the click (render held 1.5 s), the waiting line at ${waited} ms`;
}

// N6: the five defects.
async function lookDefects(page) {
  // No keyboard cursor in mouse play (Pips, then Placement); arrow keys show it.
  await pipsPaste(page, RING);
  await pipsLaid(page, 0);
  await pipsLay(page, 2, [2, 0], [2, 1], false);
  await pipsLaid(page, 1);
  assert(await page.$$eval('#pips-board .hl-cursor', (e) => e.length) === 0, 'no keyboard cursor after mouse play on Pips');
  await page.keyboard.press('ArrowRight');
  await page.waitForSelector('#pips-board .hl-cursor');
  // A full region whose rule is broken is said in a sentence.
  await pipsLay(page, 1, [0, 0], [0, 1], false);
  await pipsLaid(page, 2);
  await page.waitForFunction(() => /rule is broken/i.test(document.getElementById('pips-message').textContent));
  const said = await message(page, 'pips');
  assert(said.includes('The region at row 1, column 1 holds 3 and 4, which breaks its rule (sum 3).') && !/\[|its values/.test(said),
    `a broken rule in a sentence: ${said}`);

  // Badges never cover pips: a solved generated board, laid by the link.
  const g = await api('pips/generate', { cells: 16, difficulty: 'hard', seed: 5 });
  const text = g.text || JSON.stringify(g.puzzle);
  const solution = (await api('pips/solve', { text })).solutions[0];
  const qm = solution.map((cells, d) => [d, ...cells.flat()].join('.')).join('_');
  await open(page, `${BASE}/#tab=pips&qb=${encodeURIComponent(text)}&qm=${qm}`);
  await pipsLaid(page, solution.length);
  const badgeHits = await overlaps(page, '#pips-board', 'rect.badge', 'g.tile circle');
  assert(badgeHits.length === 0, `badges cover pips: ${badgeHits.join('; ')}`);

  // Placement: mouse play shows no cursor; a clash's label is clear of
  // pips; a hint's ring leaves the piece it laid in view.
  const placeText = await newPlacement(page, 3, 'basic', 7);
  const pieces = bonesOf((await api('place/solve', { text: placeText })).solutions[0]);
  const rows = placeText.split('\n').map((l) => l.trim().split(/\s+/).map(Number));
  const value = ([r, c]) => rows[r][c];
  // A piece of the solution with a copy elsewhere: two other
  // neighbours holding its values.
  const copyOf = ([p, q]) => {
    const key = [value(p), value(q)].sort().join();
    let copy = null;
    rows.forEach((row, r) => row.forEach((v, c) => {
      for (const o of [[r, c + 1], [r + 1, c]]) {
        const w = rows[o[0]] && rows[o[0]][o[1]];
        const pair = [[r, c], o];
        const clear = pair.every((x) => ![p, q].some((y) => y[0] === x[0] && y[1] === x[1]));
        if (!copy && clear && w !== undefined && [v, w].sort().join() === key) {
          copy = pair;
        }
      }
    }));
    return copy;
  };
  const [p, q] = pieces.find((piece) => copyOf(piece)) || pieces[0];
  const copy = copyOf([p, q]);
  const click = (cell) => clickPlace(page, cell);
  await click(p);
  await click(q);
  await laid(page, 1);
  assert(await page.$$eval('#place-board .hl-cursor', (e) => e.length) === 0, 'no keyboard cursor after mouse play on Placement');
  assert(copy, 'the puzzle has a second place for the first piece');
  await click(copy[0]);
  await click(copy[1]);
  await laid(page, 2);
  await page.waitForSelector('#place-board .hl-clash-mark');
  const labelHits = await overlaps(page, '#place-board', '.hl-clash-mark', 'g.tile circle');
  assert(labelHits.length === 0, `the 2x label covers pips: ${labelHits.join('; ')}`);
  await page.click('#place-play [data-act="undo"]');
  await laid(page, 1);
  await page.click('#place-play [data-act="hint"]');
  await page.waitForFunction(() => /Laid for you/.test(document.getElementById('place-message').textContent));
  await laid(page, 2);
  const veils = await page.evaluate(() => {
    const tiles = Array.from(document.querySelectorAll('#place-board g.tile rect'), (e) => e.getBoundingClientRect());
    return Array.from(document.querySelectorAll('#place-board rect.hl-hint'))
      .filter((h) => !h.classList.contains('hl-ring') && getComputedStyle(h).fill !== 'none')
      .filter((h) => {
        const b = h.getBoundingClientRect();
        const [x, y] = [b.x + b.width / 2, b.y + b.height / 2];
        return tiles.some((t) => x > t.left && x < t.right && y > t.top && y < t.bottom);
      }).length;
  });
  assert(veils === 0, `${veils} hint marks veil a laid piece`);

  // Enter on a Today button: the focus goes to the board, not the page.
  await open(page, `${BASE}/#tab=pips`);
  await page.waitForSelector('#pips-board svg');
  await tabTo(page, '#panel-pips .today button');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /Today, /.test(document.getElementById('pips-status').textContent));
  const focused = await page.evaluate(() => (document.activeElement ? document.activeElement.id || document.activeElement.tagName : ''));
  assert(focused !== 'BODY' && focused !== '', `after Enter on a Today button the focus is on ${focused}`);
  return `N6: no cursor in mouse play, a broken rule in a sentence, badges and the 2x label clear of pips, a hint never veils a piece, the focus on ${focused} after a Today button`;
}

/** The flows of this file: [name, the tab it opens, the flow, the routes it drives]. */
const flows = [
  ['look dark mode', 'pips', lookDark, ['pips/check', 'pips/render', 'pips/hint', 'place/generate', 'place/hint', 'vanish/render', 'chain/render', 'fiveup/render']],
  ['look placement helpers', 'place', lookHelpers, ['place/generate', 'place/check', 'place/render', 'place/solve']],
  ['look help and phone', 'pips', lookHelp, ['pips/generate', 'pips/render', 'place/render']],
  ['look pips links', 'pips', lookLinks, ['pips/generate', 'pips/check', 'pips/render', 'place/check', 'place/render']],
  ['look slow server', 'pips', lookSlow, ['pips/check', 'pips/render']],
  ['look defects', 'pips', lookDefects, ['pips/generate', 'pips/check', 'pips/render', 'pips/solve', 'place/generate', 'place/solve', 'place/hint']],
];

module.exports = { flows };
