"""The Roll Log follows the log without reading it all again after every roll (issue 30's
load benchmark: with 8 players rolling every second, a whole-log read per roll took tens
of ms of the GM's GUI thread): new lines go on top, a line undone or redone is read again
where it stands, and anything the copy cannot follow (a line gone, a line logged with an
earlier time) reads the whole log, so the Roll Log always shows what the store holds."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from desktop.store import RollRecord
from desktop.ui.docks.roll_log import RollLogWidget
from desktop.ui.session import CampaignSession


def shown(log: RollLogWidget) -> list[tuple[int, bool]]:
    return [(record.id, record.undone) for record in log.model.records]


def stored(session: CampaignSession, who: int | None = None) -> list[tuple[int, bool]]:
    return [(record.id, record.undone) for record in session.campaign.rolls.all(who)]


def log_line(session: CampaignSession, who: int, total: int, at: str | None = None) -> RollRecord:
    return session.campaign.rolls.log(who, "Kara Voss", "roll", {}, total, f"Roll {total}.", at)


def test_new_lines_go_on_top_and_marks_change_in_place(
    session: CampaignSession, qtbot: QtBot
) -> None:
    kara = session.campaign.roster.add("Kara Voss", "pc").id
    for total in range(5):
        log_line(session, kara, total)
    log = RollLogWidget()
    qtbot.addWidget(log)
    log.set_session(session)
    resets: list[int] = []
    inserted: list[tuple[int, int]] = []
    log.model.modelReset.connect(lambda: resets.append(1))
    log.model.rowsInserted.connect(lambda _parent, first, last: inserted.append((first, last)))
    newest = log_line(session, kara, 9)
    assert shown(log) == stored(session) and shown(log)[0] == (newest.id, False)
    assert resets == [] and inserted == [(0, 0)]
    assert log.count_label.text() == "6 rolls"
    session.campaign.rolls.set_undone(newest.id, True)  # an undo marks the line
    session.campaign.rolls.set_undone(shown(log)[3][0], True)
    assert shown(log) == stored(session) and resets == []
    session.campaign.rolls.set_undone(newest.id, False)  # its redo
    assert shown(log) == stored(session) and resets == []


def test_what_the_copy_cannot_follow_reads_the_whole_log(
    session: CampaignSession, qtbot: QtBot
) -> None:
    kara = session.campaign.roster.add("Kara Voss", "pc").id
    ilse = session.campaign.roster.add("Ilse Marr", "pc").id
    log_line(session, kara, 1, "2026-03-14T20:05:00")
    log_line(session, ilse, 2, "2026-03-14T20:06:00")
    log = RollLogWidget()
    qtbot.addWidget(log)
    log.set_session(session)
    # A line logged with an earlier time than the newest shown: it belongs below.
    log_line(session, kara, 3, "2026-03-14T20:00:00")
    assert shown(log) == stored(session) and shown(log)[-1][0] == 3
    # One character's lines, then a line of someone else's: not shown, nothing breaks.
    log.filter_combo.setCurrentIndex(log.filter_combo.findData(kara))
    assert shown(log) == stored(session, kara)
    log_line(session, ilse, 4)
    assert shown(log) == stored(session, kara)
    log_line(session, kara, 5)
    assert shown(log) == stored(session, kara)
    # A character removed: its lines stay in the log, no longer theirs.
    log.filter_combo.setCurrentIndex(0)
    session.campaign.roster.delete(kara)
    assert shown(log) == stored(session)
