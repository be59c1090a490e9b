// End-to-end flows of the daily's statistics and archive (issue 40,
// points 2 and 3): the figures per family and level from the kept
// results, the histogram of times, export to a file and import from one
// (a bad file refused with a clear message, nothing changed); the
// archive's calendar, a past day played from it, kept solved with its
// time and counting for no streak. Screenshots of both cards at 1280x900
// and 390x844.

const fs = require('fs');
const {
  BASE, SHOTS, assert, closeContext, contextPage, finishOver, open,
} = require('./common.cjs');
const { pipsLaid, pipsLay } = require('./pips.cjs');
const { pipsDaily, streakSays } = require('./daily.cjs');

const AXE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical findings on the page (as web-sweep.cjs runs it). */
async function axeClean(page, where) {
  await page.addScriptTag({ content: AXE });
  const found = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  assert(found.length === 0, `${where}: axe found ${found.join('; ')}`);
}

/**
 * Scrolls the card `selector` to the top of the window and takes the
 * screenshot `file` of the page as it stands: once the tab's puzzle is on
 * the board (drawing it scrolls the board into view, svg.js's reveal, so
 * a card scrolled to before may be out of the picture) and every
 * animation is over (the solved banner fades in: axe, run after, would
 * read its colours half-faded).
 */
async function shot(page, selector, file) {
  await page.waitForSelector('#pips-board svg');
  await finishOver(page);
  await page.$eval(selector, (e) => e.scrollIntoView());
  const top = await page.$eval(selector, (e) => e.getBoundingClientRect().top / window.innerHeight);
  assert(top >= 0 && top < 0.5, `${file}: ${selector} is in the top half of the window (at ${top})`);
  await page.screenshot({ path: `${SHOTS}/${file}` });
}

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

// Kept results of Pips dailies as the page before kept them (schema 2,
// with no first move kept: the page upgrades them), on 2025-03-14: three
// days in a row up to today counted, an older run of four, one daily opened
// and not solved, one from the archive, and one solved through a link (no
// game of the player's: not played). First-solve times 0:30, 1:10, 2:30,
// 6:40.
const entry = (date, level, first, counts, from = 'today') => [`pips:${date}:${level}`, {
  opened: date, from, solved: first !== null, counts, ...(first === null ? {} : { ms: first, first, on: date }),
}];
const STORE = {
  schema: 2,
  dailies: Object.fromEntries([
    entry('2025-03-14', 'easy', 30000, true),
    entry('2025-03-13', 'easy', 70000, true),
    entry('2025-03-12', 'medium', 150000, true),
    entry('2025-03-11', 'hard', null, false),
    entry('2025-03-01', 'easy', 400000, false, 'archive'),
    ...['2025-02-01', '2025-02-02', '2025-02-03', '2025-02-04'].map((d) => entry(d, 'medium', 200000, true)),
    entry('2025-03-10', 'easy', 90000, true).map((v, i) => (i === 0 ? 'place:2025-03-10:easy' : v)),
    entry('2025-03-09', 'easy', 50000, false, 'link'),
  ]),
  papers: {},
};

const figure = (page, name) => page.textContent(`#pips-stats [data-figure="${name}"] dd`);

async function figuresAre(page, want) {
  for (const [name, value] of Object.entries(want)) {
    const got = await figure(page, name);
    assert(got === value, `statistics: ${name} is ${got}, expected ${value}`);
  }
}

