// A board of sticks, as the server draws it, made clickable. The server's
// SVG gives every stick its row (`data-row`) and its place in the row
// (`data-stick`, from 1 at the left); a row too long to draw stick by
// stick comes in bundles, each with its first place (`data-from`) and its
// size. Clicking a stick or a bundle chooses it and everything to its
// right in that row; the arrow keys, the Row and Take fields and their
// steppers choose too. In a game whose move may take from several rows,
// a click in another row adds that row, up to as many as a move may take
// from. The board then says which rows and how many, and the server
// decides everything else.
//
// Sticks are drawn plainly unless "Show groups" is on: the switch colours
// them by group and sets the groups apart. The teacher's choice is kept in
// the browser and holds on every board of the page.

import { Chooser } from "./chooser.js";
import { PRINT, drawnHeight, drawnWidth, resize } from "./fit.js";

/** Height of a line of sticks as the server draws it, in its own units. */
const DRAWN_HEIGHT = 48;
/** A line of a row's drawing and the space under it, in the server's
 * units: a long row goes on to more lines. */
const LINE_HEIGHT = 56;
/** Never draw sticks bigger than this many times the server's size, on a
 * screen whose type is 20px (a 720p projector); as many times larger as
 * the type is on a larger screen. */
const MOST_SCALE = 3;
/** Many rows are not drawn smaller than this, unless the screen's CSS says
 * otherwise (`--least-scale`): the board scrolls instead. It grows with the
 * type too, more slowly, so a large screen draws its sticks larger than a
 * small one and still fits more rows. */
const LEAST_SCALE = 0.75;
/** The type of the screen the scales above were made for, in pixels. */
const TYPE_MADE_FOR = 20;
/** On paper the board has no box to fill: it is drawn at this size. */
const PRINTED_SCALE = 1.5;
/** How far apart sticks stand, in the server's units. */
const STICK_STEP = 16;
/** Sticks closer than this many pixels are too close to click one by one:
 * a long row is drawn plainly in bundles of ten instead. A finger needs
 * more room than a mouse (`TOUCH`). */
const CLOSEST_STICKS = 11;
const CLOSEST_TOUCHED = 22;
/** A screen touched with a finger, or as narrow as a phone's. */
const TOUCH = matchMedia("(pointer: coarse)");
/** The widest screen counted as a phone's, in CSS pixels. */
const NARROW = 760;
/**
 * Whether the sticks are tapped: a coarse pointer, or a screen as narrow as
 * a phone's. The width is read from the page as it is laid out now, since
 * a media query's answer is only brought up to date at the next frame.
 */
const touched = () => TOUCH.matches || document.documentElement.clientWidth <= NARROW;
/** Where the teacher's choice to show groups is kept. */
const GROUPS_KEPT = "matchsticks.show-groups";

/** Every board on the page, so one switch sets them all. */
const boards = new Set();

/** Whether the teacher chose to show the groups; off until they do. */
function groupsShown() {
  try {
    return localStorage.getItem(GROUPS_KEPT) === "on";
  } catch {
    return false; // storage refused: plain sticks, as for a new teacher
  }
}

/**
 * Shows or hides the groups on every board, and in the rows a verdict
 * draws (`.follows-groups`, kept at the size they were drawn), and
 * remembers the choice.
 */
function showGroups(on) {
  try {
    localStorage.setItem(GROUPS_KEPT, on ? "on" : "off");
  } catch {
    // Not kept, but still shown until the page is left.
  }
  const verdicts = [...document.querySelectorAll(".follows-groups svg.sticks")]
    .map((svg) => [svg, parseFloat(svg.style.width) / drawnWidth(svg)]);
  document.documentElement.classList.toggle("groups-shown", on);
  for (const [svg, by] of verdicts) if (by > 0) resize(svg, by);
  for (const board of boards) board.grouping(on);
}
document.documentElement.classList.toggle("groups-shown", groupsShown());

