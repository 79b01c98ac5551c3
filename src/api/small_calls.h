/* Calls too small for hetscal to beat ScaLAPACK go to ScaLAPACK: the same
 * routine in the next library of the link chain, which factors them in
 * place as the program would have without hetscal, so that preloading
 * hetscal never makes a call slower.
 *
 * Which calls is measured, not assumed: the first call of a kind (routine,
 * precision, UPLO, grid shape, block size, threads, accelerators) whose
 * work is at most that of an HS_SMALL_CALLS_MAX_N-order factorization
 * times both libraries on scratch matrices of that kind, orders 64,
 * 64 sqrt 2, 128, ... (best of HS_SMALL_CALLS_REPEATS runs each,
 * interleaved, the slowest rank's time), until hetscal wins at two orders
 * in a row.  The crossover (between the last order ScaLAPACK won and the
 * next) goes to the rates file under the kind's signature, so later runs
 * on the same kind of machine decide alike; a call goes to ScaLAPACK when
 * its work is at most an order-crossover factorization's.  Rank (0,0)
 * reads the file and decides for the grid, so ranks with different files
 * still agree.  All this under HETSCAL_SMALL_CALLS=measured;
 * =hetscal (the default) keeps every call on hetscal, =N sends those of at
 * most an N x N call's work. */
#ifndef HETSCAL_API_SMALL_CALLS_H
#define HETSCAL_API_SMALL_CALLS_H

#include "api/call_entry.h"

enum { HS_SMALL_CALLS_MIN_N = 64, HS_SMALL_CALLS_MAX_N = 2048, HS_SMALL_CALLS_REPEATS = 3 };

/* Whether the call goes to `next` (the routine in the next library; NULL:
 * none is linked, so hetscal runs it).  After hs_config_agree; collective
 * when the call is small enough to ask, and the same answer on every rank.
 * HETSCAL_VERBOSE says why on rank (0,0); level 2 also prints the
 * measurements. */
int hs_small_call_to_next(const hs_entry_rules *r, const hs_factorization *f, hs_call *c,
                          void *next);

#endif
