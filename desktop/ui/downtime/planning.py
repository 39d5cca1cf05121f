"""What a downtime step will do: pure planning over plain records, no Qt.

Every number comes from `desktop.rules.downtime` (and `factions.fortune_rating`); the
forms gather the GM's choices and ask these functions what the rules make of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from desktop.language import N_, Translator
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

# -- the rules' words as the window says them ---------------------------------------------------
# The rules import nothing of ours, so their English words (an activity's name, a way to
# heal, a result) are named here, keyed as the rules key them, and translated when shown.

ACTIVITY_WORDS: dict[str, str] = {
    downtime.ACQUIRE_ASSET: N_("Acquire Asset"),
    downtime.LONG_TERM_PROJECT: N_("Long-Term Project"),
    downtime.HEALING: N_("Healing and Recovery"),
    downtime.TRAIN: N_("Train"),
    downtime.EXEMPLIFY_VIRTUE: N_("Exemplify Virtue"),
    downtime.INDULGE_VICE: N_("Indulge Vice"),
}
HEALING_WORDS: dict[str, str] = {
    downtime.TREATED: N_("Treated by a healer"),
    downtime.SELF: N_("Heal yourself"),
    downtime.UNTREATED: N_("Tough it out"),
}
# The same, within a sentence: "Kara healed (tough it out, Success)".
HEALING_IN_TEXT: dict[str, str] = {
    downtime.TREATED: N_("treated by a healer"),
    downtime.SELF: N_("heal yourself"),
    downtime.UNTREATED: N_("tough it out"),
}
LEVEL_WORDS: dict[str, str] = {
    downtime.FAILURE: N_("Failure"),
    downtime.SUCCESS: N_("Success"),
    downtime.CRITICAL: N_("Critical"),
}
POSITION_WORDS: dict[str, str] = {
    "controlled": N_("Controlled"),
    "risky": N_("Risky"),
    "desperate": N_("Desperate"),
}
# The same, within a sentence: "3d6 rolled 12 against risky 11".
POSITION_IN_TEXT: dict[str, str] = {
    "controlled": N_("controlled"),
    "risky": N_("risky"),
    "desperate": N_("desperate"),
}


def activity_word(tr: Translator, activity: str) -> str:
    """An activity's name; one this build does not know, as the rules name it."""
    if activity in ACTIVITY_WORDS:
        return tr.gettext(ACTIVITY_WORDS[activity])
    return downtime.ACTIVITY_LABELS.get(activity, activity)


def healing_word(tr: Translator, mode: str, in_text: bool = False) -> str:
    words = HEALING_IN_TEXT if in_text else HEALING_WORDS
    return tr.gettext(words[mode]) if mode in words else downtime.healing_mode(mode).label


def overindulgence_words(tr: Translator, key: str) -> tuple[str, str]:
    """An overindulgence's name and what it does ("Lost" has a context: it is a
    character's fate here, not a lost claim's)."""
    words = {
        downtime.ATTRACT_TROUBLE: (
            tr.gettext("Attract Trouble"),
            tr.gettext("Suffer additional consequences."),
        ),
        downtime.BRAG: (tr.gettext("Brag about your exploits"), tr.gettext("-2 Rep.")),
        downtime.LOST: (
            tr.pgettext("overindulgence", "Lost"),
            tr.gettext("Vanishes for a few weeks; returns with all harm healed."),
        ),
        downtime.TAPPED: (
            tr.gettext("Tapped"),
            tr.gettext("Your purveyor cuts you off; find a new source for your vice."),
        ),
    }
    if key in words:
        return words[key]
    way = downtime.overindulgence(key)
    return way.label, way.effect


def level_word(tr: Translator, level: str) -> str:
    return tr.gettext(LEVEL_WORDS[level]) if level in LEVEL_WORDS else level.capitalize()


def position_word(tr: Translator, position: str, in_text: bool = False) -> str:
    words = POSITION_IN_TEXT if in_text else POSITION_WORDS
    if position in words:
        return tr.gettext(words[position])
    return position if in_text else position.capitalize()


