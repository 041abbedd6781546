# Lucid Insight: every command an operator or developer needs. `make help` lists them.
SHELL := /bin/bash
.DEFAULT_GOAL := help

BUN_VERSION := 1.4.5
# Bun from the PATH, else brought in from the npm registry (a machine with only Node 20+ can run everything).
BUN ?= $(shell command -v bun 2>/dev/null || echo $(CURDIR)/.tools/node_modules/.bin/bun)
COMPOSE ?= $(shell docker compose version >/dev/null 2>&1 && echo "docker compose" || echo docker-compose)
VITEST_ARGS ?=

.PHONY: help bun install build up down logs dev start test test-unit test-integration test-e2e lint format typecheck migrate seed bench clean

help: ## List the commands
	@grep -E '^[a-z0-9-]+:.*## ' $(MAKEFILE_LIST) | awk 'BEGIN {FS = ":.*## "}; {printf "  make %-18s %s\n", $$1, $$2}'

$(CURDIR)/.tools/node_modules/.bin/bun:
	@echo "Bun not found: installing bun@$(BUN_VERSION) from the npm registry into .tools/"
	npm install --prefix .tools --no-audit --no-fund --loglevel=error bun@$(BUN_VERSION)

bun: $(if $(filter $(CURDIR)/.tools/%,$(BUN)),$(BUN))

install: bun ## Install the locked dependencies
	$(BUN) install --frozen-lockfile

build: install ## Build the SPA into frontend/dist
	cd frontend && $(BUN) x --bun vite build

up: ## Run the whole product in Docker (PostgreSQL, Redis, mail catcher, migrations, API + SPA, workers)
	$(COMPOSE) up --build --detach --wait
	@echo ""
	@echo "  Site and API      http://localhost:3000"
	@echo "  API documentation http://localhost:3000/api/docs"
	@echo "  Mail inbox        http://localhost:8025"
	@echo "  Health            http://localhost:3000/healthz  http://localhost:3000/readyz"
	@echo ""
	@echo "  First administrator: $(COMPOSE) exec api bun run cli create-admin --email you@example.com --password '...'"

down: ## Stop the Docker stack (data volumes are kept)
	$(COMPOSE) down

logs: ## Follow the logs of the Docker stack
	$(COMPOSE) logs --follow --tail=100

dev: install ## API, workers and the Vite dev server with hot reload, against local PostgreSQL and Redis (.env)
	$(BUN) db/src/migrate.ts
	$(BUN) scripts/start.ts --dev

start: build migrate ## Without Docker: build the SPA, migrate, run the API (serving the SPA) and the workers
	$(BUN) scripts/start.ts

migrate: install ## Apply the database migrations (DATABASE_URL)
	$(BUN) db/src/migrate.ts

seed: install ## Load the sample dashboards and the demo organization
	$(BUN) db/src/seed.ts

test: build ## Every test: unit, integration (PostgreSQL, Redis) and browser (Chromium)
	$(BUN) --bun vitest run $(VITEST_ARGS)

test-unit: install ## Unit tests only
	$(BUN) --bun vitest run --project unit $(VITEST_ARGS)

test-integration: install ## Integration tests only
	$(BUN) --bun vitest run --project integration $(VITEST_ARGS)

test-e2e: build ## Browser tests only
	$(BUN) --bun vitest run --project e2e $(VITEST_ARGS)

lint: install ## Biome: lint and format check of the whole repository
	$(BUN) x biome check .

format: install ## Biome: fix formatting and safe lint issues
	$(BUN) x biome check --write .

typecheck: install ## TypeScript, strict, over every workspace
	$(BUN) x tsc -p tsconfig.json --noEmit

bench: install ## Performance benchmarks, each as a ratio against a baseline measured in the same run
	$(BUN) bench/run.ts

clean: ## Remove build output and installed tools
	rm -rf frontend/dist .tools node_modules
