// Play: a game against the computer. The page keeps only the game's
// settings, its seed and the pupil's moves; every request sends them all
// and the server replays the game, so Undo is one move fewer. The address
// holds the same (see address.js), so a reload replays the game as it was.

import * as address from "./address.js";
import { get, post, gameOf } from "./api.js";
import { Board, takeButtons, showError } from "./board.js";
import { drawGame, thinkOver } from "./game.js";
import { paragraph, showHints, still } from "./talk.js";

/** How long the starting board stays before the computer's first move,
 * in ms, even where the system asks for less motion. */
const START_SHOWN = 700;

const $ = (id) => document.getElementById(id);

const form = $("play-setup");
const board = new Board($("play-board"), {
  onChange: chosen,
  onMove: (choice) => take(choice),
});

/** Where a game is drawn (see game.js). */
const parts = {
  game: $("play-game"),
  board,
  buttons: $("play-buttons"),
  said: $("play-said"),
  hints: $("play-hints"),
  result: $("play-result"),
  review: $("play-review"),
  stage: $("play").querySelector(".stage"),
};

const game = {
  settings: null, // what the form said when the game began
  seed: 0,
  moves: [], // the pupil's moves, [{row, take}]
  hints: 0, // hints asked for at this move
  help: { hints: 0, shown: 0, takenBack: 0 }, // the whole game's, for the review
  reply: null, // the server's last answer
  busy: false,
};

/** The fields of the form that set a game up, as the address names them. */
const SETUP = ["position", "normal", "take", "level", "first"];

/** The game the form sets up. */
function settingsOf() {
  const data = new FormData(form);
  return { ...gameOf(form), level: data.get("level"), first: data.get("first") };
}

/**
 * Starts a new game from the form, with a fresh seed: a new entry in the
 * history when `push`, as when the class asks for one.
 */
export function newGame(push = false) {
  return start(settingsOf(), push);
}

/** Starts a game from `settings`, with a fresh seed. When the computer
 * goes first, the starting board shows while it thinks, so the class sees
 * what it started from. */
async function start(settings, push = false) {
  if (game.busy) return false;
  const seed = Math.floor(Math.random() * 2 ** 32);
  game.busy = true;
  enable();
  try {
    if (settings.first === "computer") {
      const { position, normal, take } = settings;
      const first = await get("/page/board", { position, normal, take });
      showError($("play-error"), null);
      $("play-game").textContent = first.game;
      board.show(first.board);
      board.lock();
      takeButtons($("play-buttons"), [], () => {});
      $("play-said").replaceChildren(paragraph("Thinking…", "thinking"));
      await still(START_SHOWN);
    }
    // A new game's counters start at nought, in the request too.
    const help = { hints: 0, shown: 0, takenBack: 0 };
    const before = game.help;
    game.help = help;
    let reply;
    try {
      reply = await send(settings, seed, [], 0);
    } catch (refused) {
      game.help = before;
      throw refused;
    }
    Object.assign(game, { settings, seed, moves: [], hints: 0, help });
    game.busy = false;
    show(reply);
    address.changed("play", push);
    return true;
  } catch (refused) {
    showError($("play-error"), refused.message);
    return false;
  } finally {
    game.busy = false;
    enable();
  }
}

function send(settings, seed, moves, hints) {
  const { position, normal, take, level, first } = settings;
  return post("/page/play", {
    position,
    normal,
    take: take || null,
    level,
    first,
    seed,
    moves,
    hints,
    review: false,
    hints_used: game.help.hints,
    shown: game.help.shown,
    taken_back: game.help.takenBack,
  });
}

/** Plays the pupil's move: greys out the sticks, waits, then shows the reply. */
async function take(choice) {
  if (!choice || game.busy || !game.reply || game.reply.over) return;
  game.busy = true;
  showError($("play-error"), null);
  enable();
  const moves = [...game.moves, { row: choice.row, take: choice.take }];
  try {
    const reply = await thinkOver(board, $("play-said"),
      send(game.settings, game.seed, moves, 0));
    game.moves = moves;
    game.hints = 0;
    show(reply);
    address.changed("play");
  } catch (refused) {
    show(game.reply);
    showError($("play-error"), refused.message);
  } finally {
    game.busy = false;
    enable();
  }
}

