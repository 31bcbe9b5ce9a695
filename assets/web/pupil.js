// The pupils' page of a class, at /join/CODE: a pupil types a first name,
// joins, and waits; when the teacher sets a task it shows here, to answer
// by clicking sticks (or a square of a chocolate bar) and Take, by Yes or
// No, or by playing the computer. Every verdict, reason and hint is the
// server's. The pupil's token is kept in the browser under the class's
// code, so a reload, or a connection lost and found again, comes back to
// the same place: the server says where this pupil stands in the task.

import { get, post } from "./api.js";
import { Board, showError, takeButtons, takeWords } from "./board.js";
import { ChompBar } from "./bar.js";
import { listen } from "./events.js";
import { oneActionPerClick } from "./clicks.js";
import { keepReachable } from "./panels.js";
import { BITE_THINKING, drawBarGame, drawGame, showTheirBite, thinkOver, THINKING } from "./game.js";
import { paragraph, showHints } from "./talk.js";

const $ = (id) => document.getElementById(id);

/**
 * The class's code, the last part of the address /join/CODE; empty at
 * /join, where the pupil types it, and typed again if it is wrong.
 */
let code = decodeURIComponent(/^\/join\/([^/]+)/.exec(location.pathname)?.[1] ?? "");

/** Where this pupil's token and name are kept in the browser, one class apart from another. */
function keptAt() {
  return `matchsticks.class.${code}`;
}

/** What each kind of task asks, as its heading. */
const KINDS = {
  move: "Find a winning move",
  "can-you-win": "Can you win?",
  game: "Play the computer",
};

/**
 * Who this pupil is, once joined, and the stream of the class's events;
 * `offline` is what the server said to say while it cannot be reached.
 */
const me = { pupil: null, name: null, stream: null, offline: null };

/** The task shown and where this pupil stands in it. */
const task = {
  now: null, // the task, as the server gives it
  answered: 0, // how many answers this pupil has given to it
  done: false, // whether they may answer no more
  showing: false, // a verdict is shown on the board, until "Try again"
  more: true, // whether there is another hint to ask for
  noMore: null, // the server's words for why there are none, once there are none
  busy: false, // a request is out
  // A game: the pupil's moves, the hints at this move, the last answer.
  moves: [],
  gameHints: 0,
  reply: null,
  frame: null, // the size of a game's first bar, which every later bar keeps
};

// No "Show groups" here: the groups show the pairs, a hint that no tally counts.
const board = new Board($("task-board"), {
  onChange: chosen,
  onMove: (choice) => answerMove(choice),
}, { groups: false });
const bar = new ChompBar($("task-bar"), {
  onChange: chosen,
  onMove: (choice) => answerMove(choice),
});

/**
 * Where a game is drawn (see game.js), on the drawing of the task's game.
 * The line under the heading is the task's title, its start with its
 * rules, as every kind of task has it: the game's line of rules alone is
 * not drawn over it.
 */
function parts() {
  return {
    board: drawing(),
    buttons: $("task-buttons"),
    said: $("task-said"),
    hints: $("task-hints"),
    result: $("task-result"),
    review: $("task-review"),
    stage: $("task").querySelector(".stage"),
  };
}

/** The header X-Pupil, which every request of this pupil carries. */
function pupil() {
  return { "X-Pupil": me.pupil };
}

/** Shows one part of the page: "join", "waiting" or "task". */
function view(name) {
  for (const pane of document.querySelectorAll(".pane")) pane.hidden = pane.id !== name;
}

// ---- Joining ------------------------------------------------------------

/** The token and name kept from an earlier visit to this class, if any. */
function kept() {
  try {
    const found = JSON.parse(localStorage.getItem(keptAt()) ?? "null");
    return typeof found?.pupil === "string" ? found : null;
  } catch {
    return null;
  }
}

function keep(value) {
  try {
    if (value) localStorage.setItem(keptAt(), JSON.stringify(value));
    else localStorage.removeItem(keptAt());
  } catch {
    // Not kept: a reload asks for the name again.
  }
}

async function join(event) {
  event.preventDefault();
  const name = $("join-name").value;
  const typed = $("join-code-field").hidden ? code : $("join-code").value.trim().toUpperCase();
  const submit = $("join-form").querySelector("button[type=submit]");
  submit.disabled = true;
  try {
    const joined = await post("/api/class/join", { code: typed, name });
    if (typed !== code) {
      // The code typed is the class's: the address says it from now on,
      // so a reload comes back here.
      code = typed;
      history.replaceState(null, "", `/join/${encodeURIComponent(code)}`);
    }
    keep({ pupil: joined.pupil, name: joined.name });
    showError($("join-error"), null);
    $("join-code-field").hidden = true;
    await enter(joined.pupil, joined.name);
  } catch (refused) {
    showError($("join-error"), refused.message);
    // No class has that code: it can be typed again, as the projector shows it.
    if (refused.status === 404 || !typed) askCode();
    else $("join-name").focus();
  } finally {
    submit.disabled = false;
  }
}

