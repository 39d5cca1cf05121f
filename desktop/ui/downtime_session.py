"""The downtime session: each player character's activities, then the factions' clocks.

A non-modal dialog opened from the Downtime menu. Every number comes from
`desktop.rules.downtime` (and `factions.fortune_rating`); the forms only gather the
GM's choices (rolled here with the session's dice, or entered from the table) and show
what the rules make of them before anything is written. Each recorded step is one
`RecordDowntime` command, a single `record_downtime` transaction, so the whole session
can be undone and redone step by step, and the summary page tells it in sentences.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from PySide6.QtCore import QObject, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QAction, QFont, QIcon, QPainter, QPalette, QPixmap
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QSplitter,
    QTabWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.paint.badges import kind_icon
from desktop.paint.clocks import ClockStyle, paint_clock
from desktop.rules import dicepool, downtime, factions
from desktop.rules.downtime import Result
from desktop.store import (
    FACTION_TICK,
    OWNER_CHARACTER,
    OWNER_FACTION,
    ChapterRecord,
    CharacterRecord,
    ClockRecord,
    DowntimeEntry,
    DowntimeSheet,
    DowntimeStep,
    FactionRecord,
    NotFound,
)
from desktop.ui.downtime_commands import RecordDowntime, SetDowntimeSheet, StartDowntimeSession
from desktop.ui.plain_text import escaped, tooltip
from desktop.ui.session import CampaignSession
from desktop.ui.theme import HINT_STYLE

TOPICS = {"downtime", "chapter", "clocks", "factions", "characters", "campaign", "settings"}
DEFAULT_DICE = 3
MAX_DICE = 30
MAX_MULTIPLIER = 9
MAX_COIN = 99
PROJECT_SEGMENTS = 6
NEW_CLOCK = -1  # combo data of "a new project clock" (never None: see the binding bug)
ROLLING = (downtime.ACQUIRE_ASSET, downtime.LONG_TERM_PROJECT, downtime.HEALING)
POSITION_OF_TARGET = {target: key for key, target in downtime.TARGETS.items()}
ERROR_STYLE = "color: #c0392b;"
PREVIEW_STYLE = (
    "QLabel#preview { border: 1px solid palette(mid); border-radius: 4px; padding: 6px;"
    " background: palette(base); }"
)


# -- pictures -----------------------------------------------------------------------------------


def clock_icon(segments: int, filled: int, palette: QPalette, size: int = 44) -> QIcon:
    """A progress clock's dial, drawn as the Clocks dock draws it (shape, not colour)."""
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    style = ClockStyle.for_palette(palette)
    paint_clock(painter, QRectF(1, 1, size - 2, size - 2), segments, filled, style=style)
    painter.end()
    return QIcon(pixmap)


# -- what a step will do: pure planning over plain records ---------------------------------------


@dataclass(frozen=True)
class Context:
    """Everything an activity is planned against, read fresh from the store."""

    character: CharacterRecord
    sheet: DowntimeSheet
    chapter: ChapterRecord
    progress: downtime.CharacterDowntime
    track_length: int
    clocks: tuple[ClockRecord, ...]
    extra: str = downtime.COIN  # how an activity beyond the free ones is paid

    @property
    def name(self) -> str:
        return self.character.name

    @property
    def stress(self) -> downtime.StressTrack:
        return downtime.StressTrack(self.sheet.stress, self.track_length)

    @property
    def health(self) -> downtime.Health:
        return downtime.Health(self.sheet.hp, self.sheet.hp_max)


@dataclass(frozen=True)
class Plan:
    """A step ready to record, and what it does in plain lines for the GM to read first."""

    step: DowntimeStep
    lines: tuple[str, ...]


def finish(
    ctx: Context,
    activity: str,
    summary: str,
    lines: Sequence[str],
    *,
    coin_spent: int = 0,
    rep_lost: int = 0,
    sheet: DowntimeSheet | None = None,
    clocks: tuple[ClockRecord, ...] = (),
    new_clock: ClockRecord | None = None,
    track: str = "",
) -> Plan:
    """Add what every activity shares: paying for an extra one, coin spent, rep lost."""
    chapter = ctx.chapter
    lines = list(lines)
    ctx.progress.take(activity, track or None)  # the rules refuse a second Train of a track
    charge = downtime.charge_activity(
        chapter.chapter, ctx.progress, ctx.extra, coin_spent=coin_spent, rep_lost=rep_lost
    )
    # The preview shows the rules' charge; the store charges the step itself from the
    # same choice (coin spent, the extra's currency, rep lost), never from this chapter.
    coin, rep, extra = charge.chapter.coin, charge.chapter.rep, charge.extra
    if extra:
        summary += f", an extra activity paid with {downtime.EXTRA_ACTIVITY_COST} {extra}"
    if coin != chapter.coin:
        lines.append(f"Chapter coin {chapter.coin} → {coin}")
    if rep != chapter.rep:
        lines.append(f"Chapter rep {chapter.rep} → {rep}")
    step = DowntimeStep(
        character_id=ctx.character.id,
        activity=activity,
        summary=summary + ".",
        coin_spent=coin_spent,
        extra=extra,
        track=track,
        rep_lost=rep_lost,
        sheet=sheet,
        clocks=clocks,
        new_clock=new_clock,
    )
    return Plan(step, tuple(lines))


def _raised_text(result: Result, raised: Result, coin: int) -> str:
    if coin == 0:
        return raised.label
    return f"{raised.label}, raised from {result.label} with {coin} coin"


def plan_asset(
    ctx: Context, asset: str, result: Result, raise_coin: int, quality_coin: int
) -> Plan:
    raised = downtime.raise_result(result, raise_coin)
    chapter = ctx.chapter
    # At war the chapter's tier counts with its war standing (RULES.md section 4).
    tier = factions.counting_tier(chapter.tier, chapter.hold, chapter.at_war)
    quality = downtime.asset_quality(tier, raised, quality_coin)
    what = asset.strip() or "an asset"
    bought = f", +{downtime.quality_bought(quality_coin)} quality for {quality_coin} coin"
    summary = (
        f"{ctx.name} acquired {what} at quality {quality} "
        f"({_raised_text(result, raised, raise_coin)}{bought if quality_coin else ''})"
    )
    war = " at war" if tier != chapter.tier else ""
    lines = [f"Quality {quality} (chapter tier {tier}{war}, {raised.label})"]
    return finish(ctx, downtime.ACQUIRE_ASSET, summary, lines, coin_spent=raise_coin + quality_coin)


