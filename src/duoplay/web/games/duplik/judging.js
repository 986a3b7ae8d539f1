// Judging, criterion by criterion: the criterion read now, the decision at hand (tick or cross the
// drawing you hold, accept or dispute the verdict on yours, vote, break a tie on the drawing shown),
// and every drawing's verdicts so far, live for everyone.
import { h } from "../../dom.js";
import { t, tc } from "../../i18n.js";
import { withKey } from "../../kit/index.js";
import { heldBy } from "./talk.js";

// The criterion being judged, big.
export function currentCriterion(view) {
  const read = view.criteria || [];
  const current = read[read.length - 1];
  if (!current) return null;
  const golden = current.number === view.golden;
  return h("div.duplik-criterion", { id: "duplik-criterion", class: golden ? "golden" : "",
    dataset: { number: current.number, golden: golden ? "1" : "0" } },
  // i18n: {n}: the criterion being judged (1 to 10), out of ten.
  h("span.duplik-crit-no", {}, t("Criterion {n} of 10", { n: current.number })),
  golden ? h("span.duplik-golden", {}, t("★ golden: 3 points")) : null,
  h("p.duplik-crit-text", {}, current.text));
}

// Each decision's buttons carry keys of their own (verdict Y N A, vote V X B, a tie T F O, Enter
// and D on a verdict given): the table's keys click the button showing them, so a key meant for one
// decision never settles another that took its place.
function button(id, text, key, action, act, kind = "") {
  const el = h("button", { type: "button", id, class: kind, onclick: () => act(action) }, text);
  if (!key) return el;
  return key.length === 1 ? withKey(el, key, key.toUpperCase()) : withKey(el, key, tc("key", key));
}

// The buttons of the decision at hand (none when the seat only watches).
export function judgingButtons(view, legal, me, act) {
  const has = (type, holds) => legal.some((a) => a.type === type && (holds === undefined || a.holds === holds));
  const row = h("div.duplik-actions", { id: "duplik-judging-actions" });
  if (has("verdict")) {
    row.append(
      button("duplik-yes", t("✓ Met"), "y", { type: "verdict", holds: true }, act, "duplik-good"),
      button("duplik-no", t("✗ Not met"), "n", { type: "verdict", holds: false }, act, "duplik-bad"),
      button("duplik-ask", t("Ask the other Judges"), "a", { type: "verdict", holds: null }, act));
  } else if (has("vote")) {
    row.append(
      button("duplik-vote-yes", t("✓ Met"), "v", { type: "vote", holds: true }, act, "duplik-good"),
      button("duplik-vote-no", t("✗ Not met"), "x", { type: "vote", holds: false }, act, "duplik-bad"),
      button("duplik-abstain", t("Abstain"), "b", { type: "vote", holds: null }, act));
  } else if (has("decide")) {
    row.append(
      button("duplik-decide-yes", t("✓ Met"), "t", { type: "decide", holds: true }, act, "duplik-good"),
      button("duplik-decide-no", t("✗ Not met"), "f", { type: "decide", holds: false }, act, "duplik-bad"));
    if (has("decide", null)) { // the Portrayer may hand a tie to every player but the author
      row.append(button("duplik-decide-others", t("Leave it to the other players"), "o", { type: "decide", holds: null }, act));
    }
  } else if (has("dispute")) {
    row.append(
      button("duplik-accept", t("Accept"), "Enter", { type: "accept" }, act, "primary"),
      button("duplik-dispute", t("Dispute"), "d", { type: "dispute" }, act, "duplik-bad"));
  }
  return row.childElementCount ? row : null;
}

// Which drawing the seat should look at now: the one whose tie it decides or that it votes on, the
// one it judges, else its own.
export function drawingInFocus(view, me) {
  if (me === null) return null;
  const vote = view.vote;
  if (vote && vote.deciding && vote.decider === me) return vote.artist;
  if (vote && vote.voters.includes(me)) return vote.artist;
  const held = heldBy(view, me);
  if (held !== null && !(String(held) in view.verdicts)) return held;
  if (view.judge_of && String(me) in view.judge_of) return me;
  return held;
}

function mark(holds) {
  if (holds === true) return { text: "✓", cls: "met", label: t("met") };
  if (holds === false) return { text: "✗", cls: "unmet", label: t("not met") };
  return { text: "?", cls: "asked", label: t("asked the other Judges") };
}

// Every Artist's verdicts: the criteria judged so far, then the one being judged now (live).
export function verdictBoard(view, label) {
  const artists = Object.keys(view.judge_of || {}).map(Number).sort((a, b) => a - b);
  if (!artists.length) return null;
  const read = view.criteria || [];
  const results = view.results || [];
  const head = h("tr", {}, h("th", {}, "#"), artists.map((a) => h("th", { dataset: { artist: a } }, label(a))));
  const rows = read.map((c, i) => {
    const now = i === results.length;
    const cells = artists.map((a) => {
      let holds;
      let settled = true;
      if (!now) holds = results[i][String(a)];
      else if (String(a) in view.verdicts) {
        holds = view.verdicts[String(a)];
        settled = (view.settled || []).includes(a);
      } else if ((view.asked || []).includes(a) || (view.vote && view.vote.artist === a)) holds = null;
      else return h("td.waiting", { dataset: { artist: a }, title: t("waiting for the verdict") }, "…");
      const m = mark(holds);
      return h("td", { class: [m.cls, settled ? "" : "open"].filter(Boolean).join(" "), dataset: { artist: a, holds: String(holds) },
        title: m.label }, m.text);
    });
    return h("tr", { class: [now ? "now" : "", c.number === view.golden ? "golden" : ""].filter(Boolean).join(" ") },
      h("th", { title: c.text }, c.number === view.golden ? `★${c.number}` : String(c.number)), cells);
  });
  return h("table.duplik-board", { id: "duplik-board" },
    h("caption", {}, t("Verdicts")), h("thead", {}, head), h("tbody", {}, rows));
}
