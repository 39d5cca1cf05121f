"""The campaign file: sqlmodel tables, migrations, backups, locks, import and export.

The public path of the store: everything outside desktop/store imports from here,
`from desktop.store import Campaign, CharacterRecord, NotFound, Topic`, or an area's
public names from the area itself (`from desktop.store.clocks import ClockRecord`: its
`__all__`, so a new area need not be listed here too), and nothing from the modules
inside (tests/test_layers.py checks it). A name is loaded on first use (PEP
562), so `import desktop.store` costs nothing and start-up imports only what it asks
for: the campaign's reads are plain sqlite3, and sqlmodel/SQLAlchemy load at the first
write.

Inside: `core.py` (connections, the transaction `writing(*topics)`, reads, listeners,
`Topic`), `campaign.py` (open, create, lock, back up, close, settings) and one package
per area, reached as `campaign.<area>`: `roster/`, `kit/`, `rolls/`, `cards/`,
`calendar/`, `factions/`, `chapter/`, `clocks/`, `downtime/`, `games/`, each with its
records, rows (reads, column lists), checks, writes (sqlmodel, loaded on first write),
manager and `TABLES`: its tables as `tables.py` declares them (words, reads, row
checks, bounds, a flat export section), which the file's judges, `bounds` and the
exchange read through the campaign's list of areas. An area uses another only through
that area's `__init__` names and its `writes` (tests/test_layers.py checks it). Beside
them the file: `checks.py` (shared value checks), `writer.py` (the write engine and the
campaign row), `schema.py` and `migrations/` (Alembic), `exchange/` (JSON import and
export), `backups.py`, `lock.py`, `health.py` (judged on open), `checkup.py` and
`mending.py` (Check Campaign and repair), `files.py` and `trust.py`; and
`search_index/` (`campaign.search_index`: the full-text index of every area's records,
kept by triggers, made at the upgrade, rebuilt by Repair).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from desktop.store.backups import BackupFailed, BackupInfo, list_backups, restore_backup
    from desktop.store.calendar import EndDaySummary, EndDayToken, EnergyDebt, EnergyDecay
    from desktop.store.campaign import Campaign
    from desktop.store.campaign_names import campaign_name
    from desktop.store.cards import CardRecord, CardSnapshot
    from desktop.store.chapter import (
        ChapterRecord,
        ClaimPathRecord,
        ClaimRecord,
        ClaimSnapshot,
        ClaimTransfer,
    )
    from desktop.store.checks import (
        ABILITY_RATING_MAX,
        DAILY_NET_MAX,
        INTEGER_MAX,
        ROLL_TIMINGS,
        ROLL_TURN_ORDER,
        ROLL_WHENEVER,
        XP_MAX,
    )
    from desktop.store.checkup import (
        CheckReport,
        RepairReport,
        check_campaign,
        first_damage,
    )
    from desktop.store.checkup import (
        repair as repair_campaign,
    )
    from desktop.store.clocks import (
        OWNER_CHAPTER,
        OWNER_CHARACTER,
        OWNER_FACTION,
        OWNER_NONE,
        ClockRecord,
    )
    from desktop.store.core import Listener, Topic
    from desktop.store.downtime import (
        EXTRA_PAID,
        FACTION_TICK,
        PAYOFF,
        DowntimeEntry,
        DowntimeSheet,
        DowntimeStep,
        DowntimeUndo,
    )
    from desktop.store.errors import (
        CampaignRefused,
        CampaignWriteFailed,
        DamagedRecord,
        NotFound,
        ReadOnlyCampaign,
    )
    from desktop.store.exchange import (
        CampaignDocument,
        Cancelled,
        ImportRefused,
        export_campaign,
        import_campaign,
        read_document,
        write_document,
    )
    from desktop.store.factions import FactionRecord, FactionSnapshot
    from desktop.store.files import damaged_message
    from desktop.store.games import (
        NO_PLAYERS,
        DiceChange,
        GameEnd,
        GameRecord,
        PlayView,
        SceneRecord,
        Seat,
    )
    from desktop.store.kit import DieRecord, ItemRecord, TraitRecord
    from desktop.store.leftovers import remove_backup_leftovers, remove_leftovers
    from desktop.store.lock import CampaignLocked
    from desktop.store.records import CampaignSummary
    from desktop.store.rolls import RollRecord
    from desktop.store.roster import CharacterRecord, CharacterSnapshot
    from desktop.store.sample import ensure_sample_campaign
    from desktop.store.suffix import SUFFIX

# public name -> (module, name in that module)
_PUBLIC: dict[str, tuple[str, str]] = {
    "Campaign": ("desktop.store.campaign", "Campaign"),
    "SUFFIX": ("desktop.store.suffix", "SUFFIX"),
    "Topic": ("desktop.store.core", "Topic"),
    "Listener": ("desktop.store.core", "Listener"),
    "CampaignSummary": ("desktop.store.records", "CampaignSummary"),
    "CardRecord": ("desktop.store.cards", "CardRecord"),
    "CardSnapshot": ("desktop.store.cards", "CardSnapshot"),
    "CharacterRecord": ("desktop.store.roster", "CharacterRecord"),
    "CharacterSnapshot": ("desktop.store.roster", "CharacterSnapshot"),
    "DieRecord": ("desktop.store.kit", "DieRecord"),
    "EndDaySummary": ("desktop.store.calendar", "EndDaySummary"),
    "EndDayToken": ("desktop.store.calendar", "EndDayToken"),
    "EnergyDebt": ("desktop.store.calendar", "EnergyDebt"),
    "EnergyDecay": ("desktop.store.calendar", "EnergyDecay"),
    "ItemRecord": ("desktop.store.kit", "ItemRecord"),
    "RollRecord": ("desktop.store.rolls", "RollRecord"),
    "TraitRecord": ("desktop.store.kit", "TraitRecord"),
    "OWNER_CHAPTER": ("desktop.store.clocks", "OWNER_CHAPTER"),
    "OWNER_CHARACTER": ("desktop.store.clocks", "OWNER_CHARACTER"),
    "OWNER_FACTION": ("desktop.store.clocks", "OWNER_FACTION"),
    "OWNER_NONE": ("desktop.store.clocks", "OWNER_NONE"),
    "FACTION_TICK": ("desktop.store.downtime", "FACTION_TICK"),
    "EXTRA_PAID": ("desktop.store.downtime", "EXTRA_PAID"),
    "PAYOFF": ("desktop.store.downtime", "PAYOFF"),
    "ChapterRecord": ("desktop.store.chapter", "ChapterRecord"),
    "ClaimPathRecord": ("desktop.store.chapter", "ClaimPathRecord"),
    "ClaimRecord": ("desktop.store.chapter", "ClaimRecord"),
    "ClaimSnapshot": ("desktop.store.chapter", "ClaimSnapshot"),
    "ClaimTransfer": ("desktop.store.chapter", "ClaimTransfer"),
    "ClockRecord": ("desktop.store.clocks", "ClockRecord"),
    "DowntimeEntry": ("desktop.store.downtime", "DowntimeEntry"),
    "DowntimeSheet": ("desktop.store.downtime", "DowntimeSheet"),
    "DowntimeStep": ("desktop.store.downtime", "DowntimeStep"),
    "DowntimeUndo": ("desktop.store.downtime", "DowntimeUndo"),
    "FactionRecord": ("desktop.store.factions", "FactionRecord"),
    "FactionSnapshot": ("desktop.store.factions", "FactionSnapshot"),
    "DiceChange": ("desktop.store.games", "DiceChange"),
    "GameEnd": ("desktop.store.games", "GameEnd"),
    "GameRecord": ("desktop.store.games", "GameRecord"),
    "NO_PLAYERS": ("desktop.store.games", "NO_PLAYERS"),
    "PlayView": ("desktop.store.games", "PlayView"),
    "SceneRecord": ("desktop.store.games", "SceneRecord"),
    "Seat": ("desktop.store.games", "Seat"),
    "BackupFailed": ("desktop.store.backups", "BackupFailed"),
    "CampaignRefused": ("desktop.store.errors", "CampaignRefused"),
    "CampaignWriteFailed": ("desktop.store.errors", "CampaignWriteFailed"),
    "DamagedRecord": ("desktop.store.errors", "DamagedRecord"),
    "NotFound": ("desktop.store.errors", "NotFound"),
    "ReadOnlyCampaign": ("desktop.store.errors", "ReadOnlyCampaign"),
    "CampaignLocked": ("desktop.store.lock", "CampaignLocked"),
    "Cancelled": ("desktop.store.errors", "Cancelled"),
    "CampaignDocument": ("desktop.store.exchange", "CampaignDocument"),
    "ImportRefused": ("desktop.store.errors", "ImportRefused"),
    "export_campaign": ("desktop.store.exchange", "export_campaign"),
    "import_campaign": ("desktop.store.exchange", "import_campaign"),
    "read_document": ("desktop.store.exchange", "read_document"),
    "write_document": ("desktop.store.exchange", "write_document"),
    "BackupInfo": ("desktop.store.backups", "BackupInfo"),
    "list_backups": ("desktop.store.backups", "list_backups"),
    "restore_backup": ("desktop.store.backups", "restore_backup"),
    "campaign_name": ("desktop.store.campaign_names", "campaign_name"),
    "damaged_message": ("desktop.store.files", "damaged_message"),
    "ensure_sample_campaign": ("desktop.store.sample", "ensure_sample_campaign"),
    "CheckReport": ("desktop.store.checkup", "CheckReport"),
    "RepairReport": ("desktop.store.checkup", "RepairReport"),
    "check_campaign": ("desktop.store.checkup", "check_campaign"),
    "first_damage": ("desktop.store.checkup", "first_damage"),
    "repair_campaign": ("desktop.store.checkup", "repair"),
    "remove_backup_leftovers": ("desktop.store.leftovers", "remove_backup_leftovers"),
    "remove_leftovers": ("desktop.store.leftovers", "remove_leftovers"),
    "ABILITY_RATING_MAX": ("desktop.store.checks", "ABILITY_RATING_MAX"),
    "DAILY_NET_MAX": ("desktop.store.checks", "DAILY_NET_MAX"),
    "XP_MAX": ("desktop.store.checks", "XP_MAX"),
    "INTEGER_MAX": ("desktop.store.checks", "INTEGER_MAX"),  # the most any number can be
    # When a player may roll from their phone (the sharing settings' "roll_timing").
    "ROLL_TIMINGS": ("desktop.store.checks", "ROLL_TIMINGS"),
    "ROLL_TURN_ORDER": ("desktop.store.checks", "ROLL_TURN_ORDER"),
    "ROLL_WHENEVER": ("desktop.store.checks", "ROLL_WHENEVER"),
}

__all__ = [  # noqa: RUF022 (grouped as _PUBLIC)
    "Campaign",
    "SUFFIX",
    "Topic",
    "Listener",
    "CampaignSummary",
    "CardRecord",
    "CardSnapshot",
    "CharacterRecord",
    "CharacterSnapshot",
    "DieRecord",
    "EndDaySummary",
    "EndDayToken",
    "EnergyDebt",
    "EnergyDecay",
    "ItemRecord",
    "RollRecord",
    "TraitRecord",
    "OWNER_CHAPTER",
    "OWNER_CHARACTER",
    "OWNER_FACTION",
    "OWNER_NONE",
    "FACTION_TICK",
    "EXTRA_PAID",
    "PAYOFF",
    "ChapterRecord",
    "ClaimPathRecord",
    "ClaimRecord",
    "ClaimSnapshot",
    "ClaimTransfer",
    "ClockRecord",
    "DowntimeEntry",
    "DowntimeSheet",
    "DowntimeStep",
    "DowntimeUndo",
    "FactionRecord",
    "FactionSnapshot",
    "DiceChange",
    "GameEnd",
    "GameRecord",
    "NO_PLAYERS",
    "PlayView",
    "SceneRecord",
    "Seat",
    "BackupFailed",
    "CampaignRefused",
    "CampaignWriteFailed",
    "DamagedRecord",
    "NotFound",
    "ReadOnlyCampaign",
    "CampaignLocked",
    "Cancelled",
    "CampaignDocument",
    "ImportRefused",
    "export_campaign",
    "import_campaign",
    "read_document",
    "write_document",
    "BackupInfo",
    "list_backups",
    "restore_backup",
    "campaign_name",
    "damaged_message",
    "ensure_sample_campaign",
    "CheckReport",
    "RepairReport",
    "check_campaign",
    "first_damage",
    "repair_campaign",
    "remove_backup_leftovers",
    "remove_leftovers",
    "ABILITY_RATING_MAX",
    "DAILY_NET_MAX",
    "XP_MAX",
    "ROLL_TIMINGS",
    "ROLL_TURN_ORDER",
    "ROLL_WHENEVER",
    "INTEGER_MAX",
]


def __getattr__(name: str) -> object:
    try:
        module, attribute = _PUBLIC[name]
    except KeyError:
        # Not public: a submodule imported by name (`from desktop.store import writer`)
        # is then found by the import system itself.
        raise AttributeError(f"module 'desktop.store' has no attribute {name!r}") from None
    value = getattr(importlib.import_module(module), attribute)
    globals()[name] = value  # the next use is a plain attribute
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_PUBLIC])
