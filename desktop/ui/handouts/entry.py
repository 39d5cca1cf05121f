"""Where the GM gives a handout from: the card editor (`give_card`), the roster
(`give_to`: a text or a picture for that character) and the player display's menu
(`give_to_all`, `show_given`). Each opens its dialog and turns an accepted one into one
undo step."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from desktop.ui.handout_commands import GiveHandout
from desktop.ui.handouts.give_dialog import CardToGive, GiveHandoutDialog
from desktop.ui.handouts.given_dialog import GivenHandoutsDialog
from desktop.ui.session import CampaignSession


def player_recipients(session: CampaignSession) -> list[tuple[int, str]]:
    from desktop.views.player import player_characters

    return list(player_characters(session.campaign))


def open_give_dialog(
    parent: QWidget | None,
    session: CampaignSession,
    to: int | None = None,
    card: CardToGive | None = None,
) -> GiveHandoutDialog | None:
    """The dialog, opened (never a blocking exec), its Give pushed as one undo step;
    None for a campaign open read-only."""
    if session.read_only:
        return None
    dialog = GiveHandoutDialog(parent, player_recipients(session), to, card)

    def given() -> None:
        if dialog.gift is not None:
            session.push(GiveHandout(session, dialog.gift, dialog.recipient_name()))

    dialog.accepted.connect(given)
    dialog.finished.connect(dialog.deleteLater)
    dialog.open()
    return dialog


def give_card(
    parent: QWidget | None, session: CampaignSession, card_id: int
) -> GiveHandoutDialog | None:
    """Give a card as its player sees it now: to the player character it stands for (or
    belongs to) at first, else to every player."""
    from desktop.views.handouts import card_copy, card_holder

    campaign = session.campaign
    card = campaign.cards.get(card_id)
    holder = card_holder(campaign, card_id)
    return open_give_dialog(
        parent, session, holder, CardToGive(card.name, card_copy(campaign, card_id))
    )


def give_to(
    parent: QWidget | None, session: CampaignSession, character_id: int
) -> GiveHandoutDialog | None:
    return open_give_dialog(parent, session, character_id)


def give_to_all(parent: QWidget | None, session: CampaignSession) -> GiveHandoutDialog | None:
    return open_give_dialog(parent, session, None)


def show_given(parent: QWidget | None, session: CampaignSession) -> GivenHandoutsDialog:
    dialog = GivenHandoutsDialog(parent, session)
    dialog.finished.connect(dialog.deleteLater)
    dialog.open()
    return dialog
