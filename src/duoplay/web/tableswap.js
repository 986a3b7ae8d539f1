// What the room page needs to build a game's table anew in place (after a language switch): the
// last state as if it came now, the match's events so far for the log, and the keyboard's and the
// scroll's place, put back once the new table is drawn.
import { pastEvents } from "./kit/backlog.js";

// The state without its events (they were shown already), its clock less the time since it came.
export function stateNow(state, receivedAt) {
  const deadline = state.deadline;
  if (!deadline || typeof deadline.seconds_left !== "number") return { ...state, events: [] };
  const spent = (performance.now() - receivedAt) / 1000;
  return { ...state, events: [], deadline: { ...deadline, seconds_left: Math.max(0, deadline.seconds_left - spent) } };
}

// The events of the match up to the version `version()` names when they come (a state may arrive
// while they are fetched: then once more); null when they cannot be had for it.
export async function storySoFar(matchId, version) {
  if (!matchId) return null;
  for (let tries = 0; tries < 3; tries += 1) {
    const upTo = version();
    const events = await pastEvents(matchId, upTo);
    if (upTo === version()) return events.length || !upTo ? events : null;
  }
  return null;
}

// The focused element inside `box` (by id, or else by its place among the box's elements, with its
// caret in a text field) and the page's scroll.
export function placeOf(box) {
  const place = { x: window.scrollX, y: window.scrollY, id: null, index: -1, tag: null, caret: null };
  const el = document.activeElement;
  if (!el || !box.contains(el)) return place;
  place.id = el.id || null;
  place.tag = el.tagName;
  if (!place.id) place.index = [...box.querySelectorAll("*")].indexOf(el);
  if (typeof el.selectionStart === "number") place.caret = [el.selectionStart, el.selectionEnd];
  return place;
}

export function putBack(box, place) {
  const el = place.id ? document.getElementById(place.id) : box.querySelectorAll("*")[place.index];
  if (el && box.contains(el) && el.tagName === place.tag && !el.disabled && !box.contains(document.activeElement)) {
    el.focus({ preventScroll: true });
    if (place.caret && typeof el.setSelectionRange === "function") el.setSelectionRange(...place.caret);
  }
  window.scrollTo(place.x, place.y);
}
