# Everyday commands. Needs only python3 (with venv) and make; everything else goes into .venv.
# The install stamps live inside .venv, so deleting .venv also forgets what was installed.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
VENV_STAMP := $(VENV)/.stamp-venv
PLAY_STAMP := $(VENV)/.stamp-play
TEST_STAMP := $(VENV)/.stamp-test
BUILD_STAMP := $(VENV)/.stamp-build
PIP := $(PY) -m pip --disable-pip-version-check
PYTEST_ARGS ?=

.DELETE_ON_ERROR:
.PHONY: venv play test lint dist compiled icons screenshots translations clean distclean

venv: $(VENV_STAMP)

# A .venv without a working pip (say, left by an interrupted run) is made anew.
$(VENV_STAMP):
	@if ! $(PY) -m pip --version >/dev/null 2>&1; then \
		echo "Creating $(VENV) with $(PYTHON)"; \
		rm -rf $(VENV) && $(PYTHON) -m venv $(VENV); \
	fi
	$(PIP) install --upgrade pip
	@touch $@

# Reinstall only when pyproject.toml changes.
$(PLAY_STAMP): pyproject.toml $(VENV_STAMP)
	$(PIP) install -e .
	@touch $@

# The test tools and the build extra: the suite builds the desktop app too (tests marked `build`).
$(TEST_STAMP): pyproject.toml $(VENV_STAMP)
	$(PIP) install -e '.[test,build]'
	@touch $@

$(BUILD_STAMP): pyproject.toml $(VENV_STAMP)
	$(PIP) install -e '.[build]'
	@touch $@

play: $(PLAY_STAMP)
	$(PY) -m canasta

test: $(TEST_STAMP)
	$(PY) -m pytest $(PYTEST_ARGS)

# The desktop app for this system, zipped into dist/, with the engine compiled in place first where a C compiler
# is there (build/build.py says more; make clean takes the compiled engine away again).
dist: $(BUILD_STAMP)
	$(PY) build/build.py --compile if-possible

# The engine compiled with mypyc into C extensions beside its .py files, which Python then imports instead (needs
# a C compiler; build/compile.py says more). Rebuild after changing the engine; `make clean` goes back to pure.
COMPILE_JOBS ?= 1
compiled: $(TEST_STAMP)
	$(PY) build/compile.py --jobs $(COMPILE_JOBS)

# Redraw the app's icons from the card art (commit the results).
icons: $(PLAY_STAMP)
	$(PY) build/make_icons.py

# Redraw the table's screenshots in docs/screenshots (the README shows them; commit the results).
screenshots: $(PLAY_STAMP)
	$(PY) build/make_screenshots.py

# The translations, with Babel (a test tool): extract the marked texts of canasta/ into the template (rewritten
# only when more than its date changed), bring each language's catalogue up to date with it (new texts
# untranslated, texts gone dropped), compile each catalogue to the .mo the game reads. Translate the new texts
# in canasta/locale/<language>/LC_MESSAGES/canasta.po, run it again, and commit the .pot, .po and .mo.
LOCALE := canasta/locale
POT := $(LOCALE)/canasta.pot
translations: $(TEST_STAMP)
	$(BIN)/pybabel extract --mapping-file $(LOCALE)/babel.cfg --add-location file --no-wrap --project Canasta \
		--version $$($(PY) -c 'import canasta; print(canasta.__version__)') \
		--header-comment '# Texts of the Canasta game to translate (make translations extracts them).' \
		--output-file $(POT).new canasta
	@if diff -q -I '^"POT-Creation-Date: ' $(POT) $(POT).new >/dev/null 2>&1; then rm $(POT).new; \
	else mv $(POT).new $(POT); fi
	$(BIN)/pybabel update --input-file $(POT) --output-dir $(LOCALE) --domain canasta --no-wrap \
		--no-fuzzy-matching --ignore-obsolete --ignore-pot-creation-date
	$(BIN)/pybabel compile --directory $(LOCALE) --domain canasta --statistics

# Runs all three checks, then fails if any of them failed.
lint: $(TEST_STAMP)
	@status=0; \
	$(BIN)/ruff check . || status=1; \
	$(BIN)/mypy || status=1; \
	$(BIN)/lint-imports --no-logo || status=1; \
	exit $$status

# Generated files and caches, the compiled engine too; the virtual environment stays (distclean removes it too).
# Every folder under build/ is a work folder (PyInstaller's, setuptools') except the committed icons.
clean:
	rm -rf dist $(filter-out build/icons/,$(wildcard build/*/)) *.egg-info .pytest_cache .mypy_cache .ruff_cache .import_linter_cache .hypothesis
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -prune -exec rm -rf {} +
	find canasta \( -name '*.so' -o -name '*.pyd' \) -type f -delete
	rm -f canasta_engine__mypyc.*

distclean: clean
	rm -rf $(VENV)
