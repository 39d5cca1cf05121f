"""The words a command is found by besides its name, keyed by its action's object name.

Plain data: a GM types what they would say at the table ("rest", "damage", "end day");
each entry here lists the words that should find that command. Names are the actions'
`objectName`s (the main window's menus and the docks' `DockButton`s).
"""

from __future__ import annotations

SYNONYMS: dict[str, tuple[str, ...]] = {
    # File
    "actionNew": ("new campaign", "create"),
    "actionOpen": ("load", "open campaign"),
    "actionSaveCopy": ("save", "save as", "duplicate"),
    "actionExport": ("export json", "save json"),
    "actionExportJournal": ("obsidian", "markdown", "vault"),
    "actionImport": ("import json", "load json"),
    "actionPrint": ("print cards", "print sheet", "printer", "character sheet"),
    "actionPrintPreview": ("preview", "print cards"),
    "actionPdf": ("pdf", "print cards", "save pdf", "sheet pdf"),
    "actionPrintAlignment": ("duplex", "back offset", "calibrate"),
    "actionRestore": ("backup", "restore", "go back"),
    "actionCheckCampaign": ("repair", "damaged", "verify", "check file"),
    "actionClose": ("close campaign",),
    "actionQuit": ("exit",),
    # Edit
    "actionUndo": ("take back", "revert"),
    "actionRedo": ("again",),
    "actionCommandPalette": ("commands", "actions", "palette"),
    # Campaign
    "actionEndDay": ("end day", "next day", "new day", "advance day", "sleep", "roll over"),
    "actionRecap": ("recap", "previously on", "summary", "last session"),
    # Downtime
    "start_downtime": ("downtime", "between sessions"),
    "continue_downtime": ("downtime", "resume downtime"),
    # View
    "workspace_play": ("play workspace", "at the table"),
    "workspace_prep": ("prep workspace", "prepare"),
    "workspace_between": ("between sessions workspace",),
    "actionPlayerDisplay": ("player display", "second screen", "projector", "players screen"),
    "actionBlankPlayerDisplay": ("player display", "blank", "black out", "hide screen"),
    "actionPlayerFullScreen": ("player display", "full screen"),
    "actionPlayerRecap": ("player display", "recap", "previously on"),
    "actionClosePlayerDisplay": ("player display", "close display"),
    "actionGiveHandoutToAll": ("handout", "give players"),
    "actionHandoutsGiven": ("handouts",),
    "actionSharePlayers": ("share", "phones", "qr code", "players phones"),
    "actionResetWorkspace": ("reset layout", "layout"),
    "theme_system": ("theme", "system theme"),
    "theme_light": ("light mode", "theme"),
    "theme_dark": ("dark mode", "night mode", "theme"),
    "theme_high-contrast": ("high contrast", "contrast", "accessibility", "theme"),
    # Help
    "actionRules": ("rules", "help", "reference"),
    "actionOpenLogFolder": ("log", "bug report"),
    "actionAbout": ("version",),
    # The Dice Table
    "diceRollCommand": ("roll dice", "throw"),
    "diceRestTwoHoursCommand": ("rest", "short rest", "recover", "heal"),
    "diceRestDayCommand": ("rest", "long rest", "full day rest", "heal"),
    "diceTakeDamageCommand": ("damage", "hurt", "wound", "hit", "lose dice"),
    # Play
    "playStartGameCommand": ("start session", "begin game", "begin session"),
    "playEndGameCommand": ("end session", "finish game"),
    "playNextTurnCommand": ("next player",),
    "playEndRoundCommand": ("round over", "new round"),
    # Chapter
    "chapterLoseHoldCommand": ("lose hold", "lost war", "operation against", "hold"),
    "chapterDevelopCommand": ("develop", "tier up", "grow"),
    "chapterApplyPayoffCommand": ("payoff", "score", "job", "pay"),
    # Roster, SySCards, Clocks, Faction Ladder, Roll Log
    "rosterAddCharacterCommand": ("new character", "add pc", "player character"),
    "syscardsNewCommand": ("add card", "syscard"),
    "syscardsDuplicateCommand": ("copy card", "syscard"),
    "clocksNewCommand": ("add clock", "progress clock"),
    "clocksApplyCommand": ("tick", "clock result", "mark clock"),
    "factionAddCommand": ("new faction", "ladder"),
    "rollLogExportCommand": ("csv", "export rolls", "roll history"),
}


def synonyms_of(name: str) -> tuple[str, ...]:
    return SYNONYMS.get(name, ())
