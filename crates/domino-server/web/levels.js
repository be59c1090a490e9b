// The names of each family's levels, as the library spells them: read from
// the service's OpenAPI document (the `difficulty` of a generate request),
// so the page types none of them, and put into the forms' level choices.

import { requestField } from './api.js';

/** The levels a route's `difficulty` takes, easiest first ([] when the document says none). */
export function levelsOf(route) {
  const field = requestField(route, 'difficulty');
  return (field && field.enum) || [];
}

/**
 * Fills a form's level choice with the levels of `route`; the one
 * selected (the tab's first puzzle) is the route's default when the
 * document gives one, else the easiest.
 */
export function fillLevels(select, route) {
  const levels = levelsOf(route);
  select.replaceChildren(...levels.map((level) => new Option(level, level)));
  const field = requestField(route, 'difficulty');
  if (field && levels.includes(field.default)) {
    select.value = field.default;
  }
}
