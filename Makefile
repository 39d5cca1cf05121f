# The two set-up commands: `make run` and `make test`. Each creates .venv when missing.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: run test lint format bench schema catalogues package dist screenshot clean

$(BIN)/python:
	$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "GM Desk needs Python 3.11 or newer"'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Stamps re-run the install whenever pyproject.toml changes.
$(VENV)/.installed-run: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(VENV)/.installed-run

$(VENV)/.installed-package: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test,package]'
	touch $@ $(VENV)/.installed-test $(VENV)/.installed-run

run: $(VENV)/.installed-run
	$(BIN)/python -m desktop $(ARGS)

lint: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

format: $(VENV)/.installed-test
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

# The suite runs on two workers (pytest-xdist); every test has its own tmp_path and
# GM_DESK_HOME. `make test ARGS="-n 0"` runs it in one process.
test: lint
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q -n 2 $(ARGS)

bench: $(VENV)/.installed-test
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q tests/benchmarks --benchmark-enable --benchmark-only -p no:randomly -p no:xdist

package: $(VENV)/.installed-package
	$(BIN)/python packaging/build.py $(ARGS)

# The export's JSON Schema, from the pydantic models of desktop/store/exchange/models.py;
# tests/store/test_export_schema.py fails when the committed file and they drift apart.
schema: $(VENV)/.installed-test
	$(BIN)/python -c 'from desktop.store.exchange.models import SCHEMA_FILE, schema_text; \
		open("resources/" + SCHEMA_FILE, "w", encoding="utf-8").write(schema_text())'

# The translations (gettext): the strings marked in the code (tr.gettext, tr.ngettext,
# tr.pgettext, N_) extracted to the template, merged into each language's .po, and each
# compiled to the .mo that is committed and shipped. Babel is a development tool only.
LOCALE := desktop/language/locale
CATALOGUE_SOURCES := desktop/language desktop/printing desktop/ui desktop/share desktop/views desktop/store \
	desktop/app.py desktop/outputs.py
catalogues: $(VENV)/.installed-test
	$(BIN)/pybabel extract --no-location --sort-output --omit-header --width 100 \
		--keywords "gettext ngettext:1,2 pgettext:1c,2 N_ tr ntr:1,2 ptr:1c,2 t nt:1,2" \
		--mapping-file desktop/language/babel.cfg \
		--output-file $(LOCALE)/gm_desk.pot $(CATALOGUE_SOURCES)
	$(BIN)/pybabel update --no-fuzzy-matching --ignore-obsolete --width 100 --domain gm_desk \
		--input-file $(LOCALE)/gm_desk.pot --output-dir $(LOCALE)
	$(BIN)/pybabel compile --statistics --domain gm_desk --directory $(LOCALE)

# Linux: the archive (with install.sh) and the .deb, in dist/. dist/gm-desk is reused
# while it is newer than every source it is made from (gm_desk_bundle.build_is_fresh),
# so `make package` then `make dist` builds once. The Windows and macOS installers are
# made by .github/workflows/release.yml on those systems.
dist: $(VENV)/.installed-package
	$(BIN)/python packaging/build.py --if-stale --archive
	$(BIN)/python packaging/make_deb.py

# The README's screenshots, drawn by the app itself with fresh settings: the sample
# campaign in the Play workspace on a 1366 x 768 screen. tests/test_readme_screenshot.py
# fails when the committed picture and the window drift apart.
SCREENSHOT_ARGS := --workspace play --size 1366x768 --theme light
screenshot: $(VENV)/.installed-run
	rm -rf build/screenshot-home
	GM_DESK_HOME=build/screenshot-home $(BIN)/python -m desktop --smoke-test \
		$(SCREENSHOT_ARGS) --screenshot resources/screenshots/main-window.png
	$(BIN)/python -m tests.screenshots.statistics resources/screenshots/statistics.png

clean:
	rm -rf build dist .pytest_cache
