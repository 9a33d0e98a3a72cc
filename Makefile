# make run: set up .venv and start the server (SQLite, one process). make test: set up and run every test,
# with the test extra and the optional adapters' extras (PettingZoo, OpenSpiel) installed on top.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
CHROMIUM := /usr/bin/chromium

.PHONY: run test lint bench play chromium node postgresql haproxy cluster clean

# apt-get install, as root or through sudo
APT_INSTALL = if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(1); \
	  else sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(1); fi

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e .
	touch $@

# what the tests need on top: pytest, Playwright, the PostgreSQL driver, the adapters' frameworks
$(BIN)/.tested: $(BIN)/.installed
	$(BIN)/python -m pip install -q -e '.[test,pettingzoo,openspiel]'
	touch $@

run: $(BIN)/.installed
	$(BIN)/moontable serve

play: $(BIN)/.installed
	$(BIN)/moontable play courts --bot 1=ismcts

# Browser tests drive Debian's chromium; Playwright never downloads a browser of its own.
chromium:
	@test -x $(CHROMIUM) || { $(call APT_INSTALL,chromium); }

# The server tests run on SQLite and on PostgreSQL: a throwaway cluster of Debian's postgresql, started by
# the tests themselves (tests/pgcluster.py) on a private socket; the package's own service is not used.
postgresql:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null || { $(call APT_INSTALL,postgresql); }

# The cluster tests and `make cluster` put Debian's haproxy in front of several server processes.
haproxy:
	@command -v haproxy >/dev/null || test -x /usr/sbin/haproxy || { $(call APT_INSTALL,haproxy); }

# PostgreSQL, three `moontable serve --cluster` processes and haproxy, on 127.0.0.1:8300 (bench/cluster.py)
cluster: $(BIN)/.tested postgresql haproxy
	$(BIN)/python bench/cluster.py

# The page's own state keeping (web/frame/state.js, change.js) runs under node in the tests: Debian's nodejs.
node:
	@command -v node >/dev/null || { $(call APT_INSTALL,nodejs); }

test: $(BIN)/.tested chromium node postgresql haproxy
	$(BIN)/ruff check src tests bench examples
	$(BIN)/python -m pytest -q -n 2 --dist loadgroup --durations=20

bench: $(BIN)/.installed
	$(BIN)/moontable bench courts

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache test-artifacts
