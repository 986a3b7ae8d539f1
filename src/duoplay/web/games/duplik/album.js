// The round as one picture: the scene and every drawing side by side, each under its player's name
// (and its points, at the reveal), drawn on a canvas in the browser and kept as a PNG file, or shared
// through the system's share sheet where the browser offers one (phones, mostly).
import { h } from "../../dom.js";
import { t, tn } from "../../i18n.js";
import { HEIGHT, WIDTH, strokePath } from "./canvas.js";

const CELL_W = 480; // a picture's size in the album (the canvas's 10:7)
const CELL_H = (CELL_W * HEIGHT) / WIDTH;
const GAP = 24;
const LABEL = 46; // the line under a picture
const HEAD = 84; // the round's title above
const COLOURS = { back: "#1f2f37", paper: "#fffdf7", ink: "#1d1a24", text: "#f3f1ee", gold: "#f2b705", soft: "#bcd0d8" };
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

function columnsFor(count) {
  if (count <= 3) return count;
  return count === 4 ? 2 : 3;
}

// The scene's picture (an SVG the server made, with no outside resources) as an image to draw, and
// the address to let go of once it is drawn.
async function sceneImage(svgText) {
  const url = URL.createObjectURL(new Blob([svgText], { type: "image/svg+xml" }));
  const image = new Image(WIDTH, HEIGHT);
  image.src = url;
  try {
    await image.decode();
    return { image, url };
  } catch {
    return { image: null, url }; // a picture that does not draw: the album shows its cell blank
  }
}

// The text cut to `width` pixels, with an ellipsis when it is longer.
function fitted(context, text, width) {
  if (context.measureText(text).width <= width) return text;
  let cut = text;
  while (cut.length > 1 && context.measureText(`${cut}…`).width > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

// reveal: {round, title, picture, drawings: [{artist, strokes}]}; name(seat): a player's name;
// points: each seat's points this round, or null. Resolves to the album as a PNG blob.
export async function albumBlob(reveal, { name, points = null }) {
  const cells = [{ kind: "scene" }, ...reveal.drawings.map((d) => ({ kind: "drawing", drawing: d }))];
  const columns = columnsFor(cells.length);
  const rows = Math.ceil(cells.length / columns);
  const canvas = document.createElement("canvas");
  canvas.width = columns * CELL_W + (columns + 1) * GAP;
  canvas.height = HEAD + rows * (CELL_H + LABEL) + (rows - 1) * GAP + GAP;
  const c = canvas.getContext("2d");
  c.fillStyle = COLOURS.back;
  c.fillRect(0, 0, canvas.width, canvas.height);
  c.textBaseline = "middle";
  c.fillStyle = COLOURS.text;
  c.font = `700 34px ${FONT}`;
  // i18n: {n}: the round's number; {title}: its scene's title.
  c.fillText(fitted(c, t("Round {n}: {title}", { n: reveal.round, title: reveal.title }), canvas.width - 2 * GAP - 150),
    GAP, HEAD / 2);
  c.font = `600 20px ${FONT}`;
  c.fillStyle = COLOURS.soft;
  c.textAlign = "right";
  c.fillText("duoplay · Duplik", canvas.width - GAP, HEAD / 2);
  c.textAlign = "left";
  const scene = await sceneImage(reveal.picture);
  cells.forEach((cell, i) => {
    const x = GAP + (i % columns) * (CELL_W + GAP);
    const y = HEAD + Math.floor(i / columns) * (CELL_H + LABEL + GAP);
    c.fillStyle = COLOURS.paper;
    c.fillRect(x, y, CELL_W, CELL_H);
    let label;
    if (cell.kind === "scene") {
      if (scene.image) c.drawImage(scene.image, x, y, CELL_W, CELL_H);
      c.strokeStyle = COLOURS.gold;
      c.lineWidth = 6;
      c.strokeRect(x - 3, y - 3, CELL_W + 6, CELL_H + 6);
      label = `${t("The scene")} · ${reveal.title}`;
    } else {
      drawStrokes(c, cell.drawing.strokes, x, y);
      const score = points ? points[cell.drawing.artist] : null;
      label = score === null || score === undefined ? name(cell.drawing.artist)
        // i18n: {n}: the points the drawing scored this round.
        : `${name(cell.drawing.artist)} · ${tn("{n} point", "{n} points", score)}`;
    }
    c.fillStyle = COLOURS.text;
    c.font = `600 24px ${FONT}`;
    c.fillText(fitted(c, label, CELL_W), x, y + CELL_H + LABEL / 2 + 2);
  });
  URL.revokeObjectURL(scene.url);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("no PNG"))), "image/png");
  });
}

function drawStrokes(c, strokes, x, y) {
  c.save();
  c.translate(x, y);
  c.scale(CELL_W / WIDTH, CELL_H / HEIGHT);
  c.fillStyle = COLOURS.ink;
  for (const stroke of strokes) {
    const d = strokePath(stroke.points);
    if (d) c.fill(new Path2D(d));
  }
  c.restore();
}

export function albumFileName(round) {
  return `duplik-round${round}-album.png`;
}

function saveFile(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = h("a", { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

function canShareFiles() {
  try {
    return Boolean(navigator.canShare)
      && navigator.canShare({ files: [new File([""], "album.png", { type: "image/png" })] });
  } catch {
    return false;
  }
}

// "Download the album", and "Share the album" where the browser can share a file. idPrefix: the
// buttons' ids are `<idPrefix>-album` and `<idPrefix>-share`.
export function albumButtons(reveal, { name, points = null, idPrefix }) {
  let made = null; // the PNG, made once on the first press
  const album = () => {
    made = made || albumBlob(reveal, { name, points });
    return made;
  };
  const busy = (button, work) => async () => {
    button.disabled = true;
    try {
      await work();
    } catch {
      made = null; // a share sheet closed without sharing, or a canvas that failed: try again later
    } finally {
      button.disabled = false;
    }
  };
  const download = h("button.duplik-album", { type: "button", id: `${idPrefix}-album` }, t("Download the album"));
  download.addEventListener("click", busy(download, async () => saveFile(await album(), albumFileName(reveal.round))));
  if (!canShareFiles()) return [download];
  const share = h("button.duplik-album", { type: "button", id: `${idPrefix}-share` }, t("Share the album"));
  share.addEventListener("click", busy(share, async () => {
    const file = new File([await album()], albumFileName(reveal.round), { type: "image/png" });
    // i18n: {n}: the round's number; {title}: its scene's title.
    await navigator.share({ files: [file], title: t("Round {n}: {title}", { n: reveal.round, title: reveal.title }) });
  }));
  return [download, share];
}
