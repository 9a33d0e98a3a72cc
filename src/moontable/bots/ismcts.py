"""The ISMCTS bot: Information Set Monte Carlo Tree Search over states dealt from its seat's view.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012). Each iteration deals a fresh full
state from the bot's view with the bot's own generator (so the hidden cards differ from one
iteration to the next and the search never sees the real ones) and walks one tree shared by all
deals. Below the root a node's children are actions; an action the current deal does not allow is
skipped, and each child counts how often it was available, which stands in for the parent's visits:

    Q + c * P * sqrt(available) / (1 + visits)        (PUCT, with P the game knowledge's prior)

Dice come from the iteration's own generator as play goes (an open-loop tree). The tree branches on
the game's major decisions (for Courts: playing and heralding a card); the rest of a move is finished
by the knowledge's quick policy. A new leaf is not played out to the end: play goes on with the
knowledge's `reply` for every seat (a model of a good player) until this seat is to make its
`horizon`-th major decision from there, and that state is evaluated (a cut-off evaluation, at the same
point of play for every leaf). The game's knowledge sets the horizon (default 1); for Courts it is 2: the
other court answers, this seat moves once more and the other court answers that, so a threat and its
answer (the Highwold taken, broken and taken again) show in the leaf, where a horizon of 1 saw only the
first answer.

The root is searched in rounds. The heuristic's option values pick a shortlist (`width` options, one
of each kind the knowledge tells apart); a round walks the tree once from each of them, all from the
same deal and the same dice (common random numbers), so the options are compared on equal terms; an
option whose paired differences with the best are clearly negative is dropped (`drop_z` standard
errors, after `min_rounds` rounds), and the search ends early when one option is left.

A game's knowledge may make the search flat (`flat = True`, Moonflight): no tree below the root, every
walk from a root option is the reply model's play for every seat, judged by the knowledge's own playout
with the walk's dice (`playout(state, seat, chance)`); options whose walks came to the same values on every
round are one option (the later one is dropped); and the heuristic's first choice is kept unless another
option's paired differences with it are `keep_z` standard errors above zero (`keep_z`), so that noise alone
never moves the search off the heuristic's choice. A flat search may weigh the choices inside a move too
(`fine_leaf(state, seat, chance)`, Moonflight: the game played to its End by the policy): those the heuristic
would answer alone are searched the same way, each option followed by that leaf, except the kinds the knowledge
lists in `exact` (Moonflight: the choice of precedence, where the higher retain limit is never worse): there the
heuristic's answer is proven, and a search could only move off it by noise.

The budget is a time (default 0.2 s of the bot's own CPU time, so that a busy machine does not make it
weaker; the wall time is at least that) or a number of iterations; with an iteration budget the choice
depends only on the view and the seed. Decisions with one option take no time, and town choices
(`Knowledge.is_fine`) are answered by the heuristic, which takes their exact expectation over the dice.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from typing import Any

from moontable.bots.base import Bot
from moontable.bots.knowledge import knowledge_for
from moontable.engine import Action, Decision, Game
from moontable.fair import RandomChance

__all__ = ["IsmctsBot", "SearchStats"]


class _Edge:
    __slots__ = ("prior", "n", "w", "avail", "child")

    def __init__(self, prior: float) -> None:
        self.prior = prior
        self.n = 0
        self.w = 0.0
        self.avail = 0
        self.child: dict[Action, _Edge] | None = None


class SearchStats:
    """What the searches did: iterations and CPU seconds, summed (for `moontable bench`)."""

    __slots__ = ("searches", "iterations", "seconds")

    def __init__(self) -> None:
        self.searches = 0
        self.iterations = 0
        self.seconds = 0.0


class IsmctsBot(Bot):
    level = "ismcts"

    def __init__(self, game: Game, seat: int, seed: int | None = None, *, seconds: float = 0.2,
                 iterations: int | None = None, c_puct: float = 0.25, root_temperature: float = 1.5,
                 reply_moves: int = 4, width: int | None = None, min_rounds: int = 4, drop_z: float = 2.0,
                 horizon: int | None = None, model_others: bool | None = None) -> None:
        super().__init__(game, seat, seed)
        self.knowledge = knowledge_for(game)
        self.seconds = seconds
        self.iterations = iterations
        self.c_puct = c_puct
        self.root_temperature = root_temperature
        self.reply_moves = reply_moves
        self.width = width or getattr(self.knowledge, "width", 6)  # the game's knowledge may narrow the shortlist
        self.min_rounds = min_rounds
        self.drop_z = drop_z
        self.horizon = horizon or getattr(self.knowledge, "horizon", 1)  # the game's knowledge may look further
        # optional: every seat's chance at once, for games of more than two seats (Moons)
        self._evaluate_all = getattr(self.knowledge, "evaluate_all", None)
        # optional: the other seats' moves are the reply model's, not nodes of the tree (Moons)
        self._model_others = bool(getattr(self.knowledge, "model_others", False) if model_others is None
                                  else model_others)
        # optional, for a flat search (Moonflight): see the module's docstring
        self._flat = bool(getattr(self.knowledge, "flat", False))
        self._playout = getattr(self.knowledge, "playout", None)
        self._keep_z: float | None = getattr(self.knowledge, "keep_z", None)
        self._fine_leaf = getattr(self.knowledge, "fine_leaf", None) if self._flat else None
        self._exact: frozenset[str] = frozenset(getattr(self.knowledge, "exact", ()))
        self.stats = SearchStats()

    def choose(self, view: dict[str, Any], decision: Decision) -> Action:
        if len(decision.options) == 1:
            return decision.options[0]
        k = self.knowledge
        rng = self.rng
        state = k.deal(view, rng)
        fine = k.is_fine(decision.kind)
        end = self._fine_leaf if fine and decision.kind not in self._exact else None
        if fine and end is None:
            return k.best(state, decision, rng)
        start = time.thread_time()
        values = k.option_values(state, decision, rng)
        shortlist = self._shortlist(state, decision, values)
        if len(shortlist) == 1:
            return shortlist[0]
        root_decision = Decision(decision.seat, decision.kind, tuple(shortlist), decision.prompt)
        root = self._root_edges(root_decision, values)
        samples: dict[Action, list[float]] = {o: [] for o in shortlist}
        alive = list(shortlist)
        done = 0
        while len(alive) > 1:
            if self.iterations is not None:
                if done + len(alive) > self.iterations and done:
                    break
            elif done and time.thread_time() - start >= self.seconds:
                break
            # one round: every option still in the running, from the same deal and the same dice
            deal = k.deal(view, rng) if done else state
            seed = rng.getrandbits(64)
            for o in alive:
                r = random.Random(seed)
                if end is None:
                    value = self._iterate(root, self.game.clone(deal), root_decision, RandomChance(r), r, o)
                else:  # a choice inside a move: the option, then the knowledge's own leaf
                    walk, chance = self.game.clone(deal), RandomChance(r)
                    self.game.advance(walk, decision.seat, o, chance)
                    value = end(walk, self.seat, chance)
                samples[o].append(value)
            done += len(alive)
            alive = self._survivors(alive, samples, merge=self._flat and end is None)
        self.stats.searches += 1
        self.stats.iterations += done
        self.stats.seconds += time.thread_time() - start
        chosen = max(alive, key=lambda o: (statistics.fmean(samples[o]) if samples[o] else 0.0, root[o].prior))
        if self._keep_z is not None:
            return self._kept(shortlist[0], chosen, samples)
        return chosen

    def _kept(self, first: Action, chosen: Action, samples: dict[Action, list[float]]) -> Action:
        """The heuristic's first choice unless `chosen` is clearly better on the rounds both were walked."""
        if chosen == first:
            return first
        rounds = min(len(samples[first]), len(samples[chosen]))
        if rounds < 2:
            return first
        diffs = [a - b for a, b in zip(samples[chosen][:rounds], samples[first][:rounds], strict=True)]
        mean = statistics.fmean(diffs)
        spread = math.sqrt(sum((x - mean) ** 2 for x in diffs) / rounds)
        assert self._keep_z is not None
        return chosen if mean > 0 and mean > self._keep_z * spread / math.sqrt(rounds) else first

    def _survivors(self, alive: list[Action], samples: dict[Action, list[float]], merge: bool) -> list[Action]:
        """Drop the options clearly worse than the best, judged on paired rounds (the same deal and dice); with
        `merge` (a flat search), an option whose rounds all came to what a higher one's did is that one.
        (Not for a won-or-lost leaf: two options that won the same few games are not the same.)"""
        rounds = len(samples[alive[0]])
        if rounds < self.min_rounds:
            return alive
        best = max(alive, key=lambda o: statistics.fmean(samples[o]))
        keep: list[Action] = []
        for o in alive:
            if merge and any(samples[o] == samples[k] for k in keep):
                continue  # it came to the same as an option ranked higher: the same option
            if o == best:
                keep.append(o)
                continue
            diffs = [a - b for a, b in zip(samples[best][-rounds:], samples[o][-rounds:], strict=True)]
            mean = statistics.fmean(diffs)
            # the sample standard deviation in floats (statistics.stdev is exact, and many times slower)
            spread = math.sqrt(max(0.0, sum((x - mean) ** 2 for x in diffs) / (len(diffs) - 1))) \
                if len(diffs) > 1 else 0.0
            if mean <= self.drop_z * spread / math.sqrt(len(diffs)):
                keep.append(o)
        return keep

    def _shortlist(self, state: Any, decision: Decision, values: dict[Action, float]) -> list[Action]:
        """The `width` best options by the heuristic's values, one of each kind the knowledge tells apart."""
        ranked = sorted(decision.options, key=lambda o: -values.get(o, -1e9))
        out: list[Action] = []
        seen: set[Any] = set()
        for o in ranked:
            key = self.knowledge.option_key(state, decision, o)
            if key in seen:
                continue
            seen.add(key)
            out.append(o)
            if len(out) >= self.width:
                break
        # options the game says a search must always weigh, however the heuristic ranks them
        pinned = getattr(self.knowledge, "pinned", None)
        if pinned is not None:
            out += [o for o in pinned(state, decision) if o not in out]
        return out

    def _root_edges(self, decision: Decision, values: dict[Action, float]) -> dict[Action, _Edge]:
        scores = [values.get(o, -1e9) for o in decision.options]
        top = max(scores)
        ex = [math.exp(max(-30.0, (x - top) / self.root_temperature)) for x in scores]
        total = sum(ex)
        return {o: _Edge(e / total) for o, e in zip(decision.options, ex, strict=True)}

    def _iterate(self, root: dict[Action, _Edge], s: Any, decision: Decision, chance: RandomChance, rng: Any,
                 forced: Action) -> float:
        """One walk down the tree from the root option `forced`; the leaf's value (a chance of winning)."""
        k = self.knowledge
        game = self.game
        children = root
        seat = decision.seat
        options = decision.options
        path: list[tuple[_Edge, int]] = []
        d: Decision | None = decision
        # a game's knowledge may say itself where a leaf is judged (Blue Moon: when this seat's next turn begins)
        leaf = getattr(k, "leaf", None)
        # with the others modelled, a game's knowledge may end the walk itself (Moons at 4 or more seats: at the
        # end of the trick the root is in, where its heuristic judges too)
        stop = getattr(k, "stop", None) if self._model_others else None
        mark = k.mark(s, self.seat) if leaf is not None or stop is not None else None
        stopped = False
        while True:
            if children is root:
                edge, action = root[forced], forced
            else:
                missing = [o for o in options if o not in children]
                if missing:
                    pri = k.priors(s, d)
                    for o, p in zip(options, pri, strict=True):
                        if o not in children:
                            children[o] = _Edge(p)
                edge, action = self._select(children, options, seat)
            game.advance(s, seat, action, chance)
            path.append((edge, seat))
            k.complete(s, rng, chance)
            if self._model_others:
                self._others_reply(s, rng, chance, None if stop is None else lambda: stop(s, self.seat, mark))
                stopped = stop is not None and stop(s, self.seat, mark)
            if stopped or edge.n == 0 or self._flat or game.result(s) is not None:
                break
            pending = game.pending(s)
            if not pending:
                break
            d = pending[0]
            seat, options = d.seat, d.options
            if edge.child is None:
                edge.child = {}
            children = edge.child
        # evaluate where this seat is next to decide, so that every leaf is judged at the same point of play;
        # with a longer horizon this seat's own next moves are played by the reply model first
        turns = 0
        for _ in range(0 if stopped else self.reply_moves * self.horizon):
            if game.result(s) is not None:
                break
            pending = game.pending(s)
            if not pending:
                break
            if leaf is not None:
                if leaf(s, self.seat, mark):
                    break
            elif pending[0].seat == self.seat and k.is_major(pending[0].kind):
                turns += 1
                if turns >= self.horizon:
                    break
            game.advance(s, pending[0].seat, k.reply(s, pending[0], rng, chance), chance)
            k.complete(s, rng, chance)
        every = self._evaluate_all
        if every is not None:  # a game of more seats: each seat's node is judged by its own chance (max^n)
            values = every(s)
            for e, who in path:
                e.n += 1
                e.w += values[who]
            return float(values[self.seat])
        value = k.evaluate(s, self.seat) if self._playout is None else self._playout(s, self.seat, chance)
        for e, who in path:
            e.n += 1
            e.w += value if who == self.seat else 1.0 - value
        return value

    def _others_reply(self, s: Any, rng: Any, chance: RandomChance, stop: Any = None) -> None:
        """Play the other seats' decisions with the reply model until this seat is to decide (or the end, or
        `stop()`)."""
        k, game = self.knowledge, self.game
        while game.result(s) is None and not (stop is not None and stop()):
            pending = game.pending(s)
            if not pending or pending[0].seat == self.seat:
                return
            game.advance(s, pending[0].seat, k.reply(s, pending[0], rng, chance), chance)
            k.complete(s, rng, chance)

    def _select(self, children: dict[Action, _Edge], options: tuple[Action, ...], seat: int) -> tuple[_Edge, Action]:
        total_n = 0
        total_w = 0.0
        for o in options:
            e = children[o]
            e.avail += 1
            total_n += e.n
            total_w += e.w
        fpu = (total_w / total_n - 0.05) if total_n else 0.5
        c = self.c_puct
        best_score = -math.inf
        best: tuple[_Edge, Action] | None = None
        for o in options:
            e = children[o]
            q = e.w / e.n if e.n else fpu
            score = q + c * e.prior * math.sqrt(e.avail) / (1 + e.n)
            if score > best_score:
                best_score = score
                best = (e, o)
        assert best is not None
        return best
