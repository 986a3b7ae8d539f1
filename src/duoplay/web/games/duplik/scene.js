// The scene card: its picture (an SVG the server renders), its title and its ten criteria, the
// golden one marked. Only the Portrayer gets the card before the reveal.
import { h } from "../../dom.js";
import { t } from "../../i18n.js";

let pictures = 0;

// The server's picture as a node of this page. Its ids (clip paths) get a prefix of their own, so
// two copies of a picture on one page never share an id.
export function scenePicture(svgText, title) {
  pictures += 1;
  const prefix = `duplik-pic${pictures}-`;
  const text = String(svgText || "")
    .replace(/\bid="([^"]+)"/g, (_, id) => `id="${prefix}${id}"`)
    .replace(/url\(#([^)]+)\)/g, (_, id) => `url(#${prefix}${id})`)
    .replace(/href="#([^"]+)"/g, (_, id) => `href="#${prefix}${id}"`);
  const parsed = new DOMParser().parseFromString(text, "image/svg+xml");
  const svg = parsed.documentElement;
  if (!svg || svg.nodeName !== "svg" || parsed.querySelector("parsererror")) {
    return h("div.duplik-picture.duplik-missing", {}, title);
  }
  for (const bad of svg.querySelectorAll("script, foreignObject")) bad.remove();
  const node = document.importNode(svg, true);
  node.removeAttribute("width");
  node.removeAttribute("height");
  node.classList.add("duplik-picture");
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", title);
  return node;
}

// The list of criteria; `golden` is the golden criterion's number (0 before the roll), `upTo` how
// many to show (the ones read so far), `current` the one being judged.
export function criteriaList(criteria, { golden = 0, current = 0, id } = {}) {
  return h("ol.duplik-criteria", { id },
    criteria.map((c, i) => {
      const number = c.number || i + 1;
      const isGolden = number === golden;
      return h("li", { class: [isGolden ? "golden" : "", number === current ? "current" : ""].filter(Boolean).join(" "),
        dataset: { number, golden: isGolden ? "1" : "0" } },
      h("span.duplik-num", {}, String(number)),
      h("span.duplik-crit-text", {}, c.text),
      isGolden ? h("span.duplik-golden", { title: t("The golden criterion: worth 3 points") }, "★") : null);
    }));
}

// The whole card, for the Portrayer.
export function sceneCard(card, golden) {
  return h("section.duplik-card", { id: "duplik-card", dataset: { scene: card.id } },
    scenePicture(card.picture, card.title),
    h("h3.duplik-card-title", {}, card.title),
    criteriaList(card.criteria, { golden }),
    golden ? null : h("p.duplik-note", {}, t("The golden criterion is rolled next.")));
}
