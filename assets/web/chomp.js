// Chomp: a chocolate bar whose top-left square is poisoned. Three ways to
// use a bar: play it against the computer, explain it a step at a time,
// or check a bite. The page keeps only the game's settings, its seed and
// the pupil's bites; the server replays them on every request and says
// everything, so Undo is one bite fewer. The address names the way the
// bar is used, the bar, and a game's seed and bites (see address.js).

import * as address from "./address.js";
import { get, post } from "./api.js";
import { showError } from "./board.js";
import { ChompBar } from "./bar.js";
import { enlarge } from "./fit.js";
import { BITE_THINKING, drawBarGame, showTheirBite, thinkOver } from "./game.js";
import { showHints } from "./talk.js";
import { Steps } from "./steps.js";

const $ = (id) => document.getElementById(id);
const form = $("chomp-setup");

const bar = new ChompBar($("chomp-board"), {
  onChange: chosen,
  onMove: (choice) => act(choice),
});

/** Where a game is drawn (see game.js). */
const parts = {
  game: $("chomp-game"),
  board: bar,
  said: $("chomp-said"),
  hints: $("chomp-hints"),
  result: $("chomp-result"),
  review: $("chomp-review"),
  stage: $("chomp-stage"),
};

const state = {
  mode: "play", // "play", "explain" or "check"
  busy: false,
  // Play: the game as it began, and the pupil's bites so far.
  game: null, // { shape, level, first, seed }
  frame: null, // the size of the game's first bar, which every later bar keeps
  bites: [],
  hints: 0,
  takenBack: 0,
  // The whole game's hints and answers shown, for the review.
  hintsUsed: 0,
  shown: 0,
  reply: null,
  // Check: the bar set up, and what came of the bite.
  checking: null, // { shape }
  checked: null,
  bitten: null, // { row, column }: the bite checked
  // Explain: the shape explained.
  explained: null,
};

const steps = new Steps({
  title: $("chomp-explain-title"),
  holder: $("chomp-steps"),
  counter: $("chomp-counter"),
  back: $("chomp-back"),
  next: $("chomp-next"),
}, () => state.mode === "explain", () => address.changed("chomp"));

const WORDS = {
  play: {
    submit: "New game",
    help: "Click a square: it and every square below it and to its right light up. Then press Bite, or Enter.",
    tapped: "Tap a square: it and every square below it and to its right light up. Then press Bite.",
  },
  check: {
    submit: "Set up",
    help: "Click a square to see what a bite there takes, then press Check, or Enter, to hear whether it is good.",
    tapped: "Tap a square to see what a bite there takes, then press Check to hear whether it is good.",
  },
  explain: { submit: "Explain", help: "", tapped: "" },
};

/** The shape typed in the form. */
function shape() {
  return form.elements.shape.value.trim();
}

/**
 * Opens one way of using the bar: play, explain or check; a new entry in
 * the history when `push`. Unless `load` is false, it then shows the bar
 * in the form that way.
 */
function mode(name, push = false, load = true) {
  state.mode = name;
  for (const b of form.querySelectorAll(".mode")) {
    const on = b.dataset.mode === name;
    b.classList.toggle("on", on);
    b.setAttribute("aria-pressed", String(on));
  }
  for (const only of form.querySelectorAll("[data-only]")) only.hidden = only.dataset.only !== name;
  form.querySelector("button[type=submit]").textContent = WORDS[name].submit;
  $("chomp-stage").hidden = name === "explain";
  $("chomp-explain").hidden = name !== "explain";
  $("chomp-play-actions").hidden = name !== "play";
  $("chomp-check-actions").hidden = name !== "check";
  // A touch screen is tapped and has no Enter: the page shows the words
  // for the screen it is on (`.by-mouse`, `.by-touch`).
  const byMouse = document.createElement("span");
  byMouse.className = "by-mouse";
  byMouse.textContent = WORDS[name].help;
  const byTouch = document.createElement("span");
  byTouch.className = "by-touch";
  byTouch.textContent = WORDS[name].tapped;
  $("chomp-help").replaceChildren(byMouse, byTouch);
  showError($("chomp-error"), null);
  if (!load) return Promise.resolve();
  if (name === "play") {
    if (!state.reply || state.game?.shape !== shape()) return newGame(push);
    showGame(state.reply);
  } else if (name === "check") {
    return setUp(push);
  } else if (state.explained !== shape()) {
    return explain(push);
  } else {
    steps.refit();
  }
  address.changed("chomp", push);
  return Promise.resolve();
}

/** Does what the form's button says in the way of using the bar shown. */
function submit() {
  if (state.mode === "play") newGame(true);
  else if (state.mode === "check") setUp(true);
  else explain(true);
}

