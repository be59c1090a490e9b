// The player's settings, kept in this browser (localStorage): the theme
// (the system's, light or dark), marks for Pips regions that do not rely
// on colour (a pattern and a letter per region), and whether the clock is
// shown. They are applied as attributes of <html> (data-theme,
// data-patterns, data-timer) that the style sheet and the tabs read, and
// offered in the settings dialog (index.html's #settings) and by the
// header's dark-mode toggle.

const KEY = 'domino-settings';
const DEFAULTS = { theme: 'system', patterns: false, timer: true };
const THEMES = ['system', 'light', 'dark'];
const dark = matchMedia('(prefers-color-scheme: dark)');
const listeners = [];

/** The settings kept (the defaults for anything missing or unreadable). */
export function settings() {
  let kept = {};
  try {
    kept = JSON.parse(localStorage.getItem(KEY) || '{}') || {};
  } catch (e) {
    kept = {};
  }
  return {
    theme: THEMES.includes(kept.theme) ? kept.theme : DEFAULTS.theme,
    patterns: typeof kept.patterns === 'boolean' ? kept.patterns : DEFAULTS.patterns,
    timer: typeof kept.timer === 'boolean' ? kept.timer : DEFAULTS.timer,
  };
}

/** Whether the page is dark now: the choice, or the system's when none. */
export function isDark(s = settings()) {
  return s.theme === 'dark' || (s.theme === 'system' && dark.matches);
}

/** Calls `fn(settings)` after every change (a tab redraws what depends on them). */
export function onSettings(fn) {
  listeners.push(fn);
}

function apply() {
  const s = settings();
  const root = document.documentElement;
  root.dataset.theme = isDark(s) ? 'dark' : 'light';
  root.dataset.patterns = s.patterns ? 'on' : 'off';
  root.dataset.timer = s.timer ? 'shown' : 'hidden';
  const toggle = document.getElementById('theme-toggle');
  if (toggle) {
    toggle.setAttribute('aria-pressed', String(isDark(s)));
  }
  const form = document.getElementById('settings-form');
  if (form) {
    form.elements.theme.value = s.theme;
    form.elements.patterns.checked = s.patterns;
    form.elements.timer.checked = s.timer;
  }
  listeners.forEach((fn) => fn(s));
}

/** Keeps a change (some of the settings) and applies it. */
export function change(changes) {
  try {
    localStorage.setItem(KEY, JSON.stringify({ ...settings(), ...changes }));
  } catch (e) {
    // A browser that keeps nothing still applies the change below, for
    // this page.
    Object.assign(DEFAULTS, changes);
  }
  apply();
}

/**
 * Applies the kept settings and wires their controls: the header's toggle
 * (dark or light, whatever the system says) and the dialog's form, whose
 * every change applies at once.
 */
export function setUpSettings() {
  apply();
  dark.addEventListener('change', apply);
  const toggle = document.getElementById('theme-toggle');
  toggle.addEventListener('click', () => change({ theme: isDark() ? 'light' : 'dark' }));
  const dialog = document.getElementById('settings');
  const form = document.getElementById('settings-form');
  document.getElementById('settings-open').addEventListener('click', () => dialog.showModal());
  form.addEventListener('change', () => change({
    theme: form.elements.theme.value,
    patterns: form.elements.patterns.checked,
    timer: form.elements.timer.checked,
  }));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    dialog.close();
  });
}
