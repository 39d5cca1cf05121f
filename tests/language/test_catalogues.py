"""The shipped catalogues: made from the code as it is, complete, compiled, consistent.

The template (.pot) holds every message the code marks (extracted here again with
Babel and compared); every shipped language translates each one (no empty, no fuzzy
entry), keeps its placeholders, uses the glossary's words for the game's terms, and
ships a .mo that is its .po compiled (so `make catalogues` was run after the last edit).
"""

from __future__ import annotations

import gettext
import io
import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

import desktop
from desktop.language import DOMAIN, LOCALE_DIR, language_codes

SHIPPED = tuple(code for code in language_codes() if code != "en")
ROOT = Path(desktop.__file__).resolve().parent.parent
# Where `make catalogues` looks (CATALOGUE_SOURCES of the Makefile) and with what marks.
SOURCES = (
    "desktop/language",
    "desktop/printing",
    "desktop/ui",
    "desktop/share",
    "desktop/views",
    "desktop/store",
    "desktop/app.py",
    "desktop/outputs.py",
)
KEYWORDS = {"gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "N_": None}
KEYWORDS |= {"tr": None, "ntr": (1, 2), "ptr": ((1, "c"), 2)}  # the window's marks
KEYWORDS |= {"t": None, "nt": (1, 2)}  # the player pages' scripts'
MAPPING = Path(desktop.__file__).resolve().parent / "language" / "babel.cfg"
PLACEHOLDER = re.compile(r"\{[a-z_]*\}|%[ds]")


def template() -> Catalog:
    with (LOCALE_DIR / f"{DOMAIN}.pot").open("rb") as file:
        return read_po(file)


def catalogue(code: str) -> Catalog:
    with (LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as file:
        return read_po(file, locale=code)


def messages(of: Catalog) -> list[Message]:
    return [message for message in of if message.id]


def _key(message: Message) -> tuple[object, str | None]:
    return (message.id, message.context)


def _extracted() -> set[tuple[object, str | None]]:
    found: set[tuple[object, str | None]] = set()
    for source in SOURCES:
        path = ROOT / source
        if path.is_file():
            with path.open("rb") as file:
                got = extract("python", file, keywords=KEYWORDS)
                found.update((_id(message), context) for _, message, _, context in got)
        else:
            with MAPPING.open(encoding="utf-8") as file:
                method_map, options_map = parse_mapping_cfg(file)
            for _, _, message, _, context in extract_from_dir(
                path, method_map=method_map, options_map=options_map, keywords=KEYWORDS
            ):
                found.add((_id(message), context))
    return found


def _id(message: str | tuple[str, ...]) -> object:
    if isinstance(message, tuple):
        return message if len(message) > 1 else message[0]
    return message


def test_the_template_holds_what_the_code_marks() -> None:
    # A string marked since the last `make catalogues` would print in English.
    assert {_key(message) for message in messages(template())} == _extracted()


@pytest.mark.parametrize("code", SHIPPED)
def test_every_message_is_translated(code: str) -> None:
    shipped = catalogue(code)
    missing = []
    for message in messages(template()):
        translated = shipped.get(message.id, message.context)
        strings = () if translated is None else translated.string
        forms = strings if isinstance(strings, tuple) else (strings,)
        if translated is None or translated.fuzzy or not all(forms):
            missing.append(message.id)
    assert missing == []
    # And nothing left over from strings the code no longer has.
    assert {_key(m) for m in messages(shipped)} == {_key(m) for m in messages(template())}


@pytest.mark.parametrize("code", SHIPPED)
def test_plurals_have_every_form_of_the_language(code: str) -> None:
    shipped = catalogue(code)
    for message in messages(shipped):
        if message.pluralizable:
            assert isinstance(message.string, tuple)
            assert len(message.string) == shipped.num_plurals, message.id


@pytest.mark.parametrize("code", SHIPPED)
def test_placeholders_are_kept(code: str) -> None:
    wrong = []
    for message in messages(catalogue(code)):
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = sorted(PLACEHOLDER.findall(ids[-1]))
        for string in strings:
            if sorted(PLACEHOLDER.findall(string)) != wanted:
                wrong.append((message.id, string))
    assert wrong == []


@pytest.mark.parametrize("code", SHIPPED)
def test_the_shipped_mo_is_the_po_compiled(code: str) -> None:
    buffer = io.BytesIO()
    write_mo(buffer, catalogue(code))
    buffer.seek(0)
    fresh = gettext.GNUTranslations(buffer)
    with (LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.mo").open("rb") as file:
        shipped = gettext.GNUTranslations(file)
    assert shipped._catalog == fresh._catalog  # type: ignore[attr-defined]
    assert shipped.plural(0) == fresh.plural(0) and shipped.plural(2) == fresh.plural(2)  # type: ignore[attr-defined]


# --------------------------------------------------------------------------- glossary


def glossary() -> dict[str, dict[str, list[str]]]:
    """English term -> language code -> its accepted forms, from GLOSSARY.md's table."""
    lines = (LOCALE_DIR / "GLOSSARY.md").read_text(encoding="utf-8").splitlines()
    rows = [line for line in lines if line.startswith("|")]
    header = [cell.strip() for cell in rows[0].strip("|").split("|")]
    names = {"English": "en", "Français": "fr", "Deutsch": "de", "Español": "es"}
    codes = [names[name] for name in header]
    terms: dict[str, dict[str, list[str]]] = {}
    for row in rows[2:]:
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        forms = {
            code: [form.strip() for form in cell.split("/")]
            for code, cell in zip(codes, cells, strict=True)
        }
        terms[forms["en"][0]] = forms
    return terms


def other_senses() -> list[tuple[str, str]]:
    """(term, words) of GLOSSARY.md's "Other senses": a message holding the words uses
    the term in another sense ("Hold the sheet up", not a faction's hold)."""
    lines = (LOCALE_DIR / "GLOSSARY.md").read_text(encoding="utf-8").splitlines()
    start = lines.index("## Other senses")
    cases = [line[2:].split(":", 1) for line in lines[start:] if line.startswith("- ")]
    return [(term.strip(), words.strip()) for term, words in cases]


def test_the_glossary_has_every_term_in_every_language() -> None:
    terms = glossary()
    for term in (
        "pool",
        "tray",
        "die",
        "depleted",
        "tuple",
        "clock",
        "hold",
        "tier",
        "heat",
        "coin",
        "downtime",
    ):
        assert term in terms
    for forms in terms.values():
        assert set(forms) == {"en", *SHIPPED} and all(all(f) for f in forms.values())


@pytest.mark.parametrize("code", SHIPPED)
def test_every_translation_uses_the_glossary_words(code: str) -> None:
    terms = glossary()
    senses = other_senses()
    astray = []
    for message in messages(catalogue(code)):
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for term, forms in terms.items():
            if any(term == other and words in ids[0] for other, words in senses):
                continue
            said = any(
                re.search(rf"\b{re.escape(form.casefold())}\b", ids[0].casefold())
                for form in forms["en"]
            )
            if not said:
                continue
            for string in strings:
                if not any(form.casefold() in string.casefold() for form in forms[code]):
                    astray.append((term, ids[0], string))
    assert astray == []


def test_every_other_sense_names_a_term_and_a_message() -> None:
    # A plural message's singular is where the check reads a term, so it counts here.
    ids = [m.id if isinstance(m.id, str) else m.id[0] for m in messages(template())]
    for term, words in other_senses():
        assert term in glossary()
        assert any(words in message for message in ids), words


def test_the_glossary_check_catches_a_stray_word() -> None:
    # The check itself: French "piscine" for pool would be refused.
    forms = glossary()["pool"]
    assert not any(form.casefold() in "dans la piscine" for form in forms["fr"])
    assert any(form.casefold() in "dans la réserve" for form in forms["fr"])
