# syntax=docker/dockerfile:1
# Multi-stage build: dependencies and the production build in one stage, a slim
# runtime with production dependencies only, running as the non-root `node` user.
#
# Node 24: an LTS line supported until April 2028 (Node 20 has reached its end of
# life, 22 ends in April 2027), listed by every native and build dependency's
# engines (better-sqlite3, vite, vitest), and it ships npm 11, the npm that
# writes the lock file. The code still runs on Node 20.19+ (package.json engines).
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# better-sqlite3 (booking storage) compiles from source: give node-gyp its tools.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
# node-gyp takes Node's headers from the image instead of downloading them.
ENV npm_config_nodedir=/usr/local
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && sh scripts/prune-production.sh

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./package.json
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/server.js ./server.js
# The operator's commands work inside the container, e.g.
# docker exec <container> npm run backup
# docker exec -i <container> npm run staff -- add --email E --name N --role admin
COPY --from=build --chown=node:node /app/scripts/maintenance.mjs /app/scripts/backup.mjs \
  /app/scripts/staff.mjs /app/scripts/load-build.mjs ./scripts/
# The SQLite database (DATABASE_URL defaults to data/marmara.sqlite, relative to
# /app), the outbox of e-mails when no SMTP_URL is set (data/outbox) and the
# backups (data/backups) live in /app/data: mount a volume there to keep them.
RUN mkdir -p /app/data && chown node:node /app/data
VOLUME /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "server.js"]
