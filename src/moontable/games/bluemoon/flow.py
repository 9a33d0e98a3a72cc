"""The flow of a game: the secret deck choice, the turn, the fight's end and the dragons, declining,
crystal cards, REPLACE, and the game's end with its crystals.

Frames (core.py): ["setup"]; ["turn", seat, phase, asked]; ["decline", seat, discarded, stage, asked];
["fight_end", loser, stage]; ["attract", winner, left]; ["end_turn", seat, stage]; ["clash", seat,
card]; ["replace_draw", seat]; ["rooted_check", seat]. A frame that asked a
question remembers it (`asked`), so that a state dealt from a view asks again whatever hidden cards it
was dealt (infoset.py): what happens next never depends on them.
"""

from __future__ import annotations

from moontable.engine import Action, Decision
from moontable.fair import Chance, shuffle
from moontable.games.bluemoon.cards import ELEMENTS
from moontable.games.bluemoon.content import CARDS, DRAGON_IDS
from moontable.games.bluemoon.core import (
    DATA,
    KIND,
    SPENT,
    TARGET,
    Frame,
    add_to_hand,
    ask,
    check_met,
    counts_toward_limit,
    draw,
    emit,
    expire_fight,
    expire_turn,
    frame,
    may_draw,
    power,
    refill,
    rooted,
    take_from_hand,
    text_works,
    to_pile,
    uncovered,
)
from moontable.games.bluemoon.effects import DONE, push_effects
from moontable.games.bluemoon.reach import (
    can_meet,
    card_allowed,
    character_reaches,
    cover,
    open_musts,
    place,
    rule_playable,
    unplace,
)
from moontable.games.bluemoon.state import MIDDLE, BlueMoonState

PASS: Action = ("pass",)
RETREAT: Action = ("retreat",)
DECLINE: Action = ("decline",)
BEGIN, LEAD, PLAY, BOOST, CHECK, REFILL, NEXT = range(7)
DRAGON_INDEX = {d: i for i, d in enumerate(DRAGON_IDS)}


def _ask_marked(s: BlueMoonState, f: Frame, at: int, seat: int, kind: str, options: list[Action],
                prompt: str) -> bool:
    f[at] = True
    return ask(s, seat, kind, options, prompt)


# -- the deck choice (BM49) -----------------------------------------------------------------------------


def _act_setup(s: BlueMoonState, f: Frame, seat: int, action: Action, chance: Chance) -> None:
    s.players[seat].choice = action[1]
    emit(s, "chosen", seat=seat)  # that the seat has chosen, never what


@frame("setup", _act_setup)
def _run_setup(s: BlueMoonState, f: Frame, chance: Chance) -> bool:
    for seat, p in enumerate(s.players):
        if p.choice is None and len(s.decks[seat]) == 1:
            p.choice = 0
    waiting = [seat for seat, p in enumerate(s.players) if p.choice is None]
    if waiting:  # simultaneous: both decide, and nothing is revealed until both are in
        s.decisions = [Decision(seat, "deck", tuple(("deck", k) for k in range(len(s.decks[seat]))),
                                "Choose your deck in secret: both choices are revealed together")
                       for seat in waiting]
        return True
    s.stack.pop()
    deal(s, chance)
    return False


def deal(s: BlueMoonState, chance: Chance) -> None:
    """Reveal both choices together (BM49, BM50); the starting player by the fair stream, then each draw
    pile shuffled in seat order, then 6 cards each (BM3)."""
    for seat, p in enumerate(s.players):
        deck = s.decks[seat][p.choice or 0]
        p.leader, p.people = deck["leader"], deck["people"]
        p.inquisitor, p.emissary = deck.get("inquisitor"), deck.get("emissary")
    emit(s, "reveal", decks=[{"leader": p.leader, "people": p.people, "inquisitor": p.inquisitor,
                              "emissary": p.emissary} for p in s.players])
    s.starter = chance.below(2)
    for seat, p in enumerate(s.players):
        p.deck = list(s.decks[seat][p.choice or 0]["cards"])
        shuffle(chance, p.deck)
    for seat in (s.starter, 1 - s.starter):
        draw(s, seat, 6)
    emit(s, "start", starter=s.starter)
    s.stack.append(["turn", s.starter, BEGIN, False])


# -- the turn (BM7) -------------------------------------------------------------------------------------


