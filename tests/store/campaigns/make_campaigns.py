"""Regenerate one campaign file per schema revision, each made by GM Desk as it was then.

    .venv/bin/python tests/store/campaigns/make_campaigns.py

For every revision, the source tree of the last commit at that revision is exported
(`git archive`, so no worktree is left behind) and that GM Desk's own code makes the
file: it imports its own sample campaign, then adds, through its own store, every
kind of record its sample lacks and its store knows (a card image, an energy day, a
downtime session and step, a roll). The files are committed; `test_old_campaigns.py`
opens and upgrades each. A new revision needs no line here: the newest is made from
HEAD, and a revision that is no longer the newest from the commit before the one that
added the revision after it (`commit_of`).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
VERSIONS = "desktop/store/migrations/versions"
# The revisions whose files were made from a commit chosen by hand (the last commit whose
# newest revision it is), kept so that making them again gives the same files.
COMMITS = {
    "0001_initial": "51cf61e^",
    "0002_dice": "731b66c^",
    "0003_syscards": "cb4f257^",
    "0004_energy": "5728f18^",
    "0005_downtime": "adcd192^",
    "0006_rules_records": "f2c9278^",
    "0007_games": "635327f^",
}


def revisions() -> list[str]:
    """Every revision the tree knows, oldest first (the migration files' names)."""
    return sorted(path.stem for path in (REPO / VERSIONS).glob("[0-9]*.py"))


def commit_of(revision: str, known: list[str]) -> str:
    """The commit whose GM Desk makes `revision`'s file: HEAD for the newest revision,
    else the one before the commit (on the main line) that added the next revision."""
    if revision in COMMITS:
        return COMMITS[revision]
    later = known[known.index(revision) + 1 :]
    if not later:
        return "HEAD"
    path = f"{VERSIONS}/{later[0]}.py"
    added = subprocess.run(
        ["git", "log", "--first-parent", "--diff-filter=A", "--format=%h", "-1", "--", path],
        cwd=REPO,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    return f"{added}^"


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
    if hasattr(campaign, "handouts"):  # from 0009: a handout to one player, one to all
        campaign.handouts.give("text", "A letter", text="Meet me at the ford.", character_id=next(
            c.id for c in campaign.roster.all() if c.kind == "pc"
        ))
        campaign.handouts.give("image", "The seal", image=PNG)
    if hasattr(campaign, "journal"):  # from 0011: the GM's notes on a game and a scene
        game = campaign.games.running() or campaign.games.all()[-1]
        campaign.journal.write(game.id, 0, "The party crossed at dusk.", private=False)
        campaign.journal.write(game.id, 1, "The ferryman lied.")
made.replace(target)
"""


def main(only: list[str]) -> None:
    known = revisions()
    for revision in known:
        if only and revision not in only:
            continue
        commit = commit_of(revision, known)
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
