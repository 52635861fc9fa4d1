#!/usr/bin/env bash
# Applies examples/storefront/dtc-starter.patch to a checkout of Medusa's dtc-starter and proves it
# compiles there: the storefront's type check (tsc) and `next build`. Usage:
#   NEXT_PUBLIC_MEDUSA_BACKEND_URL=http://localhost:9000 NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY=pk_... \
#     bash scripts/check-storefront.sh DIR     (DIR: the starter's root, with apps/storefront)
# `next build` prerenders the starter's pages from a running store (regions, categories, products):
# `npm run demo` prints both values. The checkout must be clean: the patch is applied to it, and left
# applied for a look or a run.
# CI cannot fetch the starter, so this is run by hand (docs/storefront.md says how).
set -euo pipefail

if [ $# -ne 1 ] || [ ! -d "$1/apps/storefront" ]; then
  echo "usage: bash scripts/check-storefront.sh DIR (a checkout of medusajs/dtc-starter)" >&2
  exit 2
fi
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DIR="$(cd "$1" && pwd)"
PATCH="$ROOT/examples/storefront/dtc-starter.patch"
STOREFRONT="$DIR/apps/storefront"
PNPM=(npx -y pnpm@10.11.1)

step() { printf '\n== %s\n' "$*"; }

BACKEND="${NEXT_PUBLIC_MEDUSA_BACKEND_URL:-}"
if [ -z "$BACKEND" ] || [ -z "${NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY:-}" ]; then
  echo "check-storefront: set NEXT_PUBLIC_MEDUSA_BACKEND_URL and NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY to a running store (npm run demo prints both): next build reads it" >&2
  exit 2
fi
if ! curl -fsS -o /dev/null "$BACKEND/health"; then
  echo "check-storefront: no store answers at $BACKEND/health; start one (npm run demo)" >&2
  exit 1
fi

step "starter commit: $(git -C "$DIR" rev-parse HEAD)"
if [ -n "$(git -C "$DIR" status --porcelain)" ]; then
  echo "check-storefront: $DIR has changes; use a clean checkout (git -C $DIR stash, or a fresh clone)" >&2
  exit 1
fi

step "apply $(basename "$PATCH")"
git -C "$DIR" apply --check "$PATCH"
git -C "$DIR" apply "$PATCH"
git -C "$DIR" status --short

if [ ! -x "$STOREFRONT/node_modules/.bin/next" ]; then
  step "install the storefront's dependencies (pnpm, the starter's package manager)"
  (cd "$DIR" && "${PNPM[@]}" install --filter @dtc/storefront...)
fi

step "type check (tsc --noEmit; next build skips it: the starter sets typescript.ignoreBuildErrors)"
(cd "$STOREFRONT" && ./node_modules/.bin/tsc --noEmit -p tsconfig.json)

step "next build"
(cd "$STOREFRONT" && NEXT_TELEMETRY_DISABLED=1 \
  NEXT_PUBLIC_DEFAULT_REGION="${NEXT_PUBLIC_DEFAULT_REGION:-sa}" \
  ./node_modules/.bin/next build)

step "check-storefront: the patch applies, type-checks and builds on $(git -C "$DIR" rev-parse --short HEAD)"
