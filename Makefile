# The card-game rules tutor: `make run`, `make test`, `make bench`. GNU make; recipes run in bash.
SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := run

PORT ?= 8866
LAB_PORT ?= 8888
VENV := .venv
BIN := $(VENV)/bin
# The stamp is newer than pyproject.toml once the install has succeeded for it, so editing the
# dependencies reinstalls and nothing else does.
STAMP := $(VENV)/.installed
CHROMIUM := /usr/bin/chromium
# Per test, generous: the first browser test also pays for starting Voilà. tests/test_binder.py,
# which builds a whole environment, raises its own limit with a marker.
PYTEST := $(BIN)/pytest --timeout=300
# make test runs three parts at once, each printing its output whole once all are done: the browser tests over the
# Voilà they share (and JupyterLab's and JupyterHub's, which missed a menu or a page beside another browser part), one
# at a time; beside them, one at a time, the browser tests that start servers of their own (the static site's, a
# classroom's pool) and, to even the two parts, the watchdog's and a whole table's; and at the lowest CPU priority
# (nice 19) the tests that need no browser, on this many workers (pytest-xdist, a test file kept whole on one worker
# so that its module fixtures are built once). The browser tests mostly wait on pages and kernels, so the two browser
# parts leave much of the two cores idle, which the third takes (docs/performance.md, "The suite").
WORKERS ?= 2
# Each part is stopped after PART_S seconds, so a test that hangs past pytest's own limit fails the suite with its
# part's output instead of holding CI to its deadline.
PART_S ?= 1200
PART := timeout --kill-after=30 $(PART_S)
BESIDE := tests/browser/test_catch_up.py tests/browser/test_hot_seat.py tests/browser/test_site.py tests/browser/test_classroom.py tests/browser/test_watchdog.py \
	tests/browser/test_tables.py

.PHONY: deps run lab classroom hub site test long lint format js rules golden messages bench fuzz pictures clean

# An editable install leaves out pyproject's data-files, so the Voilà template (share/) is linked by hand where a
# regular install puts it. The packages are installed by uv (itself from PyPI), which resolves the same versions as
# pip in a tenth of the time (4 s against 40 s on a fresh clone, whose `make test` must stay under 10 minutes); like
# pip with --no-compile, it leaves a module's bytecode to be written when the module is first imported.
TEMPLATE := share/jupyter/voila/templates/cardgame
$(STAMP): pyproject.toml
	test -x $(BIN)/python || python3 -m venv $(VENV)
	$(BIN)/python -m pip install --quiet uv==0.13.9
	$(BIN)/uv pip install --quiet --python $(BIN)/python -e '.[test,hub]'
	mkdir -p $(VENV)/$(dir $(TEMPLATE)) && ln -sfn $(CURDIR)/$(TEMPLATE) $(VENV)/$(TEMPLATE)
	touch $@

