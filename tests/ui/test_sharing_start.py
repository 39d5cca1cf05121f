"""Sharing's pieces on their own: `--share ADDRESS[:PORT]`, the machine's addresses, the
server's files, and the per-campaign setting in the store (issue 29)."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest

from desktop.app import parse_args
from desktop.store import Campaign, Topic
from desktop.store.exchange.export import export_document
from desktop.ui.sharing.addresses import machine_addresses
from desktop.ui.sharing.files import page_folder, site_files
from desktop.ui.sharing.share_address import DEFAULT_PORT, parse_share_address
from tests.ui.test_smoke import run


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("192.168.1.20", ("192.168.1.20", DEFAULT_PORT)),
        ("10.0.0.5:8800", ("10.0.0.5", 8800)),
        (" 127.0.0.1:1 ", ("127.0.0.1", 1)),
    ],
)
def test_share_reads_an_address_and_a_port(text: str, wanted: tuple[str, int]) -> None:
    assert parse_share_address(text) == wanted
    assert parse_args(["--share", text]).share == wanted


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("", "not an address"),
        ("kitchen-laptop", "not an IPv4 address"),
        ("192.168.1.300", "not an IPv4 address"),
        ("0.0.0.0", "not one address"),  # every interface: never by default, never asked
        ("192.168.1.20:0", "1 to 65535"),
        ("192.168.1.20:65536", "1 to 65535"),
        ("192.168.1.20:http", "not a port"),
        ("192.168.1.20:", "not a port"),
        ("[::1]:8765", "not an IPv4 address"),
    ],
)
def test_a_bad_share_address_is_refused_plainly(
    text: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(ValueError, match=said):
        parse_share_address(text)
    with pytest.raises(SystemExit) as exited:
        parse_args(["--share", text])
    assert exited.value.code == 2
    error = capsys.readouterr().err
    assert said in error and "Traceback" not in error


def test_the_machine_addresses_are_ipv4_by_interface_loopback_last() -> None:
    addresses = machine_addresses()
    assert addresses, "every machine has at least its loopback"
    assert all(address.host.count(".") == 3 for address in addresses)
    loopbacks = [address.loopback for address in addresses]
    assert loopbacks == sorted(loopbacks)  # the LAN ones first
    assert any(a.host == "127.0.0.1" and "This computer only" in a.label for a in addresses)
    assert all(address.host in address.label for address in addresses)


def test_the_server_files_are_the_page_and_the_dice(tmp_path: Path) -> None:
    page = tmp_path / "page"
    page.mkdir()
    (page / "index.html").write_text("<!doctype html>")
    (page / "player.js").write_text("'use strict';")
    (page / "notes.txt").write_text("not served")  # a stray file: no type, no file
    files = site_files(page, {"die-damage-d8-pool.svg": b"<svg/>"})
    assert files == {
        "index.html": (b"<!doctype html>", "text/html; charset=utf-8"),
        "player.js": (b"'use strict';", "text/javascript; charset=utf-8"),
        "dice/die-damage-d8-pool.svg": (b"<svg/>", "image/svg+xml"),
    }


def test_the_installed_page_has_what_the_server_serves() -> None:
    files = site_files(page_folder(), {})
    assert {"index.html", "player.html", "player.js", "player.css"} <= set(files)


def test_sharing_is_kept_in_the_campaign_outside_undo_and_the_export(campaign: Campaign) -> None:
    assert campaign.sharing() == {
        "on": False,
        "host": "",
        "port": 0,
        "tokens": {},
        "rolls": [],
        "roll_timing": "whenever",
    }
    heard: list[Topic] = []
    campaign.subscribe(heard.append)
    token = "k" * 32
    campaign.remember_sharing(
        {"on": True, "host": "192.168.1.20", "port": 8765, "tokens": {"1": token}}
    )
    assert heard == [Topic.SHARING]
    assert campaign.sharing()["tokens"] == {"1": token}
    assert campaign.settings()["stress_track"] > 0  # the rule settings beside it, untouched
    assert token not in json.dumps(export_document(campaign), default=str)
    campaign.remember_sharing(campaign.sharing())
    assert heard == [Topic.SHARING]  # the same again writes nothing


@pytest.mark.parametrize(
    "values",
    [
        {"on": "yes"},
        {"port": 70000},
        {"host": "x" * 65},
        {"tokens": {"1": "short"}},
        {"tokens": {"1": "bad token with spaces!!!!!!!!!!!"}},
        {"tokens": {"Kara": "k" * 32}},
    ],
)
def test_a_bad_sharing_setting_is_refused(campaign: Campaign, values: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        campaign.remember_sharing(values)
    assert campaign.sharing()["on"] is False


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.mark.slow  # a whole start in its own process
def test_the_smoke_test_lists_the_players_links(gm_desk_home: Path) -> None:
    port = free_port()
    result = run("--smoke-test", "--share", f"127.0.0.1:{port}", home=gm_desk_home)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    players = report["players"]
    assert players and all(set(p) == {"name", "link"} for p in players)
    assert all(p["link"].startswith(f"http://127.0.0.1:{port}/p/") for p in players)
    assert len({p["link"] for p in players}) == len(players)
    assert report["share_check"] == {"join": 200, "player": 200}  # fetched over the loopback


def test_the_smoke_test_says_when_it_cannot_share(gm_desk_home: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = run("--smoke-test", "--share", f"127.0.0.1:{port}", home=gm_desk_home)
    assert result.returncode == 1
    assert f"cannot share at 127.0.0.1:{port}" in result.stderr
    assert "Traceback" not in result.stderr


def test_share_refuses_a_bad_address_before_starting(gm_desk_home: Path) -> None:
    result = run("--smoke-test", "--share", "192.168.1.20:0", home=gm_desk_home)
    assert result.returncode == 2
    assert "1 to 65535" in result.stderr and "Traceback" not in result.stderr


def test_who_is_connected_reads_in_the_gms_own_time() -> None:
    from datetime import UTC, datetime

    from desktop.share.server import Connection
    from desktop.ui.sharing.window import connected_words

    since = datetime(2026, 3, 1, 20, 5, tzinfo=UTC)
    local = since.astimezone().strftime("%H:%M")
    two = [Connection(1, since, 2), Connection(1, since.replace(minute=30), 1)]
    assert connected_words(two, now=since.astimezone()) == f"3 devices connected since {local}"
    assert connected_words([]) == "Not connected"
