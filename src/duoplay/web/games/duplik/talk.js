// What the table says: the status sentence (what the table waits for) and names as labels.
import { bySeat, labelOf, people, t, tn } from "../../i18n.js";

// A label on its own (a score row, a drawing's caption): "You" for this seat, else its name.
export function namer(seatName, me) {
  return labelOf(seatName, me);
}

// The Artist whose drawing `seat` judges, if any.
export function heldBy(view, seat) {
  for (const [artist, judge] of Object.entries(view.judge_of || {})) {
    if (judge === seat) return Number(artist);
  }
  return null;
}

// The one sentence of the status line, for the seat `me` (null: a spectator).
export function statusText(view, { me, seatName, legal, outcome }) {
  const can = (type) => legal.some((a) => a.type === type);
  const portrayer = view.portrayer;
  const isPortrayer = me === portrayer;
  const name = seatName(portrayer);
  if (view.phase === "over" || outcome) return t("Game over");
  switch (view.phase) {
    case "choose":
      if (isPortrayer) return t("Choose a scene card, or draw one unseen");
      // i18n: {name}: the Portrayer (not the reader).
      return t("{name} is choosing a scene card", { name });
    case "roll":
      if (isPortrayer) return t("Roll the die for the golden criterion");
      // i18n: {name}: the Portrayer (not the reader).
      return t("{name} rolls for the golden criterion", { name });
    case "title":
      return isPortrayer ? t("Read the title aloud, then turn the hourglass")
        // i18n: {name}: the Portrayer (not the reader).
        : t("{name} is about to turn the hourglass", { name });
    case "describe": {
      const aloud = Boolean(view.options && ["canvas", "paper"].includes(view.options.at_the_table));
      if (isPortrayer) {
        if (view.stopped) return t("You have finished describing; the Artists are still drawing");
        return aloud ? t("Describe the scene aloud") : t("Describe the scene: the Artists read as you type");
      }
      if (me !== null && view.done.includes(me)) return t("Your pencil is down: waiting for the others");
      if (me !== null) return aloud && !view.description ? t("Draw what you hear, in silence") : t("Draw what you read, in silence");
      // i18n: {name}: the Portrayer (not the reader).
      return t("{name} describes, the Artists draw", { name });
    }
    case "pass":
      if (isPortrayer) return t("Pencils down: pass the drawings to the left or to the right");
      // i18n: {name}: the Portrayer (not the reader).
      return t("Pencils down: {name} passes the drawings", { name });
    case "judge":
      return judgingText(view, { me, seatName, can });
    case "reveal":
      return isPortrayer ? t("The reveal: start the next round when everyone has seen it")
        : t("The reveal: the scene beside every drawing");
    default:
      return "";
  }
}

function judgingText(view, { me, seatName, can }) {
  const n = view.criterion;
  const vote = view.vote;
  if (vote) {
    if (can("decide")) {
      return bySeat(vote.artist, seatName, me, { you: () => t("The vote on your drawing is tied: you decide"),
        // i18n: {name}: the Artist (not the reader) whose drawing's tied vote the reader decides.
        other: (name) => t("The vote on {name}'s drawing is tied: you decide", { name }) });
    }
    if (can("vote")) {
      // i18n: {name}: the Artist (not the reader) whose drawing's tie every other player now votes on; {n}: the criterion.
      if (vote.final) return t("Break the tie: does {name}'s drawing meet criterion {n}?", { name: seatName(vote.artist), n });
      // i18n: {name}: the Artist (not the reader) whose drawing is voted on; {n}: the criterion's number.
      return t("Vote: does {name}'s drawing meet criterion {n}?", { name: seatName(vote.artist), n });
    }
    if (vote.deciding && vote.decider !== me) {
      const decider = seatName(vote.decider);
      // i18n: {name}: who decides (not the reader) the tied vote on the reader's drawing.
      if (vote.artist === me) return t("The vote on your drawing is tied: {name} decides", { name: decider });
      // i18n: {artist}: the Artist whose drawing's vote is tied; {name}: who decides it (neither is the reader).
      return t("The vote on {artist}'s drawing is tied: {name} decides", { artist: seatName(vote.artist), name: decider });
    }
    if (vote.artist === me) return vote.deciding ? t("Your drawing's vote is tied") : t("The others are voting on your drawing");
    const waiting = people(vote.voters.filter((v) => !vote.voted.includes(v)), seatName, me);
    // i18n: {names}: the players (not the reader) still to vote, as a list; {n}: how many.
    if (waiting.n) return tn("Waiting for {names} to vote", "Waiting for {names} to vote", waiting.n, { names: waiting.names });
    return t("Counting the vote");
  }
  if (can("verdict")) {
    const held = heldBy(view, me);
    // i18n: {name}: the Artist (not the reader) whose drawing the reader judges; {n}: the criterion's number.
    return t("Does {name}'s drawing meet criterion {n}?", { name: seatName(held), n });
  }
  if (can("dispute")) return t("Accept the verdict on your drawing, or dispute it");
  // i18n: {n}: the number of the criterion being judged (1 to 10).
  return t("The Judges are judging criterion {n}", { n });
}
