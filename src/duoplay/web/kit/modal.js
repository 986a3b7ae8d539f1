// A dialog over the table. While it is open the keyboard stays inside it (Tab wraps around),
// Escape closes it when the table allows, and the table's own keys wait (see keys.js).
// When it closes, the focus goes back to where it was, or where the table says.
import { clearNewsToasts, h } from "../dom.js";
import { t } from "../i18n.js";

const FOCUSABLE = "button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]),"
  + " textarea:not([disabled]), [tabindex]:not([tabindex='-1'])";

// Is any kit dialog on the page? Read from the page itself, so a table taken down with its
// dialog still open leaves nothing behind.
export function modalOpen() {
  return document.querySelector(".kit-modal") !== null;
}

export class Modal {
  // prefix: the table's id prefix; host: the element the dialog is put in (the table's root).
  constructor({ prefix, host }) {
    this.prefix = prefix;
    this.host = host;
    this.current = null;
  }

  get isOpen() {
    return this.current !== null && this.current.element.isConnected;
  }

  // name: the dialog's id is `<prefix>-<name>`, its close button's `<prefix>-<name>-close`.
  // content: the nodes to show (its first heading names the dialog); closeLabel: the button's text;
  // dismissible: whether Escape closes it; focusAfter(): where the focus goes when it closes;
  // onClose(): called when the player closes it; actions: more buttons, put before the close button
  // (the first of them takes the focus: a question's answer).
  show({ name, content, closeLabel = t("Close"), dismissible = true, focusAfter = null, onClose = null, actions = [] }) {
    this.close({ quietly: true });
    const id = `${this.prefix}-${name}`;
    // With answers to choose from, closing is one of them, not the primary button.
    const closeButton = h(actions.length ? "button" : "button.primary",
      { type: "button", id: `${id}-close`, onclick: () => this.close() }, closeLabel);
    // The content scrolls inside the dialog; the close button stays in sight below it.
    const body = h("div.kit-modal-body", {}, h("div.kit-modal-content", {}, content),
      h("div.kit-modal-actions", {}, ...actions, closeButton));
    const element = h("div.kit-modal", { id, role: "dialog", "aria-modal": "true" }, body);
    const heading = body.querySelector("h1, h2, h3");
    if (heading) {
      if (!heading.id) heading.id = `${id}-title`;
      element.setAttribute("aria-labelledby", heading.id);
    }
    const before = document.activeElement;
    const onKey = (event) => this.key(event, dismissible);
    this.current = { element, onKey, onClose, focusAfter: focusAfter || (() => before) };
    document.addEventListener("keydown", onKey, true);
    this.host.append(element);
    clearNewsToasts();
    (actions[0] || closeButton).focus({ preventScroll: true });
  }

  key(event, dismissible) {
    const { element } = this.current || {};
    if (!element || !element.isConnected) {
      this.close({ quietly: true });
      return;
    }
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      if (dismissible) this.close();
    } else if (event.key === "Tab") {
      const stops = [...element.querySelectorAll(FOCUSABLE)];
      if (!stops.length) return;
      const first = stops[0];
      const last = stops[stops.length - 1];
      const inside = element.contains(document.activeElement);
      if (!inside || (event.shiftKey && document.activeElement === first)) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
  }

  // quietly: without onClose and without moving the focus (a new dialog, a new match, the end).
  close({ quietly = false } = {}) {
    if (!this.current) return;
    const { element, onKey, onClose, focusAfter } = this.current;
    this.current = null;
    document.removeEventListener("keydown", onKey, true);
    element.remove();
    if (quietly) return;
    const target = focusAfter();
    if (target && target.isConnected) target.focus({ preventScroll: true });
    if (onClose) onClose();
  }
}
