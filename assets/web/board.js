// A board of sticks, as the server draws it, made clickable. The server's
// SVG gives every stick its row (`data-row`) and its place in the row
// (`data-stick`, from 1 at the left). Clicking a stick chooses it and every
// stick to its right in that row; the board then says which row and how
// many, and the server decides everything else.

import { Chooser } from "./chooser.js";
import { PRINT, resize } from "./fit.js";

/** Height of a stick drawing as the server sends it, in its own units. */
const DRAWN_HEIGHT = 48;
/** Never draw sticks bigger than this many times the server's size. */
const MOST_SCALE = 3;
/** On paper the board has no box to fill: it is drawn at this size. */
const PRINTED_SCALE = 1.5;

export class Board extends Chooser {
  /**
   * @param {HTMLElement} root where the board is drawn
   * @param {{onChange?: Function, onMove?: Function}} hooks told when the
   *   choice changes, and when Enter asks to take it
   */
  constructor(root, hooks = {}) {
    super(root,
      "The sticks. Click a stick, or use the arrow keys, to choose it and the sticks to its right; Enter takes them.",
      hooks);
    this.rows = new Map(); // row number → its sticks, left to right
    this.chosen = null; // { row, from }: the sticks from `from` to the end
  }

  /** Draws the server's HTML for a board, with nothing chosen. */
  show(html) {
    this.root.innerHTML = html;
    this.rows = new Map();
    for (const stick of this.root.querySelectorAll("rect[data-row]")) {
      const row = Number(stick.dataset.row);
      if (!this.rows.has(row)) this.rows.set(row, []);
      this.rows.get(row).push(stick);
    }
    for (const sticks of this.rows.values()) {
      sticks.sort((a, b) => a.dataset.stick - b.dataset.stick);
    }
    this.drawn();
  }

  /** The choice: which row, and how many sticks; or null. */
  choice() {
    if (!this.chosen) return null;
    const sticks = this.rows.get(this.chosen.row);
    return { row: this.chosen.row, take: sticks.length - this.chosen.from + 1 };
  }

  /** Chooses the stick at place `from` in `row` and every one to its right. */
  choose(row, from) {
    if (this.locked) return;
    const sticks = this.rows.get(row);
    if (!sticks || from < 1 || from > sticks.length) return;
    this.chosen = { row, from };
    this.paint();
    this.changed();
  }

  /** Shows the chosen sticks as taken (greyed out), until the next board. */
  markTaken() {
    for (const stick of this.root.querySelectorAll("rect.chosen")) {
      stick.classList.replace("chosen", "taken");
    }
  }

  paint() {
    for (const [row, sticks] of this.rows) {
      sticks.forEach((stick, i) => {
        const on = this.chosen?.row === row && i + 1 >= this.chosen.from;
        stick.classList.toggle("chosen", on);
      });
    }
  }

  clicked(event) {
    const svg = event.target.closest("svg.sticks");
    if (!svg || this.locked) return;
    const stick = event.target.closest("rect[data-row]") ?? nearest(svg, event);
    if (stick) this.choose(Number(stick.dataset.row), Number(stick.dataset.stick));
    this.root.focus({ preventScroll: true });
  }

  /** Whether there is no stick left to choose. */
  empty() {
    return ![...this.rows.values()].some((sticks) => sticks.length > 0);
  }

  // Arrow keys move the choice: up and down pick a row (starting with its
  // last stick), left chooses one more stick, right one fewer.
  arrow(key) {
    const rows = [...this.rows.keys()].filter((r) => this.rows.get(r).length > 0);
    const last = (row) => this.rows.get(row).length;
    const at = this.chosen ? rows.indexOf(this.chosen.row) : -1;
    const from = this.chosen?.from;
    const start = (row) => this.choose(row, last(row));
    switch (key) {
      case "ArrowUp":
        start(rows[at <= 0 ? rows.length - 1 : at - 1]);
        return true;
      case "ArrowDown":
        start(rows[(at + 1) % rows.length]);
        return true;
      case "ArrowLeft":
        if (at < 0) start(rows[0]);
        else this.choose(this.chosen.row, Math.max(1, from - 1));
        return true;
      case "ArrowRight":
        if (at < 0) start(rows[0]);
        else this.choose(this.chosen.row, Math.min(last(this.chosen.row), from + 1));
        return true;
      default:
        return false;
    }
  }

  // Draws the sticks as large as the board's box allows: the widest row
  // fits across, and every row fits down without scrolling.
  fit() {
    const svgs = [...this.root.querySelectorAll(".drawing > svg.sticks")];
    if (svgs.length === 0) return;
    const widest = Math.max(...svgs.map((svg) => Number(svg.getAttribute("width"))));
    const box = this.root.getBoundingClientRect();
    // Room for the row labels and the counts beside the drawings.
    const across = (box.width - 230) / widest;
    const down = (box.height - 14 * svgs.length) / (DRAWN_HEIGHT * svgs.length);
    const fitted = Math.max(0.75, Math.min(MOST_SCALE, across, down || MOST_SCALE));
    const scale = PRINT.matches ? PRINTED_SCALE : fitted;
    for (const svg of svgs) resize(svg, scale);
    this.root.style.setProperty("--scale", scale.toFixed(2));
  }
}

/** The stick nearest a click that fell between sticks, if it is close. */
function nearest(svg, event) {
  const sticks = [...svg.querySelectorAll("rect[data-row]")];
  let best = null;
  let distance = Infinity;
  for (const stick of sticks) {
    const r = stick.getBoundingClientRect();
    const d = Math.abs(event.clientX - (r.left + r.width / 2));
    if (d < distance) [best, distance] = [stick, d];
  }
  const wide = best ? best.getBoundingClientRect().width : 0;
  return distance <= wide * 1.2 ? best : null;
}

/** A button with words, listening for clicks. */
export function button(label, onClick, className = "") {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  if (className) b.className = className;
  b.addEventListener("click", onClick);
  return b;
}

/**
 * Fills `holder` with a "Take N" button for each take the server offers
 * (a single row with only a few takes allowed), or empties it.
 */
export function takeButtons(holder, buttons, onTake) {
  holder.replaceChildren();
  for (const n of buttons ?? []) {
    const b = button(`Take ${n}`, () => onTake(n), "take-n");
    b.dataset.take = n;
    b.setAttribute("aria-keyshortcuts", String(n));
    holder.append(b);
  }
}

/** Shows `words` in an error line, or hides it when there are none. */
export function showError(line, words) {
  line.textContent = words ?? "";
  line.hidden = !words;
}
