"""Measure the package against the issue's two targets, both in one run on this machine.

    .venv/bin/python packaging/measure.py            # build both, then time start-up
    .venv/bin/python packaging/measure.py --reuse    # use an existing dist/gm-desk

Size: the GM Desk bundle against a baseline built the same way in the same run: a
PyInstaller one-folder build of a bare PySide6 window with seven docks, from the same
Python and PyInstaller with the same build settings (one folder, no UPX, stripped on
Linux, windowed), and PyInstaller's default collection for PySide6 -- no excludes,
every plugin and translation its hooks pick. Target: ratio <= 1.3 (the plots' numpy: see README.md).

Start-up: `gm-desk --smoke-test` frozen against `python -m desktop --smoke-test` from
source, on the same sample campaign in the same GM_DESK_HOME, alternating, after one
warm-up each; the median wall-clock time of each and their ratio. Target: <= 1.2.

Writes build/measure/result.json and prints a summary.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import gm_desk_bundle as bundle

ROOT = bundle.ROOT
OUT = ROOT / "build" / "measure"

BARE_WINDOW = '''\
"""A bare PySide6 window with seven docks: the size baseline for GM Desk's bundle."""

import sys

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QDockWidget, QLabel, QMainWindow

DOCKS = ("Roster", "SySCards", "Dice Table", "Energy Calendar", "Clocks",
         "Faction Ladder", "Roll Log")


def main() -> int:
    app = QApplication(sys.argv[:1])
    window = QMainWindow()
    window.setCentralWidget(QLabel("GM Desk baseline"))
    for name in DOCKS:
        dock = QDockWidget(name, window)
        dock.setObjectName(name)
        dock.setWidget(QLabel(name))
        window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
    window.show()
    if "--smoke-test" in sys.argv:
        QTimer.singleShot(0, app.quit)
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
'''

BARE_SPEC = """\
# The baseline: PyInstaller's defaults, with GM Desk's build settings.
import shutil
import sys

STRIP = sys.platform.startswith("linux") and shutil.which("strip") is not None
a = Analysis([{script!r}])
pyz = PYZ(a.pure)
exe = EXE(pyz, a.scripts, [], exclude_binaries=True, name="bare-window", console=False,
          strip=STRIP, upx=False)
coll = COLLECT(exe, a.binaries, a.datas, strip=STRIP, upx=False, name="bare-window")
"""


def build_baseline() -> tuple[Path, float]:
    source = OUT / "baseline"
    source.mkdir(parents=True, exist_ok=True)
    script = source / "bare_window.py"
    script.write_text(BARE_WINDOW, encoding="utf-8")
    spec = source / "bare-window.spec"
    spec.write_text(BARE_SPEC.format(script=str(script)), encoding="utf-8")
    started = time.perf_counter()
    subprocess.run(
        [
            sys.executable,
            "-m",
            "PyInstaller",
            "--noconfirm",
            "--log-level",
            "ERROR",
            "--distpath",
            str(OUT / "dist"),
            "--workpath",
            str(OUT / "work"),
            str(spec),
        ],
        check=True,
        cwd=source,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    return OUT / "dist" / "bare-window", time.perf_counter() - started


def build_gm_desk() -> tuple[Path, float]:
    started = time.perf_counter()
    bundle.run_pyinstaller(ROOT / "dist", ROOT / "build" / "pyinstaller", clean=False)
    return ROOT / "dist" / bundle.NAME, time.perf_counter() - started


def timed_run(command: list[str], home: Path) -> tuple[float, dict[str, object]]:
    env = {**os.environ, "GM_DESK_HOME": str(home), "QT_QPA_PLATFORM": "offscreen"}
    started = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    elapsed = time.perf_counter() - started
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({result.returncode}):\n{result.stderr}")
    return elapsed, json.loads(result.stdout.strip().splitlines()[-1])


def measure_startup(frozen: Path, runs: int) -> dict[str, object]:
    commands = {
        "frozen": [str(frozen), "--smoke-test"],
        "source": [sys.executable, "-m", "desktop", "--smoke-test"],
    }
    wall: dict[str, list[float]] = {name: [] for name in commands}
    reported: dict[str, list[float]] = {name: [] for name in commands}
    with tempfile.TemporaryDirectory(prefix="gm-desk-measure-") as temporary:
        home = Path(temporary)
        for command in commands.values():  # warm-up: makes the sample campaign, fills caches
            timed_run(command, home)
        for _ in range(runs):
            for name, command in commands.items():
                elapsed, report = timed_run(command, home)
                wall[name].append(elapsed)
                reported[name].append(float(report["total_s"]))  # type: ignore[arg-type]
    median = {name: statistics.median(times) for name, times in wall.items()}
    return {
        "runs": runs,
        "wall_s": {name: [round(t, 3) for t in times] for name, times in wall.items()},
        "median_wall_s": {name: round(value, 3) for name, value in median.items()},
        "median_reported_total_s": {
            name: round(statistics.median(times), 3) for name, times in reported.items()
        },
        "ratio": round(median["frozen"] / median["source"], 3),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reuse", action="store_true", help="measure the existing dist/gm-desk")
    parser.add_argument("--runs", type=int, default=9, help="timed start-ups of each (9)")
    args = parser.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)

    if args.reuse and (ROOT / "dist" / bundle.NAME).is_dir():
        app, app_build_s = ROOT / "dist" / bundle.NAME, None
    else:
        app, app_build_s = build_gm_desk()
    baseline, baseline_build_s = build_baseline()
    problems = bundle.check_bundle(app)
    app_size, baseline_size = bundle.folder_size(app), bundle.folder_size(baseline)
    executable = app / (f"{bundle.NAME}.exe" if sys.platform == "win32" else bundle.NAME)
    startup = measure_startup(executable, args.runs)
    result = {
        "version": bundle.version(),
        "platform": sys.platform,
        "python": sys.version.split()[0],
        "size_mib": {
            "gm_desk": round(app_size / 2**20, 1),
            "baseline": round(baseline_size / 2**20, 1),
        },
        "size_ratio": round(app_size / baseline_size, 3),
        "build_s": {
            "gm_desk": None if app_build_s is None else round(app_build_s, 1),
            "baseline": round(baseline_build_s, 1),
        },
        "startup": startup,
        "bundle_problems": problems,
    }
    (OUT / "result.json").write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    shutil.rmtree(OUT / "work", ignore_errors=True)
    sizes, wall = result["size_mib"], startup["median_wall_s"]
    print(
        f"size: GM Desk {sizes['gm_desk']} MiB, baseline (bare window, seven docks) "
        f"{sizes['baseline']} MiB: ratio {result['size_ratio']} (target <= 1.3)\n"
        f"start-up, median of {args.runs} (wall clock): frozen {wall['frozen']} s, "
        f"source {wall['source']} s: ratio {startup['ratio']} (target <= 1.2)\n"
        f"build: GM Desk {result['build_s']['gm_desk']} s, "
        f"baseline {result['build_s']['baseline']} s\n"
        f"written: {(OUT / 'result.json').relative_to(ROOT)}"
    )
    for problem in problems:
        print(f"measure.py: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
