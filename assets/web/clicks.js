// One click, one action. A double click, or a child's double tap, is two
// clicks, and the second may come after the request of the first has
// come back, so a button that ignores clicks while it waits still acts
// twice: two hints at once, two moves taken back. Every button on the
// classroom page and the class's pages takes only the first click of a
// double click (the browser counts them in `detail`); only the −/+
// steppers, where each click is one stick more or fewer, take every one.
// The keyboard's Enter and Space make clicks of their own, counted apart.

/** Takes only the first click of a double click on every button in `root`. */
export function oneActionPerClick(root = document) {
  root.addEventListener("click", (event) => {
    if (event.detail <= 1) return;
    const pressed = event.target.closest?.("button, summary");
    if (!pressed || pressed.classList.contains("stepper")) return;
    event.stopImmediatePropagation();
    event.preventDefault();
  }, true);
}
