// The client of the JSON API: one request at a time, a busy server asked
// again, an answer that is not 2xx turned into an ApiError; and the
// service's OpenAPI document, read once, for the routes it offers and the
// names of its levels (the page types none of them).

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
 * POST a body to /api/v1/<route>; resolves to the answer's JSON. The body
 * goes as JSON, or as it is when it is a file (a screenshot to read). The
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

/** The fetch options of a body: a file as it is (PNG, JPEG or bytes), else JSON. */
function payload(body) {
  if (body instanceof Blob) {
    const type = ['image/png', 'image/jpeg'].includes(body.type) ? body.type : 'application/octet-stream';
    return { headers: { 'Content-Type': type }, body };
  }
  return { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
}

async function send(route, body) {
  for (let attempt = 0; ; attempt += 1) {
    let response;
    try {
      response = await fetch(`/api/v1/${route}`, { method: 'POST', ...payload(body) });
    } catch (e) {
      // With no connection a hint says plainly that it needs the server
      // (a kept daily still plays and is checked: sw.js).
      throw new ApiError(0, {
        error: route.endsWith('/hint') ? 'hints come from the server, which cannot be reached' : 'the server cannot be reached',
      });
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

// The service's OpenAPI document; null when it cannot be read.
let doc = null;

/**
 * Reads the service's OpenAPI document (main.js, once at start); resolves
 * to the routes it offers, a set of names like "place/hint", so a tab
 * whose routes are missing says so instead of failing on every click.
 * Null when the document cannot be read.
 */
export async function offeredRoutes() {
  try {
    const response = await fetch('/api/v1/openapi.json');
    doc = await response.json();
  } catch (e) {
    doc = null;
  }
  return doc && new Set(Object.keys(doc.paths || {}).map((p) => p.replace(/^\/api\/v1\//, '')));
}

/** Whether the server offers a route (true when its document could not be read). */
export function offers(route) {
  return doc === null || Object.hasOwn(doc.paths || {}, `/api/v1/${route}`);
}

/**
 * A property of the request a route takes, from the document (`$ref`s
 * followed), or null: e.g. the `difficulty` of `pips/generate`, whose
 * `enum` names the family's levels as the library spells them.
 */
export function requestField(route, field) {
  const schemas = (doc && doc.components && doc.components.schemas) || {};
  // A schema, its `$ref` followed; an optional one (`oneOf` null or a
  // schema, or `allOf` of one) is the schema.
  const resolve = (s) => {
    const one = s && [s.oneOf, s.anyOf, s.allOf].map((list) => (list || []).filter((x) => x.type !== 'null')).find((list) => list.length === 1);
    if (one) {
      return resolve(one[0]);
    }
    return s && s.$ref ? resolve(schemas[s.$ref.replace('#/components/schemas/', '')]) : s;
  };
  const operation = doc && doc.paths && doc.paths[`/api/v1/${route}`] && doc.paths[`/api/v1/${route}`].post;
  const content = operation && operation.requestBody && operation.requestBody.content;
  const request = resolve(content && content['application/json'] && content['application/json'].schema);
  const property = request && request.properties && request.properties[field];
  return property ? resolve(property) || null : null;
}
