// Table: every position reachable from a start, won or lost, as the
// server lays it out. The address names the position.

import * as address from "./address.js";
import { get, gameOf } from "./api.js";
import { showError } from "./board.js";

const $ = (id) => document.getElementById(id);
const form = $("table-setup");

/** The fields of the form that say what to show, as the address names them. */
const SETUP = ["position", "normal", "take", "losing"];

/** The fields shown last, as the address writes them. */
let shown = null;

/** Asks for the table of the position in the form: a new entry in the history when `push`. */
export async function table(push = false) {
  const asked = address.fieldsOf(form, SETUP);
  try {
    const reply = await get("/page/table", {
      ...gameOf(form),
      losing: form.elements.losing.checked,
    });
    showError($("table-error"), null);
    $("table-out").innerHTML = reply.html;
    shown = asked;
    address.changed("table", push);
  } catch (refused) {
    showError($("table-error"), refused.message);
  }
}

/** The table shown, as the address writes it. */
export function where() {
  return shown ?? address.fieldsOf(form, SETUP);
}

/** Shows the table the address's `fields` name, unless it is shown. */
export async function go(fields) {
  if ([...fields.keys()].length === 0) {
    if (!$("table-out").hasChildNodes()) await table();
    return null;
  }
  const refused = address.fill(form, fields, SETUP);
  const asked = address.write("table", address.fieldsOf(form, SETUP));
  if (!shown || asked !== address.write("table", shown)) await table();
  return refused;
}

/** Shows the table of 3 5 7 the first time Table is opened. */
export function opened() {
  if (!$("table-out").hasChildNodes()) table();
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  table(true);
});
