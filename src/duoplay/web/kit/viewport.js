// The visual viewport: the part of the page's window a player sees once an on-screen keyboard (or
// a pinch zoom) has taken its share. A phone's keyboard opens over the lower half of the screen,
// often over the very field it types into; so while a table is in play:
// - `--kit-viewport-height` on the root is the visual viewport's height in px (CSS may size the
//   current decision by it: `max-height: var(--kit-viewport-height, 100dvh)`);
// - when the visual viewport shrinks, the focused text field's form (or the element marked
//   `data-kit-keep-in-view` around it) is scrolled into what is left, with the field's buttons.
let watching = false;

const TYPED = "input:not([type=checkbox]):not([type=radio]):not([type=range]), textarea, [contenteditable='true']";

export function watchViewport() {
  if (watching) return;
  watching = true;
  const screen = window.visualViewport;
  let height = screen ? screen.height : window.innerHeight;
  const measure = () => {
    const now = screen ? screen.height : window.innerHeight;
    document.documentElement.style.setProperty("--kit-viewport-height", `${Math.round(now)}px`);
    if (now < height) keepFieldInView();
    height = now;
  };
  measure();
  (screen || window).addEventListener("resize", measure);
}

// The focused field, with the controls that send it, wholly in the visual viewport.
function keepFieldInView() {
  const field = document.activeElement;
  if (!field || !field.matches || !field.matches(TYPED)) return;
  const around = field.closest("[data-kit-keep-in-view]") || field.closest("form") || field;
  if (!inView(around)) around.scrollIntoView({ block: "nearest" });
  if (!inView(field)) field.scrollIntoView({ block: "nearest" }); // the form is taller than what is left
}

// Below the page's thin bar (page.js), when it shows: what it covers is not in view.
function inView(el) {
  const box = el.getBoundingClientRect();
  const screen = window.visualViewport;
  const bar = document.getElementById("kit-room-bar");
  const covered = bar && bar.getClientRects().length ? bar.getBoundingClientRect().bottom : 0;
  const top = Math.max(screen ? screen.offsetTop : 0, covered);
  const bottom = (screen ? screen.offsetTop + screen.height : window.innerHeight);
  return box.top >= top && box.bottom <= bottom;
}