async function dailyStatistics(page) {
  const day = await contextPage(page, { acceptDownloads: true });
  await day.clock.setFixedTime(new Date('2025-03-14T10:00:00'));
  await open(day, `${BASE}/#tab=pips`);
  await day.evaluate((s) => localStorage.setItem('domino-daily', JSON.stringify(s)), STORE);
  await day.reload();
  await day.click('#pips-stats summary');
  // The store is kept upgraded: a card's daily played, a link's not.
  const kept = await day.evaluate(() => JSON.parse(localStorage.getItem('domino-daily')));
  const playedOf = (k) => kept.dailies[k] && kept.dailies[k].played;
  assert(kept.schema === 3 && playedOf('pips:2025-03-11:hard') === '2025-03-11' && playedOf('pips:2025-03-09:easy') === null,
    `the schema 2 store is kept as schema 3: ${JSON.stringify(kept).slice(0, 300)}`);
  await figuresAre(day, {
    played: '9', solved: '8', 'win-rate': '89%', 'current-streak': '3', 'best-streak': '4', 'best-time': '0:30', 'median-time': '3:20',
  });
  const bars = await day.$$eval('#pips-stats svg.histogram g.bin', (gs) => gs.map((g) => g.querySelector('.count').textContent));
  assert(bars.join(' ') === '1 1 1 4 1 0', `histogram counts by bin: ${bars}`);
  const label = await day.getAttribute('#pips-stats svg.histogram', 'aria-label');
  assert(/3\u20135 min: 4/.test(label), `the histogram says its counts: ${label}`);
  await day.selectOption('#pips-stats select', 'easy');
  await figuresAre(day, {
    played: '3', solved: '3', 'win-rate': '100%', 'current-streak': '2', 'best-streak': '2', 'median-time': '1:10',
  });
  await day.selectOption('#pips-stats select', 'all');
  await shot(day, '#pips-stats', 'daily-stats-desktop.png');
  await axeClean(day, 'statistics at 1280x900');

  // Export: the file is the store.
  const [download] = await Promise.all([day.waitForEvent('download'), day.click('#pips-stats [data-act="export"]')]);
  const file = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
  assert(/^domino-results-2025-03-14\.json$/.test(download.suggestedFilename()), `export file name: ${download.suggestedFilename()}`);
  assert(JSON.stringify(file) === JSON.stringify(kept), 'the exported file holds the results as kept');

  // Import: a bad file is refused with a reason, and nothing changes.
  for (const [text, words] of [['not json', 'not JSON'], ['{"schema":1}', 'version 2 or 3'],
    [JSON.stringify({ ...STORE, dailies: { 'pips:tomorrow:easy': {} } }), '"pips:tomorrow:easy"']]) {
    await day.setInputFiles('#pips-stats input[type="file"]', { name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(text) });
    await day.waitForSelector('#pips-stats .error:not([hidden])');
    const said = await day.textContent('#pips-stats .error');
    assert(said.includes(words) && /cannot|not JSON/.test(said), `a bad file is refused plainly: ${said}`);
  }
  await figuresAre(day, { played: '9' });
  // A good one replaces the results: every card follows. Its medium
  // daily was opened and left with no move: not played.
  const one = {
    schema: 3,
    dailies: {
      'pips:2025-03-14:hard': { ...entry('2025-03-14', 'hard', 61000, true)[1], played: '2025-03-14' },
      'pips:2025-03-14:medium': { ...entry('2025-03-14', 'medium', null, false)[1], played: null },
    },
    papers: {},
  };
  await day.setInputFiles('#pips-stats input[type="file"]', { name: 'mine.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(one)) });
  await day.waitForFunction(() => /Imported mine\.json: 2 daily results/.test(document.querySelector('#pips-stats .imported').textContent));
  assert(await day.isHidden('#pips-stats .error'), 'the error goes with a good file');
  await figuresAre(day, { played: '1', 'best-time': '1:01', 'current-streak': '1' });
  await streakSays(day, '1 day in a row');
  assert(/1:01/.test(await day.textContent('#pips-today button[data-level="hard"]')), 'the Today card shows the imported result');
  await closeContext(day);

  const phone = await contextPage(page, PHONE);
  await phone.clock.setFixedTime(new Date('2025-03-14T10:00:00'));
  await open(phone, `${BASE}/#tab=pips`);
  await phone.evaluate((s) => localStorage.setItem('domino-daily', JSON.stringify(s)), STORE);
  await phone.reload();
  await phone.click('#pips-stats summary');
  await shot(phone, '#pips-stats', 'daily-stats-phone.png');
  const wide = await phone.evaluate(() => document.documentElement.scrollWidth);
  assert(wide <= 390, `the statistics fit a phone (${wide} px)`);
  await axeClean(phone, 'statistics on a phone');
  await closeContext(phone);
  return 'daily statistics: played, solved, win rate, streaks, best and median time and the histogram from the kept results, per level; export gives the store; a bad import is refused with its reason, a good one replaces the results everywhere';
}

async function dailyArchive(page) {
  const day = await contextPage(page);
  await day.clock.setFixedTime(new Date('2025-03-16T10:00:00'));
  await open(day, `${BASE}/#tab=pips`);
  await day.click('#pips-archive summary');
  assert(await day.textContent('#pips-archive .month') === 'March 2025', 'the archive opens on this month');
  assert(await day.isEnabled('#pips-archive .day[data-date="2025-03-15"]'), 'yesterday is in the archive');
  assert(await day.isDisabled('#pips-archive .day[data-date="2025-03-16"]'), 'today is not (the Today card has it)');
  assert(await day.isDisabled('#pips-archive .month-step[aria-label="Next month"]'), 'no month after this one');
  await day.click('#pips-archive .month-step[aria-label="Previous month"]');
  assert(await day.textContent('#pips-archive .month') === 'February 2025', 'back a month');
  await day.click('#pips-archive .month-step[aria-label="Next month"]');

  // 2025-03-14's easy daily from the archive: that date's puzzle.
  await day.click('#pips-archive .day[data-date="2025-03-14"]');
  await day.click('#pips-archive .archive-day button[data-level="easy"]');
  await day.waitForFunction(() => document.getElementById('pips-status').textContent.includes('Archive, 2025-03-14, easy'));
  const daily = await pipsDaily('2025-03-14', 'easy');
  const text = await day.evaluate(() => new URLSearchParams(location.hash.slice(1)).get('qb'));
  assert(text === daily.text, 'the archive plays that date\'s daily');
  for (const [d, [first, second]] of daily.solution.entries()) {
    if (d === daily.solution.length - 1) {
      await day.clock.setFixedTime(new Date('2025-03-16T10:01:05'));
    }
    await pipsLay(day, d, first, second);
    await pipsLaid(day, d + 1);
  }
  await day.waitForSelector('#pips-banner:not([hidden])');
  await day.waitForFunction(() => /1:05/.test(document.querySelector('#pips-archive .archive-day button[data-level="easy"]').textContent));
  const marked = await day.textContent('#pips-archive .day[data-date="2025-03-14"] .sr-only');
  assert(/solved: easy/.test(marked), `the calendar marks the day solved: ${marked}`);
  await streakSays(day, 'solve one today');
  // An archive's game is the player's own: played and solved.
  await figuresAre(day, { played: '1', solved: '1', 'current-streak': '0' });
  await shot(day, '#pips-archive', 'daily-archive-desktop.png');
  await axeClean(day, 'archive at 1280x900');
  await closeContext(day);

  const phone = await contextPage(page, PHONE);
  await phone.clock.setFixedTime(new Date('2025-03-16T10:00:00'));
  await open(phone, `${BASE}/#tab=pips`);
  await phone.evaluate((s) => localStorage.setItem('domino-daily', JSON.stringify(s)), STORE);
  await phone.reload();
  await phone.click('#pips-archive summary');
  await phone.click('#pips-archive .day[data-date="2025-03-13"]');
  await shot(phone, '#pips-archive', 'daily-archive-phone.png');
  const wide = await phone.evaluate(() => document.documentElement.scrollWidth);
  assert(wide <= 390, `the archive fits a phone (${wide} px)`);
  await axeClean(phone, 'archive on a phone');
  await closeContext(phone);
  return 'daily archive: a calendar of past days up to yesterday, month by month; a day played from it is that date\'s daily, marked solved with its time, and counts for no streak';
}

/** The flows of this file: [name, the tab it opens, the flow, the routes it drives]. */
const flows = [
  ['daily statistics', 'pips', dailyStatistics, ['pips/generate', 'pips/check', 'pips/render']],
  ['daily archive', 'pips', dailyArchive, ['pips/generate', 'pips/check', 'pips/render']],
];
module.exports = { flows };
