"""Character sheets on paper: one or more portrait pages per character, any roster kind.

A sheet is built from plain data (``PrintSheet``, gathered from the campaign by
``desktop.ui.print_data``), never from widgets, and painted with QtGui only, so it
prints headless. ``paint_sheets`` draws every page on any ``QPagedPaintDevice``: the
print preview, a printer and ``QPdfWriter`` all go through it. Long sheets flow onto
more pages, broken between rows (``flow.py``); nothing is cut off.

What a sheet holds, top to bottom: the name, kind, portrait and the numbers a player
looks for first; notes; the dice pool drawn with the Dice Table's own die shapes, and
the items with their dice; traits; downtime (stress, trauma, hit points, XP, virtue and
vice, friends and contacts); energy (profile, stores, the last seven days); clocks as
dials; the character's SySCards with their ``#efc%``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QImage, QPagedPaintDevice

from desktop.language import N_, Translator, translator
from desktop.printing.cards import INK, RULE, SOFT_INK, PageSizeName, decode_within
from desktop.printing.flow import (
    Block,
    Canvas,
    Duplex,
    FlowDocument,
    export_pdf_pages,
    keep_together,
    paint_documents,
)
from desktop.printing.parts import (
    BODY_PT,
    HEADING_HEIGHT,
    LABEL_PT,
    SMALL_PT,
    Piece,
    Track,
    chip,
    column_titles,
    heading,
    line_blocks,
    pack_rows,
    paint_dial,
    paint_die_in,
    shaded_row,
    spacer,
    tile,
    tiles,
    track_piece,
)
from desktop.printing.words import PLAY_STATE_WORDS, category_word, die_name, kind_label
from desktop.rules import dicepool
from desktop.rules.dicepool import Kind, Place
from desktop.rules.syscards import efficiency_label

__all__ = [
    "Duplex",
    "PrintSheet",
    "SheetCard",
    "SheetClock",
    "SheetDay",
    "SheetDie",
    "SheetDowntime",
    "SheetEnergy",
    "SheetItem",
    "SheetTrait",
    "export_sheets_pdf",
    "paint_sheets",
]

PORTRAIT_MM: Final = (34.0, 42.0)
PORTRAIT_DPI: Final = 300
NOTE_LINE_MM: Final = 7.0  # ruled like a school exercise book
DIE_MM: Final = 9.0
ITEM_DIE_MM: Final = 8.0
DIAL_MM: Final = 16.0
XP_BOXES: Final = 8  # as the Downtime sheet draws them: a track grows past 8 a box at a time
TRAUMA_BOXES: Final = 4
HP_BOXES_MAX: Final = 30  # more hit points than this print as numbers, not boxes
LEFT: Final = Qt.AlignmentFlag.AlignLeft
RIGHT: Final = Qt.AlignmentFlag.AlignRight
PLACE_LABELS: Final[dict[str, str]] = {
    Place.POOL: N_("In the pool"),
    Place.TABLE: N_("On the table"),
    Place.REMOVED: N_("Removed"),
}


# ------------------------------------------------------------------------------ data


@dataclass(frozen=True)
class SheetDie:
    size: int
    kind: str = Kind.ORDINARY  # a `Kind`, kept as the store gives it
    place: str = Place.POOL  # a `Place`, kept as the store gives it


@dataclass(frozen=True)
class SheetTrait:
    name: str
    value: int
    broad: bool = False


@dataclass(frozen=True)
class SheetItem:
    name: str
    kind: str  # weapon or armour
    deplete: bool = False
    die: SheetDie | None = None


@dataclass(frozen=True)
class SheetDay:
    """One campaign day's energy as the calendar stored it (None: nothing stored)."""

    day: int
    date: str
    opened: int | None = None
    left: int | None = None
    general: int | None = None
    projects: int | None = None
    debt: int | None = None
    entries: int = 0
    dead: bool = False


@dataclass(frozen=True)
class SheetEnergy:
    daily_net: int | None
    abilities: tuple[tuple[str, int], ...] = ()
    general_store: int = 0
    projects: tuple[tuple[str, int], ...] = ()
    days: tuple[SheetDay, ...] = ()


@dataclass(frozen=True)
class SheetDowntime:
    stress: int = 0
    stress_track: int = 9
    trauma: int = 0
    hp: int = 10
    hp_max: int = 10
    xp: tuple[tuple[str, int], ...] = ()
    virtue: str = ""
    vice: str = ""
    purveyor: str = ""
    friends: tuple[str, ...] = ()
    contacts: tuple[str, ...] = ()


@dataclass(frozen=True)
class SheetClock:
    name: str
    segments: int
    filled: int
    note: str = ""


@dataclass(frozen=True)
class SheetCard:
    """A SySCard's line on the sheet; ``owner`` is its owner card's name (the ``#``)."""

    name: str
    category: str
    efficiency: int
    owner: str | None = None
    power: int = 0
    velocity: int = 0
    focus: int = 0
    resistance: int = 0
    zone: str = ""
    scale: str = ""

    @property
    def label(self) -> str:
        return efficiency_label(self.efficiency, self.owner)


