#!/bin/sh
# uta-desk: UTA Desk's command, run on the Node this bundle carries (never the machine's own).
set -e
here=$(dirname "$(readlink -f "$0")")
exec "$here/../node/bin/node" "$here/../app/bin/uta-desk.mjs" "$@"
