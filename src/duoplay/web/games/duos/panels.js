// The parts of the DUOS table built from history: the reveal of a turn, the scoreboard across
// the rounds, the co-op turn track and the final result line. All of it is read from the view.
import { h } from "../../dom.js";
import { people, t, tn, tnc, withYou } from "../../i18n.js";
import { categoryName, faceChip, markerBadge } from "./cards.js";
import { helpLine } from "./events.js";

// The co-op verdicts the engine sends in English, listed so the catalogs carry them.
const VERDICTS = () => [
  t("Not this time: have another go."), t("A start, and room to grow."), t("Things are looking up."),
  t("You are getting the hang of it!"), t("Nicely done!"), t("Stylish!"), t("Superb teamwork!"),
  t("Brilliant!"), t("Remarkable! You two think alike."), t("Incredible! You read each other's minds!"),
];
const COOP_WIN_AT = 3; // shown in words only; the engine decides (its history says won or lost)

const key = (pair) => `${pair[0]}-${pair[1]}`;

function totalsUpTo(history, turn, seats) {
  const totals = new Array(seats).fill(0);
  for (const result of history) {
    if (result.turn > turn) break;
    result.points.forEach((p, seat) => (totals[seat] += p));
  }
  return totals;
}

// Who was the Narrator of a turn, said to the reader.
function narratorLine(narrator, ctx) {
  if (narrator === ctx.me) return t("You were the Narrator");
  // i18n: under the reveal's heading; {name}: the Narrator of the turn (another player).
  return t("Narrator: {name}", { name: ctx.seatName(narrator) });
}

// Whose pairs the clock confirmed, said to the reader.
function timedOutLine(seats, ctx) {
  const who = people(seats, ctx.seatName, ctx.me);
  if (who.you && !who.n) return t("Time ran out for you");
  // i18n: the clock confirmed the pairs of {names}: one list with "you" in it ("you, Ana and Bo"); {n}:
  // how many people, the reader counted.
  if (who.you) return tnc("the reader among {names}", "Time ran out for {names}", "Time ran out for {names}", who.n + 1, withYou(who, "object"));
  // i18n: {names}: the players (not the reader) whose pairs the clock confirmed, as a list; {n}: how many.
  return tn("Time ran out for {names}", "Time ran out for {names}", who.n, who);
}

// Who else made one of the Narrator's pairs, said to the reader.
function matchedLine(seats, ctx) {
  const who = people(seats, ctx.seatName, ctx.me);
  if (!seats.length) return t("Nobody matched it");
  if (who.you && !who.n) return t("You made it too");
  // i18n: after one of the Narrator's pairs; {names}: the reader and others who made it too, one list with
  // "you" in it ("you, Ana and Bo"); {n}: how many people, the reader counted.
  if (who.you) return tnc("the reader among {names}", "{names} made it too", "{names} made it too", who.n + 1, withYou(who, "subject"));
  // i18n: after one of the Narrator's pairs; {names}: the players (not the reader) who made it too, as a
  // list; {n}: how many.
  return tn("{names} made it too", "{names} made it too", who.n, who);
}

