// UI messages come from gettext catalogs (src/duoplay/i18n/locales/*/LC_MESSAGES/web.po),
// compiled to /static/i18n/<lang>.json. English text is the message id.
// Each language by its own name, as the switch shows it.
export const LANGUAGES = { en: "English", es: "Español", fr: "Français", pl: "Polski", sv: "Svenska" };

// Which plural form n takes in each language: Babel's rules, the same as each catalog's Plural-Forms.
const PLURALS = {
  en: (n) => (n === 1 ? 0 : 1),
  es: (n) => (n === 1 ? 0 : 1),
  fr: (n) => (n > 1 ? 1 : 0),
  pl: (n) => (n === 1 ? 0 : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 10 || n % 100 >= 20) ? 1 : 2),
  sv: (n) => (n === 1 ? 0 : 1),
};

let messages = {};
let current = "en";
let listeners = [];

export function language() {
  return current;
}

// The stored choice wins; then the browser's preferred languages; then English.
export function preferredLanguage(stored) {
  if (stored && stored in LANGUAGES) return stored;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (base in LANGUAGES) return base;
  }
  return "en";
}

export async function setLanguage(lang) {
  const wanted = lang in LANGUAGES ? lang : "en";
  let loaded = {};
  try {
    const response = await fetch(`/static/i18n/${wanted}.json`);
    if (response.ok) loaded = (await response.json()).messages || {};
  } catch {
    /* no catalog: fall back to the English ids */
  }
  messages = loaded;
  current = wanted;
  document.documentElement.lang = wanted;
  for (const listener of listeners) listener(wanted);
}

export function onLanguageChange(listener) {
  listeners.push(listener);
  return () => (listeners = listeners.filter((l) => l !== listener));
}

// Python's str.format() as the server's templates use it: {name}, {name!r} (quoted text), {{ and }}.
// A template without parameters is shown as it is, as the server does.
function fill(text, params) {
  if (!params || !Object.keys(params).length) return text;
  return text.replace(/\{\{|\}\}|\{(\w+)(!r)?\}/g, (whole, key, quoted) => {
    if (whole === "{{") return "{";
    if (whole === "}}") return "}";
    if (!(key in params)) return whole;
    const value = params[key];
    return quoted && typeof value === "string" ? `'${value}'` : String(value);
  });
}

// t("Seat {n}", {n: 1}): translate, then fill {placeholders}.
export function t(msgid, params) {
  const found = messages[msgid];
  return fill(typeof found === "string" && found ? found : msgid, params);
}

// tn("{n} card", "{n} cards", n, {n}): the form the current language's plural rule picks
// (Polish has three); without a translation, the English singular or plural.
export function tn(singular, plural, n, params) {
  const found = messages[singular];
  const index = (PLURALS[current] || PLURALS.en)(n);
  const english = n === 1 ? singular : plural;
  const text = Array.isArray(found) && found[index] ? found[index] : english;
  return fill(text, { n, ...params });
}

// A server error as the player reads it: its message id and parameters through the catalog;
// the English text when the server sent no id.
export function errorText(error) {
  const id = error.msg || error.message || error.code || "";
  return t(id, error.params);
}
