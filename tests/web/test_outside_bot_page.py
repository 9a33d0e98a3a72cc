"""A seat played by an outside program (moontable.client) is shown on the table page as a bot by its author."""

from __future__ import annotations

import asyncio
import contextlib
import threading

from moontable.client import open_table, play_async


def test_the_page_shows_an_outside_bots_seat_as_a_bot_by_its_author(page, server):
    links = open_table(server, "courts", ["link", "link"])
    loop = asyncio.new_event_loop()
    bot = loop.create_task(play_async(links[1], lambda view, d: d.options[0], author="Ana Lima", name="First Option"))

    def run() -> None:
        with contextlib.suppress(asyncio.CancelledError):
            loop.run_until_complete(bot)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    try:
        page.goto(links[0])
        page.wait_for_selector('.seat.bot[data-seat="1"]')  # once the bot has said hello
        seat = page.locator('.seat[data-seat="1"]')
        page.wait_for_function("() => document.querySelector('.seat[data-seat=\"1\"] .seat-name')"
                               ".textContent === 'First Option'")  # and ready, under its name
        assert seat.locator(".badge", has_text="BOT").count() == 1
        assert seat.get_attribute("data-tip") == "A bot written by Ana Lima plays this seat."
        assert page.locator('.seat[data-seat="0"].bot').count() == 0  # the page's own seat is a person's
    finally:
        loop.call_soon_threadsafe(bot.cancel)
        thread.join(10)
