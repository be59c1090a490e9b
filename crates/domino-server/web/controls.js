// The shared player controls of every tab: calling the JSON API and showing
// its errors next to the input, the undo/redo history, the step-through
// player, the state kept in the address, and the helpers that put the
// engine's SVG on the page and draw interaction highlights over it.

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * Brings a game's play area into view when its top is above the window:
 * on a phone the forms that load a new puzzle sit below the board, so the
 * new board would be drawn off-screen above the button just pressed.
 */
export function reveal(playBox) {
  if (playBox.getBoundingClientRect().top < 0) {
    playBox.scrollIntoView({ block: 'start' });
  }
}

/** An answer of the API that is not 2xx: the body's message, line, column. */
export class ApiError extends Error {
  constructor(status, body) {
    super((body && body.error) || `the server answered ${status}`);
    this.status = status;
    this.line = body && body.line;
    this.column = body && body.column;
    this.path = body && body.path;
  }
}

/** How often a request the server turned away as busy (503) is sent again. */
const BUSY_RETRIES = 8;

// The page's requests, one after another: the server's search pool takes
// one job per core and queues none, so two requests of this page at once
// (a tab's answer and its picture, or every tab starting on a first load)
// would turn one of them away with 503 and a second's wait.
let queue = Promise.resolve();

/**
 * POST a JSON body to /api/v1/<route>; resolves to the answer's JSON. The
 * page sends one request at a time: this one starts when the ones asked
 * before it have ended. A busy server (503: its solver pool is full,
 * because of another client) is asked again after the seconds its
 * Retry-After header gives, a few times, before the page says it is busy.
 */
export function api(route, body) {
  const answer = queue.then(() => send(route, body));
  queue = answer.catch(() => null);
  return answer;
}

