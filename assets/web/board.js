// A board of sticks, as the server draws it, made clickable. The server's
// SVG gives every stick its row (`data-row`) and its place in the row
// (`data-stick`, from 1 at the left). Clicking a stick chooses it and every
// stick to its right in that row; the board then says which row and how
// many, and the server decides everything else.

/** Height of a stick drawing as the server sends it, in its own units. */
const DRAWN_HEIGHT = 48;
/** Never draw sticks bigger than this many times the server's size. */
const MOST_SCALE = 3;
/** On paper the board has no box to fill: it is drawn at this size. */
const PRINTED_SCALE = 1.5;
/** Whether the page is being printed; it changes as printing starts and ends. */
export const PRINT = matchMedia("print");

export class Board {
  /**
   * @param {HTMLElement} root where the board is drawn
   * @param {{onChange?: Function, onTake?: Function}} hooks told when the
   *   choice changes, and when Enter asks to take it
   */
  constructor(root, hooks = {}) {
    this.root = root;
    this.hooks = hooks;
    this.rows = new Map(); // row number → its sticks, left to right
    this.chosen = null; // { row, from }: the sticks from `from` to the end
    this.locked = false;
    root.tabIndex = 0;
    root.setAttribute("role", "group");
    root.setAttribute("aria-label",
      "The sticks. Click a stick, or use the arrow keys, to choose it and the sticks to its right; Enter takes them.");
    root.addEventListener("click", (e) => this.clicked(e));
    root.addEventListener("keydown", (e) => this.key(e));
    new ResizeObserver(() => this.fit()).observe(root);
    PRINT.addEventListener("change", () => this.fit());
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

  /** Forgets the choice. */
  clear() {
    this.chosen = null;
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

  changed() {
    this.hooks.onChange?.(this.choice());
  }

  clicked(event) {
    const svg = event.target.closest("svg.sticks");
    if (!svg || this.locked) return;
    const stick = event.target.closest("rect[data-row]") ?? nearest(svg, event);
    if (stick) this.choose(Number(stick.dataset.row), Number(stick.dataset.stick));
    this.root.focus({ preventScroll: true });
  }

  // Arrow keys move the choice: up and down pick a row (starting with its
  // last stick), left chooses one more stick, right one fewer.
  key(event) {
    if (event.altKey || event.ctrlKey || event.metaKey || this.locked) return;
    const rows = [...this.rows.keys()].filter((r) => this.rows.get(r).length > 0);
    if (rows.length === 0) return;
    const last = (row) => this.rows.get(row).length;
    const at = this.chosen ? rows.indexOf(this.chosen.row) : -1;
    const from = this.chosen?.from;
    const start = (row) => this.choose(row, last(row));
    switch (event.key) {
      case "ArrowUp":
        start(rows[at <= 0 ? rows.length - 1 : at - 1]);
        break;
      case "ArrowDown":
        start(rows[(at + 1) % rows.length]);
        break;
      case "ArrowLeft":
        if (at < 0) start(rows[0]);
        else this.choose(this.chosen.row, Math.max(1, from - 1));
        break;
      case "ArrowRight":
        if (at < 0) start(rows[0]);
        else this.choose(this.chosen.row, Math.min(last(this.chosen.row), from + 1));
        break;
      case "Enter":
        if (this.chosen) this.hooks.onTake?.(this.choice());
        break;
      case "Escape":
        this.clear();
        break;
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
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
    for (const svg of svgs) {
      svg.style.width = `${Number(svg.getAttribute("width")) * scale}px`;
      svg.style.height = `${Number(svg.getAttribute("height")) * scale}px`;
    }
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

/** Draws every row of sticks, and every bar, inside `root` `scale` times the server's size. */
export function enlarge(root, scale) {
  for (const svg of root.querySelectorAll("svg.sticks, svg.bar")) {
    svg.style.width = `${Number(svg.getAttribute("width")) * scale}px`;
    svg.style.height = `${Number(svg.getAttribute("height")) * scale}px`;
  }
}

/** Type sizes (in rem) tried, largest first, to fit a step on the screen. */
const SIZES = [1.6, 1.45, 1.3, 1.2, 1.1, 1, 0.9];

/**
 * Shows `element` as large as it fits in `box` without scrolling: its type
 * and its drawings shrink together, a size at a time, until it fits (or
 * reaches the smallest size, when the box scrolls).
 */
export function fitInto(box, element) {
  for (const size of SIZES) {
    element.style.fontSize = `${size}rem`;
    enlarge(element, size * 1.1);
    if (box.scrollHeight <= box.clientHeight && box.scrollWidth <= box.clientWidth) return;
  }
}

/** Undoes `enlarge` and `fitInto`: the server's own sizes, as on paper. */
export function unfit(element) {
  element.style.fontSize = "";
  for (const svg of element.querySelectorAll("svg.sticks, svg.bar")) {
    svg.style.width = "";
    svg.style.height = "";
  }
}
