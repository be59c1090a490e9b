// End-to-end flows of the clock and the Today puzzles (place and pips):
// pause hides the board and stops the clock; the finish moment; the share
// text; a Today puzzle the same in two browsers on one date and another on
// the next; its result and the streak kept through reloads.

const { SHOTS, BASE, api, assert, clockText, closeContext, contextPage, finishOver, hashParam, onDate, open } = require('./common.cjs');
const { bonesOf, laid, layPieces, newPlacement } = require('./place.cjs');
const { RING, pipsLaid, pipsLay, pipsPaste } = require('./pips.cjs');

/** The share link of a solved tab, opened on `other` with k of its moves applied. */
async function openShared(other, text, applied) {
  const url = text.split('\n').find((l) => l.startsWith('http'));
  await open(other, applied === undefined ? url : `${url}&pa=${applied}`);
}

async function placeTimerFinish(page) {
  const text = await newPlacement(page, 3, 'basic', 7);
  const pieces = bonesOf((await api('place/solve', { text })).solutions[0]);
  assert(/^\d+:\d\d$/.test(await clockText(page, 'place')), 'a clock shows beside the board');
  await layPieces(page, pieces.slice(0, 2));
  await page.screenshot({ path: `${SHOTS}/place-timer-desktop.png` });
  await page.waitForFunction(() => document.querySelector('#panel-place .clock').textContent !== '0:00');

  // Pause by the P key: the board hides, the clock stops; Resume goes on.
  await page.focus('#place-board');
  await page.keyboard.press('p');
  await page.waitForSelector('#place-play .paused-cover:not([hidden])');
  assert(await page.isHidden('#place-board'), 'the board hides while paused');
  assert(await page.isHidden('#place-play .toolbar [data-act="hint"]'), 'and so do hint and check');
  const stopped = await clockText(page, 'place');
  await page.screenshot({ path: `${SHOTS}/place-paused-desktop.png` });
  await page.waitForTimeout(2200);
  assert(await clockText(page, 'place') === stopped, `the clock stops while paused (${stopped})`);
  await page.keyboard.press('Control+z');
  await laid(page, 2);
  await page.click('#place-play .paused-cover button');
  assert(await page.isVisible('#place-board svg'), 'resume shows the board');
  await page.waitForFunction((t) => document.querySelector('#panel-place .clock').textContent !== t, stopped);
  // By the button, and on by the key.
  await page.click('#place-play .timer-bar .pause');
  assert(await page.isHidden('#place-board'), 'the Pause button hides the board');
  await page.keyboard.press('p');
  assert(await page.isVisible('#place-board'), 'P resumes');

  // The finish: banner, animation, share text without moves.
  await layPieces(page, pieces.slice(2), 2);
  await page.waitForSelector('#place-banner:not([hidden])');
  const banner = await page.textContent('#place-banner');
  assert(/Solved in \d+:\d\d/.test(banner), `the banner has the time: ${banner}`);
  const moving = await page.evaluate(() => getComputedStyle(document.querySelector('#place-board svg g.tile')).animationName);
  assert(moving === 'tile-pop', `the tiles pop when solved (${moving})`);
  assert(await page.isDisabled('#place-play .timer-bar .pause'), 'a solved game has nothing to pause');
  const moves = (await hashParam(page, 'pm')).split('_');
  assert(moves.length === 10, `ten moves played: ${moves}`);
  const share = await page.inputValue('#place-play .share-text');
  const time = /Solved in (\d+:\d\d)/.exec(banner)[1];
  assert(share.includes(`Solved in ${time}`) && share.includes('double-3, basic, seed 7') && share.includes('Placement'),
    `the share text has the family, level and time: ${share}`);
  for (const m of moves) {
    assert(!share.includes(m) && !share.includes(encodeURIComponent(m)), `the share text holds no move (${m}): ${share}`);
  }
  assert(!/[#&]pm=/.test(share), `nor the moves' key: ${share}`);
  await finishOver(page);
  await page.screenshot({ path: `${SHOTS}/place-finish-desktop.png`, fullPage: true });

  // The link shares the puzzle: a friend opens it unsolved, at 0 pieces.
  const friend = await contextPage(page);
  await openShared(friend, share);
  await laid(friend, 0);
  assert(await friend.isHidden('#place-banner'), 'the shared puzzle opens unsolved');
  await closeContext(friend);

  // With the moves asked for, the link opens solved, claiming no time.
  await page.check('#place-play .share input[type="checkbox"]');
  const withMoves = await page.inputValue('#place-play .share-text');
  assert(/[#&]pm=/.test(withMoves), `the moves are in the link when asked: ${withMoves}`);
  const solvedFriend = await contextPage(page);
  await openShared(solvedFriend, withMoves);
  await solvedFriend.waitForSelector('#place-banner:not([hidden])');
  const opened = await solvedFriend.textContent('#place-banner');
  assert(/^Opened solved/.test(opened) && !/0:00/.test(opened), `a solved link claims no time: ${opened}`);
  assert(!/\d/.test(await clockText(solvedFriend, 'place')), 'nor does its clock');
  assert(await solvedFriend.isHidden('#place-play .share'), 'nor does it offer a share text');
  await closeContext(solvedFriend);

  // Under reduced motion: the banner, and nothing moves.
  const still = await contextPage(page);
  await still.emulateMedia({ reducedMotion: 'reduce' });
  await openShared(still, withMoves, 9);
  await laid(still, 9);
  await still.click('#place-play [data-act="redo"]');
  await still.waitForSelector('#place-banner:not([hidden])');
  assert(/Solved in/.test(await still.textContent('#place-banner')), 'the banner shows under reduced motion');
  const animations = await still.evaluate(() => document.getAnimations().length);
  assert(animations === 0, `no animation under reduced motion (${animations})`);
  await closeContext(still);

  // The same on a phone.
  const phone = await contextPage(page, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await openShared(phone, withMoves, 9);
  await laid(phone, 9);
  await phone.screenshot({ path: `${SHOTS}/place-timer-phone.png` });
  await phone.click('#place-play .timer-bar .pause');
  await phone.screenshot({ path: `${SHOTS}/place-paused-phone.png` });
  await phone.click('#place-play .paused-cover button');
  await phone.click('#place-play [data-act="redo"]');
  await phone.waitForSelector('#place-banner:not([hidden])');
  await finishOver(phone);
  await phone.screenshot({ path: `${SHOTS}/place-finish-phone.png`, fullPage: true });
  await closeContext(phone);
  return 'placement: a clock that P or Pause stops with the board hidden; the finish pops (still under reduced motion); the share text has family, level and time and no move; its link opens the puzzle unsolved, or solved without a time';
}

async function playToday(page, tab, level, date) {
  await open(page, `${BASE}/#tab=${tab}`);
  await page.waitForSelector(`#${tab}-today button[data-level="${level}"]`);
  await page.click(`#${tab}-today button[data-level="${level}"]`);
  const status = tab === 'place' ? 'place-status' : 'pips-status';
  await page.waitForFunction(([id, t]) => document.getElementById(id).textContent.includes(t), [status, `Today, ${date}, ${level}`]);
  return hashParam(page, tab === 'place' ? 'pb' : 'qb');
}

async function todaySame(page) {
  const seen = {};
  for (const [tab, level] of [['place', 'medium'], ['pips', 'easy']]) {
    const one = await onDate(page, '2025-03-14');
    const two = await onDate(page, '2025-03-14');
    const next = await onDate(page, '2025-03-15');
    const a = await playToday(one, tab, level, '2025-03-14');
    const b = await playToday(two, tab, level, '2025-03-14');
    const c = await playToday(next, tab, level, '2025-03-15');
    assert(a && a === b, `${tab}: the same Today puzzle in two browsers on one date`);
    assert(c && c !== a, `${tab}: another one the next day`);
    assert(await one.textContent(`#${tab}-today h3`) === 'Today \u00B7 2025-03-14', `${tab}: the card names the date`);
    await one.screenshot({ path: `${SHOTS}/${tab}-today-desktop.png` });
    seen[tab] = a;
    for (const p of [one, two, next]) {
      await closeContext(p);
    }
  }
  // The seed is the date's yyyymmdd times 10 (docs/http-api.md).
  const place = await api('place/generate', { set: 5, difficulty: 'hard', seed: 202503140 });
  const rows = place.puzzle.map((row) => row.map((v) => (v === null ? '.' : String(v))).join(' ')).join('\n');
  assert(rows === seen.place, 'the placement daily is the generator\'s puzzle for seed 202503140');
  const phone = await onDate(page, '2025-03-14', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await playToday(phone, 'pips', 'hard', '2025-03-14');
  await phone.waitForSelector('#pips-board svg');
  await phone.screenshot({ path: `${SHOTS}/pips-today-phone.png`, fullPage: true });
  await closeContext(phone);
  return 'today: placement and pips dailies are the same in two browsers on 2025-03-14 and differ on 2025-03-15; the seed is yyyymmdd0';
}

async function todayKept(page) {
  const day = await onDate(page, '2025-03-14');
  await open(day, `${BASE}/#tab=place`);
  await day.waitForSelector('#place-today button');
  // Yesterday's pips daily was solved on its day, kept under the first
  // page's key (schema 1, migrated on the next load): today's solve makes
  // a 2-day streak. A daily kept solved a day late is migrated uncounted.
  await day.evaluate(() => localStorage.setItem('domino-results', JSON.stringify({
    'pips:2025-03-13:easy': { solved: true, ms: 30000, on: '2025-03-13' },
    'pips:2025-03-12:easy': { solved: true, ms: 30000, on: '2025-03-13' },
  })));
  const text = await playToday(day, 'place', 'easy', '2025-03-14');
  const pieces = bonesOf((await api('place/solve', { text })).solutions[0]);
  await layPieces(day, pieces.slice(0, -1));
  await day.clock.setFixedTime(new Date('2025-03-14T10:01:05'));
  await layPieces(day, pieces.slice(-1), pieces.length - 1);
  await day.waitForSelector('#place-banner:not([hidden])');
  assert(/Solved in 1:05/.test(await day.textContent('#place-banner')), 'solved in 1:05');
  assert(/Today, 2025-03-14, easy\. Solved in 1:05/.test(await day.inputValue('#place-play .share-text')), 'the share text of a daily names the day and level');
  const kept = async (streak) => {
    await day.waitForSelector('#place-today button[data-level="easy"] .result');
    const easy = await day.textContent('#place-today button[data-level="easy"]');
    assert(/1:05/.test(easy), `the Today card keeps the time: ${easy}`);
    const line = await day.textContent('#place-today .streak');
    assert(line.includes(streak), `the streak: ${line}`);
  };
  await kept('2 days');
  await finishOver(day);
  await day.screenshot({ path: `${SHOTS}/place-today-done-desktop.png` });
  await day.reload();
  await kept('2 days');
  const stored = await day.evaluate(() => JSON.parse(localStorage.getItem('domino-daily')));
  assert(stored.schema === 3 && stored.dailies['pips:2025-03-12:easy'] && !stored.dailies['pips:2025-03-12:easy'].counts,
    `the old key is migrated to schema 3, a late solve uncounted: ${JSON.stringify(stored)}`);
  const r = stored.dailies['place:2025-03-14:easy'];
  assert(r && r.solved && r.ms === 65000, `localStorage keeps solved and time: ${JSON.stringify(r)}`);
  await day.clock.setFixedTime(new Date('2025-03-15T09:00:00'));
  await day.reload();
  await day.waitForSelector('#place-today .streak');
  assert((await day.textContent('#place-today .streak')).includes('2 days'), 'the streak lasts through the next day');
  await day.clock.setFixedTime(new Date('2025-03-17T09:00:00'));
  await day.reload();
  await day.waitForSelector('#place-today .streak');
  assert(!/\d/.test(await day.textContent('#place-today .streak')), 'a missed day ends the streak');

  // A pasted newspaper day file: its solved level is kept by print date.
  const square = {
    dominoes: [[1, 1], [2, 2]],
    regions: [{ indices: [[0, 0], [0, 1]], type: 'equals' }, { indices: [[1, 0], [1, 1]], type: 'empty' }],
  };
  await pipsPaste(day, { printDate: '2025-01-01', easy: square, medium: RING }, false);
  await day.click('#pips-levels button[data-level="easy"]');
  await day.waitForFunction(() => /day file, easy \(2025-01-01\)/.test(document.getElementById('pips-status').textContent));
  await pipsLay(day, 0, [0, 0], [0, 1]);
  await pipsLaid(day, 1);
  await pipsLay(day, 1, [1, 0], [1, 1]);
  await day.waitForSelector('#pips-banner:not([hidden])');
  const paper = await day.evaluate(() => JSON.parse(localStorage.getItem('domino-daily')).papers['pips:paper:2025-01-01:easy']);
  assert(paper && paper.solved && paper.ms >= 0, `the day file's easy level is kept: ${JSON.stringify(paper)}`);
  await day.click('#pips-paste button[type="submit"]');
  await day.waitForSelector('#pips-levels .result[data-level="easy"]');
  await closeContext(day);
  return 'today: solved/time kept in localStorage and shown after a reload, a 2-day streak that survives the next day and ends after a gap; a pasted day file\'s level kept by print date';
}

/** The flows of this file: [name, the tab it opens, the flow, the routes it drives]. */
const flows = [
  ['timer and finish', 'place', placeTimerFinish, ['place/generate', 'place/check', 'place/render', 'place/solve']],
  ['today same for everyone', 'place', todaySame, ['place/generate', 'place/check', 'place/render', 'pips/generate', 'pips/check', 'pips/render']],
  ['today results kept', 'place', todayKept, ['place/generate', 'place/check', 'place/render', 'place/solve', 'pips/check', 'pips/render']],
];
module.exports = { flows };
