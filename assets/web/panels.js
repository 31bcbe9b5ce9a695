// Panels whose words can outgrow them (what was said beside a board, a
// step, a lesson, a table, a tally): while one scrolls it is a keyboard
// stop, with a name, so its hidden words can be reached without a mouse;
// one that fits is passed by. Shared by the classroom page and the
// class's pages.

/** What to call a panel that has no name of its own. */
const UNNAMED = "What was said";

/**
 * Keeps every panel matching `panels` inside `root` reachable by
 * keyboard while it scrolls, as the page changes and the window is
 * resized.
 */
export function keepReachable(root, panels) {
  const reachable = () => {
    for (const panel of root.querySelectorAll(panels)) {
      const scrolls = panel.scrollHeight > panel.clientHeight + 1
        || panel.scrollWidth > panel.clientWidth + 1;
      if (scrolls && panel.tabIndex < 0) {
        panel.tabIndex = 0;
        if (!panel.hasAttribute("aria-label") && !panel.hasAttribute("aria-labelledby")) {
          panel.setAttribute("role", "region");
          panel.setAttribute("aria-label", UNNAMED);
        }
      } else if (!scrolls && panel.hasAttribute("tabindex") && panel !== document.activeElement) {
        panel.removeAttribute("tabindex");
      }
    }
  };
  new MutationObserver(reachable).observe(root, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: ["hidden", "class", "style", "open"],
  });
  window.addEventListener("resize", reachable);
  reachable();
}
