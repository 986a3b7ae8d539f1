// Find players: the page while the queue looks for people to play `game` with (docs/server.md,
// "Finding players"). It joins the queue under the player's name, shows how many wait and when bots
// are offered, and once the queue has seated the player it keeps the seat's token as the room page
// expects and opens the table. `openQueue(main, game, {rated})` takes over `main`; /queue/{game} opens
// it (/queue/{game}?rated=1: the rated queue, where people are paired by rating).
import { api, clear, h } from "./dom.js";
import { errorText, language, t, tn } from "./i18n.js";
import { getName, setName, setSeat } from "./storage.js";

const POLL_MS = 1000; // a seated player hears of it within a second
const TICKET_KEY = "duoplay.queue."; // + the queue: this tab's ticket, kept over a reload

function savedTicket(queue) {
  try {
    return sessionStorage.getItem(TICKET_KEY + queue);
  } catch {
    return null;
  }
}

function saveTicket(queue, ticket) {
  try {
    if (ticket) sessionStorage.setItem(TICKET_KEY + queue, ticket);
    else sessionStorage.removeItem(TICKET_KEY + queue);
  } catch {
    /* storage disabled: a reload joins again */
  }
}

// The game's deck language is the page's when the game has one in it; else the server picks.
function deckLanguage(info) {
  const spec = (info.option_specs || []).find((s) => s.page_language);
  return spec && (spec.choices || []).some((c) => c.value === language()) ? language() : undefined;
}

const ratedAddress = () => new URLSearchParams(location.search).get("rated") === "1";