def plan_project(
    ctx: Context,
    clock: ClockRecord | None,
    new_name: str,
    segments: int,
    result: Result,
    raise_coin: int,
) -> Plan:
    raised = downtime.raise_result(result, raise_coin)
    ticks = downtime.clock_ticks(raised.level, raised.multiplier)
    if clock is None:
        made = downtime.Clock(new_name.strip(), segments).advance(raised)
        record = ClockRecord(
            0, made.name, made.segments, made.filled, OWNER_CHARACTER, ctx.character.id, 0
        )
        before, clocks, new_clock = 0, (), record
    else:
        made = clock.clock.advance(raised)
        record = replace(clock, filled=made.filled)
        before, clocks, new_clock = clock.filled, (record,), None
    done = " and finished it" if made.full else ""
    summary = (
        f"{ctx.name} worked on the project “{made.name}” "
        f"({_raised_text(result, raised, raise_coin)}): {ticks} segment"
        f"{'s' if ticks != 1 else ''}, {before}/{made.segments} → {made.filled}/{made.segments}"
        f"{done}"
    )
    started = "Starts a new clock: " if clock is None else ""
    lines = [f"{started}“{made.name}” {before}/{made.segments} → {made.filled}/{made.segments}"]
    if made.full:
        lines.append("The project is complete.")
    return finish(
        ctx,
        downtime.LONG_TERM_PROJECT,
        summary,
        lines,
        coin_spent=raise_coin,
        clocks=clocks,
        new_clock=new_clock,
    )


def plan_healing(ctx: Context, mode: str, result: Result, raise_coin: int) -> Plan:
    raised = downtime.raise_result(result, raise_coin)
    way = downtime.healing_mode(mode)
    health, stress = downtime.heal(ctx.health, ctx.stress, mode, raised)
    sheet = replace(ctx.sheet, hp=health.current, stress=stress.marked)
    times = raised.units
    summary = (
        f"{ctx.name} healed ({way.label.lower()}, {_raised_text(result, raised, raise_coin)}): "
        f"recovered {times}×, HP {ctx.sheet.hp} → {health.current} of {health.maximum}"
    )
    lines = [f"HP {ctx.sheet.hp} → {health.current} of {health.maximum} (recover {times}×)"]
    if way.stress:
        summary += f", {way.stress} stress taken"
        lines.append(f"Stress {ctx.sheet.stress} → {stress.marked} of {stress.length}")
    return finish(ctx, downtime.HEALING, summary, lines, coin_spent=raise_coin, sheet=sheet)


def plan_recover(ctx: Context) -> tuple[DowntimeSheet, str]:
    """Expend 1 stress to Recover: the sheet after, and what happened in a sentence.

    Not an activity, so it is a sheet change rather than a session step.
    """
    health, stress = downtime.recover_with_stress(ctx.health, ctx.stress)
    sheet = replace(ctx.sheet, hp=health.current, stress=stress.marked)
    text = (
        f"{ctx.name} expended {downtime.RECOVERY_STRESS} stress to recover: "
        f"HP {ctx.sheet.hp} → {health.current} of {health.maximum}"
    )
    return sheet, text


def plan_train(ctx: Context, track: str, upgraded: bool) -> Plan:
    if not track:
        raise ValueError("Pick the XP track to train.")
    marks = dict(ctx.sheet.xp)
    if track not in marks:
        raise ValueError(f"{ctx.name} has no {track} track.")
    after = downtime.train_marks(ctx.sheet.xp, track, upgraded)
    sheet = replace(ctx.sheet, xp=after)
    xp = dict(after)[track] - marks[track]
    summary = f"{ctx.name} trained {track} (+{xp} XP)"
    lines = [f"{track} XP {marks[track]} → {dict(after)[track]}"]
    return finish(ctx, downtime.TRAIN, summary, lines, sheet=sheet, track=track)


def plan_virtue(ctx: Context, face: int) -> Plan:
    if face == 0:
        raise ValueError(f"Roll the d{downtime.VIRTUE_DIE} or enter its face.")
    stress = downtime.exemplify_virtue(ctx.stress, face)
    virtue = f" ({ctx.sheet.virtue})" if ctx.sheet.virtue else ""
    summary = (
        f"{ctx.name} exemplified their virtue{virtue}: rolled {face}, "
        f"stress {ctx.sheet.stress} → {stress.marked}"
    )
    lines = [f"Stress {ctx.sheet.stress} → {stress.marked} of {stress.length}"]
    sheet = replace(ctx.sheet, stress=stress.marked)
    return finish(ctx, downtime.EXEMPLIFY_VIRTUE, summary, lines, sheet=sheet)


def plan_vice(ctx: Context, face: int, choice: str) -> Plan:
    if face == 0:
        raise ValueError(f"Roll the d{downtime.VICE_DIE} or enter its face.")
    outcome = downtime.indulge_vice(ctx.stress, face)
    where = ", ".join(part for part in (ctx.sheet.vice, ctx.sheet.vice_purveyor) if part)
    summary = (
        f"{ctx.name} indulged their vice{f' ({where})' if where else ''}: rolled {face}, "
        f"stress {ctx.sheet.stress} → {outcome.stress.marked}"
    )
    lines = [f"Stress {ctx.sheet.stress} → {outcome.stress.marked} of {outcome.stress.length}"]
    sheet = replace(ctx.sheet, stress=outcome.stress.marked)
    rep_lost = 0
    if outcome.overindulged:
        if not choice:
            raise ValueError(
                f"The roll clears more stress than {ctx.name} had marked: "
                "pick how they overindulge."
            )
        way = downtime.overindulgence(choice)
        summary += f", and overindulged: {way.label} ({way.effect.rstrip('.')})"
        lines.append(f"Overindulged: {way.label}. {way.effect}")
        rep_lost = way.rep_lost
        if way.heals_harm:
            sheet = replace(sheet, hp=ctx.health.healed().current)
            lines.append(f"HP {ctx.sheet.hp} → {sheet.hp} when they return")
    return finish(ctx, downtime.INDULGE_VICE, summary, lines, sheet=sheet, rep_lost=rep_lost)


def plan_faction_tick(
    faction: FactionRecord, clock: ClockRecord, result: Result, how: str
) -> DowntimeStep:
    ticks = downtime.clock_ticks(result.level, result.multiplier)
    made = clock.clock.advance(result)
    done = "; it is complete" if made.full else ""
    summary = (
        f"{faction.name} advanced “{clock.name}” by {ticks} ({result.label}, {how}): "
        f"{clock.filled}/{clock.segments} → {made.filled}/{clock.segments}{done}."
    )
    return DowntimeStep(
        character_id=0,
        activity=FACTION_TICK,
        summary=summary,
        clocks=(replace(clock, filled=made.filled),),
    )


# -- the roll: dice against a position, or a result entered by the GM ---------------------------


