#!/usr/bin/env bash
# Rebuilds Canton's 3.5 Daml-LF engine jar from the vendored Canton sources and proves it byte-identical to the
# committed one, and the same for the comparison driver:   daml/engine/build.sh [--update] [--driver-only]
#                                                            (npm run daml:engine)
#
# Checks first that every vendored file has the sha256 canton-sources.txt lists (daml/engine/vendor.sh proves them
# identical to a Canton checkout) and that the toolchain jar it compiles against is the committed one
# (daml/toolchain/daml-lf-toolchain.jar.sha256), then builds daml/engine/pom.xml with Maven in a temporary folder
# (pinned plugins and dependencies from the Maven registry) and compares the jar with daml/engine/daml-lf-engine.jar
# and its recorded sha256 (daml-lf-engine.jar.sha256). The jar's entries carry a fixed time, so the same sources,
# dependencies and JDK major version (17) give the same bytes. Takes about 105 CPU-seconds (scalac on the
# interpreter), so npm test never runs it (it only runs the committed jar: selftest/daml/engine-compare.test.ts).
# Then builds the comparison driver (driver/pom.xml, ours) against the rebuilt engine jar into
# daml-lf-engine-driver.jar, checked the same way (daml-lf-engine-driver.jar.sha256), and the driver's runtime
# classpath (Maven coordinates and sha256 of each jar, runtime-classpath.txt), which the self-test reads.
# --update replaces the committed jars, their sha256 and runtime-classpath.txt with the rebuilt ones (after changing
# the sources or a pom). --driver-only skips the engine (the driver is built against the committed engine jar).
#
# Exit codes: 0 rebuilt and identical (or updated); 1 the rebuilt jar differs from the committed one, a vendored file
# differs from the list, or the build failed (the reason is printed); 2 bad usage; 3 java or mvn is missing.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
update=0
driver_only=0
for arg in "$@"; do
  case "$arg" in
    -h | --help)
      sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | grep '^#' | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    --update) update=1 ;;
    --driver-only) driver_only=1 ;;
    *)
      echo "daml/engine/build.sh: unknown argument '$arg' (expected --update and/or --driver-only); see --help" >&2
      exit 2
      ;;
  esac
done
for tool in java mvn jar; do
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
# maven NAME ARGS...: runs Maven, its log in $work/NAME.log; on failure prints its errors and exits 1.
maven() {
  local name="$1"
  shift
  if ! mvn -B -Dstyle.color=never "$@" > "$work/$name.log" 2>&1; then
    grep -E '^\[ERROR\]' "$work/$name.log" | head -40 >&2
    echo "daml/engine/build.sh: the Maven build of $name failed (above)" >&2
    exit 1
  fi
}

engine="$here/daml-lf-engine.jar"
if [ "$driver_only" -eq 0 ]; then
  started=$(date +%s)
  maven engine -f "$here/pom.xml" -Dengine.buildDirectory="$work/engine" package
  engine="$work/engine/daml-lf-engine.jar"
  echo "built daml-lf-engine.jar in $(($(date +%s) - started)) s"
fi
started=$(date +%s)
maven driver -f "$here/driver/pom.xml" -Ddriver.buildDirectory="$work/driver" -Ddaml.lf.engine="$engine" package
echo "built daml-lf-engine-driver.jar in $(($(date +%s) - started)) s"
# The driver's runtime dependencies from the Maven registry (the two system-scoped jars are the committed ones).
maven classpath -f "$here/driver/pom.xml" -Ddriver.buildDirectory="$work/driver" -Ddaml.lf.engine="$engine" \
  dependency:list -DincludeScope=runtime -DexcludeScope=system -DoutputFile="$work/dependencies.txt"
# The local Maven repository: MAVEN_REPOSITORY when set (a settings.xml moving it), else Maven's default.
repository="${MAVEN_REPOSITORY:-$HOME/.m2/repository}"
{
  echo "# The comparison driver's runtime dependencies from the Maven registry (daml/engine/driver/pom.xml), written by"
  echo "# daml/engine/build.sh: group:artifact:version and the sha256 of the jar. selftest/daml/engine-compare.test.ts puts"
  echo "# these jars (from the local Maven repository) on the classpath after the driver, engine and toolchain jars."
  sed -n 's/^ *\([^ :]*\):\([^ :]*\):jar:\([^ :]*\):\(compile\|runtime\).*/\1 \2 \3/p' "$work/dependencies.txt" | sort |
    while read -r group artifact version; do
      file="$repository/${group//.//}/$artifact/$version/$artifact-$version.jar"
      echo "$(sha256sum "$file" | cut -d' ' -f1)  $group:$artifact:$version"
    done
} > "$work/runtime-classpath.txt"

status=0
# check NAME BUILT: compares a rebuilt jar with the committed one and its recorded sha256 (or updates them).
check() {
  local name="$1" built="$2" sum recorded committed
  sum="$(sha256sum "$built" | cut -d' ' -f1)"
  echo "$name: $(stat -c %s "$built") bytes, $(jar tf "$built" | wc -l) entries, sha256 $sum"
  if [ "$update" -eq 1 ]; then
    cp "$built" "$here/$name"
    echo "$sum  $name" > "$here/$name.sha256"
    echo "updated daml/engine/$name and $name.sha256"
    return
  fi
  recorded="$(cut -d' ' -f1 "$here/$name.sha256")"
  committed="$(sha256sum "$here/$name" | cut -d' ' -f1)"
  if [ "$committed" != "$recorded" ]; then
    echo "daml/engine/build.sh: the committed $name's sha256 $committed is not the recorded $recorded" >&2
    status=1
  elif [ "$sum" != "$recorded" ]; then
    echo "daml/engine/build.sh: the rebuilt $name (sha256 $sum) differs from the committed one ($recorded)." >&2
    echo "entries (size, name) that differ, committed < > rebuilt:" >&2
    diff <(jar tvf "$here/$name" | awk '{print $1, $NF}') <(jar tvf "$built" | awk '{print $1, $NF}') | head -20 >&2 || true
    status=1
  else
    echo "the rebuilt $name is byte-identical to daml/engine/$name"
  fi
}
[ "$driver_only" -eq 1 ] || check daml-lf-engine.jar "$engine"
check daml-lf-engine-driver.jar "$work/driver/daml-lf-engine-driver.jar"
if [ "$update" -eq 1 ]; then
  cp "$work/runtime-classpath.txt" "$here/runtime-classpath.txt"
  echo "updated daml/engine/runtime-classpath.txt"
elif ! diff "$here/runtime-classpath.txt" "$work/runtime-classpath.txt" >&2; then
  echo "daml/engine/build.sh: the driver's runtime classpath differs from runtime-classpath.txt (above)" >&2
  status=1
fi
exit "$status"
