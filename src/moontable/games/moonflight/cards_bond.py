"""Jack O' Bond and Kind: coin tokens and the market; Loans that become Debts at the Turn, Deals that
hurry the Turn, cards sold back to the Market and bad cards pushed onto other players' decks."""

from __future__ import annotations

from moontable.games.moonflight.cards import SUIT_CHARACTER, AiCard, Card, E, Jack

S = "bond"

LOAN = Card(
    "loan", "Loan", S, 5,
    E(0, 0, None, "Gain 2.", ("gain", 2)),
    E(0, -1, None, "Debt. Spend 1 coin token: Trash this card.", spend=(("coins", 1, (("trash_this",),)),)),
)
LEDGER = Card(
    "ledger", "Ledger", S, 4,
    E(2, 0, 1, "Deal 1. Gain 1.", ("deal", 1), ("gain", 1)),
    E(2, 0, 1, "Move up to 1 card from your hand to a Market Stack of its suit. Draw 1 card.", ("return_upto", 1),
      ("draw", 1)),
)
BROKER = Card(
    "broker", "Broker", S, 4,
    E(3, 0, None, "Gain 2. Move up to 1 card from your hand to a Market Stack of its suit.", ("gain", 2),
      ("return_upto", 1)),
    E(3, 0, None, "Move the top card of target Market Stack onto target player's Draw Deck.", ("push",)),
)
INTEREST = Card(
    "interest", "Interest", S, 3,
    E(2, 0, 1, "When you Deal a card, Gain 1.", when=(("deal", (("gain", 1),)),)),
    E(3, 0, 1, "Gain 1.", ("gain", 1)),
)
MARKET_CRASH = Card(
    "market_crash", "Market Crash", S, 3,
    E(3, 0, None, "Deal 3. Gain 1.", ("deal", 3), ("gain", 1)),
    E(3, 0, None, "Trash up to 1 card. Move up to 1 card from your hand to a Market Stack of its suit.",
      ("trash_upto", 1), ("return_upto", 1)),
)
COFFER = Card(
    "coffer", "Coffer", S, 2,
    E(4, 1, 1, "Gain 3.", ("gain", 3)),
    E(4, 3, 1, "(no instructions)"),
)
USURER = Card(
    "usurer", "Usurer", S, 2,
    E(4, 0, 2, "Spend 1 card: Gain 1.", spend=(("cards", 1, (("gain", 1),)),)),
    E(4, 3, 2, "Spend 1 coin token: Move up to 1 card from your hand to a Market Stack of its suit.",
      spend=(("coins", 1, (("return_upto", 1),)),)),
)
GOLDEN_BOND = Card(
    "golden_bond", "Golden Bond", S, 1,
    E(6, 0, None, "Gain 4.", ("gain", 4)),
    E(6, 6, None, "Other cards cannot Trash or Set this card.", guarded=True),
)

CHARACTER = Card(
    "jack_bond", "Jack O' Bond and Kind", SUIT_CHARACTER, 1,
    E(0, 0, None, "When you Purchase a card, Gain 1.", when=(("purchase", (("gain", 1),)),)),
    E(0, 0, None, "When you Move a card from your hand to a Market Stack, Gain 1. Spend 1 card: Move 1 card "
                  "from your hand to a Market Stack of its suit, or to your Trash Stack if none matches it.",
      when=(("to_market", (("gain", 1),)),), spend=(("cards", 1, (("sell", 1),)),)),
)

AI = AiCard(
    black=(
        ("play", ("golden_bond", "coffer", "market_crash", "broker", "ledger", "loan", "interest")),
        ("play", ("money", "wealth", "riches", "opulence", "power", "fealty")),
        ("shop", ("golden_bond", "coffer", "usurer", "interest", "market_crash", "broker", "ledger", "loan",
                  "wealth")),
        ("spend", ("usurer",)),
        ("build", ("waste", "money")),
        ("pass",),
    ),
    white=(
        ("play", ("money", "waste", "market_crash")),
        ("spend", ("loan", "jack", "usurer")),
        ("play", ("broker", "interest", "ledger", "power")),
        ("shop", ("golden_bond", "coffer", "usurer", "interest", "opulence", "riches")),
        ("pass",),
    ),
    retain=("scoring", "golden_bond", "coffer"),
    to_market=("loan",),
    lose_first=("loan", "waste", "money", "nonscoring"),
    text=(
        "Before the Turn: Play Golden Bond / Coffer / Market Crash / Broker / Ledger / Loan / Interest. Play any "
        "card that gains coin tokens or draws. Shop for Golden Bond / Coffer / Usurer / Interest / Market Crash / "
        "Broker / Ledger / Loan / Wealth. Spend a nonscoring card on Usurer. Build, Setting Waste / Money. Pass.",
        "After the Turn: Play Money / Waste / Market Crash. Spend on Loan / your Jack's ability / Usurer. Play "
        "Broker / Interest / Ledger / Power. Shop for Golden Bond / Coffer / Usurer / Interest / Opulence / Riches. "
        "Pass.",
        "Reset: retain the highest scoring card, then Golden Bond / Coffer. Move Loans to Market Stacks.",
        "Choices: lose Loan / Waste / Money / nonscoring cards first; take the highest scoring card; push the "
        "lowest scoring top card onto the next player's Draw Deck.",
    ),
)

JACK = Jack(
    "bond", "Jack O' Bond and Kind", "Market control and resource generation.", CHARACTER,
    (LOAN, LEDGER, BROKER, INTEREST, MARKET_CRASH, COFFER, USURER, GOLDEN_BOND), AI,
)