export class Board extends Chooser {
  /**
   * @param {HTMLElement} root where the board is drawn; its controls (the
   *   groups switch, the Row and Take fields) are put just after it
   * @param {{onChange?: Function, onMove?: Function}} hooks told when the
   *   choice changes, and when Enter asks to take it
   * @param {{groups?: boolean, plain?: boolean}} options `groups: false`
   *   for a board with no "Show groups" switch, whose sticks are always
   *   drawn plainly; `plain: true` for one that opens plain whatever was
   *   remembered, as a lesson's question does, where making the groups is
   *   the class's work (the switch still shows them when pressed)
   */
  constructor(root, hooks = {}, { groups = true, plain = false } = {}) {
    super(root,
      "The sticks. Click a stick, or use the arrow keys, to choose it and the sticks to its right; Enter takes them.",
      hooks);
    // Row number → { length: its sticks, pieces: its sticks and bundles,
    // each with .from and .size }.
    this.rows = new Map();
    this.chosen = null; // { row, from }: the sticks from `from` to the end
    this.others = []; // the rows chosen before it, in a move from several rows
    this.perMove = 1; // how many rows a move may take from
    this.total = 0; // how many rows there are, empty ones too
    this.suggested = false; // the take chosen was not typed: one stick, by default
    this.groups = groups;
    this.controls = this.makeControls();
    root.after(this.controls);
    root.addEventListener("scroll", () => this.scrolls(), { passive: true });
    if (groups) boards.add(this);
    this.grouping(groups && !plain && groupsShown());
  }

  /** The switch, and the Row and Take fields with their steppers. */
  makeControls() {
    const bar = document.createElement("div");
    bar.className = "board-controls";
    const field = (label, name) => {
      const holder = document.createElement("label");
      holder.className = `board-${name}`;
      const input = document.createElement("input");
      Object.assign(input, { type: "number", min: 1, step: 1, inputMode: "numeric" });
      input.setAttribute("aria-label", label);
      holder.append(`${label} `, input);
      // What the field holds is chosen whole when it gets the focus, so
      // that a number typed replaces it rather than running on from it; the
      // click or tap that gave the focus does not put a caret in instead.
      let selecting = false;
      input.addEventListener("focus", () => {
        input.select();
        selecting = true;
      });
      input.addEventListener("mouseup", (event) => {
        if (selecting) event.preventDefault();
        selecting = false;
      });
      input.addEventListener("blur", () => {
        selecting = false;
      });
      // A turn of the mouse wheel over the field scrolls the page: it never
      // steps the number, which would make another move without a word.
      input.addEventListener("wheel", () => {
        if (document.activeElement === input) input.blur();
      }, { passive: true });
      // The choice follows what is typed, digit by digit.
      input.addEventListener("input", () => this.typed());
      input.addEventListener("keydown", (event) => {
        if (event.key !== "Enter") return;
        this.typed();
        if (this.chosen && !this.locked) this.hooks.onMove?.(this.choice());
        event.preventDefault();
      });
      return [holder, input];
    };
    const [rowHolder, row] = field("Row", "row");
    const [takeHolder, take] = field("Take", "take");
    const stepper = (label, by, words) => {
      const b = button(label, () => this.step(by), "stepper");
      b.setAttribute("aria-label", words);
      return b;
    };
    const fewer = stepper("−", -1, "One stick fewer");
    const more = stepper("+", 1, "One stick more");
    takeHolder.after(fewer, more);
    // Where a move may take from several rows: keeps the row chosen, and
    // the fields (or the arrow keys) choose another to add to it.
    const another = button("Add a row", () => this.another(), "board-another");
    another.setAttribute("aria-keyshortcuts", "Shift+ArrowDown");
    another.hidden = true;

    const switchHolder = document.createElement("label");
    switchHolder.className = "switch board-groups";
    const groups = document.createElement("input");
    groups.type = "checkbox";
    groups.addEventListener("change", () => showGroups(groups.checked));
    // "Show" gives way where the screen is short of room (app.css).
    const show = document.createElement("span");
    show.className = "show-word";
    show.textContent = "Show ";
    switchHolder.append(groups, " ", show, "groups");

    const move = document.createElement("span");
    move.className = "board-move";
    move.append(rowHolder, takeHolder, fewer, more, another);
    // Why what was typed chooses nothing, such as a take past the row's end.
    const note = document.createElement("p");
    note.className = "board-note";
    note.setAttribute("role", "status");
    note.hidden = true;
    bar.append(move, switchHolder, note);
    this.fields = { row, take, fewer, more, another, groups, switchHolder, note };
    return bar;
  }

