# make serve   set up .venv from the pinned requirements, serve the site on http://127.0.0.1:8000
# make test    the whole check: a strict build of the site, lint (below), then pytest: snippet
#              outputs in both languages, page structure, the other tests, the browser tests
# make lint    ruff, actionlint and zizmor over the workflows, and a link check of the built site
# make outputs rewrite every output block on every page from real runs of the snippets
# make tables  regenerate docs/generated/ (the copy-semantics matrix) from real runs
# make bench   measure copy timings on this machine's CPU (about 3 minutes) and rewrite
#              docs/generated/timings-cpu.*; DEVICE=cuda for transfers on a GPU
# make notebooks regenerate docs/notebooks/: every chapter as a Jupyter notebook, executed
# make versions  a maintainer's command, not part of make test: run the CPU snippets and the
#              copy-semantics matrix with every torch release from 2.4 to the newest (each a
#              throw-away venv under ~/.cache/guide-versions, a CUDA wheel of about 5 GB; about
#              an hour), compare with the pinned torch, rewrite docs/generated/versions.*;
#              resumes after an interruption, FORCE=1 measures everything again

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
DEVICE ?= cpu
READY := $(VENV)/.requirements-installed
export NO_MKDOCS_2_WARNING := 1
export PYTHONDONTWRITEBYTECODE := 1

.PHONY: serve test build lint outputs tables bench notebooks versions clean

$(READY): requirements.txt
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
		|| { echo "Python 3.11 or newer is needed (found $$($(PYTHON) --version))"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

serve: $(READY)
	$(BIN)/mkdocs serve --dev-addr 127.0.0.1:8000

build: $(READY)
	$(BIN)/mkdocs build --strict

lint: build
	$(BIN)/ruff check snippets tests tools
	$(BIN)/ruff format --check tests tools
	$(BIN)/actionlint
	$(BIN)/zizmor --offline --persona=pedantic --quiet .github/workflows
	$(BIN)/python -m tools.linkcheck site

test: lint
	$(BIN)/python -m pytest

outputs: $(READY)
	$(BIN)/python -m tools.outputs

tables: $(READY)
	$(BIN)/python -m tools.semantics

bench: $(READY)
	$(BIN)/python -m tools.bench --device $(DEVICE)

notebooks: $(READY)
	$(BIN)/python -m tools.notebooks

versions: $(READY)
	$(BIN)/python -m tools.generate.versions $(if $(FORCE),--force)

clean:
	rm -rf site .pytest_cache
