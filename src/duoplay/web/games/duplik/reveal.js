// The reveal: the scene beside the round's drawings, one at a time and drawn again stroke by stroke
// (slides.js), with what each met and its points; every drawing can be downloaded as an SVG file and
// the round as one picture (album.js). The big screen shows them all at once, drawn in turn. Each
// reveal is remembered for the match (in this browser), so the end of the game offers every round's
// drawings.
import { h } from "../../dom.js";
import { bySeat, language, people, t, tn, tnc, withYou } from "../../i18n.js";
import { albumButtons } from "./album.js";
import { drawingSvgText, drawingView } from "./canvas.js";
import { Replay } from "./replay.js";
import { scenePicture } from "./scene.js";
import { Slides } from "./slides.js";

export { reactionCame } from "./slides.js";

const STORE = "duoplay.duplik.reveals.";

// Every Artist's drawing, an empty one for an Artist who drew nothing.
function everyDrawing(view) {
  const artists = new Set([...Object.keys(view.judge_of || {}).map(Number), ...view.drawings.map((d) => d.artist)]);
  return [...artists].sort((a, b) => a - b).map((artist) => {
    const found = view.drawings.find((d) => d.artist === artist);
    return { artist, strokes: found ? found.strokes : [] };
  });
}

const STORED_MOST = 1_500_000; // characters kept in localStorage: the canvas's own copy needs room too
const seen = new Map(); // match id -> {round: reveal}, everything this page saw

export function rememberReveal(matchId, view) {
  if (!matchId || !view.card) return;
  const reveals = storedReveals(matchId);
  reveals[view.round] = { round: view.round, title: view.card.title, picture: view.card.picture,
    drawings: everyDrawing(view) };
  seen.set(matchId, reveals);
  try {
    for (let i = localStorage.length - 1; i >= 0; i -= 1) {
      const name = localStorage.key(i);
      if (name && name.startsWith(STORE) && name !== STORE + matchId) localStorage.removeItem(name);
    }
    const kept = { ...reveals };
    let text = JSON.stringify(kept);
    for (const round of Object.keys(kept).map(Number).sort((a, b) => a - b)) {
      if (text.length <= STORED_MOST) break;
      delete kept[round]; // the oldest rounds go first; this page still has them
      text = JSON.stringify(kept);
    }
    localStorage.setItem(STORE + matchId, text);
  } catch {
    /* storage full or disabled: this page still has every reveal it saw */
  }
}

// Every reveal of the match this browser knows: kept before a reload, and seen since.
export function storedReveals(matchId) {
  let stored = {};
  try {
    const data = JSON.parse(localStorage.getItem(STORE + matchId) || "{}");
    if (data && typeof data === "object") stored = data;
  } catch {
    stored = {};
  }
  return { ...stored, ...(seen.get(matchId) || {}) };
}

function fileName(round, who) {
  const safe = String(who).normalize("NFKD").replace(/[^\w-]+/g, "-").replace(/^-+|-+$/g, "").toLowerCase() || "drawing";
  return `duplik-round${round}-${safe}.svg`;
}

function download(text, name, id, label) {
  const link = h("a.duplik-download", { id, download: name, href: "#" }, label);
  link.addEventListener("click", () => {
    const url = URL.createObjectURL(new Blob([text], { type: "image/svg+xml" }));
    link.href = url;
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  });
  return link;
}

function drawingTitle(artist, { seatName, me }) {
  return bySeat(artist, seatName, me, { you: () => t("Your drawing"),
    // i18n: a drawing's title (its picture's label, the downloaded file's title); {name}: its Artist (not the reader).
    other: (name) => t("Drawing by {name}", { name }) });
}

function sceneFigure(reveal) {
  return h("figure.duplik-item.duplik-original", { dataset: { artist: "original" } },
    scenePicture(reveal.picture, reveal.title),
    h("figcaption", {}, h("strong", {}, t("The scene")), " ", reveal.title));
}

// The points a drawing scored and how many criteria it met, as its caption says them.
function score(artist, { points, met }) {
  const n = points ? points[artist] : null;
  return [
    // i18n: {n}: the points the drawing scored this round.
    n === null || n === undefined ? null : h("span.duplik-points", {}, tn("{n} point", "{n} points", n)),
    // i18n: {n}: how many of the ten criteria the drawing met.
    met ? h("span.duplik-met", {}, tn("{n} criterion met", "{n} criteria met", met[artist] || 0)) : null];
}

