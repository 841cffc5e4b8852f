#!/usr/bin/env bash
# The IntelliJ client's figures (intellij-shell/bridge-client, Kotlin) against the real sidecar:
# start to hello, tree/search round trips decoded into the generated classes, restart with replay.
#   bench/bridge-client.sh [DIR] [RUNS]     (default: the sidecar benchmark's generated code base)
# Needs `npm run build` (dist/apiscout.mjs), Maven and a JDK 17+.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
module="$here/../intellij-shell/bridge-client"
dir="${1:-}"
if [ -z "$dir" ]; then
  dir="$(ls -d "$here"/out/gen-10000-k0-s1-* 2>/dev/null | head -1 || true)"
  [ -n "$dir" ] || { node "$here/scan.mjs" --files 10000 --runs 1 >/dev/null; dir="$(ls -d "$here"/out/gen-10000-k0-s1-* | head -1)"; }
fi
cd "$module"
mvn -B -q test-compile dependency:build-classpath -Dmdep.outputFile=target/bench.classpath >/dev/null
java -cp "target/classes:target/test-classes:$(cat target/bench.classpath)" \
  -Dapiscout.sidecar="$here/../dist/apiscout.mjs" dev.apiscout.bridge.ClientBench "$dir" "${2:-10}"
