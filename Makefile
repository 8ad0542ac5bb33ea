# The card-game rules tutor: `make run`, `make test`, `make bench`. GNU make; recipes run in bash.
SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := run

PORT ?= 8866
VENV := .venv
BIN := $(VENV)/bin
# The stamp is newer than pyproject.toml once `pip install` has succeeded for it, so editing the
# dependencies reinstalls and nothing else does.
STAMP := $(VENV)/.installed
CHROMIUM := /usr/bin/chromium
# Per test, generous: the first browser test also pays for starting Voilà. tests/test_binder.py,
# which builds a whole environment, raises its own limit with a marker.
PYTEST := $(BIN)/pytest --timeout=300

.PHONY: deps run test lint format bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || python3 -m venv $(VENV)
	$(BIN)/python -m pip install -e '.[test]'
	touch $@

deps: $(STAMP)

# Voilà reads ./voila.json (kernel culling, no tracebacks), so it must start from the repository root.
# It is given the folder, not one notebook, so the gallery can link to the other notebooks.
run: deps
	@echo "Gallery: http://127.0.0.1:$(PORT)/voila/render/index.ipynb"
	$(BIN)/voila notebooks --no-browser --Voila.ip=127.0.0.1 --port=$(PORT)

# The browser tests use Debian's Chromium; Playwright is only the driver.
$(CHROMIUM):
	if [ "$$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi; \
	$$sudo apt-get -o DPkg::Lock::Timeout=600 update; \
	$$sudo env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y chromium

test: deps $(CHROMIUM)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(PYTEST)
	$(PYTEST) --nbval-lax notebooks

lint: deps
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: deps
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

# Each script prints one JSON object on stdout; the script's name goes to stderr.
bench: deps $(CHROMIUM)
	@for script in benchmarks/*.py; do echo "# $$script" >&2; $(BIN)/python "$$script"; done

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache *.egg-info
