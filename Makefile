# `make run` and `make test` each create .venv if needed and install the project into it first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
C_SOURCES := $(wildcard src/arbiter/*/*.c src/arbiter/*/*.h src/arbiter/*/*/*.c src/arbiter/*/*/*.h)

.PHONY: install run test lint typecheck pytest bench clean i18n

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(BIN)/python pyproject.toml setup.py $(C_SOURCES)
	$(BIN)/python -m pip install -q --disable-pip-version-check -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

run: install
	$(BIN)/arbiter serve

lint: install
	$(BIN)/ruff check src tests bench tools
	$(BIN)/ruff format --check src tests bench tools

typecheck: install
	$(BIN)/mypy

pytest: install
	$(BIN)/pytest -q

test: lint typecheck pytest

bench: install
	$(BIN)/python bench/toguz_speed.py

clean:
	rm -rf $(VENV) build src/*.egg-info
	find src -name '*.so' -delete

# Translations: the table in tools/po_table.py holds every text in all five languages and writes
# the catalogues; tests/test_i18n.py names any marked text the table lacks (docs/languages.md).
i18n: install
	$(BIN)/python tools/po_table.py