// ---- Play -------------------------------------------------------------

/** Starts a new game from the form, with a fresh seed: a new entry in the history when `push`. */
export async function newGame(push = false) {
  const data = new FormData(form);
  await again({ shape: shape(), level: data.get("level"), first: data.get("first") }, push);
}

/**
 * Starts a game of `settings` (its bar, level and who starts) afresh,
 * with a fresh seed: a new entry in the history when `push`.
 */
async function again({ shape: bar, level, first }, push = false) {
  const game = { shape: bar, level, first, seed: Math.floor(Math.random() * 2 ** 32) };
  await resume(game, [], 0, { takenBack: 0, hintsUsed: 0, shown: 0 }, push);
}

/**
 * Goes to the game `game` after the pupil's `bites`, with `hints` asked
 * for at this bite and the `help` had in the whole game, replayed by the
 * server in one request: a new entry in the history when `push`.
 */
async function resume(game, bites, hints, help, push = false) {
  const before = { takenBack: state.takenBack, hintsUsed: state.hintsUsed, shown: state.shown };
  Object.assign(state, help);
  try {
    const reply = await send(game, bites, hints, help.takenBack);
    Object.assign(state, { game, bites, hints: reply.hints.length, frame: null });
    showGame(reply);
    address.changed("chomp", push);
  } catch (refused) {
    Object.assign(state, before);
    showError($("chomp-error"), refused.message);
  }
}

function send(game, bites, hints, takenBack) {
  return post("/page/chomp/play", {
    shape: game.shape,
    level: game.level,
    first: game.first,
    seed: game.seed,
    bites,
    hints,
    taken_back: takenBack,
    hints_used: state.hintsUsed,
    shown: state.shown,
  });
}

/**
 * Makes the pupil's bite: the squares it takes fade, the computer thinks,
 * its own bite lights up, and then the bar it leaves is drawn.
 */
async function biteNow(choice) {
  if (!choice || state.busy || !state.reply || state.reply.over) return;
  state.busy = true;
  showError($("chomp-error"), null);
  enable();
  $("chomp-hints").replaceChildren();
  const bites = [...state.bites, { row: choice.row, column: choice.column }];
  try {
    const reply = await thinkOver(bar, $("chomp-said"),
      send(state.game, bites, 0, state.takenBack), BITE_THINKING);
    state.bites = bites;
    state.hints = 0;
    await showTheirBite(bar, $("chomp-said"), reply);
    showGame(reply);
    address.changed("chomp");
  } catch (refused) {
    showGame(state.reply);
    showError($("chomp-error"), refused.message);
  } finally {
    state.busy = false;
    enable();
  }
}

/** Asks for one more hint at this bite. */
async function hint() {
  const reply = state.reply;
  if (state.mode !== "play" || state.busy || !reply || reply.over) return;
  if (state.hints >= reply.hints_total) return;
  try {
    const more = await send(state.game, state.bites, state.hints + 1, state.takenBack);
    state.hints += 1;
    state.hintsUsed += 1;
    // The last hint is the bite itself: the answer was shown.
    if (state.hints === more.hints_total) state.shown += 1;
    reply.hints = more.hints;
    showHints($("chomp-hints"), reply.hints);
    enable();
    address.changed("chomp");
  } catch (refused) {
    showError($("chomp-error"), refused.message);
  }
}

/** Takes back the pupil's last bite (and the computer's answer to it). */
async function undo() {
  if (state.mode !== "play" || state.busy || state.bites.length === 0) return;
  const bites = state.bites.slice(0, -1);
  try {
    const reply = await send(state.game, bites, 0, state.takenBack + 1);
    state.bites = bites;
    state.hints = 0;
    state.takenBack += 1;
    showGame(reply);
    address.changed("chomp");
  } catch (refused) {
    showError($("chomp-error"), refused.message);
  }
}

/** Draws the server's answer: the bar, what was said, hints, the end. */
function showGame(reply) {
  state.reply = reply;
  showError($("chomp-error"), null);
  drawBarGame(parts, reply, state.frame);
  state.frame = bar.frame;
  $("chomp-help").hidden = reply.bites.length > 0 || reply.over;
  $("chomp-verdict").replaceChildren();
  $("chomp-bite").hidden = reply.over;
  $("chomp-play-again").hidden = !reply.over;
  enable();
  if (reply.over) {
    $("chomp-talk").scrollTop = 0;
    $("chomp-play-again").focus({ preventScroll: true });
  } else {
    bar.root.focus({ preventScroll: true });
  }
}

// ---- Check ------------------------------------------------------------