def leadership_options(s: BlueMoonState, seat: int) -> list[Action]:
    """BM64: a leadership card, Hyla card or crystal card (its dragon on your side, BM53), or REPLACE."""
    opts: list[Action] = []
    for c in s.players[seat].hand:
        card = CARDS[c]
        if card.kind in ("leadership", "hyla") or (card.kind == "crystal" and
                                                    s.dragons[DRAGON_INDEX[card.dragon or ""]] == seat):
            opts.append(("lead", c))
        if "replace" in card.icons:
            opts.append(("replace", c))
    opts.append(PASS)
    return opts


def retrievable(s: BlueMoonState, seat: int) -> list[str]:
    """BM33: the player's active cards showing RETRIEVE."""
    p = s.players[seat]
    return sorted(c for c in uncovered(p) + p.supports if "retrieve" in CARDS[c].icons)


def play_options(s: BlueMoonState, seat: int) -> list[Action]:
    """The retreat step and the character step as one decision (BM10, BM11, BM12, BM13)."""
    p = s.players[seat]
    chars = sorted(c for c in p.hand if CARDS[c].kind == "character")
    if s.element is None:
        return [*(("character", c, e) for c in chars for e in ELEMENTS), DECLINE]
    need = power(s, 1 - seat)
    opts: list[Action] = [("character", c) for c in chars if character_reaches(s, seat, c, need)]
    opts += [("retrieve", c) for c in retrievable(s, seat)]
    opts.append(RETREAT)
    return opts


def boost_options(s: BlueMoonState, seat: int) -> list[Action]:
    """The booster/support step (BM14-BM16, BM30-BM32), with "I must" first (BM72, BM73) and only plays
    from which the power check can still be met (BM11)."""
    hand = s.players[seat].hand
    for m in open_musts(s, seat):
        kind = m[DATA]["what"]
        xs = sorted(c for c in hand if CARDS[c].kind == kind and rule_playable(s, seat, c))
        if xs:
            return [(kind, c) for c in xs]
    xs = sorted(c for c in hand if rule_playable(s, seat, c) and card_allowed(s, seat, c))
    opts: list[Action] = [(CARDS[c].kind, c) for c in xs]
    if check_met(s, seat):
        return [*opts, DONE]
    good = [o for o in opts if _reaches_after(s, seat, o[1])]
    return good or [DONE]


def _reaches_after(s: BlueMoonState, seat: int, c: str) -> bool:
    card = CARDS[c]
    p = s.players[seat]
    counted = counts_toward_limit(s, c)
    k = 1 if card.kind == "support" else 0
    i = p.hand.index(c)
    del p.hand[i]
    place(s, seat, c)
    s.played.append(c)
    if counted:
        s.used[k] += 1
    stopped = s.stopped
    if "stop" in card.icons:
        s.stopped = True
    try:
        if card.kind == "support" and rooted(s, seat) >= 3:
            return True
        return can_meet(s, seat)
    finally:
        s.stopped = stopped
        if counted:
            s.used[k] -= 1
        s.played.pop()
        unplace(s, seat, c)
        p.hand.insert(i, c)


def _begin(s: BlueMoonState, seat: int) -> None:
    s.active = seat
    s.turn += 1
    s.players[seat].turns += 1
    s.played = []
    s.used = [0, 0]
    s.stopped = False
    s.opening = False
    emit(s, "turn", seat=seat, turn=s.turn, fight=s.element is not None)


def _act_turn(s: BlueMoonState, f: Frame, seat: int, action: Action, chance: Chance) -> None:
    f[3] = False
    kind = action[0]
    if f[2] == LEAD:
        f[2] = PLAY
        if kind == "lead":
            play_lead(s, seat, action[1])
        elif kind == "replace":
            replace(s, seat, action[1])
    elif f[2] == PLAY:
        if kind == "character":
            f[2] = BOOST
            play_character(s, seat, action[1], action[2] if len(action) > 2 else None)
        elif kind == "retrieve":
            retrieve(s, seat, action[1])
        elif kind == "decline":
            emit(s, "decline", seat=seat)
            s.stack[-1] = ["decline", seat, 0, 0, False]
        else:
            fight_lost(s, seat, "retreat")
    elif f[2] == BOOST:
        if action == DONE:
            f[2] = CHECK
        else:
            play_more(s, seat, action[1])


