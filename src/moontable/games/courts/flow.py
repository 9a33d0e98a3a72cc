"""The course of a game: set-up, turns, heralds, moves, playing a card, the turn end (C3-C21, C33, C44)."""

from __future__ import annotations

from moontable.engine import Action, Decision
from moontable.fair import Chance, shuffle
from moontable.games.courts.cards import BELL, CARDS, ERA_CARDS, card_at
from moontable.games.courts.core import ask, emit, emit_private, end, frame, gain, raise_truce
from moontable.games.courts.scoring import final_scoring
from moontable.games.courts.state import CourtsState
from moontable.games.courts.strength import (
    can_contest_somewhere,
    card_strength,
    open_towns,
    road_allowed,
    road_try,
    start_place,
)
from moontable.games.courts.tables import (
    COURT_NAMES,
    HOME_REACH,
    LAST_TURN,
    MOON,
    REACH_TOWNS,
    SUN,
    TOWN_ACTION,
    TOWN_OF_ID,
)

SETUP_SWAY = (6, 7)  # C5: the Moon sets six in the Saltmarsh, the Sun seven in the Farrow Isles
SETUP_CAP = 2  # C6


def hand_size(turn: int) -> int:
    return 8 if turn < 4 else 9  # C9


def moves_per_turn(turn: int) -> int:
    return 6 if turn < 4 else 7  # C13


# -- set-up ---------------------------------------------------------------------------------------


def _setup_act(s: CourtsState, f: list, court: int, action: Action, chance: Chance) -> None:
    t = TOWN_OF_ID[action[1]]
    s.sway[court][t] += 1
    f[2] -= 1
    f[3] = f[3] + (t,)
    emit(s, "sway", court=COURT_NAMES[court], town=action[1], delta=1)


@frame("setup", _setup_act)
def _setup_run(s: CourtsState, f: list, chance: Chance) -> bool:
    court, left, placed = f[1], f[2], f[3]
    if left <= 0:
        s.stack.pop()
        return False
    opts = [TOWN_ACTION[t] for t in REACH_TOWNS[HOME_REACH[court]] if placed.count(t) < SETUP_CAP]
    return ask(s, court, "setup", opts, f"set-up: place {left} more sway in your home reach")


# -- turns ----------------------------------------------------------------------------------------


@frame("turns")
def _turns_run(s: CourtsState, f: list, chance: Chance) -> bool:
    if s.turn >= LAST_TURN:
        final_scoring(s)
        return False
    s.stack.extend((["turn_end", 0], ["moves"], ["heralds"], ["turn_start"]))
    return False


def draw_card(s: CourtsState, court: int, chance: Chance) -> bool:
    """Draw one card; an empty draw pile takes the shuffled discard pile (C52)."""
    if not s.draw:
        if not s.discard:
            return False
        s.draw = s.discard
        s.discard = []
        shuffle(chance, s.draw)
        emit(s, "reshuffle", cards=len(s.draw))
    card = s.draw.pop()
    hand = s.hands[court]
    hand.append(card)
    hand.sort()
    return True


def deal(s: CourtsState, chance: Chance) -> None:
    """Fill both hands, one card at a time, the Moon first (C9)."""
    size = hand_size(s.turn)
    got = [0, 0]
    while True:
        dealt = False
        for c in (MOON, SUN):
            if len(s.hands[c]) < size and draw_card(s, c, chance):
                got[c] += 1
                dealt = True
        if not dealt:
            break
    if s.trace is not None:
        for c in (MOON, SUN):
            emit_private(s, c, "deal", {"court": COURT_NAMES[c], "count": got[c]},
                         {"hand": list(s.hands[c])})


@frame("turn_start")
def _turn_start_run(s: CourtsState, f: list, chance: Chance) -> bool:
    s.stack.pop()
    s.turn += 1
    emit(s, "turn", turn=s.turn)
    era = {4: "bloom", 8: "harvest"}.get(s.turn)
    if era:  # C51
        s.draw.extend(ERA_CARDS[era])
        shuffle(chance, s.draw)
        emit(s, "era", era=era, draw=len(s.draw))
    deal(s, chance)
    s.road_tries = [0, 0]
    s.moves_left = [moves_per_turn(s.turn)] * 2
    s.last_mover = SUN
    s.heralds = [-1, -1]
    s.herald_shown = False
    return False


# -- heralds (C10-C12, C56) -----------------------------------------------------------------------


def _herald_act(s: CourtsState, f: list, court: int, action: Action, chance: Chance) -> None:
    card = action[1]
    s.hands[court].remove(card)
    s.heralds[court] = card
    emit_private(s, court, "herald_chosen", {"court": COURT_NAMES[court]}, {"card": card})


