/* The differential fuzzer (fuzz_potrf, fuzz_geqrf, fuzz_getrf): one
 * random case of the routine under test drawn from a seed and a case
 * number, the same on every process, and the driver that runs it through
 * the bad-argument testers' machinery (testing/args: args_run_case and
 * args_judge compare hetscal with the reference ScaLAPACK). */
#ifndef FUZZ_H
#define FUZZ_H

#include "testing/args/args.h"

/* What a case draws before it knows its grid: the precision (index in
 * args_precisions) and the grid (index in the driver's list). */
struct fuzz_pick {
    int prec, grid;
};

/* Case K of SEED: the pick, then, when c is not NULL, the call as process
 * g sees it (g->in = 0 outside the grid: the same arguments with g's
 * context).  All processes draw the same numbers; only what depends on
 * the process (LLD, P?GEQRF's LWMIN, a field changed on the grid's last
 * process) differs.  WHAT, when not NULL, receives a short description of
 * the call (WHAT_LEN bytes). */
/* 1 (-known): also draw what the generator leaves out for a known
 * mismatch that is not fixed (each named in fuzz_case.c), so that its
 * reproducer still shows it. */
extern int fuzz_known;

void fuzz_case(unsigned long seed, long k, int ngrids, struct fuzz_pick *pick,
               struct args_call *c, const struct args_grid *g, char *what,
               size_t what_len);

#endif /* FUZZ_H */
