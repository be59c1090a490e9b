// Undo and redo: the moves of a game as a list and a cursor, the keys
// that step through them, and the toolbar's two buttons.

/**
 * The moves of a game as a list of actions and a cursor: undo moves the
 * cursor back, redo forward, a new action drops the undone tail.
 */
export class History {
  constructor(actions = [], at = actions.length) {
    this.actions = actions;
    this.at = Math.max(0, Math.min(at, actions.length));
  }
  push(action) {
    this.actions = this.actions.slice(0, this.at);
    this.actions.push(action);
    this.at = this.actions.length;
  }
  applied() {
    return this.actions.slice(0, this.at);
  }
  canUndo() {
    return this.at > 0;
  }
  canRedo() {
    return this.at < this.actions.length;
  }
  undo() {
    if (this.canUndo()) {
      this.at -= 1;
    }
  }
  redo() {
    if (this.canRedo()) {
      this.at += 1;
    }
  }
}

/**
 * Ctrl+Z / Ctrl+Y (and Ctrl+Shift+Z) for the panel that is shown, unless
 * the person is typing in a field.
 */
export function undoKeys(panel, onUndo, onRedo) {
  document.addEventListener('keydown', (e) => {
    if (panel.hidden || !(e.ctrlKey || e.metaKey) || e.altKey) {
      return;
    }
    const tag = (e.target && e.target.tagName) || '';
    if (tag === 'TEXTAREA' || tag === 'INPUT' || tag === 'SELECT') {
      return;
    }
    const key = e.key.toLowerCase();
    if (key === 'z' && !e.shiftKey) {
      e.preventDefault();
      onUndo();
    } else if (key === 'y' || (key === 'z' && e.shiftKey)) {
      e.preventDefault();
      onRedo();
    }
  });
}

/** Enables the toolbar's Undo and Redo as the history allows. */
export function showUndoRedo(toolbar, history) {
  toolbar.querySelector('[data-act="undo"]').disabled = !history.canUndo();
  toolbar.querySelector('[data-act="redo"]').disabled = !history.canRedo();
}
