"""What a release rests on: one version, a Keep a Changelog CHANGELOG.md, the licence as
current setuptools wants it, and a release workflow whose files all exist."""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

from tests.packaging.conftest import load_packaging_module

ROOT = Path(__file__).resolve().parents[2]
WORKFLOWS = ROOT / ".github" / "workflows"
KINDS = {"Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"}


@pytest.fixture(scope="module")
def release_notes() -> ModuleType:
    return load_packaging_module("release_notes")


def pyproject() -> dict[str, object]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_licence_is_an_spdx_expression_with_its_file() -> None:
    project = pyproject()["project"]
    assert isinstance(project, dict)
    assert project["license"] == "MIT"
    assert project["license-files"] == ["LICENSE"]
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    # PEP 639: a licence expression and a licence classifier must not both be given.
    assert not [c for c in project.get("classifiers", []) if c.startswith("License ::")]
    requires = pyproject()["build-system"]["requires"]  # type: ignore[index]
    (setuptools,) = [item for item in requires if item.startswith("setuptools")]
    minimum = re.fullmatch(r"setuptools>=(\d+)(\.\d+)*", setuptools)
    assert minimum and int(minimum[1]) >= 77, "license-files needs setuptools 77"


def test_the_version_lives_in_one_place(bundle: ModuleType) -> None:
    from desktop import __version__

    project = pyproject()["project"]
    assert isinstance(project, dict)
    assert "version" not in project and "version" in project["dynamic"]
    assert pyproject()["tool"]["setuptools"]["dynamic"]["version"] == {  # type: ignore[index]
        "attr": "desktop.__version__"
    }
    assert re.fullmatch(r"\d+\.\d+\.\d+((a|b|rc)\d+)?", __version__)
    assert bundle.version() == __version__
    # No other file of the build spells the version out.
    for path in [*(ROOT / "packaging").glob("*.*"), *WORKFLOWS.glob("*.yml")]:
        assert f'"{__version__}"' not in path.read_text(encoding="utf-8"), path


def test_the_changelog_keeps_a_changelog(release_notes: ModuleType) -> None:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert text.startswith("# Changelog\n")
    assert "keepachangelog.com" in text
    sections = release_notes.sections(text)
    assert next(iter(sections)) == "Unreleased"
    for name, (date, body) in sections.items():
        assert name == "Unreleased" or (re.fullmatch(r"\d+\.\d+\.\d+\S*", name) and date)
        kinds = re.findall(r"^### (.+)$", body, flags=re.MULTILINE)
        assert kinds and set(kinds) <= KINDS, (name, kinds)
    headings = re.findall(r"^## (.+)$", text, flags=re.MULTILINE)
    assert len(headings) == len(sections), "a heading not in the [name] - date form"


SAMPLE = """\
# Changelog

## [Unreleased]

### Fixed

- Something after 1.1.0.

## [1.1.0] - 2027-02-01

### Added

- Clocks.

## [1.0.0] - 2027-01-01

### Added

- Everything.

[1.1.0]: https://example.org/compare/v1.0.0...v1.1.0
"""


def test_the_release_notes_are_the_versions_section(release_notes: ModuleType) -> None:
    notes = release_notes.notes(SAMPLE, "1.1.0", tag="v1.1.0", unreleased=False)
    assert notes == "### Added\n\n- Clocks.\n"
    assert "Everything" in release_notes.notes(SAMPLE, "1.0.0", tag=None, unreleased=False)
    assert "example.org" not in release_notes.notes(SAMPLE, "1.0.0", tag=None, unreleased=False)
    unreleased = release_notes.notes(SAMPLE, "1.1.0", tag=None, unreleased=True)
    assert unreleased == "### Fixed\n\n- Something after 1.1.0.\n"


@pytest.mark.parametrize(
    ("text", "version", "tag", "message"),
    [
        (SAMPLE, "1.1.0", "v1.2.0", "is not v1.1.0"),
        (SAMPLE, "1.2.0", "v1.2.0", "no section for 1.2.0"),
        (SAMPLE.replace("[1.1.0] - 2027-02-01", "[1.1.0]"), "1.1.0", "v1.1.0", "no date"),
    ],
)
def test_a_release_is_refused_before_it_is_built(
    release_notes: ModuleType, text: str, version: str, tag: str, message: str
) -> None:
    with pytest.raises(release_notes.ReleaseError, match=message):
        release_notes.notes(text, version, tag=tag, unreleased=False)


def test_the_command_says_why_it_refuses(
    release_notes: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    assert release_notes.main(["--tag", "v999.0.0"]) == 1
    assert "is not v" in capsys.readouterr().err
    assert release_notes.main(["--unreleased"]) == 0
    assert "### " in capsys.readouterr().out


def test_the_release_workflow_builds_every_system() -> None:
    text = (WORKFLOWS / "release.yml").read_text(encoding="utf-8")
    runners = set(re.findall(r"^\s+os: (\S+)$", text, flags=re.MULTILINE))
    assert runners == {"windows-2022", "macos-14", "macos-15-intel", "ubuntu-22.04"}
    assert re.search(r"^  push:\n    tags: \[\"v\*\"\]\n  workflow_dispatch:", text, re.M)
    for made in ("-setup.exe", "*.zip", "*.dmg", "*.tar.gz", "*.deb", "SHA256SUMS"):
        assert made in text, made


def test_every_file_the_workflows_use_exists() -> None:
    for workflow in WORKFLOWS.glob("*.yml"):
        text = workflow.read_text(encoding="utf-8")
        used = set(re.findall(r"packaging[/\\][\w.-]+\.(?:py|iss)", text))
        assert used or workflow.name == "ci.yml"
        for path in used:
            assert (ROOT / path.replace("\\", "/")).is_file(), f"{workflow.name}: {path}"


def test_a_build_older_than_any_source_is_built_again(bundle: ModuleType, tmp_path: Path) -> None:
    """`make dist` (build.py --if-stale) and the frozen-app tests judge a build by this."""
    (tmp_path / "desktop" / "ui").mkdir(parents=True)
    source = tmp_path / "desktop" / "ui" / "window.py"
    source.write_text("", encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text("", encoding="utf-8")
    cached = tmp_path / "desktop" / "__pycache__" / "window.pyc"
    cached.parent.mkdir()
    cached.write_text("", encoding="utf-8")
    folder = tmp_path / "dist" / "gm-desk"
    folder.mkdir(parents=True)
    assert not bundle.build_is_fresh(folder, tmp_path)  # no build at all
    executable = bundle.executable_of(folder)
    executable.write_text("", encoding="utf-8")
    for path, when in ((source, 1000), (tmp_path / "pyproject.toml", 1000), (executable, 2000)):
        os.utime(path, (when, when))
    os.utime(cached, (3000, 3000))  # byte code is no source
    assert bundle.build_is_fresh(folder, tmp_path)
    os.utime(tmp_path / "pyproject.toml", (2500, 2500))
    assert not bundle.build_is_fresh(folder, tmp_path)
    os.utime(executable, (2500, 2500))
    assert bundle.build_is_fresh(folder, tmp_path)
    os.utime(source, (2600, 2600))
    assert not bundle.build_is_fresh(folder, tmp_path)
