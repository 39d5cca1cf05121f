"""The release notes of this version, from CHANGELOG.md; and the checks before a release.

    python packaging/release_notes.py --tag v0.1.0 > notes.md   # a tagged release
    python packaging/release_notes.py --unreleased > notes.md   # a build by hand

Fails (exit 1, a plain message) when the tag is not `v` + `desktop.__version__`, or
when CHANGELOG.md has no dated section `## [VERSION] - YYYY-MM-DD` for the version: the
release workflow runs it first, so a release never ships with the wrong version number
or without its notes. With --unreleased, the `## [Unreleased]` section is taken instead.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import gm_desk_bundle as bundle

CHANGELOG = bundle.ROOT / "CHANGELOG.md"
HEADING = re.compile(r"^## \[(?P<name>[^\]]+)\](?: - (?P<date>\d{4}-\d{2}-\d{2}))?\s*$")


class ReleaseError(Exception):
    pass


def sections(text: str) -> dict[str, tuple[str | None, str]]:
    """Each `## [name] - date` section: name -> (date or None, body without heading)."""
    found: dict[str, tuple[str | None, str]] = {}
    name: str | None = None
    date: str | None = None
    lines: list[str] = []
    for line in [*text.splitlines(), "## [end]"]:
        match = HEADING.match(line)
        if match is None:
            if name is not None and not re.match(r"^\[[^\]]+\]: ", line):
                lines.append(line)
            continue
        if name is not None:
            found[name] = (date, "\n".join(lines).strip() + "\n")
        name, date, lines = match["name"], match["date"], []
    return found


def notes(text: str, version: str, *, tag: str | None, unreleased: bool) -> str:
    if tag is not None and tag != f"v{version}":
        raise ReleaseError(f"the tag {tag} is not v{version}, the version in desktop/__init__.py")
    found = sections(text)
    if unreleased:
        if "Unreleased" not in found:
            raise ReleaseError("CHANGELOG.md has no [Unreleased] section")
        return found["Unreleased"][1]
    if version not in found:
        raise ReleaseError(
            f"CHANGELOG.md has no section for {version}: rename [Unreleased] to "
            f"[{version}] - YYYY-MM-DD (and start a new [Unreleased]) before tagging"
        )
    date, body = found[version]
    if date is None:
        raise ReleaseError(f"CHANGELOG.md's section for {version} has no date")
    return body


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    choice = parser.add_mutually_exclusive_group(required=True)
    choice.add_argument("--tag", help="the git tag being released, e.g. v0.1.0")
    choice.add_argument("--unreleased", action="store_true", help="a build by hand")
    parser.add_argument("--changelog", type=Path, default=CHANGELOG)
    args = parser.parse_args(argv)
    try:
        text = args.changelog.read_text(encoding="utf-8")
        print(notes(text, bundle.version(), tag=args.tag, unreleased=args.unreleased), end="")
    except (OSError, ReleaseError) as error:
        print(f"release_notes.py: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
