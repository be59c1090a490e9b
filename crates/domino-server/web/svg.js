// The engine's pictures on the page: putting its SVG in a box at a size a
// finger can hit, the layer of interaction highlights drawn over it, and
// pointer positions in the picture's own units.

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * Puts the engine's SVG into `container`; returns the `<svg>` element.
 * `zoom` enlarges small pictures (a board to play on wants squares a
 * finger can hit) while CSS keeps every picture within the page's width
 * (and a board within the window's height on a desktop).
 */
export function putSvg(container, svg, zoom = 1) {
  container.innerHTML = svg;
  const picture = container.querySelector('svg');
  // A box that scrolls a wide picture sideways takes the keyboard's focus,
  // so arrow keys scroll it too.
  if (container.classList.contains('scroll')) {
    container.tabIndex = 0;
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', 'Picture (scrolls sideways when wider than the page)');
  }
  const width = picture ? Number(picture.getAttribute('width')) : 0;
  const height = picture ? Number(picture.getAttribute('height')) : 0;
  if (width > 0 && zoom !== 1) {
    picture.style.width = `${Math.round(width * zoom)}px`;
  }
  // For the style sheet: a board's shape, so it can fit the window's
  // height, and its drawn size, below which a picture on a phone scrolls
  // sideways rather than shrink past reading.
  if (width > 0 && height > 0) {
    picture.style.setProperty('--aspect', String(width / height));
    picture.style.setProperty('--natural-width', `${width}px`);
  }
  return picture;
}

/**
 * The layer of interaction highlights over an engine picture (emptied):
 * over its cells and tiles, under its rule badges (a pips region's rule
 * stays readable under a hint's marks).
 */
export function highlightLayer(svg) {
  let layer = svg.querySelector('g.hl-layer');
  if (!layer) {
    layer = document.createElementNS(SVG_NS, 'g');
    layer.setAttribute('class', 'hl-layer');
    let badges = svg.querySelector('.badge');
    while (badges && badges.parentNode !== svg) {
      badges = badges.parentNode;
    }
    svg.insertBefore(layer, badges);
  }
  layer.replaceChildren();
  return layer;
}

/** An SVG element with attributes (and text), not yet on the page. */
export function svgElement(tag, attrs, text) {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    e.setAttribute(k, String(v));
  }
  if (text !== undefined) {
    e.textContent = text;
  }
  return e;
}

/** Adds an SVG element with attributes to `parent`. */
export function draw(parent, tag, attrs, text) {
  const e = svgElement(tag, attrs, text);
  parent.append(e);
  return e;
}

/**
 * The cross over a wrong piece, centred on (x, y): a white disc with a
 * red ✗, so colour is not the only sign.
 */
export function drawCross(layer, x, y) {
  draw(layer, 'circle', { class: 'hl', cx: x, cy: y, r: 10, fill: '#fff', stroke: '#b3362a', 'stroke-width': 2 });
  draw(layer, 'text', {
    class: 'hl hl-wrong-mark', x, y, 'font-size': 15, 'text-anchor': 'middle', 'dominant-baseline': 'central',
  }, '\u2717');
}

/** A pointer event's position in the SVG's own units. */
export function svgPoint(svg, event) {
  const m = svg.getScreenCTM();
  if (!m) {
    return null;
  }
  const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(m.inverse());
  return { x: p.x, y: p.y };
}

/**
 * Brings a game's play area into view when its top is above the window:
 * on a phone the forms that load a new puzzle sit below the board, so the
 * new board would be drawn off-screen above the button just pressed.
 */
export function reveal(playBox) {
  if (playBox.getBoundingClientRect().top < 0) {
    playBox.scrollIntoView({ block: 'start' });
  }
}
