#!/usr/bin/env bash
# Replays the Dockerfile's steps without Docker, with the machine's own Node, and
# checks what the runtime image would hold:
#
#   bash scripts/image-dry-run.sh [scratch folder]
#
# 1. copies the build context (honouring .dockerignore) into a scratch folder,
# 2. build stage: npm ci, npm run build, scripts/prune-production.sh,
# 3. runtime stage: only the files the Dockerfile copies, in a folder of their own,
# 4. checks: no TypeScript, no @react-router/serve, no compiler leftovers of
#    better-sqlite3 (its addon kept), every native addon loads (better-sqlite3,
#    argon2's one platform build), and the server, `npm run maintenance`,
#    `npm run backup` and `npm run staff` all work from that folder with the
#    default data/ paths.
# Exits non-zero on the first failed check. Takes a few minutes (npm ci compiles
# better-sqlite3).
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
scratch=${1:-$(mktemp -d /tmp/mc-image-XXXXXX)}
context=$scratch/context
runtime=$scratch/runtime
export npm_config_nodedir=${npm_config_nodedir:-/usr}

step() { printf '\n== %s\n' "$*"; }
check() {
  if eval "$2"; then printf 'ok    %s\n' "$1"; else printf 'FAIL  %s\n' "$1"; exit 1; fi
}

step "build context from $repo into $context"
# rsync takes the first matching rule, .dockerignore the last: re-includes go first.
mkdir -p "$context"
filters=$scratch/rsync-filters
grep -v '^\s*\(#\|$\)' "$repo/.dockerignore" | sed -n 's/^!\(.*\)/+ \/\1/p' >"$filters"
grep -v '^\s*\(#\|$\)' "$repo/.dockerignore" | grep -v '^!' | sed 's/^/- \//' >>"$filters"
rsync -a --delete --filter="merge $filters" "$repo/" "$context/"

step "build stage: npm ci, npm run build, scripts/prune-production.sh"
cd "$context"
npm ci --no-audit --no-fund
npm run build
sh scripts/prune-production.sh

step "runtime stage: the files the Dockerfile copies"
rm -rf "$runtime"
mkdir -p "$runtime/scripts" "$runtime/data"
cp -a package.json node_modules build server.js "$runtime/"
cp -a scripts/maintenance.mjs scripts/backup.mjs scripts/staff.mjs scripts/load-build.mjs \
  "$runtime/scripts/"
cd "$runtime"

step "checks"
check "no TypeScript in node_modules" '[ ! -e node_modules/typescript ]'
check "no @react-router/serve" '[ ! -e node_modules/@react-router/serve ]'
check "no tools in node_modules/.bin (tsc, vite, react-router)" \
  '[ ! -e node_modules/.bin/tsc ] && [ ! -e node_modules/.bin/vite ] && [ ! -e node_modules/.bin/react-router ]'
check "better-sqlite3 keeps only build/Release/better_sqlite3.node" \
  '[ "$(cd node_modules/better-sqlite3/build && find . -type f)" = "./Release/better_sqlite3.node" ]'
check "better-sqlite3 sources gone (deps/, src/)" \
  '[ ! -e node_modules/better-sqlite3/deps ] && [ ! -e node_modules/better-sqlite3/src ]'
check "better-sqlite3 loads" \
  "node -e \"new (require('better-sqlite3'))(':memory:').prepare('select 1').get()\""
check "@node-rs/argon2 loads its native binding and hashes" \
  "node -e \"require('@node-rs/argon2').hashSync('dry-run')\""
check "only this platform's argon2 build is kept" \
  '[ "$(ls node_modules/@node-rs | grep -c "^argon2-")" = 1 ]'
printf 'runtime node_modules: %s\n' "$(du -sh node_modules | cut -f1)"

port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
export NODE_ENV=production SESSION_SECRET=image-dry-run-secret-not-for-production
PORT=$port HOST=127.0.0.1 PUBLIC_BASE_URL=http://127.0.0.1:$port LOG_LEVEL=warn node server.js \
  >"$scratch/server.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
up=no
for _ in $(seq 1 100); do
  if node -e "fetch('http://127.0.0.1:$port/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"; then
    up=yes
    break
  fi
  sleep 0.2
done
[ "$up" = yes ] || tail -n 20 "$scratch/server.log"
check "node server.js answers /healthz" '[ "$up" = yes ]'
check "the database sits at data/marmara.sqlite" '[ -f data/marmara.sqlite ]'
check "npm run maintenance runs" 'npm run --silent maintenance >"$scratch/maintenance.log" 2>&1'
check "npm run backup writes data/backups/marmara-<timestamp>.sqlite" \
  'npm run --silent backup >"$scratch/backup.log" 2>&1 && ls data/backups/marmara-*.sqlite >/dev/null'
check "npm run staff adds the first admin (argon2 hash)" \
  "printf '%s\\n' 'image dry-run passphrase' | npm run --silent staff -- add --email admin@example.com --name Admin --role admin >\"\$scratch/staff.log\" 2>&1"
kill "$server"
wait "$server" || true
trap - EXIT
printf '\nall checks passed (scratch: %s)\n' "$scratch"
