"""The campaign file's tables, as sqlmodel classes.

The schema itself is made only by the Alembic revisions in `migrations/versions`;
these classes must match them (a test compares the two).
"""

from __future__ import annotations

from sqlalchemy import CheckConstraint, Index
from sqlmodel import Field, SQLModel


class CampaignInfo(SQLModel, table=True):
    """The one row that describes the campaign: its name, calendar and settings."""

    __tablename__ = "campaign"

    id: int | None = Field(default=None, primary_key=True)
    name: str
    start_date: str  # ISO date of day 1 on the campaign calendar
    current_day: int = 1
    settings: str = "{}"  # JSON object of rule settings, see rules.settings


class Character(SQLModel, table=True):
    """A roster entry: a player character, an NPC or a non-character challenge."""

    __tablename__ = "character"

    id: int | None = Field(default=None, primary_key=True)
    name: str
    kind: str = Field(default="pc", index=True)
    notes: str = ""
    position: int = Field(default=0, index=True)


# Every table below belongs to one roster entry: deleting the character deletes its dice,
# traits and items in the database itself (ON DELETE CASCADE, foreign keys are on for
# every connection), so no code path can leave orphans behind.


class Item(SQLModel, table=True):
    """A weapon or armour of a character; its die is the `die` row pointing at it."""

    __tablename__ = "item"

    id: int | None = Field(default=None, primary_key=True)
    character_id: int = Field(foreign_key="character.id", ondelete="CASCADE", index=True)
    name: str
    kind: str  # "weapon" | "armour"
    deplete: bool = False  # the weapon's "deplete" mark
    position: int = 0


class Die(SQLModel, table=True):
    """One die: ordinary (the pool), or the damage/protection die of an item."""

    __tablename__ = "die"

    id: int | None = Field(default=None, primary_key=True)
    character_id: int = Field(foreign_key="character.id", ondelete="CASCADE", index=True)
    size: int = 6  # the base size; steps last for one roll only
    kind: str = "ordinary"  # "ordinary" | "damage" | "protection"
    place: str = "pool"  # "pool" | "table" | "removed"
    # Unique: an item has one die. NULLs do not collide, so loose dice are unaffected.
    item_id: int | None = Field(
        default=None, foreign_key="item.id", ondelete="CASCADE", index=True, unique=True
    )
    in_tray: bool = False  # chosen for the next roll
    steps: int = 0  # trait steps chosen for the next roll
    down_to_d4: bool = False  # stepped down to d4 for the next roll
    position: int = 0


class Trait(SQLModel, table=True):
    __tablename__ = "trait"

    id: int | None = Field(default=None, primary_key=True)
    character_id: int = Field(foreign_key="character.id", ondelete="CASCADE", index=True)
    name: str
    value: int = 1  # dice steps it gives a roll
    broad: bool = False
    position: int = 0


