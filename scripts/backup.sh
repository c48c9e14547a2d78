#!/usr/bin/env bash
# Backs up Assay: the PostgreSQL database (pg_dump, custom format) and the local upload store
# (DATA_DIR/files). With S3 the store is backed up by the store itself (versioning or a mirror);
# see the README's "Backup and restore".
#   DATABASE_URL=postgres://… DATA_DIR=/data scripts/backup.sh /backups/2026-11-23
set -euo pipefail
target=${1:?usage: scripts/backup.sh <backup folder>}
: "${DATABASE_URL:?set DATABASE_URL to the database to back up}"
pg_bin() { command -v "$1" || ls -d /usr/lib/postgresql/*/bin/"$1" 2>/dev/null | sort -V | tail -n 1; }
mkdir -p "$target"
"$(pg_bin pg_dump)" --format=custom --no-owner --no-privileges --file="$target/database.dump" "$DATABASE_URL"
if [ -n "${DATA_DIR:-}" ] && [ -d "$DATA_DIR/files" ]; then
  tar -C "$DATA_DIR" -czf "$target/files.tar.gz" files
fi
# The secret that seals integration credentials and MFA keys: without it they cannot be read.
if [ -n "${DATA_DIR:-}" ] && [ -f "$DATA_DIR/.app-secret" ]; then
  cp "$DATA_DIR/.app-secret" "$target/app-secret"
  chmod 600 "$target/app-secret"
fi
echo "Backed up to $target: $(ls "$target" | tr '\n' ' ')"
