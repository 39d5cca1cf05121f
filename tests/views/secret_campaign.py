"""A campaign with a secret in every table and field a player may not see (issue 29),
and the search for them: shared by the payload test (tests/views), the test over the
wire (tests/share) and the browser tests.

Secret text carries "Sekrit" (never in anything public); what only one player may see
carries that player's mark ("KaraOnly", "BrynOnly"), so each payload is searched for
the other player's mark too, and for its own as a control that the search can find
things. Secret numbers are ones no public figure here comes near. The file itself is
then read back: every text that holds "Sekrit" is a secret the test planted, and the
planted secrets must reach across the campaign's tables.
"""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

from desktop.actions.actor import Actor
from desktop.actions.dice import roll_tray
from desktop.actions.tray import apply_tray_roll
from desktop.rules import energy as rules
from desktop.store import OWNER_CHARACTER, OWNER_FACTION, Campaign, DowntimeSheet
from desktop.views.handouts import card_copy
from tests.actions.conftest import in_tray
from tests.ui.scripted import ScriptedRng

SECRET = "sekrit"
MARKS = {"Kara Voss": "karaonly", "Bryn": "brynonly"}
# Numbers only the GM knows: NPC, challenge and act totals, a chapter's coin.
GM_NUMBERS = (7919, 6151, 5081, 4409)
# Bryn's energy: his own to see, not Kara's (daily net, store, what that opens with).
BRYN_NUMBERS = (4273, 3917, 4273 + 3917)
PAGE = Path(__file__).resolve().parents[2] / "desktop" / "share" / "page"


