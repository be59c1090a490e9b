// The step-through player of the answers that are sequences (a Five Up
// game, a best removal order): Previous / Play / Next and "Step k of n".

/**
 * A step-through player: Previous / Play / Next and "Step k of n" in
 * `container`; arrow keys step while it has focus. `show(k, fresh)` draws
 * step k (it may be async) and checks `fresh()` before drawing, so a slow
 * answer for an old step never covers a newer one; steps run from 0 to n.
 */
export class Stepper {
  constructor(container, show, label = 'Step') {
    this.show = show;
    this.label = label;
    this.n = 0;
    this.k = 0;
    this.version = 0;
    this.timer = null;
    this.el = document.createElement('div');
    this.el.className = 'stepper';
    this.el.tabIndex = 0;
    this.el.setAttribute('role', 'group');
    this.el.setAttribute('aria-label', 'Step through (arrow keys)');
    this.prev = button('\u25C0 Previous', () => this.byHand(this.k - 1));
    this.play = button('\u25B6 Play', () => this.toggle());
    this.next = button('Next \u25B6', () => this.byHand(this.k + 1));
    this.prev.classList.add('prev');
    this.play.classList.add('play');
    this.next.classList.add('next');
    this.counter = document.createElement('span');
    this.counter.className = 'counter';
    this.counter.setAttribute('aria-live', 'polite');
    this.el.append(this.prev, this.play, this.next, this.counter);
    this.el.addEventListener('keydown', (e) => {
      if (e.key === 'ArrowRight') {
        e.preventDefault();
        this.byHand(this.k + 1);
      } else if (e.key === 'ArrowLeft') {
        e.preventDefault();
        this.byHand(this.k - 1);
      }
    });
    container.append(this.el);
  }
  reset(n, k = 0) {
    this.n = n;
    return this.byHand(k);
  }
  byHand(k) {
    this.stop();
    return this.go(k);
  }
  go(k) {
    this.k = Math.max(0, Math.min(this.n, k));
    this.prev.disabled = this.k === 0;
    this.next.disabled = this.k === this.n;
    this.counter.textContent = `${this.label} ${this.k} of ${this.n}`;
    const version = ++this.version;
    return this.show(this.k, () => version === this.version);
  }
  toggle() {
    if (this.timer) {
      this.stop();
      return;
    }
    if (this.k === this.n) {
      this.go(0);
    }
    this.play.textContent = '\u275A\u275A Pause';
    this.timer = setInterval(() => {
      if (this.k >= this.n) {
        this.stop();
      } else {
        this.go(this.k + 1);
      }
    }, 800);
  }
  stop() {
    if (this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
    this.play.textContent = '\u25B6 Play';
  }
}

export function button(text, onClick) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = text;
  b.addEventListener('click', onClick);
  return b;
}