  /** Draws the sticks plainly, or coloured and set apart in their groups. */
  grouping(on) {
    this.root.classList.toggle("show-groups", on);
    this.fields.groups.checked = on;
    this.fit();
  }

  /**
   * Draws the server's HTML for a board, with nothing chosen, for a game
   * whose move may take from `perMove` rows.
   */
  show(html, { perMove = 1 } = {}) {
    this.root.innerHTML = html;
    this.perMove = Math.max(1, Number(perMove) || 1);
    this.fields.another.hidden = this.perMove === 1;
    this.others = [];
    this.root.scrollTop = 0;
    this.rows = new Map();
    for (const piece of this.root.querySelectorAll("svg.sticks [data-row]")) {
      const row = Number(piece.dataset.row);
      if (!this.rows.has(row)) this.rows.set(row, { length: 0, pieces: [] });
      const from = Number(piece.dataset.stick ?? piece.dataset.from);
      const size = Number(piece.dataset.size ?? 1);
      const drawn = this.rows.get(row);
      drawn.pieces.push({ element: piece, from, size });
      drawn.length = Math.max(drawn.length, from + size - 1);
    }
    // How many rows there are.
    this.total = this.root.querySelectorAll(".rows > .drawing").length;
    // Only a board with groups to show needs the switch.
    this.fields.switchHolder.hidden = !this.groups
      || !this.root.querySelector("svg.sticks[data-groups-width]");
    const rows = [...this.rows.keys()];
    this.fields.row.max = rows.length ? Math.max(...rows) : 1;
    this.say(null);
    this.drawn();
  }

  /**
   * The choice: which row, and how many sticks (of the row chosen last);
   * or null. Where a move may take from several rows, also every row
   * chosen (`parts`, each `{row, take}`) and the rows the move leaves
   * (`to`), as the server takes a move from several rows.
   */
  choice() {
    if (!this.chosen) return null;
    const take = (pick) => this.rows.get(pick.row).length - pick.from + 1;
    const choice = { row: this.chosen.row, take: take(this.chosen) };
    if (this.perMove > 1) {
      const parts = this.picks().map((pick) => ({ row: pick.row, take: take(pick) }))
        .sort((a, b) => a.row - b.row);
      const left = (row) => (this.rows.get(row)?.length ?? 0)
        - (parts.find((part) => part.row === row)?.take ?? 0);
      choice.parts = parts;
      choice.to = Array.from({ length: this.total }, (_, i) => left(i + 1));
    }
    return choice;
  }

  /** The rows chosen, each `{row, from}`, the one chosen last at the end. */
  picks() {
    return [...this.others, ...(this.chosen ? [this.chosen] : [])];
  }

  /**
   * Chooses the stick at place `from` in `row` and every one to its right.
   * Where a move may take from several rows, a click (`add`) adds the row
   * to the others chosen, the earliest giving way when there are too
   * many, and a click on the first stick chosen in a row lets the row go;
   * the keys and the fields change the row chosen last.
   */
  choose(row, from, add = false) {
    if (this.locked) return;
    let dropped = []; // the rows let go to make room for this one
    const drawn = this.rows.get(row);
    if (!drawn || from < 1 || from > drawn.length) return;
    if (this.perMove > 1) {
      const replaced = add ? null : this.chosen?.row;
      const rest = this.picks().filter((pick) => pick.row !== row && pick.row !== replaced);
      if (add && this.picks().some((pick) => pick.row === row && pick.from === from)) {
        this.chosen = rest.pop() ?? null;
        this.others = rest;
        this.say(null);
        this.paint();
        this.changed();
        return;
      }
      const kept = Math.max(0, rest.length - (this.perMove - 1));
      dropped = rest.slice(0, kept).map((pick) => pick.row);
      this.others = rest.slice(kept);
    }
    this.chosen = { row, from };
    this.suggested = false;
    this.say(dropped.length > 0 ? letGo(dropped, this.perMove) : null, false);
    this.paint();
    this.keepInView(row);
    this.changed();
  }

