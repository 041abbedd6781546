# Lucid Insight: every command an operator or developer needs. `make help` lists them.
SHELL := /bin/bash
.DEFAULT_GOAL := help

BUN_VERSION := 1.4.5
# Bun from the PATH, else brought in from the npm registry (a machine with only Node 20+ can run everything).
BUN ?= $(shell command -v bun 2>/dev/null || echo $(CURDIR)/.tools/node_modules/.bin/bun)
# Compose v2 (`docker compose`): v1 (`docker-compose`) has no `up --wait`, so make up refuses it with a word.
COMPOSE ?= docker compose
# The secrets of the Compose stack, made once by make up (METRICS_TOKEN, APP_ENCRYPTION_KEY): it runs as production.
COMPOSE_SECRETS ?= .env.compose
VITEST_ARGS ?=
INSTALL_STAMP := node_modules/.make-install-stamp

.PHONY: help bun install build up compose-secrets down logs dev start test test-unit test-integration test-e2e lint knip api-routes format typecheck migrate seed backup restore admin reset-two-factor email-argument prometheus-rule bench reconcile clean

help: ## List the commands
	@grep -E '^[a-z0-9-]+:.*## ' $(MAKEFILE_LIST) | awk 'BEGIN {FS = ":.*## "}; {printf "  make %-18s %s\n", $$1, $$2}'

$(CURDIR)/.tools/node_modules/.bin/bun:
	@echo "Bun not found: installing bun@$(BUN_VERSION) from the npm registry into .tools/"
	npm install --prefix .tools --no-audit --no-fund --loglevel=error bun@$(BUN_VERSION)

bun: $(if $(filter $(CURDIR)/.tools/%,$(BUN)),$(BUN))

install: $(INSTALL_STAMP) ## Install the locked dependencies

# Installed again only when a manifest or the lock file changed since the last install: operator commands (make seed,
# make admin, ...) do not pay for an install each time.
WORKSPACES := contracts db platform backend workers frontend e2e testing tools/lint
$(INSTALL_STAMP): package.json bun.lock $(WORKSPACES:%=%/package.json) | bun
	$(BUN) install --frozen-lockfile
	@touch $@

# Skipped when the build's inputs hash (by content) to what frontend/dist was built from (scripts/build-frontend.ts).
build: install ## Build the SPA into frontend/dist (skipped when its inputs are unchanged; FORCE=1 builds anyway)
	@$(BUN) scripts/build-frontend.ts

up: ## Run the whole product in Docker (PostgreSQL, Redis, mail catcher, migrations, API + SPA, workers)
	@docker info >/dev/null 2>&1 || { echo "make up needs a running Docker engine and found none (docker info failed); without Docker: cp .env.example .env, then make start (PostgreSQL and Redis on this machine)" >&2; exit 1; }
	@$(COMPOSE) version >/dev/null 2>&1 || { echo "make up needs Docker Compose v2 (docker compose version failed); Compose v1 (docker-compose) cannot wait for the services to be healthy: install the compose plugin" >&2; exit 1; }
	@$(MAKE) --no-print-directory compose-secrets
	$(COMPOSE) up --build --detach --wait
	@echo ""
	@echo "  Site and API      http://localhost:3000"
	@echo "  API documentation http://localhost:3000/api/docs"
	@echo "  Mail inbox        http://localhost:8025"
	@echo "  Health            http://localhost:3000/healthz  http://localhost:3000/readyz"
	@echo ""
	@echo "  First administrator: $(COMPOSE) exec api bun run cli create-admin --email you@example.com  (asks for the password)"
	@echo "  Sample dashboards:   $(COMPOSE) exec api bun db/src/seed.ts"

# Made once, readable by its owner only, never overwritten (the encryption key must stay the same for the sealed
# secrets to open). Only the shell's own tools: make up needs nothing but Docker.
compose-secrets: ## Make .env.compose (the Compose stack's METRICS_TOKEN and APP_ENCRYPTION_KEY) when it is missing
	@if [ ! -f "$(COMPOSE_SECRETS)" ]; then \
	  umask 077; \
	  { echo "# Secrets of the Docker Compose stack (make up), made once: keep this file, and the key with it."; \
	    echo "METRICS_TOKEN=$$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')"; \
	    echo "APP_ENCRYPTION_KEY=$$(head -c 32 /dev/urandom | base64 | tr -d '\n')"; } > "$(COMPOSE_SECRETS)" && \
	  echo "Wrote $(COMPOSE_SECRETS) (METRICS_TOKEN, APP_ENCRYPTION_KEY): keep it with your backups"; \
	fi

down: ## Stop the Docker stack (data volumes are kept)
	$(COMPOSE) down

logs: ## Follow the logs of the Docker stack
	$(COMPOSE) logs --follow --tail=100

