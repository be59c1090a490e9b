// End-to-end flow of the Pips tab's screenshot import (web/read.js): a
// real phone screenshot of the shared folder (../shared/data/pips/
// screenshots beside the clone, read from there; skipped, and saying so,
// when it is missing) chosen with the file picker, its reading shown for
// confirmation as the engine's reader gives it, a domino fixed and a
// rule changed and put back (each judged by the engine), the same
// screenshot pasted and dropped, then played with a hint.

const fs = require('fs');
const path = require('path');
const { SHOTS, BASE, api, assert, open } = require('./common.cjs');

const SHOT = path.resolve(__dirname, '../../../shared/data/pips/screenshots/shot-02.png');

/** The reader's answer for the screenshot, asked of the API directly. */
async function reading(bytes) {
  const r = await fetch(`${BASE}/api/v1/pips/read`, { method: 'POST', headers: { 'Content-Type': 'image/png' }, body: bytes });
  const answer = await r.json();
  assert(r.ok, `pips/read: ${r.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** Waits until the verdict line says `words` (a regular expression). */
async function verdict(page, words) {
  await page.waitForFunction((w) => new RegExp(w).test(document.querySelector('#pips-read-view .read-verdict').textContent), words.source);
}

/** Applies the fix in the editor, and waits until the engine has judged it (the editor closes). */
async function apply(page) {
  await page.click('#pips-read-view .read-edit button[type="submit"]');
  await page.waitForSelector('#pips-read-view .read-edit:empty', { state: 'attached' });
}

/**
 * Hands the screenshot to the page as a paste (Ctrl+V of an image) or a
 * drop on the tab: the event a browser makes, with the file in it.
 */
async function handOver(page, bytes, how) {
  await page.evaluate(async ([data, kind]) => {
    const file = new File([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], 'pasted.png', { type: 'image/png' });
    const transfer = new DataTransfer();
    transfer.items.add(file);
    const event = kind === 'paste'
      ? new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true })
      : new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true });
    (kind === 'paste' ? document.body : document.getElementById('pips-board')).dispatchEvent(event);
  }, [bytes.toString('base64'), how]);
}

async function pipsRead(page) {
  // The shared folder sits beside the clone where CI lays it out; a clone
  // without it says so, as the newspaper-day tests do.
  if (!fs.existsSync(SHOT)) {
    return `pips read: skipped, no ${SHOT} beside the clone`;
  }
  const bytes = fs.readFileSync(SHOT);
  const want = await reading(bytes);
  await open(page, `${BASE}/#tab=pips`);
  await page.waitForSelector('#pips-board svg');

  // The file picker: the reading shown is the reader's.
  await page.setInputFiles('#pips-read input[name="shot"]', SHOT);
  await page.waitForSelector('#pips-read-view:not([hidden]) .read-board svg');
  assert(want.unique, `${path.basename(SHOT)} reads as a puzzle with one solution: ${JSON.stringify(want)}`);
  await verdict(page, /has one solution/);
  const tray = await page.$$eval('#pips-read-view .read-tray button', (bs) => bs.map((b) => b.textContent.replace(' ?', '')));
  assert(JSON.stringify(tray) === JSON.stringify(want.puzzle.dominoes.map(([a, b]) => `${a}|${b}`)),
    `the tray shown is the reader's: ${tray} against ${JSON.stringify(want.puzzle.dominoes)}`);
  const marks = await page.$$eval('#pips-read-view .hl-unsure', (ms) => ms.length);
  const boardDoubts = want.unsure.filter((u) => ['cell', 'badge'].includes(u.item.kind)).length;
  assert(marks === boardDoubts, `every doubted cell and badge is marked: ${marks} of ${boardDoubts}`);
  await page.locator('#pips-read').screenshot({ path: `${SHOTS}/pips-read-confirm.png` });

  // A domino changed: the verdict is the engine's for the puzzle changed;
  // put back, it has one solution again.
  const [a, b] = want.puzzle.dominoes[0];
  const fix = async (first) => {
    await page.click('#pips-read-view .read-tray button[data-domino="0"]');
    await page.fill('#pips-read-view .read-edit input[name="a"]', String(first));
    await page.fill('#pips-read-view .read-edit input[name="b"]', String(b));
    await apply(page);
  };
  await fix(a === 6 ? 5 : a + 1);
  await page.waitForFunction((t) => document.querySelector('#pips-read-view .read-tray button[data-domino="0"]').textContent.startsWith(t), `${a === 6 ? 5 : a + 1}|`);
  const changed = { ...want.puzzle, dominoes: [[a === 6 ? 5 : a + 1, b], ...want.puzzle.dominoes.slice(1)] };
  const solved = await api('pips/solve', { text: JSON.stringify(changed), limit: 2 });
  await verdict(page, { 0: /has no solution/, 1: /has one solution/ }[solved.count] || /more than one solution/);
  await fix(a);
  await verdict(page, /has one solution/);

  // A tap on the first region's badge opens its rule; changed and put back.
  const first = want.puzzle.regions.findIndex((g) => g.type !== 'empty');
  const region = want.puzzle.regions[first];
  const corner = region.indices.slice().sort((p, q) => p[0] - q[0] || p[1] - q[1])[0];
  // The badge sits across the top edge at the corner cell's left; the
  // cell's centre is the region too (once its badge is gone).
  const point = (dx, dy) => page.evaluate(([r, c, x, y]) => {
    const svg = document.querySelector('#pips-read-view .read-board svg');
    const d = svg.dataset;
    const size = Number(d.cell);
    const p = new DOMPoint(Number(d.left) + c * size + x * size, Number(d.top) + r * size + y * size).matrixTransform(svg.getScreenCTM());
    return { x: p.x, y: p.y };
  }, [...corner, dx, dy]);
  const at = await point(0.15, 0);
  const badges = await page.$$eval('#pips-read-view .read-board .badge', (bs) => bs.length);
  await page.mouse.click(at.x, at.y);
  await page.waitForSelector(`#pips-read-view .read-edit form[data-region="${first}"]`);
  const rule = await page.inputValue('#pips-read-view .read-edit select[name="type"]');
  assert(rule === region.type, `the badge tapped opens its own rule: ${rule}, not ${region.type}`);
  await page.selectOption('#pips-read-view .read-edit select[name="type"]', 'empty');
  await apply(page);
  assert(await page.$$eval('#pips-read-view .read-board .badge', (bs) => bs.length) < badges, 'the rule taken away takes its badge');
  const centre = await point(0.5, 0.5);
  await page.mouse.click(centre.x, centre.y);
  await page.waitForSelector(`#pips-read-view .read-edit form[data-region="${first}"]`);
  await page.selectOption('#pips-read-view .read-edit select[name="type"]', region.type);
  if (region.target !== undefined) {
    await page.fill('#pips-read-view .read-edit input[name="target"]', String(region.target));
  }
  await apply(page);
  await verdict(page, /has one solution/);

  // The same screenshot pasted, then dropped: read again from the start.
  for (const how of ['paste', 'drop']) {
    await page.$eval('#pips-read .status', (e) => {
      e.textContent = '';
    });
    await handOver(page, bytes, how);
    await page.waitForFunction(() => /^Read pasted\.png/.test(document.querySelector('#pips-read .status').textContent));
    await verdict(page, /has one solution/);
  }

  // Played: loaded as a pasted puzzle, and a hint names a deduction.
  await page.click('#pips-read-view [data-act="play-read"]');
  await page.waitForFunction(() => /pasted puzzle/.test(document.getElementById('pips-status').textContent));
  const dominoes = await page.$$eval('#pips-tray .tray-piece', (ps) => ps.length);
  assert(dominoes === want.puzzle.dominoes.length, `the tray holds the ${want.puzzle.dominoes.length} dominoes read: ${dominoes}`);
  await page.click('#pips-play [data-act="hint"]');
  await page.waitForFunction(() => /Hint/.test(document.getElementById('pips-message').textContent));
  const hint = await page.textContent('#pips-message');
  return `pips read: ${path.basename(SHOT)} read (${want.puzzle.dominoes.length} dominoes, ${want.unsure.length} unsure), a domino and a rule fixed and put back, pasted and dropped, played with a hint (${hint.slice(0, 60)})`;
}

/** The flows of this file: [name, the tab it opens, the flow, the routes it drives]. */
const flows = [
  ['pips read', 'pips', pipsRead, ['pips/read', 'pips/render', 'pips/solve', 'pips/check', 'pips/hint']],
];
module.exports = { flows };