@frame("turn", _act_turn)
def _run_turn(s: BlueMoonState, f: Frame, chance: Chance) -> bool:
    seat, phase, asked = f[1], f[2], f[3]
    if phase == BEGIN:
        _begin(s, seat)
        f[2] = LEAD
        return False
    if phase == LEAD:
        opts = leadership_options(s, seat)
        if len(opts) == 1 and not asked:
            f[2] = PLAY
            return False
        return _ask_marked(s, f, 3, seat, "leadership", opts, "Leadership phase: play a leadership-phase card, "
                                                                  "use REPLACE, or pass")
    if phase == PLAY:
        p = s.players[seat]
        if s.element is None and not p.hand and not asked:
            finish(s, "out")  # BM26: a player who must decline with no card to discard
            return False
        opts = play_options(s, seat)
        if len(opts) == 1 and not asked:
            if s.element is None:
                emit(s, "must_decline", seat=seat)
                s.stack[-1] = ["decline", seat, 0, 0, False]
            else:
                emit(s, "must_retreat", seat=seat)
                fight_lost(s, seat, "cannot")
            return False
        prompt = ("Start a fight: play a character and name its element, or decline" if s.element is None else
                  "Play a character (it covers your last one), or retreat")
        return _ask_marked(s, f, 3, seat, "play", opts, prompt)
    if phase == BOOST:
        opts = boost_options(s, seat)
        if opts == [DONE] and not asked:
            f[2] = CHECK
            return False
        return _ask_marked(s, f, 3, seat, "boost", opts, "Play a booster or a support, or done")
    if phase == CHECK:
        if check_met(s, seat):
            f[2] = REFILL
            return False
        emit(s, "short", seat=seat)  # BM11: an effect left the player short
        fight_lost(s, seat, "short")
        return False
    if phase == REFILL:
        refill(s, seat)
        f[2] = NEXT
        s.stack.append(["end_turn", seat, 0])
        return False
    s.stack.pop()
    s.stack.append(["turn", 1 - seat, BEGIN, False])
    return False


# -- playing cards --------------------------------------------------------------------------------------


def play_lead(s: BlueMoonState, seat: int, c: str) -> None:
    """BM9, BM52-BM57, BM69, BM70: a leadership-phase card."""
    card = CARDS[c]
    p = s.players[seat]
    take_from_hand(s, seat, c)
    s.played.append(c)
    if card.kind == "crystal":
        emit(s, "crystal", seat=seat, card=c)
        if s.players[1 - seat].crystals:  # BM56-BM58: it cancels one of theirs and is never on display with them
            p.discard.append(c)
            s.stack.append(["clash", seat, c])
        else:
            p.crystals.append(c)
        return
    emit(s, "lead", seat=seat, card=c)
    if card.kind == "leadership":
        p.lead.append(c)
    else:
        p.discard.append(c)  # a Hyla card works this turn from the discard pile (it cannot take itself back)
    push_effects(s, seat, card)


def replace(s: BlueMoonState, seat: int, c: str) -> None:
    """BM65, BM66: discard a REPLACE card without effect, then draw one if you wish."""
    take_from_hand(s, seat, c)
    s.players[seat].discard.append(c)
    emit(s, "replace", seat=seat, card=c)
    if s.players[seat].deck and may_draw(s, seat):
        s.stack.append(["replace_draw", seat])


def play_character(s: BlueMoonState, seat: int, c: str, element: str | None) -> None:
    card = CARDS[c]
    take_from_hand(s, seat, c)
    moved: list[str] = []
    if element is not None:  # BM4: the starting player names the fight's element
        s.element = element
        s.opening = True
        s.starter = seat
        s.fights += 1
        s.players[seat].combat.append([c])
        emit(s, "fight", seat=seat, element=element)
    else:
        moved = cover(s, seat, c)
    s.played.append(c)
    if "stop" in card.icons:
        s.stopped = True
    emit(s, "character", seat=seat, card=c, kindled=moved)
    push_effects(s, seat, card)


def play_more(s: BlueMoonState, seat: int, c: str) -> None:
    """A booster, a support, or the second character of a PAIR."""
    card = CARDS[c]
    p = s.players[seat]
    if counts_toward_limit(s, c):
        s.used[1 if card.kind == "support" else 0] += 1
    take_from_hand(s, seat, c)
    if card.kind == "support":
        p.supports.append(c)
    else:
        p.combat[-1].append(c)
    s.played.append(c)
    if "stop" in card.icons:
        s.stopped = True
    for x in s.lasting:
        if x[KIND] == "must_play" and x[TARGET] == seat and x[DATA]["what"] == card.kind:
            x[SPENT] = True
    emit(s, card.kind, seat=seat, card=c)
    if card.kind == "support" and card.keyword == "rooted":
        s.stack.append(["rooted_check", seat])
    push_effects(s, seat, card)


