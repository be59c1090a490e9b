// The "Print a book" tab: a form that asks /api/v1/book for a PDF of
// placement and Pips puzzles and hands it to the browser as a download.
// The levels come from the service's document (levels.js), as the other
// forms' do.

import { ApiError } from './api.js';
import { fillLevels } from './levels.js';
import { clearError, showError } from './forms.js';

export const needs = ['book', 'place/generate', 'pips/generate'];

/** The file name the browser saves the book under. */
const FILE = 'domino-book.pdf';

/** The request of the form: only the sections with puzzles. */
function request(form) {
  const f = form.elements;
  const number = (input) => Number(input.value);
  const body = {
    title: f.title.value,
    paper: f.paper.value,
    steps: number(f.steps),
    seed: number(f.seed),
    place: [],
    pips: [],
  };
  if (f.per_page.value !== '') {
    body.per_page = number(f.per_page);
  }
  if (number(f.place_count) > 0) {
    body.place.push({ set: number(f.place_set), difficulty: f.place_difficulty.value, count: number(f.place_count) });
  }
  if (number(f.pips_count) > 0) {
    body.pips.push({ difficulty: f.pips_difficulty.value, count: number(f.pips_count) });
  }
  return body;
}

/**
 * POSTs the request; resolves to the PDF as a Blob, or throws the API's
 * error (its JSON body). Not through api.js's queue of JSON answers: its
 * answer is a file, and a person waits for it alone.
 */
async function fetchBook(body) {
  let response;
  try {
    response = await fetch('/api/v1/book', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (e) {
    throw new ApiError(0, { error: 'the server cannot be reached' });
  }
  if (!response.ok) {
    let answer = null;
    try {
      answer = await response.json();
    } catch (e) {
      answer = null;
    }
    throw new ApiError(response.status, answer);
  }
  return response.blob();
}

/** Saves `blob` as FILE through a link the page clicks. */
function download(blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = FILE;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

export function start() {
  const form = document.getElementById('book-form');
  const status = document.getElementById('book-status');
  const error = form.querySelector('.error');
  const button = form.querySelector('button[type="submit"]');
  fillLevels(form.elements.place_difficulty, 'place/generate');
  fillLevels(form.elements.pips_difficulty, 'pips/generate');
  // The form can be used: what the end-to-end flows wait for.
  form.dataset.ready = '';
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    clearError(error);
    button.disabled = true;
    status.textContent = 'Making the puzzles...';
    try {
      const blob = await fetchBook(request(form));
      download(blob);
      status.textContent = `Saved as ${FILE} (${Math.ceil(blob.size / 1024)} KB).`;
    } catch (err) {
      status.textContent = '';
      showError(error, err);
    } finally {
      button.disabled = false;
    }
  });
}