/** Asks for one more hint at this move. A second click while the first
 * is out is ignored, so each click shows exactly one more rung. */
async function hint() {
  if (game.busy || !game.reply || game.reply.over) return;
  if (game.hints >= game.reply.hints_total) return;
  game.busy = true;
  enable();
  try {
    const reply = await send(game.settings, game.seed, game.moves, game.hints + 1);
    game.hints += 1;
    game.help.hints += 1;
    // The last hint is the move itself: the answer was shown.
    if (game.hints === reply.hints_total) game.help.shown += 1;
    game.reply.hints = reply.hints;
    showHints($("play-hints"), reply.hints);
    address.changed("play");
  } catch (refused) {
    showError($("play-error"), refused.message);
  } finally {
    game.busy = false;
    enable();
  }
}

/** Takes back the pupil's last move (and the computer's answer to it). */
async function undo() {
  if (game.busy || game.moves.length === 0) return;
  const moves = game.moves.slice(0, -1);
  game.busy = true;
  enable();
  try {
    game.help.takenBack += 1;
    const reply = await send(game.settings, game.seed, moves, 0);
    game.moves = moves;
    game.hints = 0;
    game.busy = false;
    show(reply);
    address.changed("play");
  } catch (refused) {
    game.help.takenBack -= 1;
    showError($("play-error"), refused.message);
  } finally {
    game.busy = false;
    enable();
  }
}

/**
 * Goes back to a game as it stood: its settings and seed, the pupil's
 * `moves`, the `hints` asked for at this move and the `help` had in the
 * whole game. The server replays it all in one request, with no pause.
 * Gives the server's words if it cannot replay the game, else null.
 */
async function resume(settings, seed, moves, hints, help) {
  await idle();
  if (game.busy) return null;
  game.busy = true;
  enable();
  const before = game.help;
  game.help = help;
  try {
    const reply = await send(settings, seed, moves, hints);
    Object.assign(game, { settings, seed, moves, hints: reply.hints.length, help });
    game.busy = false;
    show(reply);
    return null;
  } catch (refused) {
    game.help = before;
    showError($("play-error"), refused.message);
    return refused.message;
  } finally {
    game.busy = false;
    enable();
  }
}

/** The game as the address writes it. */
export function where() {
  const s = game.settings;
  if (!s) return address.fieldsOf(form, SETUP);
  const h = game.help;
  return {
    position: s.position,
    normal: s.normal,
    take: s.take,
    level: s.level,
    first: s.first,
    seed: game.seed,
    moves: address.pairsText(game.moves, "row", "take"),
    hints: game.hints || "",
    help: h.hints || h.shown || h.takenBack ? `${h.hints}.${h.shown}.${h.takenBack}` : "",
  };
}

/**
 * Shows the game the address's `fields` name, unless it is the one shown;
 * without a seed, a new game of that setup. Gives the words refusing what
 * cannot be used, if anything, after starting a game from what can.
 */
export async function go(fields) {
  if ([...fields.keys()].length === 0) {
    if (!game.settings) await newGame();
    return null;
  }
  const refused = address.fill(form, fields, SETUP);
  const settings = settingsOf();
  const bad = [];
  const seed = fields.has("seed") ? address.count(fields.get("seed"), Number.MAX_SAFE_INTEGER) : null;
  if (fields.has("seed") && seed === null) bad.push("seed");
  const moves = address.pairs(fields.get("moves"), "row", "take");
  if (moves === null) bad.push("moves");
  const hints = address.count(fields.get("hints") ?? "0", 99);
  if (hints === null) bad.push("hints");
  const help = /^(\d{1,6})\.(\d{1,6})\.(\d{1,6})$/.exec(fields.get("help") ?? "0.0.0");
  if (!help) bad.push("help");
  if (refused || bad.length > 0 || seed === null) {
    if (!(await start(settings))) forget();
    return refused ?? (bad.length > 0 ? address.unreadable(bad) : null);
  }
  const same = game.settings && game.seed === seed
    && address.write("play", where()) === address.write("play", {
      ...settings, seed, moves: address.pairsText(moves, "row", "take"),
      hints: hints || "", help: fields.get("help") ?? "",
    });
  if (!same) {
    const [, used, shown, takenBack] = help.map(Number);
    const why = await resume(settings, seed, moves, hints, { hints: used, shown, takenBack });
    // A game the server cannot replay (a move no row allows) is not
    // opened silently as another: the page says so, and starts a new
    // game of the same setup, if the setup itself can be used.
    if (why !== null) {
      if (await start(settings)) return `${why} ${address.unreadable(["moves"])}`;
      forget();
    }
  }
  return null;
}

