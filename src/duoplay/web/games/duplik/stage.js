// The middle of the table, phase by phase: `brief` holds what to read and the decision at hand,
// `work` what to look at (the scene card, the canvas, a drawing, the reveal). The canvas, the text
// box and the description are built once and moved between phases, so a stroke or a word in
// progress is never lost to a redraw.
import { h } from "../../dom.js";
import { bySeat, t, tc } from "../../i18n.js";
import { withKey } from "../../kit/index.js";
import { drawingView, Sketchpad } from "./canvas.js";
import { Reading, Typist } from "./describe.js";
import { Ink } from "./ink.js";
import { currentCriterion, drawingInFocus, judgingButtons, verdictBoard } from "./judging.js";
import { revealPanel } from "./reveal.js";
import { criteriaList, sceneCard, scenePicture } from "./scene.js";
import { BigClock, describingAtTable, onPaper, paperPassNote, paperReveal, paperSheetNote, spoken, tableMode }
  from "./tablemode.js";

export class Stage {
  // ctx: the table's context (act, stream, matchId); why: the error line, for refusals explained here.
  constructor({ ctx, act, why }) {
    this.ctx = ctx;
    this.act = act;
    this.why = why;
    this.brief = h("div.duplik-brief", { id: "duplik-brief" });
    this.work = h("div.duplik-work", { id: "duplik-work" });
    this.element = h("section.duplik-stage", { id: "duplik-stage" }, this.brief, this.work);
    this.reading = new Reading();
    this.typist = new Typist({
      stream: (text) => ctx.stream("text", { text }),
      fallback: (text) => {
        act({ type: "describe", text });
        return true;
      },
    });
    this.pad = new Sketchpad({ id: "duplik-canvas", label: t("Your drawing"), onStroke: (points) => this.stroke(points) });
    this.ink = new Ink({ send: (data) => ctx.stream("ink", data), changed: () => this.showInk(),
      synced: () => this.pad.synced(this.ink.unsent(), this.ink.kept) });
    this.undoButton = withKey(h("button", { type: "button", id: "duplik-undo", onclick: () => this.undo() }, t("Undo")), "u");
    this.clearButton = h("button", { type: "button", id: "duplik-clear", onclick: () => this.clear() }, t("Clear"));
    this.doneButton = h("button.primary", { type: "button", id: "duplik-done", onclick: () => this.pencilDown() },
      t("Pencil down"));
    this.tools = h("div.duplik-tools", { id: "duplik-tools" }, this.undoButton, this.clearButton, this.doneButton);
    this.stopButton = h("button.primary", { type: "button", id: "duplik-stop", onclick: () => this.stopDescribing() },
      t("I have said enough"));
    this.bigClock = new BigClock(); // at the table with paper: the hourglass, big
    this.drawing = false; // the pad takes ink now
    this.endsAt = null; // when the hourglass runs out, on this page's clock
    this.layout = null;
    this.clock = setInterval(() => this.checkTime(), 250);
  }

  destroy() {
    clearInterval(this.clock);
    this.ink.close();
    this.typist.close();
  }

  // ---- drawing -------------------------------------------------------------------------------

  stroke(points) {
    if (!this.drawing) return;
    if (!this.ink.fits(points.length)) {
      this.why.show(t("Your drawing is full: undo or clear to draw more"));
      return;
    }
    this.ink.add(points);
  }

  undo() {
    if (this.drawing) this.ink.undo();
  }

  clear() {
    if (this.drawing) this.ink.clear();
  }

  showInk() {
    this.pad.show(this.ink.strokes);
    this.undoButton.disabled = !this.drawing || !this.ink.strokes.length;
    this.clearButton.disabled = !this.drawing || !this.ink.strokes.length;
  }

  async pencilDown() {
    this.doneButton.disabled = true;
    await this.ink.drained();
    this.act({ type: "done" });
  }

  stopDescribing() {
    this.typist.flush();
    this.act({ type: "stop" });
  }

  checkTime() {
    this.bigClock.tick();
    if (this.drawing && this.endsAt !== null && performance.now() >= this.endsAt) {
      this.setDrawing(false); // no ink after time is up, even before the server says so
    }
  }

