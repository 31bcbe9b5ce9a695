// An explanation from the server, one step at a time, with Back and Next
// (or the arrow keys). Every step is on the page, so a printout has them
// all; the screen shows the current one, as large as it fits.

import { PRINT, fitInto, unfit } from "./fit.js";

export class Steps {
  /**
   * @param {{title: HTMLElement, holder: HTMLElement, counter: HTMLElement,
   *   back: HTMLElement, next: HTMLElement}} parts where the title, the
   *   steps and "2 / 5" are shown, and the buttons that step
   * @param {() => boolean} shown whether the steps are on the screen now,
   *   so worth fitting to it
   * @param {() => void} moved called when Back, Next or a key changes the step
   */
  constructor(parts, shown = () => true, moved = () => {}) {
    this.parts = parts;
    this.shown = shown;
    this.moved = moved;
    this.steps = [];
    this.at = 0;
    parts.back.addEventListener("click", () => this.step(-1));
    parts.next.addEventListener("click", () => this.step(1));
    new ResizeObserver(() => this.refit()).observe(parts.holder);
    PRINT.addEventListener("change", () => this.refit());
  }

  /** Draws the server's explanation, at step `at` or the last one there is. */
  show(reply, at = 0) {
    this.parts.title.textContent = reply.title;
    this.parts.holder.replaceChildren(...reply.steps.map((step) => {
      const holder = document.createElement("div");
      holder.className = "step-holder";
      holder.innerHTML = step.html;
      return holder;
    }));
    this.steps = [...this.parts.holder.children];
    this.go(Math.min(at, this.steps.length - 1));
  }

  /** Shows step `at` (from 0) and only that one. */
  go(at) {
    if (at < 0 || at >= this.steps.length) return;
    this.at = at;
    this.steps.forEach((step, i) => step.classList.toggle("current", i === at));
    this.refit();
    this.parts.counter.textContent = `${at + 1} / ${this.steps.length}`;
    this.parts.back.disabled = at === 0;
    this.parts.next.disabled = at === this.steps.length - 1;
  }

  /** Goes `by` steps on (or back), as the class asks. */
  step(by) {
    const at = this.at;
    this.go(at + by);
    if (this.at !== at) this.moved();
  }

  /** Fits the step shown to the screen; on paper every step is printed, all at the same size. */
  refit() {
    for (const step of this.steps) unfit(step);
    if (!PRINT.matches && this.steps.length > 0 && this.shown()) {
      fitInto(this.parts.holder, this.steps[this.at]);
    }
  }

  /** Steps on with → or Page Down, back with ← or Page Up; says whether the key was one of those. */
  key(event) {
    if (event.key === "ArrowRight" || event.key === "PageDown") this.step(1);
    else if (event.key === "ArrowLeft" || event.key === "PageUp") this.step(-1);
    else return false;
    return true;
  }
}
