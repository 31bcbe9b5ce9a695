// The classroom page: its parts behind tabs, and the keys that work
// everywhere. Each part lives in its own module; this one only switches
// between them, hands each key press to the part that is shown, and
// keeps what every part shares fitted to the screen: the settings open
// where there is room for them, and a panel whose words outgrow it
// reachable by keyboard (panels.js). The address names the part shown
// and what it shows (see address.js): a part says when that changes, and
// this module writes it, as a new entry in the history or in place.

import * as address from "./address.js";
import { showError } from "./board.js";
import { oneActionPerClick } from "./clicks.js";
import { keepReachable } from "./panels.js";
import * as play from "./play.js";
import * as explain from "./explain.js";
import * as check from "./check.js";
import * as lessons from "./lessons.js";
import * as table from "./table.js";
import * as chomp from "./chomp.js";
import * as worksheet from "./worksheet.js";

const parts = { play, explain, check, lessons, table, chomp, worksheet };
/** The letter that opens each part. */
const letters = { p: "play", e: "explain", c: "check", l: "lessons", t: "table", m: "chomp", w: "worksheet" };

let shown = null;
/** While the page shows what an address names, nothing it does adds to the history. */
let restoring = 0;

/** Shows one part and hides the others. */
function show(name) {
  shown = name;
  for (const pane of document.querySelectorAll(".pane")) pane.hidden = pane.id !== name;
  for (const tab of document.querySelectorAll(".tab")) {
    const on = tab.dataset.tab === name;
    tab.classList.toggle("on", on);
    if (on) tab.setAttribute("aria-current", "page");
    else tab.removeAttribute("aria-current");
  }
}

/** Opens a part, as its tab or its letter does: a new entry in the history. */
function open(name) {
  if (!(name in parts)) name = "play";
  if (name === shown) return;
  show(name);
  parts[name].opened?.();
  remember(name, true);
}

/**
 * Writes what the part `tab` shows into the address, if it is the part
 * shown: as a new entry in the history when `push`, otherwise in place.
 */
function remember(tab, push) {
  if (tab !== shown) return;
  const hash = address.write(tab, parts[tab].where());
  if (hash === location.hash) return;
  if (push && restoring === 0) history.pushState(null, "", hash);
  else history.replaceState(null, "", hash);
}
address.listen(remember);

/** The line where each part says what went wrong. */
const ERRORS = {
  play: "play-error",
  explain: "explain-error",
  check: "check-error",
  lessons: "lessons-error",
  table: "table-error",
  chomp: "chomp-error",
  worksheet: "worksheet-error",
};

/**
 * Shows what the address names: when the page opens, and at Back and
 * Forward. What cannot be used is said on the page, which then shows
 * what it starts with.
 */
async function visit() {
  const { tab, fields, problem } = address.read(location.hash);
  const name = tab in parts ? tab : "play";
  show(name);
  restoring += 1;
  let refused = problem;
  try {
    refused = (await parts[name].go(problem ? new URLSearchParams() : fields)) ?? problem;
  } finally {
    restoring -= 1;
  }
  if (shown !== name) return;
  if (refused) showError(document.getElementById(ERRORS[name]), refused);
  remember(name, false);
}

/** Whether the screen has room for a game's settings beside its board (as app.css says). */
const ROOMY = matchMedia("(min-width: 761px) and (min-height: 561px) and (orientation: landscape)");

/** Opens every part's settings where there is room, and folds them away where there is not. */
function unfold() {
  for (const settings of document.querySelectorAll("details.settings")) {
    settings.open = ROOMY.matches;
  }
}

/** On a small screen, folds the settings away once they are used, to show the board. */
function used(event) {
  if (ROOMY.matches) return;
  const settings = event.target.closest?.("details.settings");
  const acted = event.type === "submit" || event.target.closest?.(".preset, .mode");
  if (settings && acted) settings.open = false;
}

/** The panels whose words can outgrow them (see panels.js). */
const PANELS = ".talk, .steps, .lesson-page, .q-talk, .table-out";

/** The keys that scroll a panel, left to the browser while one has the focus. */
const SCROLLING = ["ArrowUp", "ArrowDown", "PageUp", "PageDown", "Home", "End", " "];

/** True while someone is typing into a field, where keys are theirs. */
function typing(target) {
  const field = target.closest?.("input, select, textarea");
  return field != null && !["checkbox", "radio"].includes(field.type);
}

for (const tab of document.querySelectorAll(".tab")) {
  tab.addEventListener("click", () => open(tab.dataset.tab));
}

// The list of keys closes at a click anywhere else.
document.addEventListener("click", (event) => {
  const keys = document.getElementById("keys");
  if (keys.open && !keys.contains(event.target)) keys.open = false;
});

document.addEventListener("keydown", (event) => {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  if (typing(event.target)) return;
  if (SCROLLING.includes(event.key) && event.target.matches?.(PANELS)) return;
  const keys = document.getElementById("keys");
  if (event.key === "?" || (event.key === "Escape" && keys.open)) {
    keys.open = event.key === "?" && !keys.open;
    event.preventDefault();
    return;
  }
  const letter = letters[event.key];
  if (letter) {
    open(letter);
    event.preventDefault();
    return;
  }
  parts[shown].key?.(event);
});

// Back and Forward, and an address typed or pasted: the part it names,
// as it names it.
window.addEventListener("popstate", visit);

ROOMY.addEventListener("change", unfold);
unfold();
document.addEventListener("submit", used, true);
document.addEventListener("click", used);
keepReachable(document.getElementById("main"), PANELS);
oneActionPerClick();

visit();
