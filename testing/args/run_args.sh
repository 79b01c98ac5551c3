#!/bin/sh
# run_args.sh ROUTINE NP GRID...: runs the bad-argument tester
# testing/args_ROUTINE (pdpotrf or pdgeqrf) on NP ranks over the grids
# given; passes when it exits 0 (its exit status is the number of failed
# cases).  Used by testing/args_*np*.sh; five minutes at most by default.
routine=$1 np=$2
shift 2
HETSCAL_TEST_TIMEOUT=${HETSCAL_TEST_TIMEOUT:-300}
export HETSCAL_TEST_TIMEOUT
$LAUNCH "$np" "$top_builddir/testing/args_$routine" "$@"
rc=$?
[ "$rc" -eq 0 ] && exit 0
echo "args_$routine on $np ranks: exit status $rc (number of failed cases, or a crash)"
exit 1
