#!/bin/sh
# Leaves node_modules with what the built server needs at run time, nothing more.
# The Dockerfile runs it after `npm run build`; scripts/image-dry-run.sh runs it
# the same way in a scratch copy where Docker is not available.
set -eu

# --omit=dev only: optional dependencies of the runtime packages stay, because
# some are the runtime itself. @node-rs/argon2 (staff passwords) loads its native
# binding from a per-platform optional package (@node-rs/argon2-linux-x64-gnu on
# the image); npm ci installed only the one matching this platform, so keeping
# optionals keeps exactly the build the server needs. --omit=optional removed it
# and the server died at start with "Cannot find native binding".
npm prune --omit=dev --no-audit --no-fund

# What --omit=dev keeps but the server never loads: packages marked devOptional
# (a dev dependency that is also an optional peer of a runtime package, such as
# TypeScript for i18next, react-i18next and @react-router/node). They are read
# from the lock file so that a new one is dropped too.
node -e '
  const lock = require("./package-lock.json").packages
  for (const [path, entry] of Object.entries(lock)) {
    if (path && entry.devOptional) console.log(path)
  }
' | while read -r path; do
  rm -rf "$path"
done
# Their command links (tsc, tsserver) point at nothing now.
find node_modules/.bin -xtype l -delete

# better-sqlite3 is compiled during npm ci: keep its addon, drop the compiler's
# leftovers (objects, static library, test extension) and the SQLite sources.
addon=node_modules/better-sqlite3
if [ -f "$addon/build/Release/better_sqlite3.node" ]; then
  mv "$addon/build/Release/better_sqlite3.node" "$addon/better_sqlite3.node.keep"
  rm -rf "$addon/build" "$addon/deps" "$addon/src"
  mkdir -p "$addon/build/Release"
  mv "$addon/better_sqlite3.node.keep" "$addon/build/Release/better_sqlite3.node"
fi