class ResultPicker(QWidget):
    """Roll Nd(size) against a position for a suggested result, or pick the result; coin
    spent after the roll raises it one level a coin (shown live with its cost)."""

    changed = Signal()

    def __init__(self, rng: Callable[[], random.Random], coin: bool, prefix: str) -> None:
        super().__init__()
        self._rng = rng
        self._with_coin = coin
        self._roll_text = ""
        self.dice_spin = QSpinBox()
        self.dice_spin.setObjectName(f"{prefix}Dice")
        self.dice_spin.setRange(0, MAX_DICE)
        self.dice_spin.setValue(DEFAULT_DICE)
        self.size_combo = QComboBox()
        self.size_combo.setObjectName(f"{prefix}Size")
        for size in dicepool.SIZES:
            self.size_combo.addItem(f"d{size}", size)
        self.size_combo.setCurrentIndex(dicepool.SIZES.index(dicepool.DEFAULT_SIZE))
        self.position_combo = QComboBox()
        self.position_combo.setObjectName(f"{prefix}Position")
        for key, target in downtime.TARGETS.items():
            self.position_combo.addItem(f"{key.capitalize()} ({target})", key)
        self.position_combo.setCurrentIndex(list(downtime.TARGETS).index("risky"))
        self.roll_button = QPushButton("Roll")
        self.roll_button.setObjectName(f"{prefix}Roll")
        self.roll_label = QLabel()
        self.roll_label.setObjectName(f"{prefix}Rolled")
        self.roll_label.setWordWrap(True)
        self.level_combo = QComboBox()
        self.level_combo.setObjectName(f"{prefix}Level")
        self.level_combo.addItem("Roll, or pick the result…", "")
        for level in downtime.LEVELS:
            self.level_combo.addItem(level.capitalize(), level)
        self.multiplier_spin = QSpinBox()
        self.multiplier_spin.setObjectName(f"{prefix}Multiplier")
        self.multiplier_spin.setRange(1, MAX_MULTIPLIER)
        self.multiplier_spin.setPrefix("×")
        self.multiplier_spin.setToolTip("The critical's multiplier")
        self.coin_spin = QSpinBox()
        self.coin_spin.setObjectName(f"{prefix}RaiseCoin")
        self.coin_spin.setRange(0, MAX_COIN)
        self.coin_spin.setSuffix(" coin")
        self.coin_spin.setToolTip("Each coin spent after the roll raises the result one level.")
        self.raised_label = QLabel()
        self.raised_label.setObjectName(f"{prefix}Raised")
        self._build(coin)
        for signal in (
            self.dice_spin.valueChanged,
            self.size_combo.currentIndexChanged,
            self.position_combo.currentIndexChanged,
        ):
            signal.connect(self._forget_roll)
        self.level_combo.currentIndexChanged.connect(self._on_edit)
        self.multiplier_spin.valueChanged.connect(self._on_edit)
        self.coin_spin.valueChanged.connect(self._on_edit)
        self.roll_button.clicked.connect(self.roll)
        self._on_edit()

    def _build(self, coin: bool) -> None:
        dice = QHBoxLayout()
        dice.addWidget(self.dice_spin)
        dice.addWidget(self.size_combo)
        dice.addWidget(QLabel("against"))
        dice.addWidget(self.position_combo)
        dice.addWidget(self.roll_button)
        dice.addStretch(1)
        level = QHBoxLayout()
        level.addWidget(self.level_combo)
        level.addWidget(self.multiplier_spin)
        level.addStretch(1)
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        form.addRow("Dice", dice)
        form.addRow("", self.roll_label)
        form.addRow("Result", level)
        if coin:
            raise_row = QHBoxLayout()
            raise_row.addWidget(self.coin_spin)
            raise_row.addWidget(self.raised_label, 1)
            form.addRow("Raise with", raise_row)
        else:
            self.coin_spin.hide()
            self.raised_label.hide()

    # -- values --------------------------------------------------------------------------------

    def result(self) -> Result | None:
        level = self.level_combo.currentData()
        if not level:
            return None
        multiplier = self.multiplier_spin.value() if level == downtime.CRITICAL else 0
        return Result(level, multiplier)

    def require_result(self) -> Result:
        result = self.result()
        if result is None:
            raise ValueError("Roll the dice, or pick the result the table rolled.")
        return result

    def coin(self) -> int:
        return self.coin_spin.value() if self._with_coin else 0

    def describe(self) -> str:
        """How the result came about, for the summary: the roll, or "entered"."""
        return self._roll_text or "result entered"

    # -- changes -------------------------------------------------------------------------------

    def set_position(self, position: str, locked: bool, tip: str = "") -> None:
        self.position_combo.setCurrentIndex(max(0, self.position_combo.findData(position)))
        self.position_combo.setEnabled(not locked)
        self.position_combo.setToolTip(tip)

    def set_dice(self, count: int, locked: bool, tip: str = "") -> None:
        self.dice_spin.setValue(count)
        self.dice_spin.setEnabled(not locked)
        self.dice_spin.setToolTip(tip)

    def roll(self) -> None:
        size, count = int(self.size_combo.currentData()), self.dice_spin.value()
        position = str(self.position_combo.currentData())
        target = downtime.target_number(position)
        rolled = downtime.action_roll(self._rng(), count, size)
        total = rolled.total
        suggested = downtime.suggest_result(total, target)
        shown = rolled.text()
        self._roll_text = f"{count}d{size} rolled {total} against {position} {target}"
        self.roll_label.setText(
            f"{shown} = <b>{total}</b> against {position.capitalize()} {target}: "
            f"<b>{suggested.label}</b> suggested"
        )
        self.level_combo.setCurrentIndex(self.level_combo.findData(suggested.level))
        self.multiplier_spin.setValue(max(1, suggested.multiplier))
        self._on_edit()

    def reset(self) -> None:
        self._forget_roll()
        for widget in (self.level_combo, self.coin_spin):
            widget.blockSignals(True)
        self.level_combo.setCurrentIndex(0)
        self.coin_spin.setValue(0)
        for widget in (self.level_combo, self.coin_spin):
            widget.blockSignals(False)
        self._on_edit()

    def _forget_roll(self) -> None:
        self._roll_text = ""
        self.roll_label.setText("Roll here, or roll at the table and pick the result below.")
        self.roll_label.setStyleSheet(HINT_STYLE)

    def _on_edit(self) -> None:
        if self._roll_text:
            self.roll_label.setStyleSheet("")
        result = self.result()
        self.multiplier_spin.setVisible(result is not None and result.level == downtime.CRITICAL)
        coin = self.coin_spin.value()
        if result is None:
            self.raised_label.setText("")
        elif coin:
            raised = downtime.raise_result(result, coin)
            self.raised_label.setText(f"→ <b>{raised.label}</b> for {coin} of the chapter's coin")
        else:
            self.raised_label.setText("1 coin raises the result one level")
        self.changed.emit()


# -- a character's activity ----------------------------------------------------------------------


def _face_row(
    prefix: str, sides: int, rng: Callable[[], random.Random], changed: Callable[[], None]
) -> tuple[QHBoxLayout, QSpinBox]:
    """A die rolled here or entered from the table: 0 shows as "not rolled"."""
    spin = QSpinBox()
    spin.setObjectName(f"{prefix}Face")
    spin.setRange(0, sides)
    spin.setSpecialValueText("not rolled")
    spin.valueChanged.connect(changed)
    button = QPushButton(f"Roll d{sides}")
    button.setObjectName(f"{prefix}Roll")
    button.clicked.connect(lambda: spin.setValue(downtime.roll_die(rng(), sides)))
    row = QHBoxLayout()
    row.addWidget(button)
    row.addWidget(QLabel("or the face"))
    row.addWidget(spin)
    row.addStretch(1)
    return row, spin


