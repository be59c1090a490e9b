// End-to-end tests of the web app served by `domino serve` (run by
// scripts/test-web, which sets BASE, SHOTS, CHROMIUM and NODE_PATH). Each
// flow is what a person does in a browser; answers are checked against the
// API (the engine's solution, its replay of a removal order), not against
// numbers written here. Also: no console errors, no request leaves
// 127.0.0.1, and every tab's screenshot has real pixels.

const { chromium } = require('playwright-core');

const BASE = process.env.BASE;
const SHOTS = process.env.SHOTS;
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

let passed = 0;
let failed = 0;

function assert(cond, message) {
  if (!cond) {
    throw new Error(message);
  }
}

async function api(route, body) {
  // A full solver pool (503) is waited out, as the page does.
  for (let attempt = 0; ; attempt += 1) {
    const r = await fetch(`${BASE}/api/v1/${route}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (r.status === 503 && attempt < 10) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      continue;
    }
    const answer = await r.json();
    assert(r.ok, `${route}: ${r.status} ${JSON.stringify(answer)}`);
    return answer;
  }
}

// Everything the page does over the network and on its console.
function watch(page, problems) {
  page.on('request', (req) => {
    const url = req.url();
    if (!url.startsWith(`${BASE}/`) && !url.startsWith('data:')) {
      problems.push(`a request left 127.0.0.1: ${url}`);
    }
  });
  page.on('response', (res) => {
    // 400 is the API's answer to a bad paste, which the tests provoke;
    // 503 is a full solver pool, which the page waits out and retries.
    if (res.status() >= 401 && res.status() !== 503) {
      problems.push(`${res.status()} for ${res.url()}`);
    }
  });
  page.on('console', (msg) => {
    const text = msg.text();
    if (msg.type() === 'error' && !/status of (400|503)/.test(text)) {
      problems.push(`console error: ${text}`);
    }
  });
  page.on('pageerror', (err) => problems.push(`uncaught: ${err.message}`));
}

// Goes to `url` by a real load. A goto that changes only the hash of the
// page's own document is no load: the page reloads itself on hashchange
// after goto has returned, and the next step would act on the old
// document, whose clicks and answers the reload then throws away.
async function open(page, url) {
  if (page.url().startsWith(`${BASE}/`)) {
    await page.goto('about:blank');
  }
  await page.goto(url);
}

// The words of a status line that name seed n: "seed 3" alone also
// matches the puzzle the tab starts with, whose random seed may be 3xxxxx.
const SEED = (n) => `seed ${n} \u00B7 `;

const hashParam = (page, key) => page.evaluate((k) => new URLSearchParams(location.hash.slice(1)).get(k), key);

async function cellCenter(page, [r, c], scroll = true) {
  return page.evaluate(([r, c, scroll]) => {
    const e = document.querySelector(`#place-board rect[data-cell="${r},${c}"]`);
    if (!e) {
      return null;
    }
    if (scroll) {
      e.scrollIntoView({ block: 'center', inline: 'center' });
    }
    const b = e.getBoundingClientRect();
    return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  }, [r, c, scroll]);
}

async function clickCell(page, cell) {
  const p = await cellCenter(page, cell);
  assert(p, `cell ${cell} is not on the board`);
  await page.mouse.click(p.x, p.y);
}

async function laid(page, n) {
  await page.waitForFunction((k) => {
    const s = document.getElementById('place-status').textContent;
    return s.includes(`pieces laid: ${k} of`);
  }, n);
  // The picture follows the moves: wait for the engine's drawing too.
  await page.waitForFunction((k) => document.querySelectorAll('#place-board g.tile').length >= k, n);
}

/** Cells of each bone in a solution map. */
function bonesOf(map) {
  const cells = new Map();
  map.forEach((row, r) => row.forEach((bone, c) => {
    if (bone !== null) {
      cells.set(bone, (cells.get(bone) || []).concat([[r, c]]));
    }
  }));
  return Array.from(cells.values());
}

async function placement(page) {
  await open(page, `${BASE}/#tab=place`);
  // The first visit starts with a puzzle of its own; then ask for a known one.
  await page.waitForSelector('#place-board svg');
  await page.selectOption('#place-new select[name="set"]', '3');
  await page.selectOption('#place-new select[name="difficulty"]', 'basic');
  await page.fill('#place-new input[name="seed"]', '7');
  await page.click('#place-new button[type="submit"]');
  await page.waitForFunction((t) => document.getElementById('place-status').textContent.includes(t), SEED(7));
  await laid(page, 0);

  const generated = await api('place/generate', { set: 3, difficulty: 'basic', seed: 7 });
  const text = await hashParam(page, 'pb');
  const solved = await api('place/solve', { text });
  assert(solved.count === 1 && solved.complete, 'the generated puzzle is unique');
  assert(JSON.stringify(solved.solutions[0]) === JSON.stringify(generated.solution),
    'the page shows the puzzle the API generates for that seed');
  const pieces = bonesOf(solved.solutions[0]);
  const boneAt = (r, c) => solved.solutions[0][r][c];

  // A wrong piece: two neighbours that the solution gives to different bones.
  let wrong = null;
  for (const [r, row] of solved.solutions[0].entries()) {
    for (let c = 0; c + 1 < row.length && !wrong; c++) {
      if (boneAt(r, c) !== boneAt(r, c + 1)) {
        wrong = [[r, c], [r, c + 1]];
      }
    }
  }
  await clickCell(page, wrong[0]);
  await clickCell(page, wrong[1]);
  await laid(page, 1);
  await page.click('#place-play [data-act="hint"]');
  await page.waitForSelector('#place-message:not([hidden])');
  const hint = await page.textContent('#place-message');
  assert(/wrong/i.test(hint) && hint.includes(`(${wrong[0][0]},${wrong[0][1]})`), `the hint names the wrong piece: ${hint}`);
  for (const [r, c] of wrong) {
    assert(await page.$(`#place-board .hl-wrong[data-cell="${r},${c}"]`), `the hint marks cell ${r},${c}`);
  }
  assert(await page.$('#place-board .hl-wrong-mark'), 'a wrong piece carries a cross, not only a colour');
  await page.click('#place-play [data-act="check"]');
  await page.waitForFunction(() => /1 piece is wrong/.test(document.getElementById('place-message').textContent));
  for (const [r, c] of wrong) {
    assert(await page.$(`#place-board .hl-wrong[data-cell="${r},${c}"]`), `check marks cell ${r},${c}`);
  }
  const checkShot = `${SHOTS}/place-check.png`;
  await page.screenshot({ path: checkShot, fullPage: true });

  // Undo, redo and reload keep the state (keyboard and buttons).
  await page.focus('#place-board');
  await page.keyboard.press('Control+z');
  await laid(page, 0);
  await page.keyboard.press('Control+y');
  await laid(page, 1);
  await page.reload();
  await laid(page, 1);
  assert(await page.isEnabled('#place-play [data-act="undo"]'), 'after a reload undo is still there');
  await page.click('#place-play [data-act="undo"]');
  await laid(page, 0);
  assert(await page.isEnabled('#place-play [data-act="redo"]'), 'after undo, redo is offered');

  // Every piece of the solution: the one on the first cell by keyboard
  // (the cursor starts there), the next by dragging, the rest by clicking
  // one cell and then the other.
  const [k0, k1] = pieces[0];
  assert(k0[0] === 0 && k0[1] === 0, 'the first bone covers (0,0)');
  await page.focus('#place-board');
  await page.keyboard.press('Enter');
  await page.keyboard.press(k1[0] > k0[0] ? 'ArrowDown' : 'ArrowRight');
  await page.keyboard.press('Enter');
  await laid(page, 1);
  assert(!(await page.isEnabled('#place-play [data-act="redo"]')), 'a new move drops the undone one');
  const [a, b] = pieces[1];
  // Both cells after one scroll (a second would move the first).
  const pa = await cellCenter(page, a);
  const pb = await cellCenter(page, b, false);
  await page.mouse.move(pa.x, pa.y);
  await page.mouse.down();
  await page.mouse.move((pa.x + pb.x) / 2, (pa.y + pb.y) / 2, { steps: 3 });
  await page.mouse.move(pb.x, pb.y, { steps: 3 });
  await page.mouse.up();
  await laid(page, 2);
  const rest = pieces.slice(2);
  let count = 2;
  for (const [p, q] of rest) {
    await clickCell(page, p);
    await clickCell(page, q);
    count += 1;
    await laid(page, count);
  }
  await page.waitForSelector('#place-banner:not([hidden])');
  const banner = await page.textContent('#place-banner');
  assert(/Solved in \d+:\d\d/.test(banner), `the banner says solved with a time: ${banner}`);
  // A shared link of the solved game, opened by someone else (a fresh
  // browser context): solved, but the opener took no time over it.
  const other = await page.context().browser().newContext({ viewport: { width: 1280, height: 900 } });
  const friend = await other.newPage();
  await open(friend, page.url());
  await friend.waitForSelector('#place-banner:not([hidden])');
  const opened = await friend.textContent('#place-banner');
  assert(/^Opened solved/.test(opened) && !/\d:\d\d/.test(opened), `a link opened solved claims no time: ${opened}`);
  const openedStatus = await friend.textContent('#place-status');
  assert(!/time \d/.test(openedStatus), `nor does the status line: ${openedStatus}`);
  await other.close();
  const chips = await page.$$eval('#place-checklist .chip', (els) => els.map((e) => e.className));
  assert(chips.length === 10 && chips.every((c) => /used/.test(c)), 'the checklist shows all 10 pieces used');
  await page.screenshot({ path: `${SHOTS}/place-desktop.png`, fullPage: true });

  // Lift a piece by clicking it, then put it back with undo.
  await clickCell(page, rest[0][0]);
  await laid(page, 9);
  await page.waitForSelector('#place-banner', { state: 'hidden' });
  await page.keyboard.press('Control+z');
  await laid(page, 10);
  await page.reload();
  await page.waitForSelector('#place-banner:not([hidden])');

  // The print view: the bare puzzle without the player's pieces.
  await page.click('#place-play [data-act="print"]');
  await page.waitForSelector('#place-print:not([hidden]) svg');
  const printTiles = await page.$$eval('#place-print svg g.tile', (g) => g.length);
  assert(printTiles === 0, 'the print view shows the bare puzzle');
  await page.screenshot({ path: `${SHOTS}/place-print.png`, fullPage: true });
  await page.click('#place-print [data-act="end-print"]');
  return 'placement: generated, a wrong piece hinted and checked, undo/redo/reload, solved by mouse and keyboard, print view';
}

