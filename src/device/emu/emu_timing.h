/* Timed emulation (HETSCAL_EMU_TIMING=FILE, a machine file of
 * timing/predict): every copy and kernel of an emulated GPU takes the
 * time the simulation's cost model gives it (the file's gpu.* rates,
 * link.* and peer.*), and does no arithmetic and moves no data, so the emulated GPUs
 * leave the host's cores to the CPU workers.  The real runtime then runs
 * against GPUs whose speed is known, which is what timing/predict
 * simulates: timing/validate_emu.sh compares the two.  The factor such a
 * call returns is wrong (timing runs only, -nocheck). */
#ifndef HETSCAL_DEVICE_EMU_EMU_TIMING_H
#define HETSCAL_DEVICE_EMU_EMU_TIMING_H

#include "device/device.h"

/* Whether HETSCAL_EMU_TIMING is set and its file was read (read once per
 * process; a file that cannot be read is reported once on stderr and
 * leaves the emulation untimed). */
int hs_emu_timed(void);

/* Seconds of one kernel call and of one copy of m x n entries of esize
 * bytes, in timed emulation. */
double hs_emu_kernel_seconds(const hs_kernel_call *call);
double hs_emu_copy_seconds(int m, int n, int esize);

/* Whether emulated GPUs copy between each other without the host: always
 * untimed; timed, when the machine file has a peer link (peer.gbs); and
 * the seconds of such a copy of `bytes`. */
int hs_emu_peer_link(void);
double hs_emu_peer_seconds(size_t bytes);

/* Whether the emulated GPUs have the urgent stream (device/device.h):
 * untimed always; timed, when the machine file's GPUs have stream
 * priorities (gpu.stream_priorities), as its simulation does. */
int hs_emu_stream_priorities(void);

/* Whether MPI takes the emulated GPUs' memory as the timing machine's
 * does (mpi.gpu_memory; untimed: no, unless HETSCAL_GPU_MESSAGES says),
 * so that a timed run sends what its simulation sends. */
int hs_emu_mpi_memory(void);

#endif