dev: migrate ## API, workers and the Vite dev server with hot reload, against local PostgreSQL and Redis (.env)
	$(BUN) scripts/start.ts --dev

start: build migrate ## Without Docker: build the SPA, migrate, run the API (serving the SPA), the workers (and a mail catcher)
	$(BUN) scripts/start.ts

migrate: install ## Create the database if it is missing, then apply the migrations (DATABASE_URL)
	@$(BUN) scripts/ensure-database.ts
	$(BUN) db/src/migrate.ts

seed: migrate ## Load the sample dashboards and the demo organization
	$(BUN) db/src/seed.ts

backup: install ## Back up the database (DATABASE_URL) with pg_dump into BACKUP_FILE or backups/lucid-<time>.dump
	@$(BUN) db/src/backup.ts backup "$(BACKUP_FILE)"

restore: install ## Restore a backup into the database (DATABASE_URL), replacing its tables: make restore FILE=backups/x.dump (stop the API and workers first)
	@$(BUN) db/src/backup.ts restore "$(FILE)"

# Each command of the CLI (backend/src/cli.ts) has its target here, run with $(BUN): no Bun on the PATH needed.
# (USAGE, set per target, is what email-argument prints: a target's variables hold for its prerequisites.)
admin: USAGE = make admin EMAIL=you@example.com  (the password is asked for, or read from standard input)
admin: email-argument migrate ## Create an administrator: make admin EMAIL=you@example.com (asks for the password, or reads stdin)
	@$(BUN) backend/src/cli.ts create-admin --email "$$EMAIL"

reset-two-factor: USAGE = make reset-two-factor EMAIL=person@example.com
reset-two-factor: email-argument migrate ## Turn two-factor sign-in off for a locked-out person: make reset-two-factor EMAIL=person@example.com
	@$(BUN) backend/src/cli.ts reset-two-factor --email "$$EMAIL"

reconcile: install ## After a Redis failover that lost writes: queue again unprocessed events and missing booking reminders (workers' env)
	@$(BUN) workers/src/reconcile-cli.ts

# EMAIL from the make command line only (many shells export an unrelated EMAIL), checked before anything else runs.
email-argument:
	@if [ "$(origin EMAIL)" != "command line" ] || [ -z "$$EMAIL" ]; then echo "Usage: $(USAGE)" >&2; exit 2; fi

test: build ## Every test: unit, integration (PostgreSQL, Redis) and browser (Chromium)
	$(BUN) --bun vitest run $(VITEST_ARGS)

test-unit: install ## Unit tests only
	$(BUN) --bun vitest run --project unit $(VITEST_ARGS)

test-integration: install ## Integration tests only
	$(BUN) --bun vitest run --project integration $(VITEST_ARGS)

test-e2e: build ## Browser tests only
	$(BUN) --bun vitest run --project e2e $(VITEST_ARGS)

# Folders whose imports dependency-cruiser checks (tools/lint/dependency-cruiser.cjs, decision 028).
CRUISE_DIRS := $(wildcard contracts db platform backend workers frontend/src testing e2e scripts bench)
# The server side's folders, whose graph must have no cycle (tools/lint/module-graph.cjs, issue 27).
MODULE_DIRS := $(wildcard contracts db platform backend workers)

lint: install ## Biome, import cycles and boundaries (dependency-cruiser), long files, copied code (jscpd), unused code (knip)
	$(BUN) x biome check .
	node --import ./tools/lint/typescript-5.mjs node_modules/dependency-cruiser/bin/dependency-cruise.mjs \
	  --config tools/lint/dependency-cruiser.cjs $(CRUISE_DIRS)
	node --import ./tools/lint/typescript-5.mjs node_modules/dependency-cruiser/bin/dependency-cruise.mjs \
	  --config tools/lint/module-graph.cjs $(MODULE_DIRS)
	$(BUN) tools/lint/long-files.ts
	$(BUN) tools/lint/copies.ts
	@$(MAKE) --no-print-directory knip

api-routes: install ## Write contracts/src/api/routes.gen.ts (the browser's answer types) from the API's routes
	$(BUN) scripts/api-routes.ts

knip: install ## Unused files, exports and dependencies (knip.jsonc); also part of make lint
	node node_modules/knip/bin/knip.js --no-progress

format: install ## Biome: fix formatting and safe lint issues
	$(BUN) x biome check --write .

typecheck: install ## TypeScript, strict, over every workspace
	$(BUN) x tsc -p tsconfig.json --noEmit

prometheus-rule: install ## Write the Prometheus Operator's PrometheusRule from deploy/monitoring/prometheus/alerts.yaml
	$(BUN) scripts/prometheus-rule.ts

bench: install ## Performance benchmarks, each as a ratio against a baseline measured in the same run
	$(BUN) bench/run.ts

clean: ## Remove build output and installed tools
	rm -rf frontend/dist .tools node_modules
