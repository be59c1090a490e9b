// End-to-end flows of the chains tab, and the page's one request at a
// time (a longest-train link, then a first load on the pips tab).

const { SHOTS, BASE, api, assert, open } = require('./common.cjs');

async function chains(page) {
  await open(page, `${BASE}/#tab=chain`);
  await page.waitForSelector('#chain-out .verdict');
  await page.fill('#chain-text', '1|2 2|3\n3|1 1|4 4|1');
  await page.click('#chain-form button[type="submit"]');
  await page.waitForFunction(() => /through all 5/.test(document.querySelector('#chain-out .verdict').textContent));
  await page.waitForSelector('#chain-out svg');
  const tiles = await page.$$eval('#chain-out svg g.tile', (g) => g.length);
  assert(tiles === 5, `the chain is drawn with 5 tiles, got ${tiles}`);
  const shown = (await page.textContent('#chain-out p.muted')).trim().split(/\s+/);
  const api1 = await api('chain/solve', { text: '1|2 2|3\n3|1 1|4 4|1' });
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
  const longest = await api('chain/longest', { text: '6|1 1|2 2|6 6|6 3|4', start: 6 });
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
  await page.waitForSelector('#pips-board svg');
  await page.waitForLoadState('networkidle');
  assert(seen.most === 1 && seen.busy === 0, `a first load on the pips tab: ${seen.most} requests at once, ${seen.busy} turned away`);
  return 'one request at a time: a longest-train link, its button, a first load on the pips tab';
}

/** The flows of this file: [name, the tab it opens, the flow, the routes it drives]. */
const flows = [
  ['chains', 'chain', chains, ['chain/solve', 'chain/longest', 'chain/render']],
  ['one request at a time', 'pips', oneAtATime, ['chain/longest', 'chain/render', 'pips/generate', 'pips/check', 'pips/render']],
];
module.exports = { flows };
