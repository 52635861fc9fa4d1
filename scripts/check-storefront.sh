#!/usr/bin/env bash
# Applies examples/storefront/dtc-starter.patch to a checkout of Medusa's dtc-starter, installs the
# storefront kit there (this repository's storefront/ workspace, packed into apps/storefront/vendor/,
# where the patch's package.json points) and proves it compiles: the storefront's type check (tsc)
# and `next build`. Usage:
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

step "pack the storefront kit into apps/storefront/vendor"
mkdir -p "$STOREFRONT/vendor"
(cd "$ROOT" && npm pack --silent --workspace storefront --pack-destination "$STOREFRONT/vendor" >/dev/null)
KIT_TARBALL="$(grep -o 'file:vendor/[^"]*' "$STOREFRONT/package.json" | sed 's/^file://')"
if [ ! -f "$STOREFRONT/$KIT_TARBALL" ]; then
  echo "check-storefront: the patch installs $KIT_TARBALL, npm pack wrote $(ls "$STOREFRONT/vendor"); update the patch's package.json line to the kit's version" >&2
  exit 1
fi
ls -l "$STOREFRONT/$KIT_TARBALL"

step "install the storefront's dependencies and the kit (pnpm, the starter's package manager)"
(cd "$DIR" && "${PNPM[@]}" install --no-frozen-lockfile --filter @dtc/storefront...)
# pnpm may keep an earlier tarball of the same name: the installed kit must be the one just built.
if ! cmp -s "$ROOT/storefront/dist/index.mjs" "$STOREFRONT/node_modules/medusa-payment-installments-storefront/dist/index.mjs"; then
  echo "check-storefront: the installed kit is not the one just packed (pnpm reused an older tarball); remove $STOREFRONT/node_modules and run again" >&2
  exit 1
fi

step "type check (tsc --noEmit; next build skips it: the starter sets typescript.ignoreBuildErrors)"
(cd "$STOREFRONT" && ./node_modules/.bin/tsc --noEmit -p tsconfig.json)

step "next build"
(cd "$STOREFRONT" && NEXT_TELEMETRY_DISABLED=1 \
  NEXT_PUBLIC_DEFAULT_REGION="${NEXT_PUBLIC_DEFAULT_REGION:-sa}" \
  ./node_modules/.bin/next build)

step "check-storefront: the patch applies, installs the kit, type-checks and builds on $(git -C "$DIR" rev-parse --short HEAD)"
