#!/usr/bin/env bash
# Rebuilds Canton's 3.5 Daml-LF engine jar from the vendored Canton sources and proves it byte-identical to the
# committed one:   daml/engine/build.sh [--update]        (npm run daml:engine)
#
# Checks first that every vendored file has the sha256 canton-sources.txt lists (daml/engine/vendor.sh proves them
# identical to a Canton checkout) and that the toolchain jar it compiles against is the committed one
# (daml/toolchain/daml-lf-toolchain.jar.sha256), then builds daml/engine/pom.xml with Maven in a temporary folder
# (pinned plugins and dependencies from the Maven registry) and compares the jar with daml/engine/daml-lf-engine.jar
# and its recorded sha256 (daml-lf-engine.jar.sha256). The jar's entries carry a fixed time, so the same sources,
# dependencies and JDK major version (17) give the same bytes. Takes about 105 CPU-seconds (scalac on the
# interpreter), so npm test never runs it (it only runs the committed jar: selftest/daml/engine-compare.test.ts).
# --update replaces the committed jar and its sha256 with the rebuilt ones (after changing the sources or the pom).
#
# Exit codes: 0 rebuilt and identical (or updated); 1 the rebuilt jar differs from the committed one, a vendored file
# differs from the list, or the build failed (the reason is printed); 2 bad usage; 3 java or mvn is missing.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
update=0
case "${1:-}" in
  -h | --help)
    sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | grep '^#' | sed 's/^# \{0,1\}//'
    exit 0
    ;;
  --update) update=1 ;;
  "") ;;
  *)
    echo "daml/engine/build.sh: unknown argument '$1' (expected nothing or --update); see --help" >&2
    exit 2
    ;;
esac
for tool in java mvn; do
  if ! command -v "$tool" > /dev/null 2>&1; then
    echo "daml/engine/build.sh: $tool is not installed (the engine build needs a JDK 17 and Maven)" >&2
    exit 3
  fi
done

if ! (cd "$here/canton" && grep -v '^#' "$here/canton-sources.txt" | sha256sum --check --quiet --strict -); then
  echo "daml/engine/build.sh: a vendored Canton file differs from canton-sources.txt (see above);" \
    "re-copy them with daml/engine/vendor.sh CANTON" >&2
  exit 1
fi

toolchain="$here/../toolchain"
if [ "$(sha256sum "$toolchain/daml-lf-toolchain.jar" | cut -d' ' -f1)" != "$(cut -d' ' -f1 "$toolchain/daml-lf-toolchain.jar.sha256")" ]; then
  echo "daml/engine/build.sh: daml/toolchain/daml-lf-toolchain.jar is not the one its .sha256 records;" \
    "rebuild it first with daml/toolchain/build.sh" >&2
  exit 1
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
started=$(date +%s)
if ! mvn -B -Dstyle.color=never -f "$here/pom.xml" -Dengine.buildDirectory="$work/target" package > "$work/maven.log" 2>&1; then
  grep -E '^\[ERROR\]' "$work/maven.log" | head -40 >&2
  echo "daml/engine/build.sh: the Maven build failed (above)" >&2
  exit 1
fi
seconds=$(($(date +%s) - started))
built="$work/target/daml-lf-engine.jar"
sum="$(sha256sum "$built" | cut -d' ' -f1)"
entries="$(jar tf "$built" | wc -l)"
echo "built daml-lf-engine.jar in ${seconds} s: $(stat -c %s "$built") bytes, $entries entries, sha256 $sum"

if [ "$update" -eq 1 ]; then
  cp "$built" "$here/daml-lf-engine.jar"
  echo "$sum  daml-lf-engine.jar" > "$here/daml-lf-engine.jar.sha256"
  echo "updated daml/engine/daml-lf-engine.jar and daml-lf-engine.jar.sha256"
  exit 0
fi
recorded="$(cut -d' ' -f1 "$here/daml-lf-engine.jar.sha256")"
committed="$(sha256sum "$here/daml-lf-engine.jar" | cut -d' ' -f1)"
if [ "$committed" != "$recorded" ]; then
  echo "daml/engine/build.sh: the committed jar's sha256 $committed is not the recorded $recorded" >&2
  exit 1
fi
if [ "$sum" != "$recorded" ]; then
  echo "daml/engine/build.sh: the rebuilt jar (sha256 $sum) differs from the committed one ($recorded)." >&2
  echo "entries (size, name) that differ, committed < > rebuilt:" >&2
  diff <(jar tvf "$here/daml-lf-engine.jar" | awk '{print $1, $NF}') <(jar tvf "$built" | awk '{print $1, $NF}') |
    head -20 >&2 || true
  exit 1
fi
echo "the rebuilt jar is byte-identical to daml/engine/daml-lf-engine.jar"
