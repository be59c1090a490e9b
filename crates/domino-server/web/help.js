// How to play: a short help per tab in a dialog (index.html's #help), with
// a picture of a small example drawn by the engine, opened by itself the
// first time a player sees a tab (the tabs seen are kept in this
// browser) and again from the header's "How to play" button.

import { api, offers } from './api.js';
import { putSvg } from './svg.js';

const SEEN = 'domino-help-seen';

// Per tab: the title, a few lines, and the example the engine draws (a
// route of the tab's family and its request), enlarged by `zoom` (1.5
// unless told).
const HELP = {
  place: {
    title: 'How to play: Placement',
    lines: [
      'Cover the board with every domino of the set exactly once: each piece covers two neighbouring numbers.',
      'Tap a cell and then a neighbour (or drag across both) to lay a piece; tap a laid piece to lift it.',
      'Tap the line between two cells to mark it "no domino here".',
      'Press a digit, or a number under the board, to light every cell with that number; pick a piece in the set to light every place it can still go.',
      'Keyboard: arrow keys move, Enter lays, Shift+arrow marks a line, Ctrl+Z undoes.',
    ],
    picture: ['place/render', { text: '0 0 2 2\n1 1 0 1\n1 2 0 2', placements: [[[0, 0], [0, 1]], [[1, 0], [2, 0]]] }],
  },
  pips: {
    title: 'How to play: Pips',
    zoom: 2,
    lines: [
      'Lay every domino of the tray on the board so that each coloured region\'s rule holds: the number is the sum of its pips, < and > bound the sum, = says all equal, \u2260 all different.',
      'Take a domino from the tray, then tap the cell for its first half; tap the domino again (or press R) to turn it first. Dragging works too.',
      'Tap a laid domino to turn it; drag it elsewhere, or off the board to put it back.',
      'Hint shows the next deduction; Check marks what is wrong. Settings add patterns and letters to the regions.',
    ],
    picture: ['pips/render', {
      text: JSON.stringify({
        dominoes: [[1, 2], [3, 3], [4, 0]],
        regions: [
          { indices: [[0, 0], [0, 1]], type: 'sum', target: 3 },
          { indices: [[1, 0], [1, 1]], type: 'equals' },
          { indices: [[0, 2], [1, 2]], type: 'greater', target: 3 },
        ],
      }),
      placements: [{ domino: 0, cells: [[0, 0], [0, 1]] }],
    }],
  },
  vanish: {
    title: 'How to play: Vanishing dominoes',
    lines: [
      'A piece may vanish when the free squares next to each of its halves number exactly that half\'s value.',
      'Tap a piece with a ring (or its button) to remove it. Remove as many as you can: the score is the number of pieces left.',
      'Best possible finds the engine\'s best order; Compare runs every algorithm.',
    ],
    picture: ['vanish/render', { text: '3;2\nh;1;0;0;0\nv;1;1;2;0\nh;0;2;0;1', removed: [] }],
  },
  chain: {
    title: 'How to play: Chains',
    lines: [
      'Paste a hand of dominoes: the page draws one line through all of them whose touching halves match, or says why there is none.',
      'Longest train finds the longest line a player can lay from a start value.',
    ],
    picture: ['chain/render', { text: '0|1 1|2 2|0' }],
  },
  fiveup: {
    title: 'How to play: Five Up',
    lines: [
      'Paste the plays of a game in order: every double is a spinner with four sides.',
      'The page draws the layout play by play with its score, or names the first illegal move and why.',
    ],
    picture: ['fiveup/render', { text: '5-5 5-0 5-3 5-6', moves: 4 }],
  },
  book: {
    title: 'How to play: Print a book',
    lines: [
      'Choose how many Placement and Pips puzzles, their levels and the paper: the server makes a PDF with the answers at the back.',
      'The same seed gives the same book. Each puzzle looks like this one, to solve with a pencil.',
    ],
    picture: ['place/render', { text: '0 0 2 2\n1 1 0 1\n1 2 0 2' }],
  },
};

function seen() {
  try {
    const list = JSON.parse(localStorage.getItem(SEEN) || '[]');
    return Array.isArray(list) ? list : [];
  } catch (e) {
    return [];
  }
}

function markSeen(tab) {
  try {
    localStorage.setItem(SEEN, JSON.stringify(Array.from(new Set([...seen(), tab]))));
  } catch (e) {
    // Nothing kept: the help opens again next time, which does no harm.
  }
}

const shownTab = () => {
  const tab = document.querySelector('[role="tab"][aria-selected="true"]');
  return tab ? tab.dataset.tab : 'place';
};

/** Opens the help of `tab` (its picture drawn once, when first shown). */
export async function openHelp(tab = shownTab()) {
  const help = HELP[tab];
  const dialog = document.getElementById('help');
  if (!help || !dialog) {
    return;
  }
  markSeen(tab);
  dialog.dataset.tab = tab;
  dialog.querySelector('#help-title').textContent = help.title;
  const list = dialog.querySelector('.help-text');
  list.replaceChildren(...help.lines.map((line) => {
    const li = document.createElement('li');
    li.textContent = line;
    return li;
  }));
  const box = dialog.querySelector('.help-picture');
  box.replaceChildren();
  if (!dialog.open) {
    dialog.showModal();
  }
  const [route, body] = help.picture;
  if (offers(route)) {
    try {
      help.svg = help.svg || (await api(route, body)).svg;
      if (dialog.dataset.tab === tab) {
        putSvg(box, help.svg, help.zoom || 1.5);
      }
    } catch (e) {
      // The words alone still help.
    }
  }
}

/**
 * Wires the header's button and opens the help by itself the first time
 * a tab is shown (now, or when the player turns to it).
 */
export function setUpHelp() {
  document.getElementById('help-open').addEventListener('click', () => openHelp());
  const firstVisit = () => {
    const tab = shownTab();
    if (!seen().includes(tab) && !document.getElementById('help').open) {
      openHelp(tab);
    }
  };
  for (const panel of document.querySelectorAll('main > .panel')) {
    new MutationObserver(firstVisit).observe(panel, { attributes: true, attributeFilter: ['hidden'] });
  }
  firstVisit();
}
