// What the board of sticks and the chocolate bar share: a drawing from the
// server in which the class chooses a move, by clicking or with the arrow
// keys, before making it. Each kind of drawing says what a click or an
// arrow chooses; whether the move is allowed, good or bad is always the
// server's answer.

import { PRINT } from "./fit.js";

export class Chooser {
  /**
   * @param {HTMLElement} root where the drawing is put
   * @param {string} label how to choose in it, read out by a screen reader
   * @param {{onChange?: Function, onMove?: Function}} hooks told when the
   *   choice changes, and when Enter asks to make the move chosen
   */
  constructor(root, label, hooks = {}) {
    this.root = root;
    this.hooks = hooks;
    this.chosen = null;
    this.locked = false;
    root.tabIndex = 0;
    root.setAttribute("role", "group");
    root.setAttribute("aria-label", label);
    root.addEventListener("click", (e) => this.clicked(e));
    root.addEventListener("keydown", (e) => this.key(e));
    new ResizeObserver(() => this.fit()).observe(root);
    PRINT.addEventListener("change", () => this.fit());
  }

  /** After a new drawing is put in: nothing chosen, unlocked, fitted. */
  drawn() {
    this.chosen = null;
    this.locked = false;
    this.root.classList.remove("locked");
    this.fit();
    this.changed();
  }

  /** Stops or allows choosing, as while the computer thinks. */
  lock(locked = true) {
    this.locked = locked;
    this.root.classList.toggle("locked", locked);
  }

  /** Forgets the choice. */
  clear() {
    this.chosen = null;
    this.paint();
    this.changed();
  }

  changed() {
    this.hooks.onChange?.(this.choice());
  }

  // Arrow keys move the choice, as the drawing says; Enter makes the move
  // and Esc forgets it.
  key(event) {
    if (event.altKey || event.ctrlKey || event.metaKey || this.locked || this.empty()) return;
    switch (event.key) {
      case "Enter":
        if (this.chosen) this.hooks.onMove?.(this.choice());
        break;
      case "Escape":
        this.clear();
        break;
      default:
        if (!this.arrow(event.key, event)) return;
    }
    event.preventDefault();
    event.stopPropagation();
  }

  /**
   * Takes a key pressed on the page rather than on the drawing: Enter, when
   * nothing else has the focus, hands the choice to `act`, and the arrows
   * and Esc bring the focus here and go on to the drawing. Says whether
   * the key was taken.
   */
  pageKey(event, act) {
    if (event.key === "Enter" && event.target === document.body) {
      act(this.choice());
      event.preventDefault();
      return true;
    }
    if (event.key.startsWith("Arrow") || event.key === "Escape") {
      this.root.focus({ preventScroll: true });
      this.key(event);
      return true;
    }
    return false;
  }
}