/** Shows the box for the class's code, with the code from the address in it, ready to be put right. */
function askCode() {
  const field = $("join-code-field");
  if (field.hidden) $("join-code").value = code;
  field.hidden = false;
  $("join-code").focus();
  $("join-code").select();
}

/** Asks for a name, saying `why` the last one is not used, if it is not. */
function askName(why = null) {
  me.stream?.stop();
  Object.assign(me, { pupil: null, name: null, stream: null });
  $("who").hidden = true;
  $("connection").textContent = "";
  view("join");
  showError($("join-error"), why);
  if (!code) askCode();
  else {
    // A name left from before is chosen whole, so what is typed replaces
    // it rather than adding to it.
    $("join-name").focus();
    $("join-name").select();
  }
}

/**
 * Goes into the class as the pupil with the token `pupil`: where they
 * stand in the task, then the class's events. A token the server no
 * longer knows is forgotten, and the name asked for again.
 */
async function enter(token, name) {
  me.pupil = token;
  me.name = name;
  try {
    const here = await get("/api/class/me", {}, pupil());
    me.name = here.name ?? name;
    me.offline = here.offline ?? null;
    restore(here);
  } catch (refused) {
    if (refused.status === 403 || refused.status === 404) {
      keep(null);
      askName(refused.message);
      return;
    }
    // Unreachable for now: the events below try again, and restore then.
    view("waiting");
  }
  const who = $("who");
  who.textContent = `${me.name} · ${code}`;
  who.hidden = false;
  me.stream?.stop();
  me.stream = listen("/api/class/events", pupil(), heard, connection);
}

/** Says how the connection to the class stands. */
function connection(how, words) {
  const line = $("connection");
  if (how === "open") {
    line.textContent = "";
    line.classList.remove("lost");
    reached();
  } else if (how === "lost") {
    line.textContent = "Connecting again…";
    line.classList.add("lost");
  } else {
    keep(null);
    askName(words);
  }
}

/**
 * An event of the class: a task set, closed, or the same one again after
 * a reconnection; or this pupil removed by the teacher, which ends the
 * stream and forgets the token, so that they may join again.
 */
async function heard(name, data) {
  if (name === "removed") {
    keep(null);
    askName(data.error ?? null);
    return;
  }
  if (name !== "task") return;
  const next = data.task ?? null;
  const same = next && task.now && next.id === task.now.id;
  if (same) {
    task.now = next;
    enable();
    return;
  }
  if (!next) {
    task.now = null;
    waiting();
    return;
  }
  // A new task, or one set while this page was away: where this pupil
  // stands in it comes from the server.
  try {
    restore(await get("/api/class/me", {}, pupil()));
  } catch {
    show(next, {});
  }
}

/**
 * Shows where the server says this pupil stands (`GET /api/class/me`):
 * the task, their answers, what the last was told, their hints, whether
 * they are done, and their game.
 */
function restore(here) {
  if (!here.task) {
    task.now = null;
    waiting();
    return;
  }
  show(here.task, here);
}

function waiting() {
  view("waiting");
}

// ---- A task -------------------------------------------------------------

/** The drawing the task is answered on: sticks, or a chocolate bar. */
function drawing() {
  return task.now?.game === "chomp" ? bar : board;
}

/** What the task asks for: "move", "can-you-win" or "game". */
function asks() {
  return task.now?.kind;
}