@frame("heralds", _herald_act)
def _heralds_run(s: CourtsState, f: list, chance: Chance) -> bool:
    for c in (MOON, SUN):
        if s.heralds[c] == -1 and not s.hands[c]:
            s.heralds[c] = -2  # nothing to herald
    waiting = [c for c in (MOON, SUN) if s.heralds[c] == -1]
    seer = s.gifts["seer"]
    if len(waiting) == 2 and seer in waiting:
        waiting = [1 - seer]  # the Seer chooses after seeing the other herald
    if waiting:
        s.decisions = [_herald_decision(s, c) for c in waiting]
        return True
    s.stack.pop()
    s.herald_shown = True
    emit(s, "heralds", moon=s.heralds[MOON], sun=s.heralds[SUN])
    order = [c for c in (MOON, SUN) if s.heralds[c] >= 0]
    if len(order) == 2:
        moon_st, sun_st = card_at(s.rules, s.heralds[MOON]).strength, card_at(s.rules, s.heralds[SUN]).strength
        order = [MOON, SUN] if moon_st > sun_st else [SUN, MOON]  # a tie plays the Sun's first
    for c in reversed(order):
        s.stack.append(["herald_play", c, s.heralds[c]])
    return False


def _herald_decision(s: CourtsState, court: int) -> Decision:
    opts = tuple(("herald", c) for c in s.hands[court])
    return Decision(s.seat_of(court), "herald", opts, "choose your herald (played for its event)")


@frame("herald_play")
def _herald_play_run(s: CourtsState, f: list, chance: Chance) -> bool:
    s.stack.pop()
    court, card = f[1], f[2]
    s.active = court
    s.stack.append(["finish_card", card])
    s.stack.append(["event", card, court])
    return False


# -- moves (C13-C21) ------------------------------------------------------------------------------


def play_options(s: CourtsState, court: int) -> list[Action]:
    """Every (card, use) the court may play now."""
    from moontable.games.courts.effects import event_happens

    out: list[Action] = []
    upset_ok = can_contest_somewhere(s, court, "upset")
    persuade_ok = can_contest_somewhere(s, court, "persuade")
    road_need = road_allowed(s, court)
    for cid in s.hands[court]:
        card = CARDS[cid]
        if card.owner in (-1, court) and event_happens(s, cid, court):
            out.append(("play", cid, "event"))
        if card.strength > 0:
            out.append(("play", cid, "place"))
            if upset_ok:
                out.append(("play", cid, "upset"))
            if persuade_ok:
                out.append(("play", cid, "persuade"))
            if road_need and card_strength(s, court, cid) >= road_need:
                out.append(("play", cid, "road"))
    if s.bell == court and s.bell_up:  # C46, C47: strength only
        out.append(("play", BELL, "place"))
        if upset_ok:
            out.append(("play", BELL, "upset"))
        if persuade_ok:
            out.append(("play", BELL, "persuade"))
    return out


def _moves_act(s: CourtsState, f: list, court: int, action: Action, chance: Chance) -> None:
    s.last_mover = court
    s.moves_left[court] -= 1
    play(s, court, action[1], action[2], chance)


@frame("moves", _moves_act)
def _moves_run(s: CourtsState, f: list, chance: Chance) -> bool:
    left = s.moves_left
    if left[0] <= 0 and left[1] <= 0:
        s.stack.pop()
        return False
    other = 1 - s.last_mover
    court = other if left[other] > 0 else s.last_mover
    s.active = court
    opts = play_options(s, court)
    if not opts:  # C14
        emit(s, "pass", court=COURT_NAMES[court], moves=left[court])
        left[court] = 0
        s.last_mover = court
        return False
    per_turn = moves_per_turn(s.turn)
    return ask(s, court, "play", opts, f"move {per_turn - left[court] + 1} of {per_turn} this turn: play a card")


def play(s: CourtsState, court: int, card: int, use: str, chance: Chance) -> None:
    emit(s, "play", court=COURT_NAMES[court], card=card, use=use)
    if card == BELL:
        s.stack.append(["pass_bell", court])
        s.stack.append(["use", court, use, BELL])
        return
    s.hands[court].remove(card)
    s.stack.append(["finish_card", card])
    if use == "event":
        s.stack.append(["event", card, court])
    elif gives_event(s, court, card, use):
        # C18, C19, C31; the towns open to a placement are those at the start of the move (C22)
        s.stack.append(["order", court, card, use, open_towns(s, court)])
    else:
        s.stack.append(["use", court, use, card])


