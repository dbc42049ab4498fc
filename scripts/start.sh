#!/bin/sh
# `npm start`: builds what is missing or older than its sources (a fresh clone, a `git pull`; a few
# stat calls when nothing is), then replaces itself with Node running the server's bundle,
# dist/server/main.js: no TypeScript loader and no build tool in the process that serves.
# package.json runs it with `exec`, so npm's own child is the server and the signals npm passes on
# (Ctrl-C, a service manager's SIGTERM) reach it. Arguments go to Node: `npm start -- --inspect`.
set -e
ROOT=$(cd "$(dirname "$0")/.." && pwd)
NODE=${npm_node_execpath:-node}
"$NODE" "$ROOT/scripts/build.mjs" --if-stale

# Express and React run their production paths (no dev-only checks, cached views) unless told otherwise.
export NODE_ENV="${NODE_ENV:-production}"
# Memory (docs: `npm run bench` prints the server's at the end); the workers inherit all of it:
# - glibc gives each thread that allocates its own arena (V8's compiler and GC threads, libuv's
#   pool), each keeping what it freed; two arenas hold the same work in less memory. And once a
#   large block is freed glibc raises its thresholds and keeps up to 64 MB free before giving any
#   back: fixed thresholds (128 KB, its starting values) return freed memory as it goes.
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
export MALLOC_TRIM_THRESHOLD_="${MALLOC_TRIM_THRESHOLD_:-131072}"
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-131072}"
# - V8 grows the young generation to 2 × 16 MB and lets the old one reach up to four times what
#   survived the last full GC before collecting again (tens of MB for a live heap of about 30 MB).
#   4 MB semi-spaces and 20 % of growth keep the heap near what it holds, for a few % more GC time.
#   (`npm run bench` runs its bare probe with these settings too, to show what they cost.)
V8_MEMORY_FLAGS="--max-semi-space-size=4 --heap-growing-percent=20"
# shellcheck disable=SC2086 # two flags, split on purpose
exec "$NODE" $V8_MEMORY_FLAGS "$@" "$ROOT/dist/server/main.js"
