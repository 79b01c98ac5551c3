#!/bin/sh
# run_lu.sh NP [-precision LIST] [INPUT]: runs the P?GETRF tester on NP
# ranks through the test launcher with HETSCAL_VERBOSE=1; passes only if
# every rank exits 0, the summary reports no failed case and hetscal's
# verbose lines show that every P?GETRF call of each precision was
# hetscal's.  With HETSCAL_DEVICES set, also prints each precision's tasks
# run on GPUs.  Used by testing/lu_*.sh.
np=$1; shift
. "${top_srcdir:-.}/testing/tester/run_common.sh"
tester_start run_lu.sh xlu
tester_run_verbose "$np" "$@"
tester_check_calls getrf run_lu.sh "$(tester_summary_calls GETRF)"
tester_finish xlu "$np" GETRF 1
