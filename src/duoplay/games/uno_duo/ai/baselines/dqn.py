"""DQN: a small Q-network (one hidden layer) trained against bots, NumPy only.

Double DQN with n-step returns (`n_step` moves of rewards, then the discounted value of the
position reached; None: each move with the rest of its game), experience replay, a target network
copied every `target_every` updates, epsilon-greedy exploration among the legal actions, the Huber
loss and Adam. What made it learn, each measured against the settings before (docs/ai.md):

- the network is a position's value plus each action's advantage, the advantages starting at zero
  (`policies.QNetwork`): with random starting values the greedy policy chased untried actions;
- a game stopped at `max_moves` (120 of the agent's moves; the heuristic bot's games to 30 points
  take a median 26, 1-2% of them more than 120) counts as lost: otherwise drawing a card every
  turn puts a loss off for ever, and the network learnt to do just that (with 300, two seeds of
  three fell back into it within 3 CPU minutes);
- potential-based shaping on the card lead (`shaping` per card; the lead is the opponent's hand
  less one's own): a move that grows the lead is paid at once and given back if the lead shrinks,
  which leaves the best policy unchanged but tells a drawn card from a played one on the move;
- a slow learning rate (1e-4) and a target network copied every 2,000 updates: at 5e-4 and 500
  the policy learnt and then collapsed within minutes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from duoplay.ai.opponents import OpponentSpec
from duoplay.games.uno_duo.ai.baselines.policies import Array, QNetwork, masked
from duoplay.games.uno_duo.ai.baselines.training import Budget, opponent_envs
from duoplay.games.uno_duo.ai.encoding import card_lead


class Replay:
    """The last `capacity` transitions, sampled uniformly. A transition's `discount` multiplies the
    value of the position it reaches: gamma to the number of moves it spans, 0 when the game ended."""

    def __init__(self, capacity: int, features: int, actions: int) -> None:
        self.observations = np.zeros((capacity, features), np.float32)
        self.actions = np.zeros(capacity, np.int64)
        self.rewards = np.zeros(capacity, np.float32)
        self.next_observations = np.zeros((capacity, features), np.float32)
        self.next_masks = np.zeros((capacity, actions), np.int8)
        self.discounts = np.zeros(capacity, np.float32)
        self.capacity, self.size, self._next = capacity, 0, 0

    def add(self, observation: Array, action: int, reward: float, next_observation: Array,
            next_mask: Any, discount: float) -> None:
        at = self._next
        self.observations[at], self.actions[at], self.rewards[at] = observation, action, reward
        self.next_observations[at], self.next_masks[at] = next_observation, next_mask
        self.discounts[at] = discount
        self._next = (at + 1) % self.capacity
        self.size = min(self.size + 1, self.capacity)

    def sample(self, count: int, rng: np.random.Generator) -> tuple[Any, ...]:
        at = rng.integers(self.size, size=count)
        return (self.observations[at], self.actions[at], self.rewards[at], self.next_observations[at],
                self.next_masks[at], self.discounts[at])


class Steps:
    """Each game's last moves, handed to the replay as n-step transitions (`n_step` None: each move
    with the rest of its game, a Monte Carlo return that bootstraps from nothing)."""

    def __init__(self, memory: Replay, n_step: int | None, gamma: float) -> None:
        self.memory, self.n_step, self.gamma = memory, n_step, gamma
        self.pending: dict[tuple[int, int], list[tuple[Array, int, float]]] = {}

    def _emit(self, moves: list[tuple[Array, int, float]], next_observation: Array, next_mask: Any,
              ended: bool) -> None:
        returns = sum(self.gamma ** t * reward for t, (_, _, reward) in enumerate(moves))
        discount = 0.0 if ended else self.gamma ** len(moves)
        self.memory.add(moves[0][0], moves[0][1], returns, next_observation, next_mask, discount)

    def add(self, game: tuple[int, int], observation: Array, action: int, reward: float,
            next_observation: Array, next_mask: Any, done: bool) -> None:
        moves = self.pending.setdefault(game, [])
        moves.append((observation, action, reward))
        if done:  # every move still pending sees the game's end
            while moves:
                self._emit(moves, next_observation, next_mask, ended=True)
                moves.pop(0)
        elif self.n_step is not None and len(moves) == self.n_step:
            self._emit(moves, next_observation, next_mask, ended=False)
            moves.pop(0)


class Adam:
    def __init__(self, parameters: list[Array], rate: float) -> None:
        self.parameters, self.rate, self.t = parameters, rate, 0
        self.m = [np.zeros_like(p) for p in parameters]
        self.v = [np.zeros_like(p) for p in parameters]

    def step(self, gradients: list[Array]) -> None:
        self.t += 1
        for p, g, m, v in zip(self.parameters, gradients, self.m, self.v, strict=True):
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            p -= self.rate * (m / (1 - 0.9 ** self.t)) / (np.sqrt(v / (1 - 0.999 ** self.t)) + 1e-8)


def targets(network: QNetwork, target: QNetwork, batch: tuple[Any, ...]) -> Array:
    """What each transition's value should be: its rewards and, unless its game ended, the discounted
    value of the best legal action at the position reached (chosen by `network`, valued by
    `target`: double DQN)."""
    _, _, rewards, next_observations, next_masks, discounts = batch
    best = masked(network.values(next_observations), next_masks).argmax(axis=1)
    ahead = target.values(next_observations)[np.arange(len(best)), best]
    return rewards + discounts * ahead  # type: ignore[no-any-return]


def gradients(network: QNetwork, observations: Array, actions: Any, wanted: Array
              ) -> tuple[float, list[Array]]:
    """The Huber loss of the chosen actions' values against `wanted`, and its gradient by parameter."""
    hidden = network.hidden(observations)
    values = network.values_from(hidden)
    rows = np.arange(len(actions))
    error = values[rows, actions] - wanted
    grad_values = np.zeros_like(values)
    grad_values[rows, actions] = np.clip(error, -1.0, 1.0) / len(actions)  # the Huber loss's gradient
    grad_value = grad_values.sum(axis=1, keepdims=True)  # the position's value is in every action's
    grad_hidden = (grad_values @ network.w2.T + grad_value @ network.wv.T) * (hidden > 0)
    size = np.abs(error)
    loss = float(np.mean(np.where(size < 1.0, 0.5 * error * error, size - 0.5)))
    return loss, [observations.T @ grad_hidden, grad_hidden.sum(axis=0), hidden.T @ grad_values,
                  grad_values.sum(axis=0), hidden.T @ grad_value, grad_value.sum(axis=0)]


