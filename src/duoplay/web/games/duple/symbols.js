// The eight card symbols, drawn here as small inline SVG (no outside pictures), each with its own
// colour and a distinct shape, so colour is never the only cue. Names are for assistive technology.
import { t, tc } from "../../i18n.js";

const SHAPES = {
  star: '<polygon points="12,2 14.9,8.6 22,9.2 16.6,13.9 18.2,21 12,17.3 5.8,21 7.4,13.9 2,9.2 9.1,8.6"/>',
  moon: '<path d="M15.5 2.5a9.5 9.5 0 1 0 6 16.8A8 8 0 0 1 15.5 2.5z"/>',
  sun: '<circle cx="12" cy="12" r="5"/><g stroke="currentColor" stroke-width="2.2" stroke-linecap="round">'
    + '<path d="M12 1.5v3M12 19.5v3M1.5 12h3M19.5 12h3M4.6 4.6l2.1 2.1M17.3 17.3l2.1 2.1M4.6 19.4l2.1-2.1M17.3 6.7l2.1-2.1"/></g>',
  heart: '<path d="M12 21.3S3 15.4 3 9.3A4.8 4.8 0 0 1 12 6.8a4.8 4.8 0 0 1 9 2.5c0 6.1-9 12-9 12z"/>',
  drop: '<path d="M12 2s7 8.2 7 13.2a7 7 0 0 1-14 0C5 10.2 12 2 12 2z"/>',
  leaf: '<path d="M4 20.5C3.5 10 10 3.5 21 3c-.3 11-6.8 17.5-17 17.5z"/>'
    + '<path d="M4.5 20L14 10.5" stroke="#fff" stroke-width="1.4" fill="none" stroke-linecap="round"/>',
  bolt: '<polygon points="14,1.5 4,13.5 11,13.5 9,22.5 20,9.5 13,9.5"/>',
  flower: '<g><circle cx="12" cy="6" r="3.6"/><circle cx="17.7" cy="10.2" r="3.6"/><circle cx="15.5" cy="17" r="3.6"/>'
    + '<circle cx="8.5" cy="17" r="3.6"/><circle cx="6.3" cy="10.2" r="3.6"/></g><circle cx="12" cy="12" r="3" fill="#ffe38a"/>',
};

const NAMES = {
  star: () => t("star"),
  moon: () => t("moon"),
  sun: () => t("sun"),
  heart: () => t("heart"),
  drop: () => t("drop"),
  leaf: () => t("leaf"),
  bolt: () => t("bolt"),
  flower: () => t("flower"),
};

export function symbolName(id) {
  return NAMES[id] ? NAMES[id]() : String(id);
}

// A symbol inside a sentence, as its subject or after a preposition ("the star matches the moon"):
// Spanish and French add their article ("la estrella", "l’étoile"), Swedish its definite form
// ("stjärnan"); Polish keeps the nominative, its sentences are worded for it.
const IN_A_SENTENCE = {
  star: () => tc("symbol in a sentence", "the star"),
  moon: () => tc("symbol in a sentence", "the moon"),
  sun: () => tc("symbol in a sentence", "the sun"),
  heart: () => tc("symbol in a sentence", "the heart"),
  drop: () => tc("symbol in a sentence", "the drop"),
  leaf: () => tc("symbol in a sentence", "the leaf"),
  bolt: () => tc("symbol in a sentence", "the bolt"),
  flower: () => tc("symbol in a sentence", "the flower"),
};

export function symbolInSentence(id) {
  return IN_A_SENTENCE[id] ? IN_A_SENTENCE[id]() : String(id);
}

// <span class="duple-symbol sym-star" role="img" aria-label="star"><svg>...</svg></span>
export function symbolIcon(id, { decorative = false } = {}) {
  const span = document.createElement("span");
  span.className = `duple-symbol sym-${SHAPES[id] ? id : "unknown"}`;
  if (decorative) span.setAttribute("aria-hidden", "true");
  else {
    span.setAttribute("role", "img");
    span.setAttribute("aria-label", symbolName(id));
  }
  span.dataset.symbol = id;
  span.innerHTML = `<svg viewBox="0 0 24 24" fill="currentColor" focusable="false">${SHAPES[id] || '<circle cx="12" cy="12" r="8"/>'}</svg>`;
  return span;
}
