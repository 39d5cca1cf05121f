"""The machine's IPv4 addresses by interface name, for the GM to choose the network the
players' phones are on (Wi-Fi, ethernet, a second adapter...)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from PySide6.QtNetwork import QAbstractSocket, QNetworkInterface

from desktop.language import N_
from desktop.ui.window_language import tr

LOOPBACK_LABEL: Final = N_("This computer only")


@dataclass(frozen=True)
class Address:
    label: str  # "Wi-Fi — 192.168.1.20", as the address picker shows it
    host: str
    loopback: bool


def machine_addresses() -> tuple[Address, ...]:
    """Every IPv4 address of an interface that is up and running; the loopback last
    (only this computer reaches it: for trying the page out)."""
    flags = QNetworkInterface.InterfaceFlag
    found: list[Address] = []
    for interface in QNetworkInterface.allInterfaces():
        state = interface.flags()
        if not (state & flags.IsUp and state & flags.IsRunning):
            continue
        loopback = bool(state & flags.IsLoopBack)
        for entry in interface.addressEntries():
            ip = entry.ip()
            if ip.protocol() != QAbstractSocket.NetworkLayerProtocol.IPv4Protocol:
                continue
            host = ip.toString()
            name = tr(LOOPBACK_LABEL) if loopback else interface.humanReadableName()
            found.append(Address(f"{name} — {host}", host, loopback))
    return tuple(sorted(found, key=lambda address: address.loopback))  # stable: LAN first


def loopback_address() -> Address:
    """The loopback, for a machine whose interfaces Qt cannot list."""
    return Address(f"{tr(LOOPBACK_LABEL)} — 127.0.0.1", "127.0.0.1", True)