// One finished turn, pair by pair. ctx: {seatName(seat), label(seat) ("You" for the reader), me}
export function revealPanel(result, view, ctx) {
  const seats = result.pairs.length;
  const faces = result.faces;
  // i18n: a heading; {n}: the turn's number.
  const parts = [h("h2", {}, t("Turn {n}: the reveal", { n: result.turn + 1 })),
    h("p.reveal-sub", {}, categoryName(result.category),
      result.narrator !== null ? [" · ", narratorLine(result.narrator, ctx)] : null)];
  if (result.timed_out.length) parts.push(h("p.hint", {}, timedOutLine(result.timed_out, ctx)));
  const list = h("ol.reveal-pairs", { id: "reveal-pairs" });
  if (result.narrator !== null) {
    const told = result.pairs[result.narrator];
    told.forEach((pair, i) => {
      const by = [];
      for (let seat = 0; seat < seats; seat += 1) {
        if (seat !== result.narrator && result.pairs[seat].some((p) => key(p) === key(pair))) by.push(seat);
      }
      list.append(h("li.reveal-pair", { style: { animationDelay: `${i * 0.7}s` },
        dataset: { pair: key(pair), matchedBy: by.join(",") } },
      markerBadge(i), faceChip(faces[pair[0]]), h("span.plus", {}, "+"), faceChip(faces[pair[1]]),
      h("span.matched", { class: by.length ? "yes" : "no" }, matchedLine(by, ctx))));
    });
    if (!told.length) list.append(h("li.hint", {}, t("The Narrator placed no pairs")));
    parts.push(list);
    // The reader's own pairs under the Narrator's, ticked where the Narrator made the same pair.
    if (ctx.me !== null && ctx.me !== undefined && ctx.me !== result.narrator && result.pairs[ctx.me]) {
      parts.push(comparePairs(result, [{ seat: ctx.me, title: t("Your pairs"), against: result.narrator }],
        t("✓ the Narrator made this pair too")));
    }
    const totals = totalsUpTo(view.history, result.turn, seats);
    parts.push(h("table.turn-points", { id: "turn-points" },
      h("tr", {}, h("th", {}, t("Player")), h("th", {}, t("Same pairs")), h("th", {}, t("Points")),
        h("th", {}, t("Total"))),
      Array.from({ length: seats }, (_, seat) => h("tr", { dataset: { seat } },
        h("td", {}, ctx.label(seat)),
        h("td", {}, seat === result.narrator ? t("Narrator") : String(result.matches[seat])),
        h("td", {}, seat === result.narrator
          // i18n: in the points column of the reveal; {n}: the Narrator's bonus points this turn.
          ? tn("+{n} (Narrator bonus)", "+{n} (Narrator bonus)", result.points[seat]) : `+${result.points[seat]}`),
        h("td", {}, String(totals[seat]))))));
  } else {
    // The reader's pairs beside the partner's (a spectator: the first seat's beside the second's).
    const mine = ctx.me === null || ctx.me === undefined ? 0 : ctx.me;
    const other = 1 - mine;
    parts.push(comparePairs(result, [
      { seat: mine, title: ctx.me === mine ? t("Your pairs") : pairsOf(mine, ctx), against: other },
      { seat: other, title: pairsOf(other, ctx), against: mine }], t("✓ both of you made this pair")));
    const same = result.matches[0];
    parts.push(h("p.turn-verdict", { id: "turn-verdict", class: result.points[0] > 0 ? "won" : "lost" },
      result.points[0] > 0
        // i18n: the co-op verdict of a turn; {n}: how many pairs both players made.
        ? tn("{n} identical pair: turn won!", "{n} identical pairs: turn won!", same)
        // i18n: the co-op verdict of a turn; {n}: how many pairs both players made; {k}: how many win a turn.
        : tn("{n} identical pair: turn lost (you need {k})", "{n} identical pairs: turn lost (you need {k})",
          same, { k: COOP_WIN_AT })));
    if (result.helps.length) {
      const card = (position) => faceChipText(faces[position]);
      parts.push(h("div.reveal-helps", { id: "reveal-helps" }, h("p.hint", {}, t("Helps this turn")),
        h("ul.hint", {}, result.helps.map((help) => h("li", {}, helpLine(help, card, ctx.seatName, ctx.me))))));
    }
  }
  return h("div.reveal", {}, parts);
}

// A player's pairs, as a heading.
function pairsOf(seat, ctx) {
  // i18n: a heading in the co-op reveal, over the pairs of {name} (a player, not the reader).
  return t("{name}'s pairs", { name: ctx.seatName(seat) });
}

// Players' pairs, each ticked where another player made the same pair: the reader's under the
// Narrator's, or in co-op the reader's beside the partner's. What to pair alike next time.
// columns: [{seat, title, against (the seat compared with)}]; note: what the tick means.
function comparePairs(result, columns, note) {
  const faces = result.faces;
  const column = ({ seat, title, against }, index) => {
    const theirs = new Set(result.pairs[against].map(key));
    const items = result.pairs[seat].map((pair, i) => {
      const same = theirs.has(key(pair));
      return h("li.compare-pair", { class: same ? "same" : "differs", style: { animationDelay: `${(i + index * 4) * 0.25}s` },
        dataset: { pair: key(pair), same: same ? "1" : "0" } },
      h("span.same-mark", { role: "img", "aria-label": same ? t("Same pair") : t("Different pair") }, same ? "✓" : "✗"),
      faceChip(faces[pair[0]]), h("span.plus", {}, "+"), faceChip(faces[pair[1]]));
    });
    return h("section.compare-col", { dataset: { seat } }, h("h3", {}, title),
      h("ol.compare-pairs", {}, items.length ? items : h("li.hint", {}, t("No pairs"))));
  };
  return h("div.reveal-compare", { id: "reveal-compare" }, h("div.compare-cols", {}, columns.map(column)),
    h("p.hint.compare-note", {}, note));
}

function faceChipText(id) {
  return faceChip(id).textContent;
}