  /** Forgets the choice, and why a number typed chose nothing. */
  clear() {
    this.others = [];
    this.say(null);
    super.clear();
  }

  /**
   * Says under the fields why what was typed chooses nothing, or, not
   * `refusing`, what became of the choice; or nothing.
   */
  say(words, refusing = true) {
    this.refused = refusing && Boolean(words);
    const { note } = this.fields;
    note.textContent = words ?? "";
    note.hidden = !words;
  }

  /** Chooses `take` sticks (as many as there are, at most) from `row`. */
  chooseTake(row, take) {
    const drawn = this.rows.get(row);
    if (!drawn || drawn.length === 0) return;
    const n = Math.min(Math.max(1, Math.round(take) || 1), drawn.length);
    this.choose(row, drawn.length - n + 1);
  }

  /**
   * Chooses what the Row and Take fields say. A number no move can take
   * (a row there is not, more sticks than the row has) chooses nothing and
   * says why: it is never changed into another move. With no take typed,
   * one stick is chosen, and the Take field only suggests it, so that a
   * number typed there is not run on from it.
   */
  typed() {
    if (this.empty()) return;
    const { row: rowField, take: takeField } = this.fields;
    const row = rowField.value === "" ? this.chosen?.row ?? this.firstRow() : Number(rowField.value);
    const drawn = this.rows.get(row);
    const take = takeField.value === "" ? null : Number(takeField.value);
    // The fields keep what was typed, to be put right.
    const refuse = (words) => {
      this.chosen = null;
      this.say(words);
      this.paint();
      this.changed();
    };
    if (!drawn) {
      const last = Math.max(...this.rows.keys());
      return refuse(`There is no row ${row}: the rows are 1 to ${last}.`);
    }
    if (drawn.length === 0) return refuse(`Row ${row} has no sticks left.`);
    if (take !== null && !(take >= 1 && Number.isInteger(take))) {
      return refuse("Take a whole number of sticks, 1 or more.");
    }
    if (take !== null && take > drawn.length) {
      const has = drawn.length === 1 ? "only 1 stick" : `only ${drawn.length} sticks`;
      return refuse(`Row ${row} has ${has}, so you cannot take ${take}.`);
    }
    this.chooseTake(row, take ?? 1);
    this.suggested = take === null;
    this.shown();
  }

  /**
   * Keeps the row chosen in the move, so that the fields, a stepper or
   * the arrow keys choose another row to add to it, where a move may take
   * from several rows.
   */
  another() {
    if (this.locked || this.perMove === 1 || !this.chosen) return;
    this.others = [...this.others, this.chosen];
    this.chosen = null;
    this.say(null);
    this.paint();
    this.changed();
    const { row, take } = this.fields;
    row.value = take.value = "";
    row.focus();
  }

  /** One stick more (`by` 1) or fewer (-1), by a stepper. */
  step(by) {
    if (!this.chosen) {
      const row = Number(this.fields.row.value) || this.firstRow();
      this.chooseTake(row, 1);
      return;
    }
    this.choose(this.chosen.row, this.chosen.from - by);
  }

  /** The first row with sticks, if any. */
  firstRow() {
    return [...this.rows.keys()].find((r) => this.rows.get(r).length > 0);
  }

  changed() {
    this.shown();
    super.changed();
  }

