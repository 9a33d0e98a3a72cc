"""The ai-card bot: plays a Moonflight seat exactly as its Jack's AI card says (the rulebook's
"Following AI Card Instructions", MF124-MF128), from its seat's view only.

On its Act it works down the card's pre- or post-Turn side and takes the first instruction it can
follow (MF124); a list "a / b / c" goes to the earliest card possible (MF126); if nothing can be
followed it Passes (MF125). In Reset it retains and returns the listed cards (MF127); "scoring" and
"highest scoring" judge a card by its higher single-end score (MF128). Choices inside a card's
instructions follow the card's choice line: lose the listed cards first, take the highest scoring.

Every AI card's last line: after the Turn, while the player owns more cards in hand, Draw Deck and
Discard Stack than its hand limit ("trimming"), it loses its lowest scoring cards when it must choose,
pays card costs with them and Builds with them.
"""

from __future__ import annotations

from typing import Any

from moontable.bots.base import Bot
from moontable.engine import Action, Decision, Game

__all__ = ["AiCardBot"]

_LOSE = {"discard", "trash_any", "trash_hand", "trash_discard", "pay", "redraw", "set", "sell", "return",
         "trash_settled"}
_TAKE = {"take", "purchase"}
_ON_HAND = {"sell", "set", "trash_hand"}