/** Draws the bar in the form, ready for a bite to check: a new entry in the history when `push`. */
async function setUp(push = false) {
  const checking = { shape: shape() };
  try {
    const reply = await get("/page/chomp/board", checking);
    state.checking = checking;
    showBar(reply, "fresh");
    address.changed("chomp", push);
  } catch (refused) {
    showError($("chomp-error"), refused.message);
  }
}

function showBar(reply, frame) {
  state.checked = null;
  state.bitten = null;
  $("chomp-play-again").hidden = true;
  showError($("chomp-error"), null);
  $("chomp-game").textContent = reply.game;
  $("chomp-said").replaceChildren();
  $("chomp-hints").replaceChildren();
  $("chomp-result").hidden = true;
  $("chomp-review").replaceChildren();
  $("chomp-verdict").replaceChildren();
  $("chomp-stage").classList.remove("over");
  $("chomp-help").hidden = false;
  bar.show(reply.board, frame);
  $("chomp-check").hidden = false;
  $("chomp-again").hidden = true;
  $("chomp-on").hidden = true;
  if (reply.over) bar.lock();
  enable();
}

/** Asks the server to judge the chosen bite. */
async function check(choice) {
  if (!choice || state.checked || !state.checking || state.busy) return;
  state.busy = true;
  try {
    const reply = await get("/page/chomp/check", {
      shape: state.checking.shape,
      bite: `${choice.row},${choice.column}`,
    });
    state.checked = reply;
    state.bitten = { row: choice.row, column: choice.column };
    showError($("chomp-error"), null);
    bar.markTaken();
    bar.lock();
    $("chomp-help").hidden = true;
    $("chomp-verdict").innerHTML = reply.html;
    enlarge($("chomp-verdict"), 1.5);
    $("chomp-talk").scrollTop = 0;
    $("chomp-check").hidden = true;
    $("chomp-again").hidden = false;
    $("chomp-on").hidden = reply.after.over;
    $("chomp-again").focus({ preventScroll: true });
    address.changed("chomp");
  } catch (refused) {
    bar.clear();
    showError($("chomp-error"), refused.message);
  } finally {
    state.busy = false;
    enable();
  }
}

/** Carries on from the bar the checked bite leaves. */
function goOn() {
  const after = state.checked?.after;
  if (!after) return;
  form.elements.shape.value = after.rows.join(",");
  state.checking = { shape: form.elements.shape.value };
  showBar(after, null);
  address.changed("chomp", true);
  bar.root.focus({ preventScroll: true });
}

// ---- Explain ----------------------------------------------------------

/** Asks for the explanation of the bar in the form, at step `at`: a new entry in the history when `push`. */
async function explain(push = false, at = 0) {
  const asked = shape();
  try {
    const reply = await get("/page/chomp/explain", { shape: asked });
    state.explained = asked;
    showError($("chomp-error"), null);
    steps.show(reply, at);
    address.changed("chomp", push);
    if (form.contains(document.activeElement)) $("chomp-next").focus({ preventScroll: true });
  } catch (refused) {
    showError($("chomp-error"), refused.message);
  }
}

// ---- Both boards, and the keys ----------------------------------------

/** Bites in a game, or checks the bite, by the way the bar is used. */
function act(choice) {
  if (state.mode === "play") biteNow(choice);
  else if (state.mode === "check") check(choice);
}

function chosen(choice) {
  const where = choice ? `row ${choice.row}, column ${choice.column}` : "";
  const poison = choice?.row === 1 && choice?.column === 1 ? " (the poisoned square)" : "";
  $("chomp-bite").textContent = choice ? `Bite ${where}${poison}` : "Bite";
  $("chomp-check").textContent = choice ? `Check: bite ${where}${poison}` : "Check";
  enable();
}

/** Which buttons can be pressed now; the part is busy while the computer thinks. */
function enable() {
  $("chomp").setAttribute("aria-busy", String(state.busy));
  const reply = state.reply;
  const over = !reply || reply.over;
  const idle = !state.busy;
  const choice = bar.choice();
  $("chomp-bite").disabled = !idle || over || !choice;
  $("chomp-hint").disabled = !idle || over || reply.hints.length >= reply.hints_total;
  $("chomp-undo").disabled = !idle || state.bites.length === 0;
  $("chomp-check").disabled = !idle || !choice || Boolean(state.checked);
}