@dataclass(frozen=True)
class PrintSheet:
    """A character as the sheet prints it: plain values, gathered by the caller."""

    name: str
    kind: str = "pc"
    notes: str = ""
    portrait: bytes | None = None  # encoded image data; undecodable data is left out
    campaign: str = ""
    day_label: str = ""  # "Day 15 · Sun 15 Mar 2026": when the sheet was printed
    dice: tuple[SheetDie, ...] = ()  # the ordinary dice; items' dice come with the items
    traits: tuple[SheetTrait, ...] = ()
    items: tuple[SheetItem, ...] = ()
    energy: SheetEnergy | None = None
    downtime: SheetDowntime | None = None
    clocks: tuple[SheetClock, ...] = ()
    cards: tuple[SheetCard, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise ValueError(f"A character sheet needs a name, not {self.name!r}.")

    def count(self, place: str) -> int:
        return sum(1 for die in self.dice if die.place == place)

    def kind_label(self, tr: Translator) -> str:
        return kind_label(tr, self.kind)


# --------------------------------------------------------------------------- painting


def paint_sheets(
    device: QPagedPaintDevice,
    sheets: Sequence[PrintSheet],
    duplex: Duplex | None = None,
    tr: Translator | None = None,
) -> int:
    """Paint every sheet, each from a new page, on ``device``; return the pages drawn.

    With ``duplex`` (two-sided) each sheet starts on a fresh sheet of paper and every
    back page is moved by the back offset. ``tr`` is the print language (English when
    None)."""
    if not sheets:
        raise ValueError("There are no characters to print.")
    chosen = list(sheets)
    return paint_documents(
        device, lambda canvas: [_document(canvas, s) for s in chosen], duplex, tr
    )


def _document(canvas: Canvas, sheet: PrintSheet) -> FlowDocument:
    openers: dict[str, list[Block]] = {}
    blocks = _header(canvas, sheet)
    for build in (_notes, _dice, _traits, _cards, _downtime, _clocks, _energy):
        blocks.extend(build(canvas, sheet, openers))
    footer = " · ".join(part for part in (sheet.name, sheet.campaign, sheet.day_label) if part)
    return FlowDocument(blocks, footer, lambda section: openers.get(section, []), _play_notes)


def _play_notes(canvas: Canvas, top: float, bottom: float) -> None:
    """Ruled lines for the player's own notes in the room the sheet leaves free."""
    first = top + HEADING_HEIGHT + NOTE_LINE_MM
    if bottom - first < 3 * NOTE_LINE_MM:
        return
    heading(canvas.tr.gettext("Play notes"), "").paint(canvas, top)
    y = first
    while y <= bottom - 1.0:
        canvas.line(canvas.left, y, canvas.right, y, 0.2, RULE)
        y += NOTE_LINE_MM


# ----------------------------------------------------------------------------- header


def _header(canvas: Canvas, sheet: PrintSheet) -> list[Block]:
    image = _decode(sheet.portrait)
    text_width = canvas.width - (PORTRAIT_MM[0] + 5 if image is not None else 0)
    kind_font = canvas.font(7.5, bold=True, caps=True)
    name_font = canvas.font(24, bold=True, serif=True)
    sub_font = canvas.font(8.5, italic=True)
    name_lines = canvas.wrap(sheet.name, name_font, text_width)
    sub = " · ".join(part for part in (sheet.campaign, sheet.day_label) if part)
    glance = pack_rows(_glance_tiles(canvas, sheet, text_width), text_width, section="", gap=2.5)
    text_height = (
        canvas.line_height(kind_font)
        + len(name_lines) * canvas.line_height(name_font)
        + (canvas.line_height(sub_font) if sub else 0)
        + 2.5
        + sum(block.height for block in glance)
    )
    height = max(text_height, PORTRAIT_MM[1] if image is not None else 0) + 3.5

    def paint(canvas: Canvas, top: float) -> None:
        left = canvas.left
        canvas.text(left, top, sheet.kind_label(canvas.tr), kind_font, colour=SOFT_INK)
        y = top + canvas.line_height(kind_font)
        y += canvas.lines(left, y, name_lines, name_font)
        if sub:
            canvas.text(left, y, sub, sub_font, colour=SOFT_INK)
            y += canvas.line_height(sub_font)
        y += 2.5
        for block in glance:
            block.paint(canvas, y)
            y += block.height
        if image is not None:
            _paint_portrait(canvas, image, top)
        canvas.line(canvas.left, top + height - 1.0, canvas.right, top + height - 1.0, 0.7)

    return [Block(height + 1.0, paint)]


def _glance_tiles(canvas: Canvas, sheet: PrintSheet, width: float) -> list[Piece]:
    """The numbers a player looks for mid-game, each in its own frame."""
    tr = canvas.tr
    values: list[tuple[str, str, str]] = []
    total = len(sheet.dice)
    if total:
        pool = f"{tr.number(sheet.count('pool'))} / {tr.number(total)}"
        values.append((tr.gettext("Dice in pool"), pool, _dice_note(tr, sheet)))
    if sheet.downtime is not None:
        down = sheet.downtime
        values.append((tr.gettext("Hit points"), f"{down.hp} / {down.hp_max}", ""))
        values.append((tr.gettext("Stress"), f"{down.stress} / {down.stress_track}", ""))
        values.append((tr.gettext("Trauma"), f"{down.trauma} / {TRAUMA_BOXES}", ""))
    if sheet.energy is not None and sheet.energy.daily_net is not None:
        net = tr.number(sheet.energy.daily_net)
        values.append((tr.gettext("Daily energy"), net, tr.gettext("net, a day")))
    if not values:
        return []
    each = (width - 2.5 * (len(values) - 1)) / len(values)
    return tiles(canvas, values, max(26.0, min(38.0, each)))


def _dice_note(tr: Translator, sheet: PrintSheet) -> str:
    on_table = sheet.count(Place.TABLE)
    parts = [tr.gettext("{count} on the table").format(count=on_table)] if on_table else []
    if removed := sheet.count(Place.REMOVED):
        parts.append(
            tr.ngettext("{count} removed", "{count} removed", removed).format(count=removed)
        )
    return ", ".join(parts)


def _decode(data: bytes | None) -> QImage | None:
    """The portrait at no more pixels than its frame shows at 300 dpi (scaled while read)."""
    return decode_within(data, QSize(*(round(mm / 25.4 * PORTRAIT_DPI) for mm in PORTRAIT_MM)))


def _paint_portrait(canvas: Canvas, image: QImage, top: float) -> None:
    width, height = PORTRAIT_MM
    frame = QRectF(canvas.right - width, top, width, height)
    scale = min((width - 2) / image.width(), (height - 2) / image.height())
    shown = QRectF(0, 0, image.width() * scale, image.height() * scale)
    shown.moveCenter(frame.center())
    canvas.painter.drawImage(
        canvas.rect(shown.x(), shown.y(), shown.width(), shown.height()), image
    )
    canvas.box(frame, line=0.35, radius=1.0)


# ------------------------------------------------------------------------------ notes


def _notes(canvas: Canvas, sheet: PrintSheet, openers: dict[str, list[Block]]) -> list[Block]:
    if not sheet.notes.strip():
        return []
    title = canvas.tr.gettext("Notes")
    openers["notes"] = [heading(title, "notes", continued=True)]
    lines = line_blocks(canvas, sheet.notes.strip(), section="notes", points=9.5, serif=True)
    return [heading(title, "notes"), *lines]


# ------------------------------------------------------------------------------- dice


def _dice(canvas: Canvas, sheet: PrintSheet, openers: dict[str, list[Block]]) -> list[Block]:
    if not sheet.dice and not sheet.items:
        return []
    tr = canvas.tr
    note = tr.gettext("{pool} in the pool, {table} on the table, {removed} removed").format(
        pool=sheet.count(Place.POOL),
        table=sheet.count(Place.TABLE),
        removed=sheet.count(Place.REMOVED),
    )
    state = dicepool.play_state(
        sheet.count(Place.POOL), sheet.count(Place.TABLE), sheet.count(Place.REMOVED)
    )
    if state in (dicepool.PlayState.OUT_OF_PLAY, dicepool.PlayState.OUT_FOR_GOOD):
        note += f": {tr.gettext(PLAY_STATE_WORDS[state])}"  # in words, not only by colour
    title = tr.gettext("Dice")
    openers["dice"] = [heading(title, "dice", continued=True)]
    blocks = [heading(title, "dice", note=note)]
    groups = [_dice_group(canvas, sheet, place) for place in PLACE_LABELS]
    blocks.extend(pack_rows(groups, canvas.width, section="dice", gap=7.0))
    if sheet.items:
        blocks.append(spacer(1.0, "dice"))
        half = (canvas.width - 4.0) / 2
        pieces = [_item_piece(canvas, item, half) for item in sheet.items]
        blocks.extend(pack_rows(pieces, canvas.width, section="dice", gap=4.0))
    return blocks


def _dice_group(canvas: Canvas, sheet: PrintSheet, place: str) -> Piece:
    """One place's dice under a label; a long pool wraps within the page's width."""
    dice = [die for die in sheet.dice if die.place == place]
    label_font = canvas.font(LABEL_PT, bold=True, caps=True)
    label = f"{canvas.tr.gettext(PLACE_LABELS[place])} · {len(dice)}"
    none = canvas.tr.gettext("none")
    step = DIE_MM + 1.2
    per_line = max(1, int((canvas.width + 1.2) // step))
    lines = max(1, -(-len(dice) // per_line))
    shown = min(len(dice), per_line)
    width = max(canvas.text_width(label, label_font), shown * step - 1.2, 16.0)
    height = canvas.line_height(label_font) + 0.8 + lines * step

    def paint(canvas: Canvas, left: float, top: float) -> None:
        canvas.text(left, top, label, label_font, colour=SOFT_INK)
        y = top + canvas.line_height(label_font) + 0.8
        if not dice:
            canvas.text(left, y + 2.0, none, canvas.font(SMALL_PT, italic=True), colour=SOFT_INK)
        for index, die in enumerate(dice):
            row, column = divmod(index, per_line)
            rect = QRectF(left + column * step, y + row * step, DIE_MM, DIE_MM)
            paint_die_in(canvas, rect, die.size, die.kind, die.place)

    return Piece(width, height, paint)


def _item_piece(canvas: Canvas, item: SheetItem, width: float) -> Piece:
    name_font = canvas.font(BODY_PT, bold=True)
    note_font = canvas.font(SMALL_PT)
    text_width = width - ITEM_DIE_MM - 2.5
    name_lines = canvas.wrap(item.name, name_font, text_width)
    note_lines = canvas.wrap(_item_note(canvas.tr, item), note_font, text_width)
    text_height = len(name_lines) * canvas.line_height(name_font) + len(
        note_lines
    ) * canvas.line_height(note_font)
    height = max(ITEM_DIE_MM, text_height)

    def paint(canvas: Canvas, left: float, top: float) -> None:
        if item.die is not None:
            rect = QRectF(left, top, ITEM_DIE_MM, ITEM_DIE_MM)
            paint_die_in(canvas, rect, item.die.size, item.die.kind, item.die.place)
        x = left + ITEM_DIE_MM + 2.5
        y = top + max(0.0, (ITEM_DIE_MM - text_height) / 2)
        y += canvas.lines(x, y, name_lines, name_font)
        canvas.lines(x, y, note_lines, note_font, colour=SOFT_INK)

    return Piece(width, height, paint)


def _item_note(tr: Translator, item: SheetItem) -> str:
    parts = [tr.gettext("Weapon") if item.kind == "weapon" else tr.gettext("Armour")]
    if item.die is None:
        parts.append(tr.gettext("no die"))
    else:
        parts.append(die_name(tr, item.die.kind, item.die.size))
        if item.die.place == Place.TABLE:
            parts.append(tr.gettext("depleted, on the table"))
        elif item.die.place == Place.REMOVED:
            parts.append(tr.gettext("removed"))
    if item.deplete:
        parts.append(tr.gettext("depletes on use"))
    return " · ".join(parts)


# ----------------------------------------------------------------------------- traits


def _traits(canvas: Canvas, sheet: PrintSheet, openers: dict[str, list[Block]]) -> list[Block]:
    if not sheet.traits:
        return []
    half = (canvas.width - 6.0) / 2
    titles = _trait_titles(canvas, half)
    tr = canvas.tr
    title = tr.gettext("Traits")
    openers["traits"] = [heading(title, "traits", continued=True), titles]
    count = len(sheet.traits)
    note = tr.ngettext(
        "{count} trait · steps added to a roll", "{count} traits · steps added to a roll", count
    ).format(count=count)
    blocks = [heading(title, "traits", note=note), titles]
    pairs = [sheet.traits[start : start + 2] for start in range(0, count, 2)]
    blocks.extend(_trait_row(canvas, pair, half, index) for index, pair in enumerate(pairs))
    return blocks


def _trait_titles(canvas: Canvas, half: float) -> Block:
    columns = []
    for offset in (0.0, half + 6.0):
        columns.append((canvas.tr.gettext("Trait"), offset, Qt.AlignmentFlag.AlignLeft))
        columns.append((canvas.tr.gettext("Steps"), offset + half, Qt.AlignmentFlag.AlignRight))
    return column_titles(canvas, columns, "traits")


def _trait_row(canvas: Canvas, pair: Sequence[SheetTrait], half: float, index: int) -> Block:
    font = canvas.font(BODY_PT)
    tag_font = canvas.font(LABEL_PT, caps=True)
    value_width = 9.0
    broad, constrained = canvas.tr.gettext("broad"), canvas.tr.gettext("constrained")
    tag_width = max(canvas.text_width(tag, tag_font) for tag in (broad, constrained)) + 2.0
    name_width = half - value_width - tag_width - 2.0
    wrapped = [canvas.wrap(trait.name, font, name_width) for trait in pair]
    height = max(len(lines) for lines in wrapped) * canvas.line_height(font) + 1.8

    def paint(canvas: Canvas, top: float) -> None:
        shaded_row(canvas, top, height, index)
        for column, (trait, lines) in enumerate(zip(pair, wrapped, strict=True)):
            left = canvas.left + column * (half + 6.0)
            canvas.lines(left + 0.8, top + 0.9, lines, font)
            tag = broad if trait.broad else constrained
            canvas.text(left + name_width + 1.0, top + 1.4, tag, tag_font, colour=SOFT_INK)
            box = QRectF(left + half - value_width, top + 0.5, value_width, height - 1.0)
            canvas.box(box, line=0.3, radius=1.0)
            value_font = canvas.font(BODY_PT, bold=True)
            value_top = box.top() + (box.height() - canvas.line_height(value_font)) / 2
            canvas.text(
                box.left(),
                value_top,
                f"+{trait.value}",
                value_font,
                width=value_width,
                align=Qt.AlignmentFlag.AlignHCenter,
            )

    return Block(height, paint, section="traits")


# --------------------------------------------------------------------------- downtime


def _downtime(canvas: Canvas, sheet: PrintSheet, openers: dict[str, list[Block]]) -> list[Block]:
    down = sheet.downtime
    if down is None:
        return []
    tr = canvas.tr
    title = tr.gettext("Harm, stress and growth")
    openers["downtime"] = [heading(title, "downtime", continued=True)]
    blocks = [heading(title, "downtime")]
    hp_value = f"{down.hp} / {down.hp_max}"
    stress, trauma, hp = tr.gettext("Stress"), tr.gettext("Trauma"), tr.gettext("Hit points")
    tracks = [
        Track(stress, down.stress_track, down.stress, f"{down.stress} / {down.stress_track}"),
        Track(trauma, TRAUMA_BOXES, down.trauma, f"{down.trauma} / {TRAUMA_BOXES}"),
    ]
    if down.hp_max <= HP_BOXES_MAX:
        tracks.append(Track(hp, down.hp_max, down.hp, hp_value))
    pieces = [track_piece(canvas, track) for track in tracks]
    if down.hp_max > HP_BOXES_MAX:
        pieces.append(tile(canvas, hp, hp_value, width=30.0))
    blocks.extend(pack_rows(pieces, canvas.width, section="downtime", gap=8.0, row_gap=1.8))
    blocks.extend(_xp_rows(canvas, down))
    blocks.extend(_virtue_vice(canvas, down))
    blocks.extend(_people(canvas, down))
    return blocks


def _xp_rows(canvas: Canvas, down: SheetDowntime) -> list[Block]:
    if not down.xp:
        return []
    label_font = canvas.font(LABEL_PT, bold=True, caps=True)
    label_width = max(canvas.text_width(track, label_font) for track, _ in down.xp) + 3.0
    pieces = [
        track_piece(
            canvas,
            Track(
                track,
                max(XP_BOXES, marks + 1),
                marks,
                canvas.tr.gettext("{marks} XP").format(marks=marks),
                box=4.0,
            ),
            label_width=label_width,
        )
        for track, marks in down.xp
    ]
    title = _label_block(canvas, canvas.tr.gettext("Experience"), "downtime")
    return [title, *pack_rows(pieces, canvas.width, section="downtime", gap=10.0, row_gap=1.4)]


def _label_block(canvas: Canvas, text: str, section: str) -> Block:
    font = canvas.font(LABEL_PT, bold=True, caps=True)
    height = canvas.line_height(font) + 1.6

    def paint(canvas: Canvas, top: float) -> None:
        canvas.text(canvas.left, top + 0.8, text, font, colour=SOFT_INK)

    return Block(height, paint, keep_with_next=True, section=section)


def _virtue_vice(canvas: Canvas, down: SheetDowntime) -> list[Block]:
    width = (canvas.width - 2 * 5.0) / 3
    tr = canvas.tr
    fields = (
        (tr.gettext("Virtue"), down.virtue),
        (tr.gettext("Vice"), down.vice),
        (tr.gettext("Vice purveyor"), down.purveyor),
    )
    pieces = [_field_piece(canvas, label, value, width) for label, value in fields]
    return [spacer(1.2, "downtime"), *pack_rows(pieces, canvas.width, section="downtime", gap=5.0)]


def _field_piece(canvas: Canvas, label: str, value: str, width: float) -> Piece:
    """A labelled value on a write-in line: a blank one is left to fill in by hand."""
    label_font = canvas.font(LABEL_PT, bold=True, caps=True)
    font = canvas.font(BODY_PT)
    lines = canvas.wrap(value, font, width) if value.strip() else [""]
    height = canvas.line_height(label_font) + len(lines) * canvas.line_height(font) + 1.2

    def paint(canvas: Canvas, left: float, top: float) -> None:
        canvas.text(left, top, label, label_font, colour=SOFT_INK)
        y = top + canvas.line_height(label_font)
        y += canvas.lines(left, y, lines, font)
        canvas.line(left, y + 0.4, left + width, y + 0.4, 0.2, RULE)

    return Piece(width, height, paint)


def _people(canvas: Canvas, down: SheetDowntime) -> list[Block]:
    """Friends and contacts side by side, one line each; the rows flow across pages."""
    half = (canvas.width - 6.0) / 2
    titles = column_titles(
        canvas,
        [
            (canvas.tr.gettext("Friends"), 0.0, Qt.AlignmentFlag.AlignLeft),
            (canvas.tr.gettext("Contacts"), half + 6.0, Qt.AlignmentFlag.AlignLeft),
        ],
        "downtime",
    )
    rows = max(len(down.friends), len(down.contacts), 1)
    blocks: list[Block] = [spacer(0.8, "downtime"), titles]
    font = canvas.font(BODY_PT)
    for index in range(rows):
        cells = [
            canvas.wrap(names[index], font, half) if index < len(names) else [""]
            for names in (down.friends, down.contacts)
        ]
        height = max(len(lines) for lines in cells) * canvas.line_height(font) + 1.0

        def paint(
            canvas: Canvas, top: float, cells: list[list[str]] = cells, height: float = height
        ) -> None:
            for column, lines in enumerate(cells):
                left = canvas.left + column * (half + 6.0)
                canvas.lines(left, top + 0.4, lines, font)
                canvas.line(left, top + height - 0.2, left + half, top + height - 0.2, 0.15, RULE)

        blocks.append(Block(height, paint, section="downtime"))
    return blocks


# ----------------------------------------------------------------------------- energy


def _energy(canvas: Canvas, sheet: PrintSheet, openers: dict[str, list[Block]]) -> list[Block]:
    energy = sheet.energy
    if energy is None:
        return []
    tr = canvas.tr
    title = tr.gettext("Energy")
    openers["energy"] = [heading(title, "energy", continued=True)]
    note = (
        ""
        if energy.daily_net is None
        else tr.gettext("daily net energy {net}").format(net=tr.number(energy.daily_net))
    )
    blocks = [heading(title, "energy", note=note)]
    # The daily net energy is among the numbers at the top of the sheet; the stores
    # are small framed pairs on one line.
    values = [(tr.gettext("General store"), tr.number(energy.general_store))]
    values.extend(
        (tr.gettext("Project · {name}").format(name=project), tr.number(value))
        for project, value in energy.projects
    )
    chips = [chip(canvas, label, value) for label, value in values]
    profile = pack_rows(chips, canvas.width, section="energy", gap=2.5, row_gap=1.6)
    if energy.abilities:
        label = tr.gettext("Abilities · rating added to energy committed")
        profile.append(_label_block(canvas, label, "energy"))
        third = (canvas.width - 2 * 5.0) / 3
        pieces = [_ability_piece(canvas, name, rating, third) for name, rating in energy.abilities]
        profile.extend(pack_rows(pieces, canvas.width, section="energy", gap=5.0, row_gap=0.6))
    # Each part is read as one: it moves to the next page whole rather than split.
    blocks.extend(keep_together(profile))
    if energy.days:
        blocks.append(spacer(1.2, "energy"))
        table = [
            _label_block(canvas, tr.gettext("The last seven days"), "energy"),
            _days_table(canvas, energy.days),
        ]
        blocks.extend(table)
    return blocks


def _ability_piece(canvas: Canvas, name: str, rating: int, width: float) -> Piece:
    font = canvas.font(BODY_PT)
    bold = canvas.font(BODY_PT, bold=True)
    rating_text = str(rating)
    rating_width = canvas.text_width(rating_text, bold) + 1.0
    lines = canvas.wrap(name, font, width - rating_width - 3.0)
    height = len(lines) * canvas.line_height(font) + 0.6

    def paint(canvas: Canvas, left: float, top: float) -> None:
        canvas.lines(left, top, lines, font)
        canvas.text(left, top, rating_text, bold, width=width, align=Qt.AlignmentFlag.AlignRight)
        y = top + canvas.line_height(font) - 0.6
        start = left + canvas.text_width(lines[0], font) + 1.0
        if len(lines) == 1 and start < left + width - rating_width - 1.0:
            canvas.painter.setPen(canvas.pen(0.2, RULE, Qt.PenStyle.DotLine))
            canvas.painter.drawLine(
                canvas.point(start, y), canvas.point(left + width - rating_width, y)
            )

    return Piece(width, height, paint)


DAY_COLUMNS: Final = (
    N_("Day"),
    N_("Date"),
    N_("Opened with"),
    N_("Left"),
    N_("General store"),
    N_("Projects"),
    N_("Debt"),
    N_("Entries"),
)


def _days_table(canvas: Canvas, days: Sequence[SheetDay]) -> Block:
    """A small table: one row a day, numbers right-aligned, a dash for a day not stored."""
    font = canvas.font(SMALL_PT + 0.5)
    title_font = canvas.font(LABEL_PT, bold=True, caps=True)
    row = canvas.line_height(font) + 0.9
    title_row = canvas.line_height(title_font) + 1.2
    share = (0.07, 0.17, 0.14, 0.11, 0.16, 0.13, 0.11, 0.11)
    widths = tuple(canvas.width * part for part in share)
    height = title_row + row * len(days) + 1.0

    def paint(canvas: Canvas, top: float) -> None:
        x = canvas.left
        for column, (title, width) in enumerate(zip(DAY_COLUMNS, widths, strict=True)):
            # Day and date read left to right; the numbers line up on the right.
            align = Qt.AlignmentFlag.AlignLeft if column < 2 else Qt.AlignmentFlag.AlignRight
            shown = canvas.fitted(canvas.tr.gettext(title), title_font, width - 2)
            canvas.text(x, top, shown, title_font, colour=SOFT_INK, width=width - 2, align=align)
            x += width
        canvas.line(
            canvas.left,
            top + title_row - 0.5,
            canvas.left + sum(widths),
            top + title_row - 0.5,
            0.2,
            RULE,
        )
        for index, day in enumerate(days):
            y = top + title_row + index * row
            if index % 2:
                canvas.shade(QRectF(canvas.left, y, sum(widths), row))
            x = canvas.left
            cells = _day_cells(canvas.tr, day)
            for column, (value, width) in enumerate(zip(cells, widths, strict=True)):
                align = Qt.AlignmentFlag.AlignLeft if column < 2 else Qt.AlignmentFlag.AlignRight
                canvas.text(
                    x,
                    y + 0.6,
                    value,
                    font,
                    width=width - 2,
                    align=align,
                    colour=INK if day.opened is not None else SOFT_INK,
                )
                x += width

    return Block(height, paint, section="energy")


def _day_cells(tr: Translator, day: SheetDay) -> tuple[str, ...]:
    def shown(value: int | None) -> str:
        return "–" if value is None else tr.number(value)

    entries = (
        tr.gettext("dead") if day.dead else (str(day.entries) if day.opened is not None else "–")
    )
    return (
        str(day.day),
        day.date,
        shown(day.opened),
        shown(day.left),
        shown(day.general),
        shown(day.projects),
        shown(day.debt),
        entries,
    )


# ----------------------------------------------------------------------------- clocks


def _clocks(canvas: Canvas, sheet: PrintSheet, openers: dict[str, list[Block]]) -> list[Block]:
    if not sheet.clocks:
        return []
    title = canvas.tr.gettext("Clocks")
    openers["clocks"] = [heading(title, "clocks", continued=True)]
    width = (canvas.width - 2 * 5.0) / 3
    pieces = [clock_piece(canvas, clock, width, DIAL_MM) for clock in sheet.clocks]
    rows = pack_rows(pieces, canvas.width, section="clocks", gap=5.0, row_gap=1.8)
    return [heading(title, "clocks"), *rows]


def clock_piece(canvas: Canvas, clock: SheetClock, width: float, dial: float) -> Piece:
    """A dial, and beside it the clock's name, its fill in words and its note."""
    count_font = canvas.font(SMALL_PT, bold=True)
    name_font = canvas.font(8.5, bold=True)
    note_font = canvas.font(LABEL_PT + 0.5, italic=True)
    text_width = width - dial - 2.5
    name_lines = canvas.wrap(clock.name, name_font, text_width)
    note_lines = canvas.wrap(clock.note, note_font, text_width) if clock.note.strip() else []
    tr = canvas.tr
    count = (
        tr.gettext("{filled} of {segments} filled · done")
        if clock.filled >= clock.segments
        else tr.gettext("{filled} of {segments} filled")
    ).format(filled=clock.filled, segments=clock.segments)
    text_height = (
        len(name_lines) * canvas.line_height(name_font)
        + canvas.line_height(count_font)
        + len(note_lines) * canvas.line_height(note_font)
    )
    height = max(dial, text_height)

    def paint(canvas: Canvas, left: float, top: float) -> None:
        paint_dial(canvas, QRectF(left, top, dial, dial), clock.segments, clock.filled)
        x = left + dial + 2.5
        y = top + max(0.0, (dial - text_height) / 2)
        y += canvas.lines(x, y, name_lines, name_font)
        canvas.text(x, y, count, count_font, colour=SOFT_INK)
        y += canvas.line_height(count_font)
        canvas.lines(x, y, note_lines, note_font, colour=SOFT_INK)

    return Piece(width, height, paint)


# ------------------------------------------------------------------------------ cards


# The card numbers' initials; the heading's note spells each out.
CARD_NUMBERS: Final = (
    N_("P (power)"),
    N_("V (velocity)"),
    N_("F (focus)"),
    N_("R (resistance)"),
)
CARD_LABEL_MM: Final = 38.0


def _cards(canvas: Canvas, sheet: PrintSheet, openers: dict[str, list[Block]]) -> list[Block]:
    if not sheet.cards:
        return []
    layout = _CardColumns.of(canvas)
    titles = column_titles(canvas, layout.titles(canvas.tr), "cards")
    openers["cards"] = [heading("SySCards", "cards", continued=True), titles]
    count = len(sheet.cards)
    note = canvas.tr.ngettext(
        "{count} card · P power, V velocity, F focus, R resistance",
        "{count} cards · P power, V velocity, F focus, R resistance",
        count,
    ).format(count=count)
    rows = [_card_row(canvas, card, layout, index) for index, card in enumerate(sheet.cards)]
    return [heading("SySCards", "cards", note=note), titles, *rows]


@dataclass(frozen=True)
class _CardColumns:
    """Where the table's columns are, in mm from the content's left edge."""

    category: float  # left edge of the category
    label: float  # right edge of #efc%
    numbers: tuple[float, ...]  # right edges of P V F R
    zone: float  # left edge of zone and scale
    width: float

    @classmethod
    def of(cls, canvas: Canvas) -> _CardColumns:
        width = canvas.width
        category = width * 0.30
        label_right = category + 20.0 + CARD_LABEL_MM
        numbers = tuple(label_right + 7.0 * (index + 1) for index in range(4))
        return cls(category, label_right, numbers, numbers[-1] + 4.0, width)

    def titles(self, tr: Translator) -> list[tuple[str, float, Qt.AlignmentFlag]]:
        columns = [
            (tr.gettext("Card"), 0.0, LEFT),
            (tr.gettext("Kind"), self.category, LEFT),
            ("#efc%", self.label, RIGHT),
        ]
        columns.extend(
            (_initial(tr, title), x, RIGHT)
            for title, x in zip(CARD_NUMBERS, self.numbers, strict=True)
        )
        columns.append((tr.gettext("Zone · scale"), self.zone, LEFT))
        return columns


def _initial(tr: Translator, number: str) -> str:
    """A number's initial, "P" of "P (power)": the catalogue says which word it stands for."""
    return tr.gettext(number).split(" ", 1)[0]


def _card_row(canvas: Canvas, card: SheetCard, layout: _CardColumns, index: int) -> Block:
    """One card on one line where it fits: name, kind, #efc%, numbers, zone and scale."""
    name_font = canvas.font(BODY_PT, bold=True)
    small = canvas.font(LABEL_PT, caps=True)
    body = canvas.font(SMALL_PT + 0.5)
    name_lines = canvas.wrap(card.name, name_font, layout.category - 2.5)
    kind_lines = canvas.wrap(category_word(canvas.tr, card.category), small, 18.0)
    label_lines = canvas.wrap(card.label, name_font, CARD_LABEL_MM)
    zone_text = " · ".join(part for part in (card.zone, card.scale) if part.strip())
    zone_lines = canvas.wrap(zone_text, body, layout.width - layout.zone)
    tallest = max(
        len(name_lines) * canvas.line_height(name_font),
        len(label_lines) * canvas.line_height(name_font),
        len(zone_lines) * canvas.line_height(body),
    )
    height = tallest + 1.6
    numbers = (card.power, card.velocity, card.focus, card.resistance)

    def paint(canvas: Canvas, top: float) -> None:
        shaded_row(canvas, top, height, index)
        left, y = canvas.left, top + 0.8
        canvas.lines(left + 0.8, y, name_lines, name_font)
        # Capitals are shorter than the name's line: centred on its first line.
        kind_top = y + (canvas.line_height(name_font) - canvas.line_height(small)) / 2
        canvas.lines(left + layout.category, kind_top, kind_lines, small, colour=SOFT_INK)
        label_left = left + layout.label - CARD_LABEL_MM
        canvas.lines(label_left, y, label_lines, name_font, width=CARD_LABEL_MM, align=RIGHT)
        number_top = y + (canvas.line_height(name_font) - canvas.line_height(body)) / 2
        for value, right in zip(numbers, layout.numbers, strict=True):
            canvas.text(left + right - 6.0, number_top, str(value), body, width=6.0, align=RIGHT)
        canvas.lines(left + layout.zone, number_top, zone_lines, body, colour=SOFT_INK)

    return Block(height, paint, section="cards")


# ------------------------------------------------------------------------------- PDF


def export_sheets_pdf(
    path: Path | str,
    sheets: Sequence[PrintSheet],
    page_size: PageSizeName = "A4",
    duplex: Duplex | None = None,
    tr: Translator | None = None,
) -> int:
    """Write ``sheets`` to one PDF at ``path``, each from a new page; return its pages.
    ``tr`` is the print language (English when None)."""
    if not sheets:
        raise ValueError("There are no characters to print.")
    words = tr if tr is not None else translator("en")
    title = (
        words.gettext("Character sheet: {name}").format(name=sheets[0].name)
        if len(sheets) == 1
        else words.ngettext(
            "Character sheets: {count} character",
            "Character sheets: {count} characters",
            len(sheets),
        ).format(count=len(sheets))
    )
    return export_pdf_pages(
        path, page_size, title, lambda writer: paint_sheets(writer, sheets, duplex, words)
    )
