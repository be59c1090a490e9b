// End-to-end flows of the honest daily loop (issue 40, point 1, N3, N4):
// the streak counts only a daily opened from its own day's card and solved
// that day; a shared link (of that day or another) and a day solved late
// never count; every card and every open tab shows the same streak; an
// open tab rolls over at local midnight (the card's date and puzzles) while
// the clock of the game on the board runs on. The clock is Playwright's.

const { BASE, SHOTS, api, assert, clockText, closeContext, contextPage, open } = require('./common.cjs');
const { pipsLaid, pipsLay } = require('./pips.cjs');

/** The Pips daily of `date` at `level`, as the page asks for it: its text and solution. */
async function pipsDaily(date, level) {
  for (let attempt = 0; attempt < 10; attempt++) {
    const answer = await api('pips/generate', { difficulty: level, seed: Number(date.replace(/-/g, '')) * 10 + attempt });
    if (answer.text) {
      return { text: answer.text, solution: answer.puzzle.solution };
    }
  }
  throw new Error(`no pips daily for ${date}`);
}

/** A link to a Pips daily with every move of its solution but the last applied. */
function almostSolved(date, level, { text, solution }) {
  const moves = solution.map(([a, b], d) => [d, ...a, ...b].join('.')).join('_');
  const hash = new URLSearchParams({
    tab: 'pips', qb: text, qt: `Today, ${date}, ${level}`, qm: moves, qa: String(solution.length - 1), qd: `${date}:${level}`,
  });
  return `${BASE}/#${hash}`;
}

/** Opens a link one move short of the solution and plays that move (redo). */
async function solveByLink(page, url) {
  await open(page, url);
  await page.waitForSelector('#pips-play [data-act="redo"]:not([disabled])');
  await page.click('#pips-play [data-act="redo"]');
  await page.waitForSelector('#pips-banner:not([hidden])');
}

const streakOf = (page, tab) => page.textContent(`#${tab}-today .streak`);

/** Waits until the Pips statistics (every level) say `want` ({played: '1', ...}). */
async function statsSay(page, want) {
  const read = () => page.evaluate((names) => Object.fromEntries(names.map((n) => [n,
    document.querySelector(`#pips-stats [data-figure="${n}"] dd`).textContent])), Object.keys(want));
  try {
    await page.waitForFunction((w) => Object.entries(w).every(([n, v]) => document.querySelector(`#pips-stats [data-figure="${n}"] dd`).textContent === v),
      want, { timeout: 5000 });
  } catch (err) {
    throw new Error(`statistics say ${JSON.stringify(await read())}, expected ${JSON.stringify(want)}`);
  }
}

/** Waits until both cards of `page` say `words` of the streak. */
async function streakSays(page, words) {
  await page.waitForFunction((w) => ['place', 'pips'].every((t) => document.querySelector(`#${t}-today .streak`).textContent.includes(w)), words);
}

async function dailyStreakHonest(page) {
  const day = await contextPage(page);
  await day.clock.setFixedTime(new Date('2025-03-14T10:00:00'));
  const other = await day.context().newPage();
  await open(other, `${BASE}/#tab=place`);
  await other.waitForSelector('#place-today .streak');
  // The tab played in is in front (a tab behind gets its frames slowly).
  await day.bringToFront();

  // The day's own puzzle from its card, solved that day: a 1-day streak,
  // on both cards and in the other open tab, with no reload.
  const daily = await pipsDaily('2025-03-14', 'easy');
  await open(day, `${BASE}/#tab=pips`);
  await day.click('#pips-today button[data-level="easy"]');
  await day.waitForFunction(() => document.getElementById('pips-status').textContent.includes('Today, 2025-03-14, easy'));
  for (const [d, [first, second]] of daily.solution.entries()) {
    await pipsLay(day, d, first, second);
    await pipsLaid(day, d + 1);
  }
  await day.waitForSelector('#pips-banner:not([hidden])');
  await streakSays(day, '1 day in a row');
  await streakSays(other, '1 day in a row');
  await other.close();

  // A daily counts as played from its first move: the medium one opened
  // from the card and left is not played (the win rate stays 100%), one
  // move makes it played and unsolved.
  await statsSay(day, { played: '1', solved: '1', 'win-rate': '100%' });
  await day.click('#pips-today button[data-level="medium"]');
  await day.waitForFunction(() => document.getElementById('pips-status').textContent.includes('Today, 2025-03-14, medium'));
  await statsSay(day, { played: '1', solved: '1', 'win-rate': '100%' });
  const medium = await pipsDaily('2025-03-14', 'medium');
  await pipsLay(day, 0, medium.solution[0][0], medium.solution[0][1]);
  await pipsLaid(day, 1);
  await statsSay(day, { played: '2', solved: '1', 'win-rate': '50%' });

  // A skipped day (03-15), then on 03-16 the 03-15 puzzle solved through
  // its link: no streak (before, it made 2 days).
  await day.clock.setFixedTime(new Date('2025-03-16T10:00:00'));
  await solveByLink(day, almostSolved('2025-03-15', 'easy', await pipsDaily('2025-03-15', 'easy')));
  await streakSays(day, 'solve one today');
  // Nor is a link's game played: its moves and its clock were another's.
  await statsSay(day, { played: '2', solved: '1' });

  // A friend opens a link carrying today's daily (qd=2025-03-16) and
  // solves it: it is not their own Today puzzle, so no streak either.
  const friend = await contextPage(page);
  await friend.clock.setFixedTime(new Date('2025-03-16T11:00:00'));
  await solveByLink(friend, almostSolved('2025-03-16', 'easy', await pipsDaily('2025-03-16', 'easy')));
  await streakSays(friend, 'solve one today');
  const kept = await friend.evaluate(() => JSON.parse(localStorage.getItem('domino-daily')).dailies['pips:2025-03-16:easy']);
  assert(kept && kept.solved && kept.from === 'link' && !kept.counts, `a linked daily is kept solved, not counted: ${JSON.stringify(kept)}`);
  await closeContext(friend);
  await closeContext(day);
  return 'daily: a Today solve makes a 1-day streak on both cards and in another open tab; a daily counts as played from its first move (opened and left, or solved through a link, it is not); a skipped day\'s puzzle solved by its link later, and a friend\'s link of today\'s daily, count for nothing';
}

