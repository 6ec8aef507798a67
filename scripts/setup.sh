#!/usr/bin/env bash
# Installs the exact dependencies, writes a local .env with a fresh secret when
# there is none, and builds the site. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."
export npm_config_nodedir="${npm_config_nodedir:-/usr}"

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi

if [ ! -f .env ]; then
  secret=$(node -e "console.log(require('node:crypto').randomBytes(32).toString('hex'))")
  sed "s/^SESSION_SECRET=.*/SESSION_SECRET=${secret}/" .env.example > .env
  echo "wrote .env with a new SESSION_SECRET"
fi

npm run build
