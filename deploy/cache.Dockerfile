# syntax=docker/dockerfile:1
# Gavel cache service. Build from the repository root:
#   docker build -f deploy/cache.Dockerfile -t gavel-cache --build-arg GAVEL_REVISION=$(git rev-parse HEAD) .
# Ports: 2424 public (POST/GET /cache), 2525 admin (/metrics, /openapi.json, POST /cache).

# Build stage: every workspace installed (dev dependencies too) and compiled with tsc -b.
FROM node:20.20-bookworm-slim AS build
WORKDIR /src
COPY . .
RUN npm ci --no-audit --no-fund && npm run build
# The manifests npm ci needs in the runtime stage: the root's and every workspace's package.json.
RUN mkdir /manifests \
  && find . -name node_modules -prune -o -name package.json -print | xargs -I{} cp --parents {} /manifests/ \
  && cp package-lock.json .npmrc /manifests/

# Runtime stage: production dependencies only, the compiled code, a non-root user.
FROM node:20.20-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /manifests/ ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /src/packages/common/dist packages/common/dist
COPY --from=build /src/apps/cache/dist apps/cache/dist
COPY deploy/config/cache.production.yaml /etc/gavel/cache.yaml
ARG GAVEL_REVISION=""
ENV GAVEL_REVISION=${GAVEL_REVISION}
# The official image's unprivileged user (uid 1000); nothing under /app is writable by it.
USER node
EXPOSE 2424 2525
# /status on the public port: 503 while the Redis backend is unreachable.
HEALTHCHECK --interval=10s --timeout=3s --start-period=15s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.GAVEL_CACHE_SVC_PORT||2424)+'/status').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["node", "apps/cache/dist/src/main.js"]
CMD ["--config", "/etc/gavel/cache.yaml"]