// One round laid out: the original first, then each drawing with its caption, points and download.
function gallery(reveal, { label, seatName, me, points, met, idPrefix }) {
  const items = [sceneFigure(reveal)];
  items[0].append(download(reveal.picture, fileName(reveal.round, "scene"), `${idPrefix}-download-scene`, t("Download")));
  for (const d of reveal.drawings) {
    const who = label(d.artist);
    const caption = drawingTitle(d.artist, { seatName, me });
    items.push(h("figure.duplik-item", { dataset: { artist: d.artist } },
      drawingView(d.strokes, { label: caption }),
      h("figcaption", {}, h("strong", {}, who), score(d.artist, { points, met })),
      download(drawingSvgText(d.strokes, caption), fileName(reveal.round, who), `${idPrefix}-download-${d.artist}`,
        t("Download"))));
  }
  return h("div.duplik-gallery", {}, items);
}

// What the judging made of the round: each Artist's criteria met, and each seat's points.
function outcomeOf(view) {
  const met = {};
  for (const result of view.results || []) {
    for (const [artist, holds] of Object.entries(result)) met[artist] = (met[artist] || 0) + (holds ? 1 : 0);
  }
  const points = view.round_scores && view.round_scores.length ? view.round_scores : null;
  return { met, points };
}

function portrayerLine(view, { seatName, me, points }) {
  const portrayer = view.portrayer;
  const n = points ? points[portrayer] : 0;
  let line;
  // i18n: {n}: the points the reader scored as Portrayer this round.
  if (portrayer === me) line = tn("As Portrayer you score {n} point", "As Portrayer you score {n} points", n);
  // i18n: {name}: the Portrayer (not the reader); {n}: the points they scored this round.
  else line = tn("{name} scores {n} point as Portrayer", "{name} scores {n} points as Portrayer", n, { name: seatName(portrayer) });
  return h("p.duplik-portrayer-score", {}, line);
}

function roundOf(view) {
  return { round: view.round, title: view.card.title, picture: view.card.picture, drawings: everyDrawing(view) };
}

// Which criteria a drawing met, in their order: ✓ or ✗, the golden one marked.
function ticks(view, artist) {
  const results = view.results || [];
  if (!results.length) return null;
  return h("ol.duplik-ticks", {}, results.map((result, i) => {
    const holds = result[String(artist)] === true;
    const criterion = (view.criteria || [])[i];
    return h("li", { class: [holds ? "met" : "unmet", i + 1 === view.golden ? "golden" : ""].filter(Boolean).join(" "),
      title: criterion ? `${i + 1}. ${criterion.text}` : String(i + 1) }, holds ? "✓" : "✗");
  }));
}

// The scene, every drawing and the round's album to download.
function downloads(reveal, { label, seatName, me, points, idPrefix }) {
  const files = [download(reveal.picture, fileName(reveal.round, "scene"), `${idPrefix}-download-scene`, t("The scene"))];
  for (const d of reveal.drawings) {
    const who = label(d.artist);
    files.push(download(drawingSvgText(d.strokes, drawingTitle(d.artist, { seatName, me })), fileName(reveal.round, who),
      `${idPrefix}-download-${d.artist}`, who));
  }
  return h("div.duplik-downloads", {},
    h("span.duplik-downloads-files", {}, h("span.duplik-downloads-label", {}, t("Download")), files),
    albumButtons(reveal, { name: seatName, points, idPrefix }));
}

const panels = new Map(); // id -> the reveal last built under it, shown again while nothing in it changed

