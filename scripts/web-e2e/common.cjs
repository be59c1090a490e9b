// What every family's end-to-end flows share (scripts/web-e2e.cjs runs
// them): the server's address and the screenshots' folder from the
// environment, assertions, the API called directly (to check the page's
// answers against the engine's), the watch on a page's network and
// console, real loads, and pages in browser contexts of their own, whose
// help is marked seen (so it does not open over the flow; look.cjs tests it).

const BASE = process.env.BASE;
const SHOTS = process.env.SHOTS;

function assert(cond, message) {
  if (!cond) {
    throw new Error(message);
  }
}

// How long a flow's step waits for what it waits for before it fails: a
// bound on a hang, not a measure. Two flows at once share a 2-core
// machine and the server's one slot for long searches (a flow's search
// that runs to the 10 s limit holds it), so a step may wait well past
// Playwright's default of 30 s without anything being wrong.
const WAIT = 90000;

async function api(route, body) {
  // A full solver pool (503) is waited out, as the page does, for as long
  // as a flow's step waits (WAIT): with two flows at once a search of the
  // other may hold the pool's one slot for its 10 s.
  const until = Date.now() + WAIT;
  for (;;) {
    const r = await fetch(`${BASE}/api/v1/${route}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (r.status === 503 && Date.now() < until) {
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

// Run in every page before its scripts: the help of every tab counts as
// seen, so it does not open by itself over a flow (help.js).
function helpSeen() {
  if (location.protocol === 'http:') {
    localStorage.setItem('domino-help-seen', JSON.stringify(['place', 'vanish', 'chain', 'fiveup', 'pips', 'book']));
  }
}

/** A fresh page of its own browser context, at 1280x900 unless told (its help seen unless `help`). */
async function contextPage(page, options = {}, help = false) {
  const context = await page.context().browser().newContext({ viewport: { width: 1280, height: 900 }, ...options });
  context.setDefaultTimeout(WAIT);
  if (!help) {
    await context.addInitScript(helpSeen);
  }
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

/** A page whose date is `date` (10:00 local), in a browser context of its own. */
async function onDate(page, date, options) {
  const other = await contextPage(page, options);
  await other.clock.setFixedTime(new Date(`${date}T10:00:00`));
  return other;
}

/**
 * Waits until every animation of the finish moment has played out (they
 * keep their last frame), so a screenshot shows its end.
 */
async function finishOver(page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState === 'finished'), null, { polling: 100 });
}

const clockText = (page, tab) => page.textContent(`#panel-${tab} .timer-bar .clock`);
module.exports = {
  BASE, SHOTS, WAIT, assert, api, watch, open, SEED, hashParam, tabTo, contextPage, closeContext, onDate, finishOver, clockText, helpSeen,
};
