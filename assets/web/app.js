// The classroom page: its parts behind tabs, and the keys that work
// everywhere. Each part lives in its own module; this one only switches
// between them and hands each key press to the part that is shown.

import * as play from "./play.js";
import * as explain from "./explain.js";
import * as check from "./check.js";
import * as lessons from "./lessons.js";
import * as table from "./table.js";
import * as chomp from "./chomp.js";

const parts = { play, explain, check, lessons, table, chomp };
/** The letter that opens each part. */
const letters = { p: "play", e: "explain", c: "check", l: "lessons", t: "table", m: "chomp" };

let shown = null;

/** Shows one part and hides the others. */
function open(name) {
  if (!(name in parts)) name = "play";
  shown = name;
  for (const pane of document.querySelectorAll(".pane")) pane.hidden = pane.id !== name;
  for (const tab of document.querySelectorAll(".tab")) {
    const on = tab.dataset.tab === name;
    tab.classList.toggle("on", on);
    if (on) tab.setAttribute("aria-current", "page");
    else tab.removeAttribute("aria-current");
  }
  if (location.hash !== `#${name}`) history.replaceState(null, "", `#${name}`);
  parts[name].opened?.();
}

/** True while someone is typing into a field, where keys are theirs. */
function typing(target) {
  const field = target.closest?.("input, select, textarea");
  return field != null && !["checkbox", "radio"].includes(field.type);
}

for (const tab of document.querySelectorAll(".tab")) {
  tab.addEventListener("click", () => open(tab.dataset.tab));
}

document.addEventListener("keydown", (event) => {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  if (typing(event.target)) return;
  const letter = letters[event.key];
  if (letter) {
    open(letter);
    event.preventDefault();
    return;
  }
  parts[shown].key?.(event);
});

window.addEventListener("hashchange", () => open(location.hash.slice(1)));

open(location.hash.slice(1));
play.newGame();
