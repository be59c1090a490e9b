// The state kept in the address: the open tab and each tab's game (puzzle,
// moves) as `#tab=place&pb=...`, so a link can be shared and a reload
// keeps the game. Each tab owns keys with its own prefix.

export function readHash() {
  return new URLSearchParams(location.hash.replace(/^#/, ''));
}

export function writeHash(changes) {
  const params = readHash();
  for (const [k, v] of Object.entries(changes)) {
    if (v === null || v === undefined || v === '') {
      params.delete(k);
    } else {
      params.set(k, String(v));
    }
  }
  const hash = `#${params.toString()}`;
  if (hash !== location.hash) {
    history.replaceState(null, '', hash);
  }
}

/**
 * Keeps a play tab's game in the address, under the tab's key prefix:
 * `<p>b` the puzzle's text, `<p>t` its title, `<p>m` the moves (each
 * written by `encodeMove`), `<p>a` how many are applied when some are
 * undone (absent when all are), `<p>d` the daily puzzle it is (daily.js).
 */
export function saveGame(prefix, game, encodeMove) {
  const h = game.history;
  writeHash({
    [`${prefix}b`]: game.text,
    [`${prefix}t`]: game.title,
    [`${prefix}m`]: h.actions.map(encodeMove).join('_'),
    [`${prefix}a`]: h.at === h.actions.length ? null : h.at,
    [`${prefix}d`]: game.daily,
  });
}
