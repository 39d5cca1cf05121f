"""`ADDRESS[:PORT]` as the GM types it (`--share`), read without Qt.

Only an IPv4 address is taken: the server binds to exactly the address the GM chose
(never every interface), and a phone on the same network reaches an IPv4 address."""

from __future__ import annotations

import ipaddress
from typing import Final

DEFAULT_PORT: Final = 8765  # above the privileged ports, rarely taken by other programs
MAX_PORT: Final = 65535


def parse_share_address(text: str) -> tuple[str, int]:
    """(host, port) of "192.168.1.20" or "192.168.1.20:8800"; ValueError in plain words."""
    host, colon, port_text = text.strip().partition(":")
    if not host:
        raise ValueError(f"“{text}” is not an address: give one as 192.168.1.20[:8765].")
    try:
        address = ipaddress.IPv4Address(host)
    except ValueError:
        raise ValueError(
            f"“{host}” is not an IPv4 address of this computer (as 192.168.1.20)."
        ) from None
    if address.is_unspecified or address.is_multicast:
        raise ValueError(f"{host} is not one address: choose the one network the players are on.")
    if not colon:
        return str(address), DEFAULT_PORT
    return str(address), parse_port(port_text)


def parse_port(text: str) -> int:
    """A port the GM gives: 1 to 65535."""
    if not text.strip().isdigit():
        raise ValueError(f"“{text}” is not a port: give a number from 1 to {MAX_PORT}.")
    port = int(text)
    if not 1 <= port <= MAX_PORT:
        raise ValueError(f"The port is a number from 1 to {MAX_PORT}, not {port}.")
    return port
