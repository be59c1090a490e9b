// The web app's entry: the player's settings (first, so the page is drawn
// in its theme), the tabs and their help, then each family resumes what
// the address holds (or shows its example), so a shared link opens the
// same game.

import { setUpSettings } from './settings.js';
import { setUpHelp } from './help.js';
import { setUpTabs } from './tabs.js';
import { offeredRoutes } from './api.js';
import place from './place.js';
import * as vanish from './vanish.js';
import * as chain from './chain.js';
import * as fiveup from './fiveup.js';
import pips from './pips.js';
import * as book from './book.js';
import { registerOffline, keepOffline } from './offline.js';
import { readScreenshots } from './read.js';

setUpSettings();
setUpTabs();
// Offline play (sw.js): the worker, and the dailies kept for it.
registerOffline();
keepOffline([place, pips]);
const offered = await offeredRoutes();
for (const [name, family] of [['place', place], ['vanish', vanish], ['chain', chain], ['fiveup', fiveup], ['pips', pips], ['book', book]]) {
  // Every module lists the routes it needs (`needs`) and those a part of
  // it needs (`extras`: a button or card hidden when its route is missing).
  const missing = offered ? family.needs.filter((r) => !offered.has(r)) : [];
  if (missing.length > 0) {
    const panel = document.getElementById(`panel-${name}`);
    const notice = document.createElement('p');
    notice.className = 'error unavailable';
    notice.textContent = `This server does not offer ${missing.map((r) => `/api/v1/${r}`).join(', ')} yet, so this tab cannot work here.`;
    panel.querySelector('.intro').append(notice);
    panel.querySelectorAll('form button, form input, form select, form textarea').forEach((e) => {
      e.disabled = true;
    });
    continue;
  }
  for (const [route, selector] of Object.entries(family.extras || {})) {
    if (offered && !offered.has(route)) {
      document.querySelectorAll(selector).forEach((e) => {
        e.hidden = true;
        e.dataset.unavailable = route;
      });
    }
  }
  family.start();
}
// After the tabs' first requests, so the help's picture waits behind them.
setUpHelp();
readScreenshots(pips, offered);
// The page writes the address with replaceState, which fires no event; a
// hashchange means a person pasted or followed another link to this page,
// so the page starts again from it.
window.addEventListener('hashchange', () => location.reload());
