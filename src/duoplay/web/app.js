// Entry point: preferences (language, colour-blind mode) and the router for the pages.
import { clear } from "./dom.js";
import { LANGUAGES, onLanguageChange, preferredLanguage, PSEUDO, setLanguage, t } from "./i18n.js";
import { relabelConnection } from "./kit/connection.js";
import { showLeaderboard } from "./leaderboard.js";
import { showProfileLink } from "./me.js";
import { showProfile } from "./profile.js";
import { showHome } from "./home.js";
import { openQueue } from "./queue.js";
import { showReplay } from "./replay.js";
import { showRoom } from "./room.js";
import { showRules } from "./rules.js";
import { showScreen } from "./screen.js";
import { setSoundOn, soundOn } from "./sound.js";
import { getPref, setPref } from "./storage.js";

function setupPrefs() {
  const blind = document.getElementById("pref-colourblind");
  blind.checked = Boolean(getPref("colourblind", false));
  document.body.classList.toggle("colourblind", blind.checked);
  blind.addEventListener("change", () => {
    setPref("colourblind", blind.checked);
    document.body.classList.toggle("colourblind", blind.checked);
  });

  const sound = document.getElementById("pref-sound");
  sound.checked = soundOn();
  sound.addEventListener("change", () => setSoundOn(sound.checked));

  const select = document.getElementById("pref-lang");
  for (const [code, label] of Object.entries(LANGUAGES)) {
    select.append(new Option(label, code));
  }
  select.addEventListener("change", async () => {
    setPref("lang", select.value);
    await setLanguage(select.value);
  });
  onLanguageChange((lang) => {
    // The pseudo-locale is offered only once chosen with ?lang=qps (see docs/i18n.md).
    if (lang === PSEUDO && !select.querySelector(`option[value="${PSEUDO}"]`)) select.append(new Option(PSEUDO, PSEUDO));
    select.value = lang;
    document.getElementById("pref-colourblind-label").textContent = t("Colour-blind mode");
    // i18n: a switch in the page header that turns sounds and phone vibration on and off.
    document.getElementById("pref-sound-label").textContent = t("Sound");
    select.setAttribute("aria-label", t("Language"));
  });
}

function route() {
  const path = decodeURIComponent(location.pathname);
  const screen = path.match(/^\/room\/([A-Za-z0-9]+)\/screen\/?$/);
  if (screen) return () => showScreen(screen[1].toUpperCase());
  const room = path.match(/^\/room\/([A-Za-z0-9]+)\/?$/);
  if (room) return () => showRoom(room[1].toUpperCase());
  const replay = path.match(/^\/replay\/([^/]+)\/?$/);
  if (replay) return () => showReplay(replay[1]);
  const rules = path.match(/^\/rules\/([^/]+)\/?$/);
  if (rules) return () => showRules(rules[1]);
  const player = path.match(/^\/player\/([^/]+)\/?$/);
  if (player) return () => showProfile(player[1]);
  const board = path.match(/^\/leaderboard\/([^/]+)\/?$/);
  if (board) return () => showLeaderboard(board[1]);
  const queue = path.match(/^\/queue\/([^/]+)\/?$/);
  if (queue) return () => openQueue(document.getElementById("main"), queue[1]);
  return () => showHome();
}

// ?lang=sv (or the pseudo-locale, ?lang=qps) chooses the language, remembered like the switch's choice.
function languageFromAddress() {
  const wanted = new URLSearchParams(location.search).get("lang");
  if (wanted && (wanted in LANGUAGES || wanted === PSEUDO)) setPref("lang", wanted);
}

async function start() {
  languageFromAddress();
  setupPrefs();
  await setLanguage(preferredLanguage(getPref("lang", null)));
  await showProfileLink(); // makes this browser's player on a first visit, before a room's socket opens
  const main = document.getElementById("main");
  let page = null;
  const render = () => {
    if (page && page.destroy) page.destroy();
    clear(main);
    page = route()();
  };
  render();
  // A language switch redraws the page in place; the room keeps its connection, and the
  // connection bar, shown on any page that has one, says its state in the new language.
  onLanguageChange(() => {
    relabelConnection();
    if (page && page.relabel) page.relabel();
    else render();
  });
}

start();