/** Shows the task `now`, and where the pupil stands in it as the server told (`here`). */
function show(now, here) {
  Object.assign(task, {
    now,
    answered: here.answers?.length ?? 0,
    done: Boolean(here.done),
    showing: false,
    more: here.more ?? true,
    noMore: here.no_more ?? null,
    moves: [],
    gameHints: 0,
    reply: null,
    frame: null,
  });
  view("task");
  showError($("task-error"), null);
  const chomp = now.game === "chomp";
  $("task-kind").textContent = now.lesson?.title ?? KINDS[now.kind] ?? "";
  $("task-ask").textContent = now.question ?? "";
  $("task-ask").hidden = !now.question;
  $("task-game").textContent = now.title ?? "";
  $("task-board").hidden = chomp;
  $("task-bar").hidden = !chomp;
  $("task-said").replaceChildren();
  $("task-result").hidden = true;
  $("task-review").replaceChildren();
  $("task").querySelector(".stage").classList.remove("over");
  showHints($("task-hints"), here.hints ?? []);
  if (now.kind === "game" && now.open) {
    resumeGame(here.game?.moves ?? [], here.game?.hints ?? 0);
  } else {
    fresh();
    if (here.reply) heardAnswer(here.reply, false);
  }
  chosen(null);
  // Ready for the arrow keys, unless the pupil is typing somewhere.
  if (document.activeElement === document.body && now.kind !== "can-you-win") {
    drawing().root.focus({ preventScroll: true });
  }
}

/** The task's board afresh, ready for a try. */
function fresh() {
  const now = task.now;
  drawing().root.style.setProperty("--rows", String(Math.max(1, now.board.rows?.length ?? 3)));
  // A move of a task whose move may take from several rows may be chosen
  // in that many rows.
  if (now.game === "chomp") bar.show(now.board.board, "fresh");
  else board.show(now.board.board, { perMove: now.kind === "move" ? now.rows_per_move : 1 });
  $("task-said").replaceChildren();
  // A single row with only a few takes: a button for each, as in Play.
  takeButtons($("task-buttons"), now.game === "chomp" ? [] : now.board.buttons, (n) => {
    board.chooseTake(1, n);
    answerMove(board.choice());
  });
  if (now.kind === "can-you-win") drawing().lock();
}

/** Whether this pupil may try (again) at the task now. */
function mayTry() {
  return Boolean(task.now?.open) && !task.busy && !task.done;
}

/** Whether this pupil may send an answer now: they may try, and no verdict waits for "Try again". */
function mayAnswer() {
  return mayTry() && !task.showing;
}

/**
 * Whether an answer ends the pupil's tries: any answer, at a task of one
 * try; else a right yes or no, or a move that is not a mistake (a
 * position lost anyway has no better move), as the server counts them.
 */
function ends(reply) {
  if (task.now.tries !== "until-right") return true;
  return reply.steps ? reply.verdict !== "mistake" : reply.right === true;
}

/** Sends the move chosen on the drawing (sticks taken, or a bite) as this pupil's answer. */
async function answerMove(choice) {
  if (!choice || !mayAnswer()) return;
  if (asks() === "game") {
    playMove(choice);
    return;
  }
  if (asks() !== "move") return;
  // Sent as the Check tab sends it, by the names the game reads a move by:
  // a move from several rows as the rows it leaves.
  const id = task.now.id;
  if (task.now.game === "chomp") await send({ task: id, bite: [choice.row, choice.column] });
  else if (choice.parts?.length > 1) await send({ task: id, to: choice.to });
  else await send({ task: id, row: choice.row, remove: choice.take });
}

/** Sends an answer and shows what the server says to it. */
async function send(body) {
  task.busy = true;
  enable();
  try {
    const reply = await post("/api/class/answer", body, pupil());
    task.answered += 1;
    task.done = ends(reply);
    showError($("task-error"), null);
    heardAnswer(reply, true);
  } catch (refused) {
    // Unreached, the move stays chosen, to send again once back online.
    if (refused.status !== 0) drawing().clear();
    await refusedBy(refused);
  } finally {
    task.busy = false;
    enable();
  }
}

/**
 * Says what the server refused, in its words; when the task has moved on
 * (closed, or another set), first shows where the pupil stands now.
 */
async function refusedBy(refused) {
  if (refused.status === 0) {
    unreached(refused.message);
    return;
  }
  if (refused.status === 403) {
    // This device is no longer in the class (the teacher removed it): it
    // may join again.
    keep(null);
    askName(refused.message);
    return;
  }
  if (refused.status === 409) {
    try {
      restore(await get("/api/class/me", {}, pupil()));
    } catch {
      // Shown as it was; the words below still say why.
    }
  }
  showError($("task-error"), refused.message);
}

/**
 * Says, in the words the server gave for it, that the class cannot be
 * reached (or in `otherwise`, before the server could give any).
 */
function unreached(otherwise) {
  showError($("task-error"), me.offline ?? otherwise);
}

/** Takes back the words that the class cannot be reached, now that it can. */
function reached() {
  const line = $("task-error");
  if (me.offline && line.textContent === me.offline) showError(line, null);
}

/**
 * Shows the server's verdict on an answer: for a move, the verdict and
 * its reason, and once no more tries are allowed what comes next; for a
 * yes or no, whether it was right and why.
 */
