// UI messages come from gettext catalogs (src/duoplay/i18n/locales/*/LC_MESSAGES/web.po),
// compiled to /static/i18n/<lang>.json. English text is the message id. The rules every message
// follows (second person for the reader, contexts, lists, comments) are in docs/i18n.md.
// Each language by its own name, as the switch shows it.
export const LANGUAGES = { en: "English", es: "Español", fr: "Français", pl: "Polski", sv: "Svenska" };
// The pseudo-locale: every message wrapped and lengthened, to see untranslated text and tight
// layouts. It is not offered in the switch; choose it with ?lang=qps (remembered like a language).
export const PSEUDO = "qps";
// A message with a context is stored under "context\u0004msgid", as gettext does.
const CONTEXT_GLUE = "\u0004";

// Which plural form n takes in each language: Babel's rules, the same as each catalog's Plural-Forms.
const PLURALS = {
  en: (n) => (n === 1 ? 0 : 1),
  es: (n) => (n === 1 ? 0 : 1),
  fr: (n) => (n > 1 ? 1 : 0),
  pl: (n) => (n === 1 ? 0 : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 10 || n % 100 >= 20) ? 1 : 2),
  sv: (n) => (n === 1 ? 0 : 1),
  qps: (n) => (n === 1 ? 0 : 1),
};
const known = (lang) => lang in LANGUAGES || lang === PSEUDO;

let messages = {};
let current = "en";
let listeners = [];

export function language() {
  return current;
}

// The stored choice wins; then the browser's preferred languages; then English.
export function preferredLanguage(stored) {
  if (stored && known(stored)) return stored;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (base in LANGUAGES) return base;
  }
  return "en";
}

export async function setLanguage(lang) {
  const wanted = known(lang) ? lang : "en";
  let loaded = {};
  try {
    const response = await fetch(`/static/i18n/${wanted}.json`);
    if (response.ok) loaded = (await response.json()).messages || {};
  } catch {
    /* no catalog: fall back to the English ids */
  }
  useCatalog(wanted, loaded);
  document.documentElement.lang = wanted;
  for (const listener of listeners) listener(wanted);
}

// Use these compiled messages for `lang` (setLanguage fetches them; tests hand them over).
export function useCatalog(lang, loaded) {
  messages = loaded || {};
  current = lang;
}

export function onLanguageChange(listener) {
  listeners.push(listener);
  return () => (listeners = listeners.filter((l) => l !== listener));
}

// Python's str.format() as the server's templates use it: {name}, {name!r} (quoted text), {{ and }}.
// A template without parameters is shown as it is, as the server does.
function fill(text, params) {
  if (!params || !Object.keys(params).length) return text;
  const filled = elide(text, params).replace(/\{\{|\}\}|\{(\w+)(!r)?\}/g, (whole, key, quoted) => {
    if (whole === "{{") return "{";
    if (whole === "}}") return "}";
    if (!(key in params)) return whole;
    const value = params[key];
    return quoted && typeof value === "string" ? `'${value}'` : String(value);
  });
  // A list that starts a sentence may start with "you" ("you, Ana and Bo made it too"): capitalized.
  return text.startsWith("{names}") ? filled.charAt(0).toUpperCase() + filled.slice(1) : filled;
}

// French elides "de" and "que" before a vowel: a catalog writes "de {name}" and the name filled in
// decides ("le dessin d’Ana", "les mêmes paires qu’Ana", but "de Bo"). Only player names are elided
// this way; every other word of a French message is the translator's.
const ELIDABLE = /\b([Dd]e|[Qq]ue) \{(name|names|judge|artist|winner)\}/g;
const VOWEL_SOUND = /^[aeiouàâäæéèêëîïôöœùûüh]/i;
function elide(text, params) {
  if (current !== "fr") return text;
  return text.replace(ELIDABLE, (whole, word, key) =>
    (VOWEL_SOUND.test(String(params[key] ?? "")) ? `${word.slice(0, -1)}’{${key}}` : whole));
}

// t("Seat {n}", {n: 1}): translate, then fill {placeholders}.
export function t(msgid, params) {
  const found = messages[msgid];
  return fill(typeof found === "string" && found ? found : msgid, params);
}