class ActivityForm(QWidget):
    """One activity of the selected character: choose it, roll, see the effect, record."""

    record_requested = Signal(object)  # Plan
    recover_requested = Signal(object, object, str)  # sheet before, sheet after, what happened

    def __init__(self, rng: Callable[[], random.Random]) -> None:
        super().__init__()
        self._ctx: Context | None = None
        self._plan: Plan | None = None
        self._writable = False
        self.title = QLabel()
        self.title.setObjectName("activityTitle")
        self.allowance = QLabel()
        self.allowance.setObjectName("allowance")
        self.allowance.setWordWrap(True)
        self.extra_combo = QComboBox()
        self.extra_combo.setObjectName("extraPayment")
        self.extra_combo.addItem("1 coin", downtime.COIN)
        self.extra_combo.addItem("1 rep", downtime.REP)
        self.extra_row = QWidget()
        extra = QHBoxLayout(self.extra_row)
        extra.setContentsMargins(0, 0, 0, 0)
        extra.addWidget(QLabel("Pay for this extra activity with"))
        extra.addWidget(self.extra_combo)
        extra.addStretch(1)
        self.activity_combo = QComboBox()
        self.activity_combo.setObjectName("activityChoice")
        for key, label in downtime.ACTIVITY_LABELS.items():
            self.activity_combo.addItem(label, key)
        self.picker = ResultPicker(rng, coin=True, prefix="activity")
        # Only the chosen activity's page is shown, so the box is as tall as that page.
        self.pages = QWidget()
        self._pages_layout = QVBoxLayout(self.pages)
        self._pages_layout.setContentsMargins(0, 0, 0, 0)
        self._build_pages(rng)
        self.preview = QLabel()
        self.preview.setObjectName("preview")
        self.preview.setWordWrap(True)
        self.preview.setStyleSheet(PREVIEW_STYLE)
        self.preview.setTextFormat(Qt.TextFormat.RichText)
        self.record_button = QPushButton("Record activity")
        self.record_button.setObjectName("recordActivity")
        self.record_button.setDefault(True)
        self._build_layout()

        self.activity_combo.currentIndexChanged.connect(self._on_activity)
        self.extra_combo.currentIndexChanged.connect(self.update_preview)
        self.picker.changed.connect(self.update_preview)
        self.record_button.clicked.connect(self._record)
        self._on_activity()

    def _build_pages(self, rng: Callable[[], random.Random]) -> None:
        self.asset_edit = QLineEdit()
        self.asset_edit.setObjectName("assetName")
        self.asset_edit.setPlaceholderText("A fast boat, a gang of thugs, a forger's services…")
        self.quality_coin = QSpinBox()
        self.quality_coin.setObjectName("qualityCoin")
        self.quality_coin.setRange(0, MAX_COIN - MAX_COIN % downtime.QUALITY_COIN)
        self.quality_coin.setSingleStep(downtime.QUALITY_COIN)
        self.quality_coin.setSuffix(" coin")
        self.quality_coin.setToolTip("2 coin for each level of quality above the roll's.")
        asset = QFormLayout()
        asset.addRow("Asset", self.asset_edit)
        asset.addRow("More quality", self.quality_coin)

        self.clock_combo = QComboBox()
        self.clock_combo.setObjectName("projectClock")
        self.clock_combo.setIconSize(QSize(20, 20))
        self.clock_name = QLineEdit()
        self.clock_name.setObjectName("projectName")
        self.clock_name.setPlaceholderText("Name of the new project")
        self.clock_segments = QSpinBox()
        self.clock_segments.setObjectName("projectSegments")
        self.clock_segments.setRange(downtime.MIN_SEGMENTS, downtime.MAX_SEGMENTS)
        self.clock_segments.setValue(PROJECT_SEGMENTS)
        self.clock_segments.setSuffix(" segments")
        self.new_clock_row = QWidget()
        new_row = QHBoxLayout(self.new_clock_row)
        new_row.setContentsMargins(0, 0, 0, 0)
        new_row.addWidget(self.clock_name, 1)
        new_row.addWidget(self.clock_segments)
        project = QFormLayout()
        project.addRow("Clock", self.clock_combo)
        project.addRow("", self.new_clock_row)

        self.mode_combo = QComboBox()
        self.mode_combo.setObjectName("healingMode")
        for key, mode in downtime.HEALING_MODES.items():
            self.mode_combo.addItem(mode.label, key)
        self.mode_hint = QLabel()
        self.mode_hint.setStyleSheet(HINT_STYLE)
        self.mode_hint.setWordWrap(True)
        self.recover_button = QPushButton("Recover with 1 stress instead")
        self.recover_button.setObjectName("recoverWithStress")
        self.recover_button.setToolTip(
            "Expend 1 stress to recover a quarter of maximum HP. Allowed during downtime; "
            "it is not an activity."
        )
        healing = QFormLayout()
        healing.addRow("Treatment", self.mode_combo)
        healing.addRow("", self.mode_hint)
        healing.addRow("", self.recover_button)

        self.track_combo = QComboBox()
        self.track_combo.setObjectName("trainTrack")
        self.upgrade_check = QCheckBox("The chapter has the Training upgrade (+1 XP)")
        self.upgrade_check.setObjectName("trainingUpgrade")
        train = QFormLayout()
        train.addRow("XP track", self.track_combo)
        train.addRow("", self.upgrade_check)

        virtue_row, self.virtue_face = _face_row(
            "virtue", downtime.VIRTUE_DIE, rng, self.update_preview
        )
        virtue = QFormLayout()
        virtue.addRow("Stress cleared", virtue_row)

        vice_row, self.vice_face = _face_row("vice", downtime.VICE_DIE, rng, self.update_preview)
        self.overindulge_box = QGroupBox("Overindulged: how?")
        self.overindulge_box.setObjectName("overindulgence")
        self.overindulge_group = QButtonGroup(self)
        box_layout = QVBoxLayout(self.overindulge_box)
        for number, (key, way) in enumerate(downtime.OVERINDULGENCES.items()):
            button = QRadioButton(f"{way.label}: {way.effect}")
            button.setObjectName(f"overindulge_{key}")
            button.setProperty("key", key)
            self.overindulge_group.addButton(button, number)
            box_layout.addWidget(button)
        vice = QFormLayout()
        vice.addRow("Stress cleared", vice_row)
        vice.addRow(self.overindulge_box)

        self._pages: dict[str, QWidget] = {}
        for key, layout in (
            (downtime.ACQUIRE_ASSET, asset),
            (downtime.LONG_TERM_PROJECT, project),
            (downtime.HEALING, healing),
            (downtime.TRAIN, train),
            (downtime.EXEMPLIFY_VIRTUE, virtue),
            (downtime.INDULGE_VICE, vice),
        ):
            page = QWidget()
            layout.setContentsMargins(0, 0, 0, 0)
            page.setLayout(layout)
            self._pages[key] = page
            self._pages_layout.addWidget(page)

        for signal in (
            self.asset_edit.textChanged,
            self.quality_coin.valueChanged,
            self.clock_name.textChanged,
            self.clock_segments.valueChanged,
            self.track_combo.currentIndexChanged,
            self.upgrade_check.toggled,
            self.overindulge_group.idToggled,
        ):
            signal.connect(self.update_preview)
        self.clock_combo.currentIndexChanged.connect(self._on_clock)
        self.mode_combo.currentIndexChanged.connect(self._on_mode)
        self.recover_button.clicked.connect(self._recover)

    def _build_layout(self) -> None:
        title_font = QFont(self.title.font())
        title_font.setPointSizeF(title_font.pointSizeF() * 1.25)
        title_font.setBold(True)
        self.title.setFont(title_font)
        choose = QFormLayout()
        choose.addRow("Activity", self.activity_combo)
        self.roll_box = QGroupBox("The roll")
        roll_layout = QVBoxLayout(self.roll_box)
        roll_layout.addWidget(self.picker)
        self.effect_box = QGroupBox("The activity")
        effect_layout = QVBoxLayout(self.effect_box)
        effect_layout.addWidget(self.pages)
        self.error_label = QLabel()
        self.error_label.setObjectName("activityError")
        self.error_label.setStyleSheet(ERROR_STYLE)
        self.error_label.setWordWrap(True)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.record_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.allowance)
        layout.addWidget(self.extra_row)
        layout.addLayout(choose)
        layout.addWidget(self.effect_box)
        layout.addWidget(self.roll_box)
        layout.addWidget(self.preview)
        layout.addWidget(self.error_label)
        layout.addLayout(buttons)
        layout.addStretch(1)

    # -- following the store -------------------------------------------------------------------

    def set_context(self, ctx: Context | None, writable: bool) -> None:
        self._ctx, self._writable = ctx, writable
        self.setEnabled(ctx is not None)
        if ctx is None:
            self.title.setText("Pick a player character")
            self.allowance.clear()
            self.extra_row.hide()
            self.update_preview()
            return
        self.title.setText(ctx.name)
        self._show_allowance(ctx)
        self._fill_clocks(ctx.clocks)
        self._fill_tracks(ctx)
        self.recover_button.setEnabled(writable)
        self.update_preview()

    def _show_allowance(self, ctx: Context) -> None:
        progress, chapter = ctx.progress, ctx.chapter
        taken = len(progress.taken)
        war = " (one while the chapter is at war)" if progress.at_war else ""
        if progress.free_left:
            text = (
                f"<b>{progress.free_left}</b> of {progress.free} free "
                f"activit{'y' if progress.free == 1 else 'ies'} left{war}."
            )
        else:
            text = (
                f"Free activities used ({taken} taken{war}). Another costs "
                f"{downtime.EXTRA_ACTIVITY_COST} coin or rep: the chapter has "
                f"{chapter.coin} coin and {chapter.rep} rep."
            )
        self.allowance.setText(text)
        self.extra_row.setVisible(progress.free_left == 0)

    def _fill_clocks(self, clocks: tuple[ClockRecord, ...]) -> None:
        current = self.clock_combo.currentData()
        self.clock_combo.blockSignals(True)
        self.clock_combo.clear()
        for clock in clocks:
            if not clock.done:
                self.clock_combo.addItem(
                    clock_icon(clock.segments, clock.filled, self.palette()),
                    f"{clock.name}  ({clock.filled}/{clock.segments})",
                    clock.id,
                )
        self.clock_combo.addItem("A new project clock…", NEW_CLOCK)
        index = self.clock_combo.findData(current) if current is not None else 0
        self.clock_combo.setCurrentIndex(max(0, index))
        self.clock_combo.blockSignals(False)
        self._on_clock()

    def _fill_tracks(self, ctx: Context) -> None:
        current = self.track_combo.currentData()
        self.track_combo.blockSignals(True)
        self.track_combo.clear()
        first_free = -1
        for index, (track, marks) in enumerate(ctx.sheet.xp):
            trained = not ctx.progress.can_train(track)
            note = "trained this downtime" if trained else f"{marks} XP"
            self.track_combo.addItem(f"{track}  ({note})", track)
            if trained:
                self.track_combo.model().item(index).setEnabled(False)
            elif first_free < 0:
                first_free = index
        index = self.track_combo.findData(current) if current else -1
        if index < 0 or not ctx.progress.can_train(str(current)):
            index = first_free
        self.track_combo.setCurrentIndex(max(0, index))
        self.track_combo.blockSignals(False)

    # -- choices -------------------------------------------------------------------------------

    def activity(self) -> str:
        return str(self.activity_combo.currentData())

    def _on_activity(self) -> None:
        activity = self.activity()
        for key, page in self._pages.items():
            page.setVisible(key == activity)
        self.effect_box.setTitle(downtime.ACTIVITY_LABELS[activity])
        self.roll_box.setVisible(activity in ROLLING)
        self._on_mode()

    def _on_clock(self) -> None:
        self.new_clock_row.setVisible(self.clock_combo.currentData() == NEW_CLOCK)
        self.update_preview()

    def _on_mode(self) -> None:
        if self.activity() != downtime.HEALING:
            self.picker.set_position(self.picker.position_combo.currentData(), locked=False)
            self.update_preview()
            return
        mode = downtime.healing_mode(str(self.mode_combo.currentData()))
        position = POSITION_OF_TARGET[mode.target]
        self.picker.set_position(position, locked=True, tip="Set by the way of healing.")
        costs = f"takes {mode.stress} stress" if mode.stress else "costs no stress"
        disadvantage = "; roll with disadvantage" if mode.disadvantage else ""
        self.mode_hint.setText(
            f"Rolls against {position.capitalize()} ({mode.target}), {costs}{disadvantage}. "
            "Failure recovers once, Success twice, Critical 2 + m times."
        )
        self.update_preview()

    def _clock(self) -> ClockRecord | None:
        wanted = self.clock_combo.currentData()
        if self._ctx is None or wanted == NEW_CLOCK:
            return None
        return next((c for c in self._ctx.clocks if c.id == wanted), None)

    def _overindulgence(self) -> str:
        button = self.overindulge_group.checkedButton()
        return str(button.property("key")) if button is not None else ""

    # -- the plan --------------------------------------------------------------------------------

    def make_plan(self) -> Plan:
        """The step the form describes now; ValueError says what is missing or refused."""
        ctx = self._ctx
        if ctx is None:
            raise ValueError("Pick a player character.")
        ctx = replace(ctx, extra=str(self.extra_combo.currentData()))
        activity, picker = self.activity(), self.picker
        if activity == downtime.ACQUIRE_ASSET:
            return plan_asset(
                ctx,
                self.asset_edit.text(),
                picker.require_result(),
                picker.coin(),
                self.quality_coin.value(),
            )
        if activity == downtime.LONG_TERM_PROJECT:
            return plan_project(
                ctx,
                self._clock(),
                self.clock_name.text(),
                self.clock_segments.value(),
                picker.require_result(),
                picker.coin(),
            )
        if activity == downtime.HEALING:
            mode = str(self.mode_combo.currentData())
            return plan_healing(ctx, mode, picker.require_result(), picker.coin())
        if activity == downtime.TRAIN:
            track = str(self.track_combo.currentData() or "")
            return plan_train(ctx, track, self.upgrade_check.isChecked())
        if activity == downtime.EXEMPLIFY_VIRTUE:
            return plan_virtue(ctx, self.virtue_face.value())
        return plan_vice(ctx, self.vice_face.value(), self._overindulgence())

    def update_preview(self) -> None:
        self._show_overindulgence()
        try:
            self._plan = self.make_plan()
        except ValueError as error:
            self._plan = None
            self.preview.setText(f"<i>{escaped(str(error))}</i>")
        else:
            lines = [escaped(line) for line in self._plan.lines]  # names: only text
            self.preview.setText("<br>".join(lines) or "Nothing changes on the sheets.")
        self.record_button.setEnabled(self._writable and self._plan is not None)
        self.error_label.clear()
        self.error_label.hide()

    def _show_overindulgence(self) -> None:
        ctx, face = self._ctx, self.vice_face.value()
        over = ctx is not None and face > 0 and downtime.indulge_vice(ctx.stress, face).overindulged
        self.overindulge_box.setVisible(over)

    def _record(self) -> None:
        if self._plan is not None:
            self.record_requested.emit(self._plan)

    def _recover(self) -> None:
        if self._ctx is None:
            return
        try:
            sheet, text = plan_recover(self._ctx)
        except ValueError as error:
            self.show_error(str(error))
            return
        self.recover_requested.emit(self._ctx.sheet, sheet, text)

    def recorded(self, plan: Plan) -> None:
        """After a step is written: a fresh form for the next activity (a project clock
        the step made is picked, for the next work on it)."""
        made = plan.step.new_clock
        if made is not None and self._ctx is not None:
            ids = [c.id for c in self._ctx.clocks if c.name == made.name]
            if ids:
                self.clock_combo.setCurrentIndex(self.clock_combo.findData(max(ids)))
        self.picker.reset()
        self.asset_edit.clear()
        self.quality_coin.setValue(0)
        self.clock_name.clear()
        for spin in (self.virtue_face, self.vice_face):
            spin.setValue(0)
        self.overindulge_group.setExclusive(False)
        for button in self.overindulge_group.buttons():
            button.setChecked(False)
        self.overindulge_group.setExclusive(True)
        self.update_preview()

    def show_error(self, message: str) -> None:
        self.error_label.setText(message)
        self.error_label.setVisible(bool(message))


