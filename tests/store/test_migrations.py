"""The schema comes only from the shipped Alembic revisions, and matches the models."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlmodel import SQLModel

from desktop.store import Campaign, models, schema, search_index
from desktop.store.connection import APPLICATION_ID
from desktop.store.engine import make_engine
from desktop.store.errors import CampaignRefused
from desktop.store.migrations import FOLDER, HEAD, REVISIONS


def _scripts() -> ScriptDirectory:
    config = Config()
    config.set_main_option("script_location", str(FOLDER))
    return ScriptDirectory.from_config(config)


def test_known_revisions_are_alembics_own_in_order() -> None:
    walked = [script.revision for script in _scripts().walk_revisions()]
    assert tuple(reversed(walked)) == REVISIONS
    assert _scripts().get_current_head() == HEAD


def test_migrating_an_empty_file_gives_the_models_schema(tmp_path: Path) -> None:
    path = tmp_path / "empty.gmdesk"
    sqlite3.connect(path).close()
    schema.upgrade(path)
    assert schema.read_revision(path) == HEAD
    engine = make_engine(path, read_only=False)
    try:
        with engine.connect() as connection:
            # The search index is an FTS5 table (and SQLite's shadow tables of it),
            # derived from the others: no model describes it.
            context = MigrationContext.configure(
                connection,
                opts={
                    "include_name": lambda name, kind, _parent: (
                        kind != "table" or not str(name).startswith("search_index")
                    )
                },
            )
            differences = compare_metadata(context, SQLModel.metadata)
            application_id = connection.exec_driver_sql("PRAGMA application_id").scalar()
    finally:
        engine.dispose()
    assert models.Character.__tablename__ == "character"
    assert differences == []
    assert application_id == APPLICATION_ID


def test_each_revision_downgrades_to_nothing_and_back(tmp_path: Path) -> None:
    from alembic import command

    path = tmp_path / "roundtrip.gmdesk"
    sqlite3.connect(path).close()
    schema.upgrade(path)
    config = Config()
    config.set_main_option("script_location", str(FOLDER))
    engine = make_engine(path, read_only=False)
    try:
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.downgrade(config, "base")
        with engine.connect() as connection:
            tables = connection.exec_driver_sql(
                "SELECT name FROM sqlite_master WHERE type='table' AND name != 'alembic_version'"
            ).all()
        assert tables == []
    finally:
        engine.dispose()
    schema.upgrade(path)
    assert schema.read_revision(path) == HEAD


def test_an_older_campaign_is_backed_up_before_it_is_upgraded(
    campaign: Campaign, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign.roster.add("Kara")
    campaign.close()
    upgraded: list[Path] = []
    monkeypatch.setattr(schema, "needs_upgrade", lambda revision: True)
    monkeypatch.setattr(schema, "upgrade", lambda path, check=None: upgraded.append(path))
    with Campaign.open(campaign.path, data_dir=data_dir) as opened:
        backups = list(opened.backup_folder.glob("*.gmdesk"))
    assert upgraded == [campaign.path]
    assert len(backups) == 1
    with sqlite3.connect(backups[0]) as copy:
        assert copy.execute("SELECT name FROM character").fetchall() == [("Kara",)]


def _alembic_config(folder: Path = FOLDER) -> Config:
    config = Config()
    config.set_main_option("script_location", str(folder))
    return config


def _old_campaign(path: Path, revision: str, settings: str = "{}") -> Path:
    """A campaign file made by an older GM Desk: schema at `revision`, one character (4)."""
    from alembic import command

    sqlite3.connect(path).close()
    engine = make_engine(path, read_only=False)
    try:
        with engine.begin() as connection:
            connection.exec_driver_sql(f"PRAGMA application_id={APPLICATION_ID}")
            config = _alembic_config()
            config.attributes["connection"] = connection
            command.upgrade(config, revision)
            connection.exec_driver_sql(
                "INSERT INTO campaign (name, start_date, current_day, settings)"
                " VALUES ('Old', '2026-03-01', 3, ?)",
                (settings,),
            )
            connection.exec_driver_sql(
                "INSERT INTO character (id, name, kind, notes, position)"
                " VALUES (4, 'Kara', 'pc', '', 1)"
            )
    finally:
        engine.dispose()
    return path


def test_a_first_version_campaign_upgrades_to_dice_pools(tmp_path: Path, data_dir: Path) -> None:
    path = _old_campaign(tmp_path / "old.gmdesk", "0001_initial")
    assert schema.read_revision(path) == "0001_initial"
    with Campaign.open(path, data_dir=data_dir) as opened:
        assert schema.read_revision(path) == HEAD
        assert [c.name for c in opened.roster.all()] == ["Kara"]
        assert opened.kit.dice_counts() == {4: (0, 0, 0)}
        opened.kit.add_dice(4, count=2)
        assert opened.kit.dice_counts() == {4: (2, 0, 0)}
        assert len(list(opened.backup_folder.glob("*.gmdesk"))) == 1


def test_a_dice_pool_campaign_upgrades_to_syscards(tmp_path: Path, data_dir: Path) -> None:
    path = _old_campaign(tmp_path / "dice.gmdesk", "0002_dice", settings='{"raise_by": 2}')
    assert schema.read_revision(path) == "0002_dice"
    with Campaign.open(path, data_dir=data_dir) as opened:
        assert schema.read_revision(path) == HEAD
        assert opened.cards.all() == [] and opened.cards.count() == 0
        assert opened.settings() == {
            "raise_from": 100,
            "raise_by": 2,
            "stress_track": 9,
            "starting_dice": 10,
        }
        card = opened.cards.add("Kara", "character", character_id=4)
        opened.cards.set_image(card.id, b"GIF89a" + bytes(10))
        assert opened.cards.all("kara") == [replace(card, has_image=True)]
        assert len(list(opened.backup_folder.glob("*.gmdesk"))) == 1
    with sqlite3.connect(path) as raw:
        indexes = {row[1] for row in raw.execute("PRAGMA index_list(card)")}
    assert {"ix_card_name", "ix_card_category", "ix_card_owner_id"} <= indexes


def test_a_syscards_campaign_upgrades_to_energy(tmp_path: Path, data_dir: Path) -> None:
    path = _old_campaign(tmp_path / "cards.gmdesk", "0003_syscards")
    assert schema.read_revision(path) == "0003_syscards"
    with Campaign.open(path, data_dir=data_dir) as opened:
        assert schema.read_revision(path) == HEAD
        assert opened.calendar.profiles() == {}
        opened.calendar.set_profile(4, 30, {"Stealth": 3})
        summary = opened.calendar.end_day()
        assert summary.started == (4,) and opened.summary().current_day == 4
        opened.roster.delete(4)  # the energy rows go with the character
        assert len(list(opened.backup_folder.glob("*.gmdesk"))) == 1
    with sqlite3.connect(path) as raw:
        assert raw.execute("SELECT COUNT(*) FROM energy_day").fetchone() == (0,)
        assert raw.execute("SELECT COUNT(*) FROM energy_profile").fetchone() == (0,)
        with pytest.raises(sqlite3.IntegrityError):
            raw.execute("INSERT INTO energy_profile VALUES (NULL, -1, '{}')")


REBUILD_CHARACTER = '''
"""A test-only revision that rebuilds `character` the way Alembic's batch mode does."""

