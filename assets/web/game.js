// A game of sticks against the computer, as the page shows it, shared by
// Play and by a pupil's game in a class: the server's answer drawn (the
// board, its take buttons, what was said, the hints, the result and the
// review), and a move played, with the computer seeming to think before
// its answer shows. Each caller keeps its game and says how to send it;
// every word drawn is the server's.

import { takeButtons } from "./board.js";
import { paragraph, showSaid, showHints, pause } from "./talk.js";

/** How long the computer seems to think before its move is shown, in ms. */
export const THINKING = 700;

/**
 * Draws the server's answer `reply` to a game (what `POST /page/play`
 * gives) into `parts`: `game` (its rules), `board` (a Board), `buttons`
 * (the take buttons, which call `onTake(n)`), `said`, `hints`, `result`,
 * `review`, and `stage`, marked "over" at the end.
 */
export function drawGame(parts, reply, onTake) {
  parts.game.textContent = reply.position.game;
  parts.board.show(reply.position.board);
  takeButtons(parts.buttons, reply.over ? [] : reply.position.buttons, onTake);
  showSaid(parts.said, reply.moves);
  showHints(parts.hints, reply.hints);
  parts.stage.classList.toggle("over", reply.over);
  parts.result.hidden = !reply.result;
  parts.result.textContent = reply.result ?? "";
  parts.review.innerHTML = reply.review ?? "";
  if (reply.over) parts.board.lock();
}

/**
 * Plays the move the board shows chosen: its sticks greyed out, the board
 * locked, "Thinking…" said in `said`, and `request` (the server's answer
 * to the move) given once the computer has seemed to think.
 */
export async function thinkOver(board, said, request) {
  board.markTaken();
  board.lock();
  said.replaceChildren(paragraph("Thinking…", "thinking"));
  const [reply] = await Promise.all([request, pause(THINKING)]);
  return reply;
}