async function send(route, body) {
  for (let attempt = 0; ; attempt += 1) {
    let response;
    try {
      response = await fetch(`/api/v1/${route}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    } catch (e) {
      throw new ApiError(0, { error: 'the server cannot be reached' });
    }
    if (response.status === 503 && attempt < BUSY_RETRIES) {
      const seconds = Math.min(Number(response.headers.get('Retry-After')) || 1, 5);
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      continue;
    }
    let answer = null;
    try {
      answer = await response.json();
    } catch (e) {
      answer = null;
    }
    if (!response.ok) {
      if (response.status === 503) {
        throw new ApiError(503, { error: 'the server is busy; try again in a moment' });
      }
      throw new ApiError(response.status, answer);
    }
    return answer;
  }
}

/**
 * Shows an error in `box` (a `.error` element next to the input). With a
 * line and column, the message starts with them and, when `textarea` is
 * given, the caret jumps to that place so the person sees what to fix.
 */
export function showError(box, err, textarea) {
  let where = '';
  if (!(err instanceof ApiError)) {
    box.textContent = words(err);
    box.hidden = false;
    return;
  }
  if (err.line) {
    where = `line ${err.line}, column ${err.column || 1}: `;
  } else if (err.path && err.path !== '/text') {
    where = `${err.path}: `;
  }
  box.textContent = where + err.message;
  box.hidden = false;
  // Only an answer about the input marks the input (not a busy server).
  if (textarea && err.status === 400) {
    textarea.classList.add('has-error');
    if (err.line) {
      const at = offsetOf(textarea.value, err.line, err.column || 1);
      textarea.setSelectionRange(at, Math.min(at + 1, textarea.value.length));
    }
  }
}

/**
 * The words a player reads for an error: the server's reason for an
 * answer of the API; for a fault of the page itself (a bug), a plain
 * sentence, with the details left on the console for whoever fixes it.
 */
export function words(err) {
  if (err instanceof ApiError) {
    return err.message;
  }
  console.error(err);
  return 'Something went wrong on this page; try again, or reload it.';
}

export function clearError(box, textarea) {
  box.hidden = true;
  box.textContent = '';
  if (textarea) {
    textarea.classList.remove('has-error');
  }
}

// The character offset of a 1-based line and column (columns count
// characters, as the CLI's messages do).
function offsetOf(text, line, column) {
  const lines = text.split('\n');
  let at = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) {
    at += lines[i].length + 1;
  }
  return Math.min(at + column - 1, text.length);
}

/**
 * The routes this server offers, from its OpenAPI document (a set of
 * names like "place/hint"), so a tab whose routes are missing says so
 * instead of failing on every click. Null when the document cannot be read.
 */
let offered = null;

export async function offeredRoutes() {
  try {
    const response = await fetch('/api/v1/openapi.json');
    const doc = await response.json();
    offered = new Set(Object.keys(doc.paths || {}).map((p) => p.replace(/^\/api\/v1\//, '')));
  } catch (e) {
    offered = null;
  }
  return offered;
}

/** Whether the server offers a route (true when its document could not be read). */
export function offers(route) {
  return offered === null || offered.has(route);
}

/** Runs `task` with the button disabled, so a slow answer is not asked twice. */
export async function busy(button, task) {
  button.disabled = true;
  try {
    return await task();
  } finally {
    button.disabled = false;
  }
}

/** Reads a chosen file into the textarea (upload). */
export function wireUpload(input, textarea, then) {
  input.addEventListener('change', async () => {
    const file = input.files && input.files[0];
    if (file) {
      textarea.value = await file.text();
      input.value = '';
      then();
    }
  });
}

/**
 * The moves of a game as a list of actions and a cursor: undo moves the
 * cursor back, redo forward, a new action drops the undone tail.
 */
export class History {
  constructor(actions = [], at = actions.length) {
    this.actions = actions;
    this.at = Math.max(0, Math.min(at, actions.length));
  }
  push(action) {
    this.actions = this.actions.slice(0, this.at);
    this.actions.push(action);
    this.at = this.actions.length;
  }
  applied() {
    return this.actions.slice(0, this.at);
  }
  canUndo() {
    return this.at > 0;
  }
  canRedo() {
    return this.at < this.actions.length;
  }
  undo() {
    if (this.canUndo()) {
      this.at -= 1;
    }
  }
  redo() {
    if (this.canRedo()) {
      this.at += 1;
    }
  }
}

/**
 * Ctrl+Z / Ctrl+Y (and Ctrl+Shift+Z) for the panel that is shown, unless
 * the person is typing in a field.
 */
export function undoKeys(panel, onUndo, onRedo) {
  document.addEventListener('keydown', (e) => {
    if (panel.hidden || !(e.ctrlKey || e.metaKey) || e.altKey) {
      return;
    }
    const tag = (e.target && e.target.tagName) || '';
    if (tag === 'TEXTAREA' || tag === 'INPUT' || tag === 'SELECT') {
      return;
    }
    const key = e.key.toLowerCase();
    if (key === 'z' && !e.shiftKey) {
      e.preventDefault();
      onUndo();
    } else if (key === 'y' || (key === 'z' && e.shiftKey)) {
      e.preventDefault();
      onRedo();
    }
  });
}

/**
 * A step-through player: Previous / Play / Next and "Step k of n" in
 * `container`; arrow keys step while it has focus. `show(k, fresh)` draws
 * step k (it may be async) and checks `fresh()` before drawing, so a slow
 * answer for an old step never covers a newer one; steps run from 0 to n.
 */
export class Stepper {
  constructor(container, show, label = 'Step') {
    this.show = show;
    this.label = label;
    this.n = 0;
    this.k = 0;
    this.version = 0;
    this.timer = null;
    this.el = document.createElement('div');
    this.el.className = 'stepper';
    this.el.tabIndex = 0;
    this.el.setAttribute('role', 'group');
    this.el.setAttribute('aria-label', 'Step through (arrow keys)');
    this.prev = button('\u25C0 Previous', () => this.byHand(this.k - 1));
    this.play = button('\u25B6 Play', () => this.toggle());
    this.next = button('Next \u25B6', () => this.byHand(this.k + 1));
    this.prev.classList.add('prev');
    this.play.classList.add('play');
    this.next.classList.add('next');
    this.counter = document.createElement('span');
    this.counter.className = 'counter';
    this.counter.setAttribute('aria-live', 'polite');
    this.el.append(this.prev, this.play, this.next, this.counter);
    this.el.addEventListener('keydown', (e) => {
      if (e.key === 'ArrowRight') {
        e.preventDefault();
        this.byHand(this.k + 1);
      } else if (e.key === 'ArrowLeft') {
        e.preventDefault();
        this.byHand(this.k - 1);
      }
    });
    container.append(this.el);
  }
  reset(n, k = 0) {
    this.n = n;
    return this.byHand(k);
  }
  byHand(k) {
    this.stop();
    return this.go(k);
  }
  go(k) {
    this.k = Math.max(0, Math.min(this.n, k));
    this.prev.disabled = this.k === 0;
    this.next.disabled = this.k === this.n;
    this.counter.textContent = `${this.label} ${this.k} of ${this.n}`;
    const version = ++this.version;
    return this.show(this.k, () => version === this.version);
  }
  toggle() {
    if (this.timer) {
      this.stop();
      return;
    }
    if (this.k === this.n) {
      this.go(0);
    }
    this.play.textContent = '\u275A\u275A Pause';
    this.timer = setInterval(() => {
      if (this.k >= this.n) {
        this.stop();
      } else {
        this.go(this.k + 1);
      }
    }, 800);
  }
  stop() {
    if (this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
    this.play.textContent = '\u25B6 Play';
  }
}

export function button(text, onClick) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = text;
  b.addEventListener('click', onClick);
  return b;
}

/**
 * Puts the engine's SVG into `container`; returns the `<svg>` element.
 * `zoom` enlarges small pictures (a board to play on wants squares a
 * finger can hit) while CSS keeps every picture within the page's width
 * (and a board within the window's height on a desktop).
 */
export function putSvg(container, svg, zoom = 1) {
  container.innerHTML = svg;
  const picture = container.querySelector('svg');
  // A box that scrolls a wide picture sideways takes the keyboard's focus,
  // so arrow keys scroll it too.
  if (container.classList.contains('scroll')) {
    container.tabIndex = 0;
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', 'Picture (scrolls sideways when wider than the page)');
  }
  const width = picture ? Number(picture.getAttribute('width')) : 0;
  const height = picture ? Number(picture.getAttribute('height')) : 0;
  if (width > 0 && zoom !== 1) {
    picture.style.width = `${Math.round(width * zoom)}px`;
  }
  // For the style sheet: a board's shape, so it can fit the window's
  // height, and its drawn size, below which a picture on a phone scrolls
  // sideways rather than shrink past reading.
  if (width > 0 && height > 0) {
    picture.style.setProperty('--aspect', String(width / height));
    picture.style.setProperty('--natural-width', `${width}px`);
  }
  return picture;
}

/** The layer of interaction highlights over an engine picture (emptied). */
export function highlightLayer(svg) {
  let layer = svg.querySelector('g.hl-layer');
  if (!layer) {
    layer = document.createElementNS(SVG_NS, 'g');
    layer.setAttribute('class', 'hl-layer');
    svg.append(layer);
  }
  layer.replaceChildren();
  return layer;
}

/** Adds an SVG element with attributes to `parent`. */
export function draw(parent, tag, attrs, text) {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    e.setAttribute(k, String(v));
  }
  if (text !== undefined) {
    e.textContent = text;
  }
  parent.append(e);
  return e;
}

/** A pointer event's position in the SVG's own units. */
export function svgPoint(svg, event) {
  const m = svg.getScreenCTM();
  if (!m) {
    return null;
  }
  const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(m.inverse());
  return { x: p.x, y: p.y };
}

/**
 * A 0-based index as a player counts: 0 is "1st", 2 is "3rd", 11 is
 * "12th" (the API's indices are 0-based; the words a player reads are not).
 */
export function ordinal(index) {
  const n = index + 1;
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] || 'th');
  return `${n}${suffix}`;
}

/** "1:05" from milliseconds. */
export function clock(ms) {
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/**
 * The address holds the open tab and each tab's state (puzzle, moves) as
 * `#tab=place&pb=...`, so a link can be shared and a reload keeps the
 * game. Each tab owns keys with its own prefix.
 */
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

/**
 * Asks the engine for the picture of the board `text` with
 * the pieces `laid` and for its check (`<family>/render` and
 * `<family>/check`); resolves to `{picture, check}`.
 */
export async function lookAt(family, text, laid) {
  const body = { text, placements: laid };
  const [picture, check] = await Promise.all([
    api(`${family}/render`, body),
    api(`${family}/check`, body),
  ]);
  return { picture, check };
}

/**
 * The tabs: buttons with role=tab, arrow keys between them, the shown
 * panel in the address.
 */
export function setUpTabs() {
  const tabs = Array.from(document.querySelectorAll('[role="tab"]'));
  const select = (name, focus) => {
    const known = tabs.some((t) => t.dataset.tab === name) ? name : 'place';
    for (const t of tabs) {
      const on = t.dataset.tab === known;
      t.setAttribute('aria-selected', String(on));
      t.tabIndex = on ? 0 : -1;
      document.getElementById(`panel-${t.dataset.tab}`).hidden = !on;
      if (on && focus) {
        t.focus();
      }
    }
    writeHash({ tab: known });
  };
  tabs.forEach((t, i) => {
    t.addEventListener('click', () => select(t.dataset.tab, false));
    t.addEventListener('keydown', (e) => {
      const step = { ArrowRight: 1, ArrowLeft: -1 }[e.key];
      if (step) {
        e.preventDefault();
        select(tabs[(i + step + tabs.length) % tabs.length].dataset.tab, true);
      }
    });
  });
  select(readHash().get('tab') || 'place', false);
}

/**
 * The message box of a tab (hints, checks, what the server said): `show`
 * fills it with a kind ('' | 'good' | 'bad'), a small tag line and the
 * text; `hide` hides it.
 */
export function messenger(box) {
  return {
    show(kind, tag, text) {
      box.className = `message${kind ? ` ${kind}` : ''}`;
      box.replaceChildren();
      if (tag) {
        const t = document.createElement('span');
        t.className = 'tag';
        t.textContent = tag;
        box.append(t);
      }
      box.append(document.createTextNode(text));
      box.hidden = false;
    },
    hide() {
      box.hidden = true;
    },
  };
}

/**
 * When the player started this puzzle (ms): kept for the tab's session, so
 * a reload keeps the clock while someone opening a shared link starts
 * afresh.
 */
export function startClock(family, text, resume) {
  const clockKey = `domino-${family}-start:${text}`;
  const started = (resume && Number(sessionStorage.getItem(clockKey))) || Date.now();
  sessionStorage.setItem(clockKey, String(started));
  return started;
}

/** Enables the toolbar's Undo and Redo as the history allows. */
export function showUndoRedo(toolbar, history) {
  toolbar.querySelector('[data-act="undo"]').disabled = !history.canUndo();
  toolbar.querySelector('[data-act="redo"]').disabled = !history.canRedo();
}

/**
 * Shows the solved banner (with the time taken) the first time `solved`
 * comes true, hides it when the board is no longer solved; updates
 * `game.solved`, `game.finished` and `game.openedSolved`. True when the
 * puzzle was just solved. A tab's `load` sets `game.solved` to null (not
 * yet checked): a position solved at its first check was loaded solved (a
 * shared link of a finished game), so the banner claims no time for it.
 */
export function solvedBanner(banner, game, solved, praise) {
  const was = game.solved;
  game.solved = solved;
  game.openedSolved = solved && (was === null || game.openedSolved);
  if (solved && !was) {
    game.finished = game.finished || Date.now();
    banner.textContent = game.openedSolved
      ? `Opened solved: ${praise}`
      : `Solved in ${clock(game.finished - game.started)}: ${praise} Well done!`;
    banner.hidden = false;
    return true;
  }
  if (!solved) {
    game.finished = 0;
    banner.hidden = true;
  }
  return false;
}