class AiCardBot(Bot):
    level = "ai-card"

    def __init__(self, game: Game, seat: int, seed: int | None = None) -> None:
        if game.info.id != "moonflight":
            raise ValueError("the ai-card bot plays only Moonflight (its Jacks' AI cards)")
        super().__init__(game, seat, seed)
        from moontable.games.moonflight.content import BEST_SCORE, CARDS, JACKS

        self.cards = CARDS
        self.jacks = JACKS
        self.best = BEST_SCORE

    # -- helpers ------------------------------------------------------------------------------------------

    def _matches(self, card: str, name: str) -> bool:
        if name == "scoring":
            return self.best[card] > 0
        if name == "nonscoring":
            return self.best[card] <= 0
        return card == name

    def _owned(self, view: dict[str, Any]) -> list[str]:
        """The cards of the player's cycle: hand, Draw Deck, Discard Stack and the cards in play that go back
        to the Discard Stack at the next Reset (not those with Settled cards, nor Settled ones)."""
        me = view["players"][self.seat]
        out = list(me["unseen"])
        for pc in me["play"]:
            for c in pc["settled"]:
                out.remove(c)
            if not pc["settled"]:
                out.append(pc["card"])
        return out + list(me["discard"])

    def _trimming(self, view: dict[str, Any]) -> bool:
        me = view["players"][self.seat]
        return bool(view["turned"]) and len(self._owned(view)) > me["hand_limit"]

    def _card_of(self, view: dict[str, Any], option: Action) -> str | None:
        """The card an option names: a card in hand, a card in play by uid, a market's top card."""
        if len(option) < 2:
            return None
        if option[0] == "play" and isinstance(option[1], int):
            for pc in view["players"][self.seat]["play"]:
                if pc["uid"] == option[1]:
                    return str(pc["card"])
            return None
        if option[0] == "settled":
            for pc in view["players"][self.seat]["play"]:
                if pc["uid"] == option[1] and pc["settled"]:
                    return str(pc["settled"][-1])
            return None
        if option[0] in ("shop", "market"):
            cards = view["markets"][option[1]]["cards"]
            return cards[-1] if cards else None
        return option[1] if isinstance(option[1], str) else None

    # -- the Act ------------------------------------------------------------------------------------------

    def choose(self, view: dict[str, Any], decision: Decision) -> Action:
        me = view["players"][self.seat]
        ai = self.jacks[me["jack"]].ai
        opts = decision.options
        kind = decision.kind
        side = ai.white if view["turned"] else ai.black
        if kind == "act":
            for instr in side:
                action = self._follow(instr, view, opts)
                if action is not None:
                    return action
            return ("pass",)  # MF125
        if kind == "build":
            sets = [o for o in opts if o[0] == "set"]
            chosen = self._first(view, sets, self._listed(side, "build"))
            if chosen is None and sets and self._trimming(view):
                chosen = min(sets, key=lambda o: self._worth(view, o))
            return chosen or ("done",)
        if kind == "shop_more":
            return self._first(view, self._shops(view, opts), self._listed(side, "shop")) or ("done",)
        if kind == "retain":  # MF127, MF128
            keeps = [o for o in opts if o[0] == "keep"]
            return self._keep(keeps, ai.retain) or ("done",)
        if kind == "r41":
            return self._first(view, [o for o in opts if o[0] == "return"], ai.to_market) or ("done",)
        if kind in _LOSE:
            return self._lose(view, decision, ai.lose_first)
        if kind in _TAKE:
            return max(opts, key=lambda o: self._worth(view, o))
        if kind == "unsettle":
            return self._unsettle(view, opts)
        if kind == "push_market":
            return min(opts, key=lambda o: self._score_now(view, self._card_of(view, o)))
        if kind == "push_player":
            target = (self.seat + 1) % view["seats"]
            return ("seat", target) if ("seat", target) in opts else opts[0]
        if kind == "order":
            return ("rest",)
        if kind == "precedence":  # MF93, MF127: the card that lets it retain the most
            return max(opts, key=lambda o: (self.cards[o[1]].end(view["turned"]).retain_is or 0, o[1]))
        if kind == "counter":
            return ("counter", "turn") if ("counter", "turn") in opts else opts[0]
        return opts[0]

    def _follow(self, instr: tuple[Any, ...], view: dict[str, Any], opts: tuple[Action, ...]) -> Action | None:
        what = instr[0]
        if what == "pass":
            return ("pass",)
        if what == "play_any":
            plays = [o for o in opts if o[0] == "play"]
            return plays[0] if plays else None
        if what == "play":
            for name in instr[1]:  # MF126: the earliest card possible
                if ("play", name) in opts:
                    return ("play", name)
            return None
        if what == "shop":
            return self._first(view, self._shops(view, opts), instr[1])
        if what == "build":
            hand = view["players"][self.seat]["hand"]
            trim = self._trimming(view)
            if ("build",) in opts and (trim or any(self._matches(c, n) for n in instr[1] for c in hand)):
                return ("build",)
            return None
        if what == "spend":
            return self._spend(view, opts, instr[1])
        return None

    @staticmethod
    def _listed(side: tuple[tuple[Any, ...], ...], what: str) -> tuple[str, ...]:
        """Every card a side's `what` lines list, earliest first (a Shop or Build goes on by them)."""
        return tuple(name for instr in side if instr[0] == what for name in instr[1])

    def _shops(self, view: dict[str, Any], opts: tuple[Action, ...]) -> list[Action]:
        shops = [o for o in opts if o[0] == "shop"]
        if self._trimming(view):  # only a card better than the worst one it owns
            worst = min((self.best[c] for c in self._owned(view)), default=0)
            shops = [o for o in shops if self.best.get(self._card_of(view, o) or "", -99) > worst]
        return shops

    def _first(self, view: dict[str, Any], options: list[Action], names: tuple[str, ...]) -> Action | None:
        for name in names:
            for o in options:
                card = self._card_of(view, o)
                if card is not None and self._matches(card, name):
                    return o
        return None

    def _spend(self, view: dict[str, Any], opts: tuple[Action, ...], names: tuple[str, ...]) -> Action | None:
        me = view["players"][self.seat]
        turned = view["turned"]
        nonscoring = sum(1 for c in me["hand"] if self.best[c] <= 0)
        for name in names:
            base, _, only = name.partition(":")
            for o in opts:
                if o[0] != "spend":
                    continue
                if base == "jack":
                    if o[1] != -1 or (only and o[2] != int(only)):
                        continue
                    card = self.jacks[me["jack"]].card.id
                else:
                    card = self._card_of(view, ("play", o[1])) if o[1] != -1 else None
                    if card != base:
                        continue
                kind, amount, ops = self.cards[card].end(turned).spend[o[2]]
                if kind == "cards" and nonscoring < amount and not self._trimming(view):
                    continue
                if kind == "cards" and ops[0][0] in _ON_HAND and len(me["hand"]) <= amount:
                    continue  # nothing would be left in hand to act on
                return o
        return None

    # -- choices ------------------------------------------------------------------------------------------

    def _keep(self, keeps: list[Action], names: tuple[str, ...]) -> Action | None:
        for name in names:
            if name == "scoring":
                best = [o for o in keeps if self.best[o[1]] > 0]
                if best:
                    return max(best, key=lambda o: (self.best[o[1]], o[1]))
                continue
            for o in keeps:
                if o[1] == name:
                    return o
        return None

    def _score_now(self, view: dict[str, Any], card: str | None) -> int:
        return 0 if card is None else self.cards[card].end(view["turned"]).score

    def _worth(self, view: dict[str, Any], o: Action) -> tuple[int, str]:
        card = self._card_of(view, o)
        return (-99, "") if card is None else (self.best[card], card)

    def _lose(self, view: dict[str, Any], decision: Decision, names: tuple[str, ...]) -> Action:
        opts = decision.options
        cards = [o for o in opts if o != ("done",)]
        chosen = self._first(view, cards, names)
        if chosen is not None:
            return chosen
        if ("done",) in opts and not self._trimming(view):
            return ("done",)
        return min(cards, key=lambda o: self._worth(view, o))

    def _unsettle(self, view: dict[str, Any], opts: tuple[Action, ...]) -> Action:
        best: tuple[int, Action] | None = None
        for pc in view["players"][self.seat]["play"]:
            if ("play", pc["uid"]) in opts and pc["settled"]:
                worth = self.best[pc["settled"][-1]]
                if worth > 0 and (best is None or worth > best[0]):
                    best = (worth, ("play", pc["uid"]))
        if best is not None:
            return best[1]
        return ("done",) if ("done",) in opts else opts[0]
