"""A share server double: records what the Qt side asks of it, serves nothing."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime

from desktop.share.messages import PlayerRequest
from desktop.share.server import Connection, ShareError


class FakeServer:
    def __init__(
        self,
        host: str,
        port: int,
        files: Mapping[str, tuple[bytes, str]],
        on_change: Callable[[], None],
        refusal: str | None = None,
        on_request: Callable[[int, PlayerRequest], None] | None = None,
    ) -> None:
        self.host, self.port, self.files, self.on_change = host, port, files, on_change
        self.on_request = on_request
        self.refusal = refusal
        self.started = self.stopped = False
        self.token_sets: list[dict[str, int]] = []
        self.reasons: list[dict[int, str]] = []  # per set_tokens: why pages were cut off
        self.published: list[tuple[int, Mapping[str, object]]] = []
        self.live: tuple[Connection, ...] = ()
        self.answers: list[tuple[int, str, bool, str]] = []
        self.pictures: dict[int, dict[int, tuple[bytes, str]]] = {}

    def start(self) -> int:
        if self.refusal is not None:
            raise ShareError(self.refusal)
        self.started = True
        return self.port

    def stop(self) -> None:
        self.stopped = True

    def set_tokens(
        self, tokens: Mapping[str, int], reasons: Mapping[int, str] | None = None
    ) -> None:
        self.token_sets.append(dict(tokens))
        self.reasons.append(dict(reasons or {}))

    def publish(self, character_id: int, payload: Mapping[str, object]) -> int:
        self.published.append((character_id, payload))
        return len(self.published)

    def set_images(self, character_id: int, pictures: Mapping[int, tuple[bytes, str]]) -> None:
        self.pictures[character_id] = dict(pictures)

    def connections(self) -> tuple[Connection, ...]:
        return self.live

    def answer(self, character_id: int, request_id: str, ok: bool, message: str = "") -> None:
        self.answers.append((character_id, request_id, ok, message))

    def connect_device(self, character_id: int, since: datetime) -> None:
        """As the server's thread would: a device joined, on_change called."""
        self.live = (*self.live, Connection(character_id, since, 1))
        self.on_change()

    @property
    def url_base(self) -> str:
        return f"http://{self.host}:{self.port}"


class FakeServers:
    """The server factory: each server it made, the last one first to look at."""

    def __init__(self) -> None:
        self.made: list[FakeServer] = []
        self.refusal: str | None = None

    def __call__(
        self,
        host: str,
        port: int,
        files: Mapping[str, tuple[bytes, str]],
        on_change: Callable[[], None],
        on_request: Callable[[int, PlayerRequest], None] | None = None,
    ) -> FakeServer:
        server = FakeServer(host, port, files, on_change, self.refusal, on_request)
        self.made.append(server)
        return server

    @property
    def last(self) -> FakeServer:
        return self.made[-1]
