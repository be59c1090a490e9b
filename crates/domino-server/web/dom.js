// Building the page's elements: one helper the cards and the clock share.

const SVG = 'http://www.w3.org/2000/svg';

/**
 * A new element with its attributes and, when given, its text; a tag
 * written "svg:rect" makes an SVG element (the statistics' histogram).
 */
export function element(tag, attrs = {}, text) {
  const e = tag.startsWith('svg:') ? document.createElementNS(SVG, tag.slice(4)) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    e.setAttribute(k, v);
  }
  if (text !== undefined) {
    e.textContent = text;
  }
  return e;
}
