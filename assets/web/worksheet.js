// Worksheet: a sheet of practice questions and its answer key, made by
// the server exactly as `matchsticks worksheet` prints it, shown here and
// printed with the key on a page of its own.

import { get } from "./api.js";
import { showError } from "./board.js";

const $ = (id) => document.getElementById(id);
const form = $("worksheet-setup");

/** The settings in the form, as the server names them. */
function settings() {
  const data = new FormData(form);
  const named = {};
  for (const name of ["kind", "count", "seed", "rows", "max_sticks", "take", "normal"]) {
    named[name] = String(data.get(name) ?? "").trim();
  }
  return named;
}

/** Asks for the sheet the form describes and shows it. */
export async function sheet() {
  try {
    const reply = await get("/page/worksheet", settings());
    showError($("worksheet-error"), null);
    $("worksheet-out").innerHTML = reply.html;
  } catch (refused) {
    showError($("worksheet-error"), refused.message);
  }
}

/** Shows a sheet the first time Worksheet is opened. */
export function opened() {
  if (!$("worksheet-out").hasChildNodes()) sheet();
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  sheet();
});

$("worksheet-print").addEventListener("click", () => window.print());