def result_label(tr: Translator, result: Result) -> str:
    """A result as the rules label it: "Success", "Critical ×2"."""
    if result.level == downtime.CRITICAL:
        return tr.gettext("Critical ×{multiplier}").format(multiplier=result.multiplier)
    return level_word(tr, result.level)


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
    tr: Translator  # the window's language: the step's summary is written in it
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
    chapter, tr = ctx.chapter, ctx.tr
    lines = list(lines)
    ctx.progress.take(activity, track or None)  # the rules refuse a second Train of a track
    charge = downtime.charge_activity(
        chapter.chapter, ctx.progress, ctx.extra, coin_spent=coin_spent, rep_lost=rep_lost
    )
    # The preview shows the rules' charge; the store charges the step itself from the
    # same choice (coin spent, the extra's currency, rep lost), never from this chapter.
    coin, rep, extra = charge.chapter.coin, charge.chapter.rep, charge.extra
    if extra == downtime.REP:
        summary = tr.gettext("{summary}, an extra activity paid with {cost} rep").format(
            summary=summary, cost=downtime.EXTRA_ACTIVITY_COST
        )
    elif extra:
        summary = tr.gettext("{summary}, an extra activity paid with {cost} coin").format(
            summary=summary, cost=downtime.EXTRA_ACTIVITY_COST
        )
    if coin != chapter.coin:
        lines.append(
            tr.gettext("Chapter coin {before} → {after}").format(before=chapter.coin, after=coin)
        )
    if rep != chapter.rep:
        lines.append(
            tr.gettext("Chapter rep {before} → {after}").format(before=chapter.rep, after=rep)
        )
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


def _raised_text(tr: Translator, result: Result, raised: Result, coin: int) -> str:
    if coin == 0:
        return result_label(tr, raised)
    return tr.gettext("{result}, raised from {rolled} with {coin} coin").format(
        result=result_label(tr, raised), rolled=result_label(tr, result), coin=coin
    )


def _stress_line(tr: Translator, before: int, after: int, length: int) -> str:
    return tr.gettext("Stress {before} → {after} of {length}").format(
        before=before, after=after, length=length
    )


def plan_asset(
    ctx: Context, asset: str, result: Result, raise_coin: int, quality_coin: int
) -> Plan:
    tr = ctx.tr
    raised = downtime.raise_result(result, raise_coin)
    chapter = ctx.chapter
    # At war the chapter's tier counts with its war standing (RULES.md section 4).
    tier = factions.counting_tier(chapter.tier, chapter.hold, chapter.at_war)
    quality = downtime.asset_quality(tier, raised, quality_coin)
    how = _raised_text(tr, result, raised, raise_coin)
    if quality_coin:
        how = tr.gettext("{result}, +{quality} quality for {coin} coin").format(
            result=how, quality=downtime.quality_bought(quality_coin), coin=quality_coin
        )
    if asset.strip():
        summary = tr.gettext("{name} acquired {asset} at quality {quality} ({how})").format(
            name=ctx.name, asset=asset.strip(), quality=quality, how=how
        )
    else:
        summary = tr.gettext("{name} acquired an asset at quality {quality} ({how})").format(
            name=ctx.name, quality=quality, how=how
        )
    if tier != chapter.tier:
        line = tr.gettext("Quality {quality} (chapter tier {tier} at war, {result})")
    else:
        line = tr.gettext("Quality {quality} (chapter tier {tier}, {result})")
    lines = [line.format(quality=quality, tier=tier, result=result_label(tr, raised))]
    return finish(ctx, downtime.ACQUIRE_ASSET, summary, lines, coin_spent=raise_coin + quality_coin)


