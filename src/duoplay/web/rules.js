// The "how to play" page of a game (/rules/<game>): the game's own page in the reader's language,
// rendered and escaped by the server (GET /api/rules/<game>), with a link to the full reference.
// Lobby and tables open it in a new tab, so nobody leaves a game to read it.
import { api, clear, h } from "./dom.js";
import { errorText, language, t } from "./i18n.js";

// The address of a game's page; the page itself follows the language switch.
export function rulesAddress(game) {
  return `/rules/${encodeURIComponent(game)}`;
}

// A link that opens the rules in a new tab; `name`: the game's name, for screen readers.
export function rulesLink(game, name, attrs = {}) {
  // i18n: a link that opens a game's rules in a new tab; {game}: the name of one of the games.
  const label = name ? t("How to play {game}", { game: name }) : null;
  return h("a.rules-link", { href: rulesAddress(game), target: "_blank", rel: "noopener",
    "aria-label": label, ...attrs }, t("How to play"));
}

export function showRules(game) {
  const main = document.getElementById("main");
  const article = h("article.rules-text", { id: "rules-text", lang: language() });
  const foot = h("footer.rules-foot");
  clear(main).append(h("div.rules-page.card-panel", {}, article, foot));

  (async () => {
    let page;
    try {
      page = await api(`/api/rules/${encodeURIComponent(game)}?lang=${encodeURIComponent(language())}`);
    } catch (error) {
      clear(article).append(h("h1", {}, t("How to play")), h("p.error", { id: "rules-error" }, errorText(error)));
      foot.append(h("a.button", { href: "/" }, t("Back to the lobby")));
      return;
    }
    document.title = `${page.title} · duoplay`;
    article.lang = page.lang;
    const body = h("div.rules-body");
    body.innerHTML = page.html; // built by the server from the game's page, every character escaped
    const fallback = page.lang !== language() ? h("p.hint", { id: "rules-fallback" },
      t("This page is not available in your language yet; here it is in English.")) : null;
    clear(article).append(...[h("h1", {}, page.title), fallback, h("p.rules-summary", {}, page.summary), body]
      .filter(Boolean));
    clear(foot).append(...[
      page.reference ? h("a.button", { href: page.reference, target: "_blank", rel: "noopener",
        id: "rules-reference" }, t("Full rules reference (in English)")) : null,
      h("a.button", { href: "/" }, t("Back to the lobby"))].filter(Boolean));
  })();
  return {};
}
