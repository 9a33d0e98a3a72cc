"""Play a seat of a live table from your own program: the bot API (docs/protocol.md has the messages).

    from moontable.client import play

    def choose(view, decision):          # the seat's view and its open decision, as the page gets them
        return decision.options[0]       # one of the legal options

    play("http://127.0.0.1:8000/t/TABLE#TOKEN", choose, author="Ana")

`play` takes the seat of the link (the part after # is the seat's secret token), says it is a bot written by
`author` (the table shows the seat as a bot by that name), says ready, answers every decision of its seat with
`choose`, and returns how the game ended. It speaks the same WebSocket protocol as the browser's page, so a
bad move gets the same clear error a page gets: `Refused`, unless `on_error` says otherwise.
"""

from moontable.client.seat import Decision, Ended, Refused, SeatClient, open_table, play, play_async

__all__ = ["Decision", "Ended", "Refused", "SeatClient", "open_table", "play", "play_async"]