def _update(network: QNetwork, target: QNetwork, batch: tuple[Any, ...], optimiser: Adam) -> float:
    loss, grads = gradients(network, batch[0], batch[1], targets(network, target, batch))
    optimiser.step(grads)
    return loss


def shaped(rewards: Array, dones: Any, truncated: Any, observations: Array, next_observations: Array,
           gamma: float, shaping: float) -> Array:
    """The rewards the network learns from: a game stopped at `max_moves` counts as lost, as
    `evaluate` counts it (stalling is no refuge), and potential-based shaping pays `shaping` a card
    of lead gained on the move and takes it back when the lead shrinks (nothing after a game's end,
    whose next observation is already the next game's)."""
    result = np.where(truncated, -1.0, rewards)
    reached = np.where(dones, 0.0, gamma * card_lead(next_observations))
    return (result + shaping * (reached - card_lead(observations))).astype(np.float32)  # type: ignore[no-any-return]


def train_dqn(steps: int | None = None, seconds: float | None = None, games: int = 16,
              opponents: Sequence[OpponentSpec] = ("random", "heuristic"), hidden: int = 128,
              learning_rate: float = 1e-4, gamma: float = 0.99, n_step: int | None = 8,
              batch: int = 64, replay: int = 50_000, warm_up: int = 1_000, target_every: int = 2_000,
              explore_steps: int = 3_000, move_cost: float = 0.0, round_rewards: bool = False,
              max_moves: int | None = 120, shaping: float = 0.05, seed: int = 0,
              game_options: Mapping[str, Any] | None = None, progress: bool = False) -> QNetwork:
    """Train for `steps` vector steps or `seconds` of CPU time on `games` games at once, split among
    `opponents`; epsilon falls from 1 to 0.05 over the first `explore_steps` vector steps."""
    envs = opponent_envs(games, opponents, seed, game_options, round_rewards=round_rewards,
                         max_moves=max_moves)
    features, actions_count = envs[0].observation_size, envs[0].action_count
    rng = np.random.default_rng(seed)
    network = QNetwork.initial(features, hidden, actions_count, rng)
    target = network.copy()
    optimiser = Adam(network.parameters(), learning_rate)
    memory = Replay(replay, features, actions_count)
    recent = Steps(memory, n_step, gamma)
    current = [env.reset() for env in envs]
    budget = Budget(steps, seconds, progress)
    updates, loss, going = 0, 0.0, True
    while going:
        epsilon = max(0.05, 1.0 - budget.done_steps / explore_steps)
        for k, env in enumerate(envs):
            observations, masks = current[k]
            greedy = masked(network.values(observations), masks).argmax(axis=1)
            explore = (rng.random(masks.shape) * masks).argmax(axis=1)
            actions = np.where(rng.random(env.n) < epsilon, explore, greedy)
            next_observations, next_masks, rewards, dones = env.step(actions)
            truncated = dones & np.isnan(env.results)  # no result: stopped at `max_moves`
            rewards = shaped(rewards, dones, truncated, observations, next_observations, gamma, shaping)
            for i in range(env.n):
                recent.add((k, i), observations[i], int(actions[i]), float(rewards[i]) - move_cost,
                          next_observations[i], next_masks[i], bool(dones[i]))
            current[k] = (next_observations, next_masks)
        if memory.size >= warm_up:
            loss = _update(network, target, memory.sample(batch, rng), optimiser)
            updates += 1
            if updates % target_every == 0:
                target = network.copy()
        won = sum(env.wins for env in envs) / max(1, sum(env.games_finished for env in envs))
        going = budget.tick(f"epsilon {epsilon:.2f} loss {loss:.4f} won {won:.2f}")
    return network
