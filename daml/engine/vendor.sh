#!/usr/bin/env bash
# Re-copies the vendored Canton sources of the Daml-LF engine (daml/engine/canton/) from Canton and proves them
# identical:   daml/engine/vendor.sh [--check] CANTON
# The same script as daml/toolchain/vendor.sh (see its --help: CANTON, --check, exit codes), on daml/engine's list
# (canton-sources.txt) and tree (canton/).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
case "${1:-}" in
  -h | --help)
    sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | grep '^#' | sed 's/^# \{0,1\}//'
    exit 0
    ;;
esac
VENDOR_FOLDER="$here" exec bash "$here/../toolchain/vendor.sh" "$@"