def secret_campaign(campaign: Campaign) -> dict[str, int]:
    roster = campaign.roster
    kara = roster.add("Kara Voss", "pc", notes="Sekrit: Kara's notes, the GM's")
    bryn = roster.add("Bryn", "pc", notes="Sekrit: Bryn owes the Sashes")
    dask = roster.add("Sekrit Captain Dask", "npc", notes="Sekrit: Dask is the traitor")
    rock = roster.add("Sekrit Rockslide", "challenge", notes="Sekrit challenge notes")
    for who in (kara, bryn):
        campaign.kit.add_dice(who.id, count=3)
    campaign.kit.add_dice(dask.id, size=20, count=2)
    campaign.kit.add_dice(rock.id, size=12, count=2)
    campaign.kit.add_trait(dask.id, "Sekrit npc trait", 3)
    # Each player ticks their own traits on their page (issue 30): never another's.
    campaign.kit.add_trait(kara.id, "KaraOnly climber", 1)
    campaign.kit.add_trait(bryn.id, "BrynOnly liar", 2)
    campaign.kit.add_item(dask.id, "Sekrit npc blade", "weapon", 12)
    campaign.kit.add_item(kara.id, "KaraOnly sabre", "weapon", 8)
    campaign.kit.add_item(bryn.id, "BrynOnly shield", "armour", 6)

    cards = campaign.cards
    sheet = cards.add("Sekrit Kara sheet", "character", character_id=kara.id, info="Sekrit")
    cards.add(
        "KaraOnly knife",
        "skill",
        owner_id=sheet.id,
        info="<p>KaraOnly close work</p>",
        tags=("sekrit-tag",),
        shown=True,
    )
    cards.add("Sekrit Kara hidden skill", "skill", owner_id=sheet.id, info="Sekrit info")
    cards.add("BrynOnly sword", "skill", character_id=bryn.id, shown=True, info="BrynOnly")
    cards.add("Sekrit Bryn hidden", "skill", character_id=bryn.id)
    cards.add("Sekrit loose card", "place", shown=True, info="Sekrit: shown but no one's")
    cards.add("Sekrit Dask card", "character", character_id=dask.id, shown=True)

    sashes = campaign.factions.add("Red Sashes", status=-1, notes="Sekrit sash notes")
    cabal = campaign.factions.add("Sekrit Cabal", status=2, shown=False, notes="Sekrit")
    clocks = campaign.clocks
    clocks.add("Sekrit hidden clock", 6, note="Sekrit")
    clocks.add("Public doom", 6, filled=2, shown=True, note="Sekrit clock note")
    clocks.add("Sekrit cabal clock", 4, owner_kind=OWNER_FACTION, owner_id=cabal.id, shown=True)
    clocks.add("Sash war", 8, owner_kind=OWNER_FACTION, owner_id=sashes.id, shown=True)
    clocks.add("Dask's plot", 4, owner_kind=OWNER_CHARACTER, owner_id=dask.id, shown=True)
    clocks.add("Sekrit Dask hidden", 4, owner_kind=OWNER_CHARACTER, owner_id=dask.id)
    campaign.chapter.update(notes="Sekrit chapter notes", coin=GM_NUMBERS[3])
    campaign.chapter.add_claim("Sekrit claim", benefit="Sekrit benefit", x=1.0, y=1.0)

    for who in (kara, bryn):
        campaign.downtime.set_sheet(
            DowntimeSheet(who.id, virtue="Sekrit virtue", vice="Sekrit vice", friends="Sekrit")
        )

    today = campaign.summary().current_day
    campaign.calendar.set_profile(kara.id, 30, {"Sekrit ability": 3})
    kara_profile = campaign.calendar.profile(kara.id)
    assert kara_profile is not None
    day = rules.start_day(kara_profile, day=today, pools={"KaraOnly tower": 20})
    day = rules.task(kara_profile, day, 5, 4, note="Sekrit: Kara's ledger note").state
    campaign.calendar.put_day(kara.id, day)
    campaign.calendar.set_profile(bryn.id, BRYN_NUMBERS[0], {"Sekrit bryn ability": 2})
    bryn_profile = campaign.calendar.profile(bryn.id)
    assert bryn_profile is not None
    day = rules.start_day(
        bryn_profile, day=today, general_store=BRYN_NUMBERS[1], pools={"BrynOnly mill": 5}
    )
    day = rules.task(bryn_profile, day, 1, 1, note="Sekrit: Bryn's ledger").state
    campaign.calendar.put_day(bryn.id, day)

    campaign.games.start()
    campaign.games.set_scene(
        "The docks at night", members=(kara.id, bryn.id, dask.id, rock.id), condition_id=rock.id
    )
    # Each player's page shows their own declared action (issue 30), never another's.
    campaign.games.declare(kara.id, "KaraOnly: Kara declares a climb")
    campaign.games.declare(bryn.id, "BrynOnly: Bryn declares a lie")

    pool = [d for d in campaign.kit.dice(kara.id) if d.kind == "ordinary"][:2]
    rest = [d for d in campaign.kit.dice(kara.id) if d not in pool]
    roll = roll_tray([*in_tray(campaign, pool), *rest], 0, ScriptedRng([3, 4]))
    apply_tray_roll(campaign, Actor.gm(), kara.id, roll, steps_allowed=0)
    log = campaign.rolls.log
    log(dask.id, dask.name, "roll", {"dice": []}, GM_NUMBERS[0], "Sekrit: Dask rolled")
    log(rock.id, rock.name, "challenge", {}, GM_NUMBERS[1], "Sekrit: the rockslide")
    log(kara.id, kara.name, "act", {}, GM_NUMBERS[2], "Sekrit: Kara acts with a hidden card")
    log(kara.id, kara.name, "conflict", {}, 12, "Sekrit: Kara against Sekrit Captain Dask")
    # Handouts (issue 30): each player's own, and one to all; a card handout keeps the
    # card as Kara saw it, and the GM's secret written into the card afterwards stays off.
    handouts = campaign.handouts
    handouts.give("text", "KaraOnly letter", text="KaraOnly: the key", character_id=kara.id)
    handouts.give("text", "BrynOnly note", text="BrynOnly: the debt", character_id=bryn.id)
    handouts.give("text", "The town crier", text="Everyone hears it")
    kara_map = cards.add("KaraOnly map", "item", character_id=kara.id, info="KaraOnly roads")
    handouts.give(
        "card", "KaraOnly map", card=card_copy(campaign, kara_map.id), character_id=kara.id
    )
    cards.update(kara_map.id, info="<p>Sekrit: the map leads into a trap</p>")
    return {"kara": kara.id, "bryn": bryn.id}


def planted(path: Path) -> dict[str, list[str]]:
    """Every text in the campaign file holding the secret mark, by table."""
    found: dict[str, list[str]] = {}
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as connection:
        tables = [row[0] for row in connection.execute("SELECT name FROM sqlite_master")]
        for table in tables:
            if table.startswith("sqlite_") or table.endswith("_fts"):
                continue
            try:
                rows = connection.execute(f'SELECT * FROM "{table}"').fetchall()
            except sqlite3.Error:
                continue  # an index or a view's name: not a table to read
            for row in rows:
                for value in row:
                    if isinstance(value, str) and SECRET in value.casefold():
                        found.setdefault(table, []).append(value)
    return found


def leaks(text: str, words: tuple[str, ...], numbers: tuple[int, ...]) -> list[str]:
    folded = text.casefold()
    found = [word for word in words if word in folded]
    found += [str(n) for n in numbers if re.search(rf"(?<!\d){n}(?!\d)", text)]
    return found
