// One log line per rules event, in the reader's language; the reader is spoken to, never named.
import { people, t, tn, tnc, withYou } from "../../i18n.js";

const LOUD = new Set(["disputed"]); // the reveal opens a dialog of its own

export function isLoud(event) {
  return LOUD.has(event.kind);
}

// `view` is the view after the events (the Portrayer, the criteria read so far).
export function describe(event, seatName, view, me) {
  const you = (seat) => seat === me;
  switch (event.kind) {
    case "scene_taken":
      if (you(event.portrayer)) return t("You take a scene card");
      // i18n: {name}: the Portrayer (not the reader).
      return t("{name} takes a scene card", { name: seatName(event.portrayer) });
    case "golden":
      // i18n: {n}: the criterion (1 to 10) the golden die picked.
      return t("The golden die shows {n}: criterion {n} is worth 3 points", { n: event.criterion });
    case "title":
      // i18n: {title}: the scene's title, read aloud to everyone.
      return t("The title: {title}", { title: event.title });
    case "hourglass":
      // i18n: {n}: seconds to describe and draw.
      return tn("The hourglass turns: {n} second", "The hourglass turns: {n} seconds", Math.round(event.seconds));
    case "stopped":
      if (you(view.portrayer)) return t("You have finished describing");
      // i18n: {name}: the Portrayer (not the reader).
      return t("{name} has finished describing", { name: seatName(view.portrayer) });
    case "pencil_down":
      if (you(event.artist)) return t("You put your pencil down");
      // i18n: {name}: an Artist (not the reader) who has finished drawing.
      return t("{name} puts their pencil down", { name: seatName(event.artist) });
    case "pens_down":
      return t("Pencils down!");
    case "passed":
      return event.direction === "left" ? t("The drawings pass to the left") : t("The drawings pass to the right");
    case "criterion": {
      const read = (view.criteria || []).find((c) => c.number === event.criterion);
      // i18n: {n}: the criterion's number (1 to 10); {text}: what it says.
      return read ? t("Criterion {n}: {text}", { n: event.criterion, text: read.text }) : "";
    }
    case "verdict":
      return verdictLine(event, seatName, me);
    case "disputed":
      if (you(event.artist)) return t("You dispute the verdict on your drawing");
      // i18n: {name}: the Artist (not the reader) who disputes the verdict on their drawing.
      return t("{name} disputes the verdict on their drawing", { name: seatName(event.artist) });
    case "vote": {
      if (!event.voters.length) return "";
      const voters = people(event.voters, seatName, me);
      if (voters.you) {
        // i18n: {names}: the voters on a verdict, one list with "you" in it ("you, Ana and Bo"); {n}: how
        // many, the reader counted.
        return voters.n ? tnc("the reader among {names}", "{names} votes", "{names} vote", voters.n + 1, withYou(voters, "subject")) : t("You vote alone");
      }
      // i18n: {names}: the players (not the reader) who vote on a verdict, as a list; {n}: how many.
      return tn("{names} votes", "{names} vote", voters.n, { names: voters.names });
    }
    case "tally":
      // i18n: the result of a vote on a verdict: {yes} and {no} are counts of ballots.
      return t("The vote: {yes} yes, {no} no", { yes: event.yes, no: event.no });
    case "deciding":
      return decidingLine(event, seatName, me);
    case "decided":
      return decidedLine(event, seatName, me);
    case "tie_stands":
      return t("Still tied: the standing verdict is kept");
    case "verdict_settled":
      return settledLine(event, seatName, me);
    case "criterion_judged": {
      const met = Object.entries(event.met).filter(([, holds]) => holds).map(([a]) => Number(a));
      if (!met.length) {
        // i18n: {n}: the criterion's number; no drawing met it.
        return t("Criterion {n}: no drawing meets it", { n: event.criterion });
      }
      const who = people(met, seatName, me);
      // i18n: {number}: the criterion's number (1 to 10); only the reader's drawing meets it.
      if (who.you && !who.n) return t("Criterion {number} is met by your drawing", { number: event.criterion });
      const all = withYou(who, "subject");
      // i18n: {number}: the criterion's number; {names}: the Artists whose drawings meet it, one list with "you"
      // in it ("you, Ana and Bo"); {n}: how many, the reader counted.
      if (who.you) return tnc("the reader among {names}", "Criterion {number} is met by {names}", "Criterion {number} is met by {names}", all.n, { number: event.criterion, ...all });
      // i18n: {number}: the criterion's number; {names}: the Artists (not the reader) whose drawings meet it; {n}: how many.
      return tn("Criterion {number} is met by {names}", "Criterion {number} is met by {names}", who.n, { number: event.criterion, names: who.names });
    }
    case "scores": {
      const mine = me !== null && me !== undefined ? event.points[me] : null;
      // i18n: {round}: the round's number; {n}: the reader's points this round.
      if (mine !== null) return tn("Round {round}: you score {n} point", "Round {round}: you score {n} points", mine, { round: event.round });
      // i18n: {round}: the round's number, for a spectator.
      return t("Round {round} is scored", { round: event.round });
    }
    case "reveal":
      return t("The reveal: the scene beside every drawing");
    case "round":
      if (you(event.portrayer)) return t("A new round: you portray");
      // i18n: {name}: the next Portrayer (not the reader).
      return t("A new round: {name} portrays", { name: seatName(event.portrayer) });
    case "game_over":
      return t("Everyone has portrayed: the game is over");
    default:
      return ""; // typing, drawing, accepting: too small for the log
  }
}