/** Generates the 6x5 board of seed 11 through the page's form. */
async function newVanish(page, clearable) {
  await open(page, `${BASE}/#tab=vanish`);
  await page.waitForSelector('#vanish-board svg');
  await page.fill('#vanish-new input[name="width"]', '6');
  await page.fill('#vanish-new input[name="height"]', '5');
  await page.fill('#vanish-new input[name="max_value"]', '3');
  await page.fill('#vanish-new input[name="seed"]', '11');
  await page.setChecked('#vanish-new input[name="clearable"]', clearable);
  const generated = await api('vanish/generate', { width: 6, height: 5, max_value: 3, seed: 11, clearable });
  await page.click('#vanish-new button[type="submit"]');
  // The example board on the tab also reads "removed 0": wait until the
  // address holds the generated board and its status line is drawn.
  await page.waitForFunction((text) => new URLSearchParams(location.hash.slice(1)).get('vb') === text
    && /removed 0 /.test(document.getElementById('vanish-status').textContent), generated.text);
  return generated;
}

async function vanish(page) {
  const generated = await newVanish(page, true);

  // Remove marked pieces by clicking until none is marked.
  let removed = 0;
  for (;;) {
    const target = await page.evaluate(() => {
      const g = document.querySelector('#vanish-board g.tile[data-removable="true"]');
      if (!g) {
        return null;
      }
      g.scrollIntoView({ block: 'center' });
      const b = g.getBoundingClientRect();
      return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    });
    if (!target) {
      break;
    }
    await page.mouse.click(target.x, target.y);
    removed += 1;
    await page.waitForFunction((k) => document.getElementById('vanish-status').textContent.includes(`removed ${k} `), removed);
    assert(removed < 200, 'the clicks end');
  }
  assert(removed > 0, 'some piece could be removed');
  assert(await page.$('#vanish-movable .none'), 'with nothing marked the list says none');
  const status = await page.textContent('#vanish-status');
  const left = Number(/Pieces left: (\d+)/.exec(status)[1]);
  const order = (await hashParam(page, 'vr')).split('.').map(Number);
  assert(order.length === removed, 'the address holds every removal');
  // The API replays the order with the engine's rules (an illegal step is
  // a 400) and scores it; the exact solver's optimum can only be lower.
  const replay = await api('vanish/moves', { text: generated.text, removed: order });
  assert(replay.done && replay.removable.length === 0, 'the API agrees nothing can vanish any more');
  assert(replay.score === left, `pieces left: page ${left}, API replay ${replay.score}`);
  const exact = await api('vanish/solve', { text: generated.text, algorithm: 'exact' });
  assert(exact.optimal && exact.score <= left, `exact optimum ${exact.score} <= ${left}`);
  const greedy = await api('vanish/solve', { text: generated.text, algorithm: 'greedy' });
  const greedyReplay = await api('vanish/moves', { text: generated.text, removed: greedy.order });
  assert(greedyReplay.score === greedy.score, 'the greedy order replays to its score');
  await page.waitForSelector('#vanish-banner:not([hidden])');

  // Undo puts the last piece back and marks it again.
  await page.focus('#vanish-status');
  await page.keyboard.press('Control+z');
  await page.waitForFunction((k) => document.getElementById('vanish-status').textContent.includes(`removed ${k} `), removed - 1);
  assert(await page.$('#vanish-board g.tile[data-removable="true"]'), 'after undo a piece is marked again');
  await page.keyboard.press('Control+y');
  await page.waitForFunction((k) => document.getElementById('vanish-status').textContent.includes(`removed ${k} `), removed);

  // Best possible (from the position: after Restart, the start), stepped
  // through; then the compare panel.
  await page.click('#vanish-play [data-act="restart"]');
  await page.waitForFunction(() => /removed 0 /.test(document.getElementById('vanish-status').textContent));
  await page.click('#vanish-best-form button');
  await page.waitForSelector('#vanish-best-out .stepper');
  const best = await page.textContent('#vanish-best-out .verdict');
  assert(best.includes(`${exact.score} piece`) && /proven optimal/.test(best), `best possible: ${best}`);
  const steps = exact.order.length;
  await page.waitForFunction((n) => document.querySelector('#vanish-best-out .counter').textContent === `Removal 0 of ${n}`, steps);
  await page.click('#vanish-best-out .next');
  await page.waitForFunction((n) => document.querySelector('#vanish-best-out .counter').textContent === `Removal 1 of ${n}`, steps);
  await page.click('#vanish-compare-form button');
  await page.waitForSelector('#vanish-compare-out table');
  const rows = await page.$$eval('#vanish-compare-out tbody tr', (r) => r.map((x) => x.textContent));
  assert(rows.length >= 4 && rows.some((r) => r.includes('\u2605')), `compare lists the algorithms: ${rows}`);
  await page.screenshot({ path: `${SHOTS}/vanish-desktop.png`, fullPage: true });

  // A bad paste names the line and column.
  await page.click('#vanish-paste-box summary');
  await page.fill('#vanish-text', '3;2\nh;1;1;0;0\nq;1;1;0;1\n');
  await page.click('#vanish-paste button[type="submit"]');
  await page.waitForSelector('#vanish-paste .error:not([hidden])');
  const err = await page.textContent('#vanish-paste .error');
  assert(/line 3, column \d+/.test(err), `the vanish paste error names line and column: ${err}`);
  return `vanish: ${removed} pieces removed by clicking, ${left} left = API replay, exact ${exact.score}, best and compare panels`;
}

