"""What a player's page gets of handouts (issue 30): their own and those to every player,
never another's; a card as its copy; the TV's view none at all."""

from __future__ import annotations

import json

from desktop.store import Campaign
from desktop.views.handouts import card_copy, card_holder, card_of_copy, player_handouts
from desktop.views.player import payload, player_view
from desktop.views.public import table_view
from tests.views.secret_campaign import secret_campaign


def test_bryn_never_gets_karas_handout_and_each_gets_the_one_to_all(campaign: Campaign) -> None:
    ids = secret_campaign(campaign)
    kara = payload(player_view(campaign, ids["kara"]))["handouts"]
    bryn = payload(player_view(campaign, ids["bryn"]))["handouts"]
    assert isinstance(kara, list) and isinstance(bryn, list)
    assert [h["title"] for h in kara] == ["KaraOnly letter", "The town crier", "KaraOnly map"]
    assert [h["title"] for h in bryn] == ["BrynOnly note", "The town crier"]
    assert "karaonly" not in json.dumps(bryn).casefold()
    crier = next(h for h in bryn if h["title"] == "The town crier")
    assert crier == {
        "id": crier["id"],
        "kind": "text",
        "title": "The town crier",
        "text": "Everyone hears it",
        "card": None,
        "image": False,
        "to_everyone": True,
    }
    card = kara[2]["card"]
    assert card["info"] == ["KaraOnly roads"]  # as she saw it, not the GM's later secret


def test_the_tv_shows_no_handout(campaign: Campaign) -> None:
    secret_campaign(campaign)
    campaign.handouts.give("text", "Crier on the TV?", text="No")
    shown = repr(table_view(campaign)).casefold()
    for word in ("karaonly letter", "brynonly note", "town crier", "crier on the tv"):
        assert word not in shown


def test_a_card_copy_names_no_hidden_owner_and_a_damaged_copy_reads_safely(
    campaign: Campaign,
) -> None:
    kara = campaign.roster.add("Kara", "pc").id
    sheet = campaign.cards.add("Sheet", "character", character_id=kara)  # hidden
    knife = campaign.cards.add("Knife", "skill", owner_id=sheet.id, efficiency=30)
    copy = json.loads(card_copy(campaign, knife.id))
    assert copy["efficiency_label"] == "30%" and "Sheet" not in json.dumps(copy)
    assert card_holder(campaign, knife.id) == kara  # through its owner
    loose = campaign.cards.add("Loose", "place")
    assert card_holder(campaign, loose.id) is None
    assert card_of_copy("not json") is None and card_of_copy("[1]") is None
    odd = card_of_copy('{"name": 5, "efficiency": "x", "info": ["a", 3], "power": true}')
    assert odd is not None and (odd.name, odd.efficiency, odd.info, odd.power) == ("", 0, ("a",), 0)
    campaign.handouts.give("card", "Knife", card=card_copy(campaign, knife.id), character_id=kara)
    (view,) = player_handouts(campaign, kara)
    assert view.card is not None and view.card.name == "Knife"