function heardAnswer(reply, now) {
  task.showing = true;
  const said = $("task-said");
  said.replaceChildren();
  const box = document.createElement("div");
  box.className = `verdict-box ${reply.verdict ?? ""}`;
  if (reply.steps) {
    // A move, as /api/check judges it: the move, then the lines of each
    // step but the drawings, which the board shows; the verdict's line
    // with its mark. (Where the pupil may try again, the server keeps the
    // better move back.)
    if (reply.title) box.append(paragraph(reply.title, "move"));
    for (const step of reply.steps) {
      const blocks = step.blocks ?? [];
      if (blocks.length > 0 && blocks.every((b) => DRAWINGS.includes(b.kind))) continue;
      const mark = blocks.find((b) => b.kind === "verdict")?.mark;
      for (const line of step.lines) {
        const p = paragraph(line, mark ? "verdict-line" : "words");
        if (mark) p.prepend(markOf(mark));
        box.append(p);
      }
    }
    drawing().markTaken();
    drawing().lock();
  } else {
    // A yes or a no: its verdict, marked as a move's is, then why.
    const verdict = paragraph(reply.verdict ?? "", "verdict-word");
    if (MARKS[reply.verdict]) verdict.prepend(markOf(MARKS[reply.verdict]));
    box.append(verdict, paragraph(reply.reason ?? "", "verdict-line"));
  }
  said.append(box);
  if (now) said.scrollIntoView({ block: "nearest" });
}

/** The marks of a yes or a no's verdict, as a move's verdict is marked. */
const MARKS = { good: "✓", mistake: "✗" };

/** The kinds of block that only draw the position, which the board shows already. */
const DRAWINGS = ["rows", "bar"];

/** A verdict's mark, such as ✓, read by its words rather than aloud. */
function markOf(mark) {
  const sign = document.createElement("span");
  sign.className = "mark";
  sign.setAttribute("aria-hidden", "true");
  sign.textContent = mark;
  return sign;
}

/** Asks for one more hint. */
async function hint() {
  if (!task.now?.open || task.busy) return;
  if (asks() === "game") {
    gameHint();
    return;
  }
  task.busy = true;
  enable();
  try {
    const reply = await post("/api/class/hint", { task: task.now.id }, pupil());
    task.more = reply.more ?? true;
    task.noMore = reply.no_more ?? null;
    showHints($("task-hints"), reply.hints);
    showError($("task-error"), null);
  } catch (refused) {
    await refusedBy(refused);
  } finally {
    task.busy = false;
    enable();
  }
}

/** Takes the last answer's move back, to try again; or, after a game lost, begins another. */
function again() {
  if (!mayTry()) return;
  if (asks() === "game") {
    task.frame = null;
    resumeGame([], 0);
    return;
  }
  task.showing = false;
  fresh();
  enable();
  drawing().root.focus({ preventScroll: true });
}

// ---- A game against the computer ------------------------------------------

/** Sends the pupil's game: every move (or bite) so far, and the hints asked for at this one. */
function sendGame(moves, hints) {
  const named = task.now.game === "chomp" ? "bites" : "moves";
  return post("/api/class/play", { task: task.now.id, [named]: moves, hints }, pupil());
}

/** Shows the pupil's game as it stands after their `moves`, with `hints` at this move. */
async function resumeGame(moves, hints) {
  task.busy = true;
  try {
    const reply = await sendGame(moves, hints);
    Object.assign(task, { moves, gameHints: reply.hints.length });
    showGame(reply);
  } catch (refused) {
    await refusedBy(refused);
  } finally {
    task.busy = false;
    enable();
  }
}

async function playMove(choice) {
  if (task.busy || !task.reply || task.reply.over) return;
  task.busy = true;
  showError($("task-error"), null);
  enable();
  const chomp = task.now.game === "chomp";
  const move = chomp ? { row: choice.row, column: choice.column } : { row: choice.row, take: choice.take };
  const moves = [...task.moves, move];
  try {
    const said = $("task-said");
    const reply = await thinkOver(drawing(), said, sendGame(moves, 0),
      chomp ? BITE_THINKING : THINKING);
    task.moves = moves;
    task.gameHints = 0;
    if (chomp) await showTheirBite(bar, said, reply);
    showGame(reply);
  } catch (refused) {
    showGame(task.reply);
    // Unreached, the move stays chosen, to send again once back online.
    if (refused.status === 0) {
      if (chomp) bar.choose(choice.row, choice.column);
      else board.chooseTake(choice.row, choice.take);
    }
    await refusedBy(refused);
  } finally {
    task.busy = false;
    enable();
  }
}

