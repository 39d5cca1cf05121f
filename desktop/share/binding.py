"""Binding the listening socket on the caller's thread, so the GM gets a plain sentence
at once when the address or port cannot be used."""

from __future__ import annotations

import errno
import ipaddress
import socket
import sys


class ShareError(Exception):
    """Sharing could not start; the message is a plain sentence for the GM."""


def _codes(*names: str) -> frozenset[int]:
    return frozenset(getattr(errno, name) for name in names if hasattr(errno, name))


IN_USE = _codes("EADDRINUSE", "WSAEADDRINUSE")
NOT_HERE = _codes("EADDRNOTAVAIL", "WSAEADDRNOTAVAIL")
FORBIDDEN = _codes("EACCES", "EPERM", "WSAEACCES")


def bind(host: str, port: int) -> socket.socket:
    """A listening, non-blocking socket on exactly `host`:`port` (0: any free port)."""
    if not host.strip():
        raise ShareError("Choose one of this computer's addresses to share on.")
    if not 0 <= port <= 65535:
        raise ShareError(f"{port} is not a port number (0 to 65535).")
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError):
        raise ShareError(f"{host} is not an address of this computer.") from None
    family, kind, proto, _, address = found[0]
    if ipaddress.ip_address(str(address[0]).split("%")[0]).is_unspecified:
        # Every network at once would show the players' pages to networks the GM never chose.
        raise ShareError("Choose one of this computer's addresses; GM Desk shares on one only.")
    listener = socket.socket(family, kind, proto)
    try:
        if sys.platform == "win32":
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_EXCLUSIVEADDRUSE, 1)
        else:  # a port freed by stop() can be bound again at once despite TIME_WAIT
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if family == socket.AF_INET6:
            listener.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
        listener.bind(address)
        listener.listen(128)
        listener.setblocking(False)
    except OSError as error:
        listener.close()
        raise ShareError(_why(error, host, port)) from None
    return listener


def _why(error: OSError, host: str, port: int) -> str:
    if error.errno in IN_USE:
        return f"Port {port} is already in use on {host}; choose another port."
    if error.errno in NOT_HERE:
        return f"{host} is not an address of this computer; choose one from the list."
    if error.errno in FORBIDDEN:
        return f"GM Desk may not use port {port} on {host}; choose a port above 1024."
    return f"GM Desk could not share on {host} port {port}: {error.strerror or error}."
