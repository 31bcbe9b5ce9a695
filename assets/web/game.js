// A game against the computer, as the page shows it, shared by Play and
// Chomp and by a pupil's game in a class: the server's answer drawn (the
// board of sticks or the chocolate bar, what was said, the hints, the
// result and the review), and a move or a bite played, with the computer
// seeming to think before its answer shows. Each caller keeps its game
// and says how to send it; every word drawn is the server's.

import { takeButtons } from "./board.js";
import { paragraph, showSaid, showHints, pause } from "./talk.js";

/** How long the computer seems to think before its move is shown, in ms. */
export const THINKING = 700;
/** How long the computer seems to think before its bite is shown, in ms. */
export const BITE_THINKING = 600;
/** How long the computer's bite stays lit before the bar it leaves, in ms. */
const SHOWING = 700;

/**
 * Draws the server's answer `reply` to a game (what `POST /page/play`
 * gives) into `parts`: `game` (its rules, where it is drawn), `board` (a Board), `buttons`
 * (the take buttons, which call `onTake(n)`), `said`, `hints`, `result`,
 * `review`, and `stage`, marked "over" at the end.
 */
export function drawGame(parts, reply, onTake) {
  if (parts.game) parts.game.textContent = reply.position.game;
  parts.board.show(reply.position.board);
  takeButtons(parts.buttons, reply.over ? [] : reply.position.buttons, onTake);
  showSaid(parts.said, reply.moves);
  showHints(parts.hints, reply.hints);
  parts.stage.classList.toggle("over", reply.over);
  parts.result.hidden = !reply.result;
  parts.result.textContent = reply.result ?? "";
  parts.review.innerHTML = reply.review ?? "";
  if (reply.over) parts.board.lock();
  answerInView(parts);
}

/**
 * Where the screen scrolls (a phone upright), scrolls it so that the
 * last words said, the computer's answer and why, are on the screen with
 * the board: the bar at the top and the settings give way first.
 */
export function answerInView(parts) {
  const last = parts.said.lastElementChild;
  if (!last || !last.checkVisibility()) return;
  const margin = 8;
  const over = last.getBoundingClientRect().bottom + margin - innerHeight;
  const room = parts.board.root.getBoundingClientRect().top - margin;
  if (over > 0 && room > 0) scrollBy(0, Math.min(over, room));
}

/**
 * Draws the server's answer `reply` to a game of Chomp (what `POST
 * /page/chomp/play` gives) into `parts`, as `drawGame` does, the bar on
 * `parts.board` (a ChompBar) fitted by `frame` (see ChompBar.show), and
 * at the end the way it ended and who won.
 */
export function drawBarGame(parts, reply, frame) {
  if (parts.game) parts.game.textContent = reply.game;
  parts.board.show(reply.bar.board, frame ?? "fresh");
  showSaid(parts.said, reply.bites);
  showHints(parts.hints, reply.hints);
  parts.stage.classList.toggle("over", reply.over);
  parts.result.hidden = !reply.over;
  parts.result.replaceChildren();
  if (reply.over) {
    parts.result.append(paragraph(reply.ended, "ended"), paragraph(reply.result, "outcome"));
  }
  parts.review.innerHTML = reply.review ?? "";
  if (reply.over) parts.board.lock();
  answerInView(parts);
}

/**
 * Plays the move (or bite) the drawing shows chosen: it greyed out, the
 * drawing locked, "Thinking…" said in `said`, and `request` (the server's
 * answer to the move) given once the computer has seemed to think for
 * `ms` milliseconds.
 */
export async function thinkOver(drawing, said, request, ms = THINKING) {
  drawing.markTaken();
  drawing.lock();
  said.replaceChildren(paragraph("Thinking…", "thinking"));
  const [reply] = await Promise.all([request, pause(ms)]);
  return reply;
}

/**
 * Lights up on the bar the computer's bite in `reply`, if it made one,
 * says it in `said`, and waits a moment before the bar it leaves is drawn.
 */
export async function showTheirBite(bar, said, reply) {
  const last = reply.bites.at(-1);
  if (last?.side !== "computer") return;
  bar.markBite(last.row, last.column, "theirs");
  showSaid(said, reply.bites);
  await pause(SHOWING);
}
