"""Run under `dbus-run-session`: an X server (Xvfb), the AT-SPI bus, GM Desk on them,
and the system python's reader (`atspi_reader.py`) finding controls by their names.

`python atspi_session.py HOME WORKSPACE TIMEOUT PRESS NAME...` prints the reader's JSON line;
on a start that failed, a JSON object with "error". Everything it started is stopped.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
BUS_LAUNCHER = "/usr/libexec/at-spi-bus-launcher"
SYSTEM_PYTHON = "/usr/bin/python3"


def start_xvfb() -> tuple[subprocess.Popen[bytes], str]:
    """Xvfb on a free display, which it tells through a pipe once it is ready."""
    read, write = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    if not number:
        server.kill()
        raise RuntimeError("Xvfb did not start")
    return server, f":{number}"


def bus_ready(env: dict[str, str], timeout: float = 20.0) -> None:
    """Wait for the launcher to answer on the session bus: an app started before would
    find no accessibility bus and never show its tree (a busy machine takes seconds)."""
    deadline = time.monotonic() + timeout
    ask = [
        "dbus-send", "--session", "--print-reply", "--dest=org.a11y.Bus",
        "/org/a11y/bus", "org.a11y.Bus.GetAddress",
    ]  # fmt: skip
    while time.monotonic() < deadline:
        if subprocess.run(ask, env=env, capture_output=True, check=False).returncode == 0:
            return
        time.sleep(0.2)
    raise RuntimeError("the AT-SPI bus did not start")


def stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def main(argv: list[str]) -> int:
    home, workspace, timeout, press, wanted = Path(argv[1]), argv[2], argv[3], argv[4], argv[5:]
    started: list[subprocess.Popen[bytes]] = []
    try:
        server, display = start_xvfb()
        started.append(server)
        env = {**os.environ, "DISPLAY": display}
        started.append(subprocess.Popen([BUS_LAUNCHER, "--launch-immediately"], env=env))
        bus_ready(env)
        app_env = {
            **env,
            "HOME": str(home),
            "XDG_CONFIG_HOME": str(home / "config"),
            "XDG_DATA_HOME": str(home / "data"),
            "XDG_CACHE_HOME": str(home / "cache"),
            "PYTHONPATH": str(ROOT),
            "QT_QPA_PLATFORM": "xcb",
            "QT_LINUX_ACCESSIBILITY_ALWAYS_ON": "1",
        }
        # Its messages go to a file: a pipe nobody reads while it runs could fill and
        # stop it.
        log = home / "gm-desk.stderr"
        with log.open("wb") as errors:
            app = subprocess.Popen(
                [sys.executable, "-m", "desktop", "--workspace", workspace],
                env=app_env,
                cwd=ROOT,
                stdout=subprocess.DEVNULL,
                stderr=errors,
            )
        started.append(app)
        reader = subprocess.run(
            [SYSTEM_PYTHON, str(HERE / "atspi_reader.py"), str(app.pid), timeout, press, *wanted],
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        if app.poll() is not None:
            error = log.read_text(errors="replace")[-2000:]
            print(json.dumps({"error": f"GM Desk stopped ({app.returncode}): {error}"}))
            return 0
        print(reader.stdout.strip() or json.dumps({"error": reader.stderr[-2000:]}))
        return 0
    finally:
        for process in reversed(started):
            stop(process)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