async function dailyMidnight(page) {
  const night = await contextPage(page);
  await night.clock.install({ time: new Date('2025-03-14T23:59:30') });
  await open(night, `${BASE}/#tab=pips`);
  await night.click('#pips-today button[data-level="easy"]');
  await night.waitForFunction(() => document.getElementById('pips-status').textContent.includes('Today, 2025-03-14, easy'));
  assert(await night.textContent('#pips-today h3') === 'Today \u00B7 2025-03-14', 'the card names the day before midnight');
  assert(await night.isHidden('#pips-stale'), 'before midnight the board\'s daily is today\'s');

  // One minute on: both cards turn to the new day; the game's clock runs on.
  await night.clock.runFor(60000);
  await night.waitForFunction(() => ['place', 'pips'].every((t) => document.querySelector(`#${t}-today h3`).textContent === 'Today \u00B7 2025-03-15'));
  const time = await clockText(night, 'pips');
  assert(/^[01]:\d\d$/.test(time) && time !== '0:00', `the clock runs on past midnight: ${time}`);
  // The board says it still holds yesterday's daily, which no longer counts.
  await night.waitForSelector('#pips-stale:not([hidden])');
  const stale = await night.textContent('#pips-stale');
  assert(/yesterday.s daily \(2025-03-14, easy\)/.test(stale) && /no longer counts/.test(stale), `the board says whose daily it holds: ${stale}`);
  assert(await night.isHidden('#place-stale'), 'the Placement board, with no daily on it, says nothing');
  await night.screenshot({ path: `${SHOTS}/daily-midnight-desktop.png` });

  // Yesterday's daily solved after midnight does not start a streak.
  const { solution } = await pipsDaily('2025-03-14', 'easy');
  for (const [d, [first, second]] of solution.entries()) {
    await pipsLay(night, d, first, second);
    await pipsLaid(night, d + 1);
  }
  await night.waitForSelector('#pips-banner:not([hidden])');
  await streakSays(night, 'solve one today');

  // The card's buttons now play the new day's puzzles.
  await night.click('#pips-today button[data-level="easy"]');
  await night.waitForFunction(() => document.getElementById('pips-status').textContent.includes('Today, 2025-03-15, easy'));
  assert(await night.isHidden('#pips-stale'), 'the new day\'s daily on the board: the line goes');
  await closeContext(night);
  return 'daily: at local midnight an open tab\'s cards turn to the new day and play its puzzles, the clock runs on, the board says it holds yesterday\'s daily, which no longer counts, and solved after midnight it counts for no streak';
}

/** The flows of this file: [name, the tab it opens, the flow, the routes it drives]. */
const flows = [
  ['daily streak honest', 'pips', dailyStreakHonest, ['pips/generate', 'pips/check', 'pips/render']],
  ['daily midnight', 'pips', dailyMidnight, ['pips/generate', 'pips/check', 'pips/render']],
];
module.exports = { flows, pipsDaily, almostSolved, solveByLink, streakOf, streakSays };
