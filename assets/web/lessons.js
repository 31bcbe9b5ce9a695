// Lessons: a bundled lesson, part by part. Narration and drawings come up
// to the next pause, an explanation goes one step per "Next", and a
// question waits for the class. Every try at a question is kept here and
// sent again each time, so the server can replay them and answer the last.
// The address names the lesson, the question reached, the tries at it
// and how many times Next was pressed since, so a reload comes back to
// the same page of the lesson, its question answered as far as it was.
// A lesson ends on a page naming the next one.

import * as address from "./address.js";
import { get, post } from "./api.js";
import { Board, takeButtons, showError, button, takeWords } from "./board.js";
import { ChompBar } from "./bar.js";
import { enlarge, keepInside as fitInside } from "./fit.js";
import { paragraph } from "./talk.js";

const $ = (id) => document.getElementById(id);

const lesson = {
  name: null,
  parts: [],
  next: 0, // the part to show next
  paused: false, // the last part shown was a pause: Next starts a new page
  explain: null, // the explanation being stepped through
  question: null, // the question being asked, until it is answered or shown
  asked: null, // the last question shown, answered or not
  ended: false, // the lesson's end is shown
  pressed: 0, // how many times Next was pressed since the start or the last question
};

/** The bundled lessons in teaching order, asked for once. */
let catalogue = null;

/** The bundled lessons, in teaching order, each with its name, title and summary. */
function lessons() {
  catalogue ??= get("/page/lessons").then((reply) => reply.lessons);
  catalogue.catch(() => {
    catalogue = null;
  });
  return catalogue;
}

/** Lists the lessons, the first time Lessons is opened. */
export async function opened() {
  if ($("lesson-items").children.length > 0) return;
  try {
    const reply = { lessons: await lessons() };
    $("lesson-items").replaceChildren(...reply.lessons.map((l) => {
      const li = document.createElement("li");
      const b = button("", () => start(l.name, null, true), "lesson-choice");
      b.dataset.name = l.name;
      const title = document.createElement("strong");
      title.textContent = l.title;
      const summary = document.createElement("span");
      summary.textContent = l.summary ?? "";
      b.append(title, summary);
      li.append(b);
      return li;
    }));
  } catch (refused) {
    showError($("lessons-error"), refused.message);
  }
}

/**
 * Starts the lesson named `name` from its beginning, a new entry in the
 * history when `push`; or, when `to` says, goes on at once to question
 * `to.question` (from 1) with the tries `to.tries` made again, or to the
 * lesson's end (`to.end`).
 */
export async function start(name, to = null, push = false) {
  try {
    const [reply] = await Promise.all([get("/page/lesson", { name }), lessons().catch(() => [])]);
    Object.assign(lesson, {
      name,
      parts: reply.parts,
      next: 0,
      paused: false,
      explain: null,
      question: null,
      asked: null,
      ended: false,
      pressed: 0,
    });
    showError($("lessons-error"), null);
    $("lesson-title").textContent = reply.title;
    $("lesson-page").replaceChildren();
    $("lesson-list").hidden = true;
    $("lesson-run").hidden = false;
    next();
    if (to) await reach(to);
    address.changed("lessons", push);
    if (!$("lesson-next").disabled) $("lesson-next").focus({ preventScroll: true });
  } catch (refused) {
    showError($("lessons-error"), refused.message);
  }
}

/**
 * Goes on through the lesson to question `question` (or its end, when
 * `end`), passing the questions before it, then makes the `tries` at it
 * again, one at a time as the class made them, and presses Next `pressed`
 * times more. Gives up at the lesson's end.
 */
async function reach({ question, tries, end, pressed }) {
  const there = () => end ? lesson.ended : (lesson.asked?.number ?? 0) >= question;
  for (let steps = 0; !there() && !lesson.ended && steps < 10_000; steps += 1) {
    if (lesson.question) lesson.question.close();
    next();
  }
  if (end || (lesson.asked?.number ?? 0) !== question) return;
  for (const attempt of lesson.asked ? tries : []) {
    if (!(await lesson.asked.tryThis(attempt))) break;
  }
  for (let n = 0; n < pressed && !lesson.question && !lesson.ended; n += 1) {
    lesson.pressed += 1;
    next();
  }
}

