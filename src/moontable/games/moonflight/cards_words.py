"""Jack O' Words and Names: a slow start, then an avalanche of Draws and hand size; after the Turn,
control of hand and deck, many low-scoring cards."""

from __future__ import annotations

from moontable.games.moonflight.cards import SUIT_CHARACTER, AiCard, Card, E, Jack

S = "words"

QUILL = Card(
    "quill", "Quill", S, 5,
    E(1, 0, None, "Draw 1 card.", ("draw", 1)),
    E(1, 0, None, "Draw 1 card. Trash 1 card from your hand.", ("draw", 1), ("trash_hand", 1)),
)
INDEX = Card(
    "index", "Index", S, 4,
    E(3, 0, None, "Draw 2 cards. Discard 1 card.", ("draw", 2), ("discard", 1)),
    E(2, 1, None, "Move target card from your Draw Deck to your hand. Discard 1 card.",
      ("take", "deck"), ("discard", 1)),
)
LESSON = Card(
    "lesson", "Lesson", S, 4,
    E(3, 0, 1, "Hand limit +1. Draw 1 card.", ("draw", 1), hand_limit=1),
    E(3, 1, 1, "Hand limit +1.", hand_limit=1),
)
FOOTNOTE = Card(
    "footnote", "Footnote", S, 3,
    E(3, 0, None, "Gain 1. If you have 4 or more cards in hand, Gain 1.", ("gain", 1), ("if_hand", ">=", 4),
      ("gain", 1)),
    E(2, 1, None, "If you have exactly 1 card in hand, Trash it. Draw 1 card.", ("if_hand", "==", 1),
      ("trash_whole_hand",), ("draw", 1)),
)
ANTHOLOGY = Card(
    "anthology", "Anthology", S, 3,
    E(4, 0, None, "Draw 3 cards.", ("draw", 3)),
    E(3, 0, None, "Reveal the top 3 cards of your Draw Deck: Draw those that score, Discard the rest.",
      ("sift", 3)),
)
MARGINALIA = Card(
    "marginalia", "Marginalia", S, 2,
    E(2, 1, 1, "When you Draw a card, Gain 1.", when=(("draw", (("gain", 1),)),)),
    E(3, 0, 1, "Retain limit +1.", retain=1),
)
OEUVRE = Card(
    "oeuvre", "Oeuvre", S, 2,
    E(5, 0, 1, "Hand limit +2. Draw 2 cards.", ("draw", 2), hand_limit=2),
    E(4, 0, 1, "Hand limit +2.", hand_limit=2),
)
NAME_OF_NAMES = Card(
    "name_of_names", "Name of Names", S, 1,
    E(5, 0, None, "Draw 2 cards. Gain 2.", ("draw", 2), ("gain", 2)),
    E(5, 2, None, "Other cards cannot Trash or Set this card. Draw 1 card.", ("draw", 1), guarded=True),
)

CHARACTER = Card(
    "jack_words", "Jack O' Words and Names", SUIT_CHARACTER, 1,
    E(0, 0, None, "Your retain limit is 2.", retain_is=2),
    E(0, 0, None, "Your retain limit is 3. Hand limit +1. Spend 1 card: Trash 1 card from your hand.", retain_is=3,
      hand_limit=1, spend=(("cards", 1, (("trash_hand", 1),)),)),
)

AI = AiCard(
    black=(
        ("play", ("marginalia", "oeuvre", "lesson", "anthology", "name_of_names", "index", "quill", "footnote")),
        ("play", ("money", "wealth", "riches", "opulence", "power", "fealty")),
        ("shop", ("oeuvre", "lesson", "anthology", "marginalia", "name_of_names", "index", "wealth", "quill")),
        ("build", ("waste", "money")),
        ("pass",),
    ),
    white=(
        ("play", ("money", "waste", "oeuvre", "anthology", "quill", "index", "power")),
        ("build", ("waste", "money", "nonscoring")),
        ("spend", ("jack",)),
        ("shop", ("name_of_names", "lesson", "index", "footnote", "opulence", "riches", "fealty")),
        ("pass",),
    ),
    retain=("scoring", "oeuvre", "anthology"),
    to_market=(),
    lose_first=("waste", "money", "nonscoring"),
    text=(
        "Before the Turn: Play Marginalia / Oeuvre / Lesson / Anthology / Name of Names / Index / Quill / "
        "Footnote. Play any card that gains coin tokens or draws. Shop for Oeuvre / Lesson / Anthology / "
        "Marginalia / Name of Names / Index / Wealth / Quill. Build, Setting Waste / Money. Pass.",
        "After the Turn: Play Money / Waste / Oeuvre / Anthology / Quill / Index / Power. Build, Setting Waste / "
        "Money / nonscoring cards. Spend a nonscoring card on your Jack's ability. Shop for Name of Names / "
        "Lesson / Index / Footnote / Opulence / Riches / Fealty. Pass.",
        "Reset: retain the highest scoring cards, then Oeuvre / Anthology.",
        "Choices: lose Waste / Money / nonscoring cards first; take the highest scoring card.",
    ),
)

JACK = Jack(
    "words", "Jack O' Words and Names", "Drawing and hand control.", CHARACTER,
    (QUILL, INDEX, LESSON, FOOTNOTE, ANTHOLOGY, MARGINALIA, OEUVRE, NAME_OF_NAMES), AI, easy=True,
)