function verdictLine(event, seatName, me) {
  const judge = event.judge === me;
  const artist = event.artist === me;
  if (event.holds === null) {
    if (judge) {
      // i18n: {name}: the Artist (not the reader) whose drawing the reader asks the others about.
      return t("You ask the other Judges about {name}'s drawing", { name: seatName(event.artist) });
    }
    // i18n: {judge}: the Judge (not the reader) who asks the others about the reader's drawing.
    if (artist) return t("{judge} asks the other Judges about your drawing", { judge: seatName(event.judge) });
    // i18n: {judge}: a Judge; {name}: the Artist whose drawing it holds (neither is the reader).
    return t("{judge} asks the other Judges about {name}'s drawing", { judge: seatName(event.judge), name: seatName(event.artist) });
  }
  if (judge) {
    // i18n: {name}: the Artist (not the reader) whose drawing the reader ticks; {n}: the criterion's number.
    if (event.holds) return t("You tick criterion {n} for {name}'s drawing", { n: event.criterion, name: seatName(event.artist) });
    // i18n: {name}: the Artist (not the reader) whose drawing the reader crosses; {n}: the criterion's number.
    return t("You cross criterion {n} for {name}'s drawing", { n: event.criterion, name: seatName(event.artist) });
  }
  if (artist) {
    // i18n: {judge}: the Judge (not the reader) who ticks the reader's drawing; {n}: the criterion's number.
    if (event.holds) return t("{judge} ticks criterion {n} for your drawing", { judge: seatName(event.judge), n: event.criterion });
    // i18n: {judge}: the Judge (not the reader) who crosses the reader's drawing; {n}: the criterion's number.
    return t("{judge} crosses criterion {n} for your drawing", { judge: seatName(event.judge), n: event.criterion });
  }
  // i18n: {judge}: a Judge; {name}: the Artist whose drawing it ticks (neither is the reader); {n}: the criterion.
  if (event.holds) return t("{judge} ticks criterion {n} for {name}'s drawing", { judge: seatName(event.judge), name: seatName(event.artist), n: event.criterion });
  // i18n: {judge}: a Judge; {name}: the Artist whose drawing it crosses (neither is the reader); {n}: the criterion.
  return t("{judge} crosses criterion {n} for {name}'s drawing", { judge: seatName(event.judge), name: seatName(event.artist), n: event.criterion });
}

// Who breaks a tied vote, on whose drawing: the Portrayer (our rule) or the Artist (the printed one).
function decidingLine(event, seatName, me) {
  const decider = event.decider === undefined ? event.artist : event.decider;
  if (decider === event.artist) {
    if (decider === me) return t("A tie: you decide");
    // i18n: {name}: the Artist (not the reader) who breaks a tied vote on their own drawing.
    return t("A tie: {name} decides", { name: seatName(decider) });
  }
  // i18n: {name}: the Artist (not the reader) whose drawing's tied vote the reader decides.
  if (decider === me) return t("A tie on {name}'s drawing: you decide", { name: seatName(event.artist) });
  // i18n: {name}: who decides (not the reader) the tied vote on the reader's drawing.
  if (event.artist === me) return t("A tie on your drawing: {name} decides", { name: seatName(decider) });
  // i18n: {artist}: the Artist whose drawing's vote is tied; {name}: who decides it (neither is the reader).
  return t("A tie on {artist}'s drawing: {name} decides", { artist: seatName(event.artist), name: seatName(decider) });
}

function decidedLine(event, seatName, me) {
  const decider = event.decider === undefined ? event.artist : event.decider; // older logs: the Artist decided
  const reader = decider === me;
  const name = reader ? "" : seatName(decider);
  if (event.holds === null && event.late) {
    if (reader) return t("You did not decide in time: the other players vote");
    // i18n: {name}: who (not the reader) let the time to break a tie run out; every player but the Artist now votes.
    return t("{name} did not decide in time: the other players vote", { name });
  }
  if (event.holds === null) {
    if (reader) return t("You leave the tie to the other players");
    // i18n: {name}: who (not the reader) hands a tied vote to every player but the drawing's Artist.
    return t("{name} leaves the tie to the other players", { name });
  }
  if (reader) return event.holds ? t("You decide: ✓ met") : t("You decide: ✗ not met");
  // i18n: {name}: who (not the reader) breaks a tied vote, and how.
  return event.holds ? t("{name} decides: ✓ met", { name })
    // i18n: {name}: who (not the reader) breaks a tied vote, and how.
    : t("{name} decides: ✗ not met", { name });
}

function settledLine(event, seatName, me) {
  if (event.artist === me) {
    // i18n: {n}: the criterion's number, after a vote on the reader's drawing.
    return event.holds ? t("Settled: your drawing meets criterion {n}", { n: event.criterion })
      // i18n: {n}: the criterion's number, after a vote on the reader's drawing.
      : t("Settled: your drawing does not meet criterion {n}", { n: event.criterion });
  }
  // i18n: {name}: the Artist (not the reader); {n}: the criterion's number, after a vote.
  return event.holds ? t("Settled: {name}'s drawing meets criterion {n}", { name: seatName(event.artist), n: event.criterion })
    // i18n: {name}: the Artist (not the reader); {n}: the criterion's number, after a vote.
    : t("Settled: {name}'s drawing does not meet criterion {n}", { name: seatName(event.artist), n: event.criterion });
}
