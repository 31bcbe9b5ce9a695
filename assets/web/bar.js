// A chocolate bar of Chomp, as the server draws it, made clickable. The
// server's SVG gives every square its row (`data-row`) and its column
// (`data-column`), both from 1. Clicking a square chooses it; the squares a
// bite there would take (it and every square below it and to its right,
// the rule of the bite) are lit up, so the class sees the bite before it
// is made. Whether a bite is allowed, good or bad is always the server's
// answer.

import { Chooser } from "./chooser.js";
import { PRINT, resize } from "./fit.js";

/** Never draw squares bigger than this many times the server's size. */
const MOST_SCALE = 4;
/** On paper the bar has no box to fill: it is drawn at this size. */
const PRINTED_SCALE = 1.6;

/** How each arrow key moves the chosen square: rows down, columns right. */
const STEPS = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

export class ChompBar extends Chooser {
  /**
   * @param {HTMLElement} root where the bar is drawn
   * @param {{onChange?: Function, onMove?: Function}} hooks told when the
   *   choice changes, and when Enter asks to bite
   */
  constructor(root, hooks = {}) {
    super(root,
      "The chocolate bar. Click a square, or use the arrow keys, to choose where to bite; Enter bites.",
      hooks);
    this.squares = new Map(); // "row,column" → its rect
    this.lengths = []; // the length of each row, from the top
    this.chosen = null; // { row, column }
    this.frame = null; // the size the bar is fitted by: the start of a game
  }

  /**
   * Draws the server's HTML for a bar, with nothing chosen. The bar is
   * fitted to the box by its `frame`: "fresh" takes this bar's own size, a
   * size ({width, height}) is used as it is, and none keeps the frame there
   * was, so squares do not grow as a game eats the bar.
   */
  show(html, frame = null) {
    this.root.innerHTML = html;
    this.squares = new Map();
    this.lengths = [];
    for (const square of this.root.querySelectorAll("rect[data-row]")) {
      const row = Number(square.dataset.row);
      const column = Number(square.dataset.column);
      this.squares.set(`${row},${column}`, square);
      this.lengths[row - 1] = Math.max(this.lengths[row - 1] ?? 0, column);
    }
    const svg = this.svg();
    if (frame && frame !== "fresh") this.frame = frame;
    else if (svg && (frame === "fresh" || !this.frame)) {
      this.frame = { width: Number(svg.getAttribute("width")), height: Number(svg.getAttribute("height")) };
    }
    this.drawn();
  }

  svg() {
    return this.root.querySelector("svg.bar");
  }

  /** The square chosen, { row, column }, or null. */
  choice() {
    return this.chosen ? { ...this.chosen } : null;
  }

  /** Chooses the square at `row`, `column`, if the bar has it. */
  choose(row, column) {
    if (this.locked || !this.squares.has(`${row},${column}`)) return;
    this.chosen = { row, column };
    this.paint();
    this.changed();
  }

  /** The squares a bite at `row`, `column` takes: it, and every square below and to the right. */
  taken(row, column) {
    return [...this.squares.entries()]
      .filter(([at]) => {
        const [r, c] = at.split(",").map(Number);
        return r >= row && c >= column;
      })
      .map(([, square]) => square);
  }

  paint() {
    const lit = new Set(this.chosen ? this.taken(this.chosen.row, this.chosen.column) : []);
    for (const square of this.squares.values()) {
      square.classList.toggle("chosen", lit.has(square));
      const at = this.chosen && square.dataset.row == this.chosen.row && square.dataset.column == this.chosen.column;
      square.classList.toggle("cursor", Boolean(at));
    }
  }

  /** Shows the chosen squares as bitten off, until the next bar. */
  markTaken() {
    for (const square of this.root.querySelectorAll("rect.chosen")) {
      square.classList.replace("chosen", "taken");
      square.classList.remove("cursor");
    }
  }

  /** Shows the squares someone else's bite takes, as the computer's. */
  markBite(row, column, className) {
    for (const square of this.root.querySelectorAll("rect.taken")) square.classList.add("gone");
    for (const square of this.taken(row, column)) {
      if (!square.classList.contains("taken")) square.classList.add(className);
    }
  }

  clicked(event) {
    const square = event.target.closest("rect[data-row]");
    if (!square || this.locked) return;
    this.choose(Number(square.dataset.row), Number(square.dataset.column));
    this.root.focus({ preventScroll: true });
  }

  /** Whether there is no square left to choose. */
  empty() {
    return this.lengths.length === 0;
  }

  // Arrow keys move the chosen square, starting from the bottom-right one.
  arrow(key) {
    const step = STEPS[key];
    if (!step) return false;
    const rows = this.lengths.length;
    const go = (row, column) => {
      const r = Math.min(Math.max(row, 1), rows);
      this.choose(r, Math.min(Math.max(column, 1), this.lengths[r - 1]));
    };
    const at = this.chosen;
    if (!at) go(rows, this.lengths[rows - 1]);
    else go(at.row + step[0], at.column + step[1]);
    return true;
  }

  // Draws the bar as large as its box allows, by the size of the bar it
  // was framed for, so every square fits across and down.
  fit() {
    const svg = this.svg();
    if (!svg || !this.frame) return;
    const box = this.root.getBoundingClientRect();
    const caption = this.root.querySelector("figcaption")?.getBoundingClientRect().height ?? 0;
    const across = (box.width - 16) / this.frame.width;
    const down = (box.height - caption - 24) / this.frame.height;
    // As much larger as the screen's type is than a 720p projector's.
    const type = parseFloat(getComputedStyle(document.documentElement).fontSize) || 20;
    const most = MOST_SCALE * Math.max(1, type / 20);
    const fitted = Math.max(0.75, Math.min(most, across, down || most));
    const scale = PRINT.matches ? PRINTED_SCALE : fitted;
    resize(svg, scale);
  }
}
