// The archive card of the Placement and Pips tabs: a month's calendar of
// past dailies (from ARCHIVE_START to yesterday), each day marked with the
// levels solved; a day picked shows its levels with their times, and each
// plays that day's puzzle. A daily played from here is kept as solved with
// its time but never counts for the streak (daily.js).

import { result, said, today, shift, opened, onNewDay } from './daily.js';
import { onChange } from './results.js';
import { element as el } from './dom.js';

/** The first day the archive offers (any date has its seed; this bounds the calendar). */
export const ARCHIVE_START = '2025-01-01';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];

const monthOf = (date) => date.slice(0, 7);
const nameOf = (month) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
const nextMonth = (month, n) => {
  const d = new Date(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 + n, 1);
  return today(d).slice(0, 7);
};

/** The archive card of `family`, appended to `sources`; `play(date, level)` loads a daily. */
export class ArchiveCard {
  constructor(family, levels, sources, play) {
    Object.assign(this, { family, levels, play });
    this.card = el('details', { class: 'card archive', id: `${family}-archive` });
    const summary = el('summary', {}, 'Archive of past dailies');
    this.back = el('button', { type: 'button', class: 'month-step', 'aria-label': 'Previous month' }, '\u2039');
    this.title = el('h4', { class: 'month', 'aria-live': 'polite' });
    this.forward = el('button', { type: 'button', class: 'month-step', 'aria-label': 'Next month' }, '\u203A');
    const bar = el('div', { class: 'month-bar' });
    bar.append(this.back, this.title, this.forward);
    this.grid = el('div', { class: 'calendar', role: 'group' });
    this.day = el('div', { class: 'archive-day' });
    const note = el('p', { class: 'muted' }, 'Each past day\'s puzzles, to play at leisure: they do not count for the streak.');
    this.error = el('p', { class: 'error', role: 'alert', hidden: '' });
    this.card.append(summary, bar, this.grid, this.day, note, this.error);
    sources.append(this.card);
    this.month = monthOf(shift(today(), -1));
    this.picked = null;
    this.back.addEventListener('click', () => this.go(-1));
    this.forward.addEventListener('click', () => this.go(1));
    onChange(() => this.render());
    onNewDay(() => this.render());
    this.render();
  }

  go(n) {
    this.month = nextMonth(this.month, n);
    this.render();
  }

  /** The last day the archive offers: yesterday (today's are on the Today card). */
  last() {
    return shift(today(), -1);
  }

  render() {
    const last = this.last();
    this.month = [monthOf(ARCHIVE_START), this.month, monthOf(last)].sort()[1];
    this.title.textContent = nameOf(this.month);
    this.grid.setAttribute('aria-label', `Dailies of ${nameOf(this.month)}`);
    this.back.disabled = this.month <= monthOf(ARCHIVE_START);
    this.forward.disabled = this.month >= monthOf(last);
    const cells = WEEKDAYS.map((w) => el('span', { class: 'weekday', 'aria-hidden': 'true' }, w));
    const first = `${this.month}-01`;
    const [y, m] = this.month.split('-').map(Number);
    // Monday first: blanks before the 1st.
    const blanks = (new Date(y, m - 1, 1).getDay() + 6) % 7;
    for (let i = 0; i < blanks; i++) {
      cells.push(el('span', { class: 'blank' }));
    }
    for (let date = first; monthOf(date) === this.month; date = shift(date, 1)) {
      cells.push(this.dayButton(date, last));
    }
    this.grid.replaceChildren(...cells);
    this.showDay();
  }

  dayButton(date, last) {
    const open = date >= ARCHIVE_START && date <= last;
    const solved = this.levels.filter((l) => {
      const r = result(this.family, `${date}:${l}`);
      return r && r.solved;
    });
    const b = el('button', { type: 'button', class: 'day', 'data-date': date });
    b.append(el('span', { class: 'num' }, String(Number(date.slice(8)))));
    // A day's levels by their initials, the solved ones marked (not by
    // colour alone: bold and a tick's colour).
    if (open) {
      const marks = el('span', { class: 'marks', 'aria-hidden': 'true' });
      for (const l of this.levels) {
        marks.append(el('span', { class: solved.includes(l) ? 'mark solved' : 'mark' }, l[0].toUpperCase()));
      }
      b.append(marks);
    }
    const words = solved.length ? `solved: ${solved.join(', ')}` : 'none solved';
    const why = date === today() ? 'today, on the Today card' : 'not in the archive';
    b.classList.toggle('today', date === today());
    // What the marks say, for a screen reader, after the number shown.
    b.append(el('span', { class: 'sr-only' }, ` ${nameOf(monthOf(date))}, ${open ? words : why}`));
    b.setAttribute('aria-pressed', String(date === this.picked));
    b.classList.toggle('all-solved', solved.length === this.levels.length);
    b.disabled = !open;
    b.addEventListener('click', () => {
      this.picked = date;
      this.render();
    });
    return b;
  }

  /** The picked day's levels, each with its result and a button that plays it. */
  showDay() {
    const date = this.picked;
    if (!date || monthOf(date) !== this.month || date > this.last()) {
      this.day.replaceChildren();
      return;
    }
    const head = el('h4', {}, `The dailies of ${date}`);
    const row = el('div', { class: 'row' });
    for (const level of this.levels) {
      const r = result(this.family, `${date}:${level}`);
      const b = el('button', { type: 'button', 'data-level': level, class: r && r.solved ? 'done' : '' },
        level[0].toUpperCase() + level.slice(1));
      if (r && r.solved) {
        b.append(el('span', { class: 'result' }, ` ${said(r)}`));
      }
      b.addEventListener('click', async () => {
        opened(this.family, `${date}:${level}`, 'archive');
        b.disabled = true;
        try {
          await this.play(date, level);
        } finally {
          b.disabled = false;
        }
      });
      row.append(b);
    }
    this.day.replaceChildren(head, row);
  }
}
