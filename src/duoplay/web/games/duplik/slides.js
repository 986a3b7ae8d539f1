// The reveal, one drawing at a time: the scene on one side and a drawing on the other, its strokes
// drawn again as its Artist drew them (replay.js), under whose it is, what it scored and which
// criteria it met. It steps on by itself (the replay, then a few seconds to look) and stops at the
// last drawing; everyone steps back and forth, pauses, and reacts with the room's reactions, which
// rise over the drawing on every page watching it.
import { h } from "../../dom.js";
import { emoteBar, emoteLabel, emoteSymbol } from "../../emotes.js";
import { t, tc } from "../../i18n.js";
import { drawingView } from "./canvas.js";
import { Replay, stillMotion } from "./replay.js";

const LOOK_MS = 4000; // a drawing stays this long after its replay, then the next one comes
const STILL_LOOK_MS = 5500; // without motion nothing is drawn first: a little longer to look
const RISING_MS = 3000; // a reaction's time over the drawing
const live = new Set(); // the slides on this page, for the reactions that come

// A player's reaction, from the room: every slides on the page shows it.
export function reactionCame(seat, emote) {
  for (const slides of [...live]) {
    if (slides.element.isConnected) slides.reacted(seat, emote);
    else live.delete(slides); // off the page: wake() puts it back
  }
}

export class Slides {
  // reveal: {round, drawings: [{artist, strokes}]}; scene: the scene's figure; caption: a drawing's
  // title (`title(drawing)`, for screen readers) and caption (`node(drawing)`); label(seat): "You" or
  // a name; react(emote): sends a reaction (null: nobody here may react); idPrefix: begins the ids
  // (`<idPrefix>-slides`, `-prev`, `-next`, `-play`, `-count`, `-reactions`).
  constructor({ reveal, scene, caption, label, react, idPrefix }) {
    this.label = label;
    const id = `${idPrefix}-slides`;
    this.index = 0;
    this.playing = true;
    this.asleep = false;
    this.timer = null;
    this.reactions = 0;
    this.items = reveal.drawings.map((d) => {
      const svg = drawingView(d.strokes, { label: caption.title(d) });
      svg.classList.add("duplik-replay");
      svg.addEventListener("click", () => this.replay()); // once more, please
      const item = h("figure.duplik-item", { dataset: { artist: d.artist } }, svg, caption.node(d));
      item.hidden = true;
      return { item, replay: new Replay(svg, d.strokes, { onDone: () => this.drawn() }) };
    });
    this.layer = h("div.duplik-reactions-layer", { "aria-hidden": "true" });
    this.count = h("span.duplik-step-count", { id: `${idPrefix}-count` });
    this.prev = h("button.duplik-step", { type: "button", id: `${idPrefix}-prev`, onclick: () => this.step(-1) },
      // i18n: the reveal's buttons that step through the drawings, and stop or start it stepping by itself.
      h("span", { "aria-hidden": "true" }, "◀ "), tc("slideshow", "Previous"));
    this.next = h("button.duplik-step", { type: "button", id: `${idPrefix}-next`, onclick: () => this.step(1) },
      tc("slideshow", "Next"), h("span", { "aria-hidden": "true" }, " ▶"));
    this.toggle = h("button.duplik-step", { type: "button", id: `${idPrefix}-play`, onclick: () => this.togglePlay() });
    const steps = h("div.duplik-steps", { role: "group" }, this.prev, this.count, this.toggle, this.next);
    let bar = null;
    if (react) {
      bar = emoteBar((emote) => react(emote));
      bar.id = `${idPrefix}-reactions`;
      bar.hidden = false;
      bar.classList.add("duplik-reactions");
    }
    const drawings = h("div.duplik-slide", {}, ...this.items.map((i) => i.item), this.layer);
    this.element = h("div.duplik-slides", { id, dataset: { count: this.items.length } },
      h("div.duplik-slides-stage", {}, scene, drawings),
      h("div.duplik-slides-controls", {}, steps, bar));
    live.add(this);
    this.show(0);
  }

  get current() {
    return this.items[this.index] || null;
  }

  show(index) {
    clearTimeout(this.timer);
    this.timer = null;
    if (this.current) this.current.replay.drawAll();
    this.index = Math.max(0, Math.min(this.items.length - 1, index));
    this.items.forEach((entry, i) => {
      entry.item.hidden = i !== this.index;
    });
    const shown = this.current;
    this.element.dataset.index = String(this.index);
    this.element.dataset.artist = shown ? shown.item.dataset.artist : "";
    this.count.textContent = this.items.length ? `${this.index + 1} / ${this.items.length}` : "";
    // i18n: the position of the drawing shown at the reveal; {n}: its number; {count}: how many there are.
    this.count.setAttribute("aria-label", t("Drawing {n} of {count}", { n: this.index + 1, count: this.items.length }));
    this.prev.disabled = this.index === 0;
    this.next.disabled = this.index >= this.items.length - 1;
    this.layer.replaceChildren(); // reactions belong to the drawing they were sent at
    this.showPlaying();
    if (shown) shown.replay.play();
  }

  step(by) {
    this.show(this.index + by);
  }

  replay() {
    if (this.current) this.show(this.index);
  }

  togglePlay() {
    this.playing = !this.playing;
    if (this.playing && this.index >= this.items.length - 1) {
      this.show(0); // from the start again
      return;
    }
    this.showPlaying();
    if (this.playing && this.current && this.current.replay.done) this.drawn();
    if (!this.playing) {
      clearTimeout(this.timer);
      this.timer = null;
    }
  }

  showPlaying() {
    this.element.dataset.playing = this.playing ? "1" : "0";
    this.toggle.replaceChildren(h("span", { "aria-hidden": "true" }, this.playing ? "⏸ " : "▶ "),
      this.playing ? tc("slideshow", "Pause") : tc("slideshow", "Play"));
    this.toggle.setAttribute("aria-pressed", String(!this.playing));
  }

  // The drawing shown is whole: after a while to look at it, the next one, unless paused or the last.
  drawn() {
    clearTimeout(this.timer);
    this.timer = null;
    if (!this.playing) return;
    if (this.index >= this.items.length - 1) {
      this.playing = false;
      this.showPlaying();
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.element.isConnected) {
        this.sleep();
        return;
      }
      this.step(1);
    }, stillMotion() ? STILL_LOOK_MS : LOOK_MS);
  }

  // Off the page (a dialog closed, the table moved on): nothing runs until it is shown again.
  sleep() {
    this.asleep = true;
    clearTimeout(this.timer);
    this.timer = null;
    if (this.current) this.current.replay.drawAll();
  }

  // Back on the page (or still there): unless it is paused or busy, the drawing it stopped at is drawn
  // again, and it goes on from there.
  wake() {
    live.add(this);
    this.asleep = false;
    const busy = this.timer !== null || Boolean(this.current && this.current.replay.running);
    if (!busy && this.playing) this.show(this.index);
  }

  reacted(seat, emote) {
    this.reactions += 1;
    this.element.dataset.reactions = String(this.reactions);
    this.element.dataset.reaction = `${seat}:${emote}`;
    const lane = (this.reactions * 37) % 70; // spread out, so a burst does not stack in one place
    const bubble = h("span.duplik-reaction", { dataset: { seat, emote }, style: { left: `${10 + lane}%` } },
      h("span.duplik-reaction-emote", { role: "img", "aria-label": emoteLabel(emote) }, emoteSymbol(emote)),
      h("span.duplik-reaction-who", {}, this.label(seat)));
    this.layer.append(bubble);
    setTimeout(() => bubble.remove(), RISING_MS);
  }
}
