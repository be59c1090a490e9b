// The chains tab: a pasted or uploaded hand; the chain through every piece
// drawn by the engine, or the reason there is none; the longest train from
// a start value. Address keys: ct = the hand, co = open, cs = start value.

import { api, offers } from './api.js';
import { showError, clearError, busy, wireUpload } from './forms.js';
import { readHash, writeHash } from './address.js';
import { putSvg } from './svg.js';

const form = document.getElementById('chain-form');
const text = document.getElementById('chain-text');
const out = document.getElementById('chain-out');
const errorBox = form.querySelector('.error');
const longestButton = form.querySelector('[data-act="longest"]');

function verdict(message, good) {
  const p = document.createElement('p');
  p.className = `verdict ${good ? 'good' : 'bad'}`;
  p.textContent = message;
  return p;
}

function line(dominoes) {
  const p = document.createElement('p');
  p.className = 'muted';
  p.textContent = dominoes.map((d) => `${d[0]}|${d[1]}`).join(' ');
  return p;
}

/** The engine's drawing of the same request (empty when the server has no chain/render). */
async function picture(body) {
  const stage = document.createElement('div');
  stage.className = 'scroll';
  if (offers('chain/render')) {
    putSvg(stage, (await api('chain/render', body)).svg, 1.5);
  } else {
    stage.className = 'muted';
    stage.textContent = 'No picture: this server does not offer /api/v1/chain/render yet.';
  }
  return stage;
}

// An empty hand has a chain of no dominoes, which is no news to a player.
const EMPTY = 'The hand is empty: paste or upload some dominoes, such as 1|2 2|3 3|1.';

const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 'es'}`;

async function drawChain(save = true) {
  const open = form.elements.open.checked;
  const body = { text: text.value, open };
  if (save) {
    writeHash({ ct: text.value, co: open ? 1 : null, cs: null });
  }
  const [answer, stage] = await Promise.all([api('chain/solve', body), picture(body)]);
  if (answer.chain && answer.chain.length === 0) {
    out.replaceChildren(verdict(EMPTY, false));
  } else if (answer.chain) {
    const kind = open ? 'A line' : 'A closed chain';
    const through = answer.chain.length === 1 ? 'of its one domino' : `through all ${answer.chain.length} dominoes`;
    out.replaceChildren(verdict(`${kind} ${through}:`, true), line(answer.chain), stage);
  } else {
    out.replaceChildren(verdict(`No ${open ? 'line' : 'closed chain'}: ${answer.reason}`, false), stage);
  }
}

async function drawLongest() {
  const start = form.elements.start.value.trim();
  const body = { text: text.value };
  if (start !== '') {
    body.start = Number(start);
  }
  writeHash({ ct: text.value, cs: start });
  // The picture route draws the longest line when asked with `longest`.
  const [answer, stage] = await Promise.all([api('chain/longest', body), picture({ ...body, longest: true })]);
  const from = start === '' ? '' : ` from ${start}`;
  const proven = answer.optimal ? 'proven longest' : 'the longest found before the limit, not proven';
  if (answer.chain && answer.chain.length === 0 && text.value.trim() === '') {
    out.replaceChildren(verdict(EMPTY, false));
    return;
  }
  if (!answer.chain || answer.chain.length === 0) {
    out.replaceChildren(verdict(`No train${from}: no domino shows ${start}.`, false));
    return;
  }
  out.replaceChildren(
    verdict(`Longest train${from}: ${plural(answer.length, 'domino')} (${proven}).`, true),
    line(answer.chain),
    stage,
  );
}

function run(task, trigger) {
  clearError(errorBox, text);
  return busy(trigger, async () => {
    try {
      await task();
    } catch (err) {
      out.replaceChildren();
      showError(errorBox, err, text);
    }
  });
}

form.addEventListener('submit', (e) => {
  e.preventDefault();
  run(drawChain, form.querySelector('button[type="submit"]'));
});
longestButton.addEventListener('click', () => run(drawLongest, longestButton));
wireUpload(form.elements.file, text, () => form.requestSubmit());
text.addEventListener('input', () => clearError(errorBox, text));

/** The routes this tab cannot work without. */
export const needs = ['chain/solve', 'chain/longest'];

export function start() {
  const params = readHash();
  if (params.has('ct')) {
    text.value = params.get('ct');
    form.elements.open.checked = params.get('co') === '1';
    form.elements.start.value = params.get('cs') || '';
    if (params.get('cs')) {
      return run(drawLongest, longestButton);
    }
  }
  return run(() => drawChain(params.has('ct')), form.querySelector('button[type="submit"]'));
}
