// Explain: the server's explanation of a position, one step at a time,
// with Next and Back (or the arrow keys). All steps are on the page so a
// printout has them all; the screen shows the current one.

import { get, gameOf } from "./api.js";
import { showError, fitInto, unfit, PRINT } from "./board.js";

const $ = (id) => document.getElementById(id);
const form = $("explain-setup");

const state = { steps: [], at: 0 };

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
    $("explain-title").textContent = reply.title;
    const steps = $("explain-steps");
    steps.replaceChildren(...reply.steps.map((step) => {
      const holder = document.createElement("div");
      holder.className = "step-holder";
      holder.innerHTML = step.html;
      return holder;
    }));
    state.steps = [...steps.children];
    go(Math.min(at, state.steps.length - 1));
    // After typing the rows, the arrow keys should step, not move the caret.
    if (form.contains(document.activeElement) && document.activeElement.type !== "checkbox") {
      $("explain-next").focus({ preventScroll: true });
    }
  } catch (refused) {
    showError($("explain-error"), refused.message);
  }
}

/** Shows step `at` (from 0) and only that one. */
function go(at) {
  if (at < 0 || at >= state.steps.length) return;
  state.at = at;
  state.steps.forEach((step, i) => step.classList.toggle("current", i === at));
  refit();
  $("explain-counter").textContent = `${at + 1} / ${state.steps.length}`;
  $("explain-back").disabled = at === 0;
  $("explain-next").disabled = at === state.steps.length - 1;
}

/** Shows the explanation of 3 5 7 the first time Explain is opened. */
export function opened() {
  if (state.steps.length === 0) explain();
}

/** Keys while Explain is shown: the arrows step. */
export function key(event) {
  if (event.key === "ArrowRight" || event.key === "PageDown") go(state.at + 1);
  else if (event.key === "ArrowLeft" || event.key === "PageUp") go(state.at - 1);
  else return;
  event.preventDefault();
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  explain();
});
$("explain-xor").addEventListener("change", () => explain(state.at));
/**
 * Fits the step shown to the screen; on paper every step is printed, all
 * at the same size.
 */
function refit() {
  for (const step of state.steps) unfit(step);
  if (!PRINT.matches && state.steps.length > 0) fitInto($("explain-steps"), state.steps[state.at]);
}

new ResizeObserver(refit).observe($("explain-steps"));
PRINT.addEventListener("change", refit);
$("explain-next").addEventListener("click", () => go(state.at + 1));
$("explain-back").addEventListener("click", () => go(state.at - 1));