# -- the factions' phase ---------------------------------------------------------------------------


class FactionPhase(QWidget):
    """Each faction's clocks; a clock ticks by a fortune roll on tier or by a result."""

    record_requested = Signal(object)  # DowntimeStep

    def __init__(self, rng: Callable[[], random.Random]) -> None:
        super().__init__()
        self._factions: dict[int, FactionRecord] = {}
        self._clocks: dict[int, ClockRecord] = {}
        self._writable = False
        self.tree = QTreeWidget()
        self.tree.setObjectName("factionClocks")
        self.tree.setHeaderHidden(True)
        self.tree.setColumnCount(2)
        self.tree.setIconSize(QSize(24, 24))
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.title = QLabel()
        self.title.setObjectName("factionTitle")
        self.title.setWordWrap(True)
        self.modifier_spin = QSpinBox()
        self.modifier_spin.setObjectName("fortuneModifier")
        self.modifier_spin.setRange(-6, 6)
        self.modifier_spin.setToolTip("Up or down for the opposition or the circumstances.")
        self.picker = ResultPicker(rng, coin=False, prefix="fortune")
        self.preview = QLabel()
        self.preview.setObjectName("factionPreview")
        self.preview.setWordWrap(True)
        self.preview.setStyleSheet(PREVIEW_STYLE.replace("#preview", "#factionPreview"))
        self.tick_button = QPushButton("Tick the clock")
        self.tick_button.setObjectName("tickClock")
        self._build_layout()
        self.tree.currentItemChanged.connect(self._on_current)
        self.modifier_spin.valueChanged.connect(self._follow_rating)
        self.picker.changed.connect(self.update_preview)
        self.tick_button.clicked.connect(self._tick)
        self._on_current()

    def _build_layout(self) -> None:
        rating = QHBoxLayout()
        rating.addWidget(QLabel("Fortune roll on tier, modified by"))
        rating.addWidget(self.modifier_spin)
        rating.addStretch(1)
        hint = QLabel(
            "The GM advances the clocks of the factions they care about now. A fortune roll "
            "uses the faction's tier as its dice; Failure ticks 1, Success 2, Critical 2 + m."
        )
        hint.setWordWrap(True)
        hint.setStyleSheet(HINT_STYLE)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.addWidget(self.title)
        right_layout.addLayout(rating)
        right_layout.addWidget(self.picker)
        right_layout.addWidget(self.preview)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.tick_button)
        right_layout.addLayout(buttons)
        right_layout.addWidget(hint)
        right_layout.addStretch(1)
        splitter = QSplitter()
        splitter.addWidget(self.tree)
        splitter.addWidget(right)
        splitter.setStretchFactor(0, 2)
        splitter.setStretchFactor(1, 3)
        splitter.setSizes([460, 560])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(splitter)

    def set_records(
        self, faction_list: list[FactionRecord], clocks: list[ClockRecord], writable: bool
    ) -> None:
        self._writable = writable
        self._factions = {faction.id: faction for faction in faction_list}
        self._clocks = {c.id: c for c in clocks if c.owner_kind == OWNER_FACTION}
        current = self.current_clock()
        self.tree.blockSignals(True)
        self.tree.clear()
        for faction in faction_list:
            item = QTreeWidgetItem([faction.name, _faction_text(faction)])
            item.setData(0, Qt.ItemDataRole.UserRole, 0)
            item.setToolTip(0, tooltip(f"{faction.name}: {_faction_text(faction)}"))
            font = item.font(0)
            font.setBold(True)
            item.setFont(0, font)
            item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsSelectable)
            self.tree.addTopLevelItem(item)
            owned = [c for c in self._clocks.values() if c.owner_id == faction.id]
            for clock in owned:
                progress = "complete" if clock.done else f"{clock.filled}/{clock.segments}"
                child = QTreeWidgetItem([clock.name, progress])
                child.setIcon(0, clock_icon(clock.segments, clock.filled, self.palette()))
                child.setData(0, Qt.ItemDataRole.UserRole, clock.id)
                child.setTextAlignment(1, Qt.AlignmentFlag.AlignCenter)
                item.addChild(child)
            item.setExpanded(True)
        self.tree.blockSignals(False)
        self._select_clock(current.id if current else None)
        self._on_current()

    def _select_clock(self, clock_id: int | None) -> None:
        first = None
        for top in range(self.tree.topLevelItemCount()):
            parent = self.tree.topLevelItem(top)
            for row in range(parent.childCount()):
                child = parent.child(row)
                value = child.data(0, Qt.ItemDataRole.UserRole)
                if not value:
                    continue
                if value == clock_id:
                    self.tree.setCurrentItem(child)
                    return
                first = first or child
        if first is not None:
            self.tree.setCurrentItem(first)

    def select_clock(self, clock_id: int) -> None:
        self._select_clock(clock_id)

    def current_clock(self) -> ClockRecord | None:
        item = self.tree.currentItem()
        value = item.data(0, Qt.ItemDataRole.UserRole) if item is not None else None
        return self._clocks.get(value) if isinstance(value, int) else None

    def _faction(self) -> FactionRecord | None:
        clock = self.current_clock()
        return self._factions.get(clock.owner_id) if clock else None

    def _on_current(self, *_args: object) -> None:
        clock, faction = self.current_clock(), self._faction()
        if not self._clocks:
            self.title.setText("<b>No faction has a clock yet.</b> Add them in the Clocks dock.")
        elif clock is None or faction is None:
            self.title.setText("<b>Pick a faction's clock</b>")
        else:
            self.title.setText(
                f"<b>{escaped(faction.name)}</b> · “{escaped(clock.name)}” "
                f"{clock.filled}/{clock.segments}"
            )
        self._follow_rating()

    def _follow_rating(self) -> None:
        faction = self._faction()
        # At war a faction's tier counts with its war standing (RULES.md section 4).
        tier = (
            factions.counting_tier(faction.tier, faction.hold, faction.faction.at_war)
            if faction
            else 0
        )
        war = " at war" if faction and tier != faction.tier else ""
        rating = factions.fortune_rating(tier, self.modifier_spin.value())
        zero = " (0 dice: roll two, keep the lower)" if rating == 0 else ""
        self.picker.set_dice(
            rating, locked=True, tip=f"Tier {tier}{war}, modified: {rating} dice{zero}."
        )
        self.update_preview()

    def make_step(self) -> DowntimeStep:
        clock, faction = self.current_clock(), self._faction()
        if clock is None or faction is None:
            raise ValueError("Pick a faction's clock to tick.")
        if clock.done:
            raise ValueError(f"“{clock.name}” is already complete.")
        result = self.picker.require_result()
        how = self.picker.describe()
        how = f"fortune roll, {how}" if "rolled" in how else how
        return plan_faction_tick(faction, clock, result, how)

    def update_preview(self) -> None:
        try:
            step = self.make_step()
        except ValueError as error:
            self.preview.setText(f"<i>{escaped(str(error))}</i>")
            self.tick_button.setEnabled(False)
            return
        self.preview.setText(step.summary)
        self.tick_button.setEnabled(self._writable)

    def _tick(self) -> None:
        try:
            step = self.make_step()
        except ValueError as error:
            self.preview.setText(f"<i>{escaped(str(error))}</i>")
            return
        self.record_requested.emit(step)

    def recorded(self) -> None:
        self.picker.reset()
        self.modifier_spin.setValue(0)


