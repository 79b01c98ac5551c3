#!/bin/sh
# Timed emulation (HETSCAL_EMU_TIMING) on testing/data/tiny.machine, a
# file that cannot be read leaving the emulation untimed, and the GPU rate
# probe on timing/machines/emu.machine's 100 GF/s GPUs: a plain program,
# no MPI (UCX's hooks off, as for t_device).
OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 UCX_MEM_EVENTS=no
export OPENBLAS_NUM_THREADS OMP_NUM_THREADS UCX_MEM_EVENTS
run() { timeout -k 10 "${HETSCAL_TEST_TIMEOUT:-600}" "$top_builddir/testing/t_emu_timing" "$@"; }
HETSCAL_EMU_TIMING="$top_srcdir/testing/data/tiny.machine" run timed || exit 1
HETSCAL_EMU_TIMING="$top_builddir/testing/no-such.machine" run untimed || exit 1
HETSCAL_EMU_TIMING="$top_srcdir/timing/machines/emu.machine" run probe 100