  setDrawing(on) {
    this.drawing = on;
    this.pad.setEnabled(on);
    this.doneButton.disabled = !on;
    this.showInk();
  }

  // ---- rendering -----------------------------------------------------------------------------

  // msg: the state; me: this seat (null: a spectator); label(seat): "You" or a name; seatName(seat).
  render(msg, { me, label, seatName, replay }) {
    const v = msg.view;
    const legal = replay ? [] : msg.legal || [];
    const role = me === null ? "spectator" : me === v.portrayer ? "portrayer" : "artist";
    this.element.dataset.phase = v.phase;
    this.element.dataset.role = role;
    this.element.dataset.table = tableMode(v); // at the table: "canvas" or "paper"
    const deadline = msg.deadline && v.phase === "describe" ? Number(msg.deadline.seconds_left) : null;
    this.endsAt = deadline === null || !Number.isFinite(deadline) ? null : performance.now() + deadline * 1000;
    this.bigClock.set(this.endsAt);
    const args = { v, legal, me, role, label, seatName, replay };
    this.follow(args);
    if (v.phase === "describe") {
      this.describing(args);
      return;
    }
    this.layout = null;
    const brief = [];
    const work = [];
    if (v.title && v.phase !== "reveal") brief.push(titleLine(v));
    if (v.phase === "choose") this.choosing(args, brief);
    else if (v.phase === "roll" || v.phase === "title") this.preparing(args, brief, work);
    else if (v.phase === "pass") this.passing(args, brief, work);
    else if (v.phase === "judge") this.judging(args, brief, work);
    else if (v.phase === "reveal" || v.phase === "over") this.revealing(args, brief, work);
    this.brief.replaceChildren(...brief.filter(Boolean));
    this.work.replaceChildren(...work.filter(Boolean));
    this.work.hidden = !work.filter(Boolean).length;
  }

  // Open or close this round's drawing and description as the phase and the seat say.
  follow({ v, legal, me, role, replay }) {
    const match = this.ctx.matchId ? this.ctx.matchId() : null;
    const key = `${match || "match"}.${v.round}`;
    const artistDrawing = !replay && role === "artist" && v.phase === "describe" && !v.done.includes(me);
    const paper = onPaper(v); // at the table with paper: the drawing is not on the phone
    if (artistDrawing && !paper) this.ink.open(`${key}.${me}`, v.own_strokes);
    else if (this.ink.key === `${key}.${me}` && !replay) this.ink.finish(); // the last strokes may be on their way
    else if (this.ink.key) this.ink.close();
    const typing = !replay && role === "portrayer" && v.phase === "describe" && !v.stopped && !spoken(v);
    if (typing) this.typist.open(key, v.description);
    else if (this.typist.key) this.typist.close();
    if (this.readingRound !== key) {
      this.readingRound = key;
      this.reading.reset();
    }
    this.reading.view(v.description || "");
    const can = legal.some((a) => a.type === "done");
    this.setDrawing(!paper && artistDrawing && can && (this.endsAt === null || performance.now() < this.endsAt));
    if (paper && artistDrawing) this.doneButton.disabled = !can; // pencil down early, on paper too
  }