/**
 * Takes the game shown away, its board, words and review, leaving the
 * refusal: the address named a game that cannot be played, and the board
 * before is not that game.
 */
function forget() {
  Object.assign(game, { settings: null, reply: null, moves: [], hints: 0 });
  const nothing = { game: "", board: "", buttons: [] };
  drawGame(parts, { position: nothing, moves: [], hints: [], over: false }, () => {});
  board.lock();
  $("play-again").hidden = true;
  enable();
}

/** How long the page waits for a game being started before showing another, in ms. */
const PATIENCE = 10_000;

/** Waits until no game is being started or answered, as far as PATIENCE. */
async function idle() {
  for (const started = performance.now(); game.busy && performance.now() - started < PATIENCE;) {
    await new Promise((done) => setTimeout(done, 20));
  }
}

/** Starts a game the first time Play is opened, if none was. */
export function opened() {
  if (!game.settings && !game.busy) newGame();
}

/** Draws the server's answer: the board, what was said, hints, the end. */
function show(reply) {
  game.reply = reply;
  showError($("play-error"), null);
  drawGame(parts, reply, takeN);
  $("play-help").hidden = reply.moves.length > 0 || reply.over;
  $("play-take").hidden = reply.over;
  $("play-again").hidden = !reply.over;
  enable();
  if (reply.over) {
    $("play-talk").scrollTop = 0;
    $("play-again").focus({ preventScroll: true });
  } else {
    board.root.focus({ preventScroll: true });
  }
}

/** A take button of a game with few takes: chooses that many sticks first. */
function takeN(n) {
  if (!board.rows.get(1)) return;
  board.chooseTake(1, n);
  take({ row: 1, take: n });
}

function chosen(choice) {
  const button = $("play-take");
  button.disabled = !choice || game.busy;
  button.textContent = choice ? `Take ${choice.take} from row ${choice.row}` : "Take";
}

/** Which buttons can be pressed now; the part is busy while the computer thinks. */
function enable() {
  $("play").setAttribute("aria-busy", String(game.busy));
  const reply = game.reply;
  const over = !reply || reply.over;
  const idle = !game.busy;
  $("play-hint").disabled = !idle || over || reply.hints.length >= reply.hints_total;
  $("play-undo").disabled = !idle || game.moves.length === 0;
  $("play-take").disabled = !idle || over || !board.choice();
  for (const b of $("play-buttons").querySelectorAll("button")) b.disabled = !idle || over;
}

/** Keys while Play is shown: digits take, H hints, U undoes. */
export function key(event) {
  const digit = /^\d$/.test(event.key) && document.querySelector(`#play-buttons button[data-take="${event.key}"]`);
  if (digit) {
    digit.click();
  } else if (event.key === "h") {
    hint();
  } else if (event.key === "u") {
    undo();
  } else {
    board.pageKey(event, take);
    return;
  }
  event.preventDefault();
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  newGame(true);
});
for (const preset of form.querySelectorAll(".preset")) {
  preset.addEventListener("click", () => {
    form.elements.position.value = preset.dataset.position;
    form.elements.take.value = preset.dataset.take;
    form.elements.normal.value = "";
    newGame(true);
  });
}
$("play-take").addEventListener("click", () => take(board.choice()));
$("play-hint").addEventListener("click", hint);
$("play-undo").addEventListener("click", undo);
// The same start, rules and level as the game just played.
$("play-again").addEventListener("click", () => start(game.settings, true));
