# syntax=docker/dockerfile:1
# Assay in production: one image, one process per container. Build with `docker build -t assay .`;
# see compose.yaml and the README's "Deploy" section. The server runs its TypeScript on Node 24's
# own type stripping (docs/decisions/017-node-24-type-stripping.md); the web app is built into
# static files here. The base image's Node line agrees with package.json's engines and its pinned
# "node" package (apps/server/test/runtime.test.ts).

# 1. Every dependency, to build the web app.
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund

# 2. The web app's static files.
FROM deps AS build
COPY tsconfig.base.json ./
COPY packages/domain packages/domain
COPY apps/web apps/web
RUN npm run build -w @assay/web

# 3. Runtime dependencies only.
FROM deps AS runtime-deps
RUN npm ci --omit=dev --no-audit --no-fund

# 4. The image that runs.
FROM node:24-bookworm-slim
# NODE_COMPILE_CACHE: Node keeps the stripped sources and their compiled code between starts.
ENV NODE_ENV=production \
    NODE_COMPILE_CACHE=/home/node/.cache/node-compile \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=runtime-deps /app/node_modules node_modules
COPY --from=runtime-deps /app/package.json package.json
COPY packages/domain packages/domain
COPY apps/server/package.json apps/server/tsconfig.json apps/server/
COPY apps/server/src apps/server/src
COPY apps/server/scripts/warm-compile-cache.ts apps/server/scripts/
COPY apps/server/migrations apps/server/migrations
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
# Every module the server may load, stripped and compiled into the compile cache now: the server
# then never loads Node's TypeScript stripper (~17 MiB it would keep; decision 020). With the CMD's
# flags: Node keeps a cache per set of V8 flags.
RUN node --max-semi-space-size=8 --heap-growing-percent=25 apps/server/scripts/warm-compile-cache.ts
EXPOSE 3000
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--max-semi-space-size=8", "--heap-growing-percent=25", "apps/server/src/main.ts"]
