// Explain: the server's explanation of a position, one step at a time,
// with Next and Back (or the arrow keys). All steps are on the page so a
// printout has them all; the screen shows the current one. The address
// names the position and the step shown.

import * as address from "./address.js";
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
}, () => true, () => address.changed("explain"));

/** The fields of the form that say what to explain, as the address names them. */
const SETUP = ["position", "normal", "take", "xor"];

/** The fields explained last, as the address writes them. */
let explained = null;

/**
 * Asks for the explanation in the form, staying at step `at` if it can:
 * a new entry in the history when `push`.
 */
export async function explain(at = 0, push = false) {
  const { position, normal, take } = gameOf(form);
  const asked = address.fieldsOf(form, SETUP);
  try {
    const reply = await get("/page/explain", {
      position,
      normal,
      take,
      xor: $("explain-xor").checked,
    });
    showError($("explain-error"), null);
    steps.show(reply, at);
    explained = asked;
    address.changed("explain", push);
    // After typing the rows, the arrow keys should step, not move the caret.
    if (form.contains(document.activeElement) && document.activeElement.type !== "checkbox") {
      $("explain-next").focus({ preventScroll: true });
    }
  } catch (refused) {
    showError($("explain-error"), refused.message);
  }
}

/** What is explained, and the step shown, as the address writes them. */
export function where() {
  const step = steps.steps.length > 0 && steps.at > 0 ? steps.at + 1 : "";
  return { ...(explained ?? address.fieldsOf(form, SETUP)), step };
}

/** Shows the explanation and the step the address's `fields` name. */
export async function go(fields) {
  if ([...fields.keys()].length === 0) {
    if (steps.steps.length === 0) await explain();
    return null;
  }
  const refused = address.fill(form, fields, SETUP);
  const step = address.count(fields.get("step") ?? "1", 999);
  const at = step === null || step === 0 ? 0 : step - 1;
  const asked = address.write("explain", address.fieldsOf(form, SETUP));
  if (explained && asked === address.write("explain", explained)) steps.go(at);
  else await explain(at);
  return refused ?? (step === null ? address.unreadable(["step"]) : null);
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
  explain(0, true);
});
$("explain-xor").addEventListener("change", () => explain(steps.at));
