"""What the server remembers of a character's requests, so that each is applied at most
once: a request id is handed to the GM's side the first time only; a replay while it
waits joins the wait, a replay after it gets the first answer again."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Generic, TypeVar

# Ids remembered per character: far more than a page ever has in flight or replays.
REMEMBERED = 256

Asker = TypeVar("Asker")


@dataclass
class Asked(Generic[Asker]):
    """One request: the pages waiting for its answer, then the answer (a frame)."""

    waiting: list[Asker] = field(default_factory=list)
    answer: str | None = None


class RequestMemory(Generic[Asker]):
    """The last REMEMBERED request ids of each character. The server's loop's own."""

    def __init__(self, remembered: int = REMEMBERED) -> None:
        self.remembered = remembered
        self._asked: dict[int, OrderedDict[str, Asked[Asker]]] = {}

    def ask(self, character_id: int, request_id: str, asker: Asker) -> tuple[bool, str | None]:
        """(new, answer): new when this id was never asked (hand it to the GM's side);
        else the answer to send `asker` now, or None while the first one still waits
        (`asker` then gets the answer when it comes)."""
        asked = self._asked.setdefault(character_id, OrderedDict())
        known = asked.get(request_id)
        if known is not None:
            if known.answer is None and asker not in known.waiting:
                known.waiting.append(asker)
            return False, known.answer
        asked[request_id] = Asked([asker])
        while len(asked) > self.remembered:
            asked.popitem(last=False)
        return True, None

    def answered(self, character_id: int, request_id: str, answer: str) -> list[Asker]:
        """Keep the answer to a request; the pages to send it to (none when the id is
        unknown, forgotten or already answered: an answer counts once)."""
        known = self._asked.get(character_id, OrderedDict()).get(request_id)
        if known is None or known.answer is not None:
            return []
        known.answer = answer
        waiting, known.waiting = known.waiting, []
        return waiting
