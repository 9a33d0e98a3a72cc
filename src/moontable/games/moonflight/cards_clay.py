"""Jack O' Clay and Bones: deck cycling and discards before the Turn; blind Trash and the Trash Stack
as a second hand after it."""

from __future__ import annotations

from moontable.games.moonflight.cards import SUIT_CHARACTER, AiCard, Card, E, Jack

S = "clay"

BURY = Card(
    "bury", "Bury", S, 5,
    E(1, 0, None, "Discard 1 card. Draw 2 cards.", ("discard", 1), ("draw", 2)),
    E(1, 0, None, "Trash the top card of your Draw Deck. Draw 1 card.", ("trash_deck", 1), ("draw", 1)),
)
RISE_UP = Card(
    "rise_up", "Rise Up", S, 4,
    E(3, 0, None, "Move the top card of your Discard Stack to your hand. Gain 1.", ("take_top", "discard"),
      ("gain", 1)),
    E(2, 0, None, "Move target card from your Trash Stack to your hand.", ("take", "trash")),
)
TURN_THE_SOD = Card(
    "turn_the_sod", "Turn the Sod", S, 4,
    E(3, 0, None, "Discard the top 2 cards of your Draw Deck. Draw 1 card.", ("discard_deck", 2), ("draw", 1)),
    E(2, 0, None, "Trash the top 2 cards of your Draw Deck.", ("trash_deck", 2)),
)
SHALLOW_GRAVE = Card(
    "shallow_grave", "Shallow Grave", S, 3,
    E(0, 0, 1, "When you Discard a card, Draw 1 card.", when=(("discard", (("draw", 1),)),)),
    E(3, 1, 1, "When a card is Moved to your Trash Stack, Gain 1.", when=(("to_trash", (("gain", 1),)),)),
)
FERRYMANS_TOLL = Card(
    "ferrymans_toll", "Ferryman's Toll", S, 3,
    E(3, 0, None, "Gain 2. Discard 1 card.", ("gain", 2), ("discard", 1)),
    E(3, 0, None, "Trash up to 1 card from your hand. Gain 1.", ("trash_hand_upto", 1), ("gain", 1)),
)
BONE_DICE = Card(
    "bone_dice", "Bone Dice", S, 2,
    E(2, 1, None, "Discard up to 2 cards, then Draw as many.", ("discard_redraw", 2)),
    E(3, 1, None, "Trash target card from your Discard Stack. Draw 1 card.", ("trash_from_discard",), ("draw", 1)),
)
OSSUARY = Card(
    "ossuary", "Ossuary", S, 2,
    E(3, 0, 2, "Your retain limit is 3.", retain_is=3),
    E(4, 2, 2, "Trash target card from your Discard Stack.", ("trash_from_discard",)),
)
TAKE_IT_WITH_YOU = Card(
    "take_it_with_you", "Take It With You", S, 1,
    E(4, 0, None, "Gain 1. Trash 1 card.", ("gain", 1), ("trash", 1)),
    E(5, 4, None, "Other cards cannot Trash or Set this card.", guarded=True),
)

CHARACTER = Card(
    "jack_clay", "Jack O' Clay and Bones", SUIT_CHARACTER, 1,
    E(0, 0, None, "When you Discard a card, Gain 1.", when=(("discard", (("gain", 1),)),)),
    E(0, 0, None, "Spend 1 card: Trash the top card of your Draw Deck. "
                  "Spend 4 coin tokens: Move target card from your Trash Stack to your hand.",
      spend=(("cards", 1, (("trash_deck", 1),)), ("coins", 4, (("take", "trash"),)))),
)

AI = AiCard(
    black=(
        ("play", ("ferrymans_toll", "bury", "turn_the_sod", "bone_dice", "rise_up", "take_it_with_you")),
        ("play", ("money", "wealth", "riches", "opulence", "power", "fealty", "shallow_grave", "ossuary")),
        ("shop", ("take_it_with_you", "ossuary", "shallow_grave", "ferrymans_toll", "bone_dice", "bury",
                  "wealth")),
        ("build", ("waste", "money")),
        ("pass",),
    ),
    white=(
        ("play", ("money", "waste", "wealth", "ferrymans_toll", "ossuary", "bone_dice", "bury", "turn_the_sod",
                  "power")),
        ("shop", ("take_it_with_you", "ossuary", "opulence", "bone_dice", "shallow_grave", "riches")),
        ("spend", ("jack:0",)),
        ("pass",),
    ),
    retain=("scoring", "ferrymans_toll", "bury"),
    to_market=(),
    lose_first=("waste", "money", "nonscoring"),
    text=(
        "Before the Turn: Play Ferryman's Toll / Bury / Turn the Sod / Bone Dice / Rise Up / Take It With You. "
        "Play any card that gains coin tokens or draws. Shop for Take It With You / Ossuary / Shallow Grave / "
        "Ferryman's Toll / Bone Dice / Bury / Wealth. Build, Setting Waste / Money. Pass.",
        "After the Turn: Play Money / Waste / Wealth / Ferryman's Toll / Ossuary / Bone Dice / Bury / Turn the Sod / "
        "Power. Shop for Take It With You / Ossuary / Opulence / Bone Dice / Shallow Grave / Riches. "
        "Spend a nonscoring card on your Jack's first ability. Pass.",
        "Reset: retain the highest scoring card, then Ferryman's Toll / Bury.",
        "Choices: lose Waste / Money / nonscoring cards first; take the highest scoring card.",
    ),
)

JACK = Jack(
    "clay", "Jack O' Clay and Bones", "Discard and Trash Stack control, deck cycling.", CHARACTER,
    (BURY, RISE_UP, TURN_THE_SOD, SHALLOW_GRAVE, FERRYMANS_TOLL, BONE_DICE, OSSUARY, TAKE_IT_WITH_YOU), AI,
    easy=True,
)