/** Goes on: the next step of an explanation, or the parts up to a stop. */
function next() {
  if (lesson.question) return;
  if (lesson.explain && lesson.explain.at < lesson.explain.steps.length - 1) {
    lesson.explain.go(lesson.explain.at + 1);
    enable();
    return;
  }
  lesson.explain = null;
  const page = $("lesson-page");
  if (lesson.paused) {
    page.replaceChildren();
    lesson.paused = false;
  }
  for (const done of page.querySelectorAll(".question")) done.classList.add("done");
  let first = null;
  while (lesson.next < lesson.parts.length) {
    const part = lesson.parts[lesson.next++];
    if (part.kind === "pause") {
      lesson.paused = true;
      break;
    }
    const shown = show(part);
    first ??= shown;
    page.append(shown);
    if (part.kind === "explain" || part.kind === "question") break;
  }
  if (lesson.next >= lesson.parts.length && !lesson.question && !lesson.explain && !lesson.ended) {
    lesson.ended = true;
    const end = theEnd();
    page.append(end);
    first ??= end;
  }
  keepInside(page);
  if (first) reveal(first, "start");
  // A question is shown whole, even if the words before it scroll away.
  const asked = page.querySelector(".question:not(.done)");
  if (asked) reveal(asked, "nearest");
  enable();
}

/**
 * The lesson's last page: it says the lesson is over and names the next
 * lesson in teaching order, with a button to start it, or says that this
 * was the last one.
 */
function theEnd() {
  const end = document.createElement("div");
  end.className = "the-end";
  const over = document.createElement("h3");
  over.textContent = "The end of the lesson.";
  end.append(over);
  lessons().then((all) => {
    const at = all.findIndex((l) => l.name === lesson.name);
    const following = at >= 0 ? all[at + 1] : undefined;
    if (following) {
      const named = paragraph("", "next-lesson");
      const title = document.createElement("strong");
      title.textContent = following.title;
      named.append("Next lesson: ", title);
      const go = button(`Start the next lesson: ${following.title}`,
        () => start(following.name, null, true), "primary next-lesson-start");
      go.dataset.name = following.name;
      end.append(named, go);
      if (following.summary) end.insertBefore(paragraph(following.summary, "next-summary"), go);
      if (end.isConnected) go.focus({ preventScroll: true });
    } else {
      const all = button("All lessons", () => showList(true), "all-lessons");
      end.append(paragraph("This was the last lesson.", "last-lesson"), all);
      if (end.isConnected) all.focus({ preventScroll: true });
    }
    if (end.isConnected) reveal(end, "nearest");
  }, () => {});
  return end;
}

/** One part of the lesson, drawn. */
function show(part) {
  const holder = document.createElement("div");
  holder.className = `part ${part.kind}`;
  if (part.kind === "text") {
    holder.innerHTML = part.html;
  } else if (part.kind === "show") {
    holder.innerHTML = part.html;
    enlarge(holder, 1.6);
  } else if (part.kind === "explain") {
    lesson.explain = explanation(holder, part);
  } else if (part.kind === "question") {
    lesson.question = asking(holder, part);
    lesson.asked = lesson.question;
    lesson.pressed = 0;
  }
  return holder;
}

/** An explanation inside a lesson, shown a step at a time. */
function explanation(holder, part) {
  const title = document.createElement("h3");
  title.textContent = part.title;
  const counter = document.createElement("p");
  counter.className = "counter";
  holder.append(title, counter);
  const steps = part.steps.map((step) => {
    const s = document.createElement("div");
    s.className = "step-holder";
    s.innerHTML = step.html;
    enlarge(s, 1.4);
    holder.append(s);
    return s;
  });
  const shown = {
    steps,
    at: 0,
    go(at) {
      shown.at = at;
      steps.forEach((s, i) => s.classList.toggle("current", i === at));
      counter.textContent = `${at + 1} / ${steps.length}`;
      if (holder.isConnected) {
        keepInside(steps[at]);
        reveal(steps[at], "nearest");
      }
    },
  };
  shown.go(0);
  return shown;
}

/**
 * A question: its board to click, its buttons, and what is said to tries.
 * A question of Chomp has a chocolate bar instead of sticks, and is
 * answered with a bite.
 */
