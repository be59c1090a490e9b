// End-to-end tests of the web app served by `domino serve` (run by
// scripts/test-web, which sets BASE, SHOTS, CHROMIUM and NODE_PATH). Each
// flow is what a person does in a browser; answers are checked against the
// API (the engine's solution, its replay of a removal order), not against
// numbers written here. The flows live by family in scripts/web-e2e/; this
// file runs them, then every tab at phone width, then checks that every
// screenshot has real pixels. Also: no console errors, no request leaves
// 127.0.0.1. A flow that cannot run fails the suite: one whose routes the
// server does not offer, or offers only as deprecated aliases (the flows
// drive the current routes), or a name in ONLY that no flow has.

const { chromium } = require('playwright-core');
const {
  BASE, SHOTS, WAIT, assert, watch, open, helpSeen,
} = require('./web-e2e/common.cjs');

const FLOWS = ['place', 'vanish', 'chain', 'fiveup', 'pips', 'read', 'today', 'book', 'look']
  .flatMap((family) => require(`./web-e2e/${family}.cjs`).flows);
// The daily's flows (issue 40): its loop, statistics and archive, offline.
FLOWS.push(...['daily', 'daily-cards', 'daily-offline'].flatMap((name) => require(`./web-e2e/${name}.cjs`).flows));

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

let passed = 0;
let failed = 0;

// Screenshots of each tab at phone width, checked for overflow.
async function phone(browser, tabs) {
  const problems = [];
  const page = await browser.newPage({ viewport: { width: 360, height: 780 } });
  await page.context().addInitScript(helpSeen);
  watch(page, problems);
  for (const tab of tabs) {
    await open(page, `${BASE}/#tab=${tab}`);
    // A tab without a picture (the book's form) marks itself data-ready.
    await page.waitForSelector(`#panel-${tab} svg, #panel-${tab} .verdict, #panel-${tab} [data-ready]`);
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
async function notBlank(browser, file) {
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
  assert(stats.share > 0.05 && stats.colours > 50 && stats.ivory > 2000,
    `${name} looks blank: ${JSON.stringify(stats)}`);
  return `${name}: ${stats.width}x${stats.height}, ${(stats.share * 100).toFixed(0)}% not background, ${stats.colours} colours`;
}

// ONLY=name,name runs just those flows (while working on them).
const ONLY = (process.env.ONLY || '').split(',').filter(Boolean);

/**
 * The routes the server offers, from its OpenAPI document, as names like
 * "place/hint": those it serves and those it marks deprecated.
 */
async function offered() {
  const r = await fetch(`${BASE}/api/v1/openapi.json`);
  const doc = await r.json();
  const routes = new Set();
  const deprecated = new Set();
  for (const [path, item] of Object.entries(doc.paths || {})) {
    const route = path.replace(/^\/api\/v1\//, '');
    routes.add(route);
    if (Object.values(item).some((operation) => operation && operation.deprecated)) {
      deprecated.add(route);
    }
  }
  return { routes, deprecated };
}

/** Why a flow cannot run on this server (null when it can). */
function cannotRun(needs, { routes, deprecated }) {
  const missing = needs.filter((r) => !routes.has(r));
  const old = needs.filter((r) => deprecated.has(r));
  if (missing.length > 0) {
    return `the server lacks ${missing.map((r) => `/api/v1/${r}`).join(', ')}`;
  }
  return old.length > 0 ? `it drives deprecated routes (${old.join(', ')})` : null;
}

const ALONE = new Set(['daily offline']);

/** Runs one flow in a fresh desktop-sized page and counts its outcome. */
async function runFlow(browser, server, [name, , flow, needs]) {
  const why = cannotRun(needs, server);
  if (why) {
    console.log(`FAILED - ${name}: cannot run: ${why}`);
    failed += 1;
    return;
  }
  const problems = [];
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.context().setDefaultTimeout(WAIT);
  await page.context().addInitScript(helpSeen);
  watch(page, problems);
  try {
    const what = await flow(page);
    assert(problems.length === 0, problems.join('\n'));
    console.log(`ok - ${what}`);
    passed += 1;
  } catch (err) {
    // What the tab shown said (its status, messages, errors), to tell a
    // slow or busy server from a fault of the page.
    const said = await page.evaluate(() => Array.from(
      document.querySelectorAll('main > .panel:not([hidden]) :is(.status, .message, .error):not([hidden])'),
      (e) => e.textContent.trim(),
    ).filter(Boolean).join(' | ')).catch(() => '');
    console.log(`FAILED - ${name}: ${err.stack || err}${said ? `\n    the page says: ${said}` : ''}`);
    failed += 1;
    await page.screenshot({ path: `${SHOTS}/failed-${name.replace(/ /g, '-')}.png`, fullPage: true }).catch(() => {});
  }
  await page.close();
}

async function main() {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM, args: ARGS });
  const server = await offered();
  const unknown = ONLY.filter((name) => !FLOWS.some((f) => f[0] === name));
  for (const name of unknown) {
    console.log(`FAILED - ${name}: no flow has this name (ONLY)`);
    failed += 1;
  }
  // WEB_JOBS flows run at once (default 2, WEB_JOBS=1 for one by one),
  // each in its own browser context (own storage, clock and network): two
  // nearly halve the run on a 2-core machine. A flow waits for what it
  // checks (an answer drawn, a line shown), never for a time, so a second
  // flow loading the server only slows it down.
  // The flows in ALONE run afterwards, one by one: they fail when a second
  // flow loads the server meanwhile (the offline flow's files are kept in
  // the background before the network is cut).
  const chosen = FLOWS.filter((f) => ONLY.length === 0 || ONLY.includes(f[0]));
  const queue = chosen.filter((f) => !ALONE.has(f[0]));
  const jobs = Math.max(1, Number(process.env.WEB_JOBS) || 2);
  const worker = async () => {
    while (queue.length > 0) {
      await runFlow(browser, server, queue.shift());
    }
  };
  await Promise.all(Array.from({ length: jobs }, worker));
  for (const f of chosen.filter((f) => ALONE.has(f[0]))) {
    await runFlow(browser, server, f);
  }
  try {
    console.log(`ok - ${await phone(browser, Array.from(new Set(FLOWS.map((f) => f[1]))))}`);
    passed += 1;
  } catch (err) {
    console.log(`FAILED - phone: ${err.stack || err}`);
    failed += 1;
  }
  const fs = require('fs');
  for (const f of fs.readdirSync(SHOTS).filter((n) => n.endsWith('.png') && !n.startsWith('failed')).sort()) {
    try {
      console.log(`ok - ${await notBlank(browser, `${SHOTS}/${f}`)}`);
      passed += 1;
    } catch (err) {
      console.log(`FAILED - ${err.message}`);
      failed += 1;
    }
  }
  await browser.close();
  console.log(`screenshots: ${SHOTS}/`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

main().catch((err) => {
  console.log(`FAILED - ${err.stack || err}`);
  console.log(`${passed} passed, ${failed + 1} failed`);
  process.exit(1);
});
