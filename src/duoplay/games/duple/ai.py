"""Duple as a Gymnasium text environment for language-model agents (the game's `ai_text_env`).

Each episode is one prompt, drawn as the game draws them: a face-off's two letters (two letter
cards whose symbols match, or that match a wild card's two symbols) and a category card, or,
`all_play_share` of the time, an All Play with 3-5 face-up letters and no category. The agent
answers with a word (a `Text` action; a full stop or quotes around it are dropped); the judge
decides: reward 1.0 if it accepts the word, else 0.0, and `info` holds the verdict's `reason`
and `detail`. An action that is not text, or is longer than the action space allows, is
`malformed` and costs `malformed_penalty` (0 or more).

An episode is one answer, or up to `max_tries` answers to the same prompt: it ends at the
first accepted word or when the tries are used up. `prompt()` words the current prompt as one
sentence an LLM can read. Needs the `ai` extra (Gymnasium); `duoplay.ai.text_env("duple")`
is the way in.
"""

from __future__ import annotations

import string
from typing import Any

import gymnasium
from gymnasium import spaces

from duoplay.games.duple.cards import LANGUAGES, LETTER_CARDS, WILD_CARDS, Deck, deck
from duoplay.games.duple.words.judge import judge_answer, warm_up

Observation = dict[str, Any]  # three texts: letters, category, lang

MAX_WORD = 60
LANGUAGE_NAMES = {"es": "Spanish", "en": "English", "sv": "Swedish", "pl": "Polish", "fr": "French"}
# What a word may be written with: Latin letters with or without accents (Latin-1 and Latin
# Extended-A: Polish ą ł ż, French œ, Swedish å ä ö), digits, and a few signs.
WORD_CHARSET = frozenset(string.ascii_letters + string.digits + " -'.·’"
                         + "".join(chr(c) for c in range(0xC0, 0x180) if chr(c).isalpha()))
ALL_PLAY_LETTERS = (3, 5)
# What a language model's answer often wraps the word in: a full stop or other end of sentence,
# and quotes; the judge reads the word inside.
SENTENCE_END = ".!?…"
QUOTES = "\"“”«»'"


def answer_word(answer: str) -> str:
    """The word of an answer: without surrounding spaces, a sentence's end ("queen." is "queen")
    or the quotes around it."""
    word = answer.strip().rstrip(SENTENCE_END).strip()
    if len(word) >= 2 and word[0] in QUOTES and word[-1] in QUOTES:
        word = word[1:-1].strip().rstrip(SENTENCE_END).strip()
    return word


def _observation_charset(cards: Deck) -> frozenset[str]:
    text = "".join(letter for letter, _ in cards.letters) + cards.lang + cards.all_play_name
    text += "".join(category.name for category in cards.categories.values())
    return frozenset(text + " ")


