#!/bin/sh
# run_fuzz.sh SEED CASES [NP [ROUTINES]]: the differential fuzzer's
# programs (testing/fuzz_potrf, fuzz_geqrf, fuzz_getrf, or those of the
# ROUTINES named, e.g. "geqrf") on NP ranks (default 4), cases
# 0 .. CASES-1 of SEED each.  Each failed case prints the command
# line that runs it alone.  Fails when any program fails (its exit status
# is the number of failed cases); passes otherwise.  Used by
# testing/fuzz_np4.sh and .ci/run; needs LAUNCH and top_builddir (the
# test environment sets them; .ci/run too).
seed=$1 cases=$2 np=${3:-4} routines=${4:-potrf geqrf getrf}
HETSCAL_TEST_TIMEOUT=${HETSCAL_TEST_TIMEOUT:-300}
export HETSCAL_TEST_TIMEOUT
echo "fuzz: seed $seed, $cases cases per routine on $np ranks"
failed=
for routine in $routines; do
    $LAUNCH "$np" "$top_builddir/testing/fuzz_$routine" -seed "$seed" \
        -cases "$cases"
    rc=$?
    if [ "$rc" != 0 ]; then
        echo "fuzz_$routine -seed $seed on $np ranks: exit status $rc" \
             "(number of failed cases, or a crash)"
        failed="$failed $routine"
    fi
done
if [ -n "$failed" ]; then
    echo "FAILED:$failed (seed $seed)"
    exit 1
fi
exit 0
