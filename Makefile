# twinmem — the two commands: `make run` and `make test`. Each sets itself up on a fresh clone.
PYTHON ?= python3.11
VENV := .venv
PY := $(VENV)/bin/python
SAM_VENV := .tools/sam
SAM := $(SAM_VENV)/bin/sam
SAM_VERSION := 1.170.0
STAMP := $(VENV)/.installed
CLIENT := clients/python
PORT ?= 3000

.PHONY: run test unit lint types eval bench soak build validate clean openapi client-models browser reference

$(STAMP): pyproject.toml $(CLIENT)/pyproject.toml
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "needs $(PYTHON) on PATH (or PYTHON=...)"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev]' -e '$(CLIENT)[dev]'
	touch $(STAMP)

$(SAM): 
	$(PYTHON) -m venv $(SAM_VENV)
	$(SAM_VENV)/bin/pip install --quiet --disable-pip-version-check aws-sam-cli==$(SAM_VERSION)

## make run: the API at http://127.0.0.1:$(PORT) over an embedded DynamoDB (moto), stream pumped to extraction
## (the first start creates .venv and installs the pinned dependencies: about a minute and a half, once)
run:
	@if [ ! -f $(STAMP) ] || [ pyproject.toml -nt $(STAMP) ]; then \
	  echo "make run: installing the pinned dependencies into $(VENV) (first start only: about a minute and a half) …"; fi
	@$(MAKE) -s --no-print-directory $(STAMP)
	@echo "make run: starting the server on port $(PORT) (Ctrl-C stops it) …"
	@PORT=$(PORT) $(PY) -m infra.local.server

## make test: lint, types, and the whole suite (unit, integration, end-to-end, template checks)
test: $(STAMP) $(SAM)
	$(VENV)/bin/ruff check functions infra tests bench clients examples
	$(VENV)/bin/ruff format --check functions infra tests bench clients examples
	$(VENV)/bin/mypy
	cd $(CLIENT) && ../../$(VENV)/bin/mypy
	SAM_CLI=$(SAM) SAM_CLI_TELEMETRY=0 $(PY) -m pytest

unit: $(STAMP)
	$(PY) -m pytest tests/unit

lint: $(STAMP)
	$(VENV)/bin/ruff check functions infra tests bench clients examples
	$(VENV)/bin/ruff format --check functions infra tests bench clients examples

types: $(STAMP)
	$(VENV)/bin/mypy
	cd $(CLIENT) && ../../$(VENV)/bin/mypy

## make build: sam build, then precompile the package's bytecode (Lambda cannot cache it at run time)
build: $(STAMP) $(SAM)
	SAM_CLI_TELEMETRY=0 $(SAM) build --template template.yaml
	$(PY) -m infra.package .aws-sam/build

validate: $(STAMP) $(SAM)
	SAM_CLI_TELEMETRY=0 $(SAM) validate --lint --template template.yaml --region us-east-1

## make eval: retrieve vs plain BM25, knowledge updates (held-out half, the figure that counts, and dev),
## and extraction precision/recall on tests/data; figures in bench/results/ (docs/EVALUATION.md)
EVAL_ARGS ?= --half both
eval: $(STAMP)
	PYTHONPATH=functions:. $(PY) -m bench.eval_memory $(EVAL_ARGS)

## make soak: 5 minutes of mixed calls from 4 processes against the local server, invariants checked at the end
## (the suite runs the same soak for 60 s); figures in docs/RELIABILITY.md
SOAK_SECONDS ?= 300
soak: $(STAMP)
	SOAK_SECONDS=$(SOAK_SECONDS) $(PY) -m pytest -s -p no:cacheprovider tests/e2e/test_soak.py

## make bench: cold start, per-call cost, latency, throughput (a few minutes on 2 cores)
bench: $(STAMP)
	PYTHONPATH=functions:. $(PY) -m bench.run

clean:
	rm -rf $(VENV) .tools .pytest_cache .mypy_cache .ruff_cache .aws-sam

## make openapi: regenerate docs/openapi.json from the handlers (a test checks it is current)
openapi: $(STAMP)
	PYTHONPATH=functions:. $(PY) -m infra.openapi > docs/openapi.json
	$(PY) $(CLIENT)/tools/generate_models.py
	$(PY) tools/generate_reference.py

## make client-models: regenerate the client's models (clients/python) from docs/openapi.json (a test checks them)
client-models: $(STAMP)
	$(PY) $(CLIENT)/tools/generate_models.py

## make reference: regenerate docs/reference.md from docs/openapi.json (a test checks it is current)
reference: $(STAMP)
	$(PY) tools/generate_reference.py

## make browser: headless Chromium and its driver from Debian, for the inspector's browser test (.ci/run runs it;
## needs root and apt-get; without them the test is skipped, saying why, except under CI where it fails)
browser:
	@if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  echo "make browser: installing chromium and chromium-driver (Debian) …"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
	    chromium chromium-driver fonts-liberation >/dev/null; \
	else echo "make browser: chromium/chromedriver missing; install them (apt-get install chromium chromium-driver)"; fi