function asking(holder, part) {
  const q = { number: part.number, tries: [], asks: part.asks, busy: false, moreHints: true };
  const bites = part.asks === "bite";
  const heading = document.createElement("h3");
  heading.textContent = part.heading;
  const ask = document.createElement("p");
  ask.className = "ask";
  ask.textContent = part.ask;
  const boardBox = document.createElement("div");
  boardBox.className = "board";
  const error = document.createElement("p");
  error.className = "error";
  error.setAttribute("role", "alert");
  error.hidden = true;
  const actions = document.createElement("div");
  actions.className = "actions";
  const said = document.createElement("div");
  said.className = "said-log";
  const answer = document.createElement("div");
  answer.className = "answer";
  answer.hidden = true;
  // The board and its buttons on the left, what is said on the right, so
  // both stay on the screen together.
  const left = document.createElement("div");
  left.className = "q-board";
  left.append(heading, ask, boardBox, error, actions);
  const right = document.createElement("div");
  right.className = "q-talk";
  right.append(said, answer);
  holder.append(left, right);

  const takeButton = button("Try", () => tryMove(board.choice()), "primary take");
  takeButton.disabled = true;
  const takes = document.createElement("span");
  takes.className = "take-buttons";
  const yes = button("Yes", () => tryThis({ try: "yes" }), "yes-no primary");
  const no = button("No", () => tryThis({ try: "no" }), "yes-no primary");
  yes.setAttribute("aria-keyshortcuts", "y");
  no.setAttribute("aria-keyshortcuts", "n");
  // At a move question, "no" says that no move wins: right when none does.
  const none = button("No move wins", () => tryThis({ try: "no" }), "none");
  const hint = button("Hint", () => tryThis({ try: "hint" }), "hint-button");
  const showAnswer = button("Show the answer", () => tryThis({ try: "show" }), "reveal");
  actions.append(yes, no, takeButton, takes, none, hint, showAnswer);

  const tryWords = (choice) => bites
    ? `Try: bite row ${choice.row}, column ${choice.column}`
    : `Try: ${takeWords(choice)}`;
  const hooks = {
    onChange: (choice) => {
      takeButton.disabled = !choice || q.busy;
      takeButton.textContent = choice ? tryWords(choice) : "Try";
    },
    onMove: (choice) => tryMove(choice),
  };
  // Finding the groups is the class's work: the sticks open plain.
  const board = bites
    ? new ChompBar(boardBox, hooks)
    : new Board(boardBox, hooks, { plain: true });
  if (bites) boardBox.classList.add("bar-board");
  // Tall enough for the rows, so the sticks (or squares) are drawn large
  // but the question still fits on the screen.
  const tall = bites ? part.board.rows.length * 3 + 5 : part.board.rows.length * 4 + 1;
  boardBox.style.height = `${Math.min(16, Math.max(7, tall))}rem`;
  if (bites) board.show(part.board.board);
  else board.show(part.board.board, { perMove: part.board.rows_per_move });
  takeButtons(takes, part.board.buttons, (n) => {
    const row = board.rows.get(1);
    if (row) board.choose(1, row.length - n + 1);
    tryMove({ row: 1, take: n });
  });


  // A question about who wins is answered Yes or No first: the sticks
  // wait until the server asks for a move.
  const showAsks = () => {
    const yesNo = q.asks === "can-you-win";
    yes.hidden = no.hidden = !yesNo;
    takeButton.hidden = takes.hidden = none.hidden = yesNo;
    if (bites) takes.hidden = none.hidden = true;
    board.lock(yesNo);
    // No sticks are chosen before the yes or no: no fields to choose them.
    if (board.controls) board.controls.hidden = yesNo;
    // Once every hint is given, Hint has nothing more to say.
    hint.disabled = !q.moreHints;
  };
  showAsks();

  function tryMove(choice) {
    if (!choice) return;
    if (bites) tryThis({ try: "bite", row: choice.row, column: choice.column });
    else if (choice.parts?.length > 1) tryThis({ try: "to", to: choice.to });
    else tryThis({ try: "move", row: choice.row, take: choice.take });
  }

  /** Sends one more try; says whether the server answered it. */
  async function tryThis(attempt) {
    if (q.busy || q.finished) return false;
    q.busy = true;
    const tries = [...q.tries, attempt];
    try {
      const reply = await post("/page/lesson/answer", {
        name: lesson.name,
        question: q.number,
        tries,
      });
      q.tries = tries;
      showError(error, null);
      heard(reply);
      address.changed("lessons");
      return true;
    } catch (refused) {
      showError(error, refused.message);
      return false;
    } finally {
      q.busy = false;
      board.clear();
    }
  }

  /** Ends the question unanswered, as when the lesson goes on past it. */
  function close() {
    q.finished = true;
    board.lock();
    for (const b of actions.querySelectorAll("button")) b.disabled = true;
    if (lesson.question === q.shown) lesson.question = null;
    holder.classList.add("done");
  }

  // What the server said to the last try, added under the earlier ones.
  function heard(reply) {
    // The verdict on the last move tried stays, drawing and reason, beside
    // the hints that follow it; only a newer verdict puts it away.
    for (const old of said.children) {
      old.classList.add("old");
      if (reply.said?.html) old.classList.add("superseded");
    }
    if (reply.said) {
      const box = document.createElement("div");
      box.className = `said ${reply.said.kind}`;
      // The verdict on a move first, then the words after it, as the
      // terminal says them.
      if (reply.said.html) {
        const verdict = document.createElement("div");
        verdict.className = "verdict-html follows-groups";
        verdict.innerHTML = reply.said.html;
        box.append(verdict);
      }
      for (const line of reply.said.words ?? []) box.append(paragraph(line, "words"));
      said.append(box);
    }
    q.asks = reply.asks;
    q.moreHints = reply.more_hints ?? true;
    showAsks();
    if (reply.answer) {
      answer.replaceChildren(paragraph(reply.answer.answer, "answer-line"),
        paragraph(reply.answer.words, "answer-words"));
      answer.hidden = false;
    }
    if (reply.settled || reply.answer) {
      q.finished = true;
      board.lock();
      for (const b of actions.querySelectorAll("button")) b.disabled = true;
      lesson.question = null;
      enable();
      $("lesson-next").focus({ preventScroll: true });
    }
    // Show the top of the newest words: the latest answer to a try, or
    // the answer itself when it was asked for, where the lesson's page
    // or the screen has scrolled them out of sight too.
    const newest = reply.said ? said.lastElementChild : answer;
    right.scrollTop = newest.offsetTop;
    if (holder.isConnected) reveal(newest, "nearest", true);
  }

  q.shown = {
    number: q.number,
    tries: () => q.tries,
    tryThis,
    close,
    key(event) {
      const digit = /^\d$/.test(event.key) && takes.querySelector(`button[data-take="${event.key}"]`);
      if (digit && !digit.disabled) digit.click();
      else if (event.key === "y" && !yes.hidden) yes.click();
      else if (event.key === "n" && !no.hidden) no.click();
      else if (event.key === "h") hint.click();
      else return board.pageKey(event, tryMove);
      return true;
    },
  };
  return q.shown;
}