# From the npm registry at the versions package-lock.json pins (node_modules/ is git-ignored): esbuild, which
# bundles the widgets' modules (`make js`), axe-core, the accessibility engine the browser tests run on every page,
# configurable-http-proxy, JupyterHub's proxy for `make hub`, and for `make site` Pyodide and the widgets' front
# ends (@jupyter-widgets, anywidget, lumino). `make run` needs none of them. An npm already on PATH (nvm,
# nodesource) is used as it is; Debian's is installed only when there is none.
NPM := $(or $(shell command -v npm),/usr/bin/npm)
NODE_PACKAGES := node_modules/.package-lock.json
$(NPM):
	if [ "$$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi; \
	$$sudo apt-get -o DPkg::Lock::Timeout=600 update; \
	$$sudo env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y npm

$(NODE_PACKAGES): package.json package-lock.json | $(NPM)
	$(NPM) ci --no-audit --no-fund

deps: $(STAMP)

# The table service (tables/, docs/classroom.md), started beside Voilà by `make run` and `make classroom` and
# stopped with it: classmates' shared tables, kept in TABLES_DB. It prints the teacher's key that opens tables in
# the lobby (TEACHER_KEY chooses one; by default a new one each start) and the teacher's lobby link, which carries
# the key after its "#". The pages find it by TABLES_URL.
TABLES_PORT ?= 8877
TABLES_DB ?= tables.sqlite
TEACHER_KEY ?=
WITH_TABLES = $(BIN)/python -m tables --port $(TABLES_PORT) --db $(TABLES_DB) $(if $(TEACHER_KEY),--teacher-key $(TEACHER_KEY)) \
	--lobby http://127.0.0.1:$(PORT)/voila/render/lobby.ipynb & \
	tables=$$!; trap 'kill $$tables 2>/dev/null' EXIT; TABLES_URL=http://127.0.0.1:$(TABLES_PORT)

# Voilà reads ./voila.json (kernel culling, no tracebacks), so it must start from the repository root.
# It is given the folder, not one notebook, so the gallery can link to the other notebooks.
run: deps
	@echo "Gallery: http://127.0.0.1:$(PORT)/voila/render/index.ipynb (the teacher's lobby link follows)"
	$(WITH_TABLES) $(BIN)/voila notebooks --no-browser --Voila.ip=127.0.0.1 --port=$(PORT)

# JupyterLab on the repository, opening the gallery: to read, change and run the notebooks, and write lessons
# (notebooks/make_a_lesson.ipynb, docs/teachers.md). It starts in the root, like `make run`, so Voilà's preview
# and share links read voila.json; `make format` afterwards drops what JupyterLab wrote into the notebooks.
lab: deps
	$(BIN)/jupyter lab --ServerApp.ip=127.0.0.1 --port=$(LAB_PORT) --LabApp.default_url=/lab/tree/notebooks/index.ipynb \
		$$(if [ "$$(id -u)" -eq 0 ]; then echo --allow-root; fi)

# For a class: every notebook (gallery and game apps, found by Voilà itself, so new games are included) keeps
# POOL kernels started and its cells already run, so a learner's page comes up without waiting for Python.
# When the whole class opens one game at once, `make classroom GAME=napoletana SEATS=30` keeps SEATS kernels
# ready for that game (voila.json names the kernel manager, widgets/kernels.py, as for `make run`). A page is given
# only a kernel that ran its notebook to the end and answered that its page is whole; at most PREHEAT_AT_ONCE
# notebooks (by default one per core) run at a time, so none overruns Voilà's wait for its output. The terminal
# says "ready: 30 pages for napoletana" once the class's pool is; http://127.0.0.1:PORT/voila/pool says how many
# pages each notebook has ready. A used kernel is replaced REFILL_S seconds later, after the rush. A pooled kernel
# is never culled; a used one is, like in `make run`, its idle time counted from when it was handed out
# (widgets/kernels.py says why). Memory: about 81 MiB per preheated kernel, 59 MiB per kernel of `make run`
# (docs/performance.md). Preheating needs progressive rendering off, Voilà's default.
POOL ?= 2
GAME ?=
SEATS ?= 30
# The language the pool's pages are built in (it, fr; empty: English). Their apps are built ahead in the other
# languages too, so a page that asks for another (?lang=) shows those at once (widgets/language.py); its few words
# are written again. Not LANG: that is the locale's.
TUTOR_LANG ?=
REFILL_S ?= 30
PREHEAT_AT_ONCE ?=
comma := ,
POOLS = {"default": {"pool_size": $(POOL)}$(if $(GAME),$(comma) "$(GAME).ipynb": {"pool_size": $(SEATS)})}
classroom: deps
	@echo "Gallery: http://127.0.0.1:$(PORT)/voila/render/index.ipynb (kernel pools: $(POOLS))"
	$(WITH_TABLES) TUTOR_LANG=$(TUTOR_LANG) $(BIN)/voila notebooks --no-browser --Voila.ip=127.0.0.1 --port=$(PORT) \
		--VoilaConfiguration.preheat_kernel=True \
		'--VoilaKernelManager.kernel_pools_config=$(POOLS)' --VoilaKernelManager.fill_delay=$(REFILL_S) \
		$(if $(PREHEAT_AT_ONCE),--ClassroomKernelManager.preheat_at_once=$(PREHEAT_AT_ONCE))

# A real JupyterHub on 127.0.0.1:HUB_PORT for a demo of what a school server does: the school's configuration
# (deploy/jupyterhub_config.py) with a shared password and learners' servers as local processes
# (deploy/jupyterhub_demo_config.py, which says why it is not for a school). It prints the password.
HUB_PORT ?= 8000
hub: deps $(NODE_PACKAGES)
	HUB_PORT=$(HUB_PORT) $(BIN)/jupyterhub -f deploy/jupyterhub_demo_config.py

# The static site (docs/static.md): the gallery and every game as files any web server can serve (SITE, its start
# page index.html), the notebooks' Python running in the learner's browser (Pyodide, from npm at the version
# package-lock.json pins; the Python packages from PyPI at the versions this environment has). To look at it:
# python3 -m http.server --bind 127.0.0.1 --directory build/site 8000, then http://127.0.0.1:8000/.
SITE ?= build/site
site: deps $(NODE_PACKAGES)
	$(BIN)/python static_site/build.py --out $(SITE)

# The browser tests use Debian's Chromium; Playwright is only the driver.
$(CHROMIUM):
	if [ "$$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi; \
	$$sudo apt-get -o DPkg::Lock::Timeout=600 update; \
	$$sudo env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y chromium

test: deps $(NODE_PACKAGES) $(CHROMIUM)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	@others=$$(mktemp); beside=$$(mktemp); \
	$(PART) nice -n 19 $(PYTEST) -m "not long" -n $(WORKERS) --dist loadfile --ignore=tests/browser --nbval-lax \
		tests notebooks > $$others 2>&1 & others_pid=$$!; \
	$(PART) $(PYTEST) -m "not long" $(BESIDE) > $$beside 2>&1 & beside_pid=$$!; \
	browser=0; $(PART) $(PYTEST) -m "not long" $(BESIDE:%=--ignore=%) tests/browser || browser=$$?; \
	rest=0; wait $$others_pid || rest=$$?; wait $$beside_pid || rest=$$?; \
	cat $$beside $$others; rm -f $$beside $$others; \
	exit $$(( browser || rest ))

# The tests too long for make test's 10 minutes (marked long): whole games of Pattuglia, Senza Nome and Njet!
# clicked at a shared table, the impatient learner in four more games, and Senza Nome's whole table headless.
long: deps $(NODE_PACKAGES) $(CHROMIUM)
	$(BIN)/pytest --timeout=1200 -m long tests

lint: deps
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

# Also the notebooks' one committed form: no outputs, canonical metadata (tools/notebooks.py).
format: deps
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .
	$(BIN)/python tools/notebooks.py

# The ES modules anywidget loads (widgets/static/table.js, saves.js, gallery.js, landmark.js, projector.js), each
# bundled by esbuild from its module in widgets/js/ and the modules it imports (package.json, "build"). They are
# committed, so `make run` and Binder need no npm; tests/test_front_end.py fails when one is behind its sources.
js: $(NODE_PACKAGES)
	$(NPM) run --silent build

# Each game's rule book as docs/rules/<id>.md, from its rules.py (tests/test_docs.py fails when a page is behind).
rules: deps
	$(BIN)/python tools/rulebooks.py

# The sentences to translate (cardlib/locale/cardlib.pot) and each language's catalog brought up to date with them.
messages: deps
	$(BIN)/python tools/messages.py

# The golden playthroughs (tests/golden/<id>.json) recorded again from the bots: review the diff like code.
golden: deps
	$(BIN)/python tests/golden/playthroughs.py

# Each script prints one JSON object on stdout; the script's name goes to stderr. A script that fails (burst.py past
# its bounds) does not stop the others; make bench then fails at the end.
bench: deps $(NODE_PACKAGES) $(CHROMIUM)
	@failed=""; for script in benchmarks/*.py; do echo "# $$script" >&2; \
		$(BIN)/python "$$script" || failed="$$failed $$script"; done; \
	if [ -n "$$failed" ]; then echo "failed:$$failed" >&2; exit 1; fi

# The long pass of our fuzz of untrusted input (the short one is part of `make test`): mutated saves, junk moves,
# forged clicks and junk deck files for every game; prints one JSON object and fails if any outcome was unclean.
# FUZZ_ARGS picks other seeds and sizes (tests/fuzz/run.py --help); docs/fuzz.md gives the figures of a long run.
FUZZ_ARGS ?=
fuzz: deps
	@$(BIN)/python tests/fuzz/run.py $(FUZZ_ARGS)

# The gallery's pictures of each game's board, taken from the real apps in Voilà and Chromium.
pictures: deps $(CHROMIUM)
	$(BIN)/python docs/pictures.py

clean:
	rm -rf $(VENV) node_modules .pytest_cache .ruff_cache *.egg-info