// The reveal of the current round, for everyone: the scene beside one drawing at a time. A seated
// player may react (`react(emote)` sends one). Built again only when something in it changes, so a
// redraw of the table does not start the drawings over.
export function revealPanel(view, { label, seatName, me, id, react: send = null }) {
  const react = me === null || me === undefined ? null : send; // only a seated player reacts
  const reveal = roundOf(view);
  const { met, points } = outcomeOf(view);
  const key = JSON.stringify([view.round, reveal.title, points, view.results, me, language(), Boolean(react),
    seatName(view.portrayer),
    reveal.drawings.map((d) => [d.artist, d.strokes.length, label(d.artist), seatName(d.artist)])]);
  const kept = panels.get(id);
  if (kept && kept.key === key) {
    kept.slides.wake();
    return kept.element;
  }
  const slides = new Slides({ reveal, scene: sceneFigure(reveal), label, react, idPrefix: id,
    caption: {
      title: (d) => drawingTitle(d.artist, { seatName, me }),
      node: (d) => h("figcaption", {}, h("strong.duplik-artist", {}, label(d.artist)), score(d.artist, { points, met }),
        ticks(view, d.artist)),
    } });
  const element = h("section.duplik-reveal.duplik-reveal-slides", { id },
    portrayerLine(view, { seatName, me, points }), slides.element,
    downloads(reveal, { label, seatName, me, points, idPrefix: id }));
  panels.set(id, { key, element, slides });
  return element;
}

// The big screen's reveal: the scene and every drawing at once, each drawn again `step` ms after the
// one before (the screen's CSS brings the items in at the same pace).
export function revealWall(view, { label, seatName, id, step }) {
  const reveal = roundOf(view);
  const { met, points } = outcomeOf(view);
  const element = h("section.duplik-reveal", { id }, portrayerLine(view, { seatName, me: null, points }),
    gallery(reveal, { label, seatName, me: null, points, met, idPrefix: id }));
  reveal.drawings.forEach((d, i) => {
    const svg = element.querySelector(`.duplik-item[data-artist="${d.artist}"] svg`);
    if (!svg) return;
    const replay = new Replay(svg, d.strokes);
    setTimeout(() => replay.play(), (i + 1) * step);
  });
  return element;
}

// Who won, in one sentence for the reader `me` (null: a spectator).
export function winnersLine(outcome, { seatName, me }) {
  const winners = outcome && outcome.winners ? outcome.winners : [];
  const who = people(winners, seatName, me);
  if (winners.length === 1) {
    // i18n: {name}: the winner (another player).
    return who.you ? t("You win!") : t("{name} wins!", { name: seatName(winners[0]) });
  }
  if (who.you) {
    // i18n: {names}: the winners, one list with "you" in it ("you, Ana and Bo"); {n}: how many, the
    // reader counted.
    return tnc("the reader among {names}", "A shared win: {names}", "A shared win: {names}", who.n + 1, withYou(who, "subject"));
  }
  // i18n: {names}: the winners (not the reader), as a list ("Ana and Bo"); {n}: how many.
  return tn("A shared win: {names}", "A shared win: {names}", who.n, { names: who.names });
}

// The end of the game: the winners, the totals and every remembered round's drawings (with drawings
// on paper, every round's scene).
export function gameSummary(view, outcome, { seatName, label, me, matchId, paper = false }) {
  const winners = outcome && outcome.winners ? outcome.winners : [];
  const headline = winnersLine(outcome, { seatName, me });
  const totals = view.totals;
  const order = [...totals.keys()].sort((a, b) => totals[b] - totals[a] || a - b);
  const reveals = Object.values(storedReveals(matchId)).sort((a, b) => a.round - b.round)
    .map((reveal) => (paper ? { ...reveal, drawings: [] } : reveal));
  return h("div.duplik-summary", { id: "duplik-summary" },
    h("h2", {}, t("Game over")),
    h("p.duplik-headline", {}, headline),
    h("table.duplik-final", {},
      h("thead", {}, h("tr", {}, h("th", {}, t("Player")), h("th", {}, t("Points")))),
      h("tbody", {}, order.map((seat) => h("tr", { class: seat === me ? "mine" : "", dataset: { seat, score: totals[seat] } },
        h("td", {}, winners.includes(seat) ? `★ ${label(seat)}` : label(seat)), h("td", {}, String(totals[seat])))))),
    reveals.length ? h("h3", {}, paper ? t("Every round's scene") : t("Every round's drawings")) : null,
    reveals.map((reveal) => h("section.duplik-round", { dataset: { round: reveal.round } },
      // i18n: {n}: the round's number; {title}: its scene's title.
      h("h4", {}, t("Round {n}: {title}", { n: reveal.round, title: reveal.title })),
      gallery(reveal, { label, seatName, me, points: null, met: null, idPrefix: `duplik-r${reveal.round}` }),
      paper ? null : h("div.duplik-downloads", {},
        albumButtons(reveal, { name: seatName, idPrefix: `duplik-r${reveal.round}` })))));
}