  /** The fields say what is chosen, and can be used while choosing can. */
  shown() {
    const choice = this.choice();
    const { row, take, fewer, more, another } = this.fields;
    if (document.activeElement !== row && !this.refused) row.value = choice?.row ?? "";
    // A take only suggested (a row typed, and no take) shows faintly in
    // the field, not as a number that typing would run on from.
    if (document.activeElement !== take && !this.refused) {
      take.value = choice && !this.suggested ? choice.take : "";
    }
    take.placeholder = choice ? String(choice.take) : "";
    take.max = choice ? this.rows.get(choice.row).length : "";
    const off = this.locked || this.empty();
    row.disabled = take.disabled = off;
    fewer.disabled = off || !choice || choice.take <= 1;
    more.disabled = off || (choice !== null && choice.take >= take.max);
    another.disabled = off || !choice;
  }

  lock(locked = true) {
    super.lock(locked);
    this.shown();
  }

  /**
   * Shows the chosen sticks as taken (greyed out), until the next board;
   * a bundle taken in part, and the row's count, say what is left.
   */
  markTaken() {
    for (const { row, from } of this.picks()) {
      const drawn = this.rows.get(row);
      for (const { element, from: first, size } of drawn.pieces) {
        if (first < from && from < first + size) {
          element.classList.remove("part");
          const label = element.querySelector("text");
          if (label) label.textContent = String(from - first);
        }
      }
      const count = drawn.pieces[0]?.element.closest(".drawing")?.nextElementSibling;
      if (count?.classList.contains("text")) count.textContent = String(from - 1);
    }
    for (const piece of this.root.querySelectorAll("svg.sticks .chosen")) {
      piece.classList.replace("chosen", "taken");
    }
  }

  // A bundle is chosen whole when all its sticks are, and in part when the
  // choice starts inside it.
  paint() {
    const picks = this.picks();
    for (const [row, drawn] of this.rows) {
      const from = picks.find((pick) => pick.row === row)?.from ?? Infinity;
      for (const { element, from: first, size } of drawn.pieces) {
        element.classList.toggle("chosen", first >= from);
        element.classList.toggle("part", first < from && from < first + size);
      }
    }
  }

  /** Scrolls the board, and nothing else, to show `row`. */
  keepInView(row) {
    const piece = this.rows.get(row)?.pieces.find((p) => drawnNow(p.element));
    const line = piece?.element.closest(".drawing");
    if (!line) return;
    const box = this.root.getBoundingClientRect();
    const at = line.getBoundingClientRect();
    const margin = 8;
    if (at.top < box.top + margin) this.root.scrollTop -= box.top + margin - at.top;
    else if (at.bottom > box.bottom - margin) this.root.scrollTop += at.bottom - box.bottom + margin;
  }

  clicked(event) {
    const svg = event.target.closest("svg.sticks");
    if (!svg || this.locked) return;
    const piece = event.target.closest("[data-row]") ?? nearest(svg, event);
    if (piece) {
      this.choose(Number(piece.dataset.row), Number(piece.dataset.stick ?? piece.dataset.from), true);
    }
    this.root.focus({ preventScroll: true });
  }

  /** Whether there is no stick left to choose. */
  empty() {
    return ![...this.rows.values()].some((drawn) => drawn.length > 0);
  }

  // Arrow keys move the choice: up and down pick a row (starting with its
  // last stick), left chooses one more stick, right one fewer. Page Up and
  // Page Down choose ten more or fewer, Home the whole row, End one stick.
  // Where a move may take from several rows, Shift with up or down keeps
  // the rows chosen and adds the next one.
  arrow(key, event = {}) {
    const rows = [...this.rows.keys()].filter((r) => this.rows.get(r).length > 0);
    if (event.shiftKey && this.perMove > 1 && (key === "ArrowUp" || key === "ArrowDown")) {
      return this.addNext(rows, key === "ArrowUp" ? -1 : 1);
    }
    const last = (row) => this.rows.get(row).length;
    const at = this.chosen ? rows.indexOf(this.chosen.row) : -1;
    const from = this.chosen?.from;
    const start = (row) => this.choose(row, last(row));
    const more = (n) => {
      if (at < 0) start(rows[0]);
      else this.choose(this.chosen.row, Math.min(last(this.chosen.row), Math.max(1, from - n)));
    };
    switch (key) {
      case "ArrowUp":
        start(rows[at <= 0 ? rows.length - 1 : at - 1]);
        return true;
      case "ArrowDown":
        start(rows[(at + 1) % rows.length]);
        return true;
      case "ArrowLeft":
        more(1);
        return true;
      case "ArrowRight":
        more(-1);
        return true;
      case "PageUp":
        more(10);
        return true;
      case "PageDown":
        more(-10);
        return true;
      case "Home":
        if (at < 0) start(rows[0]);
        this.choose(this.chosen.row, 1);
        return true;
      case "End":
        start(at < 0 ? rows[0] : this.chosen.row);
        return true;
      default:
        return false;
    }
  }

