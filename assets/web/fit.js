// Sizing the server's drawings to the screen. On the screen a drawing is
// made as large as its box allows; on paper it keeps one size, so a
// printout looks the same from any projector.

/** Whether the page is being printed; it changes as printing starts and ends. */
export const PRINT = matchMedia("print");

/**
 * How wide `svg` is drawn, in the server's units. A row that can be shown
 * plainly or in its groups says how wide it is each way; on a board the
 * groups are shown only when asked for, elsewhere always.
 */
export function drawnWidth(svg) {
  const board = svg.closest(".board");
  const plain = board !== null && !board.classList.contains("show-groups");
  const width = plain ? svg.dataset.plainWidth : svg.dataset.groupsWidth;
  return Number(width ?? svg.getAttribute("width"));
}

/** Draws `svg` `by` times the size the server gave it. */
export function resize(svg, by) {
  svg.style.width = `${drawnWidth(svg) * by}px`;
  svg.style.height = `${Number(svg.getAttribute("height")) * by}px`;
}

/** Draws every row of sticks, and every bar, inside `root` `by` times the server's size. */
export function enlarge(root, by) {
  for (const svg of root.querySelectorAll("svg.sticks, svg.bar")) resize(svg, by);
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