def retrieve(s: BlueMoonState, seat: int, c: str) -> None:
    p = s.players[seat]
    if c in p.supports:
        p.supports.remove(c)
    else:
        p.combat[-1].remove(c)
    add_to_hand(s, seat, c, shown=True)
    emit(s, "retrieve", seat=seat, card=c)


@frame("rooted_check")
def _run_rooted(s: BlueMoonState, f: Frame, chance: Chance) -> bool:
    s.stack.pop()
    seat = f[1]
    if rooted(s, seat) >= 3 and s.element is not None:
        emit(s, "rooted", seat=seat)
        fight_lost(s, 1 - seat, "rooted")
    return False


def _act_replace_draw(s: BlueMoonState, f: Frame, seat: int, action: Action, chance: Chance) -> None:
    s.stack.pop()
    if action == ("draw",):
        draw(s, seat, 1)


@frame("replace_draw", _act_replace_draw)
def _run_replace_draw(s: BlueMoonState, f: Frame, chance: Chance) -> bool:
    return ask(s, f[1], "replace", [("draw",), ("no_draw",)], "REPLACE: draw a card in its place?")


def _act_clash(s: BlueMoonState, f: Frame, seat: int, action: Action, chance: Chance) -> None:
    _clash(s, f, action[1])


def _clash(s: BlueMoonState, f: Frame, theirs: str) -> None:
    seat, mine = f[1], f[2]
    s.stack.pop()
    foe = s.players[1 - seat]
    foe.crystals.remove(theirs)
    foe.discard.append(theirs)
    emit(s, "clash", seat=seat, card=mine, foe_card=theirs)


@frame("clash", _act_clash)
def _run_clash(s: BlueMoonState, f: Frame, chance: Chance) -> bool:
    """BM56, BM57: both give up one displayed crystal card: the one just played (already on its owner's
    discard pile), and the opponent's choice among theirs."""
    theirs = s.players[1 - f[1]].crystals
    if len(theirs) == 1:
        _clash(s, f, theirs[0])
        return False
    return ask(s, 1 - f[1], "crystal", [("card", c) for c in sorted(theirs)],
               "Give up one of your displayed crystal cards")


@frame("end_turn")
def _run_end_turn(s: BlueMoonState, f: Frame, chance: Chance) -> bool:
    seat = f[1]
    if f[2] == 0:  # "I must discard ... after I refill this turn"
        f[2] = 1
        for x in s.lasting:
            if x[KIND] == "must_discard_end" and x[TARGET] == seat and not x[SPENT]:
                x[SPENT] = True
                n = x[DATA]["n"]
                s.stack.append(["step:discard", seat, {"n": n}, x[6], n, 0, seat, False])
        return False
    expire_turn(s, seat)
    s.stack.pop()
    return False


# -- retreat and the fight's end (BM20-BM25) ------------------------------------------------------------


def fight_lost(s: BlueMoonState, loser: int, why: str) -> None:
    """The turn frame on top ends; the fight ends with `loser` retreating."""
    s.stack.pop()
    emit(s, "retreat", seat=loser, why=why)
    s.stack.append(["fight_end", loser, 0])


def dragons_won(s: BlueMoonState, winner: int) -> int:
    """BM20 and the texts: 1, or 2 with 6+ cards in combat and support; attract, GUST; a cap; "I must"."""
    p = s.players[winner]
    n = 2 if p.in_combat() >= 6 else 1
    n += sum(x[DATA]["n"] for x in s.lasting if x[KIND] == "attract" and x[TARGET] == winner)
    active = uncovered(p) + p.supports
    if any(CARDS[c].keyword == "gust" and text_works(s, winner, CARDS[c]) for c in active):
        n += 1
    caps = [x[DATA]["n"] for x in s.lasting if x[KIND] == "cap" and x[TARGET] == winner]
    if caps:
        n = min(n, min(caps))
    # BM72: "I must attract" beats the cap and is never ignored
    n += sum(params["n"] for c in active for name, params in CARDS[c].effects if name == "must_attract")
    return n


@frame("fight_end")
def _run_fight_end(s: BlueMoonState, f: Frame, chance: Chance) -> bool:
    loser, stage = f[1], f[2]
    winner = 1 - loser
    if stage == 0:
        f[2] = 1
        n = dragons_won(s, winner)
        emit(s, "fight_won", seat=winner, dragons=n)
        s.stack.append(["attract", winner, n])
        return False
    if stage == 1:  # BM24, BM25
        f[2] = 2
        for seat, p in enumerate(s.players):
            gone = [c for layer in p.combat for c in layer] + p.supports
            p.combat, p.supports = [], []
            p.discard.extend(gone)
            if gone:
                emit(s, "clear", seat=seat, cards=gone)
        s.element = None
        s.opening = False
        expire_fight(s)
        refill(s, winner)
        refill(s, loser)
        s.stack.append(["end_turn", s.active, 0])
        return False
    if any(not p.hand for p in s.players):  # BM26
        finish(s, "out")
        return False
    s.stack.pop()
    s.starter = loser
    s.stack.append(["turn", loser, BEGIN, False])
    return False


