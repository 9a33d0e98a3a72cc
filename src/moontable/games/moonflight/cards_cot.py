"""Jack O' Cot and Hovel: cards that stay in play through Stability and Set, repeatable Spends; after
the Turn, Set cards take cards out of the cycle and Settled scoring cards are filtered back in."""

from __future__ import annotations

from moontable.games.moonflight.cards import SUIT_CHARACTER, AiCard, Card, E, Jack

S = "cot"
FOUNDATION = "(no instructions: a foundation to Set onto)"

BRICKS = Card(
    "bricks", "Bricks", S, 5,
    E(1, 0, 1, "Gain 1.", ("gain", 1)),
    E(1, 0, 2, "Set up to 2 cards from your hand onto your cards in play.", ("set_upto", 2)),
)
MORTAR = Card(
    "mortar", "Mortar", S, 4,
    E(2, 0, 1, "Spend 1 card: Gain 1.", spend=(("cards", 1, (("gain", 1),)),)),
    E(2, 0, 1, "Spend 1 coin token: Set 1 card from your hand onto your cards in play.",
      spend=(("coins", 1, (("set", 1),)),)),
)
BEAM = Card(
    "beam", "Beam", S, 4,
    E(2, 0, 2, "Draw 1 card. Spend 2 coin tokens: Draw 1 card.", ("draw", 1), spend=(("coins", 2, (("draw", 1),)),)),
    E(2, 0, 2, "Draw 1 card.", ("draw", 1)),
)
HEARTH = Card(
    "hearth", "Hearth", S, 3,
    E(2, 0, 1, "Hand limit +1. Gain 1.", ("gain", 1), hand_limit=1),
    E(3, 2, 1, "Hand limit +1.", hand_limit=1),
)
RAFTERS = Card(
    "rafters", "Rafters", S, 3,
    E(2, 0, 3, FOUNDATION),
    E(2, 0, 3, "When you Set a card, Gain 1.", when=(("set", (("gain", 1),)),)),
)
TENEMENT = Card(
    "tenement", "Tenement", S, 2,
    E(4, 1, 2, "Gain 3.", ("gain", 3)),
    E(4, 1, 2, "Gain 1 for each card Settled on your cards in play.", ("gain_per_settled",)),
)
LANDLORD = Card(
    "landlord", "Landlord", S, 2,
    E(5, 0, 1, "Purchase the top card of a Market Stack of your suit costing 3 or less.", ("purchase", 3)),
    E(4, 0, 1, "Move up to 2 topmost Settled cards from your cards in play to your hand.", ("unsettle_upto", 2)),
)
MANOR = Card(
    "manor", "Manor", S, 1,
    E(6, 0, 3, "Gain 2. Draw 1 card.", ("gain", 2), ("draw", 1)),
    E(6, 5, 3, "Other cards cannot Trash or Set this card.", guarded=True),
)

CHARACTER = Card(
    "jack_cot", "Jack O' Cot and Hovel", SUIT_CHARACTER, 1,
    E(0, 0, None, "When you Set a card, Gain 1.", when=(("set", (("gain", 1),)),)),
    E(0, 0, None, "Spend 1 card: Trash the topmost Settled card of two of your cards in play, one at a time. "
                  "Spend 1 coin token: Move the topmost Settled card of one of your cards in play to your hand, "
                  "then Discard 1 card.",
      # the Discard: Setting a card back (Mortar) gains coins through Rafters, so without it a player could
      # Set and take back the same card for ever; with it each time round costs a card from hand
      spend=(("cards", 1, (("trash_settled", 2),)), ("coins", 1, (("unsettle_upto", 1), ("discard", 1))))),
)

AI = AiCard(
    black=(
        ("play", ("manor", "landlord", "beam", "tenement", "hearth", "bricks", "rafters", "mortar")),
        ("play", ("money", "wealth", "riches", "opulence", "power", "fealty")),
        ("shop", ("manor", "tenement", "landlord", "hearth", "beam", "rafters", "mortar", "wealth")),
        ("build", ("waste", "money")),
        ("spend", ("mortar",)),
        ("pass",),
    ),
    white=(
        ("play", ("money", "waste", "rafters", "beam", "bricks", "tenement", "power")),
        ("build", ("waste", "money", "nonscoring")),
        ("spend", ("jack:0", "mortar")),
        ("shop", ("manor", "mortar", "hearth", "tenement", "opulence", "riches")),
        ("pass",),
    ),
    retain=("scoring", "beam", "bricks"),
    to_market=(),
    lose_first=("waste", "money", "nonscoring"),
    text=(
        "Before the Turn: Play Manor / Landlord / Beam / Tenement / Hearth / Bricks / Rafters / Mortar. Play any "
        "card that gains coin tokens or draws. Shop for Manor / Tenement / Landlord / Hearth / Beam / Rafters / "
        "Mortar / Wealth. Build, Setting Waste / Money. Spend a nonscoring card on Mortar. Pass.",
        "After the Turn: Play Money / Waste / Rafters / Beam / Bricks / Tenement / Power. Build, Setting Waste / "
        "Money / nonscoring cards. Spend a nonscoring card on your Jack's first ability / Mortar. Shop for "
        "Manor / Mortar / Hearth / Tenement / Opulence / Riches. Pass.",
        "Reset: retain the highest scoring card, then Beam / Bricks.",
        "Choices: lose Waste / Money / nonscoring cards first; take the highest scoring card.",
    ),
)

JACK = Jack(
    "cot", "Jack O' Cot and Hovel", "Tableaux building and control, repeat abilities.", CHARACTER,
    (BRICKS, MORTAR, BEAM, HEARTH, RAFTERS, TENEMENT, LANDLORD, MANOR), AI,
)
