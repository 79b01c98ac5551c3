/* What one task of a factorization costs, as the simulation's cost model
 * sees it (api/sim_machine.h): the class of its dominant kernel (which rate
 * applies), its flops and bytes, and the size that sets the rate.  Read
 * from the task's name, its accesses' shapes and its iparam, exactly as
 * the kernels (kernels/NAME_kernels_body.h) use them. */
#ifndef HETSCAL_KERNELS_KERNEL_WORK_H
#define HETSCAL_KERNELS_KERNEL_WORK_H

#include "runtime/engine.h"

/* Rate classes.  MEMORY: bound by memory bandwidth (tile copies, row
 * interchanges): `bytes` counts what it reads plus what it writes. */
enum hs_work_class {
    HS_WORK_GEMM, HS_WORK_SYRK, HS_WORK_TRSM, HS_WORK_POTRF,
    HS_WORK_GEQRF, HS_WORK_GETRF, HS_WORK_MEMORY, HS_NWORK
};

typedef struct hs_work {
    int cls;          /* enum hs_work_class of the dominant part */
    double flops;     /* real flops (a complex multiply-add counts 8) */
    double bytes;     /* memory traffic: of MEMORY work, and of the row
                         interchanges of a task that also computes
                         (lu_column); 0 otherwise */
    int size;         /* the dimension that sets the rate: the tile or
                         panel width b; for GEMM work the side of the
                         square tile of the same work, (m n k)^(1/3),
                         when that is larger */
    /* Each class's part of flops and its rate-setting size (as `size`
     * says): a task of several kernels (lu_column's TRSM and GEMM) runs
     * each at its own rate. */
    double part_flops[HS_NWORK];
    int part_size[HS_NWORK];
} hs_work;

/* Class names: "gemm", "syrk", "trsm", "potrf", "geqrf", "getrf",
 * "memory" (the machine file's keys, api/sim_machine.h). */
extern const char *const hs_work_class_name[HS_NWORK];

/* The work of task t (a host or device task of src/algo, or the
 * runtime's fill/write_back/copy/send/recv tasks; a message is MEMORY of
 * 0 bytes, the network's cost is not a worker's) in precision prec
 * (enum hs_precision; C and Z count 4 real flops per complex one).
 * Returns 0, or -1 (then *w is a zero GEMM) for a task name it does not
 * know, and for an lu_column whose iparam[1] (the panel's kk, with off in
 * iparam[0], as kernels/lu_kernels.h says) is not >= 1. */
int hs_kernel_work(const hs_task *t, int prec, hs_work *w);

#endif