def gives_event(s: CourtsState, court: int, card: int, use: str) -> bool:
    """Does playing `card` for `use` give the other court its event too (C18)? The Star Road is a use of
    strength like the others (C31, courts/3); courts/1 and /2 read it as firing no event."""
    return (use != "event" and card != BELL and CARDS[card].owner == 1 - court
            and (use != "road" or s.rules >= 3))


def _order_act(s: CourtsState, f: list, court: int, action: Action, chance: Chance) -> None:
    s.stack.pop()
    use_frame = ["use", court, f[3], f[2], f[4]]
    event_frame = ["event", f[2], court]
    if action[1] == "before":
        s.stack.extend((use_frame, event_frame))
    else:
        s.stack.extend((event_frame, use_frame))


@frame("order", _order_act)
def _order_run(s: CourtsState, f: list, chance: Chance) -> bool:
    card = CARDS[f[2]]
    return ask(s, f[1], "order", (("order", "before"), ("order", "after")),
               f"{card.name} is the other court's card: does its event happen before or after your "
               f"{_USE_NOUN.get(f[3], f[3])}? Its event: {card.text}")


_USE_NOUN = {"place": "placing", "upset": "upset", "persuade": "persuading"}


@frame("use")
def _use_run(s: CourtsState, f: list, chance: Chance) -> bool:
    s.stack.pop()
    court, use, card = f[1], f[2], f[3]
    bell = 1 if card == BELL else 0
    strength = card_strength(s, court, card)
    if use == "place":
        start_place(s, court, strength, bool(bell), opened=f[4] if len(f) > 4 else None)
    elif use == "upset":
        s.stack.append(["upset", court, strength, bell, -1])
    elif use == "persuade":
        s.stack.append(["persuade", court, strength + bell, bell, -1])
    elif use == "road":
        road_try(s, court, chance)  # C31: the card was discarded for the try when it was played
    return False


@frame("finish_card")
def _finish_card_run(s: CourtsState, f: list, chance: Chance) -> bool:
    """C20, C21: a starred card whose event happened leaves the game; others go to the discard pile."""
    s.stack.pop()
    card = f[1]
    if card in s.fired:
        s.fired.remove(card)
        if CARDS[card].starred:
            s.removed.append(card)
            return False
    s.discard.append(card)
    return False


@frame("pass_bell")
def _pass_bell_run(s: CourtsState, f: list, chance: Chance) -> bool:
    """C48: the Bell passes to the other court face down."""
    s.stack.pop()
    s.bell = 1 - f[1]
    s.bell_up = False
    emit(s, "bell", court=COURT_NAMES[s.bell], up=False)
    return False


# -- turn end (C15) -------------------------------------------------------------------------------


def _lamp_act(s: CourtsState, f: list, court: int, action: Action, chance: Chance) -> None:
    s.stack.pop()
    if action[0] == "discard":
        s.hands[court].remove(action[1])
        s.discard.append(action[1])
        emit(s, "lamp", court=COURT_NAMES[court], card=action[1])


@frame("lamp", _lamp_act)
def _lamp_run(s: CourtsState, f: list, chance: Chance) -> bool:
    opts: list[Action] = [("discard", c) for c in s.hands[f[1]]]
    opts.append(("keep",))
    return ask(s, f[1], "lamp", opts, "the Lamp Keeper: let one card go?")


@frame("turn_end")
def _turn_end_run(s: CourtsState, f: list, chance: Chance) -> bool:
    lamp = s.gifts["lamp"]
    if not f[1]:
        f[1] = 1
        if lamp >= 0 and s.hands[lamp]:  # C58
            s.stack.append(["lamp", lamp])
            return False
    s.stack.pop()
    # C33: vigil shortfall, both courts at once
    short = [max(0, s.truce - s.vigil[c]) for c in (MOON, SUN)]
    if short[MOON] or short[SUN]:
        emit(s, "vigil", short=short)
        net = short[MOON] - short[SUN]  # points the Sun gains
        if net > 0:
            gain(s, SUN, net, "vigil")
        elif net < 0:
            gain(s, MOON, -net, "vigil")
        if s.over:
            return False
    # C44: a court still holding a Fair loses
    kept = [any(CARDS[c].fair for c in s.hands[k]) for k in (MOON, SUN)]
    if kept[MOON] and kept[SUN]:
        end(s, None, "fair_kept")
        return False
    if kept[MOON] or kept[SUN]:
        end(s, SUN if kept[MOON] else MOON, "fair_kept")
        return False
    raise_truce(s, 1)
    s.vigil = [0, 0]
    s.bell_up = True
    s.effects = [e for e in s.effects if e[2] != "turn"]
    s.known = [[], []]
    return False
