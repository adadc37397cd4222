# accessbot: one image for Slack, Teams or both; configured entirely by environment variables.
#
#   docker build -t accessbot .
#   docker run --env-file accessbot.env -e DATABASE_URL=sqlite:/app/data/accessbot.db \
#     -p 127.0.0.1:3000:3000 -v accessbot-data:/app/data accessbot
#
# Behind a TLS-inspecting proxy, hand npm your company's CA certificate (PEM) as a build secret;
# it is used by `npm ci` only and never stored in the image:
#
#   docker build --secret id=company_ca,src=/path/to/company-ca.pem -t accessbot .
#
# Node runs the TypeScript sources directly (type stripping), so there is no build step: the
# first stage only installs the production dependencies.

# Exact versions, so a rebuild gets the Node accessbot was tested on; pin the digest in your
# registry too (docker buildx imagetools inspect node:24.21.0-bookworm-slim).
FROM node:24.21.0-bookworm-slim AS dependencies
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN --mount=type=secret,id=company_ca \
  if [ -s /run/secrets/company_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/company_ca; fi \
  && npm ci --omit=dev --no-audit --no-fund

FROM node:24.21.0-bookworm-slim
# tini as PID 1 forwards SIGTERM to node and reaps zombies; accessbot stops cleanly on SIGTERM.
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini \
  && rm -rf /var/lib/apt/lists/*
# No DATABASE_URL: production needs it set explicitly, so no pod keeps a store of its own.
# HEALTH_PORT answers /healthz, /readyz and /metrics alone, also while PORT is flooded: probe
# there, and never publish it.
ENV NODE_ENV=production \
    PORT=3000 \
    HEALTH_PORT=3001
WORKDIR /app
COPY --from=dependencies /app/node_modules ./node_modules
COPY package.json .nvmrc ./
COPY bin ./bin
COPY src ./src
COPY adapters ./adapters
# With DATABASE_URL=sqlite:/app/data/accessbot.db the store lives on this volume.
RUN install -d -o node -g node -m 0700 /app/data
VOLUME ["/app/data"]
# The image's unprivileged user (uid 1000).
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.HEALTH_PORT || 3001) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/bin/tini", "--"]
# What `npm start` runs: its heap flags keep RSS under 250 MB (docs/capacity.md); the entry
# checks the Node version, then runs accessbot in this same process.
CMD ["node", "--max-semi-space-size=8", "--max-old-space-size=192", "bin/accessbot.mjs"]
