/* The rate classes of the cost model: which of a machine's rates
 * (util/machine_file.h) a kernel's flops run at.  The kernels' work
 * functions (kernels/kernel_work.h) sort a task's flops into them, a
 * machine file rates each, and the timed emulation (device/emu) times an
 * emulated GPU's kernels by them. */
#ifndef HETSCAL_UTIL_WORK_CLASS_H
#define HETSCAL_UTIL_WORK_CLASS_H

/* Rate classes.  MEMORY: bound by memory bandwidth (tile copies, row
 * interchanges): hs_work's `bytes` (kernels/kernel_work.h) counts what it
 * reads plus what it writes.
 * TPQRT, TPMQRT and ORHR are QR's tree and reconstruction kernels
 * (kernels/qr_kernels.h), blocked in HS_QR_IB columns; GEMQRT is a leaf's
 * reflectors applied (?ORMQR, on the leaf's device), and a tree node's
 * on a device (qr_tree_down, the same ?ORMQR on a 2w x w stack); LARFT is the
 * triangular factor T of a panel's reflectors formed on a device
 * (cuSOLVER's ?larft after its ?geqrf).  GETRF_TEAM, POTRF_TEAM and
 * GEQRF_TEAM are LU's host panel, Cholesky's wide diagonal block and
 * QR's one-tile host panel over a team of workers
 * (kernels/lu_panel_team_body.h, chol_panel_team_body.h,
 * qr_panel_team_body.h): the rate is one member's, with every piece run
 * by it; the team divides the time (sim/sim_machine.c).  They run well below
 * the rates of GEQRF or GEMM at the same size, so they have rates of their
 * own (a machine that does not rate them gives hs_work_fallback's).  QR's
 * tree kernels over a team (kernels/qr_tree_team_body.h) are LAPACK's own
 * on column pieces: they keep TPQRT and TPMQRT, the team sharing the
 * TPMQRT part; the reconstruction over a team shares ORHR but for its
 * LU's panels, counted as TRSM on the leader.  GEMM_SUM is a host GEMM
 * C = A^H B whose output is small against its length, QR's sums over a
 * strip's rows or a one-row panel's group of columns (qr_vta_strip,
 * qr_column over several columns): BLAS libraries run it at a rate set by
 * C's rows as called (the size it is rated by), not by its work's cube
 * root as a GEMM's (a 128-row output over thousands of rows runs at about
 * a 128-tile GEMM's rate, a 512-row one well above it), so it has its
 * own.  A machine that does not rate it prices it as a GEMM of the same
 * work (sim/sim_machine.c).  LU_SPREAD is a spread LU panel's part
 * (kernels/lu_spread_panel.h) without its exchanges, which the model
 * prices apart: its own loop over the columns, not LAPACK's ?GETRF, so
 * its own rate, by the panel's width. */
enum hs_work_class {
    HS_WORK_GEMM, HS_WORK_SYRK, HS_WORK_TRSM, HS_WORK_POTRF,
    HS_WORK_GEQRF, HS_WORK_GETRF, HS_WORK_TPQRT, HS_WORK_TPMQRT,
    HS_WORK_GEMQRT, HS_WORK_ORHR, HS_WORK_LARFT, HS_WORK_GETRF_TEAM, HS_WORK_POTRF_TEAM,
    HS_WORK_GEQRF_TEAM, HS_WORK_GEMM_SUM, HS_WORK_LU_SPREAD, HS_WORK_MEMORY, HS_NWORK
};

/* Class names: "gemm", "syrk", "trsm", "potrf", "geqrf", "getrf",
 * "tpqrt", "tpmqrt", "gemqrt", "orhr", "larft", "getrf_team", "potrf_team",
 * "geqrf_team", "gemm_sum", "lu_spread", "memory" (the machine file's keys,
 * util/machine_file.h). */
extern const char *const hs_work_class_name[HS_NWORK];

/* The class whose rate stands in for class c on a machine that does not
 * rate c (the nearest kernel: TPQRT a GEQRF, TPMQRT and GEMQRT a GEMM,
 * ORHR a TRSM, its larger part, LARFT a SYRK: T's work is the Gram
 * matrix of the reflectors, GETRF_TEAM a GETRF, POTRF_TEAM a POTRF,
 * GEQRF_TEAM a GEQRF, GEMM_SUM a GEMM, LU_SPREAD a GETRF); c itself for
 * the others. */
int hs_work_fallback(int c);

#endif
