// Explain: the server's explanation of a position, one step at a time,
// with Next and Back (or the arrow keys). All steps are on the page so a
// printout has them all; the screen shows the current one.

import { get, gameOf } from "./api.js";
import { showError } from "./board.js";
import { Steps } from "./steps.js";

const $ = (id) => document.getElementById(id);
const form = $("explain-setup");

const steps = new Steps({
  title: $("explain-title"),
  holder: $("explain-steps"),
  counter: $("explain-counter"),
  back: $("explain-back"),
  next: $("explain-next"),
});

/** Asks for the explanation in the form, staying at step `at` if it can. */
export async function explain(at = 0) {
  const { position, normal, take } = gameOf(form);
  try {
    const reply = await get("/page/explain", {
      position,
      normal,
      take,
      xor: $("explain-xor").checked,
    });
    showError($("explain-error"), null);
    steps.show(reply, at);
    // After typing the rows, the arrow keys should step, not move the caret.
    if (form.contains(document.activeElement) && document.activeElement.type !== "checkbox") {
      $("explain-next").focus({ preventScroll: true });
    }
  } catch (refused) {
    showError($("explain-error"), refused.message);
  }
}

/** Shows the explanation of 3 5 7 the first time Explain is opened. */
export function opened() {
  if (steps.steps.length === 0) explain();
}

/** Keys while Explain is shown: the arrows step. */
export function key(event) {
  if (steps.key(event)) event.preventDefault();
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  explain();
});
$("explain-xor").addEventListener("change", () => explain(steps.at));