def plan_project(
    ctx: Context,
    clock: ClockRecord | None,
    new_name: str,
    segments: int,
    result: Result,
    raise_coin: int,
) -> Plan:
    tr = ctx.tr
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
    numbers = {
        "project": made.name,
        "before": before,
        "segments": made.segments,
        "filled": made.filled,
    }
    if made.full:
        summary = tr.ngettext(
            "{name} worked on the project “{project}” ({how}): {count} segment, "
            "{before}/{segments} → {filled}/{segments} and finished it",
            "{name} worked on the project “{project}” ({how}): {count} segments, "
            "{before}/{segments} → {filled}/{segments} and finished it",
            ticks,
        )
    else:
        summary = tr.ngettext(
            "{name} worked on the project “{project}” ({how}): {count} segment, "
            "{before}/{segments} → {filled}/{segments}",
            "{name} worked on the project “{project}” ({how}): {count} segments, "
            "{before}/{segments} → {filled}/{segments}",
            ticks,
        )
    summary = summary.format(
        name=ctx.name, how=_raised_text(tr, result, raised, raise_coin), count=ticks, **numbers
    )
    if clock is None:
        line = tr.gettext(
            "Starts a new clock: “{project}” {before}/{segments} → {filled}/{segments}"
        )
    else:
        line = tr.gettext("“{project}” {before}/{segments} → {filled}/{segments}")
    lines = [line.format(**numbers)]
    if made.full:
        lines.append(tr.gettext("The project is complete."))
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
    tr = ctx.tr
    raised = downtime.raise_result(result, raise_coin)
    way = downtime.healing_mode(mode)
    health, stress = downtime.heal(ctx.health, ctx.stress, mode, raised)
    sheet = replace(ctx.sheet, hp=health.current, stress=stress.marked)
    numbers = {
        "times": raised.units,
        "hp": ctx.sheet.hp,
        "current": health.current,
        "maximum": health.maximum,
    }
    if way.stress:
        summary = tr.gettext(
            "{name} healed ({way}, {how}): recovered {times}×, HP {hp} → {current} of "
            "{maximum}, {stress} stress taken"
        )
    else:
        summary = tr.gettext(
            "{name} healed ({way}, {how}): recovered {times}×, HP {hp} → {current} of {maximum}"
        )
    summary = summary.format(
        name=ctx.name,
        way=healing_word(tr, mode, in_text=True),
        how=_raised_text(tr, result, raised, raise_coin),
        stress=way.stress,
        **numbers,
    )
    lines = [tr.gettext("HP {hp} → {current} of {maximum} (recover {times}×)").format(**numbers)]
    if way.stress:
        lines.append(_stress_line(tr, ctx.sheet.stress, stress.marked, stress.length))
    return finish(ctx, downtime.HEALING, summary, lines, coin_spent=raise_coin, sheet=sheet)


def plan_recover(ctx: Context) -> tuple[DowntimeSheet, str]:
    """Expend 1 stress to Recover: the sheet after, and what happened in a sentence.

    Not an activity, so it is a sheet change rather than a session step.
    """
    health, stress = downtime.recover_with_stress(ctx.health, ctx.stress)
    sheet = replace(ctx.sheet, hp=health.current, stress=stress.marked)
    text = ctx.tr.gettext(
        "{name} expended {stress} stress to recover: HP {hp} → {current} of {maximum}"
    ).format(
        name=ctx.name,
        stress=downtime.RECOVERY_STRESS,
        hp=ctx.sheet.hp,
        current=health.current,
        maximum=health.maximum,
    )
    return sheet, text


def plan_train(ctx: Context, track: str, upgraded: bool) -> Plan:
    tr = ctx.tr
    if not track:
        raise ValueError(tr.gettext("Pick the XP track to train."))
    marks = dict(ctx.sheet.xp)
    if track not in marks:
        raise ValueError(
            tr.gettext("{name} has no {track} track.").format(name=ctx.name, track=track)
        )
    after = downtime.train_marks(ctx.sheet.xp, track, upgraded)
    sheet = replace(ctx.sheet, xp=after)
    xp = dict(after)[track] - marks[track]
    summary = tr.gettext("{name} trained {track} (+{xp} XP)").format(
        name=ctx.name, track=track, xp=xp
    )
    lines = [
        tr.gettext("{track} XP {before} → {after}").format(
            track=track, before=marks[track], after=dict(after)[track]
        )
    ]
    return finish(ctx, downtime.TRAIN, summary, lines, sheet=sheet, track=track)


