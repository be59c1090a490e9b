// The tabs of the page: buttons with role=tab, arrow keys between them,
// the shown panel kept in the address.

import { readHash, writeHash } from './address.js';

/** Wires the tabs and shows the one the address names (place by default). */
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
