#!/bin/sh
# Leaves node_modules with what the built server needs at run time, nothing more.
# The Dockerfile runs it after `npm run build`; scripts/image-dry-run.sh runs it
# the same way in a scratch copy where Docker is not available.
set -eu

# --omit=optional as well as dev: TypeScript is an optional peer of i18next,
# react-i18next and @react-router/node, which npm marks "devOptional" and keeps
# under --omit=dev alone. The other optional packages are platform builds of the
# build tools and pg's Cloudflare socket; the server needs none of them.
npm prune --omit=dev --omit=optional --no-audit --no-fund

# better-sqlite3 is compiled during npm ci: keep its addon, drop the compiler's
# leftovers (objects, static library, test extension) and the SQLite sources.
addon=node_modules/better-sqlite3
if [ -f "$addon/build/Release/better_sqlite3.node" ]; then
  mv "$addon/build/Release/better_sqlite3.node" "$addon/better_sqlite3.node.keep"
  rm -rf "$addon/build" "$addon/deps" "$addon/src"
  mkdir -p "$addon/build/Release"
  mv "$addon/better_sqlite3.node.keep" "$addon/build/Release/better_sqlite3.node"
fi