class DupleWordEnv(gymnasium.Env[Observation, str]):
    """One Duple prompt per episode: letters and a category in, a word out, the judge as the reward."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 - Gymnasium's own type

    def __init__(self, lang: str = "es", seed: int | None = None, all_play_share: float = 0.1,
                 max_tries: int = 1, malformed_penalty: float = 0.0,
                 render_mode: str | None = None) -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}: choose one of {', '.join(LANGUAGES)}")
        if not 0.0 <= all_play_share <= 1.0:
            raise ValueError("all_play_share is a share: between 0 and 1")
        if max_tries < 1:
            raise ValueError("max_tries must be at least 1")
        if not malformed_penalty >= 0.0:
            raise ValueError(f"malformed_penalty is what a malformed answer costs, 0 or more (0.5 gives a "
                             f"reward of -0.5), not {malformed_penalty!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}")
        self.lang = lang
        self.cards = deck(lang)
        self.all_play_share = all_play_share
        self.max_tries = max_tries
        self.malformed_penalty = malformed_penalty
        self.render_mode = render_mode
        longest = max(len(self.cards.all_play_name),
                      *(len(c.name) for c in self.cards.categories.values()))
        charset = _observation_charset(self.cards)
        self.observation_space = spaces.Dict({
            "letters": spaces.Text(3 * 2 * ALL_PLAY_LETTERS[1], min_length=1, charset=charset),
            "category": spaces.Text(longest, min_length=0, charset=charset),
            "lang": spaces.Text(len(lang), min_length=len(lang), charset=charset),
        })
        self.action_space = spaces.Text(MAX_WORD, min_length=0, charset=WORD_CHARSET)
        self.letters: tuple[str, ...] = ()
        self.category: str | None = None  # the category card's id; None during an All Play
        self.tries_left = 0
        warm_up(lang)  # the judge's dictionary and word lists: seconds, once per process
        if seed is not None:
            self.reset(seed=seed)

    # -- drawing a prompt, as the game does ---------------------------------------------------

    def _card(self, symbol: str | None = None, besides: int = -1) -> int:
        choices = [i for i in range(LETTER_CARDS)
                   if i != besides and (symbol is None or self.cards.symbol(i) == symbol)]
        return choices[int(self.np_random.integers(len(choices)))]

    def _faceoff_letters(self) -> tuple[str, ...]:
        """The top cards of two piles that match: the same symbol, or a wild card's two symbols."""
        wild_odds = WILD_CARDS / (LETTER_CARDS + WILD_CARDS)
        if self.np_random.random() < wild_odds:
            wild = LETTER_CARDS + int(self.np_random.integers(WILD_CARDS))
            first_symbol, second_symbol = self.cards.wild_symbols(wild)
            first = self._card(first_symbol)
            second = self._card(second_symbol, besides=first)
        else:
            first = self._card()
            second = self._card(self.cards.symbol(first), besides=first)
        return self.cards.letter(first), self.cards.letter(second)

    def _all_play_letters(self) -> tuple[str, ...]:
        """Every different letter face up on the table (the game shows each letter once)."""
        low, high = ALL_PLAY_LETTERS
        wanted = low + int(self.np_random.integers(high - low + 1))
        seen: dict[str, None] = {}
        while len(seen) < wanted:
            seen[self.cards.letter(self._card())] = None
        return tuple(seen)

    def _draw(self) -> None:
        if self.np_random.random() < self.all_play_share:
            self.letters, self.category = self._all_play_letters(), None
            return
        self.letters = self._faceoff_letters()
        names = list(self.cards.categories)
        self.category = names[int(self.np_random.integers(len(names)))]

    # -- the Gymnasium API ---------------------------------------------------------------------

    def _observation(self) -> Observation:
        name = "" if self.category is None else self.cards.categories[self.category].name
        return {"letters": " ".join(self.letters), "category": name, "lang": self.lang}

    def _prompt_info(self) -> dict[str, Any]:
        return {"letters": list(self.letters), "category_id": self.category,
                "all_play": self.category is None, "tries_left": self.tries_left,
                "prompt": self.prompt()}

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        self._draw()
        self.tries_left = self.max_tries
        return self._observation(), self._prompt_info()

    def step(self, action: str) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        if not self.letters:
            raise RuntimeError("call reset() before step()")
        if self.tries_left == 0:
            raise RuntimeError("the episode is over: call reset()")
        self.tries_left -= 1
        if not isinstance(action, str) or len(action) > MAX_WORD:
            reward, accepted, reason, detail, word = 0.0 - self.malformed_penalty, False, "malformed", "", ""
        else:
            word = answer_word(action)
            verdict = judge_answer(self.lang, word, self.letters, self.category)
            reward = 1.0 if verdict.accepted else 0.0
            accepted, reason, detail = verdict.accepted, verdict.reason, verdict.detail
        if accepted:
            self.tries_left = 0
        info = {**self._prompt_info(), "word": word, "accepted": accepted, "reason": reason,
                "detail": detail}
        return self._observation(), reward, self.tries_left == 0, False, info

    def render(self) -> str | None:
        return self.prompt() if self.render_mode == "ansi" else None

    def prompt(self) -> str:
        """The current prompt as one sentence, e.g. "Say one Spanish word containing L and D
        that fits the category 'animal'." """
        if not self.letters:
            raise RuntimeError("call reset() first")
        letters = self.letters[0] if len(self.letters) == 1 else \
            f"{', '.join(self.letters[:-1])} and {self.letters[-1]}"
        language = LANGUAGE_NAMES.get(self.lang, self.lang)
        if self.category is None:
            return f"Say one {language} word containing {letters} (any word of the language, no names)."
        category = self.cards.categories[self.category]
        said = "name (one or more words)" if category.proper_nouns else "word"
        return f"Say one {language} {said} containing {letters} that fits the category '{category.name}'."
