"""How well the Duple word judge agrees with people, how fast it is, and how often the hard bot answers.

`benchmarks/duple_prompts/<lang>.json` holds prompts written by hand: letters, a category
(null: All Play), answers a person accepts ("valid") and answers a person rejects
("invalid", each with a `why`). Prompts marked `heldout` were not looked at while the
judge and the lexicons were built: read that split as the fair one. With `--second`,
`<lang>_second.json` is read too: prompts written by a second hand who never saw the judge's
lists, reported as a split of their own ("second hand") and kept out of "all", of the targets and
of the bot's main figure. It was held out until the third hand's sets were frozen and is a tuning
set since (see the prompts' README): `--misses` prints every answer of it the judge got wrong.
With `--third`, `<lang>_third.json` is read as the "third hand" split: written by players who
saw neither the judge nor any earlier set, held out (its misjudged answers are never printed),
also outside "all".

For each language and split (seen / held-out / all / second hand) this prints the share of valid
answers accepted, of invalid answers rejected (and per `why`), up to 15 misjudged
examples of the seen split (never of the held-out or third-hand ones; the second hand's with
`--misses`), the judge's time per answer once
loaded (p50/p99/max), the load time and the memory the language added to the process
(resident set before and after loading it; run one language per process for a clean figure).
A prompt's category may be the deck's id or the English deck's id (`find_category`).
The bot part asks the hard bot (skill 1.0) for every
prompt that has a valid answer and counts the answers the judge accepts, with its compute
time. Reference in the same run: a "dictionary-only" judge (any dictionary word or name
with the letters, one word) and a "no lexicon" bot (the most common dictionary word with
the letters, whatever the category).

    python benchmarks/duple_judge.py [--lang es en sv pl fr] [--prompts DIR] [--second [--misses]] [--third]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tqdm import tqdm

from duoplay.games.duple.words.answer import candidates, find_answer
from duoplay.games.duple.words.categories import LANGUAGES, find_category
from duoplay.games.duple.words.folding import missing_letters
from duoplay.games.duple.words.judge import judge_answer, language, warm_up

PROMPTS = Path(__file__).parent / "duple_prompts"
TARGET_ACCEPT = 95.0
TARGET_REJECT = 95.0
TARGET_P99_MS = 1.0
TARGET_BOT = 95.0
TARGET_BOT_MS = 50.0
SHOWN = 15
HANDS = {"second": "second hand", "third": "third hand"}  # prompt sets by other hands: splits of their own


def dictionary_only(lang: str, word: str, letters: list[str]) -> bool:
    """The reference judge: one word of the dictionary (or a name) with the letters."""
    data = language(lang)
    text = word.strip()
    if not text or " " in text or missing_letters(lang, text, letters):
        return False
    return data.dictionary.is_common(text) or data.dictionary.is_name(text)


def plain_bot(lang: str, letters: list[str]) -> str | None:
    """The reference bot: the most common dictionary word with the letters, whatever the category."""
    for word in candidates(lang, None).words:
        if not missing_letters(lang, word, letters):
            return word
    return None


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def pct(part: int, whole: int) -> float:
    return 100.0 * part / whole if whole else float("nan")


def mark(ok: bool) -> str:
    return "pass" if ok else "FAIL"


def resident_mb() -> float:
    """The process's resident memory now (Linux), in MB."""
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def deck_ids(lang: str, prompts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The prompts with their categories as the deck's ids ("body_part" -> "parte_del_cuerpo")."""
    resolved = []
    for prompt in prompts:
        category = prompt["category"]
        if category is not None:
            found = find_category(lang, category)
            if found is None:
                raise SystemExit(f"{prompt['id']}: no {lang} category {category!r}")
            category = found.id
        resolved.append({**prompt, "category": category})
    return resolved


def show_misses(chosen: list[dict[str, Any]], limit: int | None) -> None:
    wrong = [r for r in chosen if r["verdict"].accepted != r["valid"]]
    for r in wrong[:limit]:
        p = r["prompt"]
        expected = "valid" if r["valid"] else f"invalid ({r['why']})"
        print(f"   misjudged [{p['id']}] {p['category'] or 'All Play'} {'/'.join(p['letters'])}: "
              f"{r['word']!r} is {expected}, judge said {r['verdict'].reason}")
    if limit is not None and len(wrong) > limit:
        print(f"   ... and {len(wrong) - limit} more")


def run_language(lang: str, prompts: list[dict[str, Any]], misses: bool = False) -> bool:
    prompts = deck_ids(lang, prompts)
    before = resident_mb()
    started = time.perf_counter()
    warm_up(lang)
    load = time.perf_counter() - started
    hands = Counter(p["hand"] for p in prompts if p.get("hand"))
    held = f"{sum(p['heldout'] and not p.get('hand') for p in prompts)} held out"
    held += "".join(f", {n} {HANDS[hand]}" for hand, n in sorted(hands.items()))
    print(f"\n== {lang}: {len(prompts)} prompts ({held}); "
          f"judge and bot loaded in {load:.1f} s, {resident_mb() - before:.0f} MB more resident memory")
    rows: list[dict[str, Any]] = []
    latencies: list[float] = []
    for prompt in tqdm(prompts, desc=f"{lang} judge", unit="prompt", file=sys.stderr):
        letters, category = prompt["letters"], prompt["category"]
        answers = [(w, True, "") for w in prompt["valid"]]
        answers += [(i["word"], False, i.get("why", "?")) for i in prompt["invalid"]]
        for word, valid, why in answers:
            # The judge's own CPU time: on a shared machine, wall time also counts other processes' turns.
            tick = time.thread_time()
            verdict = judge_answer(lang, word, letters, category)
            latencies.append(time.thread_time() - tick)
            rows.append({"prompt": prompt, "word": word, "valid": valid, "why": why, "verdict": verdict,
                         "reference": dictionary_only(lang, word, letters)})
    # latency of a fresh judge call: the cache off (the game rarely asks the same question twice)
    fresh: list[float] = []
    from duoplay.games.duple.words import judge as judge_module

    judge_module._judge.cache_clear()
    for row in rows:
        tick = time.thread_time()
        judge_answer(lang, row["word"], row["prompt"]["letters"], row["prompt"]["category"])
        fresh.append(time.thread_time() - tick)

    ok = True
    # other hands' prompts are splits of their own, out of "all" and of its targets
    splits: list[tuple[str, Callable[[dict[str, Any]], bool]]] = [
        ("seen", lambda p: not p["heldout"] and not p.get("hand")),
        ("held-out", lambda p: p["heldout"] and not p.get("hand")),
        ("all", lambda p: not p.get("hand")),
    ]
    for hand in sorted(hands):
        splits.append((HANDS[hand], lambda p, hand=hand: p.get("hand") == hand))
    for split, keep in splits:
        chosen = [r for r in rows if keep(r["prompt"])]
        if not chosen:
            print(f"-- {split}: no prompts")
            continue
        valid = [r for r in chosen if r["valid"]]
        invalid = [r for r in chosen if not r["valid"]]
        accepted = pct(sum(r["verdict"].accepted for r in valid), len(valid))
        rejected = pct(sum(not r["verdict"].accepted for r in invalid), len(invalid))
        ref_accepted = pct(sum(r["reference"] for r in valid), len(valid))
        ref_rejected = pct(sum(not r["reference"] for r in invalid), len(invalid))
        print(f"-- {split}: valid accepted {accepted:.1f}% of {len(valid)} "
              f"(dictionary-only {ref_accepted:.1f}%); "
              f"invalid rejected {rejected:.1f}% of {len(invalid)} (dictionary-only {ref_rejected:.1f}%)")
        whys = Counter(r["why"] for r in invalid)
        print("   invalid rejected by why: " + ", ".join(
            f"{why} {pct(sum(not r['verdict'].accepted for r in invalid if r['why'] == why), n):.0f}% of {n}"
            for why, n in sorted(whys.items())))
        if split == "all":
            ok = accepted >= TARGET_ACCEPT and rejected >= TARGET_REJECT
            print(f"   targets: valid accepted >= {TARGET_ACCEPT:.0f}% {mark(accepted >= TARGET_ACCEPT)}, "
                  f"invalid rejected >= {TARGET_REJECT:.0f}% {mark(rejected >= TARGET_REJECT)}")
        # never the held-out or third-hand ones: nothing may be tuned on them
        if split == "seen":
            show_misses(chosen, SHOWN)
        elif split == HANDS["second"] and misses:
            show_misses(chosen, None)
    p99 = 1000 * percentile(latencies, 0.99)
    p99_fresh = 1000 * percentile(fresh, 0.99)
    print(f"judge CPU time per answer: p50 {1000 * percentile(fresh, 0.5):.3f} ms, p99 {p99_fresh:.3f} ms, "
          f"max {1000 * max(fresh):.3f} ms (verdict cache cleared, dictionary lookups warm); "
          f"first pass p99 {p99:.3f} ms; "
          f"target first pass p99 < {TARGET_P99_MS:.0f} ms {mark(p99 < TARGET_P99_MS)}")
    ok = ok and p99 < TARGET_P99_MS

    answerable = [p for p in prompts if p["valid"] and not p.get("hand")]
    by_hand = [p for p in prompts if p["valid"] and p.get("hand")]
    times: list[float] = []
    answered = plain_answered = 0
    hand_answered: Counter[str] = Counter()
    unanswered: list[str] = []
    for prompt in tqdm(answerable + by_hand, desc=f"{lang} bot", unit="prompt", file=sys.stderr):
        tick = time.process_time()
        word = find_answer(lang, prompt["letters"], prompt["category"], 1.0, random.Random(0))
        if prompt.get("hand"):
            hand_answered[prompt["hand"]] += word is not None and judge_answer(
                lang, word, prompt["letters"], prompt["category"]).accepted
            continue
        times.append(time.process_time() - tick)
        if word is not None and judge_answer(lang, word, prompt["letters"], prompt["category"]).accepted:
            answered += 1
        elif not prompt["heldout"]:
            where = prompt["category"] or "All Play"
            unanswered.append(f"[{prompt['id']}] {where} {'/'.join(prompt['letters'])}")
        plain = plain_bot(lang, prompt["letters"])
        if plain is not None and judge_answer(lang, plain, prompt["letters"], prompt["category"]).accepted:
            plain_answered += 1
    share = pct(answered, len(answerable))
    plain_share = pct(plain_answered, len(answerable))
    ratio = share / plain_share if plain_share else float("inf")
    bot_p99 = 1000 * percentile(times, 0.99)
    print(f"hard bot: answered {share:.1f}% of {len(answerable)} prompts with a judge-accepted word "
          f"(no-lexicon bot {plain_share:.1f}%, ratio {ratio:.2f}); compute p50 "
          f"{1000 * percentile(times, 0.5):.2f} ms, p99 {bot_p99:.2f} ms, "
          f"max {1000 * max(times, default=0):.2f} ms")
    for hand in sorted(hands):
        asked = sum(p.get("hand") == hand for p in by_hand)
        print(f"   {HANDS[hand]}: answered {pct(hand_answered[hand], asked):.1f}% of {asked} prompts")
    if unanswered:
        print("   bot found nothing accepted (seen prompts): " + "; ".join(unanswered[:SHOWN]))
    print(f"   targets: answered >= {TARGET_BOT:.0f}% {mark(share >= TARGET_BOT)}, "
          f"p99 < {TARGET_BOT_MS:.0f} ms {mark(bot_p99 < TARGET_BOT_MS)}")
    return ok and share >= TARGET_BOT and bot_p99 < TARGET_BOT_MS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lang", nargs="+", default=list(LANGUAGES), choices=LANGUAGES)
    parser.add_argument("--prompts", type=Path, default=PROMPTS, help="folder of <lang>.json prompt files")
    parser.add_argument("--second", action="store_true",
                        help="also read <lang>_second.json: a second hand's prompts (a tuning set)")
    parser.add_argument("--misses", action="store_true",
                        help="with --second: print every second-hand answer the judge misjudged")
    parser.add_argument("--third", action="store_true",
                        help="also read <lang>_third.json: a third hand's held-out prompts")
    args = parser.parse_args()
    print(f"Duple judge benchmark, {time.strftime('%Y-%m-%d %H:%M')}")
    results: dict[str, bool] = {}
    for lang in args.lang:
        path = args.prompts / f"{lang}.json"
        if not path.exists():
            print(f"\n== {lang}: no prompts ({path} is missing)")
            continue
        prompts = json.loads(path.read_text("utf-8"))["prompts"]
        for hand in [h for h in HANDS if getattr(args, h)]:
            other = args.prompts / f"{lang}_{hand}.json"
            if other.exists():
                prompts += [{**p, "hand": hand} for p in json.loads(other.read_text("utf-8"))["prompts"]]
        results[lang] = run_language(lang, prompts, misses=args.misses)
    print("\nall targets: " + ", ".join(f"{lang} {mark(ok)}" for lang, ok in results.items()))


if __name__ == "__main__":
    main()
