"""Every text and icon reads in every theme (issue 34): the WCAG 2.x contrast ratio of
each pair of colours drawn one on the other, at least 4.5:1 for text and 3:1 for an
icon, a box or the focus frame, in light, dark and high contrast."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import QApplication

from desktop.ui import theme
from desktop.ui.widgets.ladder_scene import LadderStyle

Role = QPalette.ColorRole
Group = QPalette.ColorGroup
TEXT = 4.5  # WCAG AA, body text
GRAPHIC = 3.0  # WCAG AA, large text, icons, a control's edge and the focus indicator

PALETTES: dict[str, Callable[[], QPalette]] = {
    "light": theme.light_palette,
    "dark": theme.dark_palette,
    "high-contrast": theme.high_contrast_palette,
}


def luminance(colour: QColor) -> float:
    """WCAG 2.x relative luminance of an opaque sRGB colour."""

    def linear(channel: int) -> float:
        value = channel / 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    red, green, blue = linear(colour.red()), linear(colour.green()), linear(colour.blue())
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def over(front: QColor, back: QColor) -> QColor:
    """`front` as painted on `back` (a translucent ink blends with what is under it)."""
    alpha = front.alphaF()

    def blend(top: int, bottom: int) -> int:
        return round(top * alpha + bottom * (1 - alpha))

    return QColor(
        blend(front.red(), back.red()),
        blend(front.green(), back.green()),
        blend(front.blue(), back.blue()),
    )


def ratio(front: QColor, back: QColor) -> float:
    lighter, darker = sorted((luminance(over(front, back)), luminance(back)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def test_the_ratio_is_wcags() -> None:
    assert ratio(QColor("#000000"), QColor("#ffffff")) == pytest.approx(21.0)
    assert ratio(QColor("#ffffff"), QColor("#ffffff")) == pytest.approx(1.0)
    assert ratio(QColor("#767676"), QColor("#ffffff")) == pytest.approx(4.54, abs=0.01)
    # Half-transparent black on white is mid-grey: Fusion's own hint text, under 4.5.
    assert ratio(QColor("#80000000"), QColor("#ffffff")) < TEXT


# The palette's own pairs: (text, background, group) with the ratio each must reach.
PALETTE_PAIRS = [
    (Role.WindowText, Role.Window, Group.Active, TEXT),
    (Role.WindowText, Role.Window, Group.Inactive, TEXT),
    (Role.Text, Role.Base, Group.Active, TEXT),
    (Role.Text, Role.AlternateBase, Group.Active, TEXT),
    (Role.ButtonText, Role.Button, Group.Active, TEXT),
    (Role.HighlightedText, Role.Highlight, Group.Active, TEXT),
    (Role.HighlightedText, Role.Highlight, Group.Inactive, TEXT),
    (Role.ToolTipText, Role.ToolTipBase, Group.Active, TEXT),
    # A hint is written on a field (placeholder text) or on the window (HINT_STYLE).
    (Role.PlaceholderText, Role.Base, Group.Active, TEXT),
    (Role.PlaceholderText, Role.AlternateBase, Group.Active, TEXT),
    (Role.PlaceholderText, Role.Window, Group.Active, TEXT),
    (Role.WindowText, Role.Window, Group.Disabled, TEXT),
    (Role.Text, Role.Base, Group.Disabled, TEXT),
    (Role.ButtonText, Role.Button, Group.Disabled, TEXT),
    (Role.Link, Role.Base, Group.Active, TEXT),
    (Role.Link, Role.Window, Group.Active, TEXT),
    (Role.LinkVisited, Role.Base, Group.Active, TEXT),
    # A clock's filled wedges (desktop/paint/clocks.py) on the field.
    (Role.Highlight, Role.Base, Group.Active, GRAPHIC),
]


@pytest.mark.parametrize("name", PALETTES)
def test_every_palette_pair_reads(qapp: QApplication, name: str) -> None:
    palette = PALETTES[name]()
    failing = [
        f"{front.name} on {back.name} ({group.name}): {found:.2f} < {wanted}"
        for front, back, group, wanted in PALETTE_PAIRS
        if (found := ratio(palette.color(group, front), palette.color(group, back))) < wanted
    ]
    assert failing == []


# The named colours, by how they are drawn: read where each is used.
# Text in a label, a list's cell, a painted cell: on the window, a field or its
# alternate rows (form_helpers, resolvers, number_field, roll_log, energy_ledger,
# month_grid, chapter_paint, claim_map).
TEXT_ROLES = {
    "ERROR": theme.ERROR,
    "SUCCESS": theme.SUCCESS,
    "WARNING": theme.WARNING,
    "DANGER": theme.DANGER,
    "UNDONE": theme.UNDONE,
}
# A marked box of a downtime sheet's track, on the field (downtime_sheet), with
# MARK_INK's cross in it; the focus frame around a widget, on the window or a field.
GRAPHIC_ROLES = {
    "STRESS": theme.STRESS,
    "TRAUMA": theme.TRAUMA,
    "XP": theme.XP,
    "FOCUS": theme.FOCUS,
    # The Statistics plots' points, lines and bars, on the plot's field (Base).
    "PLOT_ROLLED": theme.PLOT_ROLLED,
    "PLOT_EXPECTED": theme.PLOT_EXPECTED,
}
DRAWN_ON = {
    "MARK_INK": ("STRESS", "TRAUMA", "XP"),
}


def named_roles() -> dict[str, theme.Role]:
    """Every (light, dark[, high contrast]) colour the theme module defines."""
    return {
        name: value
        for name, value in vars(theme).items()
        if name.isupper()
        and isinstance(value, tuple)
        and len(value) in (2, 3)
        and all(isinstance(part, str) and part.startswith("#") for part in value)
    }


def test_every_named_colour_is_checked() -> None:
    """A new role says how it is drawn here, so that its contrast is held too."""
    checked = set(TEXT_ROLES) | set(GRAPHIC_ROLES) | set(DRAWN_ON)
    assert set(named_roles()) == checked


def test_every_named_colour_has_a_high_contrast_variant() -> None:
    assert [name for name, role in named_roles().items() if len(role) != 3] == []


@pytest.mark.parametrize("name", PALETTES)
def test_every_named_colour_reads_on_what_it_is_drawn_on(qapp: QApplication, name: str) -> None:
    palette = PALETTES[name]()
    backgrounds = (Role.Window, Role.Base, Role.AlternateBase)
    failing = []
    for roles, wanted in ((TEXT_ROLES, TEXT), (GRAPHIC_ROLES, GRAPHIC)):
        for role_name, role in roles.items():
            for background in backgrounds:
                found = ratio(theme.colour(palette, role), palette.color(background))
                if found < wanted:
                    failing.append(f"{role_name} on {background.name}: {found:.2f} < {wanted}")
    ink = theme.colour(palette, theme.MARK_INK)
    # The boxes of a disabled track are filled with the disabled text's colour.
    disabled = palette.color(Group.Disabled, Role.WindowText)
    fills = [theme.colour(palette, getattr(theme, box)) for box in DRAWN_ON["MARK_INK"]]
    for fill in [*fills, disabled]:
        if (found := ratio(ink, fill)) < GRAPHIC:
            failing.append(f"MARK_INK on {fill.name()}: {found:.2f} < {GRAPHIC}")
    assert failing == []


@pytest.mark.parametrize("name", PALETTES)
def test_the_faction_ladders_muted_text_reads(qapp: QApplication, name: str) -> None:
    style = LadderStyle.of(PALETTES[name](), QFont())
    for background in (style.band, style.window, style.base):
        assert ratio(style.muted, background) >= TEXT, (style.muted.name(), background.name())


def test_the_fixed_art_reads_on_its_own_background() -> None:
    """The dice table's felt, the status badges and the lair token: the same in every
    theme, so checked once."""
    failing = []

    def check(front: str, back: QColor, wanted: float = TEXT) -> None:
        if (found := ratio(QColor(front), back)) < wanted:
            failing.append(f"{front} on {back.name()}: {found:.2f} < {wanted}")

    for felt in (theme.FELT_POOL, theme.FELT_OTHER, theme.FELT_TRAY, theme.FELT_BACKGROUND):
        check(theme.FELT_INK, QColor(felt))
        check(theme.FELT_INK, QColor(felt).lighter(theme.FELT_HOVER_LIGHTER))  # hovered
        check(theme.FELT_INK_FAINT, QColor(felt))  # an empty area's hint
    for status in theme.STATUS_COLOURS.values():
        check(theme.BADGE_INK, QColor(status))
    check(theme.BADGE_INK, QColor(theme.WAR_COLOUR))
    check(theme.LAIR_INK, QColor(theme.LAIR_FILL))
    assert failing == []


def test_a_failing_pair_is_seen(qapp: QApplication) -> None:
    """The checks above can fail: Fusion's own light palette has faint greys."""
    fusion = theme.fusion_light_palette()
    hint = ratio(fusion.color(Role.PlaceholderText), fusion.color(Role.Window))
    disabled = ratio(
        fusion.color(Group.Disabled, Role.WindowText), fusion.color(Group.Disabled, Role.Window)
    )
    assert hint < TEXT and disabled < TEXT


def test_a_theme_palette_owes_nothing_to_the_theme_before_it(qapp: QApplication) -> None:
    """Each palette is the same whichever theme the application had before: built on
    `QPalette()` it copied the application's palette of the moment (a full run found the
    dark theme's visited links in the light theme's purple, 2.1:1 on its base)."""
    roles = [QPalette.ColorRole(r) for r in range(QPalette.ColorRole.NColorRoles.value)]
    groups = (QPalette.ColorGroup.Active, QPalette.ColorGroup.Disabled)
    before = qapp.palette()
    made: list[list[list[str]]] = []
    try:
        for current in (theme.light_palette(), theme.high_contrast_palette()):
            qapp.setPalette(current)
            made.append(
                [
                    [palette.color(group, role).name(QColor.NameFormat.HexArgb) for role in roles]
                    for palette in (
                        theme.dark_palette(),
                        theme.light_palette(),
                        theme.high_contrast_palette(),
                    )
                    for group in groups
                ]
            )
    finally:
        qapp.setPalette(before)
    assert made[0] == made[1]
