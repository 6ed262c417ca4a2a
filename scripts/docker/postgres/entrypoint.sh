#!/bin/sh
# First start: initdb with POSTGRES_USER / POSTGRES_PASSWORD (the superuser, for the operator)
# and create POSTGRES_DB with pgvector. With POSTGRES_APP_PASSWORD, also create the role the app
# connects as (POSTGRES_APP_USER): it owns POSTGRES_DB and nothing else (no superuser, no
# CREATEDB, no CREATEROLE), so a compromised replica cannot read files, run programs or reach
# other databases. Then serve.
set -eu
: "${POSTGRES_USER:=propsearch}"
: "${POSTGRES_DB:=propsearch}"
: "${POSTGRES_APP_USER:=propsearch_app}"
single() { postgres --single -D "$PGDATA" -j "$1" >/dev/null; }
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  pwfile=$(mktemp)
  printf '%s' "${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD}" > "$pwfile"
  initdb -D "$PGDATA" -U "$POSTGRES_USER" --pwfile="$pwfile" --auth=scram-sha-256 -E UTF8 >/dev/null
  rm -f "$pwfile"
  echo "host all all 0.0.0.0/0 scram-sha-256" >> "$PGDATA/pg_hba.conf"
  if [ "$POSTGRES_DB" != "postgres" ]; then
    echo "CREATE DATABASE \"$POSTGRES_DB\"" | single postgres
  fi
  echo "CREATE EXTENSION IF NOT EXISTS vector" | single "$POSTGRES_DB"
  if [ -n "${POSTGRES_APP_PASSWORD:-}" ]; then
    password=$(printf '%s' "$POSTGRES_APP_PASSWORD" | sed "s/'/''/g")
    single postgres <<SQL
CREATE ROLE "$POSTGRES_APP_USER" LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION PASSWORD '$password';
ALTER DATABASE "$POSTGRES_DB" OWNER TO "$POSTGRES_APP_USER";
REVOKE CONNECT ON DATABASE postgres FROM PUBLIC;
SQL
  fi
fi
exec postgres -D "$PGDATA" -c listen_addresses='*' "$@"
