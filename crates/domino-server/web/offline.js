// The page's side of playing with no connection (issue 40, point 7): it
// registers the service worker (sw.js, which keeps the page's files), and, when
// a daily is played from its card, keeps that day's puzzle and the next
// two days' at that level for offline play: each one's generate answer,
// the engine's pictures of its empty and solved board, its check of the
// empty board and of the solution (kept only when the engine says the
// solution solves it). (While offline, the Today cards say what still
// works: daily.js.)

import { api } from './api.js';
import { seedOf, shift, today, ATTEMPTS } from './daily.js';

// The cache of dailies sw.js reads (the name is its own).
const DAILIES = 'domino-dailies-v1';
// Days kept ahead of a daily played: that day and the two after it.
const AHEAD = 3;
const json = (value) => new Response(JSON.stringify(value), { headers: { 'Content-Type': 'application/json' } });

/** Registers the service worker; the page's data-offline says when it is ready. */
export async function registerOffline() {
  if (!('serviceWorker' in navigator) || !window.caches) {
    return;
  }
  // After the page's own first loads, so the worker's copying of the
  // page's files does not slow them.
  if (document.readyState !== 'complete') {
    await new Promise((resolve) => { window.addEventListener('load', resolve, { once: true }); });
  }
  try {
    await navigator.serviceWorker.register('sw.js');
    // The worker is ready once it has kept the page's files (sw.js).
    await navigator.serviceWorker.ready;
    document.documentElement.dataset.offline = 'ready';
  } catch (e) {
    // No worker (a private window, an address that is not secure): the
    // page works as before, online only.
  }
}

/**
 * The pieces of a generate answer's solution, as the API's placements
 * (place: pairs of cells; pips: {domino, cells}), and the value on each
 * cell ("r,c": value).
 */
function solutionOf(family, answer) {
  const values = {};
  if (family === 'pips') {
    const { dominoes, solution } = answer.puzzle;
    const placements = solution.map((cells, domino) => ({ domino, cells }));
    placements.forEach(({ domino, cells }) => cells.forEach((c, k) => {
      values[`${c[0]},${c[1]}`] = dominoes[domino][k];
    }));
    return { placements, values, dominoes };
  }
  const pieces = new Map();
  answer.solution.forEach((row, r) => row.forEach((bone, c) => {
    if (bone !== null) {
      pieces.set(bone, (pieces.get(bone) || []).concat([[r, c]]));
      values[`${r},${c}`] = answer.puzzle[r][c];
    }
  }));
  return { placements: Array.from(pieces.values()), values, dominoes: null };
}

/** Keeps `tab`'s daily of `date` at `level` for offline play; true when kept. */
async function keep(tab, date, level) {
  const family = tab.family;
  const cache = await caches.open(DAILIES);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const body = tab.todayRequest(level, seedOf(date, attempt));
    const where = `offline/${family}/generate?b=${encodeURIComponent(JSON.stringify(body))}`;
    if (attempt === 0 && await cache.match(where)) {
      return true;
    }
    const answer = await api(`${family}/generate`, body);
    const text = tab.generatedText(answer);
    if (text) {
      const { placements, values, dominoes } = solutionOf(family, answer);
      const empty = await api(`${family}/render`, { text, placements: [] });
      const full = await api(`${family}/render`, { text, placements });
      const blank = await api(`${family}/check`, { text, placements: [] });
      const verified = await api(`${family}/check`, { text, placements });
      if (!verified.solved) {
        return false;
      }
      const pack = {
        family, text, empty: empty.svg, full: full.svg, blank, solution: placements, values, dominoes,
      };
      await cache.put(`offline/${family}/pack?t=${encodeURIComponent(text)}`, json(pack));
    }
    // The generate answer goes last: its presence says the day is kept.
    await cache.put(where, json(answer));
    if (text) {
      return true;
    }
  }
  return false;
}

/**
 * Keeps, after each daily played from a Today card of `tabs`, that day
 * and the next ones at that level (one request at a time, in the page's
 * queue, so a player's move waits for one short request at most). The
 * card's data-kept lists the days kept.
 */
export function keepOffline(tabs) {
  if (!window.caches) {
    return;
  }
  let work = Promise.resolve();
  window.addEventListener('domino-daily-played', (e) => {
    const { family, date, level } = e.detail;
    const tab = tabs.find((t) => t.family === family);
    if (!tab || date !== today()) {
      return;
    }
    work = work.then(async () => {
      const card = document.getElementById(`${family}-today`);
      for (let n = 0; n < AHEAD; n++) {
        const day = shift(date, n);
        if (await keep(tab, day, level).catch(() => false) && card) {
          const kept = new Set((card.dataset.kept || '').split(' ').filter(Boolean));
          kept.add(`${day}:${level}`);
          card.dataset.kept = Array.from(kept).sort().join(' ');
        }
      }
    });
  });
}
