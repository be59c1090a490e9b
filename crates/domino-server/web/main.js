// The web app's entry: the tabs, then each family resumes what the address
// holds (or shows its example), so a shared link opens the same game.

import { setUpTabs } from './controls.js';
import * as place from './place.js';
import * as vanish from './vanish.js';
import * as chain from './chain.js';
import * as fiveup from './fiveup.js';

setUpTabs();
for (const family of [place, vanish, chain, fiveup]) {
  family.start();
}
// The page writes the address with replaceState, which fires no event; a
// hashchange means a person pasted or followed another link to this page,
// so the page starts again from it.
window.addEventListener('hashchange', () => location.reload());
