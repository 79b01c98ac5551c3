#!/bin/sh
# run_args.sh ROUTINES PRECISIONS NP GRID...: runs the bad-argument tester
# testing/args_ROUTINE (potrf, geqrf) for each routine and precision
# (s, d, c, z) given, on NP ranks over the grids given.  Fails when any run
# fails (its exit status is the number of failed cases); skips (77) when
# none failed but some run only had the reference to compare with itself
# (libhetscal lacks that routine); passes otherwise.  Used by
# testing/args_*np*.sh; five minutes at most per run by default.
routines=$1 precisions=$2 np=$3
shift 3
HETSCAL_TEST_TIMEOUT=${HETSCAL_TEST_TIMEOUT:-300}
export HETSCAL_TEST_TIMEOUT
failed= skipped=
for routine in $routines; do
    for p in $precisions; do
        $LAUNCH "$np" "$top_builddir/testing/args_$routine" -precision "$p" "$@"
        rc=$?
        case $rc in
        0) ;;
        77) skipped="$skipped p${p}$routine" ;;
        *) echo "args_$routine -precision $p on $np ranks: exit status $rc" \
                "(number of failed cases, or a crash)"
           failed="$failed p${p}$routine" ;;
        esac
    done
done
if [ -n "$failed" ]; then
    echo "FAILED:$failed"
    exit 1
fi
if [ -n "$skipped" ]; then
    echo "SKIPPED (libhetscal lacks the routine):$skipped"
    exit 77
fi
exit 0
