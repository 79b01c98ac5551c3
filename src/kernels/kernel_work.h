/* What one task of a factorization costs, as the simulation's cost model
 * sees it (sim/sim_machine.h): the class of its dominant kernel (which
 * rate applies, util/work_class.h), its flops and bytes, and the size that
 * sets the rate.  Read from the task's name, its accesses' shapes and its
 * iparam, exactly as the kernels (kernels/NAME_kernels_body.h) use
 * them. */
#ifndef HETSCAL_KERNELS_KERNEL_WORK_H
#define HETSCAL_KERNELS_KERNEL_WORK_H

#include "runtime/engine.h"
#include "util/flop_counts.h"
#include "util/work_class.h"

typedef struct hs_work {
    int cls;          /* enum hs_work_class of the dominant part */
    double flops;     /* real flops (a complex multiply-add counts 8) */
    double bytes;     /* memory traffic: of MEMORY work, and of the row
                         interchanges of a task that also computes
                         (lu_column); 0 otherwise */
    int size;         /* the dimension that sets the rate: the tile or
                         panel width b; for GEMM work the side of the
                         square tile of the same work, (m n k)^(1/3),
                         when that is larger (hs_work_gemm_size); for
                         GEMM_SUM work the output's rows */
    /* Each class's part of flops and its rate-setting size (as `size`
     * says): a task of several kernels (lu_column's TRSM and GEMM) runs
     * each at its own rate. */
    double part_flops[HS_NWORK];
    int part_size[HS_NWORK];
    /* A kernel over a team of the rank's idle workers (runtime/team.h):
     * its pieces a round and its rounds (0: one core runs it). */
    int team_pieces, team_rounds;
    /* A panel kernel's height (LU's and QR's panels, whose GPU rate
     * grows with it: gpu.CLASS.rows); 0 for other tasks. */
    int rows;
    /* The exchanges of a spread task's part (runtime/exchange.h): how
     * many, among how many parts, each part's record in bytes. */
    int exchanges, exchange_members;
    double exchange_bytes;
    /* Run on an accelerator: the transfers between host and device on
     * its path, each a link's latency, and their bytes (a spread part's
     * rows and pivots a column); 0 for other tasks. */
    int device_copies;
    double device_bytes;
} hs_work;

/* What a task kind's work function (runtime/engine.h hs_task_kind)
 * fills: the real flops of each class, memory traffic, the class that
 * stands for a task without flops (`main`), and the size that sets the
 * rates (the tile or panel width; part_size: a class's own where it
 * differs, 0 where not). */
typedef struct hs_work_parts {
    double flops[HS_NWORK];
    double bytes;
    int main, size;
    int part_size[HS_NWORK];
    int team_pieces, team_rounds;   /* as hs_work's */
    int rows;                       /* as hs_work's */
    int exchanges, exchange_members;   /* as hs_work's */
    double exchange_bytes;
    int device_copies;                 /* as hs_work's */
    double device_bytes;
} hs_work_parts;

/* The rows and columns of a task's access k, for work functions. */
static inline int hs_work_rows(const hs_task *t, int k)
{
    return t->acc[k].handle->m;
}

static inline int hs_work_cols(const hs_task *t, int k)
{
    return t->acc[k].handle->n;
}

/* The rows of accesses first .. first + n - 1 (a strip's tiles). */
static inline int hs_work_rows_of(const hs_task *t, int first, int n)
{
    int rows = 0;
    for (int i = 0; i < n; i++)
        rows += t->acc[first + i].handle->m;
    return rows;
}

/* A task of one kernel: `flops` of class c, which also stands for it,
 * at the rate of size `size`.  Returns 0, as a work function does. */
static inline int hs_work_one(hs_work_parts *p, int c, double flops, int size)
{
    p->flops[c] = flops;
    p->main = c;
    p->size = size;
    return 0;
}

/* A task that only solves `rows` rows with a w x w triangle (?TRSM). */
static inline int hs_work_trsm(hs_work_parts *p, int w, int rows)
{
    return hs_work_one(p, HS_WORK_TRSM, hs_flops_tri(w, rows, 0), w);
}

/* The flops this model counts for one call of class c's QR kernel as the
 * tasks run it: TPQRT and TPMQRT on two w x w triangles with HS_QR_IB
 * inner blocks, GEMQRT applying w reflectors of `rows` rows to rows x w
 * (?ORMQR, util/flop_counts.h), ORHR on rows x w.  What a probe of the class divides by its time
 * (timing/predict's calibration); 0 for another class. */
double hs_work_qr_kernel_flops(int c, int rows, int w);

/* The side of the square tile of a GEMM's work (flops real, as counted
 * before a complex precision's factor): (m n k)^(1/3), which is b for a
 * b x b tile.  A GEMM's rate follows its whole shape, not one dimension:
 * the tall column updates of a single tile row (rows x b x b) run as fast
 * as a square tile of the same work. */
int hs_work_gemm_size(double flops);

/* The work of task t (a host or device task of src/algo, or the
 * runtime's fill/write_back/copy/send/recv tasks; a message is MEMORY of
 * 0 bytes, the network's cost is not a worker's) in precision prec
 * (enum hs_precision; C and Z count 4 real flops per complex one).
 * Returns 0, or -1 (then *w is a zero GEMM) for a task of no kind, or of
 * a kind without work that is not the runtime's, and for an lu_column
 * whose kk (hs_lu_column_args, the panel's pivot count) is not >= 1. */
int hs_kernel_work(const hs_task *t, int prec, hs_work *w);

#endif
