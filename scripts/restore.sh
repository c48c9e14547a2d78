#!/usr/bin/env bash
# Restores a backup made by scripts/backup.sh into an empty database (and DATA_DIR for local
# uploads). Stop the app first; start it again afterwards with the same APP_SECRET.
#   DATABASE_URL=postgres://…/assay_restored DATA_DIR=/data scripts/restore.sh /backups/2026-11-23
set -euo pipefail
source=${1:?usage: scripts/restore.sh <backup folder>}
: "${DATABASE_URL:?set DATABASE_URL to the (empty) database to restore into}"
pg_bin() { command -v "$1" || ls -d /usr/lib/postgresql/*/bin/"$1" 2>/dev/null | sort -V | tail -n 1; }
"$(pg_bin pg_restore)" --no-owner --no-privileges --exit-on-error --dbname="$DATABASE_URL" \
  "$source/database.dump"
if [ -f "$source/files.tar.gz" ]; then
  : "${DATA_DIR:?set DATA_DIR: the backup holds uploaded files}"
  mkdir -p "$DATA_DIR"
  tar -C "$DATA_DIR" -xzf "$source/files.tar.gz"
fi
if [ -f "$source/app-secret" ] && [ -n "${DATA_DIR:-}" ] && [ ! -f "$DATA_DIR/.app-secret" ]; then
  install -m 600 "$source/app-secret" "$DATA_DIR/.app-secret"
fi
echo "Restored $source"