async function gameHint() {
  const reply = task.reply;
  if (!reply || reply.over || task.gameHints >= reply.hints_total) return;
  task.busy = true;
  enable();
  try {
    const more = await sendGame(task.moves, task.gameHints + 1);
    task.gameHints += 1;
    reply.hints = more.hints;
    showHints($("task-hints"), more.hints);
  } catch (refused) {
    await refusedBy(refused);
  } finally {
    task.busy = false;
    enable();
  }
}

/**
 * Draws the server's answer to the game. A game over ends the pupil's
 * tries when it was won, or at a task of one game.
 */
function showGame(reply) {
  task.reply = reply;
  task.done = reply.over && (reply.winner === "pupil" || task.now.tries !== "until-right");
  if (task.now.game === "chomp") {
    drawBarGame(parts(), reply, task.frame);
    task.frame = bar.frame;
  } else {
    drawGame(parts(), reply, (n) => {
      board.chooseTake(1, n);
      playMove({ row: 1, take: n });
    });
  }
  enable();
}

// ---- Buttons and keys -------------------------------------------------------

/** `words` with a capital letter. */
function capital(words) {
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function chosen(choice) {
  const take = $("task-take");
  if (!choice) take.textContent = task.now?.game === "chomp" ? "Bite" : "Take";
  else if (task.now?.game === "chomp") take.textContent = `Bite row ${choice.row}, column ${choice.column}`;
  else take.textContent = capital(takeWords(choice));
  enable();
}

/** Which buttons show, and which can be pressed now. */
function enable() {
  const now = task.now;
  if (!now) return;
  const game = now.kind === "game";
  const over = game && (!task.reply || task.reply.over);
  // Whether a move or an answer can be sent now.
  const may = game ? now.open && !task.busy && !over : mayAnswer();
  // Once the pupil is done, or the task closed, only what was said stays.
  const finished = !now.open || task.done;
  const yesNo = now.kind === "can-you-win";
  $("task-yes").hidden = $("task-no").hidden = !yesNo || finished;
  $("task-take").hidden = yesNo || finished || over || task.showing;
  $("task-buttons").hidden = finished;
  // The Row and Take fields only while sticks can be chosen.
  board.controls.hidden = now.game === "chomp" || yesNo || finished || task.showing || over;
  $("task-again").hidden = finished || (game ? !task.reply?.over : !task.showing);
  $("task-again").textContent = game ? "Play again" : "Try again";
  $("task-yes").disabled = $("task-no").disabled = !may;
  $("task-take").disabled = !may || !drawing().choice();
  for (const b of $("task-buttons").querySelectorAll("button")) b.disabled = !may;
  const more = game ? task.gameHints < (task.reply?.hints_total ?? 0) : task.more;
  // Once every hint is given, the button gives way to the server's words
  // for why there are no more, rather than going quiet.
  const why = !more && !game && task.noMore;
  $("task-hint").hidden = finished || over || Boolean(why);
  $("task-no-more").hidden = finished || over || !why;
  $("task-no-more").textContent = why || "";
  $("task-hint").disabled = !more || (game ? !may : !mayTry());
  $("task-again").disabled = task.busy;
  $("task-closed").hidden = now.open;
  $("task-closed").textContent = now.open ? "" : "This task is closed.";
  if (finished) drawing().lock();
}

keepReachable($("main"), ".talk, .pane");
// Back online (the stream may not have noticed it was away): the words
// that said it was not go.
window.addEventListener("online", reached);
oneActionPerClick();
$("join-form").addEventListener("submit", join);
$("task-take").addEventListener("click", () => answerMove(drawing().choice()));
$("task-yes").addEventListener("click", () => mayAnswer() && send({ task: task.now.id, answer: "yes" }));
$("task-no").addEventListener("click", () => mayAnswer() && send({ task: task.now.id, answer: "no" }));
$("task-hint").addEventListener("click", hint);
$("task-again").addEventListener("click", again);

document.addEventListener("keydown", (event) => {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target.closest?.("input, select, textarea") || $("task").hidden) return;
  const key = event.key.toLowerCase();
  if (key === "y" && !$("task-yes").hidden) $("task-yes").click();
  else if (key === "n" && !$("task-no").hidden) $("task-no").click();
  else if (key === "h") $("task-hint").click();
  else if (!drawing().pageKey(event, answerMove)) return;
  event.preventDefault();
});

const found = kept();
if (found) enter(found.pupil, found.name);
else askName();
