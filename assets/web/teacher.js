// The teacher's page of a class, for the projector (/teacher#key=KEY):
// the pupils' address to join at, the tasks set one at a time, the tally
// of the class's answers as they come, the explanation revealed a step at
// a time, and the results to download.
//
// The class's key arrives in the address's fragment, which never reaches
// the server; it is moved at once into this tab's session storage and
// taken out of the address, so it is never in the history or a link, and
// it is sent only in the X-Teacher header. Names are text everywhere.
// Every word about a position (a verdict, a reason, an explanation) is
// the server's.

import { get, post, file } from "./api.js";
import { showError, button } from "./board.js";
import { listen } from "./events.js";
import { PRINT, enlarge, keepInside, unfit } from "./fit.js";
import { oneActionPerClick } from "./clicks.js";
import { keepReachable } from "./panels.js";
import { Steps } from "./steps.js";
import { paragraph } from "./talk.js";

const $ = (id) => document.getElementById(id);

/** Where the key is kept for this tab. */
const KEPT = "matchsticks.teacher-key";

/**
 * The class's key: taken from the address (and out of it) if it is
 * there, else the one kept for this tab; null without one.
 */
function takeKey() {
  const found = /(?:^#|&)key=([^&]*)/.exec(location.hash);
  let key = null;
  if (found) {
    key = decodeURIComponent(found[1]);
    history.replaceState(null, "", location.pathname + location.search);
  }
  try {
    // Another class's key: the lesson kept was that class's.
    if (key && key !== sessionStorage.getItem(KEPT)) sessionStorage.removeItem(LESSON_KEPT);
    if (key) sessionStorage.setItem(KEPT, key);
    else key = sessionStorage.getItem(KEPT);
  } catch {
    // Storage refused: the key lives as long as the page.
  }
  return key || null;
}

/** The header every teacher's request carries, with the key once there is one. */
const teacher = { "X-Teacher": "" };

/** What each kind of task asks, as its heading. */
const KINDS = {
  move: "Find a winning move",
  "can-you-win": "Can you win?",
  game: "Play the computer",
};

/** How a verdict is marked and named in the tally: a mark and a word, never colour alone. */
const VERDICTS = {
  good: { mark: "✓", word: "good" },
  mistake: { mark: "✗", word: "mistake" },
  "lost-anyway": { mark: "○", word: "lost anyway" },
};

/**
 * Where the class's games stand, as the tally counts them: playing while
 * the task is open, unfinished once it is closed.
 */
const GAMES = {
  won: { mark: "✓", word: "won" },
  lost: { mark: "✗", word: "lost" },
  playing: { mark: "…", word: "playing", open: true },
  unfinished: { mark: "…", word: "unfinished", open: false },
  not_started: { mark: "–", word: "not started" },
};

/** The stream of the class's events, while it is listened to. */
const me = { stream: null };

/** Where this tab keeps the lesson stepped through, so that a reload comes back to its step. */
const LESSON_KEPT = "matchsticks.class.lesson";

const state = {
  view: null,
  joined: 0,
  names: [],
  namesShown: false,
  removing: null, // the name whose Remove waits to be confirmed
  task: null, // the task set last, as the server gives it
  tally: null,
  tallies: 0, // how many tallies the stream has brought
  revealed: null, // the id of the task whose explanation is shown
  // The moves listed while the task is open: for this task only, since
  // every pupil who has not answered can read the good move off the wall.
  movesShown: false,
  lessons: [],
};

// Once kept for every later task too, which gave their answers away.
try {
  localStorage.removeItem("matchsticks.class.show-moves");
} catch {
  // Storage refused: nothing was kept there either.
}

/** The lesson stepped through on the projector. */
const lesson = {
  name: null,
  title: "",
  parts: [],
  stops: [], // where Next stops: see stopsOf
  at: 0,
  stepping: false, // a step is being taken: its question set, or closed
};

/**
 * The explanation revealed beside the tally: its words as large as the
 * tally's, and its drawings as small as the panel needs, so that a step
 * fits without scrolling wherever it can.
 */
class Reveal extends Steps {
  refit() {
    for (const step of this.steps) unfit(step);
    if (!PRINT.matches && this.steps.length > 0 && this.shown()) {
      fitReveal(this.parts.holder, this.steps[this.at]);
    }
  }
}

/** The revealed step's type sizes tried, in rem: the tally's own, from its bars down to its reasons. */
const REVEAL_TYPE = [1.2, 1.1, 1];

/** How much larger than the server drew them the step's drawings may be, largest first. */
const REVEAL_DRAWINGS = [1.6, 1.3, 1.1, 0.9, 0.75, 0.6, 0.5, 0.4];

/**
 * Shows `step` in `box` with its words at the tally's size, its drawings
 * made smaller first; the words shrink only when the smallest drawings
 * still do not fit, and never below the tally's smallest.
 */
function fitReveal(box, step) {
  const fits = () => box.scrollHeight <= box.clientHeight && box.scrollWidth <= box.clientWidth;
  for (const size of REVEAL_TYPE) {
    step.style.fontSize = `${size}rem`;
    for (const by of REVEAL_DRAWINGS) {
      enlarge(step, by);
      if (fits()) return;
    }
  }
  keepInside(step, box.getBoundingClientRect().right - 4);
}

const reveal = new Reveal({
  title: $("reveal-title"),
  holder: $("reveal-steps"),
  counter: $("reveal-counter"),
  back: $("reveal-back"),
  next: $("reveal-next"),
}, () => !$("reveal").hidden && state.view === "task");

// ---- Views ------------------------------------------------------------------

/** Shows one part of the page. */
function show(name) {
  state.view = name;
  for (const pane of document.querySelectorAll(".pane")) pane.hidden = pane.id !== name;
  for (const tab of document.querySelectorAll(".tab")) {
    const on = tab.dataset.view === name;
    tab.classList.toggle("on", on);
    if (on) tab.setAttribute("aria-current", "page");
    else tab.removeAttribute("aria-current");
  }
  if (name === "task") fitBoard();
  if (name === "lesson") drawStop();
}

/** Says why the page cannot be used without the key, and how to open it. */
function noKey(why) {
  me.stream?.stop();
  $("tabs").hidden = true;
  $("class-line").hidden = true;
  $("results").hidden = true;
  $("no-key-why").textContent = why;
  show("no-key");
}

// ---- Joining ----------------------------------------------------------------

/** Shows the pupils' address, its QR code, the code and who has joined. */
async function joining() {
  try {
    const pupils = await get("/api/class/pupils", {}, teacher);
    addressInto($("join-address"), pupils.join);
    $("head-join").textContent = pupils.join;
    $("join-code").textContent = pupils.code;
    $("join-qr").replaceChildren(...svgOf(pupils.qr));
    joined(pupils);
    showError($("joining-error"), null);
    return true;
  } catch (refused) {
    if (refused.status === 403) {
      noKey(refused.message);
      return false;
    }
    showError($("joining-error"), refused.message);
    return true;
  }
}

/**
 * Puts the pupils' `address` in `holder`, to break only after a "/" (never
 * inside a word or a number), and as large as its widest piece fits.
 */
function addressInto(holder, address) {
  holder.replaceChildren();
  // The scheme with its two slashes, "192.168.1.20:8357/", "join/", "K7QX".
  address.split(/(?<=\/)(?!\/)/).forEach((piece, at) => {
    if (at > 0) holder.append(document.createElement("wbr"));
    holder.append(piece);
  });
  fitAddress();
}

/** Type sizes tried for the pupils' address, in rem, largest first. */
const ADDRESS_SIZES = [2.6, 2.3, 2, 1.8, 1.6, 1.4, 1.2];

/** Draws the pupils' address as large as its widest piece fits across. */
function fitAddress() {
  const holder = $("join-address");
  if (!holder.firstChild || holder.clientWidth === 0) return;
  for (const size of ADDRESS_SIZES) {
    holder.style.fontSize = `${size}rem`;
    if (holder.scrollWidth <= holder.clientWidth) return;
  }
}

/** The server's SVG drawing `text` as nodes of this page, or none if it is not one. */
function svgOf(text) {
  const drawn = new DOMParser().parseFromString(text ?? "", "image/svg+xml").documentElement;
  if (drawn?.namespaceURI !== "http://www.w3.org/2000/svg" || drawn.localName !== "svg") return [];
  drawn.setAttribute("aria-hidden", "true");
  drawn.setAttribute("focusable", "false");
  return [document.importNode(drawn, true)];
}

/** Shows how many have joined, and their names when asked for. */
function joined({ joined: count, names }) {
  state.joined = count ?? 0;
  state.names = names ?? [];
  const words = `${state.joined} joined`;
  $("join-count").textContent = words;
  $("head-joined").textContent = words;
  drawNames();
  if (state.tally) drawTally(state.tally);
}

/**
 * Lists the names, when asked for, each with a button to remove that
 * pupil; a Remove pressed asks first, in the name's place.
 */
function drawNames() {
  const list = $("names");
  list.hidden = !state.namesShown;
  $("joining").querySelector(".joining").classList.toggle("with-names", state.namesShown);
  if (!state.names.includes(state.removing)) state.removing = null;
  const focused = list.contains(document.activeElement) ? document.activeElement.dataset.name : null;
  // Names are text: each one only ever goes in as textContent.
  list.replaceChildren(...(state.namesShown ? state.names : []).map(nameOf));
  if (focused !== null) {
    const again = [...list.querySelectorAll("button")].find((b) => b.dataset.name === focused);
    again?.focus({ preventScroll: true });
  }
  const toggle = $("names-toggle");
  toggle.textContent = state.namesShown ? "Hide names" : "Show names";
  toggle.setAttribute("aria-pressed", String(state.namesShown));
  fitAddress();
}

/** One name in the list: the name and its ✕, or, once ✕ is pressed, whether to remove it. */
function nameOf(name) {
  const li = document.createElement("li");
  const words = document.createElement("span");
  words.className = "name";
  words.textContent = name;
  const labelled = (label, aria, onClick, className) => {
    const b = button(label, onClick, className);
    b.dataset.name = name;
    if (aria) b.setAttribute("aria-label", aria);
    return b;
  };
  if (state.removing === name) {
    li.className = "removing";
    li.append(words,
      labelled("Remove", `Remove ${name} from the class`, () => remove(name), "danger"),
      labelled("Keep", `Keep ${name}`, () => {
        state.removing = null;
        drawNames();
      }, "keep"));
  } else {
    li.append(words, labelled("✕", `Remove ${name}`, () => {
      state.removing = name;
      drawNames();
      $("names").querySelector("button.danger")?.focus({ preventScroll: true });
    }, "remove"));
  }
  return li;
}

/** Removes the pupil called `name` from the class, as the teacher confirmed. */
async function remove(name) {
  try {
    await post("/api/class/remove", { name }, teacher);
    showError($("joining-error"), null);
    state.names = state.names.filter((n) => n !== name);
  } catch (refused) {
    showError($("joining-error"), refused.message);
  }
  state.removing = null;
  drawNames();
}

// ---- Setting a task ---------------------------------------------------------

const form = $("task-form");

/**
 * Shows the fields of the kind of task and the game chosen. A field
 * hidden is also switched off, so that what it holds is neither checked
 * nor sent: a number left wrong in a field the task does not use never
 * stops the task.
 */
function fields() {
  const kind = form.elements.kind.value;
  const game = form.elements.game.value;
  for (const only of document.querySelectorAll("#setting [data-only]")) {
    only.hidden = only.dataset.only !== kind;
  }
  for (const field of form.querySelectorAll("label[data-not]")) {
    const wrongGame = field.dataset.game && field.dataset.game !== game;
    field.hidden = field.dataset.not === kind || Boolean(wrongGame);
  }
  for (const label of form.querySelectorAll(".fields label")) {
    for (const control of label.querySelectorAll("input, select")) control.disabled = label.hidden;
  }
  // Yes or no has one try: a second would be the other answer.
  const untilRight = form.elements.tries.querySelector("option[value=until-right]");
  untilRight.disabled = kind === "can-you-win";
  if (untilRight.disabled) form.elements.tries.value = "one";
  for (const word of form.querySelectorAll("span[data-game]")) word.hidden = word.dataset.game !== game;
  $("set-task").textContent = kind === "lesson" ? "Start the lesson" : "Set task";
  const chosen = state.lessons.find((l) => l.name === form.elements.lesson.value);
  $("lesson-summary").textContent = chosen?.summary ?? "";
  $("lesson-summary").hidden = kind !== "lesson" || !chosen?.summary;
}

/** The task the form describes, as the server reads it. */
function taskOfForm() {
  const data = new FormData(form);
  const kind = data.get("kind");
  const task = { kind, position: (data.get("position") ?? "").trim(), tries: data.get("tries") };
  if (data.get("game") === "chomp") {
    task.game = "chomp";
  } else {
    task.normal = data.get("normal") === "1";
    const take = (data.get("take") ?? "").trim();
    if (take) task.take = take;
    const rows = Number(data.get("rows_per_move"));
    if (rows > 1) task.rows_per_move = rows;
  }
  if (kind === "game") {
    task.level = data.get("level");
    task.first = data.get("first");
  }
  return task;
}

async function submitted(event) {
  event.preventDefault();
  // The form is checked here rather than by the browser, whose bubble
  // goes unseen on a projector: the first field that cannot be sent is
  // named in the error line, which no earlier error outlives.
  const wrong = [...form.elements].find((control) => control.willValidate && !control.checkValidity());
  if (wrong) {
    const label = wrong.closest("label")?.innerText.trim();
    showError($("setting-error"), label ? `${label}: ${wrong.validationMessage}` : wrong.validationMessage);
    wrong.focus();
    return;
  }
  if (form.elements.kind.value === "lesson") {
    await startLesson(form.elements.lesson.value);
  } else if (await setTask(taskOfForm(), $("setting-error"))) {
    show("task");
    $("close-reveal").focus({ preventScroll: true });
  }
}

/** Sets `task` for the class; says whether the server took it, else says why in `error`. */
async function setTask(task, error) {
  try {
    const set = await post("/api/class/task", task, teacher);
    showError(error, null);
    await current(set.id);
    return true;
  } catch (refused) {
    showError(error, refused.message);
    return false;
  }
}

/** Reads the task now set, unless it is the one with id `id` already shown. */
async function current(id = null) {
  if (id !== null && state.task?.id === id) return;
  const now = await get("/api/class/task", {}, teacher);
  taskNow(now.task);
}

/** Lists the bundled lessons in the form. */
async function listLessons() {
  try {
    const reply = await get("/page/lessons", {}, teacher);
    state.lessons = reply.lessons;
    $("lesson-choice").replaceChildren(...reply.lessons.map((l) => {
      const option = document.createElement("option");
      option.value = l.name;
      option.textContent = l.title;
      return option;
    }));
    fields();
  } catch (refused) {
    showError($("setting-error"), refused.message);
  }
}

// ---- The task and its tally ---------------------------------------------------

/** Shows the task the server says is set now (or none). */
function taskNow(task) {
  const before = state.task;
  state.task = task;
  $("tab-task").hidden = !task;
  if (!task) return;
  const fresh = before?.id !== task.id;
  if (fresh) {
    state.tally = null;
    // A new task starts with its moves hidden, whatever the last one showed.
    if (before) state.movesShown = false;
    drawTask(task);
    tallyNow();
  }
  drawOpen(task);
  // Closed: the moves show.
  if (!fresh && state.tally) drawTally(state.tally);
}

/** Draws the task: what it asks, its board as the pupils see it. */
function drawTask(task) {
  $("task-heading").textContent = task.lesson?.title ?? KINDS[task.kind] ?? "";
  $("task-title").textContent = task.title ?? "";
  $("task-ask").textContent = task.question ?? "";
  $("task-ask").hidden = !task.question;
  $("task").classList.remove("revealing");
  const holder = $("task-board");
  holder.innerHTML = task.board?.board ?? "";
  holder.hidden = false;
  $("reveal").hidden = true;
  $("task").querySelector(".stage").classList.remove("revealed");
  state.revealed = null;
  for (const list of ["tally-bars", "tally-moves"]) $(list).replaceChildren();
  $("tally-answered").textContent = "";
  $("tally-hints").textContent = "";
  $("tally-moves-heading").hidden = true;
  $("moves-toggle").hidden = true;
  const fromLesson = task.lesson && task.lesson.name === lesson.name;
  $("lesson-return").hidden = $("lesson-on").hidden = !fromLesson;
  fitBoard();
}

/** Whether the task is open, and what can be done about it. */
function drawOpen(task) {
  $("task-state").textContent = task.open ? "Open: the class is answering." : "Closed.";
  $("close-reveal").disabled = false;
  $("close-reveal").textContent = task.open ? "Close and reveal" : "Reveal";
  $("close-reveal").hidden = state.revealed === task.id;
}

/** How much larger than the server drew it a board may be drawn, largest first. */
const BOARD_SCALES = [3, 2.6, 2.2, 1.9, 1.6, 1.4, 1.2, 1, 0.85, 0.7];

/** Draws the task's board as large as its box on the projector allows. */
function fitBoard() {
  const holder = $("task-board");
  if (holder.hidden || state.view !== "task" || !holder.firstElementChild) return;
  for (const by of BOARD_SCALES) {
    holder.style.fontSize = `${Math.max(1, by * 0.6)}rem`;
    enlarge(holder, by);
    if (holder.scrollHeight <= holder.clientHeight && holder.scrollWidth <= holder.clientWidth) return;
  }
}

/**
 * Asks for the tally of the task now. A tally the stream brings while the
 * answer is on its way is newer: the answer is then dropped, so that an
 * old count never stays on the wall.
 */
async function tallyNow() {
  const heard = state.tallies;
  try {
    const tally = await get("/api/class/tally", {}, teacher);
    if (state.tallies === heard) drawTally(tally);
  } catch (refused) {
    showError($("task-error"), refused.message);
  }
}

/**
 * Draws the tally: answered out of joined; the verdicts (or a game's
 * ends) as bars with their numbers and words; the moves or answers the
 * class chose, most chosen first, with how many chose each, its verdict
 * and, for a mistake, the server's reason; the hints used.
 *
 * The bars give no move away, but the list does, to every pupil who has
 * not answered yet: while the task is open it is hidden unless the
 * teacher asks for it, and it shows once the task is closed.
 */
function drawTally(tally) {
  if (!state.task || tally.task !== state.task.id) return;
  state.tally = tally;
  const joinedNow = Math.max(tally.joined ?? 0, state.joined);
  $("tally-answered").textContent = `${tally.answered} of ${joinedNow} answered`;
  // A yes or a no is right or wrong: no position is lost anyway.
  const verdicts = Object.entries(VERDICTS)
    .filter(([name]) => state.task.kind !== "can-you-win" || name !== "lost-anyway");
  const games = Object.entries(GAMES)
    .filter(([, shown]) => shown.open === undefined || shown.open === Boolean(state.task.open));
  const counts = tally.games
    ? games.map(([name, shown]) => [name, shown, tally.games[name] ?? 0])
    : verdicts.map(([name, shown]) => [name, shown, tally.verdicts?.[name] ?? 0]);
  const most = Math.max(1, joinedNow, ...counts.map(([, , n]) => n));
  $("tally-bars").replaceChildren(...counts.map(([name, shown, n]) => barOf(name, shown, n, most)));
  const chosen = [...(tally.moves?.length ? tally.moves : (tally.answers ?? []))]
    .sort((a, b) => (b.pupils ?? 0) - (a.pupils ?? 0));
  const moves = Boolean(tally.moves?.length);
  const heading = $("tally-moves-heading");
  heading.hidden = chosen.length === 0;
  const open = state.task.open && state.revealed !== state.task.id;
  const hidden = open && !state.movesShown;
  // Hidden, only how many: the moves themselves would give the good one away.
  const named = moves ? "The moves chosen" : "The answers";
  heading.textContent = hidden ? `${named} (${chosen.length})` : named;
  const toggle = $("moves-toggle");
  toggle.hidden = chosen.length === 0 || !open;
  toggle.textContent = state.movesShown ? (moves ? "Hide moves" : "Hide answers") : (moves ? "Show moves" : "Show answers");
  toggle.setAttribute("aria-pressed", String(state.movesShown));
  const list = $("tally-moves");
  list.hidden = hidden;
  list.replaceChildren(...(hidden ? [] : chosen).map(choiceOf));
  // The moves shown take the room the board has, until the reveal needs it.
  $("task").querySelector(".stage").classList.toggle("moves-shown", !hidden && chosen.length > 0);
  $("tally-hints").textContent = tally.hints ? `Hints asked for: ${tally.hints}` : "";
  fitTally();
}

/** The tally's type sizes tried for the moves chosen, in rem, largest first. */
const TALLY_TYPE = [1.15, 1.05, 0.95, 0.875];

/**
 * Lays the moves chosen out so that all of them show in the tally's
 * panel without scrolling wherever they can: one column of the largest
 * type, else two columns, each as large as fits, and then the bars
 * drawn smaller too. Beside a reveal, whose room it is, the list keeps
 * one column.
 */
function fitTally() {
  const box = $("tally");
  const list = $("tally-moves");
  const fits = () => box.scrollHeight <= box.clientHeight;
  // A page of one column (a phone's) grows with its tally instead.
  const grows = getComputedStyle(box).overflowY === "visible";
  // Beside a reveal the tally is narrow: one column, which may scroll.
  const narrow = $("task").querySelector(".stage").classList.contains("revealed");
  const ways = narrow ? [[1, false]] : [[1, false], [2, false], [2, true]];
  for (const [columns, compact] of ways) {
    list.classList.toggle("two-columns", columns === 2);
    box.classList.toggle("compact", compact);
    for (const size of TALLY_TYPE) {
      list.style.fontSize = `max(var(--least), ${size}rem)`;
      if (grows || fits()) return;
    }
  }
}

/** Shows or hides the moves chosen while the task now is open, for this task only. */
function toggleMoves() {
  state.movesShown = !state.movesShown;
  if (state.tally) drawTally(state.tally);
}

/** One bar of the tally: its mark and word, a bar as long as its share, and its number. */
function barOf(name, shown, count, most) {
  const row = document.createElement("div");
  row.className = `bar-row ${name}`;
  const label = document.createElement("span");
  label.className = "bar-label";
  const mark = document.createElement("span");
  mark.className = "mark";
  mark.setAttribute("aria-hidden", "true");
  mark.textContent = shown.mark;
  label.append(mark, shown.word);
  const track = document.createElement("span");
  track.className = "bar-track";
  track.setAttribute("aria-hidden", "true");
  const fill = document.createElement("span");
  fill.className = "bar-fill";
  fill.style.width = `${(100 * count) / most}%`;
  track.append(fill);
  const number = document.createElement("span");
  number.className = "bar-count";
  number.textContent = String(count);
  row.append(label, track, number);
  return row;
}

/**
 * One move (or yes or no) the class chose: how many chose it, its
 * verdict, and for a mistake why, in the few words the server has for
 * the projector (its reason speaks to the pupil who moved).
 */
function choiceOf(chosen) {
  const li = document.createElement("li");
  const verdict = VERDICTS[chosen.verdict];
  li.className = `choice ${chosen.verdict ?? ""}`;
  const what = document.createElement("strong");
  what.className = "what";
  what.textContent = chosen.move ?? chosen.answer ?? "";
  const pupils = document.createElement("span");
  pupils.className = "pupils";
  pupils.textContent = `${chosen.pupils} ${chosen.pupils === 1 ? "pupil" : "pupils"}`;
  const judged = document.createElement("span");
  judged.className = "judged";
  if (verdict) {
    const mark = document.createElement("span");
    mark.className = "mark";
    mark.setAttribute("aria-hidden", "true");
    mark.textContent = verdict.mark;
    judged.append(mark, verdict.word);
  }
  li.append(what, pupils, judged);
  const why = chosen.brief ?? chosen.reason;
  if (why && chosen.verdict !== "good") li.append(paragraph(why, "reason"));
  return li;
}

/** Closes the task (if it is open) and shows the explanation of its position a step at a time. */
async function closeAndReveal() {
  const task = state.task;
  if (!task) return;
  $("close-reveal").disabled = true;
  try {
    // Closing gives the explanation; a task closed before (as before a
    // reload) is explained as the Explain tab does.
    const closed = task.open ? await post("/api/class/close", {}, teacher) : null;
    const explained = closed?.reveal
      ?? await get(task.game === "chomp" ? "/page/chomp/explain" : "/page/explain", explainParams(task), teacher);
    // Another task may have been set meanwhile: its board stays.
    if (state.task?.id !== task.id) return;
    state.revealed = task.id;
    $("task-board").hidden = true;
    $("reveal").hidden = false;
    // The explanation takes the room of the question and the board, and
    // most of the tally's.
    $("task").classList.add("revealing");
    $("task").querySelector(".stage").classList.add("revealed");
    if (closed) state.task = { ...task, open: false };
    if (state.tally) drawTally(state.tally);
    reveal.show(explained);
    showError($("task-error"), null);
    $("reveal-next").focus({ preventScroll: true });
    await current();
  } catch (refused) {
    showError($("task-error"), refused.message);
  } finally {
    $("close-reveal").disabled = false;
    if (state.task) drawOpen(state.task);
  }
}

/** The task's position and rules, as the page's explanation reads them. */
function explainParams(task) {
  if (task.game === "chomp") return { shape: task.position.join(",") };
  return {
    position: task.position.join(" "),
    normal: task.rule === "normal",
    // The takes allowed, as a list the take set is read from ("1,2,3").
    take: task.take ? [task.take].flat().join(",") : "",
    rows_per_move: task.rows_per_move > 1 ? task.rows_per_move : "",
  };
}

/** Downloads the results as a file, the key sent in its header and never in an address. */
async function results() {
  try {
    const csv = await file("/api/class/results.csv", teacher);
    const link = document.createElement("a");
    link.href = URL.createObjectURL(csv);
    link.download = "results.csv";
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  } catch (refused) {
    const error = $(`${state.view}-error`);
    if (error) showError(error, refused.message);
  }
}

// ---- A lesson on the projector ------------------------------------------------

/** Starts the lesson `name` on the projector, from its beginning. */
async function startLesson(name) {
  try {
    await loadLesson(name, 0);
    showError($("setting-error"), null);
    show("lesson");
    $("lesson-next").focus({ preventScroll: true });
  } catch (refused) {
    showError($("setting-error"), refused.message);
  }
}

/** Reads the lesson `name` and puts it at its stop `at`, without setting any question. */
async function loadLesson(name, at) {
  const reply = await get("/page/lesson", { name }, teacher);
  const stops = stopsOf(reply.parts);
  const within = Math.min(Math.max(0, Math.trunc(at) || 0), stops.length - 1);
  Object.assign(lesson, { name, title: reply.title, parts: reply.parts, stops, at: within });
  $("lesson-title").textContent = reply.title;
  $("tab-lesson").hidden = false;
  keepLesson();
}

/** Keeps the lesson and its stop for this tab, so that a reload comes back to it. */
function keepLesson() {
  try {
    sessionStorage.setItem(LESSON_KEPT, JSON.stringify({ name: lesson.name, at: lesson.at }));
  } catch {
    // Not kept: a reload starts the lesson again from the form.
  }
}

/**
 * The lesson this tab stepped through before a reload, at the stop it
 * was at, as it was; nothing is set for the class, which already has
 * its task.
 */
async function lessonKept() {
  let kept = null;
  try {
    kept = JSON.parse(sessionStorage.getItem(LESSON_KEPT) ?? "null");
  } catch {
    return;
  }
  if (typeof kept?.name !== "string") return;
  try {
    await loadLesson(kept.name, kept.at);
  } catch {
    // Gone (or unreachable): the lesson can be set again from the form.
  }
}

/**
 * Where Next stops in a lesson, as the Lessons tab goes: the words up to
 * each pause, each step of an explanation, and each question. A stop
 * shows the parts `from` to `to` of one page, with the explanation at
 * `to` at its step `step`; the last stop is the lesson's end.
 */
function stopsOf(parts) {
  const stops = [];
  let from = 0;
  let shownTo = -1;
  parts.forEach((part, at) => {
    if (part.kind === "pause") {
      if (shownTo < at - 1 && from <= at - 1) stops.push({ from, to: at - 1 });
      from = at + 1;
      shownTo = at;
    } else if (part.kind === "explain") {
      part.steps.forEach((_, step) => stops.push({ from, to: at, step }));
      shownTo = at;
    } else if (part.kind === "question") {
      stops.push({ from, to: at, question: part.number });
      shownTo = at;
    }
  });
  const last = parts.length - 1;
  if (shownTo < last && from <= last) stops.push({ from, to: last });
  stops.push({ from: Math.min(from, last + 1), to: last, end: true });
  return stops;
}

/** Draws the stop the lesson is at; at a question, sets it as the class's task. */
function drawStop() {
  const stop = lesson.stops[lesson.at];
  if (!stop) return;
  const page = $("lesson-page");
  const shown = [];
  for (let at = stop.from; at <= stop.to; at += 1) {
    shown.push(partOf(lesson.parts[at], at === stop.to ? stop.step : undefined));
  }
  if (stop.end) {
    const end = document.createElement("h3");
    end.className = "the-end";
    end.textContent = "The end of the lesson.";
    shown.push(end);
  }
  page.replaceChildren(...shown);
  const last = shown.at(-1);
  if (last) page.scrollTop = Math.max(0, last.offsetTop - page.offsetTop - 8);
  $("lesson-counter").textContent = `${lesson.at + 1} / ${lesson.stops.length}`;
  $("lesson-back").disabled = lesson.at === 0;
  $("lesson-next").disabled = lesson.at === lesson.stops.length - 1;
}

/** One part of a lesson, drawn; an explanation at step `step` (its last, unless said). */
function partOf(part, step) {
  const holder = document.createElement("div");
  holder.className = `part ${part.kind}`;
  if (part.kind === "text" || part.kind === "show") {
    holder.innerHTML = part.html;
    if (part.kind === "show") enlarge(holder, 1.4);
  } else if (part.kind === "explain") {
    const title = document.createElement("h3");
    title.textContent = part.title;
    const at = step ?? part.steps.length - 1;
    const s = document.createElement("div");
    s.className = "step-holder current";
    s.innerHTML = part.steps[at].html;
    enlarge(s, 1.3);
    // Where the lesson is, is said once, under it: the step says its own number.
    holder.append(title, s);
  } else if (part.kind === "question") {
    const heading = document.createElement("h3");
    heading.textContent = part.heading;
    holder.append(heading, paragraph(part.ask, "ask"));
    const board = document.createElement("div");
    board.className = "question-board";
    board.innerHTML = part.board.board;
    enlarge(board, 1.3);
    holder.append(board);
  }
  return holder;
}

/**
 * The lesson's question at the stop it is at, while the class is still
 * answering it as the task; else null.
 */
function openQuestion() {
  const stop = lesson.stops[lesson.at];
  const asked = state.task?.lesson;
  const open = state.task?.open && asked && stop?.question !== undefined
    && asked.name === lesson.name && asked.question === stop.question;
  return open ? state.task : null;
}

/**
 * Goes `by` stops on (or back) in the lesson; a question reached becomes
 * the class's task. Going on past a question the class is still
 * answering closes it first and reveals why, as Close and reveal does,
 * so that the lesson never explains it while pupils can still answer;
 * the next step goes on. The lesson's end closes any task still open.
 */
async function lessonStep(by) {
  // One step at a time: a Next pressed while a question is being set
  // would go past it.
  if (lesson.stepping) return;
  lesson.stepping = true;
  try {
    await stepBy(by);
  } finally {
    lesson.stepping = false;
  }
}

async function stepBy(by) {
  const at = lesson.at + by;
  if (at < 0 || at >= lesson.stops.length) return;
  if (by > 0 && openQuestion()) {
    show("task");
    await closeAndReveal();
    return;
  }
  lesson.at = at;
  keepLesson();
  drawStop();
  const stop = lesson.stops[at];
  if (stop.end && state.task?.open) {
    try {
      await post("/api/class/close", {}, teacher);
      await current();
    } catch (refused) {
      showError($("lesson-error"), refused.message);
    }
  }
  if (stop.question === undefined) return;
  const asked = state.task?.lesson;
  const already = asked && asked.name === lesson.name && asked.question === stop.question;
  // A question answered yes or no has one try: a second would be the other answer.
  const yesNo = lesson.parts[stop.to]?.asks === "can-you-win";
  const tries = yesNo ? "one" : form.elements.tries.value;
  if (already || await setTask({ kind: "lesson", lesson: lesson.name, question: stop.question, tries },
    $("lesson-error"))) {
    show("task");
    $("close-reveal").focus({ preventScroll: true });
  }
}

// ---- Events, keys and buttons -----------------------------------------------------

/** An event of the class. */
function heard(name, data) {
  if (name === "task") taskNow(data.task ?? null);
  else if (name === "pupils") joined(data);
  else if (name === "tally") {
    state.tallies += 1;
    drawTally(data);
  }
}

/** Says how the connection to the class stands. */
function connection(how, words) {
  const line = $("connection");
  if (how === "open") {
    line.textContent = "";
    line.classList.remove("lost");
    // Whatever changed while the stream was away.
    if (state.task) tallyNow();
  } else if (how === "lost") {
    line.textContent = "Connecting again…";
    line.classList.add("lost");
  } else {
    noKey(words);
  }
}

document.addEventListener("keydown", (event) => {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target.closest?.("input, select, textarea, button")) {
    if (!["ArrowLeft", "ArrowRight", "PageUp", "PageDown"].includes(event.key)) return;
    if (event.target.closest("input, select, textarea")) return;
  }
  if (state.view === "task" && !$("reveal").hidden) {
    if (reveal.key(event)) event.preventDefault();
  } else if (state.view === "lesson") {
    if (event.key === "ArrowRight" || event.key === "PageDown") lessonStep(1);
    else if (event.key === "ArrowLeft" || event.key === "PageUp") lessonStep(-1);
    else return;
    event.preventDefault();
  }
});