/**
 * Draws smaller the drawings inside `root` that, drawn large, would run
 * past the right edge of the lesson's page, as a long row does on a
 * phone: the page never scrolls sideways.
 */
function keepInside(root) {
  fitInside(root, $("lesson-page").getBoundingClientRect().right - 12);
}

/**
 * Scrolls the lesson's page so that `element` is in view: at the top
 * ("start"), or just enough ("nearest"). With `screen`, where the screen
 * scrolls (as on a phone), it too is scrolled just enough to show the
 * element, or its top when it is taller than the screen.
 */
function reveal(element, where, screen = false) {
  const page = $("lesson-page");
  const top = element.getBoundingClientRect().top - page.getBoundingClientRect().top
    - page.clientTop + page.scrollTop;
  const bottom = top + element.offsetHeight;
  if (where === "start" || bottom - top > page.clientHeight) page.scrollTop = top;
  else if (bottom > page.scrollTop + page.clientHeight) page.scrollTop = bottom - page.clientHeight;
  else if (top < page.scrollTop) page.scrollTop = top;
  if (!screen) return;
  const shown = element.getBoundingClientRect();
  const margin = 8;
  if (shown.bottom > innerHeight - margin) {
    scrollBy(0, Math.min(shown.bottom - innerHeight + margin, shown.top - margin));
  } else if (shown.top < margin) {
    scrollBy(0, shown.top - margin);
  }
}

/** Next can be pressed unless a question waits for the class, or the lesson's end is shown. */
function enable() {
  $("lesson-next").disabled = Boolean(lesson.question) || lesson.ended;
}

/** Keys while Lessons is shown: arrows go on, or choose sticks at a question. */
export function key(event) {
  if ($("lesson-run").hidden) return;
  if (lesson.question) {
    if (lesson.question.key(event)) event.preventDefault();
    return;
  }
  if (event.key === "ArrowRight" || event.key === "PageDown") {
    if (!$("lesson-next").disabled) onward();
    event.preventDefault();
  }
}

