// The web app's service worker (issue 40, point 7): the page works with no
// connection. Files are fetched from the network first (so a new version
// shows at once) and kept; with no network the kept copy answers. The
// dailies the page kept for offline play (offline.js: each one's generate
// answer, its empty and solved pictures drawn by the engine, its check
// and the engine's solution, verified) answer the API's generate, render
// and check for those puzzles while the browser is offline (online, API
// requests never pass through this worker): a picture is the engine's empty board with
// the engine's own tiles of the solved board moved onto the cells the
// player chose; a check compares the board with the verified solution.
// Anything else the API does (hints above all) needs the server, and
// fails as a request that cannot reach it.

const PAGE = 'domino-page-v1';
const DAILIES = 'domino-dailies-v1';

self.addEventListener('install', (event) => {
  event.waitUntil(keepPage().then(() => self.skipWaiting()));
});

/**
 * Keeps every file of the page before the worker starts: the page, what
 * it links (styles, icons, the manifest and its icons, the main script)
 * and every module a kept script imports, found by reading them, so no
 * list of files needs keeping by hand. Also the service's document, which
 * the page reads first.
 */
async function keepPage() {
  const cache = await caches.open(PAGE);
  const seen = new Set();
  const todo = ['./', 'api/v1/openapi.json'];
  while (todo.length > 0) {
    const url = new URL(todo.pop(), self.location).href;
    if (seen.has(url)) {
      continue;
    }
    seen.add(url);
    const response = await fetch(url, { cache: 'no-cache' });
    if (!response.ok) {
      throw new Error(`${url}: ${response.status}`);
    }
    await cache.put(url, response.clone());
    const path = new URL(url).pathname;
    const links = [];
    if (path.endsWith('/') || path.endsWith('.html')) {
      links.push(...Array.from((await response.text()).matchAll(/\b(?:src|href)="([\w./-]+)"/g), (m) => m[1]));
    } else if (path.endsWith('.js') && path !== '/sw.js') {
      links.push(...Array.from((await response.text()).matchAll(/\b(?:from|import)\s*\(?\s*'(\.\/[\w./-]+)'/g), (m) => m[1]));
    } else if (path.endsWith('.webmanifest')) {
      links.push(...((await response.json()).icons || []).map((i) => i.src));
    }
    todo.push(...links.map((l) => new URL(l, url).href));
  }
}

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (![PAGE, DAILIES].includes(name)) {
        await caches.delete(name);
      }
    }
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin) {
    return;
  }
  if (event.request.method === 'GET') {
    event.respondWith(file(event.request));
  } else if (event.request.method === 'POST' && !self.navigator.onLine
    && /^\/api\/v1\/(place|pips)\/(generate|render|check)$/.test(url.pathname)) {
    // Online, the API is the page's own business (the worker stays out of
    // its way); offline, a kept daily answers.
    event.respondWith(api(event.request, url.pathname.split('/')[3], url.pathname.split('/')[4]));
  }
});

/** A file: the network's answer (kept when good), else the kept copy. */
async function file(request) {
  const cache = await caches.open(PAGE);
  // The page is one document: every address of it is its start.
  const key = request.mode === 'navigate' ? new URL('./', self.location).href : request.url.split('#')[0];
  try {
    // A browser that knows it is offline is not asked to try the network.
    const response = self.navigator.onLine ? await fetch(request) : Response.error();
    if (response.type === 'error') {
      throw new TypeError('offline');
    }
    // The page's files and the service's document are kept; no other answer of the API.
    const path = new URL(request.url).pathname;
    if (response.ok && (!path.startsWith('/api/v1/') || path === '/api/v1/openapi.json')) {
      await cache.put(key, response.clone());
    }
    return response;
  } catch (e) {
    const kept = await cache.match(key, { ignoreSearch: request.mode === 'navigate' });
    return kept || Response.error();
  }
}

/** An API call with no connection: an answer made from a daily kept for offline play. */
async function api(request, family, verb) {
  const answer = await offline(family, verb, await request.text());
  return answer
    ? new Response(JSON.stringify(answer), { headers: { 'Content-Type': 'application/json', 'X-Domino-Offline': '1' } })
    : Response.error();
}

async function offline(family, verb, body) {
  const cache = await caches.open(DAILIES);
  if (verb === 'generate') {
    const kept = await cache.match(`offline/${family}/generate?b=${encodeURIComponent(body)}`);
    return kept ? kept.json() : null;
  }
  let asked;
  try {
    asked = JSON.parse(body);
  } catch (e) {
    return null;
  }
  const kept = asked && typeof asked.text === 'string' && await cache.match(`offline/${family}/pack?t=${encodeURIComponent(asked.text)}`);
  if (!kept) {
    return null;
  }
  const pack = await kept.json();
  const laid = Array.isArray(asked.placements) ? asked.placements.map((p) => pieceOf(family, pack, p)) : [];
  if (laid.some((p) => p === null)) {
    return null;
  }
  return verb === 'render' ? { svg: picture(pack, laid) } : check(family, pack, laid);
}

const key = ([r, c]) => `${r},${c}`;

