# make run: set up .venv and start the server (SQLite, one process). make test: set up and run every test.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
CHROMIUM := /usr/bin/chromium

.PHONY: run test lint bench play chromium clean

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $@

run: $(BIN)/.installed
	$(BIN)/moontable serve

play: $(BIN)/.installed
	$(BIN)/moontable play courts --bot 1=ismcts

# Browser tests drive Debian's chromium; Playwright never downloads a browser of its own.
chromium:
	@test -x $(CHROMIUM) || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	  else sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; fi; }

test: $(BIN)/.installed chromium
	$(BIN)/ruff check src tests bench
	$(BIN)/python -m pytest -q

bench: $(BIN)/.installed
	$(BIN)/moontable bench courts

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache test-artifacts
