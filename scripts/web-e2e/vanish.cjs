// End-to-end flows of the vanish tab: a generated board played to the
// end, best possible and compare; numbers, captions and best from the
// player's position; screenshots beside the placement tab's.

const {
  SHOTS, BASE, api, assert, hashParam, helpSeen, open,
} = require('./common.cjs');
const { newPlacement } = require('./place.cjs');

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
  await page.waitForFunction(() => /Best found/.test(document.getElementById('vanish-best-out').textContent));
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
  await phone.addInitScript(helpSeen);
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

/** The flows of this file: [name, the tab it opens, the flow, the routes it drives]. */
const flows = [
  ['vanish', 'vanish', vanish, ['vanish/generate', 'vanish/moves', 'vanish/solve', 'vanish/compare', 'vanish/render']],
  ['vanish play', 'vanish', vanishPlay, ['vanish/generate', 'vanish/solve', 'vanish/moves', 'vanish/render']],
  ['placement and vanish screenshots', 'place', placeVanishShots, ['place/generate', 'place/check', 'place/render', 'place/hint', 'vanish/generate', 'vanish/moves', 'vanish/render']],
];
module.exports = { flows };
