// Daily puzzles ("Today") of the Placement and Pips tabs and the player's
// results, kept in this browser (localStorage): the date and level make
// the seed, so everyone gets the same puzzle on the same date from the
// engine's generator; each result keeps whether the puzzle was solved and
// the best time; the streak counts the days in a row, up to today, with at
// least one daily solved on its own day, opened from that day's card (a
// shared link, the archive or a solve after midnight never counts); a
// daily counts as played from the player's first move on it, opened from
// a card (the Today card or the archive; a shared link's game, whose moves
// and clock may be another player's, never). Past midnight, a board that
// still holds the day before's Today puzzle says it no longer counts. The
// newspaper day files a player pastes are kept the same way, under their
// print date and level. The store itself is results.js's.

import { clock } from './forms.js';
import { load, save, onChange } from './results.js';

/** The player's local date as "yyyy-mm-dd" (a daily turns at their midnight). */
export function today(now = new Date()) {
  const mm = String(now.getMonth() + 1).padStart(2, '0');
  const dd = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${mm}-${dd}`;
}

/** The local date `n` days after the date "yyyy-mm-dd" (n may be negative). */
export function shift(date, n) {
  const [y, m, d] = date.split('-').map(Number);
  return today(new Date(y, m - 1, d + n));
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

/**
 * The kept result of a puzzle: `id` is "<date>:<level>" for a daily,
 * "paper:<date>:<level>" for a newspaper day file.
 */
export function result(family, id) {
  const store = load();
  const k = `${family}:${id}`;
  return (id.startsWith('paper:') ? store.papers[k] : store.dailies[k]) || null;
}

/**
 * A daily opened from a card: `from` is 'today' (the card of its own day)
 * or 'archive'. The first way a daily was opened in this browser stays.
 */
export function opened(family, id, from) {
  const store = load();
  const k = `${family}:${id}`;
  if (!store.dailies[k]) {
    store.dailies[k] = {
      opened: today(), from, played: null, solved: false, counts: false,
    };
    save(store);
  }
}

/**
 * A move on the daily `id`: the first one on a daily opened from a card
 * makes it played (a link's, or one not opened here, stays as it is).
 */
export function played(family, id) {
  const store = load();
  const r = store.dailies[`${family}:${id}`];
  if (r && r.from !== 'link' && !r.played) {
    r.played = today();
    save(store);
  }
}

/**
 * Keeps a solve: solved, and the best time of every solve. A daily's
 * solve counts for the streak only when it was opened from the card of
 * its own day and solved on that day: one that came by a link (its entry
 * did not exist) or from the archive, or solved after midnight, does not.
 */
export function record(family, id, ms) {
  const store = load();
  const k = `${family}:${id}`;
  const day = today();
  if (id.startsWith('paper:')) {
    const old = store.papers[k];
    store.papers[k] = { solved: true, ms: old && old.ms <= ms ? old.ms : ms, on: (old && old.on) || day };
  } else {
    const date = id.split(':')[0];
    const old = store.dailies[k] || {
      opened: day, from: 'link', played: null, solved: false, counts: false,
    };
    const first = !old.solved;
    store.dailies[k] = {
      ...old,
      played: old.from === 'link' ? null : old.played || day,
      solved: true,
      ms: first || ms < old.ms ? ms : old.ms,
      first: first ? ms : old.first,
      on: first ? day : old.on,
      counts: old.counts || (old.from === 'today' && old.opened === date && day === date),
    };
  }
  save(store);
}

/**
 * Days in a row, ending today (or yesterday, while today's is still to
 * solve), with a daily solved on its own day; `only(family, level)`
 * narrows which dailies count.
 */
export function streaks(now = new Date(), only = () => true) {
  const days = new Set();
  for (const [k, r] of Object.entries(load().dailies)) {
    const [family, date, level] = k.split(':');
    if (r.counts && only(family, level)) {
      days.add(date);
    }
  }
  let day = today(now);
  if (!days.has(day)) {
    day = shift(day, -1);
  }
  let current = 0;
  while (days.has(day)) {
    current += 1;
    day = shift(day, -1);
  }
  let best = 0;
  for (const d of days) {
    if (!days.has(shift(d, -1))) {
      let n = 1;
      while (days.has(shift(d, n))) {
        n += 1;
      }
      best = Math.max(best, n);
    }
  }
  return { current, best };
}

/** The streak of every daily, as the Today cards show it. */
export function streak(now = new Date()) {
  return streaks(now).current;
}

/**
 * Calls `turn(date)` when the local date changes while the page is open
 * (checked each second and when the page is shown again), so every view
 * of "today" rolls over at the player's midnight.
 */
export function onNewDay(turn) {
  let shown = today();
  const look = () => {
    const now = today();
    if (now !== shown) {
      shown = now;
      turn(now);
    }
  };
  setInterval(look, 1000);
  document.addEventListener('visibilitychange', look);
}

/** "solved in 1:05" or "" for a result kept. */
export function said(r) {
  return r && r.solved ? `\u2713 ${clock(r.ms)}` : '';
}

/**
 * The "Today" card of a tab, put first among its sources: the date, a
 * button per level of `levels` with the result kept, and the streak.
 * `play(date, level)` loads the puzzle. The card is built once and
 * redrawn in place (the focus stays on its button) when the results
 * change, here or in another tab, and when the local date turns. The
 * tab tells it which daily its board holds (`holds`) and each move
 * (`moved`); a line put before `statusLine`, the board's, says when that
 * daily is a Today puzzle of a day gone by.
 */
export class TodayCard {
  constructor(family, sources, levels, play, statusLine) {
    this.family = family;
    this.levels = levels;
    this.play = play;
    this.onBoard = null;
    this.stale = document.createElement('p');
    this.stale.className = 'stale-note';
    this.stale.id = `${family}-stale`;
    this.stale.setAttribute('role', 'status');
    this.stale.hidden = true;
    statusLine.before(this.stale);
    this.card = document.createElement('div');
    this.card.className = 'card today';
    this.card.id = `${family}-today`;
    this.head = document.createElement('h3');
    const note = document.createElement('p');
    note.className = 'muted';
    note.textContent = 'The same three puzzles for everyone today.';
    const row = document.createElement('div');
    row.className = 'row';
    this.buttons = levels.map((level) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.level = level;
      b.addEventListener('click', async () => {
        // The date of the click, not of the drawing: a card left open
        // over midnight plays the new day's puzzle.
        const date = today();
        opened(family, `${date}:${level}`, 'today');
        b.disabled = true;
        try {
          await this.play(date, level);
        } finally {
          b.disabled = false;
        }
        // offline.js keeps this day and the next ones for offline play.
        window.dispatchEvent(new CustomEvent('domino-daily-played', { detail: { family, date, level } }));
      });
      row.append(b);
      return b;
    });
    this.line = document.createElement('p');
    this.line.className = 'streak';
    this.line.setAttribute('aria-live', 'polite');
    const error = document.createElement('p');
    error.className = 'error';
    error.setAttribute('role', 'alert');
    error.hidden = true;
    this.offline = document.createElement('p');
    this.offline.className = 'offline-note';
    this.offline.setAttribute('role', 'status');
    this.card.append(this.head, note, row, this.line, error, this.offline);
    sources.prepend(this.card);
    this.render();
    onChange(() => this.render());
    onNewDay(() => this.render());
    window.addEventListener('online', () => this.render());
    window.addEventListener('offline', () => this.render());
  }

  /** The board now holds the daily `id` ("<date>:<level>", a day file's id, or null). */
  holds(id) {
    this.onBoard = id;
    this.render();
  }

  /** A move on the board. */
  moved() {
    if (this.onBoard) {
      played(this.family, this.onBoard);
    }
  }

  /**
   * The board's line while it holds a Today puzzle of a day gone by, opened
   * from that day's card and not solved that day: past midnight, solving
   * it no longer counts.
   */
  sayStale(date) {
    const [day, level] = (this.onBoard || '').split(':');
    const r = this.onBoard && !this.onBoard.startsWith('paper:') ? result(this.family, this.onBoard) : null;
    const stale = Boolean(r && r.from === 'today' && r.opened === day && day < date && !r.counts);
    this.stale.hidden = !stale;
    // The date never breaks at its hyphens.
    const dated = document.createElement('span');
    dated.className = 'date';
    dated.textContent = day;
    const [before, after] = day === shift(date, -1) ? ['yesterday\u2019s daily (', `, ${level})`] : ['the daily of ', ` (${level})`];
    this.stale.replaceChildren(...(stale ? ['This board holds ', before, dated, after,
      ': since midnight it no longer counts for the streak. Today\u2019s are on the Today card.'] : []));
  }

  render() {
    const date = today();
    this.sayStale(date);
    this.head.textContent = `Today \u00B7 ${date}`;
    this.card.dataset.date = date;
    for (const b of this.buttons) {
      const level = b.dataset.level;
      const r = result(this.family, `${date}:${level}`);
      const solved = Boolean(r && r.solved);
      b.className = solved ? 'done' : '';
      b.textContent = level[0].toUpperCase() + level.slice(1);
      if (solved) {
        const t = document.createElement('span');
        t.className = 'result';
        t.textContent = ` ${said(r)}`;
        b.append(t);
      }
    }
    // With no connection, what still works (sw.js, offline.js).
    this.offline.hidden = navigator.onLine;
    this.offline.textContent = navigator.onLine ? ''
      : 'No connection: the dailies kept in this browser play and are checked here; hints and new puzzles need the server.';
    const days = streak();
    this.line.textContent = days > 0 ? `Streak: ${days} day${days === 1 ? '' : 's'} in a row` : 'Streak: solve one today to start one';
  }
}
