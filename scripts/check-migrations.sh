#!/usr/bin/env bash
# Fails when the drizzle schema has changes that no committed migration holds.
set -euo pipefail
cd "$(dirname "$0")/../apps/server"
before=$(git status --porcelain -- migrations)
npx drizzle-kit generate --name drift-check >/dev/null
after=$(git status --porcelain -- migrations)
if [ "$before" != "$after" ]; then
  echo "The schema changed without a migration: run 'npm run db:generate' and commit it." >&2
  git status --porcelain -- migrations >&2
  exit 1
fi
echo "Migrations match the schema."
