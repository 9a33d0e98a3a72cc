"""Every English text of Moons, in one place: card faces, Asteroids, tokens, scoring, the reference card, the
rules summary, prompts, options, log lines and the board. text_pt.py has the same keys in Portuguese."""

from __future__ import annotations

TEXT = {
    "game": "Moons",
    "language": "English",
    "planets": {"saturn": "Saturn", "jupiter": "Jupiter", "neptune": "Neptune", "uranus": "Uranus"},
    # MO3: name and one short fact per moon, by the keys of content.MOONS
    "moons": {
        "pan": ["Pan", "Walnut-shaped; it sweeps the Encke Gap in the rings clear."],
        "pandora": ["Pandora", "The outer shepherd of the narrow F ring."],
        "prometheus": ["Prometheus", "Shepherds the F ring and pulls streamers out of it."],
        "epimetheus": ["Epimetheus", "Shares an orbit with Janus; every four years they trade places."],
        "janus": ["Janus", "Trades orbits with Epimetheus every four years."],
        "phoebe": ["Phoebe", "Orbits backwards, far out: probably a captured body."],
        "hyperion": ["Hyperion", "Spongy-looking, it tumbles with a chaotic spin."],
        "mimas": ["Mimas", "Its crater Herschel is a third as wide as the moon itself."],
        "enceladus": ["Enceladus", "Geysers at its south pole spray water into space."],
        "tethys": ["Tethys", "Almost pure water ice, with a huge crater, Odysseus."],
        "dione": ["Dione", "Bright ice cliffs streak its trailing side."],
        "iapetus": ["Iapetus", "One side is dark as coal, the other bright as snow."],
        "rhea": ["Rhea", "Saturn's second-largest moon, icy and cratered."],
        "titan": ["Titan", "The only moon with a thick atmosphere; it has lakes of methane."],
        "adrastea": ["Adrastea", "Orbits at the outer edge of Jupiter's main ring."],
        "ananke": ["Ananke", "Gives its name to a family of moons that orbit backwards."],
        "sinope": ["Sinope", "A far moon on a backward orbit, found in 1914."],
        "metis": ["Metis", "The innermost moon: it circles faster than Jupiter spins."],
        "carme": ["Carme", "Leads a family of moons on backward orbits."],
        "pasiphae": ["Pasiphae", "A captured moon on a backward orbit, found in 1908."],
        "elara": ["Elara", "One of the Himalia group, found in 1905."],
        "thebe": ["Thebe", "Its dust feeds one of Jupiter's faint gossamer rings."],
        "himalia": ["Himalia", "The largest of Jupiter's far, irregular moons."],
        "amalthea": ["Amalthea", "Red and potato-shaped, it orbits inside Io's path."],
        "europa": ["Europa", "An ocean of liquid water lies under its ice."],
        "io": ["Io", "The most volcanic world in the Solar System."],
        "callisto": ["Callisto", "One of the most heavily cratered bodies known."],
        "ganymede": ["Ganymede", "The largest moon of all, bigger than Mercury."],
        "hippocamp": ["Hippocamp", "Tiny and found in 2013: perhaps a chip knocked off Proteus."],
        "psamathe": ["Psamathe", "So far out that one orbit takes about 25 years."],
        "laomedeia": ["Laomedeia", "A far outer moon, found in 2002."],
        "sao": ["Sao", "A far moon that orbits the same way Neptune spins."],
        "neso": ["Neso", "One of the most distant moons of any planet."],
        "halimede": ["Halimede", "An outer moon on a backward orbit, found in 2002."],
        "naiad": ["Naiad", "The innermost moon; it weaves above and below Thalassa's path."],
        "thalassa": ["Thalassa", "Moves in step with Naiad in an orbital dance."],
        "despina": ["Despina", "A shepherd of the Le Verrier ring."],
        "galatea": ["Galatea", "Its pull holds the arcs of the Adams ring together."],
        "larissa": ["Larissa", "Found in 1981 when it passed in front of a star."],
        "nereid": ["Nereid", "One of the most stretched-out orbits of any moon."],
        "proteus": ["Proteus", "Dark and boxy: about as big as a moon can be without turning round."],
        "triton": ["Triton", "Orbits backwards, and its geysers spout nitrogen."],
        "cordelia": ["Cordelia", "The innermost; it shepherds the inner edge of the Epsilon ring."],
        "ophelia": ["Ophelia", "Shepherds the outer edge of the Epsilon ring."],
        "bianca": ["Bianca", "Found on Voyager 2's pictures in January 1986."],
        "desdemona": ["Desdemona", "Orbits so close to Cressida that the two may one day collide."],
        "rosalind": ["Rosalind", "Named after a heroine of a Shakespeare comedy."],
        "belinda": ["Belinda", "Named after a heroine of Alexander Pope, not of Shakespeare."],
        "juliet": ["Juliet", "Named, like most of Uranus's moons, after a Shakespeare character."],
        "portia": ["Portia", "The largest of a crowded swarm of small inner moons."],
        "puck": ["Puck", "The largest inner moon, found by Voyager 2 in 1985."],
        "miranda": ["Miranda", "A patchwork world with cliffs perhaps 20 km tall."],
        "ariel": ["Ariel", "The brightest of Uranus's large moons."],
        "umbriel": ["Umbriel", "The darkest of Uranus's large moons."],
        "oberon": ["Oberon", "The outermost large moon, old and heavily cratered."],
        "titania": ["Titania", "Uranus's largest moon, cut by huge canyons."],
    },
    "rank_order": "Within each planet the ranks follow the moons' sizes (mean diameter): 1 is the smallest moon, "
                  "14 the largest.",
    "card": "{moon} ({planet} {rank})",
    "large_asteroid": {
        "name": "Large Asteroid",
        "text": "Play it instead of a Moon card when you do not lead, even if you could follow suit. It never wins "
                "the trick and is never an off-suit card. When you play it, draw a small Asteroid. You may lead it "
                "only if your hand holds nothing else: then the first Moon card played to the trick sets the led "
                "suit. If no Moon card is played to a trick, no one wins it and the same player leads again.",
    },
    # MO21: each kind's effect, targets and what happens with no legal target
    "asteroids": {
        "orbit_swap": {
            "name": "Orbital Swap",
            "text": "Swap one of your planet tokens for a token of another planet held by another player.",
            "targets": "A token of another player, then one of yours of a different planet.",
            "no_target": "Cannot be played unless you hold a token and another player holds a token of a "
                         "different planet.",
        },
        "realign": {
            "name": "Realignment",
            "text": "Swap a card of your tableau with a Moon card from your hand. Everyone sees the card that "
                    "goes back to your hand.",
            "targets": "A card of your tableau, then a Moon card of your hand.",
            "no_target": "Cannot be played when your hand holds no Moon card.",
        },
        "stardust": {
            "name": "Stardust",
            "text": "Lay it face up in front of you. At the end of the game it counts as one planet token of the "
                    "planet that scores best for you.",
            "targets": "None.",
            "no_target": "Needs no target: it can always be played.",
        },
        "tractor": {
            "name": "Tractor Beam",
            "text": "Take one planet token from a player who holds more tokens than you.",
            "targets": "A token of a player with more tokens than you.",
            "no_target": "Cannot be played when no player holds more tokens than you.",
        },
        "shower": {
            "name": "Meteor Shower",
            "text": "Draw two small Asteroids.",
            "targets": "None.",
            "no_target": "Can always be played; if the draw pile and the discard pile are both empty, it draws "
                         "nothing.",
        },
        "capture": {
            "name": "Capture",
            "text": "Take a token from the supply of a planet you hold no token of.",
            "targets": "A planet you hold no token of that still has tokens in the supply.",
            "no_target": "Cannot be played when you hold every planet or the supply has none of the others.",
        },
        "retro": {
            "name": "Retrograde",
            "text": "This trick, the lowest card of the led suit wins instead of the highest. A second Retrograde "
                    "in the same trick turns it back.",
            "targets": "None.",
            "no_target": "Needs no target: it can always be played.",
        },
        "wind": {
            "name": "Solar Wind",
            "text": "This turn you may play a Moon card of any planet, even if you could follow suit.",
            "targets": "None.",
            "no_target": "Cannot be played when you lead, when no suit has been led, or when you could not use "
                         "it (no card of the led suit, or no Moon card of another planet).",
        },
        "eclipse": {
            "name": "Eclipse",
            "text": "Swap a card of your tableau with a card of another player's tableau.",
            "targets": "A card of your tableau, then a card of another player's tableau.",
            "no_target": "Always has a target: every other player has a tableau.",
        },
        "assist": {
            "name": "Gravity Assist",
            "text": "If you win this trick, take one more token of a planet in your tableau.",
            "targets": "None.",
            "no_target": "Needs no target: it can always be played. If you do not win the trick, it does nothing.",
        },
    },
    "small_asteroid": "small Asteroid",
    "block": {
        "name": "Block token",
        "text": "At the end of each round the Block token goes to the player who won the fewest tricks that round "
                "(ties: the tied player first clockwise from the round's first player). In your turn, before your "
                "card, you may spend it: name a planet, and this trick gives no token of that planet (neither the "
                "winner's nor the lowest off-suit card's). It then goes back to the common area.",
    },
    "earth_moon_token": "Earth's Moon token",
    "earth_token": "Earth token",
    "token": "{planet} token",
    "scoring": {
        "title": "Scoring sets",
        "rule": "A set is one token of each of several different planets. Sort your tokens into sets by layers: "
                "take one token of every planet you hold, then again from what is left, until nothing is left. A "
                "lone token is a set of one. A Stardust card counts as one token of the planet that scores best "
                "for you. Tokens left in the supply score for no one. The highest total wins; a tie goes to the "
                "player with more sets of four, then to the one with more tokens; if still tied, the win is shared.",
        "sizes": {"1": "1 planet: 1 point", "2": "2 planets: 3 points", "3": "3 planets: 6 points",
                  "4": "4 planets: 10 points"},
        "example": "{tokens}; Stardust cards: {stardust} -> {points} points",
        "examples_note": "Worked examples",
    },
    "reference": {
        "title": "Moons: reference card",
        "turn": [
            "Each round: the deck is dealt out; everyone lays 3 cards face down as a tableau; all reveal together.",
            "Round 1: the highest tableau card takes the Earth's Moon token (first player); the Earth token stays "
            "at that seat.",
            "Your turn in a trick: you may play one small Asteroid (and spend the Block token), then play a card.",
            "Follow suit if you can. A large Asteroid may be played instead of a Moon card; it draws a small "
            "Asteroid.",
            "Highest card of the led suit wins: a token of a planet in the winner's tableau. The lowest off-suit "
            "card takes a token of its own planet (tied lowest: none).",
            "The winner leads the next trick.",
            "Round end: most tricks takes a token of any planet (ties: each); no tricks may take a token of a "
            "tableau planet. Fewest tricks takes the Block token. The Earth's Moon token passes left; its new "
            "holder deals.",
            "The game ends at once when the supply is empty, or after the round dealt by the last seat before the "
            "Earth token.",
        ],
    },
    "rules": [
        "Moons is a trick-taking game for 2 to 6 players. The suits are four planets (Saturn, Jupiter, Neptune, "
        "Uranus); each planet's 14 cards are its moons, ranked by size.",
        "Set-up: the 68 planet tokens (17 a planet) form the supply. Shuffle the 38 small Asteroids, deal two to "
        "each player and keep the rest as a face-down draw pile. Shuffle the 60-card deck (56 Moon cards and 4 "
        "large Asteroids) and deal it all out, one at a time, from seat 0: each player gets 60 / N cards. The "
        "Block token starts in the common area.",
        "Each round every player lays three Moon cards from their hand face down as a tableau. When all are in, "
        "they are revealed together. Tableau cards are out of the hand for the round: they cannot be played and "
        "do not count for following suit. In round 1 the player with the highest tableau card (rank only; ties: "
        "the second card, then the third, then the first clockwise from seat 0) takes the Earth's Moon token and "
        "is first player; the Earth token is placed at that seat for the whole game.",
        "The first player may play one small Asteroid and then leads any Moon card. Clockwise, each other player "
        "may play one small Asteroid and then plays one card, following suit if able. A small Asteroid is played "
        "only in your own turn, before your card, at most one a turn; it takes full effect, then goes to the "
        "discard pile (Stardust stays in front of you). If a small Asteroid must be drawn and the draw pile is "
        "empty, the discard pile is shuffled into a new one; if both are empty, nothing is drawn.",
        "The highest card of the led suit wins the trick; off-suit cards never win. The winner takes one token of a "
        "planet shown in their own tableau (their choice if several). Then the lowest off-suit Moon card takes a "
        "token of its own planet; if the lowest off-suit cards tie, no one takes that token. A player owed a token "
        "chooses only among the allowed planets still in the supply; if there are none, they get nothing. The "
        "winner leads the next trick.",
        "When the hands are empty, the player who won the most tricks takes a token of any planet (each tied "
        "player takes one), in clockwise order from the first player; then each player who won no trick may take "
        "a token of a planet in their tableau. The Block token goes to the player with the fewest tricks. The "
        "Earth's Moon token passes to the next seat clockwise, whose player gathers all 60 cards, shuffles and "
        "deals the next round, starting on their left. Small Asteroids and tokens stay where they are.",
        "The game ends at once when the last token leaves the supply, or after the round dealt by the last seat "
        "still to deal (when the Earth's Moon token would come back to the Earth token's seat): at most N rounds.",
    ],
    "ui": {
        "seat": "seat {n}",
        "you": "you",
        "and": " and ",
        "none": "none",
        "prompt_tableau": "lay a Moon card face down in your tableau ({k} of 3)",
        "prompt_lead": "lead a card (first, if you like, a small Asteroid or the Block token)",
        "prompt_follow": "play a card, following suit if you can (first, if you like, a small Asteroid or the "
                         "Block token)",
        "prompt_take": "choose the planet of your token",
        "prompt_take_optional": "take a token of a planet in your tableau, or none",
        "prompt_swap_take": "Orbital Swap: the token you take",
        "prompt_swap_give": "Orbital Swap: the token you give for it",
        "prompt_realign_out": "Realignment: the tableau card that goes back to your hand",
        "prompt_realign_in": "Realignment: the Moon card of your hand that takes its place",
        "prompt_tractor": "Tractor Beam: the token you take",
        "prompt_capture": "Capture: the planet of the token you take",
        "prompt_eclipse_mine": "Eclipse: the card of your tableau you give",
        "prompt_eclipse_theirs": "Eclipse: the tableau card you take for it",
        "act_tableau": "Tableau: {card}",
        "act_card": "Play {card}",
        "act_asteroid": "Play {asteroid}: {text}",
        "act_block": "Spend the Block token on {planet}",
        "act_take": "Take a {planet} token",
        "act_decline": "Take no token",
        "act_token": "The {planet} token of {seat}",
        "act_give": "Give a {planet} token",
        "act_tableau_card": "{card} (your tableau)",
        "act_hand_card": "{card} (your hand)",
        "act_their_card": "{card} ({seat}'s tableau)",
        "act_capture": "A {planet} token from the supply",
        "ev_round": "Round {round}: {seat} deals.",
        "ev_round1": "Round 1: the deck is dealt from seat 0.",
        "ev_picked": "{seat} lays a card face down.",
        "ev_picked_own": "You lay {card} face down.",
        "ev_reveal": "The tableaux are revealed: {list}.",
        "ev_first": "{seat} has the highest tableau card: the Earth's Moon token and the Earth token go there.",
        "ev_play": "{seat} plays {card}.",
        "ev_asteroid": "{seat} plays {asteroid}.",
        "ev_block": "{seat} spends the Block token: this trick gives no {planet} token.",
        "ev_win": "{seat} wins the trick with {card}.",
        "ev_no_winner": "No Moon card was played: no one wins the trick.",
        "ev_token": "{seat} takes a {planet} token.",
        "ev_no_token": "{seat} is owed a token, but the supply has none of the planets allowed.",
        "ev_declined": "{seat} takes no token.",
        "ev_low_tie": "The lowest off-suit cards tie: no token for them.",
        "ev_swap": "{seat} swaps a {given} token for {other}'s {taken} token.",
        "ev_realign": "{seat} takes {out} back into their hand and lays {card} in the tableau.",
        "ev_tractor": "{seat} takes {other}'s {planet} token.",
        "ev_capture": "{seat} takes a {planet} token from the supply.",
        "ev_eclipse": "{seat} swaps their {mine} with {other}'s {theirs}.",
        "ev_stardust": "{seat} lays Stardust in front of them.",
        "ev_retro": "Retrograde: the lowest card of the led suit wins this trick.",
        "ev_retro_back": "Retrograde again: the highest card of the led suit wins this trick.",
        "ev_wind": "Solar Wind: {seat} may play any planet this turn.",
        "ev_assist": "Gravity Assist: if {seat} wins this trick, they take one more token.",
        "ev_draw": "{seat} draws a small Asteroid.",
        "ev_draw_many": "{seat} draws {n} small Asteroids.",
        "ev_draw_own": "You draw {asteroids}.",
        "ev_draw_none": "{seat} draws nothing: no small Asteroids are left.",
        "ev_reshuffle": "The small Asteroid discard pile is shuffled into a new draw pile.",
        "ev_block_to": "{seat} won the fewest tricks and takes the Block token.",
        "ev_marker": "The Earth's Moon token passes to {seat}.",
        "ev_end_supply": "The supply is empty: the game ends.",
        "ev_end_dealt": "Every player has dealt: the game ends.",
        "ev_most": "{seat} won the most tricks ({n}).",
        "ev_scores": "Scores: {list}.",
        "why_supply": "the supply ran out",
        "why_dealt": "every player had dealt",
        "res_win": "{seat} wins with {points} ({why}).",
        "res_shared": "{seats} share the win with {points} ({why}).",
        "res_tie_sets": "{seat} wins the tie on sets of four",
        "res_tie_tokens": "{seat} wins the tie on tokens",
        "res_going": "the game goes on",
        "r_header": "Round {round} (at most {rounds}); first player {first}; Earth token at {earth}; "
                    "Block token: {block}.",
        "r_supply": "Supply: {list} ({total}). Small Asteroids: {pile} in the draw pile, {discard} discarded.",
        "r_block_common": "common area",
        "r_trick": "Trick {k} of {total}{led}: {cards}",
        "r_led": ", {planet} led",
        "r_retro": " (Retrograde: lowest wins)",
        "r_empty": "no card yet",
        "r_seat": "{seat}{marks}: {tricks}; tokens {tokens} = {points}",
        "n_tricks": "{n} tricks",
        "n_tricks_one": "{n} trick",
        "n_tokens": "{n} tokens",
        "n_tokens_one": "{n} token",
        "n_points": "{n} points",
        "n_points_one": "{n} point",
        "r_tableau": "  tableau: {cards}",
        "r_tableau_hidden": "  tableau: {n} of 3 face down",
        "r_tableau_hidden_one": "  tableau: {n} of 3 face down",
        "r_hand": "  hand: {cards}",
        "r_hand_count": "  hand: {cards}, {smalls}",
        "n_cards": "{n} cards",
        "n_cards_one": "{n} card",
        "n_smalls": "{n} small Asteroids",
        "n_smalls_one": "{n} small Asteroid",
        "r_smalls": "  small Asteroids: {list}",
        "r_stardust": "  Stardust: {n}",
        "m_first": " [first player]",
        "m_earth": " [Earth]",
        "m_block": " [Block]",
        # the terminal table's own words
        "t_seat_label": "seat {seat} ({name})",
        "t_score": "score",
        "t_player": "player",
        "t_bot": "{level} bot",
        "t_title": "{game}, {n} seats; fingerprint {commitment}",
        "t_choose": "choose 1-{k}: ",
        "t_again": "please type a number from 1 to {k}",
        "t_chosen": "{label} has chosen ({kind})",
        "t_over": "game over: {text}",
        "t_seed": "seed {seed}",
        "t_record": "record written to {path}",
        "t_timeout": "time ran out for {name}: the table played a safe move{done}",
    },
}
