"""What a downtime step will do: pure planning over plain records, no Qt.

Every number comes from `desktop.rules.downtime` (and `factions.fortune_rating`); the
forms gather the GM's choices and ask these functions what the rules make of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from desktop.rules import downtime, factions
from desktop.rules.downtime import Result
from desktop.store import (
    FACTION_TICK,
    OWNER_CHARACTER,
    ChapterRecord,
    CharacterRecord,
    ClockRecord,
    DowntimeSheet,
    DowntimeStep,
    FactionRecord,
    Topic,
)

TOPICS = frozenset(
    {
        Topic.DOWNTIME,
        Topic.CHAPTER,
        Topic.CLOCKS,
        Topic.FACTIONS,
        Topic.CHARACTERS,
        Topic.CAMPAIGN,
        Topic.SETTINGS,
    }
)
DEFAULT_DICE = 3
MAX_DICE = 30
MAX_MULTIPLIER = 9
MAX_COIN = 99
PROJECT_SEGMENTS = 6
NEW_CLOCK = -1  # combo data of "a new project clock" (never None: see the binding bug)
ROLLING = (downtime.ACQUIRE_ASSET, downtime.LONG_TERM_PROJECT, downtime.HEALING)
POSITION_OF_TARGET = {target: key for key, target in downtime.TARGETS.items()}
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
    clocks: tuple[ClockRecord, ...]
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
