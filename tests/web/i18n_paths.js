// The message paths of test_i18n_paths.py, formatted by the client's own modules in Node: reads
// {lang, messages, reader, names, refusals} on stdin, prints [{path, me, text, slot, msg}].
import { readFileSync } from "node:fs";

// Just enough DOM for h(): elements with attributes, children and text.
class Node {
  constructor() {
    this.childNodes = []; this.attributes = {}; this.dataset = {}; this.style = {}; this.className = "";
    this.classList = { add() {}, remove() {}, toggle() {}, contains: () => false };
  }
  append(...children) { for (const c of children) this.childNodes.push(typeof c === "string" ? new Text(c) : c); }
  setAttribute(key, value) { this.attributes[key] = String(value); }
  getAttribute(key) { return key in this.attributes ? this.attributes[key] : null; }
  addEventListener() {}
  querySelector() { return null; }
  querySelectorAll() { return []; }
  remove() {}
  replaceChildren(...children) { this.childNodes = []; this.append(...children); }
  removeAttribute(key) { delete this.attributes[key]; }
  toggleAttribute() {}
  get firstChild() { return this.childNodes[0] || null; }
  get textContent() { return this.childNodes.map((c) => c.textContent).join(""); }
  set textContent(text) { this.childNodes = [new Text(String(text))]; }
}
class Text extends Node { constructor(data) { super(); this.data = data; } get textContent() { return this.data; } }
globalThis.Node = Node;
globalThis.document = { createElement: () => new Node(), createElementNS: () => new Node(),
  createTextNode: (text) => new Text(text), addEventListener() {}, getElementById: () => null, body: new Node() };
globalThis.window = globalThis;
globalThis.addEventListener = () => {};
globalThis.DOMParser = class { parseFromString() { return { documentElement: null, querySelector: () => null }; } };

const { useCatalog, errorText } = await import("./i18n.js");
const duplikTalk = await import("./games/duplik/talk.js");
const duplikSheet = await import("./games/duplik/sheet.js");
const duplikReveal = await import("./games/duplik/reveal.js");
const duosTalk = await import("./games/duos/talk.js");
const duosPanels = await import("./games/duos/panels.js");
const dupleSummary = await import("./games/duple/summary.js");
const dupleTalk = await import("./games/duple/talk.js");
const unoTalk = await import("./games/uno-duo/talk.js");
const unoCards = await import("./games/uno-duo/cards.js");
await import("./games/duos/helps.js"); // registers how a refusal's help reads
await import("./games/uno-duo/cards.js"); // registers how a refusal's card and colour read

const { lang, messages, reader, names, refusals } = JSON.parse(readFileSync(0, "utf-8"));
useCatalog(lang, messages);
const out = [];
const say = (path, me, text, slot = true, msg = null) => out.push({ path, me, text: String(text), slot, msg });
const labelled = (node, found = []) => {
  if (node.attributes && node.attributes["aria-label"]) found.push(node.attributes["aria-label"]);
  for (const child of node.childNodes || []) labelled(child, found);
  return found;
};
const SEATS = 4;
for (const me of [0, 1, null]) {
  const seatName = (seat) => (seat === me ? reader : names[seat]);
  const label = duplikTalk.namer(seatName, me);
  const ctx = { seatName, me };
  // Duplik judging: seat 3 portrays; the others' drawings pass round; each judge's strip says whose.
  const judgeOf = { 0: 1, 1: 2, 2: 0 };
  const judging = { phase: "judge", portrayer: 3, criterion: 3, done: [], to_move: [0, 1, 2], totals: [0, 0, 0, 0],
    judge_of: judgeOf, seats: SEATS };
  for (let seat = 0; seat < SEATS; seat += 1) {
    const entry = duplikSheet.seatEntry(judging, seat, { ctx, label, me });
    if (entry.state) say("duplik seat strip", me, entry.state.text);
  }
  for (const voters of [[1], [1, 2], [0, 1, 2], [1, 2, 3], [0, 1, 2, 3]]) {
    const vote = { artist: 2, voters, voted: [], deciding: false };
    say("duplik status", me, duplikTalk.statusText({ ...judging, vote }, { me, seatName, legal: [] }));
  }
  // The reveal's gallery: each drawing's label (also the downloaded SVG's title).
  const reveal = { round: 2, card: { title: "The tree", picture: "" }, drawings: [0, 1, 2].map((artist) => ({ artist, strokes: [] })),
    portrayer: 3, round_scores: [1, 2, 0, 3], results: [], judge_of: judgeOf };
  for (const text of labelled(duplikReveal.revealPanel(reveal, { label, seatName, me, id: "r" }))) say("duplik gallery", me, text);
  for (const winners of [[0], [1], [0, 1], [1, 2], [0, 1, 2], [1, 2, 3], [0, 1, 2, 3]]) {
    say("duplik winners", me, duplikReveal.winnersLine({ winners }, { seatName, me }));
    say("duple winners", me, dupleSummary.gameSummary({ seats: SEATS, scores: [3, 3, 3, 3], won: [1, 1, 1, 1],
      won_all_play: [0, 0, 0, 0] }, { winners }, seatName, label, me).childNodes[1].textContent);
    const scores = [2, 2, 2, 2].map((s, seat) => (winners.includes(seat) ? 5 : s));
    say("duos result", me, duosPanels.resultLine({ mode: "party", scores, turns: 4 }, { winners }, ctx).textContent);
  }
  // UNO Duo and Duple: whose move the table waits for, each seat in turn.
  for (let seat = 0; seat < 2; seat += 1) {
    say("uno status", me, unoTalk.statusText({ phase: "play", to_move: [seat], seat: me ?? 0 }, { me, seatName }));
  }
  for (let seat = 0; seat < SEATS; seat += 1) {
    const other = (seat + 1) % SEATS;
    const duple = { phase: "faceoff", drawer: seat, scores: [0, 0, 0, 0], category: { name: "Animals" },
      race: { racers: [seat, other], accepted: [], answers: [], passed: [], vote: { appealer: seat } } };
    say("duple status", me, dupleTalk.statusText({ ...duple, phase: "flip", race: null }, { me, seatName, legal: [] }));
    say("duple status", me, dupleTalk.statusText(duple, { me, seatName, legal: [] }));
    const voting = seat === me ? [] : [{ type: "vote" }]; // nobody votes on their own word
    say("duple status", me, dupleTalk.statusText({ ...duple, phase: "vote" }, { me, seatName, legal: voting }));
  }
  // DUOS pairing: who the table still waits for.
  for (const toMove of [[1], [1, 2], [1, 2, 3], [0, 1, 2, 3]]) {
    for (const locked of [false, true]) {
      say("duos status", me, duosTalk.statusText({ phase: "pairing", mode: "party", to_move: toMove, turn: 1, turns: 6 },
        { me, seatName, locked }));
    }
  }
}
for (const refusal of refusals) say("refusal", null, errorText(refusal), false, refusal.msg);
// Cards inside a sentence, in the forms the language declares for each rank.
for (const code of ["R5", "B+2", "Gskip", "Y0", "Brev"]) say("card in a sentence", null, unoCards.cardObject(code), false, code);
console.log(JSON.stringify(out));
