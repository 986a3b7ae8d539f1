// The middle of the table: the category, the word just won (large, until the next race), the racing
// letters in big type, the one answer box, the answers and their verdicts, and the buttons for the
// decision at hand (flip, pass, new category, appeal, vote). The answer box is one element for the
// whole match, so what is typed survives every redraw, and a new question: text typed before it is
// kept, but the first Enter only shows that the letters changed (it was typed for others).
import { clear, h } from "../../dom.js";
import { t, tc, tn } from "../../i18n.js";
import { withKey } from "../../kit/index.js";
import { letterCard } from "./cards.js";
import { readersView } from "./categories.js";
import { reasonText } from "./talk.js";

export class Stage {
  // send(action): the table's way to act; name(seat): "You" or the seat's name.
  constructor({ send }) {
    this.send = send;
    this.category = h("div.duple-category", { id: "duple-category" });
    this.racers = h("div.duple-racers", { id: "duple-racers" });
    this.win = h("div.duple-win", { id: "duple-win", hidden: true });
    this.letters = h("div.duple-letters", { id: "duple-letters", "aria-live": "polite" });
    this.input = h("input.duple-word", { id: "duple-word", type: "text", autocomplete: "off", autocapitalize: "off",
      autocorrect: "off", spellcheck: false, enterkeyhint: "send", maxlength: 60, "aria-label": t("Your word") });
    this.sendButton = withKey(h("button.primary", { type: "submit", id: "duple-send" }, t("Send")), "Enter", "⏎");
    this.form = h("form.duple-form", { id: "duple-form", onsubmit: (event) => {
      event.preventDefault();
      this.submit();
    } }, this.input, this.sendButton);
    this.mine = h("p.duple-mine", { id: "duple-mine", "aria-live": "assertive" });
    this.recheck = h("p.duple-recheck", { id: "duple-recheck", role: "status", hidden: true });
    this.actions = h("div.duple-actions", { id: "duple-actions" });
    this.answers = h("ol.duple-answers", { id: "duple-answers", "aria-label": t("Answers") });
    this.element = h("section.duple-stage", { id: "duple-stage" },
      h("div.duple-head", {}, this.category, this.racers), this.win, this.letters, this.form, this.recheck, this.mine,
      this.actions, this.answers);
    this.pending = null; // the word sent and not yet answered
    this.racing = false;
    this.question = ""; // the race the answer box is for
    this.unseen = false; // the box holds text typed before this question: Enter does not send it yet
    // The caret goes to the end of what is in the box whenever it gets the focus (never before it).
    this.input.addEventListener("focus", () => {
      const end = this.input.value.length;
      this.input.setSelectionRange(end, end);
    });
    // The second look at the letters runs once, not again on every redraw of the cards.
    this.letters.addEventListener("animationend", () => this.letters.classList.remove("look"));
    // A box emptied by hand: what is typed next is for the letters in sight.
    this.input.addEventListener("input", () => {
      if (this.unseen && !this.input.value.trim()) this.markSeen();
    });
  }

  submit() {
    const word = this.input.value.trim();
    if (!this.racing || this.input.disabled) return;
    if (this.unseen) {
      // Typed for other letters: shown against the new ones first, sent by the next Enter.
      this.markSeen();
      this.letters.classList.remove("look");
      void this.letters.offsetWidth; // restart the animation
      this.letters.classList.add("look");
      return;
    }
    this.pending = word;
    this.input.value = "";
    this.mine.textContent = `${word || "…"} …`;
    this.mine.className = "duple-mine pending";
    this.send({ type: "answer", word }).finally(() => {
      if (this.pending === word) this.pending = null;
    });
  }

  markUnseen(unseen) {
    this.unseen = unseen;
    this.form.classList.toggle("unseen", unseen);
    // The hint only beside a box this seat can send from.
    this.recheck.hidden = !unseen || this.form.hidden || this.input.disabled;
    this.input.setAttribute("aria-describedby", unseen ? "duple-recheck" : "");
  }

  markSeen() {
    this.markUnseen(false);
  }

  // Give the answer box the keyboard (when this seat starts racing).
  focusInput() {
    if (!this.input.disabled && !this.form.hidden) this.input.focus({ preventScroll: true });
  }

  // This page's vote on the vote shown, kept until another vote comes.
  voted(accept) {
    if (this.voteKey) this.myVote = { key: this.voteKey, accept };
  }

  button(id, label, key, action, className = "") {
    const button = h("button", { type: "button", id, class: className, dataset: { action: action.type },
      onclick: () => this.send(action) }, label);
    return key ? withKey(button, key) : button;
  }

