#!/usr/bin/env bash
# `make test`: every test, then once more, alone, each test that failed. A test that passes
# on that second run is named as flaky at the end and does not fail the run: the
# pseudo-terminal tests play real games against the clock, and a loaded machine can make
# one miss its moment. A test that fails twice fails the run. Either way what failed is
# repeated at the end of the output, since CI keeps only its last lines; the whole first
# run is in .build/test.log.
set -uo pipefail
swift="${SWIFT:-swift}"
log=.build/test.log
mkdir -p .build

"$swift" test 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
[ "$status" -eq 0 ] && exit 0

summary() {  # what failed in log $1, short
    grep -E 'recorded an issue|Fatal error|signal code|error: ' "$1" | cut -c1-400 | head -12
}
names=$(grep -oE '✘ Test [A-Za-z_][A-Za-z0-9_]*\(' "$log" | sed -E 's/^✘ Test //; s/\($//' | sort -u)
if [ -z "$names" ]; then
    echo; echo "== What failed (no test to run again; the whole log is $log) =="
    summary "$log"
    exit "$status"
fi

filter=$(echo "$names" | sed -E 's/.*/\/&\\(/' | paste -sd '|')
echo; echo "== Running again, alone: $(echo "$names" | paste -sd ' ') =="
"$swift" test --skip-build --filter "$filter" > .build/test-again.log 2>&1
again=$?
tail -3 .build/test-again.log
echo
if [ "$again" -eq 0 ]; then
    echo "== Flaky: failed in the full run, passed alone =="
    summary "$log"
    exit 0
fi
echo "== What failed (twice; the logs are $log and .build/test-again.log) =="
summary .build/test-again.log
exit "$again"