  describing({ v, legal, me, role }) {
    // At the table a typed description (a bot's) adds the text above; online the layout stays, so the
    // Portrayer's text box keeps its focus.
    const said = spoken(v) && Boolean(v.description);
    const key = `${v.round}.${role}.${v.stopped}.${me !== null && v.done.includes(me)}.${tableMode(v)}.${said}`;
    if (this.layout !== key) {
      this.layout = key;
      if (spoken(v)) describingAtTable(this, { v, me, role }, titleLine);
      else if (role === "portrayer") {
        const typing = v.stopped ? [h("p.duplik-note", {}, t("You have finished describing.")), this.reading.element]
          : [h("div.duplik-typing-row", {}, this.typist.element, this.stopButton)];
        this.brief.replaceChildren(titleLine(v), ...typing,
          criteriaList(v.card.criteria, { golden: v.golden, id: "duplik-card-criteria" }));
        this.work.replaceChildren(scenePicture(v.card.picture, v.card.title));
      } else if (role === "artist") {
        const done = v.done.includes(me);
        this.brief.replaceChildren(...[titleLine(v), this.reading.element,
          done ? h("p.duplik-note", {}, t("Your pencil is down: this drawing is your answer.")) : null].filter(Boolean));
        this.work.replaceChildren(this.pad.element, this.tools);
      } else {
        this.brief.replaceChildren(titleLine(v), this.reading.element);
        this.work.replaceChildren();
      }
      if (!spoken(v)) this.work.hidden = role === "spectator";
      this.reading.toEnd();
    }
    this.stopButton.disabled = !legal.some((a) => a.type === "stop");
    this.typist.setEnabled(legal.some((a) => a.type === "stop"));
    if (role === "artist" && v.done.includes(me) && !onPaper(v)) {
      const own = v.drawings.find((d) => d.artist === me);
      if (own) this.pad.show(own.strokes);
    }
  }

  choosing({ v, legal, label }, brief) {
    if (v.round === 1 && v.rolls.length) brief.push(rollsLine(v, label));
    const chooses = legal.filter((a) => a.type === "choose");
    if (!chooses.length && !legal.some((a) => a.type === "draw_scene")) return;
    const titles = Object.fromEntries(v.offer.map((o) => [o.id, o.title]));
    brief.push(h("p.duplik-note", {}, t("You look through the next three scene cards. Choose one to describe, or draw the top card without looking.")),
      h("div.duplik-offer", { id: "duplik-offer" },
        chooses.map((a, i) => withKey(h("button.duplik-scene-choice", { type: "button", dataset: { scene: a.scene },
          onclick: () => this.act(a) }, titles[a.scene] || a.scene), String(i + 1))),
        withKey(h("button", { type: "button", id: "duplik-draw-scene", onclick: () => this.act({ type: "draw_scene" }) },
          t("Draw one unseen")), "r")));
  }

  preparing({ v, legal, role }, brief, work) {
    if (legal.some((a) => a.type === "roll")) {
      brief.push(h("p.duplik-note", {}, t("One criterion of the card is golden: it is worth 3 points to each Artist who draws it.")),
        withKey(h("button.primary.duplik-big", { type: "button", id: "duplik-roll", onclick: () => this.act({ type: "roll" }) },
          t("Roll the golden die")), "Enter", tc("key", "Enter")));
    }
    if (legal.some((a) => a.type === "start")) {
      brief.push(h("p.duplik-note", {}, t("Read the title to everyone, then turn the hourglass: you describe, they draw.")),
        withKey(h("button.primary.duplik-big", { type: "button", id: "duplik-start", onclick: () => this.act({ type: "start" }) },
          t("Turn the hourglass")), "Enter", tc("key", "Enter")));
    }
    if (v.golden && role !== "portrayer") brief.push(goldenLine(v));
    if (role === "portrayer" && v.card) work.push(sceneCard(v.card, v.golden));
  }

  passing({ v, legal, me, role }, brief, work) {
    if (legal.some((a) => a.type === "pass")) {
      brief.push(h("p.duplik-note", {}, t("Each drawing goes to the next Artist on that side, who judges it.")),
        h("div.duplik-actions", {},
          withKey(h("button.primary", { type: "button", id: "duplik-pass-left", onclick: () => this.act({ type: "pass", direction: "left" }) },
            t("← To the left")), "l"),
          withKey(h("button.primary", { type: "button", id: "duplik-pass-right", onclick: () => this.act({ type: "pass", direction: "right" }) },
            t("To the right →")), "r")));
    }
    if (onPaper(v)) brief.push(paperPassNote(v, role));
    if (role === "portrayer" && v.card) work.push(scenePicture(v.card.picture, v.card.title));
    const own = v.drawings.find((d) => d.artist === me);
    if (role === "artist" && own) work.push(figure(own.strokes, t("Your drawing"), "duplik-own"));
  }

