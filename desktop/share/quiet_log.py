"""The logger aiohttp's request handling writes to, quiet about malformed requests.

aiohttp logs every request it cannot parse at ERROR with a traceback (it is quiet only
about a bad method). On the GM's network any device can send those as fast as it likes:
each would put some 1 KB of traceback in the GM's log, and a few thousand would rotate
out every line a bug report needs. They are answered 400 all the same, and logged here
at DEBUG, one line, no traceback."""

from __future__ import annotations

import logging
from typing import Any

from aiohttp.http_exceptions import HttpProcessingError

REQUESTS_LOGGER = "desktop.share.requests"


class QuietRequests(logging.LoggerAdapter[logging.Logger]):
    def __init__(self, logger: logging.Logger | None = None) -> None:
        super().__init__(logger or logging.getLogger(REQUESTS_LOGGER), {})

    def log(self, level: int, msg: object, *args: object, **kwargs: Any) -> None:
        error = kwargs.get("exc_info")
        if isinstance(error, HttpProcessingError):
            # A sender's malformed request, already refused: one quiet line.
            level, kwargs["exc_info"] = logging.DEBUG, None
        super().log(level, msg, *args, **kwargs)
