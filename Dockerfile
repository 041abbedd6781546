# One image for every server-side process of Lucid Insight:
#   API (default)      bun backend/src/server.ts     (serves the built SPA too)
#   workers            bun workers/src/main.ts
#   migrations         bun db/src/migrate.ts         (one-shot, before the API and the workers start)
#   first admin        bun run cli create-admin --email ...   (asks for the password, or reads it on stdin)
#
# Build: docker build -t lucid-insight .   (docker-compose.yml builds it for `make up`)

# The same Bun as bun.lock was written with, so --frozen-lockfile reads it as it is.
ARG BUN_VERSION=1.4.5

FROM oven/bun:${BUN_VERSION} AS base
WORKDIR /app

# Only the manifests: the install layers below are rebuilt when a dependency changes, not when source code does.
# One line per workspace of the root package.json (testing/docker-compose.test.ts checks that none is missing: Bun
# would skip a workspace whose package.json is absent, silently).
FROM base AS manifests
COPY package.json bun.lock bunfig.toml ./
COPY contracts/package.json contracts/
COPY db/package.json db/
COPY platform/package.json platform/
COPY backend/package.json backend/
COPY workers/package.json workers/
COPY frontend/package.json frontend/
COPY e2e/package.json e2e/
COPY testing/package.json testing/
COPY tools/lint/package.json tools/lint/
# What the root package.json's overrides install instead of the OpenTelemetry Node SDK (tools/otel-stubs/README.md).
COPY tools/otel-stubs tools/otel-stubs/

# Everything, dev dependencies included: what the SPA build needs (Vite, Tailwind, the router plugin).
FROM manifests AS deps
RUN bun install --frozen-lockfile

# What the server-side processes need at run time: production dependencies of the API and the workers (and of the
# contracts, db and platform workspaces they use). The frontend's packages are left out: the SPA ships as static files.
# Then what nothing runs (decision 055): TypeScript, installed only as a peer of @elysiajs/openapi (which loads it for
# a feature the API does not use), type declarations, source maps, read-mes and change logs. `make bench` runs these
# same lines in a temporary folder and prints the size (bench/install-size.ts; goal: at most 100 MB).
FROM manifests AS prod-deps
RUN bun install --frozen-lockfile --production --filter '@app/backend' --filter '@app/workers' \
 && rm -rf node_modules/typescript node_modules/@typescript node_modules/@types node_modules/bun-types \
 && find node_modules -type f \( -name '*.map' -o -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' \
      -o -iname 'readme*.md' -o -iname 'changelog*' -o -iname 'history.md' \) -delete

FROM deps AS build
COPY . .
RUN cd frontend && bunx --bun vite build

FROM oven/bun:${BUN_VERSION}-slim AS runtime
# The release, reported by the build_info metric: docker build --build-arg APP_VERSION=1.4.0 --build-arg GIT_COMMIT=$(git rev-parse --short HEAD)
ARG APP_VERSION=dev
ARG GIT_COMMIT=unknown
WORKDIR /app
ENV NODE_ENV=production \
    PORT=3000 \
    APP_VERSION=${APP_VERSION} \
    GIT_COMMIT=${GIT_COMMIT}
# Owned by root and only readable by the `bun` user the processes run as: the app cannot rewrite its own code.
COPY --from=prod-deps /app/node_modules ./node_modules
COPY package.json bun.lock bunfig.toml tsconfig.json ./
COPY contracts ./contracts
COPY db ./db
COPY platform ./platform
COPY backend ./backend
COPY workers ./workers
COPY --from=build /app/frontend/dist ./frontend/dist
USER bun
EXPOSE 3000
# No curl in the image: Bun's fetch checks the API. The workers' service overrides it with their health port.
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["bun", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"]
CMD ["bun", "backend/src/server.ts"]
