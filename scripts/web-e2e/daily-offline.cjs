// End-to-end flow of the installable, offline page (issue 40, point 7):
// Chromium's installability check finds nothing missing; after a daily is
// played online, the network is cut and the page opens from the service
// worker, the kept daily plays (the engine's tiles, moved offline), a
// finished board is checked against the verified solution and counts for
// the streak, a hint says it needs the server, and the next day's daily
// plays from its card with no connection either.

const fs = require('fs');
const os = require('os');
const path = require('path');
const { chromium } = require('playwright-core');
const common = require('./common.cjs');

const { BASE, SHOTS, api, assert, open, watch } = common;
const { pipsLaid, pipsLay } = require('./pips.cjs');
const { bonesOf, layPieces } = require('./place.cjs');
const { pipsDaily, streakSays } = require('./daily.cjs');

/**
 * A page of a browser with a profile on disk: Chromium calls an app in
 * an incognito context (Playwright's usual one) not installable.
 */
async function profilePage() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'domino-offline-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM, viewport: { width: 1280, height: 900 },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  // What common.cjs sets up in every flow's pages (a script run before
  // the page's own, when it has one), this context gets too.
  for (const setUp of [common.helpSeen].filter(Boolean)) {
    await context.addInitScript(setUp);
  }
  const page = context.pages()[0] || await context.newPage();
  page.problems = [];
  watch(page, page.problems);
  // With no connection, what the kept daily needs must not fail (the
  // other tabs' examples and a hint do, and say so).
  page.on('requestfailed', (r) => {
    if (/\/api\/v1\/(pips|place)\/(render|check)$/.test(r.url())) {
      page.problems.push(`offline, ${r.url()} failed`);
    }
  });
  page.cleanUp = async () => {
    await context.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return page;
}

/**
 * Waits until the page has kept all three easy dailies (2025-03-14 to -16)
 * of `family` (offline.js keeps them one after another, in the background,
 * after the card's puzzle is on the board): the network cut before that
 * breaks a request still on its way, which fails the flow.
 */
async function keptAll(page, family) {
  const want = ['2025-03-14:easy', '2025-03-15:easy', '2025-03-16:easy'];
  await page.waitForFunction(([f, w]) => {
    const kept = (document.getElementById(`${f}-today`).dataset.kept || '').split(' ');
    return w.every((d) => kept.includes(d));
  }, [family, want], { timeout: 60000 });
}

async function dailyOffline() {
  const day = await profilePage();
  await day.clock.setFixedTime(new Date('2025-03-14T10:00:00'));
  await open(day, `${BASE}/#tab=pips`);
  await day.waitForSelector('html[data-offline="ready"]');

  // Chromium's own check: a manifest with icons, a worker, the scope.
  // (The session is closed after, or it keeps the page from seeing the
  // network cut: navigator.onLine stays true.)
  const cdp = await day.context().newCDPSession(day);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  await cdp.detach();
  assert(installabilityErrors.length === 0, `installable: ${JSON.stringify(installabilityErrors)}`);
  const manifest = await day.evaluate(async () => {
    const r = await fetch('manifest.webmanifest');
    return { type: r.headers.get('content-type'), body: await r.json() };
  });
  assert(manifest.type === 'application/manifest+json' && manifest.body.icons.length >= 2, `the manifest: ${JSON.stringify(manifest)}`);

  // Online, the easy daily from its card: it and the next two days are kept.
  await day.click('#pips-today button[data-level="easy"]');
  await day.waitForFunction(() => document.getElementById('pips-status').textContent.includes('Today, 2025-03-14, easy'));
  await keptAll(day, 'pips');
  const link = day.url();
  // And the Placement one, whose tiles are moved differently (by values).
  await open(day, `${BASE}/#tab=place`);
  await day.click('#place-today button[data-level="easy"]');
  await day.waitForFunction(() => document.getElementById('place-status').textContent.includes('Today, 2025-03-14, easy'));
  await keptAll(day, 'place');
  const placeLink = day.url();
  const placeText = new URLSearchParams(new URL(placeLink).hash.slice(1)).get('pb');
  const placePieces = bonesOf((await api('place/solve', { text: placeText })).solutions[0]);

  // No connection: the page opens from the worker and the daily plays.
  await day.context().setOffline(true);
  await open(day, link);
  await day.waitForSelector('#pips-board svg');
  await day.waitForSelector('#pips-today .offline-note:not([hidden])');
  const { solution } = await pipsDaily('2025-03-14', 'easy');
  const tiles = () => day.$$eval('#pips-board svg g.tile', (gs) => gs.length);
  await pipsLay(day, 0, solution[0][0], solution[0][1]);
  await pipsLaid(day, 1);
  assert(await tiles() === 1, 'a domino laid offline is drawn');
  // A hint needs the server, and says so.
  await day.click('#pips-play [data-act="hint"]');
  await day.waitForSelector('#pips-message:not([hidden])');
  const said = await day.textContent('#pips-message');
  assert(/hints come from the server/.test(said) && /no connection/i.test(said), `a hint offline says it needs the server: ${said}`);
  // A wrong domino is found wrong by Check: the first two swapped.
  await pipsLay(day, 1, solution[1][1], solution[1][0]);
  await pipsLaid(day, 2);
  await day.click('#pips-play [data-act="check"]');
  await day.waitForFunction(() => /wrong/.test(document.getElementById('pips-message').textContent));
  await day.click('#pips-play [data-act="undo"]');
  await pipsLaid(day, 1);
  for (const [d, [first, second]] of solution.entries()) {
    if (d > 0) {
      await pipsLay(day, d, first, second);
      await pipsLaid(day, d + 1);
    }
  }
  await day.waitForSelector('#pips-banner:not([hidden])');
  assert(await tiles() === solution.length, 'every domino drawn offline');
  await streakSays(day, '1 day in a row');
  await day.screenshot({ path: `${SHOTS}/daily-offline-desktop.png` });

  // A Placement daily offline: two pieces laid, drawn, counted.
  await open(day, placeLink);
  await day.waitForSelector('#place-board svg');
  await layPieces(day, placePieces.slice(0, 2));
  const drawn = await day.$$eval('#place-board svg g.tile', (gs) => gs.length);
  const caption = await day.textContent('#place-board svg title');
  assert(drawn === 2 && /2 pieces laid/.test(caption), `two pieces drawn offline: ${drawn}, "${caption}"`);

  // The next day, still offline: its daily plays from the card.
  await day.clock.setFixedTime(new Date('2025-03-15T09:00:00'));
  await open(day, `${BASE}/#tab=pips`);
  await day.click('#pips-today button[data-level="easy"]');
  await day.waitForFunction(() => document.getElementById('pips-status').textContent.includes('Today, 2025-03-15, easy'));
  await day.waitForSelector('#pips-board svg g.cell, #pips-board svg rect[data-cell]');
  // Offline, the other tabs' examples, a hint and a random new puzzle
  // fail to load, as they must; the kept daily's requests are watched above.
  const problems = day.problems.filter((p) => !/Failed to load resource: net::ERR_(INTERNET_DISCONNECTED|FAILED)$/.test(p));
  await day.cleanUp();
  assert(problems.length === 0, problems.join('\n'));
  return 'daily offline: Chromium finds the page installable; with no connection the page opens, a kept daily plays and is checked (wrong and solved), counts for the streak, a hint says it needs the server, and the next day\'s daily plays from its card';
}

/** The flows of this file: [name, the tab it opens, the flow, the routes it drives]. */
const flows = [
  ['daily offline', 'pips', dailyOffline, ['pips/generate', 'pips/check', 'pips/render', 'pips/hint']],
];
module.exports = { flows };