// tc("colour of a card", "red"): a message whose English text serves more than one use; the
// context (gettext's msgctxt) tells the uses apart, so each language may word each its own way.
export function tc(context, msgid, params) {
  const found = messages[context + CONTEXT_GLUE + msgid];
  return fill(typeof found === "string" && found ? found : msgid, params);
}

// tn("{n} card", "{n} cards", n, {n}): the form the current language's plural rule picks
// (Polish has three); without a translation, the English singular or plural.
export function tn(singular, plural, n, params) {
  return plural_(messages[singular], singular, plural, n, params);
}

// tnc(context, singular, plural, n, params): tn with a context.
export function tnc(context, singular, plural, n, params) {
  return plural_(messages[context + CONTEXT_GLUE + singular], singular, plural, n, params);
}

function plural_(found, singular, plural, n, params) {
  const index = (PLURALS[current] || PLURALS.en)(n);
  const english = n === 1 ? singular : plural;
  const text = Array.isArray(found) && found[index] ? found[index] : english;
  return fill(text, { n, ...params });
}

// ["Ana", "Bo", "Cy"] -> "Ana, Bo and Cy" in the current language's own way ("Ana, Bo y Cy",
// "Ana, Bo i Cy"). Messages that hold a list also take its length, so verbs can agree.
export function listOf(names) {
  // British English, as the messages are written: "Ana, Bo and Cy".
  const lang = current === PSEUDO || current === "en" ? "en-GB" : current;
  try {
    return new Intl.ListFormat(lang, { style: "long", type: "conjunction" }).format(names.map(String));
  } catch {
    return names.join(", "); // a browser without Intl.ListFormat
  }
}

// Seats as a message about them needs them: whether the reader is one of them, the others' names as
// one list, and how many others there are (every message that holds {names} also takes that count,
// so that its verb can agree). A message that can hold the reader as well takes `withYou(...)`.
export function people(seats, seatName, me) {
  const others = seats.filter((seat) => seat !== me);
  const you = me !== null && me !== undefined && seats.includes(me);
  return { you, names: listOf(others.map(seatName)), n: others.length, others: others.map(seatName) };
}

// The pronoun "you" in a list of people, in the form the message needs: "subject" ("you, Ana and Bo
// vote") or "object" ("for you, Ana and Bo", "met by you, Ana and Bo").
const YOU_IN_A_LIST = {
  subject: () => tc("the reader in a list of people, as its subject", "you"),
  object: () => tc("the reader in a list of people, after a verb or preposition", "you"),
};

// The reader and the others of `people(...)` as one list of the language, "you" inside it ("you, Ana
// and Bo", "tú, Ana y Bo"), never "you and" in front of a list that has its own "and"; with how many
// people it holds (the reader counted), for the message's plural.
export function withYou(who, form = "subject") {
  return { names: listOf([YOU_IN_A_LIST[form](), ...who.others]), n: who.others.length + 1 };
}

const isReader = (seat, me) => me !== null && me !== undefined && seat === me;

// One seat in a message, reader-aware: `you()` (a second-person message of its own) when the seat is
// the reader, else `other(name)`. The catalog's "You" never fills a third-person slot this way
// ("juzga a Tú", "Dessin de Toi" were that bug).
export function bySeat(seat, seatName, me, { you, other }) {
  return isReader(seat, me) ? you() : other(seatName(seat));
}

// A seat's label on its own (a score row, a racer's tag, a file name): "You" for the reader, else the
// name. Never put it in a sentence's slot: sentences go through bySeat.
export function labelOf(seatName, me) {
  return (seat) => (isReader(seat, me) ? t("You") : seatName(seat));
}

// Parameters of the server's refusals that are typed values (a help, a colour, a card of a game):
// the server sends the value's code, and the game's module that knows the value renders it in the
// reader's language. render(value) returns undefined for a value it does not know, which is shown as is.
const refusalParams = {};
export function refusalParam(key, render) {
  refusalParams[key] = render;
}

// A server error as the player reads it: its message id and parameters through the catalog;
// the English text when the server sent no id.
export function errorText(error) {
  const id = error.msg || error.message || error.code || "";
  const params = {};
  for (const [key, value] of Object.entries(error.params || {})) {
    const shown = key in refusalParams ? refusalParams[key](value) : undefined;
    params[key] = shown === undefined ? value : shown;
  }
  return t(id, params);
}
