#!/usr/bin/env bash
# Re-copies the vendored Canton Daml-LF sources (daml/toolchain/canton/) from Canton and proves them identical:
#   daml/toolchain/vendor.sh [--check] CANTON
# CANTON is a Canton git directory (a bare repository or a checkout's .git; the files are read at the commit named in
# daml/toolchain/canton-sources.txt) or a checkout's work tree (then it must be at that commit; checked with git when
# it is one). Every file of daml/toolchain/canton-sources.txt is copied to daml/toolchain/canton/<its path in Canton>,
# then each vendored file's sha256 is checked against the list. With --check nothing is written: the script only
# proves that the vendored files, the list and CANTON agree.
#
# daml/engine/vendor.sh is this script on the engine's vendored sources (daml/engine/canton-sources.txt and canton/):
# it sets VENDOR_FOLDER to the folder holding the list and the tree (default: daml/toolchain).
#
# Exit codes: 0 identical; 1 a file differs or is missing (named); 2 bad usage or CANTON is not a Canton tree at the
# listed commit.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
folder="${VENDOR_FOLDER:-$here}"
list="$folder/canton-sources.txt"
dest="$folder/canton"
# The folder as the messages name it: daml/toolchain or daml/engine.
name="daml/$(basename "$folder")"
check=0
case "${1:-}" in
  -h | --help)
    sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | grep '^#' | sed 's/^# \{0,1\}//'
    exit 0
    ;;
  --check)
    check=1
    shift
    ;;
esac
if [ "$#" -ne 1 ]; then
  echo "$name/vendor.sh: expected one argument (a Canton git directory or checkout), got $#; see --help" >&2
  exit 2
fi
src="$1"
commit="$(sed -n 's/^# commit: *//p' "$list")"
branch="$(sed -n 's/^# branch: *//p' "$list")"
files="$(grep -v '^#' "$list" | awk 'NF == 2 { print $2 }')"

# read PATH: prints the file as Canton has it at the listed commit.
if git --git-dir="$src" rev-parse --verify -q "$commit^{commit}" > /dev/null 2>&1 && [ ! -f "$src/LICENSE.txt" ]; then
  read_canton() { git --git-dir="$src" show "$commit:$1"; }
  echo "reading Canton $branch at $commit from the git directory $src"
elif [ -f "$src/LICENSE.txt" ] && [ -d "$src/community/daml-lf" ]; then
  if head="$(git -C "$src" rev-parse HEAD 2> /dev/null)" && [ "$head" != "$commit" ]; then
    echo "$name/vendor.sh: the checkout $src is at $head, not at the listed commit $commit ($branch);" \
      "check out that commit first" >&2
    exit 2
  fi
  read_canton() { cat "$src/$1"; }
  echo "reading Canton $branch ($commit) from the work tree $src"
else
  echo "$name/vendor.sh: $src is neither a Canton git directory holding commit $commit nor a Canton checkout" \
    "(no LICENSE.txt and community/daml-lf); pass e.g. a clone of github.com/digital-asset/canton" >&2
  exit 2
fi

status=0
count=0
for f in $files; do
  count=$((count + 1))
  if ! content="$(read_canton "$f" | base64 -w0)"; then
    echo "MISSING in Canton: $f" >&2
    status=1
    continue
  fi
  if [ "$check" -eq 1 ]; then
    if [ ! -f "$dest/$f" ] || ! base64 -d <<< "$content" | cmp -s - "$dest/$f"; then
      echo "DIFFERS from Canton: $name/canton/$f" >&2
      status=1
    fi
  else
    mkdir -p "$(dirname "$dest/$f")"
    base64 -d <<< "$content" > "$dest/$f"
  fi
done
# Every vendored file is listed (nothing extra), and each has the listed sha256.
extra="$(cd "$dest" && find . -type f | sed 's|^\./||' | sort | comm -23 - <(sort <<< "$files"))"
if [ -n "$extra" ]; then
  echo "NOT LISTED in canton-sources.txt: $extra" >&2
  status=1
fi
if ! (cd "$dest" && grep -v '^#' "$list" | sha256sum --check --quiet --strict -); then
  status=1
fi
if [ "$status" -eq 0 ]; then
  echo "$count files of Canton $branch ($commit) identical in $name/canton/ and canton-sources.txt"
fi
exit "$status"