/**
 * A laid piece as its two cells and the values on them, with the piece
 * of the solution that shows those values (whose tile is moved there).
 */
function pieceOf(family, pack, p) {
  const cells = family === 'pips' ? p && p.cells : p;
  if (!Array.isArray(cells) || cells.length !== 2 || !cells.every((c) => Array.isArray(c) && key(c) in pack.values)) {
    return null;
  }
  if (family === 'pips') {
    const tile = pack.solution.findIndex((s) => s.domino === p.domino);
    const values = pack.dominoes[p.domino];
    return tile < 0 || !values ? null : { cells, values, tile, from: pack.solution[tile].cells };
  }
  const values = cells.map((c) => pack.values[key(c)]);
  const tile = pack.solution.findIndex((s) => {
    const v = s.map((c) => pack.values[key(c)]);
    return (v[0] === values[0] && v[1] === values[1]) || (v[0] === values[1] && v[1] === values[0]);
  });
  if (tile < 0) {
    return null;
  }
  const from = pack.solution[tile];
  // The solution's tile is turned so that each value lands on its cell.
  const same = pack.values[key(from[0])] === values[0];
  return { cells, values, tile, from: same ? from : [from[1], from[0]] };
}

/** The centre of each cell in the engine's picture (its rects with data-cell). */
function centres(svg) {
  const found = {};
  for (const m of svg.matchAll(/<rect\b[^>]*\bdata-cell="(-?\d+,-?\d+)"[^>]*>/g)) {
    const n = (name) => Number((new RegExp(`\\b${name}="([^"]*)"`).exec(m[0]) || [])[1]);
    found[m[1]] = [n('x') + n('width') / 2, n('y') + n('height') / 2];
  }
  return found;
}

/**
 * The picture of `laid` on the pack's board: the empty board with, for
 * each piece, the solved picture's tile of the same values moved (turned
 * and shifted, as a domino is on a table) onto the piece's cells.
 */
function picture(pack, laid) {
  const empty = pack.empty;
  const tiles = new Map();
  let after = '';
  for (const m of pack.full.matchAll(/<g class="tile[^"]*" data-(?:placement|piece)="(\d+)">[\s\S]*?<\/g>/g)) {
    tiles.set(Number(m[1]), m[0]);
    after = pack.full.slice(m.index + m[0].length, m.index + m[0].length + 80);
  }
  const at = centres(empty);
  const drawn = laid.map((p, i) => {
    const [a, b] = p.from.map((c) => at[key(c)]);
    const [c, d] = p.cells.map((x) => at[key(x)]);
    const turn = (Math.atan2(d[1] - c[1], d[0] - c[0]) - Math.atan2(b[1] - a[1], b[0] - a[0])) * (180 / Math.PI);
    const from = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    const to = [(c[0] + d[0]) / 2, (c[1] + d[1]) / 2];
    const move = `translate(${to[0]} ${to[1]}) rotate(${Math.round(turn)}) translate(${-from[0]} ${-from[1]})`;
    return tiles.get(p.tile).replace(/^<g class="([^"]*)" data-(placement|piece)="\d+">/,
      `<g class="$1" data-$2="${i}" transform="${move}">`);
  }).join('');
  // The tiles go where the engine puts them: before what follows its last tile.
  const where = after ? empty.indexOf(after) : -1;
  const cut = where >= 0 ? where : empty.lastIndexOf('</svg>');
  // The caption and the title counted no piece: they count those laid.
  const n = laid.length;
  const counted = (text) => text.replace(/\b0 pieces laid/, `${n} ${n === 1 ? 'piece' : 'pieces'} laid`);
  return counted(empty.slice(0, cut)) + drawn + counted(empty.slice(cut));
}

/**
 * The check of `laid` against the verified solution: the engine's answer
 * for the empty board, with the pieces laid counted and those no solution
 * holds marked wrong (a daily has one solution); solved when every piece
 * lies as the solution has it (equal values on every cell).
 */
function check(family, pack, laid) {
  const answer = JSON.parse(JSON.stringify(pack.blank));
  const want = pack.values;
  const wrong = [];
  laid.forEach((p, i) => {
    const right = family === 'pips'
      ? p.cells.every((c, k) => want[key(c)] === p.values[k])
      : pack.solution.some((s) => s.map(key).sort().join(' ') === p.cells.map(key).sort().join(' '));
    if (!right) {
      wrong.push(i);
    }
  });
  answer.wrong = wrong;
  answer.solved = wrong.length === 0 && laid.length === pack.solution.length;
  answer.offline = true;
  if (family === 'pips') {
    answer.unused = pack.solution.map((s) => s.domino).filter((d) => !laid.some((p) => pack.solution[p.tile].domino === d));
    answer.covered = laid.length * 2;
  } else {
    const count = new Map();
    for (const p of laid) {
      const k = [...p.values].sort((x, y) => x - y).join(',');
      count.set(k, (count.get(k) || 0) + 1);
    }
    answer.pieces = (answer.pieces || []).map((q) => ({ ...q, used: count.get([...q.piece].sort((x, y) => x - y).join(',')) || 0 }));
  }
  return answer;
}
