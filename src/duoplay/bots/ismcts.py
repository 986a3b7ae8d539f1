"""Single-observer information-set Monte Carlo tree search (Cowling, Powley and Whitehouse, 2012).

Generic over games: the searching seat sees only its view. Each iteration samples
one full state consistent with that view (a determinization), walks the tree with
UCB restricted to the actions available in that sample (a child's availability
count replaces the parent's visit count), adds one node, plays the rest out with a
rollout policy, and backs up the result for the seat that moved at each node.

What a game must offer: `sample_state(view, seat, rng)`, `legal_actions`, `apply`,
`to_move` and `outcome`. Round-based games may add two hooks so that a rollout
stops at the end of the current round instead of the whole match:

- `round_mark(state) -> object`: a cheap marker of the round a state is in;
- `round_value(mark, state, seat) -> float | None`: `None` while the round that
  `mark` names is still being played, else what it was worth to `seat`, in [0, 1].

Options, each off unless given:

- `rollout`: the simulation policy (uniformly random by default);
- `prior`: a policy whose move is tried first at every node and favoured by a
  progressive bias; below the root, other moves are added as a node's visits grow
  (progressive widening), so thin statistics do not rest on random moves;
- `opponent_policy`: the other seats move by this policy instead of tree nodes;
- `paired_root`: every root action is tried on the same sampled state with the same
  rollout seed, and the prior's move is kept unless another one did better on those
  shared samples by more than `switch_z` standard errors;
- `workers`: inside a bot pool's worker, how many searches each decision is spread over
  through the pool (root parallelisation, see `spread.py`; by default as many as the pool
  has workers); the trees' root visit counts are summed. Outside a pool a search runs
  alone on its process.

Actions must be hashable (they are small frozen values by the protocol).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from duoplay.bots import spread
from duoplay.bots.spread import GRACE_S, Helpers, fresh_seeds, split_iterations
from duoplay.core.protocol import JSON

# A rollout policy picks one of `legal` for `seat` in a sampled state.
RolloutPolicy = Callable[[Any, int, Sequence[Any], random.Random], Any]
# Drops actions that are never better than another legal one (fewer branches to search).
ActionFilter = Callable[[Sequence[Any]], Sequence[Any]]


def _paired_choice(results: dict[Any, list[float]], preferred: Any, z: float) -> Any:
    """The prior's action unless another did better on the same samples by more than `z`
    standard errors of the paired difference; without a prior, the best mean."""
    if preferred not in results:
        return max(results, key=lambda a: sum(results[a]) / max(len(results[a]), 1))
    base = results[preferred]
    best, best_gain = preferred, 0.0
    for action, values in results.items():
        n = min(len(values), len(base))
        if action == preferred or n < 2:
            continue
        diffs = [values[i] - base[i] for i in range(n)]
        mean = sum(diffs) / n
        spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
        if mean > z * spread and mean > best_gain:
            best, best_gain = action, mean
    return best


def _as_the_game_makes_them(actions: list[Any], legal: Sequence[Any]) -> list[Any]:
    """The game's own instances of `actions` (equal values): actions that crossed a process
    boundary are copies, and a policy may recognise an action by identity."""
    own = {action: action for action in legal}
    return [own.get(action, action) for action in actions]


def random_rollout(state: Any, seat: int, legal: Sequence[Any], rng: random.Random) -> Any:
    return legal[rng.randrange(len(legal))]


class SearchGame(Protocol):
    def sample_state(self, view: JSON, seat: int, rng: random.Random) -> Any: ...

    def legal_actions(self, state: Any, seat: int) -> Sequence[Any]: ...

    def apply(self, state: Any, seat: int | None, action: Any) -> Any: ...

    def to_move(self, state: Any) -> tuple[int, ...]: ...

    def outcome(self, state: Any) -> Any: ...

    def copy_state(self, state: Any) -> Any: ...


class _Node:
    __slots__ = ("action", "actor", "available", "children", "reward", "visits")

    def __init__(self, action: Hashable | None, actor: int) -> None:
        self.action = action
        self.actor = actor  # the seat that took `action` to get here; rewards are its own
        self.children: dict[Hashable, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.available = 0  # iterations in which `action` was legal at the parent


class Ismcts:
    """A bot that searches for `time_ms` per decision (and/or `iterations` per decision)."""

    def __init__(
        self,
        game: SearchGame,
        *,
        time_ms: float | None = 200.0,
        iterations: int | None = None,
        exploration: float = 0.7,
        rollout: RolloutPolicy = random_rollout,
        action_filter: ActionFilter | None = None,
        prior: RolloutPolicy | None = None,
        prior_weight: float = 0.5,
        opponent_policy: RolloutPolicy | None = None,
        paired_root: bool = False,
        switch_z: float = 1.0,
        widening: float = 1.0,
        max_rollout_steps: int = 2000,
        workers: int | None = None,
        seed: int | None = None,
        name: str = "ismcts",
    ) -> None:
        if time_ms is None and iterations is None:
            raise ValueError("give ISMCTS a time budget, an iteration budget or both")
        self.game = game
        self.time_ms = time_ms
        self.iterations = iterations
        self.exploration = exploration
        self.rollout = rollout
        self.action_filter = action_filter
        self.prior = prior
        self.prior_weight = prior_weight
        self.opponent_policy = opponent_policy
        self.paired_root = paired_root
        self.switch_z = switch_z
        self.widening = widening
        self.max_rollout_steps = max_rollout_steps
        self.workers: int | None = None
        self.set_workers(workers)
        self.name = name
        self._random = random.Random(seed)
        self._round_mark: Callable[[Any], Any] | None = getattr(game, "round_mark", None)
        self._round_value: Callable[[Any, Any, int], float | None] | None = getattr(
            game, "round_value", None)
        self._seat = 0  # the seat searching now
        self.last_iterations = 0  # how many iterations the last decision ran (for benchmarks)

    def set_budget(self, time_ms: float | None, iterations: int | None = None) -> None:
        if time_ms is None and iterations is None:
            raise ValueError("give ISMCTS a time budget, an iteration budget or both")
        self.time_ms, self.iterations = time_ms, iterations

    def set_workers(self, workers: int | None) -> None:
        """Inside a bot pool, spread each decision over `workers` searches (None: one per worker
        of the pool); outside a pool a search runs alone whatever this says."""
        if workers is not None and (workers < 1 or (workers > 1 and self.paired_root)):
            raise ValueError("workers must be 1 or more, and 1 with paired_root")
        self.workers = workers

    def reseed(self, seed: int) -> None:
        self._random = random.Random(seed)

    def choose(self, view: JSON, legal: Sequence[Any], seat: int) -> Any:
        options = self._filter(legal)
        if len(options) == 1:
            self.last_iterations = 0
            return options[0]
        if self.paired_root:
            return self._choose_paired(view, options, seat)
        helpers = spread.current()
        searches = 1 if helpers is None else min(self.workers or helpers.size, helpers.size)
        if helpers is not None and searches > 1:
            visits = self._spread_visits(view, options, seat, helpers, searches)
        else:
            visits = self.root_visits(view, options, seat, helpers.started if helpers else None)
        return options[max(range(len(options)), key=visits.__getitem__)]

    def _choose_paired(self, view: JSON, options: list[Any], seat: int) -> Any:
        self._seat = seat
        root = _Node(None, seat)
        deadline = math.inf if self.time_ms is None else time.perf_counter() + self.time_ms / 1000
        limit = self.iterations if self.iterations is not None else math.inf
        done = 0
        preferred: Any = None
        results: dict[Any, list[float]] = {action: [] for action in options}
        while done < limit and (done == 0 or time.perf_counter() < deadline):
            state = self.game.sample_state(view, seat, self._random)
            if preferred is None and self.prior is not None:
                preferred = self.prior(state, seat, options, self._random)
            for action, value in self._sweep(root, state, options).items():
                results[action].append(value)
            done += len(options)
        self.last_iterations = done
        return _paired_choice(results, preferred, self.switch_z)

    def root_visits(self, view: JSON, options: Sequence[Any], seat: int, started: float | None = None,
                    should_stop: Callable[[], bool] | None = None) -> list[int]:
        """Search for the budget and count the visits of each root action, in `options` order
        (the most visited is the robust choice). The time budget runs from `started`
        (`time.monotonic()`, by default now); `should_stop` ends the search sooner."""
        self._seat = seat
        root = _Node(None, seat)
        now = time.monotonic()
        deadline = math.inf if self.time_ms is None else min(
            started if started is not None else now, now) + self.time_ms / 1000
        limit = self.iterations if self.iterations is not None else math.inf
        done = 0
        actions = list(options)
        while done < limit and (done == 0 or (time.monotonic() < deadline
                                              and not (should_stop is not None and should_stop()))):
            state = self.game.sample_state(view, seat, self._random)
            if done == 0:
                actions = _as_the_game_makes_them(actions, self.game.legal_actions(state, seat))
            self._iterate(root, state, actions, None, self._random)
            done += 1
        self.last_iterations = done
        return [root.children[a].visits if a in root.children else 0 for a in actions]

    def _spread_visits(self, view: JSON, options: list[Any], seat: int, helpers: Helpers,
                       searches: int) -> list[int]:
        """Helpers of the pool search the same view while this process does; root visits summed."""
        started = helpers.started
        budgets = split_iterations(self.iterations, searches)
        parts = list(zip(fresh_seeds(self._random, searches - 1), budgets[1:], strict=True))
        expires = None if self.time_ms is None else started + self.time_ms / 1000
        tag = helpers.post(_RootSearch(self, view, options, seat, started), parts, expires)
        own_budget = self.iterations
        self.iterations = budgets[0]
        try:
            visits = self.root_visits(view, options, seat, started)
        finally:
            self.iterations = own_budget
        done = self.last_iterations
        for counts in helpers.gather(tag, None if expires is None else expires + GRACE_S):
            visits = [mine + theirs for mine, theirs in zip(visits, counts, strict=True)]
            done += sum(counts)
        self.last_iterations = done
        return visits

    def _sweep(self, root: _Node, state: Any, options: list[Any]) -> dict[Any, float]:
        """Try every root action in copies of one sampled state with one rollout seed, so that
        their results differ by the action, not by the luck of the sample."""
        seed = self._random.getrandbits(64)
        copy_state = self.game.copy_state
        return {action: self._iterate(root, copy_state(state), options, action, random.Random(seed))
                for action in options}

    def _filter(self, legal: Sequence[Any]) -> list[Any]:
        kept = list(self.action_filter(legal)) if self.action_filter is not None else list(legal)
        return kept or list(legal)

    def _iterate(self, root: _Node, state: Any, root_options: list[Any], forced: Any,
                 rng: random.Random) -> float:
        """One iteration; returns what it was worth to the searching seat."""
        game = self.game
        opponent_policy, seat = self.opponent_policy, self._seat
        mark = self._round_mark(state) if self._round_mark is not None else None
        path: list[_Node] = []
        node = root
        ended = self._ended(state, mark)
        # Selection and expansion: descend while every available action has been tried.
        while not ended:
            actor = game.to_move(state)[0]
            if opponent_policy is not None and actor != seat:
                # The opponents are modelled by a policy: no tree nodes for their moves.
                game.apply(state, actor, opponent_policy(state, actor, game.legal_actions(state, actor), rng))
                ended = self._ended(state, mark)
                continue
            if node is root and forced is not None:
                child = root.children.get(forced)
                if child is None:
                    child = root.children[forced] = _Node(forced, actor)
                child.available += 1
                game.apply(state, actor, forced)
                path.append(child)
                node = child
                ended = self._ended(state, mark)
                continue
            legal = root_options if node is root else self._filter(game.legal_actions(state, actor))
            preferred = self.prior(state, actor, legal, rng) if self.prior is not None else None
            untried = []
            tried = 0
            children = node.children
            for action in legal:
                child = children.get(action)
                if child is None:
                    untried.append(action)
                else:
                    child.available += 1
                    tried += 1
            # Progressive widening below the root: a new action is tried only once the node
            # has been visited often enough, so thin statistics do not rest on random moves.
            if untried and (node is root or tried == 0 or tried < self.widening * math.sqrt(node.visits)):
                if preferred is not None and preferred in untried:
                    action = preferred
                else:
                    action = untried[rng.randrange(len(untried))]
                child = _Node(action, actor)
                child.available = 1
                children[action] = child
                game.apply(state, actor, action)
                path.append(child)
                ended = self._ended(state, mark)
                break
            node = self._select(children, legal, preferred)
            game.apply(state, actor, node.action)
            path.append(node)
            ended = self._ended(state, mark)
        # Simulation.
        steps = 0
        while not ended and steps < self.max_rollout_steps:
            actor = game.to_move(state)[0]
            game.apply(state, actor, self.rollout(state, actor, game.legal_actions(state, actor), rng))
            steps += 1
            ended = self._ended(state, mark)
        # Backpropagation: each node keeps the reward of the seat that moved into it.
        values: dict[int, float] = {seat: self._value(state, mark, seat)}
        for visited in path:
            actor = visited.actor
            if actor not in values:
                values[actor] = self._value(state, mark, actor)
            visited.visits += 1
            visited.reward += values[actor]
        return values[seat]

    def _select(self, children: dict[Hashable, _Node], legal: list[Any], preferred: Any) -> _Node:
        best: _Node | None = None
        best_score = -math.inf
        c = self.exploration
        for action in legal:
            child = children.get(action)
            if child is None:
                continue  # not tried yet (progressive widening)
            visits = child.visits
            score = child.reward / visits + c * math.sqrt(math.log(child.available) / visits)
            if action == preferred:
                # Progressive bias: trust the prior policy until the statistics speak.
                score += self.prior_weight / math.sqrt(visits)
            if score > best_score:
                best, best_score = child, score
        assert best is not None
        return best

    def _ended(self, state: Any, mark: Any) -> bool:
        if self._round_value is not None:
            return self._round_value(mark, state, 0) is not None  # a match ends with a round
        return self.game.outcome(state) is not None

    def _value(self, state: Any, mark: Any, seat: int) -> float:
        if self._round_value is not None:
            value = self._round_value(mark, state, seat)
            if value is not None:
                return value
        outcome = self.game.outcome(state)
        if outcome is not None:
            return float(outcome.results[seat])
        return 0.5  # the rollout hit its step limit: call it even


@dataclass
class _RootSearch:
    """One helper's share of a decision: the same search over the same view, its own seed."""

    search: Ismcts
    view: JSON
    options: list[Any]
    seat: int
    started: float  # `time.monotonic()` when the decision was asked for

    def run(self, part: tuple[int, int | None], should_stop: Callable[[], bool]) -> list[int] | None:
        seed, iterations = part
        search = self.search
        if search.time_ms is not None and time.monotonic() >= self.started + search.time_ms / 1000:
            return None  # picked up too late: the decision is being made without us
        search.iterations = iterations
        search.reseed(seed)
        return search.root_visits(self.view, self.options, self.seat, self.started, should_stop)