async function chains(page) {
  await open(page, `${BASE}/#tab=chain`);
  await page.waitForSelector('#chain-out .verdict');
  await page.fill('#chain-text', '1|2 2|3\n3|1 1|4 4|1');
  await page.click('#chain-form button[type="submit"]');
  await page.waitForFunction(() => /through all 5/.test(document.querySelector('#chain-out .verdict').textContent));
  if (routes.has('render/chain')) {
    await page.waitForSelector('#chain-out svg');
    const tiles = await page.$$eval('#chain-out svg g.tile', (g) => g.length);
    assert(tiles === 5, `the chain is drawn with 5 tiles, got ${tiles}`);
  }
  const shown = (await page.textContent('#chain-out p.muted')).trim().split(/\s+/);
  const api1 = await api('chain', { text: '1|2 2|3\n3|1 1|4 4|1' });
  assert(shown.join(' ') === api1.chain.map((d) => `${d[0]}|${d[1]}`).join(' '), 'the page shows the API chain');

  await page.fill('#chain-text', '');
  await page.click('#chain-form button[type="submit"]');
  await page.waitForFunction(() => /empty/.test(document.querySelector('#chain-out .verdict').textContent));
  const empty = await page.textContent('#chain-out .verdict');
  assert(!/all 0/.test(empty), `an empty hand is not a chain of 0 dominoes: ${empty}`);

  await page.fill('#chain-text', '1|2 3|4');
  await page.click('#chain-form button[type="submit"]');
  // The empty hand's verdict is "bad" too: wait for this hand's words.
  await page.waitForFunction(() => /No closed chain/.test(document.querySelector('#chain-out .verdict').textContent));
  const reason = await page.textContent('#chain-out .verdict');
  assert(/No closed chain/.test(reason), `no chain says why: ${reason}`);

  await page.fill('#chain-text', '6|1 1|2 2|6 6|6 3|4');
  await page.fill('#chain-form input[name="start"]', '6');
  await page.click('#chain-form [data-act="longest"]');
  await page.waitForFunction(() => /Longest train from 6/.test(document.querySelector('#chain-out .verdict').textContent));
  const longest = await api('chain', { text: '6|1 1|2 2|6 6|6 3|4', longest: true, start: 6 });
  const verdict = await page.textContent('#chain-out .verdict');
  assert(verdict.includes(`${longest.length} dominoes`), `the train length is the API's: ${verdict}`);
  await page.screenshot({ path: `${SHOTS}/chain-desktop.png`, fullPage: true });

  await page.fill('#chain-text', '1|2 2|3\n3|x');
  await page.click('#chain-form button[type="submit"]');
  await page.waitForSelector('#chain-form .error:not([hidden])');
  const err = await page.textContent('#chain-form .error');
  assert(/line 2, column 3/.test(err), `the chain paste error names line 2, column 3: ${err}`);
  assert(await page.$('#chain-text.has-error'), 'the hand is marked');
  const caret = await page.$eval('#chain-text', (t) => t.selectionStart);
  assert(caret === '1|2 2|3\n'.length + 2, `the caret points at the error (${caret})`);
  return 'chains: a closed chain, no chain with its reason, the longest train from 6, a bad paste at line 2, column 3';
}

async function fiveUp(page) {
  await open(page, `${BASE}/#tab=fiveup`);
  await page.waitForSelector('#fiveup-out .verdict');
  const game = '5-5 5-0 5-3 5-6 6-6 6-2 0-0';
  await page.fill('#fiveup-text', game);
  await page.click('#fiveup-form button[type="submit"]');
  // The tab opens on the same game; the button is enabled again only once
  // this run's verdict and picture are drawn.
  await page.waitForSelector('#fiveup-form button[type="submit"]:not([disabled])');
  await page.waitForFunction(() => /A legal game of 7 plays/.test(document.querySelector('#fiveup-out .verdict').textContent));
  await page.waitForFunction(() => document.querySelector('#fiveup-out .counter').textContent === 'Play 7 of 7');
  const all = await page.$$eval('#fiveup-out svg g.tile', (g) => g.length);
  await page.click('#fiveup-out .prev');
  await page.waitForFunction(() => document.querySelector('#fiveup-out .counter').textContent === 'Play 6 of 7');
  if (routes.has('render/fiveup')) {
    assert(all === 7, `the layout of 7 plays has 7 tiles, got ${all}`);
    await page.waitForFunction((n) => document.querySelectorAll('#fiveup-out svg g.tile').length === n - 1, all);
  }
  const legal = await api('fiveup', { text: game });
  const caption = await page.textContent('#fiveup-out p.muted');
  const six = legal.placements[5];
  assert(caption.includes(`The 6th play: ${six.domino[0]}|${six.domino[1]}`), `the caption tells the 6th play: ${caption}`);
  await page.screenshot({ path: `${SHOTS}/fiveup-desktop.png`, fullPage: true });

  await page.fill('#fiveup-text', '1-1 1-2 3-4');
  await page.click('#fiveup-form button[type="submit"]');
  await page.waitForFunction(() => /3\|4/.test(document.querySelector('#fiveup-out .verdict').textContent));
  const illegal = await page.textContent('#fiveup-out .verdict');
  assert(/the 3rd play \(3\|4\)/.test(illegal), `the first illegal move: ${illegal}`);

  // One numbering for the verdict and the picture: the JSON's 0-based
  // move 2 is the 3rd play, in both.
  await page.fill('#fiveup-text', '6-6 6-5 3-0 5-3');
  await page.click('#fiveup-form button[type="submit"]');
  await page.waitForFunction(() => /3\|0/.test(document.querySelector('#fiveup-out .verdict').textContent));
  const checked = await api('fiveup/check', { text: '6-6 6-5 3-0 5-3' });
  assert(checked.move === 2, `the JSON counts from 0: move ${checked.move}`);
  const said = await page.textContent('#fiveup-out .verdict');
  assert(/the 3rd play \(3\|0\)/.test(said), `the verdict names the 3rd play: ${said}`);
  await page.waitForFunction(() => document.querySelector('#fiveup-out svg'));
  const drawn = await page.$eval('#fiveup-out svg', (svg) => svg.textContent);
  assert(/the 3rd play/.test(drawn) && !/move \d/.test(drawn), `the picture names the 3rd play: ${drawn}`);

  await page.fill('#fiveup-text', '1-1\n1-2\n2-');
  await page.click('#fiveup-form button[type="submit"]');
  await page.waitForSelector('#fiveup-form .error:not([hidden])');
  const err = await page.textContent('#fiveup-form .error');
  assert(/line 3, column \d+/.test(err), `the Five Up paste error names line 3: ${err}`);
  return 'Five Up: a legal game stepped back, an illegal move named, a bad paste at line 3';
}

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

async function pips(page) {
  await open(page, `${BASE}/#tab=pips`);
  await page.waitForSelector('#pips-board svg');
  // Cell counts past the difficulty's are greyed out (the server refuses
  // them: the grade counts the board's size first).
  const greyed = (cells) => page.$eval(`#pips-new option[value="${cells}"]`, (o) => o.disabled);
  await page.selectOption('#pips-new select[name="difficulty"]', 'medium');
  assert(await greyed(24) && !(await greyed(16)), 'medium offers at most 16 cells');
  await page.selectOption('#pips-new select[name="difficulty"]', 'hard');
  assert(!(await greyed(40)), 'hard offers 40 cells');
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
  // A hint names a domino and its cells; then the solution is laid, the
  // last domino dragged from the tray, the others clicked (turned by
  // clicks and by R).
  await page.click('#pips-play [data-act="hint"]');
  await page.waitForFunction(() => /goes with its/.test(document.getElementById('pips-message').textContent));
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
  return `pips: a wrong domino checked and hinted, a hint, ${solution.length} dominoes laid by click, R and drag, solved, reload, a bad paste`;
}

// Screenshots of each tab at phone width, checked for overflow.
async function phone(browser, tabs) {
  const problems = [];
  const page = await browser.newPage({ viewport: { width: 360, height: 780 } });
  watch(page, problems);
  for (const tab of tabs) {
    await open(page, `${BASE}/#tab=${tab}`);
    await page.waitForSelector(`#panel-${tab} svg, #panel-${tab} .verdict`);
    await page.waitForLoadState('networkidle');
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    assert(wide <= 362, `${tab} at 360 px is ${wide} px wide (scrolls sideways)`);
    await page.screenshot({ path: `${SHOTS}/${tab}-phone.png`, fullPage: true });
  }
  await page.close();
  assert(problems.length === 0, problems.join('\n'));
  return `${tabs.join(', ')} fit 360 px`;
}

