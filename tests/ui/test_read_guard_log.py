"""A read a damaged record stops leaves a line in the log (issue 28: errors leave a
trace), naming the view and the fault's type but never the fault's words, which may
quote campaign text."""

from __future__ import annotations

import logging

import pytest

from desktop.ui.read_guard import guarded, guarded_call


class _Session:
    def __init__(self, damaged: bool) -> None:
        self.damaged = damaged

    def tell_damage(self) -> bool:
        return self.damaged


class _ClockView:
    def __init__(self, damaged: bool) -> None:
        self.session = _Session(damaged)

    @guarded
    def refresh(self) -> None:
        raise ValueError("A tier of 'Kara Voss secret' is not 0 to 6.")


def test_a_read_around_a_damaged_record_is_logged_without_its_words(
    caplog: pytest.LogCaptureFixture,
) -> None:
    view = _ClockView(damaged=True)
    with caplog.at_level(logging.WARNING, logger="desktop.ui.read_guard"):
        view.refresh()
        guarded_call(view, view.refresh.__wrapped__.__get__(view))
    lines = [record.getMessage() for record in caplog.records]
    assert lines == ["_ClockView read around a damaged record (ValueError)"] * 2
    assert "Kara Voss" not in caplog.text


def test_an_error_with_no_damaged_record_is_raised_and_not_logged_as_one(
    caplog: pytest.LogCaptureFixture,
) -> None:
    view = _ClockView(damaged=False)
    with (
        caplog.at_level(logging.WARNING, logger="desktop.ui.read_guard"),
        pytest.raises(ValueError),
    ):
        view.refresh()
    assert "damaged record" not in caplog.text
