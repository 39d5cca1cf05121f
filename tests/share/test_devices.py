"""One socket's queue: every version once and in order, whole-view catch-up when far behind."""

from __future__ import annotations

from datetime import UTC, datetime

from aiohttp import web

from desktop.share.devices import BACKLOG, Device, Frame


def device() -> Device:
    return Device(web.WebSocketResponse(), "token", 1, datetime.now(UTC), ready=True)


def view(version: int) -> Frame:
    return Frame(f"view {version}", version)


def versions(queued: Device) -> list[int | None]:
    return [frame.version for frame in queued.queue]


def test_a_version_already_queued_is_not_queued_again() -> None:
    page = device()
    page.replace_views(view(5))  # the answer to a hello, while v5 was on its way
    page.send(view(5))
    page.send(view(4))
    page.send(view(6))
    assert versions(page) == [5, 6]


def test_a_resync_gets_the_current_view_again_and_drops_older_pending_ones() -> None:
    page = device()
    page.send(view(1))
    page.send(Frame("error"))
    page.replace_views(view(1))
    assert versions(page) == [None, 1]


def test_far_behind_the_views_collapse_to_the_latest_and_errors_stay() -> None:
    page = device()
    page.send(Frame("error"))
    for version in range(1, BACKLOG + 1):
        page.send(view(version))
    assert versions(page) == [None, BACKLOG]
    page.send(view(BACKLOG + 1))
    assert versions(page) == [None, BACKLOG, BACKLOG + 1]


def test_a_farewell_empties_the_queue() -> None:
    page = device()
    page.send(view(1))
    page.close_with("bye")
    assert not page.queue and page.farewell == "bye" and page.wake.is_set()


def test_a_page_that_never_reads_its_errors_is_closed_not_grown() -> None:
    # Error answers are kept when views collapse; one that piles them up unread is
    # closed, so a hostile page cannot grow the server's memory without end.
    page = device()
    for _ in range(BACKLOG + 2):
        page.send(Frame("error"))
    assert page.farewell is not None and "reload" in page.farewell
    assert len(page.queue) == 0
    page.send(Frame("error"))
    page.send(view(9))
    assert len(page.queue) == 0  # nothing more but the farewell