  // view, legal: the state shown; me: this seat or null; label(seat): "You" or the seat's name, on its
  // own; seatName(seat): the seat's name, for sentences (which speak to this seat in the second person).
  update(deckView, legal, me, label, seatName) {
    const view = readersView(deckView);
    const name = label;
    const race = view.race;
    const can = (type) => legal.find((a) => a.type === type);
    this.element.dataset.phase = view.phase;
    // For scripts and tests: the question on the stage, without parsing text.
    Object.assign(this.element.dataset, { category: view.category.id, step: view.step,
      racers: race ? race.racers.join(",") : "", kind: race ? race.kind : "" });
    const allPlay = view.phase === "allplay" || (race && race.kind === "allplay");
    // The category, from the game's own deck (its language), or All Play's rule.
    clear(this.category);
    if (allPlay) {
      this.category.append(h("strong.duple-allplay", {}, view.category.name),
        h("span.duple-rule", {}, t("one word with every letter · no category, no names")));
    } else if (view.phase !== "over") {
      this.category.append(h("span.duple-label", {}, t("Category")), h("strong", { id: "duple-category-name" }, view.category.name));
    }
    clear(this.racers);
    if (race && race.kind === "faceoff") {
      race.racers.forEach((seat, i) => {
        if (i) this.racers.append(h("span.duple-vs", {}, t("vs")));
        this.racers.append(h("span.duple-racer", { class: seat === me ? "mine" : "", dataset: { seat } }, name(seat)));
      });
    } else if (allPlay) {
      this.racers.append(h("span.duple-racer", {}, t("Everyone races")));
    }
    this.showWin(view, me, name);
    // The letters: BIG while racing; the drawer's prompt otherwise.
    clear(this.letters);
    this.letters.dataset.letters = race ? race.letters.join(",") : "";
    if (race) {
      // Each letter on the card it came from (a face-off's two piles, All Play's face-up tops).
      const tops = race.piles && race.piles.length === 2 ? race.piles.map((p) => view.piles[p].top)
        : race.letters.map((letter) => view.piles.map((p) => p.top).find((top) => top && top.letter === letter));
      race.letters.forEach((letter, i) => {
        const top = tops[i] && tops[i].letter === letter ? tops[i] : { letter, symbol: "" };
        this.letters.append(letterCard(top, { size: allPlay ? "big all" : "big" }));
      });
    } else if (view.phase === "flip") {
      const flip = can("flip");
      this.letters.append(flip
        ? withKey(h("button.primary.duple-flip", { type: "button", id: "duple-flip", dataset: { action: "flip" },
          onclick: () => this.send(flip) }, t("Flip")), "Space", t("Space"))
        : h("p.duple-waiting", {}, view.drawer === me ? t("You flip next")
          // i18n: {name}: the player who flips the next card (another player).
          : t("{name} flips next", { name: seatName(view.drawer) })));
    }
    // The answer box: usable while this seat may answer.
    const wasRacing = this.racing;
    this.racing = Boolean(can("pass")) && (view.phase === "faceoff" || view.phase === "allplay");
    const inRace = Boolean(race) && me !== null && race.racers.includes(me) && view.phase !== "vote";
    this.form.hidden = !inRace;
    this.input.disabled = !this.racing;
    this.sendButton.disabled = !this.racing;
    // i18n: the answer box's placeholder; {letters}: the letters to use, joined by " + ".
    this.input.placeholder = race ? t("A word with {letters}", { letters: race.letters.join(" + ") }) : "";
    const question = race ? `${view.category.id}|${race.racers.join(",")}|${race.letters.join(",")}` : "";
    if (question !== this.question && question) {
      // Typed for other letters, or for the same letters under another category (a tie, a new category).
      const sameLetters = this.question.endsWith(`|${race.letters.join(",")}`);
      this.recheck.textContent = sameLetters ? t("New category: check your word, then press Enter again")
        : t("New letters: check your word, then press Enter again");
    }
    this.markUnseen(question === this.question ? this.unseen : Boolean(question) && this.input.value.trim() !== "");
    this.question = question;
    // This seat's last verdict.
    const last = race ? [...race.answers].reverse().find((a) => a.seat === me) : null;
    if (last && this.pending !== null && last.word === this.pending) this.pending = null;
    if (this.pending === null) {
      this.mine.className = "duple-mine";
      this.mine.textContent = "";
      if (last) {
        this.mine.classList.add(last.accepted ? "ok" : "no");
        this.mine.textContent = last.accepted
          // i18n: the reader's last answer; {word}: as typed; {why}: why it was accepted ("accepted").
          ? t("✓ {word}: {why}", { word: last.word, why: reasonText(last, view.category.name) })
          // i18n: the reader's last answer; {word}: as typed; {why}: why it was refused ("not in the dictionary").
          : t("✗ {word}: {why}", { word: last.word, why: reasonText(last, allPlay ? null : view.category.name) });
      }
      if (race && race.accepted.includes(me)) this.mine.append(" ", h("span.duple-wait", {}, t("waiting for the result…")));
    }
    this.renderActions(view, can, seatName, me);
    this.renderAnswers(view, me, name, allPlay);
    return { startedRacing: this.racing && !wasRacing };
  }

