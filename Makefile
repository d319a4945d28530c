# make serve   set up .venv from the pinned requirements, serve the site on http://127.0.0.1:8000
#              (ONLY=en or ONLY=zh: one language, for a faster rebuild after each edit)
# make test    the whole check: a strict build of the site, lint (below), then pytest: snippet
#              outputs in both languages, page structure, the other tests, the browser tests
# make check PAGE=layers   the loop of editing one chapter (seconds, not minutes): its snippet
#              outputs in both languages, its structure against its twin, its notebooks, and a
#              strict build of one language (ONLY=zh for the Chinese one; default English)
# make lint    ruff, actionlint and zizmor over the workflows, and a link check of the built site
# make outputs rewrite the output blocks of the pages from real runs of the snippets that changed
#              since the last run here (.cache/outputs.json), then the error and warning index
#              read from them (docs/generated/errors.*) and the versions page's counts and list of
#              pending snippets (docs/generated/versions.*, from its JSON); PAGE=clone: that
#              chapter's pages only (seconds); FORCE=1: every snippet run again
# make tables  regenerate docs/generated/ (the copy-semantics matrix) from real runs
# make rules   run every rule the site states over the boundary space (tools/rules/, tools/space/)
#              and write docs/generated/rules.json, which the pages' rule lines are built from
# make atlas   regenerate the operator atlas (docs/generated/atlas.*): every operator in PyTorch's
#              own catalogue run to see whether it copies or aliases its input (about a minute)
# make module-atlas regenerate the module atlas (docs/generated/module-atlas.*): every public call
#              on a module or optimizer, on each module kind, measured (about half a minute)
# make bench   measure copy timings on this machine's CPU (about 3 minutes) and rewrite
#              docs/generated/timings-cpu.*; DEVICE=cuda for transfers on a GPU
# make notebooks regenerate docs/notebooks/: each chapter as a Jupyter notebook, executed; the
#              chapters whose notebooks are stale (PAGE=clone: that chapter; FORCE=1: every one)
# make diagrams draw every ```mermaid block of docs/ as light and dark SVG files into
#              docs/generated/diagrams/ (vendored mermaid in Chromium, nothing fetched)
# make lock    re-pin requirements.in into requirements.txt, every package with its hashes
# make gpu-record  on a GPU machine (needs only python3 with torch and numpy, no .venv): record
#              the CUDA snippets, the CUDA matrix and transfer timings into OUT (default gpu-run/)
# make gpu-apply DIR=gpu-run   write such a record into the pages and docs/generated/; read the diff
# make versions  a maintainer's command, not part of make test: run what versions.json has no
#              result for (new or edited CPU snippets, the copy-semantics matrix or the operator
#              atlas when their code changed, everything with a release new to
#              tools/generate/torch-releases.txt) with every torch release from 2.0 (each in a
#              venv under ~/.cache/guide-versions, a CUDA wheel of a few GB, installed once and
#              kept), compare with the pinned torch, merge, rewrite docs/generated/versions.*;
#              resumes after an interruption, FORCE=1 measures everything again (about an hour).
#              The versions workflow runs the same step as a matrix, on pushes to main too.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
DEVICE ?= cpu
OUT ?= gpu-run
READY := $(VENV)/.requirements-installed
export NO_MKDOCS_2_WARNING := 1
export PYTHONDONTWRITEBYTECODE := 1

.PHONY: serve test check build lint static-lint outputs tables rules atlas module-atlas bench notebooks diagrams lock versions \
	gpu-record gpu-apply clean

$(READY): requirements.txt
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
		|| { echo "Python 3.11 or newer is needed (found $$($(PYTHON) --version))"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --require-hashes \
		-r requirements.txt
	$(BIN)/python -m pip check
	touch $@

serve: $(READY)
	GUIDE_ONLY_LANGUAGE=$(ONLY) $(BIN)/mkdocs serve --dev-addr 127.0.0.1:8000

build: $(READY)
	$(BIN)/mkdocs build --strict

lint: build static-lint
	$(BIN)/python -m tools.check.links site

static-lint: $(READY)
	$(BIN)/ruff check snippets tests tools
	$(BIN)/ruff format --check tests tools
	$(BIN)/actionlint
	$(BIN)/zizmor --offline --persona=pedantic --quiet .github/workflows

# The site is built once (site/): the link check reads it, and so do the tests that look at the
# built pages (GUIDE_BUILT_SITE), the browser tests and tests/test_site.py among them. It is built
# as the deploy build is, with a site_url (canonical links, the sitemap and the 404 pages depend on
# it): the docs workflow sets the real address, anywhere else a stand-in below a path, as GitHub
# project pages are. The build and then the link check run beside pytest (tools/check/suite.py):
# the build takes one core, and pytest has work that needs no site; a test that reads the site
# waits for the build. Two workers (pytest-xdist): the browser tests and the snippet checks run
# side by side.
test: export GUIDE_SITE_URL ?= https://example.org/guide/
test: static-lint
	$(BIN)/python -m tools.check.suite

check: $(READY)
	@test -n "$(PAGE)" || { echo "make check PAGE=<chapter>, e.g. make check PAGE=layers"; exit 2; }
	$(BIN)/python -m tools.check.page $(PAGE) $(if $(ONLY),--only $(ONLY))

outputs: $(READY)
	$(BIN)/python -m tools.generate.outputs $(PAGE) $(if $(FORCE),--force)
	$(BIN)/python -m tools.generate.versions_page
	$(BIN)/python -m tools.generate.errors --queries

tables: $(READY)
	$(BIN)/python -m tools.generate.semantics

rules: $(READY)
	$(BIN)/python -m tools.rules.run

atlas: $(READY)
	$(BIN)/python -m tools.generate.atlas

module-atlas: $(READY)
	$(BIN)/python -m tools.generate.module_atlas

bench: $(READY)
	$(BIN)/python -m tools.generate.bench --device $(DEVICE)

# The notebook pages show the notebooks' copies of the diagrams: redraw them with the notebooks.
notebooks: $(READY)
	$(BIN)/python -m tools.generate.notebooks $(PAGE) $(if $(FORCE),--force)
	$(BIN)/python -m tools.generate.diagrams $(if $(FORCE),,--if-needed)

diagrams: $(READY)
	$(BIN)/python -m tools.generate.diagrams

# pip-tools lives in its own throw-away environment: it is a maintainer's tool, not the site's.
lock:
	$(PYTHON) -m venv .venv-lock
	.venv-lock/bin/python -m pip install --quiet --disable-pip-version-check pip-tools==7.6.2
	sed -n '/^#/!q;p' requirements.txt > .venv-lock/header  # this file's own opening comment
	.venv-lock/bin/pip-compile --quiet --no-header --generate-hashes --allow-unsafe \
		--strip-extras --no-emit-index-url --no-emit-find-links --annotation-style=line \
		--output-file requirements.txt requirements.in
	cat .venv-lock/header requirements.txt > .venv-lock/requirements.txt
	mv .venv-lock/requirements.txt requirements.txt

# The GPU session (README: "A GPU session"). The recording needs no .venv: only python3 with
# torch and numpy on the GPU machine.
gpu-record:
	$(PYTHON) -m tools.generate.gpu_record --out $(OUT)

gpu-apply: $(READY)
	$(BIN)/python -m tools.generate.gpu_apply $(or $(DIR),$(OUT))

versions: $(READY)
	$(BIN)/python -m tools.generate.versions $(if $(FORCE),--force)

clean:
	rm -rf site .pytest_cache
