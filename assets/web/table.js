// Table: every position reachable from a start, won or lost, as the
// server lays it out.

import { get, gameOf } from "./api.js";
import { showError } from "./board.js";

const $ = (id) => document.getElementById(id);
const form = $("table-setup");

/** Asks for the table of the position in the form. */
export async function table() {
  try {
    const reply = await get("/page/table", {
      ...gameOf(form),
      losing: form.elements.losing.checked,
    });
    showError($("table-error"), null);
    $("table-out").innerHTML = reply.html;
  } catch (refused) {
    showError($("table-error"), refused.message);
  }
}

/** Shows the table of 3 5 7 the first time Table is opened. */
export function opened() {
  if (!$("table-out").hasChildNodes()) table();
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  table();
});
