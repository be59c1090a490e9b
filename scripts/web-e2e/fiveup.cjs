// End-to-end flows of the Five Up tab: a legal game stepped through, an
// illegal one named, a bad paste; the score of a layout.

const { SHOTS, BASE, api, assert, open } = require('./common.cjs');

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
  assert(all === 7, `the layout of 7 plays has 7 tiles, got ${all}`);
  await page.waitForFunction((n) => document.querySelectorAll('#fiveup-out svg g.tile').length === n - 1, all);
  const legal = await api('fiveup/check', { text: game });
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

/** The flows of this file: [name, the tab it opens, the flow, the routes it drives]. */
const flows = [
  ['five up', 'fiveup', fiveUp, ['fiveup/check', 'fiveup/render']],
  ['five up score', 'fiveup', fiveUpScore, ['fiveup/check', 'fiveup/score', 'fiveup/render']],
];
module.exports = { flows };
