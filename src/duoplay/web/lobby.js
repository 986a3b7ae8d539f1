// What a new room asks: a room code typed or pasted, and the house rules as each game declares them
// (the home page's With friends, see newroom.js).
import { h } from "./dom.js";
import { language, t } from "./i18n.js";

const CODE_PATTERN = /^[23456789A-HJ-NP-Z]{6}$/;

// A code, or any link that contains /room/CODE.
export function codeFromInput(text) {
  const value = String(text).trim();
  const linked = value.match(/\/room\/([A-Za-z0-9]+)/);
  const code = (linked ? linked[1] : value).toUpperCase();
  return CODE_PATTERN.test(code) ? code : null;
}

// An option whose choices are languages (its spec says `page_language`) starts on the page's
// language when that is a choice; the room still gets the game's default unless the choice differs.
export function startingSpec(spec) {
  const offered = (spec.choices || []).some((choice) => choice.value === language());
  return spec.page_language && offered ? { ...spec, default: language() } : spec;
}

// The option whose choices are the deck's languages (the letters, the helps: what a game prints), if any.
export function deckSpec(game) {
  return (game.option_specs || []).find((spec) => spec.page_language && spec.kind === "choice") || null;
}

// A room's deck language as its readers read it ("Swedish" in English, "svenska" in Swedish), or null.
export function deckLanguage(game, options) {
  const spec = game && deckSpec(game);
  if (!spec) return null;
  const value = options && spec.name in options ? options[spec.name] : spec.default;
  const choice = (spec.choices || []).find((c) => c.value === value);
  return choice ? t(choice.label) : String(value);
}

// A choice's value as a <select> holds it: text, with null ("none chosen") as the empty string.
const choiceValue = (value) => (value === null ? "" : String(value));

// One house rule as the game declares it (an option spec from /api/games); labels are message ids.
export function optionInput(spec) {
  const id = "opt-" + spec.name;
  const data = { option: spec.name, kind: spec.kind };
  const label = h("label", { for: id }, t(spec.label));
  const help = spec.help ? h("p.hint", { id: id + "-help" }, t(spec.help)) : null;
  const described = help ? id + "-help" : null;
  let input;
  if (spec.kind === "choice") {
    input = h("select", { id, dataset: data, "aria-describedby": described });
    for (const choice of spec.choices || []) {
      const value = choiceValue(choice.value);
      input.append(new Option(t(choice.label), value, false, value === choiceValue(spec.default)));
    }
    return [h("div.option.choice", {}, label, input), help];
  }
  if (spec.seat) {
    // Seats are numbered from 0 in the rules and from 1 on the page, as in the room.
    input = h("select", { id, dataset: data, "aria-describedby": described });
    for (let seat = spec.min ?? 0; seat <= (spec.max ?? 0); seat += 1) {
      // i18n: a seat of the room, counted from 1; {n}: its number.
      const name = t("Seat {n}", { n: seat + 1 });
      input.append(new Option(name, String(seat), false, seat === spec.default));
    }
    return [h("div.option.choice", {}, label, input), help];
  }
  if (spec.kind === "bool") {
    input = h("input", { id, type: "checkbox", checked: Boolean(spec.default), dataset: data,
      "aria-describedby": described });
    return [h("div.option.check", {}, input, label), help];
  }
  if (spec.kind === "int" || spec.kind === "float") {
    input = h("input", { id, type: "number", step: spec.kind === "int" ? 1 : "any", min: spec.min ?? null,
      max: spec.max ?? null, value: String(spec.default), dataset: data, "aria-describedby": described });
  } else {
    // A text option whose default is null is left empty, and an empty box sends null.
    input = h("input", { id, type: "text", value: spec.default === null ? "" : String(spec.default),
      dataset: data, "aria-describedby": described });
  }
  return [h("div.option", {}, label, input), help];
}

function readOption(spec, input) {
  if (spec.kind === "bool") return input.checked;
  if (spec.kind === "choice") {
    const choice = (spec.choices || []).find((c) => choiceValue(c.value) === input.value);
    return choice ? choice.value : spec.default;
  }
  if (spec.kind === "int" || spec.kind === "float") return input.value === "" ? spec.default : Number(input.value);
  return input.value === "" && spec.default === null ? null : input.value;
}

// The options that differ from the game's defaults, each of the type its spec names.
export function readOptions(form, specs) {
  const chosen = {};
  for (const spec of specs) {
    const input = form.querySelector(`[data-option="${CSS.escape(spec.name)}"]`);
    if (!input) continue;
    const value = readOption(spec, input);
    if (value !== spec.default) chosen[spec.name] = value;
  }
  return chosen;
}
