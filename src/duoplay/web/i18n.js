// UI messages come from gettext catalogs (src/duoplay/i18n/locales/*/LC_MESSAGES/web.po),
// compiled to /static/i18n/<lang>.json. English text is the message id.
export const LANGUAGES = { en: "English", sv: "Svenska" };

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

function fill(text, params) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in params ? String(params[key]) : whole));
}

// t("Seat {n}", {n: 1}): translate, then fill {placeholders}.
export function t(msgid, params) {
  const found = messages[msgid];
  return fill(typeof found === "string" && found ? found : msgid, params);
}

// tn("{n} card", "{n} cards", n, {n}): English and Swedish both use "n != 1".
export function tn(singular, plural, n, params) {
  const found = messages[singular];
  const index = n === 1 ? 0 : 1;
  const text = Array.isArray(found) && found[index] ? found[index] : index === 0 ? singular : plural;
  return fill(text, { n, ...params });
}
