// The description: the Portrayer types it, and the text reaches the Artists as it is typed (the
// "text" stream carries the whole text so far). The server keeps the last text at pens down. The
// Portrayer's text is also kept in this browser, so a reload does not lose it, and the server gives
// the text it holds back in the Portrayer's own view (`description`), so a page that joins the seat
// from another device opens with it; it is sent again now and then, so an Artist who reloads gets
// it back within seconds.
import { h } from "../../dom.js";
import { t } from "../../i18n.js";

const STORE = "duoplay.duplik.text.";
const MIN_GAP_MS = 300; // between two stream messages (the server allows 10 a second)
const LONG_GAP_MS = 1000; // once the text is long, so the stream stays within what the server keeps
const RESEND_MS = 5000;
export const MAX_TEXT = 2000;

function load(key) {
  try {
    return localStorage.getItem(STORE + key) || "";
  } catch {
    return "";
  }
}

function save(key, text) {
  try {
    for (let i = localStorage.length - 1; i >= 0; i -= 1) {
      const name = localStorage.key(i);
      if (name && name.startsWith(STORE) && name !== STORE + key) localStorage.removeItem(name);
    }
    localStorage.setItem(STORE + key, text);
  } catch {
    /* storage full or disabled: the text still streams */
  }
}

// The Portrayer's side: a text box. `stream(text)` sends the text so far and says whether it left;
// `fallback(text)` keeps it by an action instead, once the stream will carry no more.
export class Typist {
  constructor({ stream, fallback }) {
    this.stream = stream;
    this.fallback = fallback;
    this.key = null;
    this.sent = "";
    this.lastSend = 0;
    this.timer = null;
    this.resendTimer = null;
    this.streamFull = false;
    this.box = h("textarea.duplik-typing", { id: "duplik-typing", maxlength: MAX_TEXT, rows: 3,
      "aria-label": t("Your description"), placeholder: t("Describe the scene: what is where, how many, how big…"),
      oninput: () => this.changed() });
    this.element = this.box;
  }

  // One round's description; `known` is what the server already has (after a reload, or on another
  // device): the longer of it and what this browser kept is shown, and typing goes on from there.
  open(key, known) {
    if (key === this.key) return;
    this.key = key;
    const stored = load(key);
    this.box.value = stored.length >= known.length ? stored : known;
    this.sent = known;
    this.streamFull = false;
    clearInterval(this.resendTimer);
    this.resendTimer = setInterval(() => this.resend(), RESEND_MS);
    if (this.box.value !== this.sent) this.changed();
  }

  close() {
    this.key = null;
    clearTimeout(this.timer);
    clearInterval(this.resendTimer);
    this.timer = null;
    this.resendTimer = null;
  }

  text() {
    return this.box.value.slice(0, MAX_TEXT);
  }

  changed() {
    if (!this.key) return;
    save(this.key, this.box.value);
    if (this.timer) return;
    const gap = this.text().length > 500 ? LONG_GAP_MS : MIN_GAP_MS;
    const wait = Math.max(0, this.lastSend + gap - performance.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.send();
    }, wait);
  }

  send() {
    const text = this.text();
    if (text === this.sent || !this.key) return;
    this.lastSend = performance.now();
    const left = this.streamFull ? this.fallback(text) : this.stream(text);
    if (left) this.sent = text;
  }

  resend() {
    const text = this.text();
    if (!text || !this.key || this.timer) return;
    this.sent = null; // send again even if unchanged: a reloaded Artist has nothing
    this.send();
  }

  // The server will keep no more on the stream: go on with actions (each kept in the log).
  full() {
    this.streamFull = true;
    this.sent = null;
    this.send();
  }

  // Send what is typed now, before the Portrayer stops.
  flush() {
    clearTimeout(this.timer);
    this.timer = null;
    this.send();
  }

  setEnabled(enabled) {
    this.box.disabled = !enabled;
  }
}

// What the Artists read: the description as it arrives, scrolled to its end.
export class Reading {
  constructor() {
    this.text = "";
    this.fromView = "";
    this.element = h("div.duplik-said", { id: "duplik-said", "aria-live": "polite" });
    this.show();
  }

  // The latest text wins: a stream message, or a new description in the view (a bot types by actions).
  streamed(text) {
    this.text = String(text || "");
    this.show();
  }

  view(description) {
    if (description !== this.fromView) {
      this.fromView = description;
      if (description.length >= this.text.length || !this.text.startsWith(description)) this.text = description;
      this.show();
    }
  }

  reset() {
    this.text = "";
    this.fromView = "";
    this.show();
  }

  show() {
    this.element.textContent = this.text;
    this.element.classList.toggle("empty", !this.text);
    this.element.dataset.placeholder = t("The description appears here as it is typed.");
    this.toEnd();
  }

  // The newest words in sight (also after the box moved, which puts its scroll back to the top).
  toEnd() {
    this.element.scrollTop = this.element.scrollHeight;
  }
}
