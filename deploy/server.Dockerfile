# syntax=docker/dockerfile:1
# Gavel auction server. Build from the repository root:
#   docker build -f deploy/server.Dockerfile -t gavel-server --build-arg GAVEL_REVISION=$(git rev-parse HEAD) .
# Ports: 8000 public (auction, AMP, video, user sync, events), 8060 admin (/metrics, /openapi.json, ...).

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
COPY --from=build /src/apps/server/dist apps/server/dist
COPY --from=build /src/apps/server/static apps/server/static
COPY --from=build /src/apps/server/stored-data apps/server/stored-data
COPY deploy/config/server.production.yaml /etc/gavel/server.yaml
ARG GAVEL_REVISION=""
ENV GAVEL_REVISION=${GAVEL_REVISION}
# The official image's unprivileged user (uid 1000); nothing under /app is writable by it.
USER node
EXPOSE 8000 8060
# /status on the public port: 503 until the start-up loads (currency rates...) are done.
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.GAVEL_PORT||8000)+'/status').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["node", "apps/server/dist/src/main.js"]
CMD ["--config", "/etc/gavel/server.yaml"]