def _faction_text(faction: FactionRecord) -> str:
    status = factions.status_label(faction.status)
    return f"tier {faction.tier} {faction.hold} · {status}"


# -- the dialog -----------------------------------------------------------------------------------


class DowntimeSessionDialog(QDialog):
    """The current downtime session: characters, factions, and the summary of its steps."""

    def __init__(self, session: CampaignSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("downtimeSession")
        self.setModal(False)
        self.session = session
        self.resize(1060, 700)
        self.header = QLabel()
        self.header.setObjectName("chapterHeader")
        self.header.setWordWrap(True)
        self.war_label = QLabel()
        self.war_label.setObjectName("warNotice")
        self.war_label.setStyleSheet(ERROR_STYLE)
        self.characters = QListWidget()
        self.characters.setObjectName("downtimeCharacters")
        self.characters.setIconSize(QSize(22, 22))
        self.characters.setSpacing(2)
        self.form = ActivityForm(self._rng)
        self.factions = FactionPhase(self._rng)
        self.summary = QListWidget()
        self.summary.setObjectName("downtimeSummary")
        self.summary.setWordWrap(True)
        self.summary.setAlternatingRowColors(True)
        self.summary.setSpacing(2)
        self.summary_total = QLabel()
        self.summary_total.setObjectName("summaryTotal")
        self.tabs = QTabWidget()
        self.tabs.setObjectName("downtimeTabs")
        self.undo_button = QPushButton("Undo")
        self.undo_button.setObjectName("downtimeUndo")
        self.redo_button = QPushButton("Redo")
        self.redo_button.setObjectName("downtimeRedo")
        self.close_button = QPushButton("Close")
        self._build_layout()

        session.changed.connect(self._on_changed)
        stack = session.undo_stack
        stack.indexChanged.connect(self._update_undo)
        self.undo_button.clicked.connect(stack.undo)
        self.redo_button.clicked.connect(stack.redo)
        self.close_button.clicked.connect(self.close)
        self.characters.currentRowChanged.connect(self._show_character)
        self.form.record_requested.connect(self._record_activity)
        self.form.recover_requested.connect(self._recover)
        self.factions.record_requested.connect(self._record_tick)
        self.refresh()
        if self.characters.count():
            self.characters.setCurrentRow(0)
        self._update_undo()

    def _rng(self) -> random.Random:
        return self.session.rng  # read at each roll: tests swap in scripted dice

    def _build_layout(self) -> None:
        people = QSplitter()
        people.addWidget(self.characters)
        people.addWidget(self.form)
        people.setStretchFactor(0, 1)
        people.setStretchFactor(1, 3)
        people.setSizes([230, 720])
        summary = QWidget()
        summary_layout = QVBoxLayout(summary)
        summary_layout.addWidget(self.summary_total)
        summary_layout.addWidget(self.summary, 1)
        self.tabs.addTab(people, "&Characters")
        self.tabs.addTab(self.factions, "&Factions")
        self.tabs.addTab(summary, "&Summary")
        line = QFrame()
        line.setFrameShape(QFrame.Shape.HLine)
        line.setFrameShadow(QFrame.Shadow.Sunken)
        buttons = QHBoxLayout()
        buttons.addWidget(self.undo_button)
        buttons.addWidget(self.redo_button)
        buttons.addStretch(1)
        buttons.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.header)
        layout.addWidget(self.war_label)
        layout.addWidget(line)
        layout.addWidget(self.tabs, 1)
        layout.addLayout(buttons)

    # -- reading the store -------------------------------------------------------------------------

    def _on_changed(self, topic: str) -> None:
        if topic in TOPICS:
            self.refresh()

    @property
    def writable(self) -> bool:
        return not self.session.read_only and self.session.campaign.downtime.session() > 0

    def refresh(self) -> None:
        campaign = self.session.campaign
        number = campaign.downtime.session()
        chapter = campaign.chapter.get()
        self.setWindowTitle(
            f"Downtime session {number} — {chapter.name}" if number else "Downtime — no session"
        )
        rep_needed = factions.rep_to_develop(chapter.turf)
        running = f"Downtime session {number}" if number else "No downtime session is running"
        hint = "" if number else " (start one from the Downtime menu)"
        self.header.setText(
            f"<b>{running}</b>{hint} · <b>{escaped(chapter.name)}</b> · tier {chapter.tier}, "
            f"{chapter.hold} hold · <b>{chapter.coin}</b> coin · rep {chapter.rep}/{rep_needed}"
            f" · heat {chapter.heat}"
        )
        self.war_label.setText(
            "At war: each character has one free activity instead of two." if chapter.at_war else ""
        )
        self.war_label.setVisible(chapter.at_war)
        self._fill_characters(campaign.roster.all())
        self._show_character(self.characters.currentRow())
        self.factions.set_records(campaign.factions.all(), campaign.clocks.all(), self.writable)
        self._fill_summary(campaign.downtime.entries() if number else [])

    def _fill_characters(self, records: list[CharacterRecord]) -> None:
        pcs = [record for record in records if record.kind == "pc"]
        current = self.characters.currentItem()
        wanted = current.data(Qt.ItemDataRole.UserRole) if current is not None else None
        self.characters.blockSignals(True)
        self.characters.clear()
        for record in pcs:
            progress = self.session.campaign.downtime.of_character(record.id)
            left = progress.free_left
            note = f"{left} free left" if left else f"{len(progress.taken)} taken · extras cost"
            item = QListWidgetItem(kind_icon("pc"), f"{record.name}\n{note}")
            item.setData(Qt.ItemDataRole.UserRole, record.id)
            self.characters.addItem(item)
            if record.id == wanted:
                self.characters.setCurrentItem(item)
        if self.characters.currentRow() < 0 and pcs:
            self.characters.setCurrentRow(0)
        self.characters.blockSignals(False)

    def _context(self, character_id: int) -> Context | None:
        campaign = self.session.campaign
        try:
            character = campaign.roster.get(character_id)
            sheet = campaign.downtime.sheet(character_id)
        except NotFound:
            return None
        length = int(campaign.settings().get("stress_track") or downtime.DEFAULT_STRESS_TRACK)
        clocks = tuple(
            c
            for c in campaign.clocks.all()
            if c.owner_kind == OWNER_CHARACTER and c.owner_id == character_id
        )
        return Context(
            character=character,
            sheet=sheet,
            chapter=campaign.chapter.get(),
            progress=campaign.downtime.of_character(character_id),
            track_length=length,
            clocks=clocks,
        )

    def _show_character(self, row: int) -> None:
        item = self.characters.item(row) if row >= 0 else None
        ctx = None if item is None else self._context(int(item.data(Qt.ItemDataRole.UserRole)))
        self.form.set_context(ctx, self.writable)

    def _fill_summary(self, entries: list[DowntimeEntry]) -> None:
        self.summary.clear()
        live = [entry for entry in entries if not entry.undone]
        for number, entry in enumerate(entries, start=1):
            text = f"{number}. {entry.summary}"
            item = QListWidgetItem(text if not entry.undone else f"{text}  (undone)")
            if entry.undone:
                font = item.font()
                font.setStrikeOut(True)
                item.setFont(font)
                item.setForeground(self.palette().color(self.palette().ColorRole.PlaceholderText))
            self.summary.addItem(item)
        if not entries:
            self.summary.addItem("Nothing recorded in this session yet.")
        coin = sum(entry.coin_spent for entry in live)
        extras = sum(1 for entry in live if entry.extra)
        self.summary_total.setText(
            f"<b>{len(live)}</b> step{'s' if len(live) != 1 else ''} this session · "
            f"{coin} coin spent on rolls and quality · {extras} extra "
            f"activit{'y' if extras == 1 else 'ies'} paid"
        )

    # -- writing ---------------------------------------------------------------------------------

    def _record_activity(self, plan: Plan) -> None:
        if self._push(RecordDowntime(self.session, plan.step), self.form.show_error):
            self.form.recorded(plan)

    def _recover(self, before: DowntimeSheet, after: DowntimeSheet, text: str) -> None:
        name = self.session.campaign.roster.get(before.character_id).name
        command = SetDowntimeSheet(self.session, name, before, after, "hp", text=text)
        self._push(command, self.form.show_error)

    def _record_tick(self, step: DowntimeStep) -> None:
        if self._push(RecordDowntime(self.session, step), self.factions.preview.setText):
            self.factions.recorded()

    def _push(
        self, command: RecordDowntime | SetDowntimeSheet, show: Callable[[str], None]
    ) -> bool:
        done = self.session.push(command)
        if not done:
            show(self.session.last_failure or "")
        return done

    def _update_undo(self) -> None:
        stack = self.session.undo_stack
        self.undo_button.setEnabled(stack.canUndo())
        self.redo_button.setEnabled(stack.canRedo())
        self.undo_button.setToolTip(f"Undo: {stack.undoText()}" if stack.canUndo() else "")
        self.redo_button.setToolTip(f"Redo: {stack.redoText()}" if stack.canRedo() else "")

    def detach(self) -> None:
        """Let go of the session (the campaign is closing)."""
        self.session.changed.disconnect(self._on_changed)
        self.session.undo_stack.indexChanged.disconnect(self._update_undo)


