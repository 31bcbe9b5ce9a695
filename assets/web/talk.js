// The talk beside a game: what the pupil and the computer said at the last
// turn, with why, and the hints asked for. Every word is the server's;
// this only lays the words out, and paces them so the computer seems to
// think before it answers.

/** A paragraph of `text`, of the class `className`. */
export function paragraph(text, className) {
  const p = document.createElement("p");
  p.className = className;
  p.textContent = text;
  return p;
}

/**
 * Shows in `holder` what was said since the pupil's last turn: that turn
 * and the answer to it. `turns` are the server's moves (or bites), each
 * with its `side`, what was `said` and, for the computer's, `why`.
 */
export function showSaid(holder, turns) {
  const from = Math.max(0, turns.findLastIndex((turn) => turn.side === "pupil"));
  holder.replaceChildren();
  for (const turn of turns.slice(from)) {
    holder.append(paragraph(turn.said, `said ${turn.side}`));
    if (turn.why) holder.append(paragraph(`Why: ${turn.why}`, "why"));
  }
}

/** Shows the hints given so far as the items of the list `list`. */
export function showHints(list, hints) {
  list.replaceChildren(...hints.map((hint) => {
    const li = document.createElement("li");
    li.textContent = hint;
    return li;
  }));
}

/** Whether the system was asked for less motion: then nothing waits. */
const calm = window.matchMedia("(prefers-reduced-motion: reduce)");

/**
 * Waits `ms` milliseconds, so the class sees the computer think; at once
 * where the system was asked for less motion.
 */
export function pause(ms) {
  return still(calm.matches ? 0 : ms);
}

/**
 * Waits `ms` milliseconds whatever the system asked for: a board held
 * still so the class can read it is not motion.
 */
export function still(ms) {
  return new Promise((done) => setTimeout(done, ms));
}