class RollLogEntry(SQLModel, table=True):
    """One roll as it happened. Outlives its character: the name is a copy, and the
    link becomes NULL when the character is deleted."""

    __tablename__ = "roll_log"
    __table_args__ = (
        CheckConstraint("day IS NULL OR day >= 1", name="ck_roll_log_day"),
        CheckConstraint(
            "(game_id IS NULL OR game_id >= 1) AND (scene IS NULL OR scene >= 1)"
            " AND (round IS NULL OR round >= 1) AND (turn IS NULL OR turn >= 1)",
            name="ck_roll_log_play",
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    at: str = Field(index=True)  # ISO local date and time, whole seconds
    character_id: int | None = Field(
        default=None, foreign_key="character.id", ondelete="SET NULL", index=True
    )
    character_name: str
    kind: str  # "roll" | "conflict" | "act" | "challenge"
    detail: str = "{}"  # JSON object: dice, faces, depletions, outcome
    total: int | None = None
    summary: str = ""
    undone: bool = False  # undoing a roll marks its line, never deletes it
    day: int | None = None  # the campaign day of the roll (None: logged before 0006)
    # Where in play it was rolled (None: outside a game, or logged before 0007). The game
    # is a plain number, not a link: the log outlives an undone Start game.
    game_id: int | None = None
    scene: int | None = None
    round: int | None = None
    turn: int | None = None


class GameRow(SQLModel, table=True):
    """A game at the table, from Start game to End game (RULES.md section 2)."""

    __tablename__ = "game"
    __table_args__ = (CheckConstraint("started_day >= 1", name="ck_game_started_day"),)

    id: int | None = Field(default=None, primary_key=True)
    started_at: str  # ISO local date and time, whole seconds
    started_day: int  # the campaign day it started on
    ended_at: str | None = None  # None while it runs
    # JSON: scenes, round, whose turn, actions, pools at start (see store/games.py)
    state: str = Field(default="{}", sa_column_kwargs={"server_default": "{}"})


# Handouts (0009): what the GM gives a player (or every player) to keep on their phone.
# A handout to one character goes with the character (ON DELETE CASCADE; the roster's
# snapshot brings it back on undo): it never falls to "every player".


class HandoutRow(SQLModel, table=True):
    """A SySCard (as the player saw it when given), a text or an image given to one
    player character (`character_id`) or to every player (NULL)."""

    __tablename__ = "handout"
    __table_args__ = (
        CheckConstraint("kind IN ('card', 'text', 'image')", name="ck_handout_kind"),
        CheckConstraint(
            "(kind = 'image') = (image IS NOT NULL AND image_format IS NOT NULL)",
            name="ck_handout_image",
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    kind: str  # "card" | "text" | "image"
    title: str
    text: str = ""  # a text's words; an image's caption
    card: str = ""  # a card handout: the card as the player saw it, JSON (store/handouts)
    image_format: str | None = None  # "png" | "jpeg"
    image: bytes | None = None
    character_id: int | None = Field(
        default=None, foreign_key="character.id", ondelete="CASCADE", index=True
    )


# SySCards. A card outlives the character it is linked to and the card that owns it:
# both links become NULL (ON DELETE SET NULL), and the card stays in the campaign.


class Card(SQLModel, table=True):
    """A SySCard: an entity with a Capacity (a character, a skill, an item, a boat...)."""

    __tablename__ = "card"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(index=True)
    category: str = Field(default="skill", index=True)  # one of rules.syscards.CATEGORIES
    # The `#` on the card: the entity owning this skill or item.
    owner_id: int | None = Field(
        default=None, foreign_key="card.id", ondelete="SET NULL", index=True
    )
    character_id: int | None = Field(
        default=None, foreign_key="character.id", ondelete="SET NULL", index=True
    )
    capacity: bool = True
    efficiency: int = 1  # 1..100, the `efc` of `#efc%`
    power: int = 0
    velocity: int = 0
    focus: int = 0
    resistance: int = 0
    zone: str = ""
    scale: str = ""
    info: str = ""  # the Info tab: rich text as HTML
    tags: str = ""  # normalised tags joined with ", "
    # Folded name, Info words and tags: what the card filter's LIKE reads (store/search.py).
    search_text: str = ""
    position: int = Field(default=0, index=True)
    # Shown to players (0008): a card is the GM's until shown.
    shown: bool = Field(default=False, sa_column_kwargs={"server_default": "0"})


class CardImage(SQLModel, table=True):
    """A card's picture, as the bytes of the file it came from (at most 4 MiB)."""

    __tablename__ = "card_image"

    card_id: int = Field(primary_key=True, foreign_key="card.id", ondelete="CASCADE")
    format: str  # "png" | "jpeg" | "gif" | "webp" | "bmp"
    data: bytes


# The Energy Calendar. A character's profile and its days belong to it (ON DELETE
# CASCADE). A day is stored whole, as the rules' DayState in JSON (store/calendar/codec.py):
# the rules replace the whole value after every change, and a day is always read and
# written whole, so splitting it into columns would only add joins.


class EnergyProfile(SQLModel, table=True):
    """What a character brings to every day: daily net energy and ability ratings."""

    __tablename__ = "energy_profile"
    __table_args__ = (CheckConstraint("daily_net >= 0", name="ck_energy_profile_daily_net"),)

    character_id: int = Field(primary_key=True, foreign_key="character.id", ondelete="CASCADE")
    daily_net: int
    abilities: str = "{}"  # JSON object: ability name -> rating


class EnergyDay(SQLModel, table=True):
    """One character's energy on one campaign day, after that day's ledger entries."""

    __tablename__ = "energy_day"
    __table_args__ = (CheckConstraint("day >= 1", name="ck_energy_day_day"),)

    character_id: int = Field(primary_key=True, foreign_key="character.id", ondelete="CASCADE")
    day: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    state: str  # JSON object: the rules' DayState, see store/calendar/codec.py


# Downtime: clocks, the faction ladder, the chapter, its claim map, each character's
# downtime sheet and the downtime sessions (store/downtime.py). The rules' ranges are
# CHECK constraints as well, matching migration 0005.


class FactionRow(SQLModel, table=True):
    """A faction on the ladder, with the chapter's status towards it."""

    __tablename__ = "faction"
    __table_args__ = (
        CheckConstraint("tier BETWEEN 0 AND 6", name="ck_faction_tier"),
        CheckConstraint("hold IN ('weak', 'strong')", name="ck_faction_hold"),
        CheckConstraint("status BETWEEN -3 AND 3", name="ck_faction_status"),
        CheckConstraint("position >= 0", name="ck_faction_position"),
    )

    id: int | None = Field(default=None, primary_key=True)
    name: str
    tier: int = 0
    hold: str = "strong"
    status: int = 0
    at_war_with_others: bool = False
    position: int = 0  # within its tier's row, 0-based
    notes: str = ""
    # Shown to players (0008): the players know where they stand with a faction.
    shown: bool = Field(default=True, sa_column_kwargs={"server_default": "1"})


class ClockRow(SQLModel, table=True):
    """A progress clock: free-standing, the chapter's, a character's or a faction's.

    The owner is a foreign key, so a clock goes with its character or faction.
    """

    __tablename__ = "clock"
    __table_args__ = (
        CheckConstraint("segments BETWEEN 2 AND 12", name="ck_clock_segments"),
        CheckConstraint("filled BETWEEN 0 AND segments", name="ck_clock_filled"),
        CheckConstraint(
            "owner_kind IN ('none', 'chapter', 'character', 'faction')", name="ck_clock_owner_kind"
        ),
        CheckConstraint(
            "(owner_kind = 'character') = (character_id IS NOT NULL)", name="ck_clock_character"
        ),
        CheckConstraint(
            "(owner_kind = 'faction') = (faction_id IS NOT NULL)", name="ck_clock_faction"
        ),
        CheckConstraint("position >= 0", name="ck_clock_position"),
    )

    id: int | None = Field(default=None, primary_key=True)
    name: str
    segments: int
    filled: int = 0
    owner_kind: str = "none"
    character_id: int | None = Field(
        default=None, foreign_key="character.id", ondelete="CASCADE", index=True
    )
    faction_id: int | None = Field(
        default=None, foreign_key="faction.id", ondelete="CASCADE", index=True
    )
    position: int = 0  # within its owner's group, 0-based
    note: str = ""
    # Shown to players (0008): a clock is the GM's secret until shown.
    shown: bool = Field(default=False, sa_column_kwargs={"server_default": "0"})


class ChapterRow(SQLModel, table=True):
    """The players' faction: one row (id 1), made by the migration."""

    __tablename__ = "chapter"
    __table_args__ = (
        CheckConstraint("id = 1", name="ck_chapter_one_row"),
        CheckConstraint("tier BETWEEN 0 AND 6", name="ck_chapter_tier"),
        CheckConstraint("hold IN ('weak', 'strong')", name="ck_chapter_hold"),
        CheckConstraint("rep BETWEEN 0 AND 12", name="ck_chapter_rep"),
        CheckConstraint("coin >= 0", name="ck_chapter_coin"),
        CheckConstraint("heat >= 0", name="ck_chapter_heat"),
    )

    id: int | None = Field(default=None, primary_key=True)
    name: str
    tier: int = 0
    hold: str = "strong"
    rep: int = 0
    coin: int = 0
    heat: int = 0
    lair_held: bool = True
    notes: str = ""
    # "A tier-0 weak chapter that loses hold gets a visible 'lair under threat' mark until
    # the GM clears it" (RULES.md section 4); revision 0006.
    lair_threatened: bool = Field(default=False, sa_column_kwargs={"server_default": "0"})


class ClaimRow(SQLModel, table=True):
    """A claim on the chapter's map; faction_id NULL means the chapter holds it."""

    __tablename__ = "claim"

    id: int | None = Field(default=None, primary_key=True)
    name: str
    benefit: str = ""
    turf: bool = False
    faction_id: int | None = Field(
        default=None, foreign_key="faction.id", ondelete="RESTRICT", index=True
    )
    x: float = 0.0
    y: float = 0.0


class ClaimPathRow(SQLModel, table=True):
    """A path between two claims, or (start_id NULL) between the lair and a claim."""

    __tablename__ = "claim_path"
    __table_args__ = (
        CheckConstraint("start_id IS NULL OR start_id < end_id", name="ck_claim_path_order"),
        Index("ix_claim_path_ends", "start_id", "end_id", unique=True),
    )

    id: int | None = Field(default=None, primary_key=True)
    start_id: int | None = Field(default=None, foreign_key="claim.id", ondelete="CASCADE")
    end_id: int = Field(foreign_key="claim.id", ondelete="CASCADE", index=True)


class DowntimeSheetRow(SQLModel, table=True):
    """A character's downtime side: stress, trauma, HP, XP tracks, virtue and vice."""

    __tablename__ = "downtime_sheet"
    __table_args__ = (
        CheckConstraint("stress BETWEEN 0 AND 20", name="ck_downtime_sheet_stress"),
        CheckConstraint("trauma BETWEEN 0 AND 4", name="ck_downtime_sheet_trauma"),
        CheckConstraint("hp_max >= 1", name="ck_downtime_sheet_hp_max"),
        CheckConstraint("hp BETWEEN 0 AND hp_max", name="ck_downtime_sheet_hp"),
    )

    character_id: int = Field(primary_key=True, foreign_key="character.id", ondelete="CASCADE")
    stress: int = 0
    trauma: int = 0
    hp: int = 10
    hp_max: int = 10
    xp: str = "[]"  # JSON list of [track, marks], in the sheet's order
    virtue: str = ""
    vice: str = ""
    vice_purveyor: str = ""
    friends: str = ""
    contacts: str = ""


class DowntimeSessionRow(SQLModel, table=True):
    """A downtime session, numbered 1, 2, ...; the highest is the current one."""

    __tablename__ = "downtime_session"
    __table_args__ = (CheckConstraint("number >= 1", name="ck_downtime_session_number"),)

    number: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})


class DowntimeEntryRow(SQLModel, table=True):
    """One step of a downtime session. Like a roll log line, it outlives its character
    (the link becomes NULL) and undoing it marks it, never deletes it."""

    __tablename__ = "downtime_entry"
    __table_args__ = (
        CheckConstraint("coin_spent >= 0", name="ck_downtime_entry_coin_spent"),
        CheckConstraint("extra IN ('', 'coin', 'rep')", name="ck_downtime_entry_extra"),
    )

    id: int | None = Field(default=None, primary_key=True)
    session: int = Field(foreign_key="downtime_session.number", ondelete="CASCADE", index=True)
    character_id: int | None = Field(
        default=None, foreign_key="character.id", ondelete="SET NULL", index=True
    )
    activity: str
    summary: str = ""
    coin_spent: int = 0
    extra: str = ""
    track: str = ""
    undone: bool = False


class HistoryEntry(SQLModel, table=True):
    """One line of the campaign's history: what one committed write changed, in a plain
    sentence, written in that write's own transaction. Never deleted: an undo writes its
    own line, naming the one it undid (`undo_of`)."""

    __tablename__ = "history_entry"
    __table_args__ = (
        CheckConstraint("who IN ('gm', 'player')", name="ck_history_entry_who"),
        CheckConstraint(
            "(who = 'player') = (character_id IS NOT NULL)", name="ck_history_entry_player"
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    at: str = Field(index=True)  # ISO date and time, UTC, whole seconds
    day: int  # the campaign day when it was written
    # Where in play it happened (None outside a game); plain numbers, as the roll log's.
    game_id: int | None = Field(default=None, index=True)
    scene: int | None = None
    round: int | None = None
    turn: int | None = None
    who: str = "gm"  # "gm" | "player"
    character_id: int | None = None  # the player's character; a plain number, it outlives it
    area: str = ""  # the change's topic ("characters", "clocks", ...)
    record_id: int | None = None  # the row it touched, when one
    sentence: str = ""
    undo_of: int | None = Field(default=None, index=True)  # the entry this one undid
    # JSON: each part the write noted, [area, record id, kind, sentence] (0011; "" for
    # entries written before, whose own area, record and sentence are their one part).
    parts: str = Field(default="", sa_column_kwargs={"server_default": ""})


# The journal (0011): the GM's notes, one per game (scene 0) and one per scene of it,
# gone with their game. Private (the GM's only) unless the GM shares them.


class JournalNoteRow(SQLModel, table=True):
    """The GM's note on a game (`scene` 0) or on one of its scenes."""

    __tablename__ = "journal_note"
    __table_args__ = (
        CheckConstraint("scene >= 0", name="ck_journal_note_scene"),
        Index("ix_journal_note_place", "game_id", "scene", unique=True),
    )

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", ondelete="CASCADE")
    scene: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    text: str = Field(default="", sa_column_kwargs={"server_default": ""})
    private: bool = Field(default=True, sa_column_kwargs={"server_default": "1"})