  // The word just won, large, from the win until the next race starts (the view's `win`).
  showWin(view, me, name) {
    const win = view.race ? null : view.win;
    this.win.hidden = !win;
    clear(this.win);
    if (!win) return;
    const about = [name(win.seat), win.letters.join(" + "), win.kind === "allplay" ? t("All Play") : win.category.name];
    clear(this.win).append(
      h("span.duple-win-label", {}, win.seat === me ? t("Your winning word") : t("Winning word")),
      h("strong.duple-win-word", { id: "duple-win-word" }, win.word),
      h("span.duple-win-about", {}, about.join(" · ")));
  }

  renderActions(view, can, seatName, me) {
    clear(this.actions);
    const race = view.race;
    if (view.phase === "vote" && race && race.vote) {
      const vote = race.vote;
      const asked = { name: seatName(vote.appealer), word: vote.word,
        why: reasonText({ reason: vote.reason, accepted: false, detail: "" }, view.category.name) };
      this.actions.append(h("p.duple-vote", { id: "duple-vote" },
        vote.appealer === me
          // i18n: {word}: the reader's refused word; {why}: why the judge refused it.
          ? t("You ask: should {word} count? ({why})", asked)
          // i18n: {name}: another player; {word}: their refused word; {why}: why the judge refused it.
          : t("{name} asks: should {word} count? ({why})", asked),
        // i18n: {n}: how many have voted (the verb agrees with it); {total}: how many may vote.
        " ", h("span.duple-voted", {}, tn("{n} of {total} voted", "{n} of {total} voted", vote.voted.length, { total: vote.voters.length }))));
      // How this page voted: the ballots stay secret until the vote ends, views included.
      this.voteKey = `${view.step}:${vote.appealer}:${vote.word}`;
      const mine = this.myVote && this.myVote.key === this.voteKey ? this.myVote.accept : null;
      if (mine === true || mine === false) {
        this.actions.append(h("p.duple-my-vote", { id: "duple-my-vote", dataset: { accept: mine ? "1" : "0" } },
          mine ? t("You voted yes") : t("You voted no"), " ",
          h("span.duple-tie-rule", {}, t("(a tie refuses the word)"))));
      }
      const yes = legalVote(can, true);
      if (yes) {
        this.actions.append(this.button("duple-vote-yes", t("Yes, it counts"), "y", yes, "primary"),
          this.button("duple-vote-no", t("No"), "n", legalVote(can, false)),
          h("span.duple-note", {}, t("A majority accepts; a tie refuses")));
      }
      return;
    }
    if (can("appeal")) this.actions.append(this.button("duple-appeal", t("Ask for a vote"), "a", can("appeal"), "primary"));
    if (can("new_category")) this.actions.append(this.button("duple-new-category", t("New category"), "n", can("new_category")));
    if (can("pass")) this.actions.append(this.button("duple-pass", t("Pass"), "p", can("pass")));
    if (race && race.stuck && me !== null && !race.racers.includes(me) && view.phase === "faceoff") {
      this.actions.append(h("span.duple-note", {}, t("Stuck: the racers may turn a new category")));
    }
  }

  renderAnswers(view, me, name, allPlay) {
    clear(this.answers);
    const race = view.race;
    if (!race) return;
    for (const answer of race.answers) {
      this.answers.append(h("li", { class: answer.accepted ? "ok" : "no",
        dataset: { seat: answer.seat, accepted: answer.accepted ? "1" : "0", reason: answer.reason } },
      h("span.who", {}, name(answer.seat)),
      h("span.word", {}, answer.word || "—"),
      h("span.why", {}, `${answer.accepted ? "✓" : "✗"} ${reasonText(answer, allPlay ? null : view.category.name)}`)));
    }
    for (const seat of race.passed) {
      // The reader's row is labelled "You": its state is a second-person word of its own ("pasaste").
      const passed = seat === me ? tc("said of the reader, beside the label You", "passed") : t("passed");
      this.answers.append(h("li.passed", { dataset: { seat } }, h("span.who", {}, name(seat)), h("span.why", {}, passed)));
    }
  }
}

function legalVote(can, accept) {
  return can("vote") ? { type: "vote", accept } : null;
}
