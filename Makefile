# make run: set up .venv and start the main job. make test: set up and run every test.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test lint bench clean

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $@

run: $(BIN)/.installed
	$(BIN)/moontable play courts --bot 1=random

test: $(BIN)/.installed
	$(BIN)/ruff check src tests bench
	$(BIN)/python -m pytest -q

bench: $(BIN)/.installed
	$(BIN)/moontable bench courts

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