import sqlalchemy as sa
from alembic import op

revision = "9999_rebuild"
down_revision = "{head}"


def upgrade() -> None:
    with op.batch_alter_table("character", recreate="always") as batch:
        batch.add_column(sa.Column("colour", sa.String(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("character", recreate="always") as batch:
        batch.drop_column("colour")
'''


@pytest.mark.parametrize("foreign_keys", [False, True])
def test_a_batch_rebuild_of_a_parent_table_keeps_its_children(
    campaign: Campaign, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, foreign_keys: bool
) -> None:
    """Why `schema.upgrade` turns foreign keys off: with them on, rebuilding `character`
    drops the old table, which cascades to every die and trait (whose search index
    triggers then write mid-DROP, which SQLite refuses: the upgrade is refused whole).
    With them off, the rebuilt table gets the search index's triggers back."""
    import shutil

    from desktop.store import engine as engines

    kara = campaign.roster.add("Kara")
    campaign.kit.add_dice(kara.id, count=3)
    campaign.kit.add_trait(kara.id, "Nerve")
    campaign.rolls.log(kara.id, "Kara", "roll", {}, 4, "4")
    campaign.close()
    folder = tmp_path / "migrations"
    shutil.copytree(FOLDER, folder, ignore=shutil.ignore_patterns("__pycache__"))
    (folder / "versions" / "9999_rebuild.py").write_text(
        REBUILD_CHARACTER.replace("{head}", HEAD), encoding="utf-8"
    )
    monkeypatch.setattr(schema, "FOLDER", folder)
    if foreign_keys:  # what would happen without the precaution
        make = engines.make_engine
        monkeypatch.setattr(
            engines, "make_engine", lambda path, **kw: make(path, **{**kw, "foreign_keys": True})
        )
    if foreign_keys:
        before = campaign.path.read_bytes()
        with pytest.raises(CampaignRefused, match="could not be upgraded"):
            schema.upgrade(campaign.path)
        assert campaign.path.read_bytes() == before
        return
    schema.upgrade(campaign.path)

    with sqlite3.connect(campaign.path) as raw:
        columns = [row[1] for row in raw.execute("PRAGMA table_info(character)")]
        dice = raw.execute("SELECT count(*) FROM die").fetchone()[0]
        traits = raw.execute("SELECT count(*) FROM trait").fetchone()[0]
        linked = raw.execute("SELECT character_id FROM roll_log").fetchall()
        assert search_index.out_of_step(raw) == []
        raw.execute("UPDATE character SET name = 'Kara Voss'")
        found = raw.execute(
            "SELECT rowid FROM search_index WHERE search_index MATCH 'voss'"
        ).fetchall()
    assert "colour" in columns
    assert (dice, traits, linked) == (3, 1, [(kara.id,)])
    assert len(found) == 1


def test_an_upgrade_that_leaves_a_dangling_reference_is_rolled_back(
    campaign: Campaign, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import shutil

    kara = campaign.roster.add("Kara")
    campaign.kit.add_dice(kara.id)
    campaign.close()
    folder = tmp_path / "migrations"
    shutil.copytree(FOLDER, folder, ignore=shutil.ignore_patterns("__pycache__"))
    (folder / "versions" / "9999_orphan.py").write_text(
        f'revision = "9999_orphan"\ndown_revision = "{HEAD}"\n'
        "from alembic import op\n\n\n"
        "def upgrade():\n    op.execute('DELETE FROM character')\n\n\n"
        "def downgrade():\n    pass\n",
        encoding="utf-8",
    )
    monkeypatch.setattr(schema, "FOLDER", folder)
    before = campaign.path.read_bytes()
    with pytest.raises(CampaignRefused, match="could not be upgraded"):
        schema.upgrade(campaign.path)
    assert campaign.path.read_bytes() == before
    assert schema.read_revision(campaign.path) == HEAD
