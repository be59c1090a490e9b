// Daily puzzles ("Today") of the Placement and Pips tabs and the player's
// results, kept in this browser (localStorage): the date and level make
// the seed, so everyone gets the same puzzle on the same date from the
// engine's generator; each result keeps whether the puzzle was solved and
// the best time; the streak counts the days in a row, up to today, with at
// least one Today puzzle solved. The newspaper day files a player pastes
// are kept the same way, under their print date and level.

import { clock } from './forms.js';

const STORE = 'domino-results';

/** The player's local date as "yyyy-mm-dd" (a daily turns at their midnight). */
export function today(now = new Date()) {
  const mm = String(now.getMonth() + 1).padStart(2, '0');
  const dd = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${mm}-${dd}`;
}

/**
 * The seed of a date's puzzle: yyyymmdd times 10 plus `attempt`, the
 * first of 0..9 for which the engine finds a puzzle (nearly always 0).
 * The level is the request's difficulty, so one seed serves all three.
 */
export function seedOf(date, attempt = 0) {
  return Number(date.replace(/-/g, '')) * 10 + attempt;
}

export const ATTEMPTS = 10;

function readAll() {
  try {
    const all = JSON.parse(localStorage.getItem(STORE) || '{}');
    return all && typeof all === 'object' ? all : {};
  } catch (e) {
    return {};
  }
}

/**
 * The kept result of a puzzle: `id` is "<date>:<level>" for a Today
 * puzzle, "paper:<date>:<level>" for a newspaper day file.
 */
export function result(family, id) {
  return readAll()[`${family}:${id}`] || null;
}

/** Keeps a solve: solved, and the best time of every solve. */
export function record(family, id, ms) {
  const all = readAll();
  const k = `${family}:${id}`;
  const old = all[k];
  all[k] = { solved: true, ms: old && old.ms <= ms ? old.ms : ms, on: today() };
  try {
    localStorage.setItem(STORE, JSON.stringify(all));
  } catch (e) {
    // A browser that keeps nothing (private mode, full storage) still plays.
  }
}

/** Days in a row with a Today puzzle solved, ending today (or yesterday). */
export function streak(now = new Date()) {
  const days = new Set();
  for (const [k, r] of Object.entries(readAll())) {
    const m = /^(place|pips):(\d{4}-\d{2}-\d{2}):/.exec(k);
    if (m && r && r.solved) {
      days.add(m[2]);
    }
  }
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  if (!days.has(today(day))) {
    day.setDate(day.getDate() - 1);
  }
  let n = 0;
  while (days.has(today(day))) {
    n += 1;
    day.setDate(day.getDate() - 1);
  }
  return n;
}

/** "solved in 1:05" or "" for a result kept. */
export function said(r) {
  return r && r.solved ? `\u2713 ${clock(r.ms)}` : '';
}

/**
 * The "Today" card of a tab, put first among its sources: the date, a
 * button per level of `levels` with the result kept, and the streak.
 * `play(date, level)` loads the puzzle.
 */
export class TodayCard {
  constructor(family, sources, levels, play) {
    this.family = family;
    this.levels = levels;
    this.play = play;
    this.card = document.createElement('div');
    this.card.className = 'card today';
    this.card.id = `${family}-today`;
    sources.prepend(this.card);
    this.render();
  }

  render() {
    const date = today();
    this.card.replaceChildren();
    const head = document.createElement('h3');
    head.textContent = `Today \u00B7 ${date}`;
    const note = document.createElement('p');
    note.className = 'muted';
    note.textContent = 'The same three puzzles for everyone today.';
    const row = document.createElement('div');
    row.className = 'row';
    for (const level of this.levels) {
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.level = level;
      const r = result(this.family, `${date}:${level}`);
      b.className = r && r.solved ? 'done' : '';
      b.textContent = level[0].toUpperCase() + level.slice(1);
      if (r && r.solved) {
        const t = document.createElement('span');
        t.className = 'result';
        t.textContent = ` ${said(r)}`;
        b.append(t);
      }
      b.addEventListener('click', async () => {
        b.disabled = true;
        try {
          await this.play(date, level);
        } finally {
          b.disabled = false;
        }
      });
      row.append(b);
    }
    const days = streak();
    const line = document.createElement('p');
    line.className = 'streak';
    line.textContent = days > 0 ? `Streak: ${days} day${days === 1 ? '' : 's'} in a row` : 'Streak: solve one today to start one';
    const error = document.createElement('p');
    error.className = 'error';
    error.setAttribute('role', 'alert');
    error.hidden = true;
    this.card.append(head, note, row, line, error);
  }
}
