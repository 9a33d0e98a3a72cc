"""A test per card end: the starter and generic cards, and the registry (every card and op covered)."""

from __future__ import annotations

import pathlib
import re

from mf_helpers import answer, position, run_card

from moontable.games.moonflight.cards import Card
from moontable.games.moonflight.content import CARDS, JACKS
from moontable.games.moonflight.core import retain_limit
from moontable.games.moonflight.effects import OPS


def test_card_money_black():
    s = position()
    run_card(s, 0, "money")
    assert s.players[0].coins == 1 and s.players[0].play == ["money"]


def test_card_money_white():
    s = position(turned=True)
    run_card(s, 0, "money")
    assert s.players[0].coins == 1 and s.players[0].trash == ["money"] and s.players[0].play == []


def test_card_waste_black():
    s = position()
    run_card(s, 0, "waste")
    assert s.players[0].play == ["waste"] and s.players[0].coins == 0 and not s.decisions


def test_card_waste_white():
    s = position(turned=True)
    run_card(s, 0, "waste")
    assert s.players[0].trash == ["waste"] and s.players[0].play == []


def test_card_power_black():
    s = position(decks={0: ["money", "waste", "riches"]})
    run_card(s, 0, "power")
    assert s.players[0].hand == ["riches", "waste"] and CARDS["power"].black.stability == 1


def test_card_power_white():
    s = position(hands={0: ["money", "waste", "riches"]}, turned=True)
    run_card(s, 0, "power")
    answer(s, ("card", "waste"))
    answer(s, ("card", "money"))
    assert s.players[0].trash == ["waste", "money"] and s.players[0].hand == ["riches"] and not s.decisions


def test_card_fealty_black():
    s = position()
    run_card(s, 0, "fealty")
    assert s.players[0].coins == 1 and retain_limit(s, 0) == 2


def test_card_fealty_white():
    s = position(turned=True)
    run_card(s, 0, "fealty")
    assert retain_limit(s, 0) == 2 and CARDS["fealty"].white.score == 1


def test_card_wealth_black():
    s = position()
    run_card(s, 0, "wealth")
    assert s.players[0].coins == 2


def test_card_wealth_white():
    s = position(turned=True)
    run_card(s, 0, "wealth")
    assert s.players[0].coins == 1 and CARDS["wealth"].white.score == 1


def test_card_riches_black():
    s = position()
    run_card(s, 0, "riches")
    assert s.players[0].coins == 3


def test_card_riches_white():
    s = position(turned=True)
    run_card(s, 0, "riches")
    assert s.players[0].coins == 0 and CARDS["riches"].white.score == 2 and CARDS["riches"].white.cost == 5


def test_card_opulence_black():
    s = position()
    run_card(s, 0, "opulence")
    assert s.players[0].coins == 4 and CARDS["opulence"].black.score == 1


def test_card_opulence_white():
    s = position(turned=True)
    run_card(s, 0, "opulence")
    assert s.players[0].coins == 0 and CARDS["opulence"].white.score == 3


# -- the registry ----------------------------------------------------------------------------------------


def _tested() -> set[str]:
    here = pathlib.Path(__file__).parent
    names: set[str] = set()
    for f in here.glob("test_mf_cards*.py"):
        names |= set(re.findall(r"^def test_card_(\w+?)_(?:black|white)\(", f.read_text(), re.M))
    return names


def test_every_card_end_has_a_test():
    wanted = set(CARDS)
    found = _tested()
    for end in ("black", "white"):
        missing = [c for c in wanted if not _has(c, end)]
        assert not missing, f"card ends without a test: {missing} ({end})"
    assert wanted <= found


def _has(card: str, end: str) -> bool:
    here = pathlib.Path(__file__).parent
    return any(f"def test_card_{card}_{end}(" in f.read_text() for f in here.glob("test_mf_cards*.py"))


def _ops(card: Card) -> set[str]:
    out: set[str] = set()
    for e in (card.black, card.white):
        for op in e.play:
            out.add(op[0])
        for _ev, ops in e.when:
            out |= {op[0] for op in ops}
        for _k, _n, ops in e.spend:
            out |= {op[0] for op in ops}
    return out


def test_every_op_is_used_and_every_used_op_exists():
    used: set[str] = set()
    for c in CARDS.values():
        used |= _ops(c)
    assert used <= set(OPS), used - set(OPS)
    assert set(OPS) - {"if_hand"} <= used | {"discard_upto"}, set(OPS) - used


def test_every_jack_has_eight_types_a_character_and_an_ai_card():
    for j in JACKS.values():
        assert len(j.supply) == 8 and j.card.id == f"jack_{j.id}" and j.ai.black and j.ai.white
        assert all(c.suit == j.id for c in j.supply)

