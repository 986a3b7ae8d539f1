// DUOS card faces: names in the player's language and pictures, from the bundle build_assets.py writes.
import { h } from "../../dom.js";
import { language, t } from "../../i18n.js";
import { bundleLoader } from "../../kit/bundle.js";

const BUNDLE_URL = "/static/games/duos/assets/cards.json";
let bundle = null;

// Four pair markers; each has a symbol too, so colour is never the only cue.
export const MARKERS = [
  { colour: "red", symbol: "●" },
  { colour: "blue", symbol: "▲" },
  { colour: "green", symbol: "■" },
  { colour: "orange", symbol: "◆" },
];

const fetchBundle = bundleLoader(BUNDLE_URL);

export function loadCards() {
  return fetchBundle().then((data) => {
    bundle = data;
    return data;
  });
}

// Card names follow the interface language when the content has it, else English.
function nameLanguage() {
  const lang = language();
  return bundle && bundle.languages.includes(lang) ? lang : "en";
}

// "fairy-tales/frog-prince" -> "Frog Prince" (or its Swedish, Spanish... name).
export function faceName(id) {
  const face = bundle && bundle.faces[id];
  if (!face) return id.split("/").pop().replace(/-/g, " ");
  return face.names[nameLanguage()] || face.names.en || id;
}

export function categoryName(category) {
  const names = { sport: t("Sport"), "fairy-tales": t("Fairy tales"), things: t("Things"), animals: t("Animals") };
  return names[category] || category;
}

// The picture of a face as inline SVG (the bundle holds our own icon selection, not user input).
export function facePicture(id) {
  const face = bundle && bundle.faces[id];
  const icon = face && bundle.icons[face.icon];
  const holder = h("span.pic", { "aria-hidden": "true" });
  if (icon) {
    holder.innerHTML = `<svg viewBox="0 0 ${icon.width} ${icon.height}" xmlns="http://www.w3.org/2000/svg">${icon.body}</svg>`;
  }
  return holder;
}

// A small picture-and-name chip (the reveal, the log of helps).
export function faceChip(id) {
  return h("span.face-chip", { dataset: { face: id } }, facePicture(id), h("span.face-name", {}, faceName(id)));
}

export function markerBadge(index) {
  const marker = MARKERS[index % MARKERS.length];
  return h("span.marker", { class: `m-${marker.colour}`, "aria-hidden": "true" }, marker.symbol);
}
