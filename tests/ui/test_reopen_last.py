"""GM Desk opens the campaign last used (the sample only on the first run), and so does
printing from the command line without --campaign."""

from __future__ import annotations

import json
from pathlib import Path

from tests.ui.test_smoke import run


def opened(*args: str, home: Path) -> str:
    result = run("--smoke-test", *args, home=home)
    assert result.returncode == 0, result.stderr
    return str(json.loads(result.stdout.strip().splitlines()[-1])["campaign"])


def test_the_last_campaign_is_reopened(tmp_path: Path, gm_desk_home: Path) -> None:
    assert opened(home=gm_desk_home).endswith("Sample Campaign.gmdesk")  # the first run
    mine = tmp_path / "Mine.gmdesk"
    assert opened("--campaign", str(mine), home=gm_desk_home) == str(mine)
    assert opened(home=gm_desk_home) == str(mine)
    mine.unlink()  # gone since: the sample again, with no complaint
    assert opened(home=gm_desk_home).endswith("Sample Campaign.gmdesk")


def test_printing_without_campaign_uses_the_one_gm_desk_would_open(
    tmp_path: Path, gm_desk_home: Path
) -> None:
    sheets = tmp_path / "sheets.pdf"
    result = run("--print-sheets", str(sheets), home=gm_desk_home)  # first run: the sample
    assert result.returncode == 0, result.stderr
    assert "Kara Voss" in result.stdout and sheets.read_bytes().startswith(b"%PDF")
    mine = tmp_path / "Mine.gmdesk"
    opened("--campaign", str(mine), home=gm_desk_home)
    result = run("--print-sheets", str(sheets), home=gm_desk_home)
    assert result.returncode != 0  # Mine has no player character to print
    assert "Kara Voss" not in result.stdout and "Traceback" not in result.stderr
