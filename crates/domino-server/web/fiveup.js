// The Five Up tab: pasted or uploaded plays; a legal game's layout drawn by
// the engine play by play (step through it), or the first illegal move
// and why. Address key: ft = the plays.

import {
  api, showError, clearError, busy, wireUpload, putSvg, readHash, writeHash, Stepper, offers, ordinal,
} from './controls.js';

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

/** What play k (1-based, as the stepper counts) did, in words. */
function describe(plays, k) {
  if (k === 0) {
    return 'Before the first play.';
  }
  const p = plays[k - 1];
  if (p.attached_to === null || p.attached_to === undefined) {
    return `The ${ordinal(k - 1)} play: ${pair(p.domino)} starts the layout.`;
  }
  return `The ${ordinal(k - 1)} play: ${pair(p.domino)} joins the ${ordinal(p.attached_to)} play (${pair(plays[p.attached_to].domino)}) on a ${p.via}.`;
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
  if (answer.valid) {
    plays = answer.placements;
    verdict = paragraph(`A legal game of ${plays.length} play${plays.length === 1 ? '' : 's'}.`, 'verdict good');
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
    if (answer.valid) {
      caption.textContent = describe(plays, k);
    } else if (k === steps) {
      caption.textContent = `The ${ordinal(k - 1)} play: ${pair(answer.domino)} cannot be laid.`;
    } else {
      caption.textContent = k === 0 ? 'Before the first play.' : `The ${ordinal(k - 1)} play.`;
    }
  }, 'Play');
  out.append(caption, stage);
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
