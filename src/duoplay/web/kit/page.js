// The page around a table. While a match is being played a table asks the page to step back
// (`focusTable(true)`): the room's header folds to one line, the room's seat list keeps only your
// own seat (the table shows every player) and toasts move to the top, so that the hand and the
// controls for the current decision fit on a laptop or phone screen without scrolling. The look is
// kit.css (`body.kit-table-focus`); the page needs no code for it.
const FOCUS = "kit-table-focus";

export function focusTable(on) {
  document.body.classList.toggle(FOCUS, Boolean(on));
}
