#!/usr/bin/env bash
# Builds the suite's DARs with Canton's own Daml-LF tools: daml/build.sh [OUTPUT_FOLDER]   (default: daml/dars)
#
# Every model of daml/models.txt is encoded and type-checked by Canton's DamlLfEncoder, rewritten with fixed zip
# times (so the build is byte-for-byte reproducible), read back with Canton's DarDecoder and checked again with
# Validation.checkPackages; every upgrade pair of daml/models.txt goes through Canton's TypecheckUpgrades.
# OUTPUT_FOLDER gets the DARs and index.json (package ids, templates, upgrade outcomes). With DARS_ALSO_CHECK naming
# a folder, its DARs (made from these, e.g. renamed) are type-checked too, and upgrade-checked per package name.
#
# The tools are Canton 3.5's own Daml-LF classes, built from Canton's sources vendored in daml/toolchain/ into the
# committed daml/toolchain/daml-lf-toolchain.jar (daml/toolchain/build.sh rebuilds it and checks it byte for byte).
# Maven (daml/build/pom.xml) resolves the jar's runtime dependencies (Scala, scalaz, protobuf-java, ...) from the
# registry, compiles BuildDars.java and runs it, in one invocation. DAML_LF_CLASSPATH, when set, replaces all of that:
# a Java classpath holding Canton's Daml-LF classes and their dependencies, used as given (javac and java, no Maven).
#
# Exit codes: 0 built and every expectation held; 1 a model or an upgrade expectation failed (the reason is printed);
# 2 bad usage; 3 the toolchain is missing (no java, no mvn, no toolchain jar, or its dependencies do not resolve).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
case "${1:-}" in
  -h | --help)
    sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | grep '^#' | sed 's/^# \{0,1\}//'
    exit 0
    ;;
esac
if [ "$#" -gt 1 ]; then
  echo "daml/build.sh: expected at most one argument (the output folder), got $#; see daml/build.sh --help" >&2
  exit 2
fi
out="${1:-$here/dars}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"

if ! command -v java > /dev/null 2>&1; then
  echo "daml/build.sh: java is not installed (the DAR build needs a JDK 17 or later)" >&2
  exit 3
fi

if [ -n "${DAML_LF_CLASSPATH:-}" ]; then
  classes="$(mktemp -d)"
  trap 'rm -rf "$classes"' EXIT
  if ! command -v javac > /dev/null 2>&1; then
    echo "daml/build.sh: javac is not installed (the DAR build needs a JDK 17 or later)" >&2
    exit 3
  fi
  javac -nowarn -d "$classes" -cp "$DAML_LF_CLASSPATH" "$here/build/src/main/java/conformance/daml/BuildDars.java" \
    2> >(grep -v '^Note: ' >&2)
  # The stable package DA.Types and its manifest, ahead of the classpath's own (see daml/build/pom.xml).
  mkdir -p "$classes/compiler/damlc/stable-packages"
  cp "$here/stable-packages/"*.dalf "$here/stable-packages/stable-packages-manifest-v2.txt" \
    "$classes/compiler/damlc/stable-packages/"
  exec java -cp "$classes:$DAML_LF_CLASSPATH" conformance.daml.BuildDars "$here/models.txt" "$here/lf" "$out"
fi

if ! command -v mvn > /dev/null 2>&1; then
  echo "daml/build.sh: mvn is not installed (the DAR build needs Maven to resolve the Daml-LF toolchain's" \
    "dependencies; or set DAML_LF_CLASSPATH)" >&2
  exit 3
fi
jar="$here/toolchain/daml-lf-toolchain.jar"
if [ ! -s "$jar" ]; then
  echo "daml/build.sh: the Daml-LF toolchain jar $jar is missing; build it with npm run daml:toolchain" >&2
  exit 3
fi
target="$(mktemp -d)"
log="$target/maven.log"
trap 'rm -rf "$target"' EXIT
if mvn -B -q -Dstyle.color=never -f "$here/build/pom.xml" -Ddars.out="$out" -Ddars.buildDirectory="$target/build" \
  compile exec:exec > "$log" 2>&1; then
  sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -v -e '^SLF4J' -e '^$' || true
  exit 0
fi
if grep -q -E 'Could not resolve dependencies|Could not find artifact|was not found in' "$log"; then
  echo "daml/build.sh: the Daml-LF toolchain's dependencies (daml/build/pom.xml) do not resolve from the Maven" \
    "registry this machine reaches (offline?); set DAML_LF_CLASSPATH to a classpath holding them. Maven said:" >&2
  grep -E 'Could not resolve|Could not find|was not found' "$log" | head -3 >&2
  exit 3
fi
sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -v -e '^SLF4J' -e '^$' >&2
exit 1
