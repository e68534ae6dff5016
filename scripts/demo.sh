#!/usr/bin/env bash
# `make demo`: a tour of rk on a copy of example-collection, so the project's
# own files are never written.
set -euo pipefail
rk="$1"
demo="$2"
rm -rf "$demo"
cp -R "$(dirname "$0")/../example-collection" "$demo"
export RK_COLLECTION="$demo" GIT_AUTHOR_NAME="${GIT_AUTHOR_NAME:-Demo Collector}"

step() {
  printf '\n\033[1m$ rk %s\033[0m\n' "$*"
  "$rk" "$@"
}

step init "$demo"
step list
step list --sort year -- '"miles davis"' -live
step list --in tags --format '{year}  {artist} – {title}' jazz
step show radiohead-ok
step show miles-davis-kind
step list '#jazz' '@year:1955..1965' --format '{year}  {title}  {label} {catalog_number}  {duration}'
step lists save keepers '@rating:>=4' '-(@status:=wanted)' --description 'Rated 4 or 5, on the shelf'
step list @keepers --short
step list '@status:=wanted'
step tags
step artists b
step tag add radiohead-ok favourite 1990s
step track rename miles-davis-kind 3 'Blue In Green'
step log
step undo
step check
step export csv --output "$demo/collection.csv"
step import discogs "$demo/collection.csv" --dry-run
printf '\nThe demo collection is %s. Try: export RK_COLLECTION=%s PATH=%s:$PATH; rk list\n' \
  "$demo" "$demo" "$(dirname "$rk")"

# The app on the same scratch copy; rk serve prints the address to open.
# Ctrl-C stops it. RK_DEMO_PORT picks another port.
printf '\n\033[1m$ rk serve --port %s\033[0m   (Ctrl-C to stop)\n' "${RK_DEMO_PORT:-8080}"
exec "$rk" serve --port "${RK_DEMO_PORT:-8080}"
