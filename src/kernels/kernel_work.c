/* The work of one task (see kernel_work.h): its kind's work function
 * (declared with the kernels, kernels/NAME_kernels.c), which reads the
 * task's accesses' shapes and iparam as the kernels
 * (kernels/NAME_kernels_body.h) read them, or the runtime's own tasks'
 * here.  Flops of the BLAS and
 * LAPACK routines that LAPACK Working Note 41 counts (GEMM, SYRK/HERK,
 * TRSM/TRMM, POTRF, GETRF, GEQRF, TRTRI) are its counts, lower-order
 * terms included (util/flop_counts.h), and so is ?ORMQR, reflector by
 * reflector; the blocked QR pieces it does not count (?GEQRT, ?TPQRT,
 * ?TPMQRT, ?LARFT, ?ORHR_COL) are counted block by block from their LAPACK
 * algorithms, leading terms only. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "kernels/kernel_work.h"
#include "kernels/lu_kernels.h"
#include "kernels/qr_kernels.h"
#include "util/flop_counts.h"
#include "util/precision.h"

/* The runtime's own tasks.  fill and write_back (runtime/dist.c) copy a
 * home tile between the caller's matrix and the tile: read and write it
 * once each.  copy (runtime/dist_devices.c): one tile between host and
 * accelerator, counted once. */
static int home_copy(const hs_task *t, int esize, hs_work_parts *p)
{
    p->bytes = 2.0 * hs_work_rows(t, 0) * hs_work_cols(t, 0) * esize;
    p->main = HS_WORK_MEMORY;
    p->size = hs_work_cols(t, 0);
    return 0;
}

static int device_copy(const hs_task *t, int esize, hs_work_parts *p)
{
    p->bytes = (double)hs_work_rows(t, 0) * hs_work_cols(t, 0) * esize;
    p->main = HS_WORK_MEMORY;
    p->size = hs_work_cols(t, 0);
    return 0;
}

/* Messages take the network's time, not a worker's. */
static int message(const hs_task *t, int esize, hs_work_parts *p)
{
    (void)t;
    (void)esize;
    p->main = HS_WORK_MEMORY;
    return 0;
}

/* The runtime's own kinds (runtime/engine.h), by address. */
static int runtime_work(const hs_task *t, int esize, hs_work_parts *p)
{
    if (t->kind == &hs_kind_fill || t->kind == &hs_kind_write_back)
        return home_copy(t, esize, p);
    if (t->kind == &hs_kind_copy)
        return device_copy(t, esize, p);
    if (t->kind == &hs_kind_send || t->kind == &hs_kind_recv)
        return message(t, esize, p);
    return -1;
}

int hs_work_gemm_size(double flops)
{
    return (int)(cbrt(flops / 2) + 0.5);
}

int hs_kernel_work(const hs_task *t, int prec, hs_work *w)
{
    *w = (hs_work){ .cls = HS_WORK_GEMM };
    if (!t->kind || prec < 0 || prec >= HS_NPRECS || t->nacc < t->kind->nacc)
        return -1;
    hs_work_parts p = { .main = HS_WORK_GEMM };
    int esize = (int)hs_prec_bytes(prec);
    if (t->kind->work ? t->kind->work(t, esize, &p) : runtime_work(t, esize, &p))
        return -1;
    int cls = p.main;
    double flops = 0;
    for (int c = 0; c < HS_NWORK; c++) {
        flops += p.flops[c];
        if (p.flops[c] > p.flops[cls])
            cls = c;
    }
    int gemm_size = p.size;
    if (p.flops[HS_WORK_GEMM] > 0) {
        int cube = hs_work_gemm_size(p.flops[HS_WORK_GEMM]);
        gemm_size = cube > p.size ? cube : p.size;
    }
    /* A complex multiply-add is 4 real ones. */
    double scale = hs_prec_complex(prec) ? 4 : 1;
    *w = (hs_work){ .cls = cls, .flops = scale * flops, .bytes = p.bytes,
                    .team_pieces = p.team_pieces, .team_rounds = p.team_rounds,
                    .rows = p.rows, .exchanges = p.exchanges,
                    .exchange_members = p.exchange_members,
                    .exchange_bytes = p.exchange_bytes, .device_copies = p.device_copies,
                    .device_bytes = p.device_bytes };
    for (int c = 0; c < HS_NWORK; c++) {
        w->part_flops[c] = scale * p.flops[c];
        w->part_size[c] = p.part_size[c] > 0 ? p.part_size[c]
                          : c == HS_WORK_GEMM ? gemm_size
                                              : p.size;
    }
    w->size = w->part_size[cls];
    return 0;
}
