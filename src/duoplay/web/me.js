// This browser's player (docs/server.md, Identity): made on the first visit, kept by an HttpOnly
// cookie the page never sees. The first name it gets is the one the player typed before, if any.
import { api, h } from "./dom.js";
import { onLanguageChange, t } from "./i18n.js";
import { getName } from "./storage.js";

let asked = null;

// The player ({id, name, ratings}), made if this browser keeps none; null if the server refused
// (too many new players from this address) or cannot be reached: the games work without one.
export function myPlayer() {
  if (!asked) {
    const name = getName();
    const query = name ? `&name=${encodeURIComponent(name)}` : "";
    asked = api(`/api/me?create=1${query}`).then((body) => body.player).catch(() => {
      asked = null;
      return null;
    });
  }
  return asked;
}

// After a rename, sign-out or deletion the next question asks the server again.
export function forgetMyPlayer() {
  asked = null;
}

const WAIT_AT_MOST = 3000; // ms a first page waits for its player before it draws without one

// The top bar's link to this browser's profile, once it keeps a player. Resolves once the player
// is known, or after WAIT_AT_MOST (the link comes when the player does).
export function showProfileLink() {
  const shown = myPlayer().then((player) => {
    const brand = document.querySelector(".topbar .brand");
    if (!player || !brand || document.getElementById("my-profile")) return;
    const link = h("a.profile-link", { id: "my-profile", href: `/player/${encodeURIComponent(player.id)}` });
    const label = () => {
      // i18n: the top bar's link to the player's own profile page (ratings and history).
      link.textContent = t("My profile");
    };
    label();
    onLanguageChange(label);
    brand.after(link);
  });
  return Promise.race([shown, new Promise((resolve) => setTimeout(resolve, WAIT_AT_MOST))]);
}
