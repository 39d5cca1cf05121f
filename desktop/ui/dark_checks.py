"""Check boxes, text fields and (in high contrast) every control, drawn so their frames
show in the dark and high-contrast themes (imported only by them)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter, QPalette, QPen
from PySide6.QtWidgets import QProxyStyle, QStyle, QStyleOption, QStyleOptionComplex, QWidget

# Fusion draws these frames in the window colour darkened, which vanishes on a dark base:
# a check box (the Dice Table's trait list, "Animate"), a text field (the roster's filter,
# a name, the damage), a framed text box or list (the notes).
_FRAMED = (
    QStyle.PrimitiveElement.PE_IndicatorCheckBox,
    QStyle.PrimitiveElement.PE_FrameLineEdit,
    QStyle.PrimitiveElement.PE_Frame,
)


class VisibleChecks(QProxyStyle):
    """Fusion with the frames of check boxes and text fields drawn so they show on a
    dark base."""

    def drawPrimitive(
        self,
        element: QStyle.PrimitiveElement,
        option: QStyleOption,
        painter: QPainter,
        widget: QWidget | None = None,
    ) -> None:
        super().drawPrimitive(element, option, painter, widget)
        if element in _FRAMED:
            painter.save()
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
            painter.setPen(option.palette.color(QPalette.ColorRole.PlaceholderText))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(option.rect.adjusted(0, 0, -1, -1))
            painter.restore()


# Fusion draws every edge in the window colour darkened: on high contrast's black, none
# shows. Drawn again in the white of the text, a button, a field, a tab or a group box
# has its edge as in Windows' own high-contrast mode.
_HIGH_CONTRAST_FRAMED = (
    *_FRAMED,
    QStyle.PrimitiveElement.PE_PanelButtonCommand,
    QStyle.PrimitiveElement.PE_FrameGroupBox,
    QStyle.PrimitiveElement.PE_FrameTabWidget,
    QStyle.PrimitiveElement.PE_FrameMenu,
    QStyle.PrimitiveElement.PE_FrameDockWidget,
    QStyle.PrimitiveElement.PE_FrameWindow,
    QStyle.PrimitiveElement.PE_IndicatorRadioButton,
    QStyle.PrimitiveElement.PE_PanelTipLabel,
)


class HighContrastFrames(QProxyStyle):
    """Fusion with the edge of every control drawn in the text's colour, for the
    high-contrast theme's black window."""

    def drawPrimitive(
        self,
        element: QStyle.PrimitiveElement,
        option: QStyleOption,
        painter: QPainter,
        widget: QWidget | None = None,
    ) -> None:
        super().drawPrimitive(element, option, painter, widget)
        if element in _HIGH_CONTRAST_FRAMED:
            painter.save()
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
            painter.setPen(option.palette.color(QPalette.ColorRole.WindowText))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            if element == QStyle.PrimitiveElement.PE_IndicatorRadioButton:
                painter.setRenderHint(QPainter.RenderHint.Antialiasing)
                painter.drawEllipse(option.rect.adjusted(1, 1, -1, -1))
            else:
                painter.drawRect(option.rect.adjusted(0, 0, -1, -1))
            painter.restore()

    def drawControl(
        self,
        element: QStyle.ControlElement,
        option: QStyleOption,
        painter: QPainter,
        widget: QWidget | None = None,
    ) -> None:
        super().drawControl(element, option, painter, widget)
        if element == QStyle.ControlElement.CE_TabBarTabShape:
            # Every tab edged in white; the current one in the selection's colour, 2 px:
            # Fusion tells them apart by a shade that black does not have.
            selected = bool(option.state & QStyle.StateFlag.State_Selected)
            role = QPalette.ColorRole.Highlight if selected else QPalette.ColorRole.WindowText
            painter.save()
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
            painter.setPen(QPen(option.palette.color(role), 2 if selected else 1))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            inset = 1 if selected else 0
            painter.drawRect(option.rect.adjusted(inset, inset, -1, -1))
            painter.restore()

    def drawComplexControl(
        self,
        control: QStyle.ComplexControl,
        option: QStyleOptionComplex,
        painter: QPainter,
        widget: QWidget | None = None,
    ) -> None:
        super().drawComplexControl(control, option, painter, widget)
        if control == QStyle.ComplexControl.CC_ScrollBar and widget is not None:
            # Fusion's handle is the button's black on the window's black: grey, edged in
            # white, as Windows draws it in high contrast.
            slider = QStyle.SubControl.SC_ScrollBarSlider
            handle = self.subControlRect(control, option, slider, widget)
            if handle.isValid() and not handle.isEmpty():
                painter.save()
                painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
                painter.setPen(option.palette.color(QPalette.ColorRole.WindowText))
                painter.setBrush(option.palette.color(QPalette.ColorRole.Mid))
                painter.drawRect(handle.adjusted(1, 1, -2, -2))
                painter.restore()
