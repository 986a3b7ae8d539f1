// The status line: what the table is waiting for, in one sentence, marked when it is this
// player's move; then the page's title starts with ● too, a hint in a background tab.
import { h } from "../dom.js";

const MARK = "● ";

export class TurnStatus {
  // titleHint: mark the page's title (a seated player; not on the replay page).
  constructor({ prefix, titleHint = true }) {
    this.titleHint = titleHint;
    this.baseTitle = document.title;
    this.element = h("p.kit-status", { id: `${prefix}-status`, "aria-live": "polite" });
  }

  set(text, { mine = false } = {}) {
    if (this.element.textContent !== text) this.element.textContent = text;
    this.element.classList.toggle("kit-status-mine", mine);
    if (this.titleHint) document.title = (mine ? MARK : "") + this.baseTitle;
  }

  // Gives the page its title back.
  destroy() {
    if (this.titleHint) document.title = this.baseTitle;
  }
}
