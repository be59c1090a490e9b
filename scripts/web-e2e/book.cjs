// End-to-end flow of the "Print a book" tab: the form's levels come from
// the service's document, a small book downloads as a PDF (the file the
// API makes for the same request), and a request for no puzzle says why.

const { SHOTS, BASE, assert, open } = require('./common.cjs');

async function book(page) {
  await open(page, `${BASE}/#tab=book`);
  await page.waitForSelector('#book-form[data-ready]');
  const levels = await page.$$eval('#book-form select[name="pips_difficulty"] option', (o) => o.map((x) => x.value));
  const doc = await (await fetch(`${BASE}/api/v1/openapi.json`)).json();
  const grades = doc.components.schemas.PipsGrade.enum;
  assert(JSON.stringify(levels) === JSON.stringify(grades), `the pips levels are the document's: ${levels} vs ${grades}`);

  await page.fill('#book-form input[name="title"]', 'E2E book');
  await page.fill('#book-form input[name="place_count"]', '2');
  await page.selectOption('#book-form select[name="place_set"]', '4');
  await page.selectOption('#book-form select[name="place_difficulty"]', 'basic');
  await page.fill('#book-form input[name="pips_count"]', '2');
  await page.selectOption('#book-form select[name="pips_difficulty"]', 'easy');
  await page.fill('#book-form input[name="seed"]', '7');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.click('#book-form button[type="submit"]'),
  ]);
  assert(download.suggestedFilename().endsWith('.pdf'), `the file is a .pdf: ${download.suggestedFilename()}`);
  const fs = require('fs');
  const saved = fs.readFileSync(await download.path());
  assert(saved.subarray(0, 4).toString() === '%PDF', 'the download is a PDF');
  const r = await fetch(`${BASE}/api/v1/book`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      title: 'E2E book', paper: 'a4', steps: 0, seed: 7,
      place: [{ set: 4, difficulty: 'basic', count: 2 }], pips: [{ difficulty: 'easy', count: 2 }],
    }),
  });
  assert(r.ok, `the API makes the same book: ${r.status}`);
  assert(Buffer.from(await r.arrayBuffer()).equals(saved), 'the download is the API\'s book for the form');
  await page.waitForFunction(() => /Saved as/.test(document.getElementById('book-status').textContent));
  await page.screenshot({ path: `${SHOTS}/book-desktop.png`, fullPage: true });

  await page.fill('#book-form input[name="place_count"]', '0');
  await page.fill('#book-form input[name="pips_count"]', '0');
  await page.click('#book-form button[type="submit"]');
  await page.waitForSelector('#book-form .error:not([hidden])');
  const err = await page.textContent('#book-form .error');
  assert(/at least one puzzle/.test(err), `no puzzle says why: ${err}`);
  return `book: a ${saved.length}-byte PDF of 4 puzzles downloaded, the API's for the form; no puzzle refused with its reason`;
}

/** The flows of this file: [name, the tab it opens, the flow, the routes it drives]. */
const flows = [
  ['book', 'book', book, ['book', 'place/generate', 'pips/generate']],
];
module.exports = { flows };
