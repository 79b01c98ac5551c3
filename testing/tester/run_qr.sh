#!/bin/sh
# run_qr.sh NP [-precision LIST] [INPUT]: runs the P?GEQRF tester on NP
# ranks through the test launcher with HETSCAL_VERBOSE=1; passes only if
# every rank exits 0, the summary reports no failed case and hetscal's
# verbose lines show that every P?GEQRF call of each precision (the
# tester's and the reference P?GELS's) was hetscal's
# (HETSCAL_EXPECT_VERBOSE=0 drops that check).  With HETSCAL_DEVICES set,
# also prints each precision's tasks run on GPUs.  Used by
# testing/qr_*.sh.
np=$1; shift
. "${top_srcdir:-.}/testing/tester/run_common.sh"
tester_start run_qr.sh xqr
tester_run_verbose "$np" "$@"
tester_check_calls geqrf run_qr.sh "$(tester_summary_calls GEQRF)"
check_calls=1
[ "${HETSCAL_EXPECT_VERBOSE:-1}" != 0 ] || check_calls=0
tester_finish xqr "$np" GEQRF $check_calls