  /** Adds to the move the next row of `rows` (`by` 1) or the one before (-1) not yet chosen. */
  addNext(rows, by) {
    const chosen = new Set(this.picks().map((pick) => pick.row));
    const at = this.chosen ? rows.indexOf(this.chosen.row) : by > 0 ? -1 : rows.length;
    for (let i = 1; i <= rows.length; i += 1) {
      const row = rows[(((at + by * i) % rows.length) + rows.length) % rows.length];
      if (chosen.has(row)) continue;
      if (this.chosen) this.another();
      this.root.focus({ preventScroll: true });
      this.choose(row, this.rows.get(row).length);
      return true;
    }
    return true;
  }

  // Draws the sticks as large as the board's box allows: the widest row
  // fits across beside the labels and counts, and every row fits down,
  // unless there are so many that they would be too small; then the board
  // scrolls, and a shadow at its edge shows that more rows are there.
  fit() {
    const svgs = [...this.root.querySelectorAll(".drawing > svg.sticks")];
    if (svgs.length === 0) return;
    if (PRINT.matches) {
      for (const svg of svgs) resize(svg, PRINTED_SCALE);
      this.root.style.setProperty("--scale", String(PRINTED_SCALE));
      return;
    }
    const rows = this.root.querySelector(".rows");
    // Sticks first; in bundles if that leaves them too close to click.
    this.root.classList.remove("bundled");
    // A small screen makes the board as tall as its rows' lines need.
    const lines = svgs.reduce((sum, svg) => sum + Math.round(
      (drawnHeight(svg) + LINE_HEIGHT - DRAWN_HEIGHT) / LINE_HEIGHT), 0);
    this.root.style.setProperty("--rows", String(Math.max(1, lines)));
    const style = getComputedStyle(this.root);
    const gaps = getComputedStyle(rows);
    const px = (value) => parseFloat(value) || 0;
    const roomX = this.root.clientWidth - px(style.paddingLeft) - px(style.paddingRight);
    const roomY = this.root.clientHeight - px(style.paddingTop) - px(style.paddingBottom);
    // What keeps its size at any scale: the labels, the counts, the gaps.
    const widestOf = (selector) => Math.max(0, ...[...rows.querySelectorAll(selector)]
      .filter((e) => e.checkVisibility()).map(contentWidth));
    const besides = widestOf(":scope > .label") + widestOf(":scope > .text")
      + 2 * px(gaps.columnGap) + px(gaps.marginLeft) + px(gaps.marginRight) + 8;
    let widest = Math.max(...svgs.map((svg) => drawnWidth(svg)));
    const bundles = svgs.some((svg) => svg.dataset.bundlesWidth);
    const grouped = this.root.classList.contains("show-groups");
    const closest = touched() ? CLOSEST_TOUCHED : CLOSEST_STICKS;
    if (bundles && !grouped && STICK_STEP * (roomX - besides) / widest < closest) {
      this.root.classList.add("bundled");
      widest = Math.max(...svgs.map((svg) => drawnWidth(svg)));
    }
    const n = svgs.length;
    // A long row may be drawn on more lines than one.
    const tall = svgs.reduce((sum, svg) => sum + drawnHeight(svg), 0);
    const type = parseFloat(getComputedStyle(document.documentElement).fontSize) || TYPE_MADE_FOR;
    const larger = Math.max(1, type / TYPE_MADE_FOR);
    // The least grows more slowly, so that a larger screen fits more rows.
    const least = (px(style.getPropertyValue("--least-scale")) || LEAST_SCALE) * Math.sqrt(larger);
    const between = (n - 1) * px(gaps.rowGap) + px(gaps.marginTop) + px(gaps.marginBottom) + 8;
    const across = (roomX - besides) / widest;
    const down = Math.max(least, (roomY - between) / tall);
    let scale = Math.max(0.3, Math.min(MOST_SCALE * larger, across, down));
    this.scaleTo(svgs, scale);
    // Words taller than their sticks, or rows of joining, take room too:
    // drawn smaller until every row fits, as far as the least size.
    for (let tries = 0; tries < 4; tries += 1) {
      const over = this.root.scrollHeight - this.root.clientHeight;
      if (over <= 1 || scale <= least) break;
      scale = Math.max(least, scale - over / tall - 0.01);
      this.scaleTo(svgs, scale);
    }
    this.scrolls();
    if (this.chosen) this.keepInView(this.chosen.row);
  }

