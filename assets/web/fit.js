// Sizing the server's drawings to the screen. On the screen a drawing is
// made as large as its box allows; on paper it keeps one size, so a
// printout looks the same from any projector.

/** Whether the page is being printed; it changes as printing starts and ends. */
export const PRINT = matchMedia("print");

/**
 * Which way `svg` is drawn: "groups", "plain" or "bundles". A row that can
 * be shown plainly or in its groups says how wide it is each way; on a
 * board the groups are shown only when asked for, elsewhere always, and a
 * board too narrow for its sticks shows a long row plainly in bundles of
 * ten. The rows of a verdict (inside `.follows-groups`) show them as the
 * boards do.
 */
function drawnWay(svg) {
  const board = svg.closest(".board");
  const follows = board === null && svg.closest(".follows-groups") !== null;
  const plain = board !== null ? !board.classList.contains("show-groups")
    : follows && !document.documentElement.classList.contains("groups-shown");
  if (plain && board?.classList.contains("bundled") && svg.dataset.bundlesWidth) return "bundles";
  return plain ? "plain" : "groups";
}

/** How wide `svg` is drawn, in the server's units. */
export function drawnWidth(svg) {
  const way = drawnWay(svg);
  return Number(svg.dataset[`${way}Width`] ?? svg.getAttribute("width"));
}

/**
 * How tall `svg` is drawn, in the server's units: a long row goes on to
 * more lines, plainly and in its groups as many as each way needs.
 */
export function drawnHeight(svg) {
  const way = drawnWay(svg);
  return Number(svg.dataset[`${way}Height`] ?? svg.getAttribute("height"));
}

/**
 * Draws `svg` `by` times the size the server gave it, showing the part of
 * it that the way it is drawn takes up.
 */
export function resize(svg, by) {
  const [width, height] = [drawnWidth(svg), drawnHeight(svg)];
  svg.style.width = `${width * by}px`;
  svg.style.height = `${height * by}px`;
  if (svg.dataset.plainWidth) svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
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
 * reaches the smallest size, when the box scrolls down). A drawing still
 * too wide is then drawn smaller on its own: nothing is cut off at the
 * right, on a phone either.
 */
export function fitInto(box, element) {
  // Never smaller than the screen's least type (app.css's --least).
  const root = getComputedStyle(document.documentElement);
  const least = parseFloat(root.getPropertyValue("--least")) / parseFloat(root.fontSize) || 0;
  for (const size of SIZES.filter((size, i) => i === 0 || size >= least)) {
    element.style.fontSize = `${size}rem`;
    enlarge(element, size * 1.1);
    if (box.scrollHeight <= box.clientHeight && box.scrollWidth <= box.clientWidth) return;
  }
  keepInside(element, box.getBoundingClientRect().right - 4);
}

/**
 * Draws smaller each drawing inside `root` whose line (the drawing with
 * its label and words beside it) runs past `right`, the x at which the
 * page's box ends, as a long row or many pairs do on a phone.
 */
export function keepInside(root, right) {
  for (const svg of root.querySelectorAll("svg.sticks, svg.bar")) {
    if (svg.closest(".board")) continue;
    const box = svg.getBoundingClientRect();
    const line = svg.closest(".drawing")?.parentElement ?? svg.parentElement;
    const end = Math.max(box.right,
      ...[...line.children].map((e) => e.getBoundingClientRect().right));
    if (box.width > 0 && end > right) {
      resize(svg, Math.max(leastScale(svg), (box.width - (end - right)) / drawnWidth(svg)));
    }
  }
}

/** The least a bundle's size is drawn, in CSS pixels (a phone's least type is 16). */
const LEAST_LABEL = 14;

/**
 * The smallest `svg` may be drawn: a drawing of bundles so large that
 * their sizes can be read (a long row goes on to more lines instead, on
 * the server), anything else a fifth of the server's size.
 */
function leastScale(svg) {
  const label = svg.querySelector("g.bundle text");
  const size = label ? parseFloat(getComputedStyle(label).fontSize) : 0;
  return size > 0 ? Math.max(0.2, LEAST_LABEL / size) : 0.2;
}

/** Undoes `enlarge` and `fitInto`: the server's own sizes, as on paper. */
export function unfit(element) {
  element.style.fontSize = "";
  for (const svg of element.querySelectorAll("svg.sticks, svg.bar")) {
    svg.style.width = "";
    svg.style.height = "";
    const [width, height] = [svg.getAttribute("width"), svg.getAttribute("height")];
    if (svg.dataset.plainWidth) svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  }
}