def _act_attract(s: BlueMoonState, f: Frame, seat: int, action: Action, chance: Chance) -> None:
    move_dragon(s, f[1], DRAGON_INDEX[action[1]])
    f[2] -= 1


def move_dragon(s: BlueMoonState, winner: int, i: int) -> None:
    to = MIDDLE if s.dragons[i] == 1 - winner else winner
    s.dragons[i] = to
    emit(s, "dragon", dragon=DRAGON_IDS[i], to=to, seat=winner)


@frame("attract", _act_attract)
def _run_attract(s: BlueMoonState, f: Frame, chance: Chance) -> bool:
    """BM21-BM23: one dragon at a time; the loser's first, then the middle's; a fourth wins at once."""
    winner, left = f[1], f[2]
    if left <= 0:
        s.stack.pop()
        return False
    loser = 1 - winner
    theirs = [i for i, d in enumerate(s.dragons) if d == loser]
    cands = theirs or [i for i, d in enumerate(s.dragons) if d == MIDDLE]
    if not cands:
        finish(s, "all_dragons", winner)
        return False
    if len(cands) == 1:
        move_dragon(s, winner, cands[0])
        f[2] -= 1
        return False
    prompt = "Send one of the opponent's dragons back to the middle" if theirs else "Attract a dragon to your side"
    return ask(s, winner, "dragon", [("dragon", DRAGON_IDS[i]) for i in cands], prompt)


# -- declining (BM12) -----------------------------------------------------------------------------------


def _act_decline(s: BlueMoonState, f: Frame, seat: int, action: Action, chance: Chance) -> None:
    f[4] = False
    if action == DONE:
        f[3] = 1
        return
    take_from_hand(s, seat, action[1])
    to_pile(s, seat, action[1], "decline")
    f[2] += 1


@frame("decline", _act_decline)
def _run_decline(s: BlueMoonState, f: Frame, chance: Chance) -> bool:
    seat, n, stage = f[1], f[2], f[3]
    p = s.players[seat]
    if stage == 0:
        if n < 3 and p.hand:
            opts: list[Action] = [("card", c) for c in p.hand]
            if n >= 1:
                opts.append(DONE)
            return _ask_marked(s, f, 4, seat, "decline", opts, f"Decline: discard 1 to 3 cards ({n} so far)")
        f[3] = 1
        return False
    if stage == 1:
        refill(s, seat)
        expire_fight(s)  # "this fight" effects of a fight that never started
        f[3] = 2
        s.stack.append(["end_turn", seat, 0])
        return False
    if not p.hand:  # BM26
        finish(s, "out")
        return False
    s.stack.pop()
    s.starter = 1 - seat
    s.stack.append(["turn", 1 - seat, BEGIN, False])
    return False


# -- the game's end (BM26-BM28, BM59-BM63) --------------------------------------------------------------


def score(dragons: int, winner_crystals: int, loser_crystals: int) -> int:
    """BM62: 1 + max(0, dragons - the loser's displayed crystal cards) + the winner's displayed ones."""
    return 1 + max(0, dragons - loser_crystals) + winner_crystals


def finish(s: BlueMoonState, reason: str, winner: int | None = None) -> None:
    sides = [sum(1 for d in s.dragons if d == seat) for seat in (0, 1)]
    if reason == "all_dragons" and winner is not None:
        dragons = 3  # BM62: an immediate win counts 3 dragons
    elif sides[0] or sides[1]:
        winner = 0 if sides[0] else 1
        dragons = sides[winner]
    else:  # BM28: no dragons: the player who did not run out first
        reason = "no_dragons"
        out = s.first_out
        if out is None:
            out = 0 if not s.players[0].hand else 1
        winner = 1 - out
        dragons = 0
    loser = 1 - winner
    crystals = [0, 0]
    crystals[winner] = score(dragons, len(s.players[winner].crystals), len(s.players[loser].crystals))
    s.over = True
    s.winner = winner
    s.reason = reason
    s.crystals = crystals
    s.stack.clear()
    s.decisions = []
    emit(s, "end", winner=winner, reason=reason, crystals=crystals, dragons=sides)
