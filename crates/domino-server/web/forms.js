// What a player reads beside the forms and the board: the API's errors
// next to the input (with the caret at the line and column they name), a
// tab's message box, and the buttons and uploads of a form.

import { ApiError } from './api.js';

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

/** The words a player reads for a failed action, in a tab's message box. */
export function sayFailure(show, err) {
  const tag = err instanceof ApiError && err.status === 0 ? 'No connection' : 'The server said';
  show('bad', err instanceof ApiError ? tag : 'Error', words(err));
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