// Points per turn for every player, grouped by round, with totals; Narrator turns are starred.
// What the kit's Scoreboard.update and scoreTable take (kit/scoreboard.js).
export function scores(view, ctx) {
  const seats = view.scores.length;
  const rounds = Math.max(1, Math.round(view.turns / seats));
  const byTurn = new Map(view.history.map((r) => [r.turn, r]));
  const columns = Array.from({ length: rounds * seats }, (_, turn) => ({ turn, label: String(turn + 1),
    // i18n: a column group of the score table; {n}: the round's number.
    group: t("Round {n}", { n: Math.floor(turn / seats) + 1 }),
    state: byTurn.has(turn) ? "done" : turn === view.turn && view.phase === "pairing" ? "now" : "later" }));
  const cell = (row, column) => {
    const result = byTurn.get(column.turn);
    if (!result) {
      const narrating = column.turn === view.turn && view.narrator === row.seat;
      return narrating ? { text: "★", title: t("Narrator") } : null;
    }
    const narrated = result.narrator === row.seat;
    return { text: String(result.points[row.seat]), mark: narrated ? "★" : null,
      title: narrated ? t("Narrator") : null, className: narrated ? "narr" : null };
  };
  return {
    rows: view.scores.map((total, seat) => ({ seat, name: ctx.label(seat), total, mine: seat === ctx.me })),
    columns, cell, columnsLabel: t("Turn"),
    note: t("★ Narrator: one bonus point for each player with 2-3 identical pairs, two for 4"),
  };
}

// The co-op game: one slot per turn, won or lost, and where the team is now.
export function turnTrack(view, id = "duos-track") {
  const byTurn = new Map(view.history.map((r) => [r.turn, r]));
  const won = view.scores[0];
  const slots = [];
  for (let turn = 0; turn < view.turns; turn += 1) {
    const result = byTurn.get(turn);
    let state = "later";
    let mark = String(turn + 1);
    if (result) {
      state = result.points[0] > 0 ? "won" : "lost";
      mark = result.points[0] > 0 ? "✓" : "✗";
    } else if (turn === view.turn && view.phase === "pairing") {
      state = "now";
    }
    slots.push(h("li.slot", { class: state, dataset: { turn, state },
      // i18n: a finished co-op turn's tooltip; {n}: how many pairs both players made.
      title: result ? tn("{n} identical pair", "{n} identical pairs", result.matches[0]) : "" }, mark));
  }
  return h("div.track-box", {},
    h("h3", {}, t("Turns"), h("span.tally", {},
      // i18n: the co-op track; {n}: turns won so far (the words agree with it); {total}: the turns of the game.
      tn("won {n} of {total}", "won {n} of {total}", won, { total: view.turns }))),
    h("ol.track", { id }, slots));
}

// The last line of the game: who won, or how the team did. ctx: {seatName(seat), me, id (null: none)}
export function resultLine(view, outcome, ctx) {
  const id = ctx.id === undefined ? "duos-result" : ctx.id;
  if (!outcome && view.phase !== "game-over") return null;
  if (view.mode === "coop") {
    VERDICTS();
    const verdict = view.verdict ? t(view.verdict) : "";
    return h("p.result-line", { id },
      // i18n: the co-op result; {n}: turns won (the words agree with it); {total}: turns played; {verdict}:
      // one of the co-op verdicts ("Nicely done!"), a whole sentence of its own.
      tn("{n} of {total} turns won: {verdict}", "{n} of {total} turns won: {verdict}", view.scores[0], { total: view.turns, verdict }));
  }
  const best = Math.max(...view.scores);
  const winners = outcome ? outcome.winners : view.scores.map((s, i) => (s === best ? i : -1)).filter((i) => i >= 0);
  let text;
  const who = people(winners, ctx.seatName, ctx.me);
  if (winners.length > 1 && who.you) {
    const names = withYou(who, "subject").names;
    // i18n: a shared win; {names}: the winners, one list with "you" in it ("you, Ana and Bo"); {n}: the
    // points each has.
    text = tnc("the reader among {names}", "{names} share the win with {n} point", "{names} share the win with {n} points", best, { names });
  } else if (winners.length > 1) {
    // i18n: a shared win; {names}: the winners (two or more, not the reader), as a list; {n}: their points.
    text = tn("{names} share the win with {n} point", "{names} share the win with {n} points", best,
      { names: who.names });
  } else if (who.you) {
    // i18n: {n}: the reader's points.
    text = tn("You win with {n} point!", "You win with {n} points!", best);
  } else {
    // i18n: {name}: the winner (another player); {n}: their points.
    text = tn("{name} wins with {n} point", "{name} wins with {n} points", best, { name: ctx.seatName(winners[0]) });
  }
  return h("p.result-line", { id }, text);
}
