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
	# Byte-compiled once here, so the first `arbiter` command starts as fast as the later ones.
	$(BIN)/python -m compileall -q -j 0 src >/dev/null
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

# Translations (docs/languages.md): the .po files in src/arbiter/locales are the source, edited by
# translators (Poedit, Weblate). `make i18n` extracts every marked text and help text (babel.cfg)
# into the template arbiter.pot, then merges it into each language's .po, keeping every
# translation (a changed text keeps its old one, marked fuzzy; a removed one stays as #~). Nothing
# is compiled: arbiter.i18n reads the .po files at run time. The template is replaced only when
# more than its date changed, so an idle run leaves the tree as it was.
LOCALES := src/arbiter/locales
POT := $(LOCALES)/arbiter.pot
POT_HEADER := \# Translations template for arbiter.\n\# Translators: edit the .po files with Poedit or Weblate, then run make i18n\n\# (docs/languages.md).\n\#
i18n: install
	PYTHONPATH=. $(BIN)/pybabel -q extract -F babel.cfg -o $(POT).new --project=arbiter \
		--version=$$($(BIN)/python -c 'import arbiter; print(arbiter.__version__)') \
		--header-comment="$$(printf '$(POT_HEADER)')" --add-comments=TRANSLATORS: \
		--add-location=file --no-wrap .
	if [ -f $(POT) ] && diff -q -I '^"POT-Creation-Date: ' $(POT) $(POT).new >/dev/null; \
		then rm $(POT).new; else mv $(POT).new $(POT); fi
	$(BIN)/pybabel -q update -i $(POT) -d $(LOCALES) -D arbiter --no-wrap --previous \
		--ignore-pot-creation-date
