// The player's daily results, kept in this browser's localStorage under one
// versioned key, and the one place that reads and writes them (the Today
// cards, the statistics, the archive and every open tab read the same
// store, so they never disagree). Also: the migration of the keys an
// older page kept, and the export to a file and import from one (checked
// field by field before anything is replaced).

/** The key and the version of what it holds. */
export const KEY = 'domino-daily';
export const SCHEMA = 3;
// The first page kept `{"<family>:<id>": {solved, ms, on}}` here (schema 1).
const OLD_KEY = 'domino-results';
// Schema 2 lacked `played`: its stores (kept or in a file) are upgraded.
const UPGRADED = 2;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const FAMILIES = ['place', 'pips'];
const SOURCES = ['today', 'archive', 'link'];

/** An empty store. */
function fresh() {
  return { schema: SCHEMA, dailies: {}, papers: {} };
}

/**
 * A daily's entry: `opened` the local date it was first opened, `from`
 * how ('today' from that day's card, 'archive', 'link' a shared address);
 * `played` the local date of the player's first move on it, opened from
 * a card (null before, and always for a link: its moves and clock may be
 * another player's), which makes it count as played in the statistics;
 * `solved`, `ms` the best time, `first` the time of the first solve, `on`
 * the local date of that solve, `counts` whether that solve counts for
 * the streak (a Today puzzle solved on its own day).
 */
function migrate(old) {
  const store = fresh();
  for (const [k, r] of Object.entries(old || {})) {
    if (!r || typeof r !== 'object' || !r.solved || !Number.isFinite(r.ms)) {
      continue;
    }
    const paper = /^(pips|place):paper:(\d{4}-\d{2}-\d{2}):(\w+)$/.exec(k);
    const daily = /^(pips|place):(\d{4}-\d{2}-\d{2}):(\w+)$/.exec(k);
    const on = typeof r.on === 'string' && DATE.test(r.on) ? r.on : null;
    if (paper) {
      store.papers[k] = { solved: true, ms: r.ms, on };
    } else if (daily) {
      // Only a solve kept with its own date counts: an older page kept
      // linked and late solves alike, and their date tells them apart.
      store.dailies[k] = {
        opened: on || daily[2], from: 'today', played: on || daily[2], solved: true, ms: r.ms, first: r.ms, on, counts: on === daily[2],
      };
    }
  }
  return store;
}

/**
 * A schema 2 store as schema 3: a card's daily counts as played from the
 * day it was opened (that page counted every daily opened from a card,
 * and whether a move was made was not kept: counting them keeps the win
 * rate from rising for want of a record), a link's never.
 */
function upgrade(store) {
  const dailies = {};
  for (const [k, r] of Object.entries(store.dailies)) {
    dailies[k] = { ...r, played: r.from === 'link' ? null : r.opened };
  }
  return { schema: SCHEMA, dailies, papers: store.papers };
}

/** `store` as a store of this schema (a schema 2 one upgraded), or null when it is none. */
function current(store) {
  if (validate(store)) {
    return null;
  }
  return store.schema === UPGRADED ? upgrade(store) : store;
}

/** The store: read (upgraded and kept so), or migrated from the older key, or empty. */
export function load() {
  try {
    const raw = localStorage.getItem(KEY);
    if (raw) {
      const stored = JSON.parse(raw);
      const store = current(stored);
      if (store && store !== stored) {
        localStorage.setItem(KEY, JSON.stringify(store));
      }
      return store || fresh();
    }
    const old = localStorage.getItem(OLD_KEY);
    if (old) {
      const store = migrate(JSON.parse(old));
      save(store);
      localStorage.removeItem(OLD_KEY);
      return store;
    }
  } catch (e) {
    // Storage refused or unreadable: the page plays on with nothing kept.
  }
  return fresh();
}

/** Writes the store and tells the page's own views (other tabs get a `storage` event). */
export function save(store) {
  try {
    localStorage.setItem(KEY, JSON.stringify(store));
  } catch (e) {
    // A browser that keeps nothing (private mode, full storage) still plays.
  }
  window.dispatchEvent(new CustomEvent('domino-daily-changed'));
}

/** Calls `redraw` whenever the results change, in this tab or another. */
export function onChange(redraw) {
  window.addEventListener('domino-daily-changed', redraw);
  window.addEventListener('storage', (e) => {
    if (e.key === KEY || e.key === null) {
      redraw();
    }
  });
}

const isTime = (v) => Number.isFinite(v) && v >= 0 && v < 1e10;

/**
 * Why `store` is not a store of this schema or of schema 2 (the first
 * fault, in a player's words), or '' when it is.
 */
export function validate(store) {
  if (!store || typeof store !== 'object' || Array.isArray(store)) {
    return 'it is not a JSON object';
  }
  if (store.schema !== SCHEMA && store.schema !== UPGRADED) {
    return `it is not a domino results file of version ${UPGRADED} or ${SCHEMA} (its "schema" is ${JSON.stringify(store.schema)})`;
  }
  for (const part of ['dailies', 'papers']) {
    if (!store[part] || typeof store[part] !== 'object' || Array.isArray(store[part])) {
      return `its "${part}" is not an object`;
    }
  }
  const played = store.schema === SCHEMA;
  for (const [k, r] of Object.entries(store.dailies)) {
    const m = /^(\w+):(\d{4}-\d{2}-\d{2}):(\w+)$/.exec(k);
    if (!m || !FAMILIES.includes(m[1])) {
      return `"${k}" is not a daily puzzle's name (family:yyyy-mm-dd:level)`;
    }
    if (!r || typeof r !== 'object' || !DATE.test(r.opened) || !SOURCES.includes(r.from)
      || (played && r.played !== null && !DATE.test(r.played))
      || typeof r.solved !== 'boolean' || typeof r.counts !== 'boolean'
      || (r.solved && (!isTime(r.ms) || !isTime(r.first) || !DATE.test(r.on)))) {
      return `the entry "${k}" lacks a field or has a wrong one`;
    }
  }
  for (const [k, r] of Object.entries(store.papers)) {
    if (!/^(place|pips):paper:\d{4}-\d{2}-\d{2}:\w+$/.test(k) || !r || r.solved !== true || !isTime(r.ms)) {
      return `the day file entry "${k}" lacks a field or has a wrong one`;
    }
  }
  return '';
}

/** The store as a file's text. */
export function exported() {
  return `${JSON.stringify(load(), null, 1)}\n`;
}

/**
 * Replaces the store by a file's text (a schema 2 file upgraded); returns
 * how many dailies it holds. A file that is not a store of this schema
 * throws an Error whose message says why, and nothing is replaced.
 */
export function imported(text) {
  let store;
  try {
    store = JSON.parse(text);
  } catch (e) {
    throw new Error('The file is not JSON, so it cannot be a results file.');
  }
  const why = validate(store);
  if (why) {
    throw new Error(`The file cannot be imported: ${why}. Nothing was changed.`);
  }
  const kept = current(store);
  save({ schema: SCHEMA, dailies: kept.dailies, papers: kept.papers });
  return Object.keys(kept.dailies).length;
}
