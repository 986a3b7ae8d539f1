// Duplik at the table (the room option `at_the_table`): friends sit together and the Portrayer
// describes aloud. The phones are the scene card and the hourglass (the Portrayer's), the hourglass
// and the canvas, or with drawings on paper the hourglass alone (the Artists'), the judging sheet
// (each Judge ticks or crosses the paper drawing in front of them) and the score sheet.
import { h } from "../../dom.js";
import { t } from "../../i18n.js";
import { criteriaList, scenePicture } from "./scene.js";
import { heldBy } from "./talk.js";

// "off", "canvas" or "paper", from the view's options.
export function tableMode(view) {
  const mode = view.options && view.options.at_the_table;
  return mode === "canvas" || mode === "paper" ? mode : "off";
}

export const spoken = (view) => tableMode(view) !== "off";
export const onPaper = (view) => tableMode(view) === "paper";

// The hourglass, big, for a phone lying on the table beside a sheet of paper.
export class BigClock {
  constructor() {
    this.element = h("div.duplik-big-clock", { id: "duplik-big-clock", role: "timer", "aria-live": "off" });
    this.endsAt = null;
    this.shown = null;
  }

  set(endsAt) {
    this.endsAt = endsAt;
    this.shown = null;
    this.tick();
  }

  tick() {
    if (this.endsAt === null) return;
    const left = Math.max(0, Math.ceil((this.endsAt - performance.now()) / 1000));
    if (left === this.shown) return;
    this.shown = left;
    this.element.textContent = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
    this.element.dataset.seconds = String(left);
    this.element.classList.toggle("low", left <= 10);
  }
}

// The describing phase at the table. `stage` lends its title line, clock, canvas, tools and buttons.
// The Portrayer's phone: the title, "I have said enough", the picture and the ten criteria; no text
// box. An Artist's phone: the canvas and its tools, or with paper the big clock and "Pencil down".
// A typed description (a bot's: it cannot speak) shows above, as online.
export function describingAtTable(stage, { v, me, role }, titleLine) {
  const said = v.description ? stage.reading.element : null;
  if (role === "portrayer") {
    const doing = v.stopped ? h("p.duplik-note", {}, t("You have finished describing."))
      : h("div.duplik-actions", {}, h("p.duplik-note.duplik-aloud", { id: "duplik-aloud" },
        t("Describe the scene aloud: the Artists draw as you speak.")), stage.stopButton);
    stage.brief.replaceChildren(titleLine(v), doing,
      criteriaList(v.card.criteria, { golden: v.golden, id: "duplik-card-criteria" }));
    stage.work.replaceChildren(scenePicture(v.card.picture, v.card.title));
    stage.work.hidden = false;
    return;
  }
  if (role !== "artist") {
    stage.brief.replaceChildren(titleLine(v), said || h("p.duplik-note", {}, t("The Portrayer describes aloud.")));
    stage.work.replaceChildren();
    stage.work.hidden = true;
    return;
  }
  const done = v.done.includes(me);
  const down = done ? h("p.duplik-note", {}, t("Your pencil is down: this drawing is your answer.")) : null;
  if (onPaper(v)) {
    stage.brief.replaceChildren(...[titleLine(v), said,
      h("p.duplik-note.duplik-aloud", { id: "duplik-aloud" },
        t("Listen to the Portrayer and draw on your paper, in silence. Pencils down at zero.")), down].filter(Boolean));
    stage.work.replaceChildren(stage.bigClock.element, h("div.duplik-tools", {}, stage.doneButton));
  } else {
    stage.brief.replaceChildren(...[titleLine(v), said,
      h("p.duplik-note.duplik-aloud", { id: "duplik-aloud" }, t("Listen to the Portrayer and draw, in silence.")),
      down].filter(Boolean));
    stage.work.replaceChildren(stage.pad.element, stage.tools);
  }
  stage.work.hidden = false;
}

// Passing paper drawings: what the Artists do with their sheets.
export function paperPassNote(v, role) {
  if (role === "artist") {
    return h("p.duplik-note", { id: "duplik-paper-note" },
      t("Pencils down. The Portrayer says which way the sheets of paper go."));
  }
  return null;
}

// The judging sheet: which paper drawing to look at for the decision at hand. The drawing itself
// is not on the phone.
export function paperSheetNote(v, me, label) {
  if (me === null) return null;
  const vote = v.vote;
  let text = null;
  if (vote && vote.deciding && vote.decider === me && vote.artist !== me) {
    // i18n: {name}: the Artist (never the reader: nobody decides on their own drawing) whose paper drawing's tied vote the reader decides.
    text = t("Look at the paper drawing by {name} and break the tie.", { name: label(vote.artist) });
  } else if (vote && !vote.deciding && vote.voters.includes(me) && !vote.voted.includes(me)) {
    // i18n: {name}: the Artist (never the reader: an Artist does not vote on their own drawing) whose paper drawing the reader votes on.
    text = t("Look at the paper drawing by {name} and vote.", { name: label(vote.artist) });
  } else {
    const held = heldBy(v, me);
    // i18n: {name}: the Artist (never the reader) whose paper drawing the reader holds and judges.
    if (held !== null) text = t("You hold the paper drawing by {name}: tick or cross it for this criterion.", { name: label(held) });
  }
  return text ? h("p.duplik-note.duplik-sheet-note", { id: "duplik-sheet-note" }, text) : null;
}

// The reveal with paper drawings: the scene, and each player's points this round.
export function paperReveal(v, { label, id }) {
  const points = v.round_scores || [];
  const rows = [...Array(v.seats).keys()].map((seat) => h("tr", { dataset: { seat, points: points[seat] ?? 0 } },
    h("td", {}, seat === v.portrayer ? `✎ ${label(seat)}` : label(seat)), h("td", {}, String(points[seat] ?? 0))));
  return h("section.duplik-reveal.duplik-paper-reveal", { id },
    h("figure.duplik-item.duplik-original", {}, scenePicture(v.card.picture, v.card.title),
      h("figcaption", {}, h("strong", {}, t("The scene")), " ", v.card.title)),
    h("table.duplik-final.duplik-round-points", { id: `${id}-points` },
      h("thead", {}, h("tr", {}, h("th", {}, t("Player")), h("th", {}, t("Points this round")))),
      h("tbody", {}, rows)),
    h("p.duplik-note", {}, t("Compare the paper drawings with the scene.")));
}
