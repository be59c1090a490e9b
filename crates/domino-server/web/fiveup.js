// The Five Up tab: pasted or uploaded plays; a legal game's layout drawn by
// the engine play by play (step through it) with the points of each play
// and the total, as `domino fiveup score` counts them on that layout, or
// the first illegal move and why. Address key: ft = the plays.

import { api, offers } from './api.js';
import { showError, clearError, busy, wireUpload, ordinal } from './forms.js';
import { readHash, writeHash } from './address.js';
import { Stepper } from './stepper.js';
import { putSvg } from './svg.js';

const form = document.getElementById('fiveup-form');
const text = document.getElementById('fiveup-text');
const out = document.getElementById('fiveup-out');
const errorBox = form.querySelector('.error');

const pair = (d) => `${d[0]}|${d[1]}`;

function paragraph(message, cls) {
  const p = document.createElement('p');
  p.className = cls;
  p.textContent = message;
  return p;
}

/** What play k (1-based, as the stepper counts) did, in words, with its points. */
function describe(plays, k, score) {
  if (k === 0) {
    return 'Before the first play.';
  }
  const p = plays[k - 1];
  const said = p.attached_to === null || p.attached_to === undefined
    ? `The ${ordinal(k - 1)} play: ${pair(p.domino)} starts the layout.`
    : `The ${ordinal(k - 1)} play: ${pair(p.domino)} joins the ${ordinal(p.attached_to)} play (${pair(plays[p.attached_to].domino)}) on a ${p.via}.`;
  if (!score) {
    return said;
  }
  const s = score.plays[k - 1];
  const sofar = score.plays.slice(0, k).reduce((t, x) => t + x.points, 0);
  const points = s.points > 0 ? `scores ${s.points}` : 'scores nothing';
  return `${said} The open ends add up to ${s.ends}: it ${points}; ${sofar} so far.`;
}

/**
 * The score of a legal game's layout (the engine's, play by play), or
 * null when this server cannot score.
 */
async function scoreOf(plays) {
  if (!offers('fiveup/score')) {
    return null;
  }
  const layout = { placements: plays.map((p) => ({ domino: p.domino, attached_to: p.attached_to, via: p.via })) };
  const answer = await api('fiveup/score', { text: JSON.stringify(layout) });
  return answer && Array.isArray(answer.plays) ? answer : null;
}

/** The table of each play's points and the total; its rows marked as the stepper moves. */
function scoreTable(score) {
  const table = document.createElement('table');
  table.className = 'score';
  const caption = document.createElement('caption');
  caption.className = 'sr-only';
  caption.textContent = 'Points of each play';
  const head = table.createTHead().insertRow();
  for (const h of ['Play', 'Domino', 'Open ends', 'Points']) {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = h;
    head.append(th);
  }
  const body = table.createTBody();
  score.plays.forEach((s, k) => {
    const row = body.insertRow();
    row.dataset.play = String(k + 1);
    for (const v of [ordinal(k), pair(s.domino), s.ends, s.points]) {
      row.insertCell().textContent = String(v);
    }
  });
  const foot = table.createTFoot().insertRow();
  foot.insertCell().textContent = 'Total';
  foot.insertCell();
  foot.insertCell();
  const total = foot.insertCell();
  total.className = 'total';
  total.textContent = String(score.total);
  table.prepend(caption);
  return table;
}

async function checkGame(save) {
  const body = { text: text.value };
  if (save) {
    writeHash({ ft: text.value });
  }
  const answer = await api('fiveup/check', body);
  const stage = document.createElement('div');
  stage.className = 'scroll';
  const caption = paragraph('', 'muted');
  let plays;
  let verdict;
  let score = null;
  if (answer.valid) {
    plays = answer.placements;
    score = await scoreOf(plays);
    const total = score ? `, scoring ${score.total} point${score.total === 1 ? '' : 's'}` : '';
    verdict = paragraph(`A legal game of ${plays.length} play${plays.length === 1 ? '' : 's'}${total}.`, 'verdict good');
  } else {
    // The plays before the illegal one, as the engine laid them out.
    plays = [];
    verdict = paragraph(
      `Illegal: the ${ordinal(answer.move)} play (${pair(answer.domino)}) cannot be laid: ${answer.reason}.`,
      'verdict bad',
    );
  }
  const steps = answer.valid ? plays.length : answer.move + 1;
  out.replaceChildren(verdict);
  const stepper = new Stepper(out, async (k, fresh) => {
    const picture = offers('fiveup/render') ? await api('fiveup/render', { ...body, moves: k }) : null;
    if (!fresh()) {
      return;
    }
    if (picture) {
      putSvg(stage, picture.svg, 1.5);
    } else {
      stage.textContent = 'No picture: this server does not offer /api/v1/fiveup/render yet.';
    }
    if (table) {
      table.querySelectorAll('tbody tr').forEach((row) => row.classList.toggle('now', row.dataset.play === String(k)));
    }
    if (answer.valid) {
      caption.textContent = describe(plays, k, score);
    } else if (k === steps) {
      caption.textContent = `The ${ordinal(k - 1)} play: ${pair(answer.domino)} cannot be laid.`;
    } else {
      caption.textContent = k === 0 ? 'Before the first play.' : `The ${ordinal(k - 1)} play.`;
    }
  }, 'Play');
  const table = score ? scoreTable(score) : null;
  out.append(caption, stage);
  if (table) {
    const box = document.createElement('div');
    box.className = 'scroll';
    box.append(table);
    out.append(box);
  }
  await stepper.reset(steps, steps);
}

function run(save = true) {
  clearError(errorBox, text);
  return busy(form.querySelector('button[type="submit"]'), async () => {
    try {
      await checkGame(save);
    } catch (err) {
      out.replaceChildren();
      showError(errorBox, err, text);
    }
  });
}

form.addEventListener('submit', (e) => {
  e.preventDefault();
  run();
});
wireUpload(form.elements.file, text, () => form.requestSubmit());
text.addEventListener('input', () => clearError(errorBox, text));

/** The routes this tab cannot work without. */
export const needs = ['fiveup/check'];

export function start() {
  const params = readHash();
  if (params.has('ft')) {
    text.value = params.get('ft');
  }
  return run(params.has('ft'));
}