for (const tab of document.querySelectorAll(".tab")) {
  tab.id = `tab-${tab.dataset.view}`;
  tab.addEventListener("click", () => show(tab.dataset.view));
}
$("names-toggle").addEventListener("click", () => {
  state.namesShown = !state.namesShown;
  drawNames();
});
$("to-setting").addEventListener("click", () => {
  show("setting");
  form.querySelector("input[name=kind]:checked").focus();
});
form.addEventListener("change", fields);
form.addEventListener("submit", submitted);
$("close-reveal").addEventListener("click", closeAndReveal);
$("new-task").addEventListener("click", () => show("setting"));
$("lesson-return").addEventListener("click", () => show("lesson"));
$("lesson-on").addEventListener("click", () => {
  // A question still open is closed and revealed here first.
  if (!openQuestion()) show("lesson");
  lessonStep(1);
});
$("moves-toggle").addEventListener("click", toggleMoves);
$("lesson-back").addEventListener("click", () => lessonStep(-1));
$("lesson-next").addEventListener("click", () => lessonStep(1));
$("results").addEventListener("click", results);
new ResizeObserver(fitBoard).observe($("task-board"));
// The tally fits again when its panel changes, or its list does (as when
// the page's type has loaded and the lines wrap anew).
const tallyResized = new ResizeObserver(fitTally);
tallyResized.observe($("tally"));
tallyResized.observe($("tally-moves"));
new ResizeObserver(fitAddress).observe($("joining").querySelector(".join-words"));
keepReachable($("main"), ".steps, .lesson-page, .tally, .names, .pane");
oneActionPerClick();

/** Opens the class with the key in the address or kept for this tab, or says how to. */
async function open() {
  const key = takeKey();
  teacher["X-Teacher"] = key ?? "";
  me.stream?.stop();
  if (!key) {
    noKey("This page was opened without the class's key.");
    return;
  }
  if (!(await joining())) return;
  $("tabs").hidden = false;
  $("class-line").hidden = false;
  $("results").hidden = false;
  fields();
  listLessons();
  await lessonKept();
  try {
    await current();
  } catch {
    // The events bring the task.
  }
  // Back where it was: the lesson's page, unless its stop is the
  // question the class has as its task, which the task's page shows, as
  // when Next set it.
  const asked = state.task?.lesson;
  const question = lesson.stops[lesson.at]?.question;
  const atTask = asked && asked.name === lesson.name && asked.question === question;
  if (lesson.name && !atTask) show("lesson");
  else show(state.task ? "task" : "joining");
  me.stream = listen("/api/class/events", teacher, heard, connection);
}

// A key pasted into the address of this tab changes only its fragment,
// which loads nothing: it is taken the same way, and the class opened
// with it.
window.addEventListener("hashchange", () => {
  if (/(?:^#|&)key=/.test(location.hash)) open();
});

open();
