# Everyday commands. Needs only python3 (with venv) and make; everything else goes into .venv.
# The install stamps live inside .venv, so deleting .venv also forgets what was installed.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
VENV_STAMP := $(VENV)/.stamp-venv
PLAY_STAMP := $(VENV)/.stamp-play
TEST_STAMP := $(VENV)/.stamp-test
PIP := $(PY) -m pip --disable-pip-version-check
PYTEST_ARGS ?=

.DELETE_ON_ERROR:
.PHONY: venv play test lint clean distclean

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

$(TEST_STAMP): pyproject.toml $(VENV_STAMP)
	$(PIP) install -e '.[test]'
	@touch $@

play: $(PLAY_STAMP)
	$(PY) -m canasta

test: $(TEST_STAMP)
	$(PY) -m pytest $(PYTEST_ARGS)

# Runs all three checks, then fails if any of them failed.
lint: $(TEST_STAMP)
	@status=0; \
	$(BIN)/ruff check . || status=1; \
	$(BIN)/mypy || status=1; \
	$(BIN)/lint-imports --no-logo || status=1; \
	exit $$status

# Generated files and caches; the virtual environment stays (distclean removes it too).
clean:
	rm -rf dist build/*/ *.egg-info .pytest_cache .mypy_cache .ruff_cache .import_linter_cache .hypothesis
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -prune -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV)
