"""An outside bot: takes a seat of a live table by its link and plays it, greedy for the biggest option.

    .venv/bin/python examples/bot.py 'http://127.0.0.1:8000/t/TABLE#TOKEN'
"""

import random
import sys

from moontable.client import play


def choose(view, decision):
    # the longest options say the most (a card and how to play it); ties broken at random
    longest = max(len(o) for o in decision.options)
    return random.choice([o for o in decision.options if len(o) == longest])


ended = play(sys.argv[1], choose, author="Moontable examples", name="Greedy")
print(f"{'draw' if ended.result['winner'] is None else 'won' if ended.won else 'lost'}: {ended.text}")