/** The way the bar is used, the bar, and a game as it stands, as the address writes them. */
export function where() {
  const fields = { mode: state.mode, shape: shape() };
  if (state.mode === "play" && state.game) {
    const g = state.game;
    const helped = state.hintsUsed || state.shown || state.takenBack;
    Object.assign(fields, {
      shape: g.shape,
      level: g.level,
      first: g.first,
      seed: g.seed,
      bites: address.pairsText(state.bites, "row", "column"),
      hints: state.hints || "",
      help: helped ? `${state.hintsUsed}.${state.shown}.${state.takenBack}` : "",
    });
  } else if (state.mode === "check" && state.checking) {
    fields.shape = state.checking.shape;
    fields.bite = state.checked && state.bitten
      ? address.pairsText([state.bitten], "row", "column") : "";
  } else if (state.mode === "explain" && state.explained !== null) {
    fields.shape = state.explained;
    fields.step = steps.at > 0 ? steps.at + 1 : "";
  }
  return fields;
}

/** Shows what the address's `fields` name: a way of using a bar, and a game as it stood. */
export async function go(fields) {
  if ([...fields.keys()].length === 0) {
    if (!state.reply && !state.checking && steps.steps.length === 0) await mode(state.mode);
    return null;
  }
  if (address.write("chomp", where()) === address.write("chomp", Object.fromEntries(fields))) {
    return null;
  }
  const bad = [];
  const refused = address.fill(form, fields, ["shape", "level", "first"]);
  let name = fields.get("mode") ?? "play";
  if (!["play", "explain", "check"].includes(name)) {
    bad.push("mode");
    name = "play";
  }
  const seed = fields.has("seed") ? address.count(fields.get("seed"), Number.MAX_SAFE_INTEGER) : null;
  const bites = address.pairs(fields.get("bites"), "row", "column");
  const hints = address.count(fields.get("hints") ?? "0", 99);
  const help = /^(\d{1,6})\.(\d{1,6})\.(\d{1,6})$/.exec(fields.get("help") ?? "0.0.0");
  const step = address.count(fields.get("step") ?? "1", 999);
  const checked = address.pairs(fields.get("bite"), "row", "column", 1);
  if (fields.has("seed") && seed === null) bad.push("seed");
  if (checked === null) bad.push("bite");
  if (bites === null) bad.push("bites");
  if (hints === null) bad.push("hints");
  if (!help) bad.push("help");
  if (step === null) bad.push("step");
  if (name === "play" && seed !== null && bad.length === 0 && !refused) {
    const data = new FormData(form);
    const game = { shape: shape(), level: data.get("level"), first: data.get("first"), seed };
    state.reply = null;
    mode("play", false, false);
    const [, hintsUsed, shown, takenBack] = help.map(Number);
    await resume(game, bites, hints, { hintsUsed, shown, takenBack });
  } else if (name === "explain" && step !== null) {
    mode("explain", false, false);
    await explain(false, Math.max(0, step - 1));
  } else if (name === "check" && checked?.length === 1) {
    // The bar set up, then the bite checked on it, as a reload finds them.
    state.reply = null;
    await mode("check");
    const [bite] = checked;
    bar.choose(bite.row, bite.column);
    const choice = bar.choice();
    if (choice?.row === bite.row && choice?.column === bite.column) await check(choice);
    else bad.push("bite");
  } else {
    state.reply = null;
    await mode(name);
  }
  return refused ?? (bad.length > 0 ? address.unreadable(bad) : null);
}

/** Starts a game on the bar in the form the first time Chomp is opened. */
export function opened() {
  if (!state.reply && !state.checking && steps.steps.length === 0) mode(state.mode);
  else if (state.mode === "explain") steps.refit();
}

/** Keys while Chomp is shown: arrows choose a square (or step an explanation), H hints, U undoes. */
export function key(event) {
  if (state.mode === "explain") {
    if (!steps.key(event)) return;
  } else if (event.key === "h") {
    hint();
  } else if (event.key === "u") {
    undo();
  } else {
    bar.pageKey(event, act);
    return;
  }
  event.preventDefault();
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  submit();
});
for (const b of form.querySelectorAll(".mode")) b.addEventListener("click", () => mode(b.dataset.mode, true));
for (const preset of form.querySelectorAll(".preset")) {
  preset.addEventListener("click", () => {
    form.elements.shape.value = preset.dataset.shape;
    submit();
  });
}
$("chomp-bite").addEventListener("click", () => biteNow(bar.choice()));
// The same bar, level and who starts as the game just played.
$("chomp-play-again").addEventListener("click", () => {
  if (state.game && !state.busy) again(state.game, true);
});
$("chomp-hint").addEventListener("click", hint);
$("chomp-undo").addEventListener("click", undo);
$("chomp-check").addEventListener("click", () => check(bar.choice()));
$("chomp-again").addEventListener("click", setUp);
$("chomp-on").addEventListener("click", goOn);