/** Shows the list of lessons: a new entry in the history when `push`. */
function showList(push) {
  $("lesson-run").hidden = true;
  $("lesson-list").hidden = false;
  opened();
  address.changed("lessons", push);
}

/**
 * How a try is written in the address: "move.2.2", "to.3.3.3" (the rows a
 * move from several rows leaves), "bite.1.2", "hint", "yes", "no" or "show".
 */
function tryText(attempt) {
  if (attempt.try === "move") return `move.${attempt.row}.${attempt.take}`;
  if (attempt.try === "to") return `to.${attempt.to.join(".")}`;
  if (attempt.try === "bite") return `bite.${attempt.row}.${attempt.column}`;
  return attempt.try;
}

/** The tries written in an address, or null if they cannot be read. */
function triesOf(text) {
  if (text === null || text === "") return [];
  const words = text.split(",");
  if (words.length > 200) return null;
  const tries = [];
  for (const word of words) {
    const found = /^(move|bite)\.(\d{1,6})\.(\d{1,9})$/.exec(word);
    const rows = /^to((\.\d{1,9}){1,40})$/.exec(word);
    if (rows) {
      tries.push({ try: "to", to: rows[1].slice(1).split(".").map(Number) });
    } else if (found) {
      const [, kind, row, other] = found;
      tries.push({ try: kind, row: Number(row), [kind === "move" ? "take" : "column"]: Number(other) });
    } else if (["hint", "yes", "no", "show"].includes(word)) {
      tries.push({ try: word });
    } else {
      return null;
    }
  }
  return tries;
}

/** Whether the lesson shown has come to its end. */
function ended() {
  return lesson.ended && !$("lesson-run").hidden;
}

/** The lesson shown, the question reached and the tries at it, as the address writes them. */
export function where() {
  if ($("lesson-run").hidden || !lesson.name) return {};
  const asked = lesson.asked;
  return {
    lesson: lesson.name,
    question: asked?.number ?? "",
    tries: asked ? asked.tries().map(tryText).join(",") : "",
    next: ended() ? "" : lesson.pressed || "",
    end: ended(),
  };
}

/** Shows the lesson, the question and the tries the address's `fields` name. */
export async function go(fields) {
  const name = fields.get("lesson");
  if (name === null) {
    if (!$("lesson-run").hidden) showList(false);
    else await opened();
    return null;
  }
  const question = address.count(fields.get("question") ?? "0", 9999);
  const tries = triesOf(fields.get("tries"));
  const end = fields.get("end") === "1";
  const pressed = address.count(fields.get("next") ?? "0", 999);
  if (address.write("lessons", where()) === address.write("lessons", Object.fromEntries(fields))) {
    return null;
  }
  if (name.length > 200 || !/^[\w-]+$/.test(name)) {
    showList(false);
    return address.unreadable(["lesson"]);
  }
  await start(name, { question: question ?? 0, tries: tries ?? [], end, pressed: pressed ?? 0 });
  if ($("lesson-run").hidden) {
    await opened();
    return null;
  }
  const bad = [[question, "question"], [tries, "tries"], [pressed, "next"]]
    .filter(([read]) => read === null).map(([, name]) => name);
  return bad.length > 0 ? address.unreadable(bad) : null;
}

/** Goes on, as Next or a key asks, and says so in the address. */
function onward() {
  // Counted first: a question that Next brings counts from nought.
  lesson.pressed += 1;
  next();
  address.changed("lessons");
}

$("lesson-next").addEventListener("click", onward);
$("lesson-restart").addEventListener("click", restart);

/** How long "Start again" waits for the press that makes sure, in ms. */
const SURE_FOR = 6000;
let unsure = null;

/**
 * Starts the lesson again, once asked twice: a first press (a tap that
 * missed the button beside it, say) only asks, and the lesson goes on.
 */
function restart() {
  const b = $("lesson-restart");
  if (b.dataset.sure !== "asking") {
    b.dataset.sure = "asking";
    b.textContent = "Sure? Start again";
    clearTimeout(unsure);
    unsure = setTimeout(calm, SURE_FOR);
    return;
  }
  calm();
  start(lesson.name, null, true);
}

/** "Start again" no longer asks. */
function calm() {
  clearTimeout(unsure);
  const b = $("lesson-restart");
  delete b.dataset.sure;
  b.textContent = "Start again";
}
$("lesson-back").addEventListener("click", () => showList(true));