export function openQueue(main, game, { rated = ratedAddress() } = {}) {
  clear(main);
  const saved = game + (rated ? ".rated" : ""); // this tab's ticket for this queue
  let info = null;
  let ticket = savedTicket(saved);
  let status = null;
  let timer = null;
  let ticking = null;
  let shownAt = 0; // when `status` came (performance.now()), for the countdown between polls
  let gone = false;

  const title = h("h1.queue-game", {}, "");
  const ratedNote = h("p.queue-rated", { hidden: !rated });
  const picture = h("img.queue-picture", { alt: "", hidden: true });
  const line = h("p.queue-line", { role: "status" });
  const count = h("p.queue-count");
  const countdown = h("p.queue-countdown", { "aria-live": "polite" });
  const botsButton = h("button.primary", { type: "button", id: "queue-bots", onclick: takeBots });
  const cancelButton = h("button", { type: "button", id: "queue-cancel", onclick: cancel });
  const nameInput = h("input", { type: "text", id: "queue-name", maxlength: 32, value: getName(),
    autocomplete: "nickname" });
  const nameLabel = h("label", { for: "queue-name" });
  const findButton = h("button.primary", { type: "submit", id: "queue-find" });
  const nameForm = h("form.queue-name-form", { onsubmit: (event) => { event.preventDefault(); start(); } },
    nameLabel, nameInput, findButton);
  const waiting = h("div.queue-waiting", { hidden: true }, line, count, countdown,
    h("div.queue-actions", {}, botsButton, cancelButton));
  const panel = h("section.queue-page.card-panel", { "aria-labelledby": "queue-title" },
    picture, title, ratedNote, nameForm, waiting);
  title.id = "queue-title";
  main.append(panel);

  function stop() {
    clearTimeout(timer);
    clearInterval(ticking);
    timer = ticking = null;
  }

  // A closed tab leaves the queue at once (else its ticket would wait out its expiry, and could be
  // seated at a table meanwhile); a reload joins again.
  function leaveOnClose() {
    if (ticket) fetch(`/api/queue/${encodeURIComponent(ticket)}`, { method: "DELETE", keepalive: true });
  }

  // Opened from another page (the home page's Find players), the address says where the player is,
  // and Back goes back there, leaving the queue.
  const path = `/queue/${encodeURIComponent(game)}`;
  function back() {
    leaveOnClose();
    location.reload();
  }
  if (location.pathname !== path) {
    history.pushState(null, "", path + (rated ? "?rated=1" : ""));
    window.addEventListener("popstate", back);
  }
  window.addEventListener("pagehide", leaveOnClose);

  function destroy() {
    stop();
    window.removeEventListener("popstate", back);
    window.removeEventListener("pagehide", leaveOnClose);
  }

  // Seconds left of one of the status's waits, counted down between polls.
  function secondsLeft(seconds) {
    if (!status || status.state !== "waiting" || seconds === null || seconds === undefined) return null;
    return Math.max(0, Math.ceil(seconds - (performance.now() - shownAt) / 1000));
  }

  function render() {
    title.textContent = info ? info.name : game;
    // i18n: on the Find players page of the rated queue: people are paired by their rating.
    ratedNote.textContent = t("Rated: you are paired with players of a rating like yours");
    nameLabel.textContent = t("Your name");
    findButton.textContent = t("Find players");
    // With the minimum there the button seats whoever waits, without bots.
    const enough = status && status.state === "waiting" && status.more_in !== null;
    // i18n: on the Find players page: start the table now with the people waiting, without waiting for more.
    botsButton.textContent = enough ? t("Start now") : t("Play with bots now");
    cancelButton.textContent = t("Cancel");
    if (gone) {
      line.textContent = t("You are no longer in the queue.");
      count.textContent = countdown.textContent = "";
      return;
    }
    if (!status) return;
    if (status.state === "seated") {
      line.textContent = t("Seated! Opening the table…");
      count.textContent = countdown.textContent = "";
      return;
    }
    line.textContent = t("Looking for players…");
    // i18n: on the Find players page; {n}: the people in this game's queue, the reader included.
    count.textContent = tn("{n} person waiting", "{n} people waiting", status.waiting, { n: status.waiting });
    const more = secondsLeft(status.more_in);
    const left = secondsLeft(status.bots_in);
    panel.classList.toggle("bots-offered", more === null && left === 0);
    if (more !== null) {
      // i18n: on the Find players page, once enough people wait; {seconds}: until their table starts.
      countdown.textContent = t("Enough players: the table starts in {seconds} s, unless more come first",
        { seconds: more });
    } else {
      // i18n: on the Find players page, a countdown; {seconds}: until bots are offered to fill the table.
      countdown.textContent = left > 0 ? t("Bots offered in {seconds} s", { seconds: left })
        : t("Nobody else has come yet: play with bots, or keep waiting.");
    }
  }

  function show(next) {
    status = next;
    shownAt = performance.now();
    if (next.state === "seated") {
      stop();
      ticket = null; // kept: it is the table's now, not the queue's
      saveTicket(saved, null);
      setSeat(next.code, next.seat, next.token);
      render();
      location.assign(`/room/${next.code}`);
      return;
    }
    render();
  }

  function failed(error) {
    if (error.code === "ticket_not_found") {
      stop();
      saveTicket(saved, null);
      gone = true;
      botsButton.hidden = true;
      findButton.textContent = t("Find players");
      nameForm.hidden = false;
      render();
      return;
    }
    line.textContent = errorText(error);
  }

  async function poll() {
    if (!ticket) return;
    try {
      show(await api(`/api/queue/${encodeURIComponent(ticket)}`));
    } catch (error) {
      failed(error);
      if (error.code === "ticket_not_found") return;
    }
    if (ticket && status && status.state === "waiting") timer = setTimeout(poll, POLL_MS);
  }

  function following() {
    nameForm.hidden = true;
    waiting.hidden = false;
    botsButton.hidden = false;
    gone = false;
    stop();
    ticking = setInterval(render, 1000);
  }

  async function start() {
    const name = nameInput.value.trim();
    if (!name) {
      nameInput.focus();
      return;
    }
    setName(name);
    findButton.disabled = true;
    try {
      const body = { game, name, rated, lang: info ? deckLanguage(info) : undefined };
      const joined = await api("/api/queue", { method: "POST", body: JSON.stringify(body) });
      ticket = joined.ticket;
      saveTicket(saved, ticket);
      following();
      show(joined);
      if (joined.state === "waiting") timer = setTimeout(poll, POLL_MS);
    } catch (error) {
      waiting.hidden = false;
      line.textContent = errorText(error);
    } finally {
      findButton.disabled = false;
    }
  }

  async function takeBots() {
    if (!ticket) return;
    botsButton.disabled = true;
    try {
      show(await api(`/api/queue/${encodeURIComponent(ticket)}/bots`, { method: "POST" }));
    } catch (error) {
      failed(error);
    } finally {
      botsButton.disabled = false;
    }
  }

  async function cancel() {
    stop();
    const leaving = ticket;
    ticket = null;
    saveTicket(saved, null);
    if (leaving) {
      try {
        await api(`/api/queue/${encodeURIComponent(leaving)}`, { method: "DELETE" });
      } catch {
        /* the ticket expires anyway once nobody asks about it */
      }
    }
    location.assign("/");
  }

  (async () => {
    try {
      const games = await api("/api/games");
      info = games.find((g) => g.id === game) || null;
    } catch {
      info = null;
    }
    if (!info) {
      nameForm.hidden = true;
      waiting.hidden = false;
      botsButton.hidden = true;
      render();
      line.textContent = t("There is no such game.");
      return;
    }
    picture.src = `/api/games/${encodeURIComponent(game)}/tile.svg`;
    picture.onload = () => { picture.hidden = false; };
    render();
    if (ticket) {
      following();
      await poll(); // this tab's place, kept over a reload
      if (!gone) return;
      ticket = null;
    }
    if (getName()) start();
    else nameInput.focus();
  })();

  return {
    destroy,
    relabel: render,
  };
}
