// Worksheet: a sheet of practice questions and its answer key, made by
// the server exactly as `matchsticks worksheet` prints it, shown here and
// printed with the key on a page of its own. The address names the sheet.

import * as address from "./address.js";
import { get } from "./api.js";
import { showError } from "./board.js";

const $ = (id) => document.getElementById(id);
const form = $("worksheet-setup");

/** The fields of the form that say which sheet, as the server and the address name them. */
const SETUP = ["kind", "count", "seed", "rows", "max_sticks", "take", "normal"];

/** The fields shown last, as the address writes them. */
let shown = null;

/** Asks for the sheet the form describes and shows it: a new entry in the history when `push`. */
export async function sheet(push = false) {
  const asked = address.fieldsOf(form, SETUP);
  try {
    const reply = await get("/page/worksheet", asked);
    showError($("worksheet-error"), null);
    $("worksheet-out").innerHTML = reply.html;
    $("worksheet-print").disabled = false;
    shown = asked;
    address.changed("worksheet", push);
  } catch (refused) {
    showError($("worksheet-error"), refused.message);
    // The sheet before is not the one the form now describes: it goes,
    // so neither the screen nor Print shows it as this one, and the
    // address names what was asked for.
    $("worksheet-out").replaceChildren();
    $("worksheet-print").disabled = true;
    shown = null;
    address.changed("worksheet", push);
  }
}

/** The sheet shown, as the address writes it. */
export function where() {
  return shown ?? address.fieldsOf(form, SETUP);
}

/** Shows the sheet the address's `fields` name, unless it is shown. */
export async function go(fields) {
  if ([...fields.keys()].length === 0) {
    if (!$("worksheet-out").hasChildNodes()) await sheet();
    return null;
  }
  const refused = address.fill(form, fields, SETUP);
  const asked = address.write("worksheet", address.fieldsOf(form, SETUP));
  if (!shown || asked !== address.write("worksheet", shown)) await sheet();
  return refused;
}

/** Shows a sheet the first time Worksheet is opened. */
export function opened() {
  if (!$("worksheet-out").hasChildNodes()) sheet();
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  sheet(true);
});

$("worksheet-print").addEventListener("click", () => window.print());