  /** Draws every row `scale` times the server's size. */
  scaleTo(svgs, scale) {
    for (const svg of svgs) resize(svg, scale);
    this.root.style.setProperty("--scale", scale.toFixed(2));
  }

  /**
   * Marks the board as scrolling, where more rows are hidden above or
   * below, so that a shadow shows at that edge: phones hide scrollbars.
   */
  scrolls() {
    const { scrollTop, scrollHeight, clientHeight } = this.root;
    this.root.classList.toggle("more-above", scrollTop > 1);
    this.root.classList.toggle("more-below", scrollTop + clientHeight < scrollHeight - 1);
  }
}

/** How wide the words of `element` are, whatever its box. */
function contentWidth(element) {
  const range = document.createRange();
  range.selectNodeContents(element);
  return range.getBoundingClientRect().width;
}

/**
 * Whether a stick or bundle is drawn now: a long row is drawn twice, plainly
 * and in its groups, and a row of more than ten sticks stick by stick and
 * in bundles; only one of them is shown.
 */
function drawnNow(piece) {
  const way = piece.closest(".as-plain, .in-groups, .as-sticks, .as-bundles");
  return way === null || getComputedStyle(way).display !== "none";
}

/** The stick or bundle nearest a click that fell between them, if it is close. */
function nearest(svg, event) {
  const pieces = [...svg.querySelectorAll("[data-row]")].filter(drawnNow);
  let best = null;
  let distance = Infinity;
  for (const piece of pieces) {
    const r = piece.getBoundingClientRect();
    // A long row has more lines: the line clicked, then the piece across.
    const off = (at, start, size) => Math.max(0, Math.abs(at - (start + size / 2)) - size / 2);
    const d = off(event.clientX, r.left, r.width) + off(event.clientY, r.top, r.height);
    if (d < distance) [best, distance] = [piece, d];
  }
  const wide = best ? Math.min(best.getBoundingClientRect().width, 40) : 0;
  return distance <= wide ? best : null;
}

/**
 * A choice in words, as a button says it: "take 3 from row 2", or for a
 * move from several rows "take 1 from row 2 and 4 from row 3".
 */
export function takeWords(choice) {
  const parts = choice.parts?.length > 1 ? choice.parts : [choice];
  return `take ${parts.map((part, i) => `${part.take} from row ${part.row}`
    + (i < parts.length - 2 ? ", " : i === parts.length - 2 ? " and " : "")).join("")}`;
}

/** Why rows chosen were let go: a move takes from at most `most` rows. */
function letGo(rows, most) {
  const which = rows.length === 1 ? `Row ${rows[0]} is` : `Rows ${rows.join(" and ")} are`;
  return `${which} no longer chosen: a move takes from at most ${most} rows.`;
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
