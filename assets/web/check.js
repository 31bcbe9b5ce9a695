// Check: set up a position, make a move by clicking, and read the server's
// verdict on it: good, a mistake, or lost anyway, with why and the
// opponent's reply. The address names the position set up and the move
// checked, so a reload or a link shows the same verdict.

import * as address from "./address.js";
import { get, gameOf } from "./api.js";
import { Board, takeButtons, showError } from "./board.js";

const $ = (id) => document.getElementById(id);
const form = $("check-setup");

const board = new Board($("check-board"), {
  onChange: chosen,
  onMove: (choice) => check(choice),
});

const state = { game: null, after: null, checked: false, move: null };

/** The fields of the form that set a position up, as the address names them. */
const SETUP = ["position", "normal", "take"];

/** Draws the position in the form, ready for a move: a new entry in the history when `push`. */
export async function setUp(push = false) {
  const game = gameOf(form);
  try {
    const reply = await get("/page/board", game);
    state.game = game;
    showBoard(reply);
    address.changed("check", push);
  } catch (refused) {
    showError($("check-error"), refused.message);
  }
}

function showBoard(reply) {
  state.after = null;
  state.checked = false;
  state.move = null;
  showError($("check-error"), null);
  $("check-game").textContent = reply.game;
  $("check-verdict").replaceChildren();
  board.show(reply.board);
  takeButtons($("check-buttons"), reply.buttons, (n) => {
    const row = board.rows.get(1);
    if (row) board.choose(1, row.length - n + 1);
    check({ row: 1, take: n });
  });

  $("check-take").hidden = false;
  $("check-again").hidden = true;
  $("check-on").hidden = true;
  if (reply.over) board.lock();
}

/** Asks the server to judge the chosen move. */
async function check(choice) {
  if (!choice || state.checked || !state.game) return;
  const { position, normal, take } = state.game;
  try {
    const reply = await get("/page/check", {
      position,
      normal,
      take,
      row: choice.row,
      remove: choice.take,
    });
    state.checked = true;
    state.after = reply.after;
    state.move = { row: choice.row, take: choice.take };
    showError($("check-error"), null);
    board.markTaken();
    board.lock();
    $("check-verdict").innerHTML = reply.html;
    $("check-again").hidden = false;
    $("check-on").hidden = false;
    $("check-take").hidden = true;
    for (const b of $("check-buttons").querySelectorAll("button")) b.disabled = true;
    $("check-again").focus({ preventScroll: true });
    address.changed("check");
  } catch (refused) {
    board.clear();
    showError($("check-error"), refused.message);
  }
}

/** Takes the move back, to try another from the same position. */
function again() {
  setUp();
}

/** The move checked, as the address writes it: "3.7" takes 7 from row 3. */
function moveText() {
  return state.move ? address.pairsText([state.move], "row", "take") : "";
}

/** Carries on from the position after the move. */
function goOn() {
  if (!state.after) return;
  form.elements.position.value = state.after.rows.join(" ");
  state.game = { ...state.game, position: form.elements.position.value };
  showBoard(state.after);
  address.changed("check", true);
  board.root.focus({ preventScroll: true });
}

function chosen(choice) {
  const button = $("check-take");
  button.disabled = !choice || state.checked;
  button.textContent = choice ? `Check: take ${choice.take} from row ${choice.row}` : "Check";
}

/** The position set up, and the move checked, as the address writes them. */
export function where() {
  return { ...(state.game ?? address.fieldsOf(form, SETUP)), move: moveText() };
}

/**
 * Sets up the position the address's `fields` name, unless it is set up,
 * and checks the move it names, if any, unless it is the one checked.
 */
export async function go(fields) {
  if ([...fields.keys()].length === 0) {
    if (!state.game) await setUp();
    return null;
  }
  const refused = address.fill(form, fields, SETUP);
  const moves = address.pairs(fields.get("move"), "row", "take", 1);
  const move = moves?.[0] ?? null;
  const same = state.game
    && address.write("check", gameOf(form)) === address.write("check", state.game);
  const asked = moves ? address.pairsText(moves, "row", "take") : "";
  if (same && asked === moveText()) return refused;
  await setUp();
  if (move && state.game) {
    const row = board.rows.get(move.row);
    if (row && move.take >= 1 && move.take <= row.length) board.choose(move.row, row.length - move.take + 1);
    await check(move);
  }
  return refused ?? (moves === null ? address.unreadable(["move"]) : null);
}

/** Sets up 3 5 7 the first time Check is opened. */
export function opened() {
  if (!state.game) setUp();
}

/** Keys while Check is shown: digits take, Enter checks, arrows choose. */
export function key(event) {
  const digit = /^\d$/.test(event.key) && document.querySelector(`#check-buttons button[data-take="${event.key}"]`);
  if (digit && !digit.disabled) {
    digit.click();
    event.preventDefault();
  } else {
    board.pageKey(event, check);
  }
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  setUp(true);
});
$("check-take").addEventListener("click", () => check(board.choice()));
$("check-again").addEventListener("click", again);
$("check-on").addEventListener("click", goOn);
