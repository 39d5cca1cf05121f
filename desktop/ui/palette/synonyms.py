"""The words a command is found by besides its name, keyed by its action's object name.

Plain data: a GM types what they would say at the table ("rest", "damage", "end day");
each entry here lists the words that should find that command. Names are the actions'
`objectName`s (the main window's menus and the docks' `DockButton`s). The words are
marked for translation (what a French GM would say at the table) and found in the
window's language and in English both; a brand or a file type ("pdf") is the same in
every language.
"""

from __future__ import annotations

from desktop.language import N_
from desktop.ui.window_language import tr

SYNONYMS: dict[str, tuple[str, ...]] = {
    # File
    "actionNew": (N_("new campaign"), N_("create")),
    "actionOpen": (N_("load"), N_("open campaign")),
    "actionSaveCopy": (N_("save"), N_("save as"), N_("duplicate")),
    "actionExport": (N_("export json"), N_("save json")),
    "actionExportJournal": ("obsidian", "markdown", N_("vault")),
    "actionImport": (N_("import json"), N_("load json")),
    "actionPrint": (N_("print cards"), N_("print sheet"), N_("printer"), N_("character sheet")),
    "actionPrintPreview": (N_("preview"), N_("print cards")),
    "actionPdf": ("pdf", N_("print cards"), N_("save pdf"), N_("sheet pdf")),
    "actionPrintAlignment": (N_("duplex"), N_("back offset"), N_("calibrate")),
    "actionRestore": (N_("backup"), N_("restore"), N_("go back")),
    "actionCheckCampaign": (N_("repair"), N_("damaged"), N_("verify"), N_("check file")),
    "actionClose": (N_("close campaign"),),
    "actionQuit": (N_("exit"),),
    # Edit
    "actionUndo": (N_("take back"), N_("revert")),
    "actionRedo": (N_("again"),),
    "actionCommandPalette": (N_("commands"), N_("actions"), N_("palette")),
    # Campaign
    "actionEndDay": (
        N_("end day"),
        N_("next day"),
        N_("new day"),
        N_("advance day"),
        N_("sleep"),
        N_("roll over"),
    ),
    "actionRecap": (N_("recap"), N_("previously on"), N_("summary"), N_("last session")),
    # Downtime
    "start_downtime": (N_("downtime"), N_("between sessions")),
    "continue_downtime": (N_("downtime"), N_("resume downtime")),
    # View
    "workspace_play": (N_("play workspace"), N_("at the table")),
    "workspace_prep": (N_("prep workspace"), N_("prepare")),
    "workspace_between": (N_("between sessions workspace"),),
    "actionPlayerDisplay": (
        N_("player display"),
        N_("second screen"),
        N_("projector"),
        N_("players screen"),
    ),
    "actionBlankPlayerDisplay": (
        N_("player display"),
        N_("blank"),
        N_("black out"),
        N_("hide screen"),
    ),
    "actionPlayerFullScreen": (N_("player display"), N_("full screen")),
    "actionPlayerRecap": (N_("player display"), N_("recap"), N_("previously on")),
    "actionClosePlayerDisplay": (N_("player display"), N_("close display")),
    "actionGiveHandoutToAll": (N_("handout"), N_("give players")),
    "actionHandoutsGiven": (N_("handouts"),),
    "actionSharePlayers": (N_("share"), N_("phones"), N_("qr code"), N_("players phones")),
    "actionResetWorkspace": (N_("reset layout"), N_("layout")),
    "theme_system": (N_("theme"), N_("system theme")),
    "theme_light": (N_("light mode"), N_("theme")),
    "theme_dark": (N_("dark mode"), N_("night mode"), N_("theme")),
    "theme_high-contrast": (N_("high contrast"), N_("contrast"), N_("accessibility"), N_("theme")),
    # Help
    "actionRules": (N_("rules"), N_("help"), N_("reference")),
    "actionOpenLogFolder": (N_("log"), N_("bug report")),
    "actionAbout": (N_("version"),),
    # The Dice Table
    "diceRollCommand": (N_("roll dice"), N_("throw")),
    "diceRestTwoHoursCommand": (N_("rest"), N_("short rest"), N_("recover"), N_("heal")),
    "diceRestDayCommand": (N_("rest"), N_("long rest"), N_("full day rest"), N_("heal")),
    "diceTakeDamageCommand": (N_("damage"), N_("hurt"), N_("wound"), N_("hit"), N_("lose dice")),
    # Play
    "playStartGameCommand": (N_("start session"), N_("begin game"), N_("begin session")),
    "playEndGameCommand": (N_("end session"), N_("finish game")),
    "playNextTurnCommand": (N_("next player"),),
    "playEndRoundCommand": (N_("round over"), N_("new round")),
    # Chapter
    "chapterLoseHoldCommand": (
        N_("lose hold"),
        N_("lost war"),
        N_("operation against"),
        N_("hold"),
    ),
    "chapterDevelopCommand": (N_("develop"), N_("tier up"), N_("grow")),
    "chapterApplyPayoffCommand": (N_("payoff"), N_("score"), N_("job"), N_("pay")),
    # Roster, SySCards, Clocks, Faction Ladder, Roll Log
    "rosterAddCharacterCommand": (N_("new character"), N_("add pc"), N_("player character")),
    "syscardsNewCommand": (N_("add card"), "syscard"),
    "syscardsDuplicateCommand": (N_("copy card"), "syscard"),
    "clocksNewCommand": (N_("add clock"), N_("progress clock")),
    "clocksApplyCommand": (N_("tick"), N_("clock result"), N_("mark clock")),
    "factionAddCommand": (N_("new faction"), N_("ladder")),
    "rollLogExportCommand": ("csv", N_("export rolls"), N_("roll history")),
}


def synonyms_of(name: str) -> tuple[str, ...]:
    """The words that find `name`'s command: in the window's language, then in English."""
    english = SYNONYMS.get(name, ())
    translated = tuple(tr(word) for word in english)
    return translated + tuple(word for word in english if word not in translated)
