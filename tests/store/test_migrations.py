"""The schema comes only from the shipped Alembic revisions, and matches the models."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlmodel import SQLModel

from desktop.store import models, schema
from desktop.store.campaign import Campaign
from desktop.store.connection import APPLICATION_ID
from desktop.store.engine import make_engine
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
            differences = compare_metadata(
                MigrationContext.configure(connection), SQLModel.metadata
            )
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
    campaign.add_character("Kara")
    campaign.close()
    upgraded: list[Path] = []
    monkeypatch.setattr(schema, "needs_upgrade", lambda revision: True)
    monkeypatch.setattr(schema, "upgrade", upgraded.append)
    with Campaign.open(campaign.path, data_dir=data_dir) as opened:
        backups = list(opened.backup_folder.glob("*.gmdesk"))
    assert upgraded == [campaign.path]
    assert len(backups) == 1
    with sqlite3.connect(backups[0]) as copy:
        assert copy.execute("SELECT name FROM character").fetchall() == [("Kara",)]