  judging({ v, legal, me, role, label, seatName }, brief, work) {
    brief.push(currentCriterion(v), judgingButtons(v, legal, me, this.act));
    const focus = drawingInFocus(v, me);
    if (role === "artist" && focus === me && String(me) in v.verdicts) {
      const holds = v.verdicts[String(me)];
      brief.push(h("p.duplik-your-verdict", { id: "duplik-your-verdict", dataset: { holds: String(holds) } },
        holds === true ? t("Verdict on your drawing: ✓ met") : holds === false ? t("Verdict on your drawing: ✗ not met")
          : t("Verdict on your drawing: the other Judges decide")));
    }
    if (onPaper(v)) brief.push(paperSheetNote(v, me, label)); // the judging sheet: the drawing is on paper
    brief.push(verdictBoard(v, label));
    const drawing = focus === null || onPaper(v) ? null : judgedFigure(v, focus, { me, seatName });
    if (role === "portrayer" && v.card && drawing) {
      // The Portrayer breaks a tie: the drawing being decided beside the card they hold.
      work.push(h("div.duplik-compare", { id: "duplik-compare" }, drawing,
        h("figure.duplik-figure", {}, scenePicture(v.card.picture, v.card.title), h("figcaption", {}, t("The scene")))));
    } else {
      if (role === "portrayer" && v.card) work.push(scenePicture(v.card.picture, v.card.title));
      work.push(drawing);
    }
  }

  revealing({ v, legal, me, label, seatName }, brief, work) {
    if (v.card && this.onShowReveal) {
      brief.push(h("button", { type: "button", id: "duplik-show-reveal", onclick: () => this.onShowReveal() },
        t("See the reveal")));
    }
    if (legal.some((a) => a.type === "next")) {
      // After the last round the game is over: the button says what comes instead of a round.
      brief.push(withKey(h("button.primary.duplik-big", { type: "button", id: "duplik-next", onclick: () => this.act({ type: "next" }) },
        v.round >= v.rounds ? t("See the final scores") : t("Next round")), "Enter", tc("key", "Enter")));
    }
    if (!v.card) return;
    brief.push(titleLine(v));
    const panel = onPaper(v) ? paperReveal(v, { label, id: "duplik-reveal-stage" })
      : revealPanel(v, { label, seatName, me, id: "duplik-reveal-stage", react: this.ctx.emote });
    work.push(panel, criteriaList(v.criteria.length ? v.criteria : v.card.criteria,
      { golden: v.golden, id: "duplik-reveal-criteria" }));
  }
}

export function titleLine(v) {
  return h("h3.duplik-title", { id: "duplik-title" }, v.title || (v.card && v.card.title) || "",
    v.golden ? h("span.duplik-golden-no", { title: t("The golden criterion: worth 3 points") }, `★ ${v.golden}`) : null);
}

export function goldenLine(v) {
  // i18n: {n}: the number of the golden criterion (1 to 10).
  return h("p.duplik-note", {}, t("Criterion {n} is golden: 3 points to each Artist who draws it.", { n: v.golden }));
}

export function rollsLine(v, label) {
  const last = v.rolls[v.rolls.length - 1];
  const parts = Object.entries(last).map(([seat, roll]) => `${label(Number(seat))} ${roll}`).join(" · ");
  // i18n: {rolls}: each player's die roll ("Ana 5 · Bo 2"); the highest roll portrays first.
  return h("p.duplik-note", { id: "duplik-rolls" }, t("Die rolls for the first Portrayer: {rolls}", { rolls: parts }));
}

// The drawing a seat judges, votes on or decides, named for the reader.
function judgedFigure(v, artist, { me, seatName }) {
  const shown = v.drawings.find((d) => d.artist === artist) || { artist, strokes: [] }; // drew nothing
  const caption = bySeat(artist, seatName, me, { you: () => t("Your drawing"),
    // i18n: the drawing being judged, voted on or decided; {name}: its Artist (not the reader).
    other: (name) => t("Drawing by {name}", { name }) });
  return figure(shown.strokes, caption, "duplik-judged", artist);
}

function figure(strokes, caption, id, artist = null) {
  return h("figure.duplik-figure", { id, dataset: { artist: artist === null ? "" : artist } },
    drawingView(strokes, { label: caption }), h("figcaption", {}, caption));
}