# -- the Downtime menu ---------------------------------------------------------------------------


class DowntimeLauncher(QObject):
    """The Downtime menu of the main window, and the one session dialog it keeps open."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self._window = window
        self._session: CampaignSession | None = None
        self.dialog: DowntimeSessionDialog | None = None
        self.start_action = QAction("&Start Downtime Session…", window)
        self.start_action.setObjectName("start_downtime")
        self.start_action.setToolTip(
            "After an adventure: every character gets their free activities again."
        )
        self.start_action.triggered.connect(self.start)
        self.continue_action = QAction("&Continue Downtime Session…", window)
        self.continue_action.setObjectName("continue_downtime")
        self.continue_action.triggered.connect(self.open_dialog)
        self.menu = QMenu("&Downtime", window)
        self.menu.setObjectName("downtimeMenu")
        self.menu.addActions([self.start_action, self.continue_action])
        self.menu.aboutToShow.connect(self._update_actions)
        self.set_session(None)

    def set_session(self, session: CampaignSession | None) -> None:
        if self.dialog is not None:
            self.dialog.detach()
            self.dialog.close()
            self.dialog.deleteLater()
            self.dialog = None
        self._session = session
        self._update_actions()

    def _update_actions(self) -> None:
        session = self._session
        running = session is not None and session.campaign.downtime.session() > 0
        self.start_action.setEnabled(session is not None and not session.read_only)
        self.continue_action.setEnabled(running)

    def start(self) -> None:
        """A new session, unless the current one has nothing in it yet: then that one."""
        session = self._session
        if session is None or session.read_only:
            return
        campaign = session.campaign
        number = campaign.downtime.session()
        fresh = number > 0 and not any(not e.undone for e in campaign.downtime.entries())
        if not fresh and not session.push(StartDowntimeSession(session)):
            return
        self.open_dialog()

    def open_dialog(self) -> DowntimeSessionDialog | None:
        if self._session is None:
            return None
        if self.dialog is None:
            self.dialog = DowntimeSessionDialog(self._session, self._window)
        self.dialog.refresh()
        self.dialog.show()
        self.dialog.raise_()
        self.dialog.activateWindow()
        self._update_actions()
        return self.dialog
