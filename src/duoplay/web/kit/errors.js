// The error line: why the last action was refused, in the player's language; also a toast, since
// the line may be out of sight.
import { h, toast } from "../dom.js";
import { errorText } from "../i18n.js";

export class ErrorLine {
  constructor({ prefix }) {
    this.element = h("p.kit-why", { id: `${prefix}-why`, role: "alert" });
  }

  // error: an error message from the server ({code, msg, params, message}), shown as
  // t(msg || message, params), or a text the table has already translated. Returns the text.
  show(error, { toast: loud = true } = {}) {
    const text = typeof error === "string" ? error : errorText(error);
    this.element.textContent = text;
    if (loud && text) toast(text, "error");
    return text;
  }

  clear() {
    this.element.textContent = "";
  }

  get text() {
    return this.element.textContent;
  }
}
