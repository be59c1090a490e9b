// The statistics card of the Placement and Pips tabs: for the family's
// dailies, at one level or all, how many were played (a first move made on
// one opened from the Today card or the archive: daily.js) and solved, the
// win rate, the current and best streak, the best and median time and a
// histogram of times (an SVG drawn here: bars, no domino); and the export
// of every result to a file and its import (results.js checks the file).

import { clock } from './forms.js';
import { load, onChange, exported, imported } from './results.js';
import { streaks, today, onNewDay } from './daily.js';
import { element as el } from './dom.js';

// The histogram's bins: a solve's minutes, up to the bin's end.
const BINS = [[1, '<1'], [2, '1\u20132'], [3, '2\u20133'], [5, '3\u20135'], [10, '5\u201310'], [Infinity, '10+']];

/** The figures of a family's dailies at `level` ('all' for every level). */
export function figures(family, level, now = new Date()) {
  const mine = (f, l) => f === family && (level === 'all' || l === level);
  const entries = Object.entries(load().dailies).filter(([k, r]) => {
    const [f, , l] = k.split(':');
    return mine(f, l) && r.played;
  }).map(([, r]) => r);
  const solved = entries.filter((r) => r.solved);
  const times = solved.map((r) => r.first).sort((a, b) => a - b);
  const middle = Math.floor(times.length / 2);
  const median = times.length === 0 ? null
    : times.length % 2 ? times[middle] : Math.round((times[middle - 1] + times[middle]) / 2);
  const { current, best } = streaks(now, mine);
  return {
    played: entries.length,
    solved: solved.length,
    rate: entries.length ? Math.round((100 * solved.length) / entries.length) : null,
    current,
    best,
    bestTime: solved.length ? Math.min(...solved.map((r) => r.ms)) : null,
    median,
    bins: BINS.map(([end, label], i) => ({
      label, count: times.filter((t) => t < end * 60000 && (i === 0 || t >= BINS[i - 1][0] * 60000)).length,
    })),
  };
}

/** The histogram of first-solve times as an SVG: a bar and its count per bin. */
function histogram(bins) {
  const w = 280;
  const h = 120;
  const most = Math.max(1, ...bins.map((b) => b.count));
  const slot = w / bins.length;
  const words = bins.map((b) => `${b.label} min: ${b.count}`).join(', ');
  const svg = el('svg:svg', {
    class: 'histogram', viewBox: `0 0 ${w} ${h}`, width: String(w), height: String(h), role: 'img', 'aria-label': `Solve times: ${words}`,
  });
  svg.append(el('svg:title', {}, `Solve times (minutes): ${words}`));
  bins.forEach((b, i) => {
    const x = i * slot + 6;
    const barH = Math.round((b.count / most) * (h - 44));
    const g = el('svg:g', { class: 'bin' });
    g.append(
      el('svg:rect', { x: String(x), y: String(h - 22 - barH), width: String(slot - 12), height: String(Math.max(barH, 1)), class: b.count ? 'bar' : 'bar none' }),
      el('svg:text', { x: String(x + (slot - 12) / 2), y: String(h - 26 - barH), 'text-anchor': 'middle', class: 'count' }, String(b.count)),
      el('svg:text', { x: String(x + (slot - 12) / 2), y: String(h - 6), 'text-anchor': 'middle', class: 'label' }, b.label),
    );
    svg.append(g);
  });
  return svg;
}

/** The statistics card of `family`, appended to `sources`; `levels` the dailies' levels. */
export class StatsCard {
  constructor(family, levels, sources) {
    this.family = family;
    this.card = el('details', { class: 'card stats', id: `${family}-stats` });
    const summary = el('summary', {}, 'Statistics');
    const choose = el('label', {}, 'Level ');
    this.level = el('select', { name: 'stats-level' });
    for (const l of ['all', ...levels]) {
      this.level.append(el('option', { value: l }, l === 'all' ? 'every level' : l));
    }
    choose.append(this.level);
    this.figures = el('dl', { class: 'figures' });
    this.chart = el('figure', { class: 'chart' });
    const exportButton = el('button', { type: 'button', 'data-act': 'export' }, 'Export results');
    const importLabel = el('label', { class: 'file' }, 'Import results ');
    this.file = el('input', { type: 'file', accept: '.json,application/json', name: 'import' });
    importLabel.append(this.file);
    this.said = el('p', { class: 'muted imported', 'aria-live': 'polite' });
    this.error = el('p', { class: 'error', role: 'alert', hidden: '' });
    const row = el('div', { class: 'row' });
    row.append(exportButton, importLabel);
    const note = el('p', { class: 'muted' },
      'A daily counts as played from your first move on it, opened from the Today card or the archive (not a shared link\'s game). Kept in this browser; the times are first solves.');
    this.card.append(summary, choose, this.figures, this.chart, note, row, this.said, this.error);
    sources.append(this.card);
    this.level.addEventListener('change', () => this.render());
    exportButton.addEventListener('click', () => this.export());
    this.file.addEventListener('change', () => this.import());
    onChange(() => this.render());
    onNewDay(() => this.render());
    this.render();
  }

  render() {
    const f = figures(this.family, this.level.value);
    const time = (ms) => (ms === null ? '\u2013' : clock(ms));
    const rows = [
      ['Played', f.played], ['Solved', f.solved], ['Win rate', f.rate === null ? '\u2013' : `${f.rate}%`],
      ['Current streak', f.current], ['Best streak', f.best], ['Best time', time(f.bestTime)], ['Median time', time(f.median)],
    ];
    this.figures.replaceChildren(...rows.flatMap(([name, value]) => {
      const box = el('div');
      box.dataset.figure = name.toLowerCase().replace(/ /g, '-');
      box.append(el('dt', {}, name), el('dd', {}, String(value)));
      return [box];
    }));
    this.chart.replaceChildren(histogram(f.bins), el('figcaption', { class: 'muted' }, 'Solve times, in minutes'));
  }

  export() {
    const blob = new Blob([exported()], { type: 'application/json' });
    const a = el('a', { href: URL.createObjectURL(blob), download: `domino-results-${today()}.json` });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }

  async import() {
    const file = this.file.files[0];
    this.error.hidden = true;
    this.said.textContent = '';
    if (!file) {
      return;
    }
    try {
      const n = imported(await file.text());
      this.said.textContent = `Imported ${file.name}: ${n} daily result${n === 1 ? '' : 's'}.`;
    } catch (err) {
      this.error.textContent = err.message;
      this.error.hidden = false;
    }
    this.file.value = '';
  }
}