def _no_face(tr: Translator, sides: int) -> ValueError:
    return ValueError(tr.gettext("Roll the d{sides} or enter its face.").format(sides=sides))


def plan_virtue(ctx: Context, face: int) -> Plan:
    tr = ctx.tr
    if face == 0:
        raise _no_face(tr, downtime.VIRTUE_DIE)
    stress = downtime.exemplify_virtue(ctx.stress, face)
    if ctx.sheet.virtue:
        summary = tr.gettext(
            "{name} exemplified their virtue ({virtue}): rolled {face}, stress {before} → {after}"
        )
    else:
        summary = tr.gettext(
            "{name} exemplified their virtue: rolled {face}, stress {before} → {after}"
        )
    summary = summary.format(
        name=ctx.name,
        virtue=ctx.sheet.virtue,
        face=face,
        before=ctx.sheet.stress,
        after=stress.marked,
    )
    lines = [_stress_line(tr, ctx.sheet.stress, stress.marked, stress.length)]
    sheet = replace(ctx.sheet, stress=stress.marked)
    return finish(ctx, downtime.EXEMPLIFY_VIRTUE, summary, lines, sheet=sheet)


def plan_vice(ctx: Context, face: int, choice: str) -> Plan:
    tr = ctx.tr
    if face == 0:
        raise _no_face(tr, downtime.VICE_DIE)
    outcome = downtime.indulge_vice(ctx.stress, face)
    where = ", ".join(part for part in (ctx.sheet.vice, ctx.sheet.vice_purveyor) if part)
    if where:
        summary = tr.gettext(
            "{name} indulged their vice ({vice}): rolled {face}, stress {before} → {after}"
        )
    else:
        summary = tr.gettext("{name} indulged their vice: rolled {face}, stress {before} → {after}")
    summary = summary.format(
        name=ctx.name, vice=where, face=face, before=ctx.sheet.stress, after=outcome.stress.marked
    )
    lines = [_stress_line(tr, ctx.sheet.stress, outcome.stress.marked, outcome.stress.length)]
    sheet = replace(ctx.sheet, stress=outcome.stress.marked)
    rep_lost = 0
    if outcome.overindulged:
        if not choice:
            raise ValueError(
                tr.gettext(
                    "The roll clears more stress than {name} had marked: pick how they overindulge."
                ).format(name=ctx.name)
            )
        way = downtime.overindulgence(choice)
        label, effect = overindulgence_words(tr, choice)
        summary = tr.gettext("{summary}, and overindulged: {way} ({effect})").format(
            summary=summary, way=label, effect=effect.rstrip(".")
        )
        lines.append(tr.gettext("Overindulged: {way}. {effect}").format(way=label, effect=effect))
        rep_lost = way.rep_lost
        if way.heals_harm:
            sheet = replace(sheet, hp=ctx.health.healed().current)
            lines.append(
                tr.gettext("HP {before} → {after} when they return").format(
                    before=ctx.sheet.hp, after=sheet.hp
                )
            )
    return finish(ctx, downtime.INDULGE_VICE, summary, lines, sheet=sheet, rep_lost=rep_lost)


def plan_faction_tick(
    faction: FactionRecord, clock: ClockRecord, result: Result, how: str, tr: Translator
) -> DowntimeStep:
    ticks = downtime.clock_ticks(result.level, result.multiplier)
    made = clock.clock.advance(result)
    if made.full:
        summary = tr.gettext(
            "{faction} advanced “{clock}” by {ticks} ({result}, {how}): "
            "{before}/{segments} → {after}/{segments}; it is complete."
        )
    else:
        summary = tr.gettext(
            "{faction} advanced “{clock}” by {ticks} ({result}, {how}): "
            "{before}/{segments} → {after}/{segments}."
        )
    summary = summary.format(
        faction=faction.name,
        clock=clock.name,
        ticks=ticks,
        result=result_label(tr, result),
        how=how,
        before=clock.filled,
        segments=clock.segments,
        after=made.filled,
    )
    return DowntimeStep(
        character_id=0,
        activity=FACTION_TICK,
        summary=summary,
        clocks=(replace(clock, filled=made.filled),),
    )
