"""Regenerate one campaign file per schema revision, each made by GM Desk as it was then.

    .venv/bin/python tests/store/campaigns/make_campaigns.py

For every revision, the source tree of the last commit at that revision is exported
(`git archive`, so no worktree is left behind) and that GM Desk's own code makes the
file: it imports its own sample campaign, then adds, through its own store, every
kind of record its sample lacks and its store knows (a card image, an energy day, a
downtime session and step, a roll). The files are committed; `test_old_campaigns.py`
opens and upgrades each. A new revision needs no change here: `commits` finds the
last commit of the revision before it in git.
"""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]

# The last commit at each older revision, as the files were made: kept as they were.
PINNED = {
    "0001_initial": "51cf61e^",
    "0002_dice": "731b66c^",
    "0003_syscards": "cb4f257^",
    "0004_energy": "5728f18^",
    "0005_downtime": "adcd192^",
    "0006_rules_records": "f2c9278^",
    "0007_games": "635327f^",
}


def commits() -> dict[str, str]:
    """Each revision and the last commit whose newest revision it is: HEAD for the
    newest; for one after the pinned ones, the commit before the one that brought the
    next revision's script into this branch (its first-parent line). So a new revision
    needs no line here."""
    sys.path.insert(0, str(REPO))
    from desktop.store.migrations import REVISIONS

    found = {}
    for revision, following in itertools.pairwise(REVISIONS):
        if revision in PINNED:
            found[revision] = PINNED[revision]
            continue
        added = subprocess.run(
            [
                "git",
                "log",
                "--first-parent",
                "--diff-filter=A",
                "--format=%h",
                "--",
                f"*/versions/{following}.py",
            ],
            cwd=REPO,
            check=True,
            capture_output=True,
            text=True,
        ).stdout.split()
        found[revision] = f"{added[-1]}^"  # the oldest commit bringing it in
    return {**found, REVISIONS[-1]: "HEAD"}


# Runs inside the old tree, with its own `desktop` package first on the path.
POPULATE = r"""
import sys
from pathlib import Path
from desktop.store.sample import ensure_sample_campaign
from desktop.store.campaign import Campaign

target, data = Path(sys.argv[1]), Path(sys.argv[2])
made = ensure_sample_campaign(data, Path("resources"))
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4000000"
    "0049454e44ae426082"
)
with Campaign.open(made, data_dir=data) as campaign:
    # Up to revision 0006 the store was one Campaign class; after it, one manager per area.
    managed = hasattr(campaign, "roster")
    first = (campaign.roster.all() if managed else campaign.characters())[0]
    for kind in ("pc", "npc", "challenge"):
        add = campaign.roster.add if managed else campaign.add_character
        add(f"Extra {kind}", kind, notes=f"Added as a {kind}.")
    cards = campaign.cards.all if managed else getattr(campaign, "cards", None)
    if (managed or hasattr(campaign, "set_card_image")) and cards():
        set_image = campaign.cards.set_image if managed else campaign.set_card_image
        set_image(cards()[0].id, PNG)
    if hasattr(campaign, "games"):  # from 0007: a game at the table, so rolls say where
        if campaign.games.running() is None:
            campaign.games.start()
        campaign.games.set_scene("A ford in the rain", [first.id])
    if managed or hasattr(campaign, "log_roll"):
        log = campaign.rolls.log if managed else campaign.log_roll
        try:
            log(first.id, first.name, "roll", {"dice": [6, 8]}, 9, "rolled 9")
        except Exception as error:  # an older signature: the sample's rolls suffice
            print("no extra roll:", error)
    if managed or hasattr(campaign, "start_downtime_session"):
        from desktop.store.downtime import ENTRY_ACTIVITIES, DowntimeStep

        (campaign.downtime.start_session if managed else campaign.start_downtime_session)()
        (campaign.downtime.record if managed else campaign.record_downtime)(
            DowntimeStep(first.id, sorted(ENTRY_ACTIVITIES)[0], "Drinks at the inn")
        )
made.replace(target)
"""


def main(only: list[str]) -> None:
    for revision, commit in commits().items():
        if only and revision not in only:
            continue
        target = HERE / f"{revision}.gmdesk"
        target.unlink(missing_ok=True)
        with tempfile.TemporaryDirectory(prefix="gmdesk-rev-") as folder:
            tree = Path(folder) / "tree"
            tree.mkdir()
            archive = subprocess.run(
                ["git", "archive", "--format=tar", commit, "desktop", "resources"],
                cwd=REPO,
                check=True,
                capture_output=True,
            ).stdout
            with tarfile.open(fileobj=BytesIO(archive)) as tar:
                tar.extractall(tree, filter="data")
            data = Path(folder) / "data"
            data.mkdir()
            env = {**os.environ, "PYTHONPATH": str(tree), "GM_DESK_HOME": str(data)}
            subprocess.run(
                [sys.executable, "-c", POPULATE, str(target), str(data)],
                cwd=tree,
                env=env,
                check=True,
            )
        print(f"{revision}: {target.stat().st_size} bytes from {commit}")


if __name__ == "__main__":
    # With revision names as arguments, only those files are made again.
    main(sys.argv[1:])