// A screenshot is checked by its pixels, decoded by the browser itself:
// enough of the page differs from the background, in many colours, and
// the dominoes' ivory shows.
async function notBlank(browser, file, withTiles) {
  const fs = require('fs');
  const data = fs.readFileSync(file).toString('base64');
  const page = await browser.newPage();
  const stats = await page.evaluate(async (src) => {
    const img = new Image();
    img.src = `data:image/png;base64,${src}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.width;
    canvas.height = img.height;
    const ctx = canvas.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const px = ctx.getImageData(0, 0, img.width, img.height).data;
    const counts = new Map();
    let ivory = 0;
    for (let i = 0; i < px.length; i += 4) {
      const k = (px[i] << 16) | (px[i + 1] << 8) | px[i + 2];
      counts.set(k, (counts.get(k) || 0) + 1);
      if (Math.abs(px[i] - 0xff) < 4 && Math.abs(px[i + 1] - 0xfd) < 4 && Math.abs(px[i + 2] - 0xf6) < 4) {
        ivory += 1;
      }
    }
    let background = 0;
    for (const v of counts.values()) {
      background = Math.max(background, v);
    }
    const total = px.length / 4;
    return { width: img.width, height: img.height, share: 1 - background / total, colours: counts.size, ivory };
  }, data);
  await page.close();
  const name = require('path').basename(file);
  assert(stats.share > 0.05 && stats.colours > 50 && (!withTiles || stats.ivory > 2000),
    `${name} looks blank: ${JSON.stringify(stats)}`);
  return `${name}: ${stats.width}x${stats.height}, ${(stats.share * 100).toFixed(0)}% not background, ${stats.colours} colours`;
}

// Every error of the API reaches the player as words (issue 29, defect 1):
// a generate that finds no puzzle says why, not a script's fault.
async function placementErrors(page) {
  await open(page, `${BASE}/#tab=place`);
  await page.waitForSelector('#place-board svg');
  await page.selectOption('#place-new select[name="set"]', '2');
  await page.selectOption('#place-new select[name="difficulty"]', 'hard');
  await page.fill('#place-new input[name="seed"]', '1');
  await page.click('#place-new button[type="submit"]');
  await page.waitForSelector('#place-new .error:not([hidden])', { timeout: 60000 });
  const said = await page.textContent('#place-new .error');
  const answer = await api('place/generate', { set: 2, difficulty: 'hard', seed: 1 });
  assert(answer.puzzle === null, 'double-2 hard seed 1 has no puzzle');
  assert(/no hard double-2 puzzle found/.test(said) && /try another seed/.test(said) && !/clues|Cannot read|null/.test(said),
    `the page gives the server's reason: ${said}`);
  return `placement: no puzzle found is said in words (${said})`;
}

// The page sends one request at a time (issue 29, defect 5): two at once
// turn one away with 503 on a small server. Counts the requests in flight.
async function oneAtATime(page) {
  const seen = { now: 0, most: 0, busy: 0 };
  const ended = (req) => {
    if (req.url().includes('/api/v1/')) {
      seen.now -= 1;
    }
  };
  page.on('request', (req) => {
    if (req.url().includes('/api/v1/')) {
      seen.now += 1;
      seen.most = Math.max(seen.most, seen.now);
    }
  });
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  page.on('response', (res) => {
    if (res.status() === 503) {
      seen.busy += 1;
    }
  });
  const hand = encodeURIComponent('6|1 1|2 2|6 6|6 3|4');
  await open(page, `${BASE}/#tab=chain&ct=${hand}&cs=6`);
  await page.waitForFunction(() => /Longest train from 6/.test((document.querySelector('#chain-out .verdict') || {}).textContent));
  await page.waitForLoadState('networkidle');
  assert(seen.most === 1 && seen.busy === 0, `a longest train link: ${seen.most} requests at once, ${seen.busy} turned away`);
  await page.click('#chain-form [data-act="longest"]');
  await page.waitForSelector('#chain-form [data-act="longest"]:not([disabled])');
  assert(seen.most === 1 && seen.busy === 0, `longest from 6: ${seen.most} requests at once, ${seen.busy} turned away`);
  await open(page, `${BASE}/#tab=pips`);
  await page.waitForSelector('#pips-board svg', { timeout: 60000 });
  await page.waitForLoadState('networkidle');
  assert(seen.most === 1 && seen.busy === 0, `a first load on the pips tab: ${seen.most} requests at once, ${seen.busy} turned away`);
  return 'one request at a time: a longest-train link, its button, a first load on the pips tab';
}

// --- Pips and Five Up (issue 29): refused lays, day files, keyboard-only
// play, the dominoes a player handles, labels that hints name cells by,
// badges clear of pips, and Five Up scores.

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

// Presses Tab until the focus is on `selector`.
async function tabTo(page, selector) {
  for (let k = 0; k < 80; k++) {
    if (await page.evaluate((s) => document.activeElement && document.activeElement.matches(s), selector)) {
      return;
    }
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reaches ${selector}`);
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
  await page.waitForFunction(() => /goes with its/.test(document.getElementById('pips-message').textContent));
  const said = await page.textContent('#pips-message');
  const named = Array.from(said.matchAll(/row (\d+), column (\d+)/g), (m) => `${m[1] - 1},${m[2] - 1}`);
  const marked = await page.$$eval('#pips-board .hl-hint', (e) => e.map((x) => x.dataset.cell));
  assert(named.length === 2 && named.join(' ') === marked.join(' '), `the hint names the cells it marks: ${said} / ${marked}`);
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

async function fiveUpScore(page) {
  const game = '5-5 5-0 5-3 5-6 6-6 6-2 0-0';
  const layout = await api('fiveup/check', { text: game });
  const score = await api('fiveup/score', { text: JSON.stringify({ placements: layout.placements }) });
  await open(page, `${BASE}/#tab=fiveup&ft=${encodeURIComponent(game)}`);
  await page.waitForSelector('#fiveup-out table.score');
  const verdict = await page.textContent('#fiveup-out .verdict');
  assert(verdict.includes(`scoring ${score.total} point`), `the verdict gives the total ${score.total}: ${verdict}`);
  const points = await page.$$eval('#fiveup-out table.score tbody tr', (r) => r.map((x) => x.cells[3].textContent));
  assert(points.join(',') === score.plays.map((p) => p.points).join(','), `each play's points: ${points}`);
  assert(await page.textContent('#fiveup-out table.score .total') === String(score.total), 'the total row');
  await page.waitForFunction(() => document.querySelector('#fiveup-out .counter').textContent === 'Play 7 of 7');
  const sofar = score.plays.slice(0, 3).reduce((t, p) => t + p.points, 0);
  for (let k = 0; k < 4; k++) {
    await page.click('#fiveup-out .prev');
  }
  await page.waitForFunction(() => document.querySelector('#fiveup-out .counter').textContent === 'Play 3 of 7'
    && /The 3rd play/.test(document.querySelector('#fiveup-out p.muted').textContent));
  const caption = await page.textContent('#fiveup-out p.muted');
  assert(caption.includes(`add up to ${score.plays[2].ends}`) && caption.includes(`${sofar} so far`), `the 3rd play's score: ${caption}`);
  assert(await page.$eval('#fiveup-out tr.now', (r) => r.dataset.play) === '3', 'the 3rd row is marked');
  // The CLI's own numbers: `domino fiveup score` over the same layout.
  const cli = require('child_process').execFileSync(process.env.DOMINO || 'target/ci/domino', ['fiveup', 'score', '--json', '-'],
    { input: JSON.stringify({ placements: layout.placements }) }).toString();
  assert(JSON.parse(cli).total === score.total, `the CLI scores ${JSON.parse(cli).total}, the API ${score.total}`);
  await page.screenshot({ path: `${SHOTS}/fiveup-score.png`, fullPage: true });
  return `Five Up: each play's points and the total (${score.total}) shown, as domino fiveup score computes them`;
}

// The Pips and Five Up tabs on a phone (390x844, touch): a domino taken
// and laid by taps, a laid one turned by a tap; screenshots of both.
async function pipsFiveUpPhone(page) {
  const other = await page.context().browser().newContext({
    viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1,
  });
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

// The routes each flow drives (through the page or directly). A server
// that lacks some (the API is built in steps) gets its flow skipped, loudly,
// and the page must say on that tab that the server lacks them.
// --- Placement and Vanish play (issue 29: edge marks, hints that move
// forward, addresses cut off or bad, clashes on the board, labels, the set
// list, digits from 7; vanish numbers, captions, best from the position).

/** Loads a generated placement puzzle through the page's form. */
async function newPlacement(page, set, difficulty, seed) {
  await open(page, `${BASE}/#tab=place`);
  await page.waitForSelector('#place-board svg');
  await page.selectOption('#place-new select[name="set"]', String(set));
  await page.selectOption('#place-new select[name="difficulty"]', difficulty);
  await page.fill('#place-new input[name="seed"]', String(seed));
  await page.click('#place-new button[type="submit"]');
  await page.waitForFunction((s) => document.getElementById('place-status').textContent.includes(s), SEED(seed), { timeout: 60000 });
  await laid(page, 0);
  return hashParam(page, 'pb');
}

/** The point in the middle of the line two neighbouring cells share. */
async function edgePoint(page, [p, q]) {
  const a = await cellCenter(page, p);
  const b = await cellCenter(page, q, false);
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

const edgeCount = (page) => page.evaluate(() => document.querySelectorAll('#place-board line.hl-edge').length);

async function marksShown(page, n) {
  await page.waitForFunction((k) => document.querySelectorAll('#place-board line.hl-edge').length === k, n);
}

// Edge marks: a click on a line marks it, the mark is in the address and
// survives a reload, undo and redo take it away and back, Shift+arrow
// marks by keyboard, a piece cannot be laid over a mark, and Check names
// a mark on a domino of the solution.
async function placeEdgeMarks(page) {
  const text = await newPlacement(page, 3, 'basic', 7);
  const solution = (await api('place/solve', { text })).solutions[0];
  // A pair the solution does not join, and one it joins.
  let apart = null;
  let joined = null;
  for (let r = 0; r < solution.length; r++) {
    for (let c = 0; c + 1 < solution[r].length; c++) {
      if (solution[r][c] !== solution[r][c + 1]) {
        apart = apart || [[r, c], [r, c + 1]];
      } else {
        joined = joined || [[r, c], [r, c + 1]];
      }
    }
  }
  const at = await edgePoint(page, apart);
  await page.mouse.click(at.x, at.y);
  await marksShown(page, 1);
  const pm = await hashParam(page, 'pm');
  assert(pm === `m${apart[0][0]}.${apart[0][1]}.h`, `the mark is in the address: ${pm}`);
  await page.reload();
  await laid(page, 0);
  await marksShown(page, 1);
  await page.click('#place-play [data-act="undo"]');
  await marksShown(page, 0);
  await page.click('#place-play [data-act="redo"]');
  await marksShown(page, 1);
  // A piece over the mark is refused, with words.
  await clickCell(page, apart[0]);
  await clickCell(page, apart[1]);
  await page.waitForFunction(() => /marked "no domino here"/.test(document.getElementById('place-message').textContent));
  assert(await page.evaluate(() => document.querySelectorAll('#place-board g.tile').length) === 0, 'no piece over a mark');
  await page.keyboard.press('Escape');
  // Clicking the line again clears it; Shift+arrow marks by keyboard. The
  // line is found anew: the reload and the message moved the board.
  const again = await edgePoint(page, apart);
  await page.mouse.click(again.x, again.y);
  await marksShown(page, 0);
  await page.focus('#place-board');
  const start = await page.evaluate(() => {
    const first = document.querySelector('#place-board rect[data-cell]');
    return first.getAttribute('data-cell').split(',').map(Number);
  });
  await page.keyboard.press('Shift+ArrowRight');
  await marksShown(page, 1);
  const keyed = await hashParam(page, 'pm');
  assert(keyed.endsWith(`m${start[0]}.${start[1]}.h`), `Shift+ArrowRight marks the line right of the cursor: ${keyed}`);
  await page.keyboard.press('Shift+ArrowRight');
  await marksShown(page, 0);
  // A mark on a domino of the solution is wrong, and Check says so.
  const wrongAt = await edgePoint(page, joined);
  await page.mouse.click(wrongAt.x, wrongAt.y);
  await marksShown(page, 1);
  await page.click('#place-play [data-act="check"]');
  await page.waitForFunction(() => /1 mark is wrong/.test(document.getElementById('place-message').textContent));
  assert(await page.evaluate(() => document.querySelectorAll('#place-board line.hl-edge-wrong').length) === 1, 'the wrong mark is dashed');
  return 'placement: edge marks by click and Shift+arrow, in the address, through reload, undo/redo; a wrong mark is named by Check';
}

// Defect 2: double-6 extreme seed 2. Every hint moves the player forward
// (it sets the marks of what it rules out, or lays the piece it finds), so
// no hint repeats.
async function placeHintsMoveForward(page) {
  await newPlacement(page, 6, 'extreme', 2);
  const said = [];
  for (let k = 0; k < 8; k++) {
    await page.click('#place-play [data-act="hint"]');
    // The hint's move lands in the address with its message.
    await page.waitForFunction((n) => {
      const pm = new URLSearchParams(location.hash.slice(1)).get('pm') || '';
      return pm.split('_').filter(Boolean).length > n;
    }, k);
    const text = await page.textContent('#place-message');
    assert(/Marked for you|Laid for you/.test(text), `hint ${k + 1} acts: ${text}`);
    assert(!said.includes(text), `hint ${k + 1} repeats an earlier one: ${text}`);
    said.push(text);
  }
  const pm = await hashParam(page, 'pm');
  assert(pm.split('_').some((t) => t.startsWith('m')), `some hints set marks: ${pm}`);
  return `placement: double-6 extreme seed 2, 8 hints, each one a new move (${pm.split('_').length} moves)`;
}

// Defect 8: a link cut off in the middle of a move keeps what it can read;
// a bad address says what was wrong and starts clean.
async function placeAddresses(page) {
  const text = await newPlacement(page, 3, 'basic', 7);
  const solution = (await api('place/solve', { text })).solutions[0];
  const pieces = bonesOf(solution);
  for (const [p, q] of pieces.slice(0, 2)) {
    await clickCell(page, p);
    await clickCell(page, q);
  }
  await laid(page, 2);
  const full = page.url();
  const cut = `${full}_1.`;
  await open(page, cut);
  await laid(page, 2);
  await page.waitForFunction(() => /2 moves before it are kept; 1 dropped/.test(document.getElementById('place-message').textContent));
  await open(page, `${BASE}/#tab=place&pb=1+2%0A3+x&pm=zz`);
  await page.waitForSelector('#place-paste .error:not([hidden])');
  const said = await page.textContent('#place-paste .error');
  assert(/address cannot be read/.test(said), `the page says the address is bad: ${said}`);
  await page.waitForFunction(() => /pieces laid: 0 of/.test(document.getElementById('place-status').textContent), null, { timeout: 30000 });
  assert(await page.isDisabled('#place-play [data-act="undo"]'), 'Undo is disabled on a clean start');
  return `placement: a cut-off link keeps 2 moves and says 1 dropped; a bad address says "${said.slice(0, 60)}..." and starts clean`;
}

// Clashes: a piece of the set laid twice is shown on the board, both copies.
async function placeClashes(page) {
  const text = await newPlacement(page, 3, 'basic', 7);
  const rows = text.split('\n').map((l) => l.trim().split(/\s+/).map(Number));
  const pairs = [];
  for (let r = 0; r < rows.length; r++) {
    for (let c = 0; c < rows[r].length; c++) {
      if (c + 1 < rows[r].length) pairs.push([[r, c], [r, c + 1]]);
      if (r + 1 < rows.length) pairs.push([[r, c], [r + 1, c]]);
    }
  }
  const value = ([r, c]) => rows[r][c];
  const bone = ([p, q]) => [value(p), value(q)].sort().join('-');
  const overlap = (a, b) => a.some((x) => b.some((y) => x[0] === y[0] && x[1] === y[1]));
  let twin = null;
  for (const a of pairs) {
    const b = pairs.find((o) => bone(o) === bone(a) && !overlap(a, o));
    if (b) {
      twin = [a, b];
      break;
    }
  }
  assert(twin, 'two pairs show the same piece');
  // Each lay redraws the board: the next click waits for the drawing, as a
  // player's eye does, or it lands where the old picture was.
  for (const [i, [p, q]] of twin.entries()) {
    await clickCell(page, p);
    await clickCell(page, q);
    await laid(page, i + 1);
  }
  await page.waitForFunction(() => document.querySelectorAll('#place-board rect.hl-clash').length === 2);
  return `placement: ${bone(twin[0])} laid twice is outlined on the board, both copies`;
}

// Labels, hints naming cells by them, the set list not shifting, digits
// from 7 up, and a small puzzle solved with the keyboard alone.
async function placeLabelsKeyboard(page) {
  const text = await newPlacement(page, 2, 'trivial', 3);
  const rows = text.split('\n').length;
  const cols = text.split('\n')[0].trim().split(/\s+/).length;
  const labels = await page.evaluate(() => Array.from(document.querySelectorAll('#place-board text.axis'), (t) => t.textContent));
  assert(labels.length === rows + cols, `row and column labels: ${labels}`);
  const chipsAt = () => page.evaluate(() => Array.from(document.querySelectorAll('#place-checklist li'), (li) => {
    const b = li.getBoundingClientRect();
    return [Math.round(b.x), Math.round(b.width)];
  }));
  const before = JSON.stringify(await chipsAt());
  await page.click('#place-play [data-act="hint"]');
  await page.waitForFunction(() => /Laid for you|Marked for you/.test(document.getElementById('place-message').textContent));
  const hint = await page.textContent('#place-message');
  const named = Array.from(hint.matchAll(/\((\d+),(\d+)\)/g), (m) => [Number(m[1]), Number(m[2])]);
  assert(named.length > 0 && named.every(([r, c]) => labels.includes(String(r)) && r < rows && c < cols),
    `the hint names cells by the labels: ${hint}`);
  await page.click('#place-play [data-act="undo"]');
  await laid(page, 0);

  // Keyboard only: arrows to each piece's first cell, Enter, arrow, Enter.
  const solution = (await api('place/solve', { text })).solutions[0];
  const pieces = bonesOf(solution);
  await page.focus('#place-board');
  let cursor = await page.evaluate(() => document.querySelector('#place-board rect[data-cell]').getAttribute('data-cell').split(',').map(Number));
  const go = async ([r, c]) => {
    while (cursor[0] !== r) {
      await page.keyboard.press(cursor[0] < r ? 'ArrowDown' : 'ArrowUp');
      cursor = [cursor[0] + (cursor[0] < r ? 1 : -1), cursor[1]];
    }
    while (cursor[1] !== c) {
      await page.keyboard.press(cursor[1] < c ? 'ArrowRight' : 'ArrowLeft');
      cursor = [cursor[0], cursor[1] + (cursor[1] < c ? 1 : -1)];
    }
  };
  for (const [k, [p, q]] of pieces.entries()) {
    await go(p);
    await page.keyboard.press('Enter');
    await go(q);
    await page.keyboard.press('Enter');
    await laid(page, k + 1);
    if (k === 0) {
      assert(JSON.stringify(await chipsAt()) === before, 'the set list keeps its place as ticks appear');
    }
  }
  await page.waitForSelector('#place-banner:not([hidden])');

  // Digits, not pips, from 7 up.
  await newPlacement(page, 7, 'trivial', 1);
  const dots = await page.evaluate(() => document.querySelectorAll('#place-board svg g.tile circle, #place-board svg circle.pip').length);
  const digits = await page.evaluate(() => Array.from(document.querySelectorAll('#place-board svg text'), (t) => t.textContent).filter((t) => t === '7').length);
  assert(digits > 0 && dots === 0, `a double-7 board shows digits (${digits} sevens, ${dots} pips)`);
  return `placement: ${labels.length} labels, hints name cells by them, the set list stays put, keyboard-only solve of ${pieces.length} pieces, digits from 7`;
}

// Defect 10: vanish numbers on the board, no caption that disagrees,
// nothing over a pip, and Best possible from the player's position.
async function vanishPlay(page) {
  await newVanish(page, false);
  const numbers = await page.evaluate(() => Array.from(document.querySelectorAll('#vanish-board g.tile[data-piece]'), (g) => g.getAttribute('data-piece'))
    .every((i) => document.querySelector(`#vanish-board text[data-number="${i}"]`)));
  assert(numbers, 'every piece shows its number');
  const board = await page.textContent('#vanish-board');
  assert(!/can be removed|Done: score|\u2298/.test(board), `no caption or mark that disagrees: ${board.slice(0, 80)}`);
  const first = await page.getAttribute('#vanish-movable button', 'data-piece');
  await page.click('#vanish-movable button');
  await page.waitForFunction(() => /removed 1/.test(document.getElementById('vanish-status').textContent));
  await page.click('#vanish-best-form button');
  await page.waitForFunction(() => /Best found/.test(document.getElementById('vanish-best-out').textContent), null, { timeout: 30000 });
  const verdict = await page.textContent('#vanish-best-out .verdict');
  assert(/from your position \(1 removed\)/.test(verdict), `best from the player's position: ${verdict}`);
  const best = Number(/: (\d+) piece/.exec(verdict)[1]);
  const text = await hashParam(page, 'vb');
  const own = await api('vanish/solve', { text, algorithm: 'exact', removed: [Number(first)] });
  assert(own.score === best, `the page shows the API's best from the position (${best} vs ${own.score})`);
  const stepper = page.locator('#vanish-best-out .stepper');
  const n = own.order.length;
  for (let k = 0; k < n; k++) {
    await stepper.locator('.next').click();
  }
  await page.waitForFunction(() => /^Done: /.test(document.querySelector('#vanish-best-out .step-note').textContent));
  const done = await page.textContent('#vanish-best-out .step-note');
  assert(done.startsWith(`Done: ${best} piece`), `the stepper agrees with Best found: ${done} / ${verdict}`);
  await page.screenshot({ path: `${SHOTS}/vanish-best.png`, fullPage: true });
  return `vanish: numbers on the board, no disagreeing caption, best from the position (${best} left) agrees with the stepper`;
}

// Screenshots of the two tabs at 1280x900 and at 390x844 (touch).
async function placeVanishShots(page) {
  await newPlacement(page, 6, 'extreme', 2);
  await page.click('#place-play [data-act="hint"]');
  await page.waitForFunction(() => /for you/.test(document.getElementById('place-message').textContent));
  await page.click('#place-play [data-act="hint"]');
  await page.waitForFunction(() => document.querySelectorAll('#place-board line.hl-edge').length > 0 || document.querySelectorAll('#place-board g.tile').length > 1);
  await page.screenshot({ path: `${SHOTS}/place-marks-desktop.png`, fullPage: true });
  const url = page.url();
  const phone = await page.context().browser().newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const small = await phone.newPage();
  await open(small, url);
  await small.waitForSelector('#place-board svg g.tile');
  await small.screenshot({ path: `${SHOTS}/place-marks-phone.png`, fullPage: true });
  await open(small, `${BASE}/#tab=vanish`);
  await small.waitForFunction(() => /Pieces left/.test(document.getElementById('vanish-status').textContent));
  await small.screenshot({ path: `${SHOTS}/vanish-phone.png`, fullPage: true });
  await phone.close();
  return 'placement and vanish screenshots at 1280x900 and 390x844';
}

// --- Timer, finish, share and Today puzzles (issue 29): the clock stops
// and the board hides while paused; the finish moment, and none under
// reduced motion; the share text has the time and the level and none of
// the moves; a Today puzzle is the same in two browsers on one date and
// another on the next; its result and the streak survive a reload.

const clockText = (page, tab) => page.textContent(`#panel-${tab} .timer-bar .clock`);

/** A fresh page of its own browser context, at 1280x900 unless told. */
async function contextPage(page, options = {}) {
  const context = await page.context().browser().newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const fresh = await context.newPage();
  const problems = [];
  watch(fresh, problems);
  fresh.problems = problems;
  return fresh;
}

async function closeContext(other) {
  assert(other.problems.length === 0, other.problems.join('\n'));
  await other.context().close();
}

/** Lays the pieces of a placement solution by clicks, from `from` pieces laid. */
async function layPieces(page, pieces, from = 0) {
  let count = from;
  for (const [p, q] of pieces) {
    await clickCell(page, p);
    await clickCell(page, q);
    count += 1;
    await laid(page, count);
  }
}

/** The share link of a solved tab, opened on `other` with k of its moves applied. */
async function openShared(other, text, applied) {
  const url = text.split('\n').find((l) => l.startsWith('http'));
  await open(other, applied === undefined ? url : `${url}&pa=${applied}`);
}

async function placeTimerFinish(page) {
  const text = await newPlacement(page, 3, 'basic', 7);
  const pieces = bonesOf((await api('place/solve', { text })).solutions[0]);
  assert(/^\d+:\d\d$/.test(await clockText(page, 'place')), 'a clock shows beside the board');
  await layPieces(page, pieces.slice(0, 2));
  await page.screenshot({ path: `${SHOTS}/place-timer-desktop.png` });
  await page.waitForFunction(() => document.querySelector('#panel-place .clock').textContent !== '0:00');

  // Pause by the P key: the board hides, the clock stops; Resume goes on.
  await page.focus('#place-board');
  await page.keyboard.press('p');
  await page.waitForSelector('#place-play .paused-cover:not([hidden])');
  assert(await page.isHidden('#place-board'), 'the board hides while paused');
  assert(await page.isHidden('#place-play .toolbar [data-act="hint"]'), 'and so do hint and check');
  const stopped = await clockText(page, 'place');
  await page.screenshot({ path: `${SHOTS}/place-paused-desktop.png` });
  await page.waitForTimeout(2200);
  assert(await clockText(page, 'place') === stopped, `the clock stops while paused (${stopped})`);
  await page.keyboard.press('Control+z');
  await laid(page, 2);
  await page.click('#place-play .paused-cover button');
  assert(await page.isVisible('#place-board svg'), 'resume shows the board');
  await page.waitForFunction((t) => document.querySelector('#panel-place .clock').textContent !== t, stopped);
  // By the button, and on by the key.
  await page.click('#place-play .timer-bar .pause');
  assert(await page.isHidden('#place-board'), 'the Pause button hides the board');
  await page.keyboard.press('p');
  assert(await page.isVisible('#place-board'), 'P resumes');

  // The finish: banner, animation, share text without moves.
  await layPieces(page, pieces.slice(2), 2);
  await page.waitForSelector('#place-banner:not([hidden])');
  const banner = await page.textContent('#place-banner');
  assert(/Solved in \d+:\d\d/.test(banner), `the banner has the time: ${banner}`);
  const moving = await page.evaluate(() => getComputedStyle(document.querySelector('#place-board svg g.tile')).animationName);
  assert(moving === 'tile-pop', `the tiles pop when solved (${moving})`);
  assert(await page.isDisabled('#place-play .timer-bar .pause'), 'a solved game has nothing to pause');
  const moves = (await hashParam(page, 'pm')).split('_');
  assert(moves.length === 10, `ten moves played: ${moves}`);
  const share = await page.inputValue('#place-play .share-text');
  const time = /Solved in (\d+:\d\d)/.exec(banner)[1];
  assert(share.includes(`Solved in ${time}`) && share.includes('double-3, basic, seed 7') && share.includes('Placement'),
    `the share text has the family, level and time: ${share}`);
  for (const m of moves) {
    assert(!share.includes(m) && !share.includes(encodeURIComponent(m)), `the share text holds no move (${m}): ${share}`);
  }
  assert(!/[#&]pm=/.test(share), `nor the moves' key: ${share}`);
  await finishOver(page);
  await page.screenshot({ path: `${SHOTS}/place-finish-desktop.png`, fullPage: true });

  // The link shares the puzzle: a friend opens it unsolved, at 0 pieces.
  const friend = await contextPage(page);
  await openShared(friend, share);
  await laid(friend, 0);
  assert(await friend.isHidden('#place-banner'), 'the shared puzzle opens unsolved');
  await closeContext(friend);

  // With the moves asked for, the link opens solved, claiming no time.
  await page.check('#place-play .share input[type="checkbox"]');
  const withMoves = await page.inputValue('#place-play .share-text');
  assert(/[#&]pm=/.test(withMoves), `the moves are in the link when asked: ${withMoves}`);
  const solvedFriend = await contextPage(page);
  await openShared(solvedFriend, withMoves);
  await solvedFriend.waitForSelector('#place-banner:not([hidden])');
  const opened = await solvedFriend.textContent('#place-banner');
  assert(/^Opened solved/.test(opened) && !/0:00/.test(opened), `a solved link claims no time: ${opened}`);
  assert(!/\d/.test(await clockText(solvedFriend, 'place')), 'nor does its clock');
  assert(await solvedFriend.isHidden('#place-play .share'), 'nor does it offer a share text');
  await closeContext(solvedFriend);

  // Under reduced motion: the banner, and nothing moves.
  const still = await contextPage(page);
  await still.emulateMedia({ reducedMotion: 'reduce' });
  await openShared(still, withMoves, 9);
  await laid(still, 9);
  await still.click('#place-play [data-act="redo"]');
  await still.waitForSelector('#place-banner:not([hidden])');
  assert(/Solved in/.test(await still.textContent('#place-banner')), 'the banner shows under reduced motion');
  const animations = await still.evaluate(() => document.getAnimations().length);
  assert(animations === 0, `no animation under reduced motion (${animations})`);
  await closeContext(still);

  // The same on a phone.
  const phone = await contextPage(page, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await openShared(phone, withMoves, 9);
  await laid(phone, 9);
  await phone.screenshot({ path: `${SHOTS}/place-timer-phone.png` });
  await phone.click('#place-play .timer-bar .pause');
  await phone.screenshot({ path: `${SHOTS}/place-paused-phone.png` });
  await phone.click('#place-play .paused-cover button');
  await phone.click('#place-play [data-act="redo"]');
  await phone.waitForSelector('#place-banner:not([hidden])');
  await finishOver(phone);
  await phone.screenshot({ path: `${SHOTS}/place-finish-phone.png`, fullPage: true });
  await closeContext(phone);
  return 'placement: a clock that P or Pause stops with the board hidden; the finish pops (still under reduced motion); the share text has family, level and time and no move; its link opens the puzzle unsolved, or solved without a time';
}

/**
 * Waits until every animation of the finish moment has played out (they
 * keep their last frame), so a screenshot shows its end.
 */
async function finishOver(page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState === 'finished'), null, { polling: 100 });
}

/** A page whose date is `date` (10:00 local), in a browser context of its own. */
async function onDate(page, date, options) {
  const other = await contextPage(page, options);
  await other.clock.setFixedTime(new Date(`${date}T10:00:00`));
  return other;
}

async function playToday(page, tab, level, date) {
  await open(page, `${BASE}/#tab=${tab}`);
  await page.waitForSelector(`#${tab}-today button[data-level="${level}"]`);
  await page.click(`#${tab}-today button[data-level="${level}"]`);
  const status = tab === 'place' ? 'place-status' : 'pips-status';
  await page.waitForFunction(([id, t]) => document.getElementById(id).textContent.includes(t), [status, `Today, ${date}, ${level}`], { timeout: 30000 });
  return hashParam(page, tab === 'place' ? 'pb' : 'qb');
}

async function todaySame(page) {
  const seen = {};
  for (const [tab, level] of [['place', 'medium'], ['pips', 'easy']]) {
    const one = await onDate(page, '2025-03-14');
    const two = await onDate(page, '2025-03-14');
    const next = await onDate(page, '2025-03-15');
    const a = await playToday(one, tab, level, '2025-03-14');
    const b = await playToday(two, tab, level, '2025-03-14');
    const c = await playToday(next, tab, level, '2025-03-15');
    assert(a && a === b, `${tab}: the same Today puzzle in two browsers on one date`);
    assert(c && c !== a, `${tab}: another one the next day`);
    assert(await one.textContent(`#${tab}-today h3`) === 'Today \u00B7 2025-03-14', `${tab}: the card names the date`);
    await one.screenshot({ path: `${SHOTS}/${tab}-today-desktop.png` });
    seen[tab] = a;
    for (const p of [one, two, next]) {
      await closeContext(p);
    }
  }
  // The seed is the date's yyyymmdd times 10 (docs/http-api.md).
  const place = await api('place/generate', { set: 5, difficulty: 'hard', seed: 202503140 });
  const rows = place.puzzle.map((row) => row.map((v) => (v === null ? '.' : String(v))).join(' ')).join('\n');
  assert(rows === seen.place, 'the placement daily is the generator\'s puzzle for seed 202503140');
  const phone = await onDate(page, '2025-03-14', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await playToday(phone, 'pips', 'hard', '2025-03-14');
  await phone.waitForSelector('#pips-board svg');
  await phone.screenshot({ path: `${SHOTS}/pips-today-phone.png`, fullPage: true });
  await closeContext(phone);
  return 'today: placement and pips dailies are the same in two browsers on 2025-03-14 and differ on 2025-03-15; the seed is yyyymmdd0';
}

async function todayKept(page) {
  const day = await onDate(page, '2025-03-14');
  await open(day, `${BASE}/#tab=place`);
  await day.waitForSelector('#place-today button');
  // Yesterday's pips daily was solved: today's solve makes a 2-day streak.
  await day.evaluate(() => localStorage.setItem('domino-results', JSON.stringify({ 'pips:2025-03-13:easy': { solved: true, ms: 30000 } })));
  const text = await playToday(day, 'place', 'easy', '2025-03-14');
  const pieces = bonesOf((await api('place/solve', { text })).solutions[0]);
  await layPieces(day, pieces.slice(0, -1));
  await day.clock.setFixedTime(new Date('2025-03-14T10:01:05'));
  await layPieces(day, pieces.slice(-1), pieces.length - 1);
  await day.waitForSelector('#place-banner:not([hidden])');
  assert(/Solved in 1:05/.test(await day.textContent('#place-banner')), 'solved in 1:05');
  assert(/Today, 2025-03-14, easy\. Solved in 1:05/.test(await day.inputValue('#place-play .share-text')), 'the share text of a daily names the day and level');
  const kept = async (streak) => {
    await day.waitForSelector('#place-today button[data-level="easy"] .result');
    const easy = await day.textContent('#place-today button[data-level="easy"]');
    assert(/1:05/.test(easy), `the Today card keeps the time: ${easy}`);
    const line = await day.textContent('#place-today .streak');
    assert(line.includes(streak), `the streak: ${line}`);
  };
  await kept('2 days');
  await finishOver(day);
  await day.screenshot({ path: `${SHOTS}/place-today-done-desktop.png` });
  await day.reload();
  await kept('2 days');
  const stored = await day.evaluate(() => JSON.parse(localStorage.getItem('domino-results')));
  const r = stored['place:2025-03-14:easy'];
  assert(r && r.solved && r.ms === 65000, `localStorage keeps solved and time: ${JSON.stringify(r)}`);
  await day.clock.setFixedTime(new Date('2025-03-15T09:00:00'));
  await day.reload();
  await day.waitForSelector('#place-today .streak');
  assert((await day.textContent('#place-today .streak')).includes('2 days'), 'the streak lasts through the next day');
  await day.clock.setFixedTime(new Date('2025-03-17T09:00:00'));
  await day.reload();
  await day.waitForSelector('#place-today .streak');
  assert(!/\d/.test(await day.textContent('#place-today .streak')), 'a missed day ends the streak');

  // A pasted newspaper day file: its solved level is kept by print date.
  const square = {
    dominoes: [[1, 1], [2, 2]],
    regions: [{ indices: [[0, 0], [0, 1]], type: 'equals' }, { indices: [[1, 0], [1, 1]], type: 'empty' }],
  };
  await pipsPaste(day, { printDate: '2025-01-01', easy: square, medium: RING }, false);
  await day.click('#pips-levels button[data-level="easy"]');
  await day.waitForFunction(() => /day file, easy \(2025-01-01\)/.test(document.getElementById('pips-status').textContent));
  await pipsLay(day, 0, [0, 0], [0, 1]);
  await pipsLaid(day, 1);
  await pipsLay(day, 1, [1, 0], [1, 1]);
  await day.waitForSelector('#pips-banner:not([hidden])');
  const paper = await day.evaluate(() => JSON.parse(localStorage.getItem('domino-results'))['pips:paper:2025-01-01:easy']);
  assert(paper && paper.solved && paper.ms >= 0, `the day file's easy level is kept: ${JSON.stringify(paper)}`);
  await day.click('#pips-paste button[type="submit"]');
  await day.waitForSelector('#pips-levels .result[data-level="easy"]');
  await closeContext(day);
  return 'today: solved/time kept in localStorage and shown after a reload, a 2-day streak that survives the next day and ends after a gap; a pasted day file\'s level kept by print date';
}

const FLOWS = [
  ['placement', 'place', placement, ['place/generate', 'place/check', 'place/hint', 'place/solve', 'render/place']],
  ['vanish', 'vanish', vanish, ['vanish/generate', 'vanish/moves', 'vanish/solve', 'vanish/compare', 'render/vanish']],
  ['chains', 'chain', chains, ['chain']],
  ['five up', 'fiveup', fiveUp, ['fiveup']],
  ['pips', 'pips', pips, ['pips/generate', 'pips/check', 'pips/solve', 'render/pips']],
  ['placement errors', 'place', placementErrors, ['place/generate']],
  ['one request at a time', 'pips', oneAtATime, ['chain/longest', 'pips/generate']],
  // Pips and Five Up (issue 29).
  ['pips refused lays', 'pips', pipsRefused, ['pips/check', 'pips/render']],
  ['pips day file', 'pips', pipsDayFile, ['pips/check', 'pips/render']],
  ['pips keyboard', 'pips', pipsKeyboard, ['pips/generate', 'pips/solve', 'pips/render']],
  ['pips handling', 'pips', pipsHandle, ['pips/check', 'pips/render']],
  ['pips labels', 'pips', pipsLabels, ['pips/generate', 'pips/solve', 'pips/render']],
  ['five up score', 'fiveup', fiveUpScore, ['fiveup/check', 'fiveup/score']],
  ['pips and five up on a phone', 'pips', pipsFiveUpPhone, ['pips/check', 'pips/render', 'fiveup/score']],
  // Placement and Vanish play (issue 29).
  ['placement edge marks', 'place', placeEdgeMarks, ['place/generate', 'place/check', 'place/solve']],
  ['placement hints move forward', 'place', placeHintsMoveForward, ['place/generate', 'place/hint']],
  ['placement addresses', 'place', placeAddresses, ['place/generate', 'place/solve']],
  ['placement clashes', 'place', placeClashes, ['place/generate', 'place/check']],
  ['placement labels and keyboard', 'place', placeLabelsKeyboard, ['place/generate', 'place/hint', 'place/solve']],
  ['vanish play', 'vanish', vanishPlay, ['vanish/generate', 'vanish/solve', 'vanish/moves']],
  ['placement and vanish screenshots', 'place', placeVanishShots, ['place/generate', 'place/hint', 'vanish/generate']],
  // Timer, finish, share and Today puzzles (issue 29).
  ['timer and finish', 'place', placeTimerFinish, ['place/generate', 'place/solve', 'place/check']],
  ['today same for everyone', 'place', todaySame, ['place/generate', 'pips/generate']],
  ['today results kept', 'place', todayKept, ['place/generate', 'place/solve', 'pips/check']],
];
// ONLY=name,name runs just those flows (while working on them).
const ONLY = (process.env.ONLY || '').split(',').filter(Boolean);

// The routes the server offers (filled in by main).
let routes = new Set();

async function offered() {
  const r = await fetch(`${BASE}/api/v1/openapi.json`);
  const doc = await r.json();
  return new Set(Object.keys(doc.paths || {}).map((p) => p.replace(/^\/api\/v1\//, '')));
}

let skipped = 0;

async function main() {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM, args: ARGS });
  routes = await offered();
  for (const [name, tab, flow, needs] of FLOWS.filter((f) => ONLY.length === 0 || ONLY.includes(f[0]))) {
    const problems = [];
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    watch(page, problems);
    const missing = needs.filter((r) => !routes.has(r));
    try {
      if (missing.length > 0) {
        await open(page, `${BASE}/#tab=${tab}`);
        await page.waitForSelector(`#panel-${tab} .unavailable, #panel-${tab} svg`);
        assert(problems.length === 0, problems.join('\n'));
        console.log(`skipped - ${name}: the server lacks ${missing.join(', ')}`);
        skipped += 1;
        await page.close();
        continue;
      }
      const what = await flow(page);
      assert(problems.length === 0, problems.join('\n'));
      console.log(`ok - ${what}`);
      passed += 1;
    } catch (err) {
      console.log(`FAILED - ${name}: ${err.stack || err}`);
      await page.screenshot({ path: `${SHOTS}/failed-${name.replace(' ', '-')}.png`, fullPage: true }).catch(() => {});
      failed += 1;
    }
    await page.close();
  }
  try {
    const working = FLOWS.filter((f) => f[3].every((r) => routes.has(r))).map((f) => f[1]);
    if (working.length === 0) {
      console.log('skipped - phone width: no tab works on this server');
      skipped += 1;
    } else {
      console.log(`ok - ${await phone(browser, working)}`);
      passed += 1;
    }
  } catch (err) {
    console.log(`FAILED - phone: ${err.stack || err}`);
    failed += 1;
  }
  const fs = require('fs');
  for (const f of fs.readdirSync(SHOTS).filter((n) => n.endsWith('.png') && !n.startsWith('failed')).sort()) {
    try {
      const render = { place: 'render/place', vanish: 'render/vanish', chain: 'render/chain', fiveup: 'render/fiveup', pips: 'render/pips' }[f.split('-')[0]];
      console.log(`ok - ${await notBlank(browser, `${SHOTS}/${f}`, routes.has(render))}`);
      passed += 1;
    } catch (err) {
      console.log(`FAILED - ${err.message}`);
      failed += 1;
    }
  }
  await browser.close();
  console.log(`screenshots: ${SHOTS}/`);
  console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  process.exit(failed === 0 ? 0 : 1);
}

main().catch((err) => {
  console.log(`FAILED - ${err.stack || err}`);
  console.log(`${passed} passed, ${failed + 1} failed`);
  process.exit(1);
});
