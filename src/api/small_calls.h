/* Calls too small for hetscal to beat the routine it replaces are handed
 * on (api/hand_on.h): to ScaLAPACK, the same routine in the next library
 * of the link chain, which factors them in place as the program would
 * have without hetscal; P?POTRF and P?GETRF on a grid of one process to
 * LAPACK's own ?POTRF or ?GETRF, the faster there.  So preloading hetscal
 * never makes a call slower.
 *
 * Which calls is measured, not assumed: the first call of a kind (routine,
 * precision, UPLO, grid shape, block size, rank (0,0)'s threads, node's
 * ranks and HETSCAL_DEVICES) whose work is at most half a step past the
 * top of the ladder of orders (64, 64 sqrt 2, 128, ...,
 * HS_SMALL_CALLS_MAX_N) times both libraries on scratch matrices of that
 * kind at every order of the ladder (best of HS_SMALL_CALLS_REPEATS runs
 * each, interleaved, the slowest rank's time) as long as the next order
 * is expected to keep the measurement within about two seconds; on one
 * process, where the hand-off is LAPACK's routine, the next library itself
 * as a third.  The orders the hand-off won (hetscal must be 3% faster to
 * win one; the next library must be 3% faster than LAPACK's routine to
 * take one from it) go to the rates file under the kind's signature
 * ("hand_on", a bit per order, a second bit per order for the next
 * library's), so later runs on the same kind of machine decide alike; a
 * call is handed on when the hand-off won the order nearest its work
 * (orders not measured run on hetscal).  Rank (0,0) reads the file and decides
 * for the grid before the argument checks, so ranks with different files
 * still agree, and a call handed on pays the checks' collective alone.
 * Where calls may run at once (MPI_THREAD_MULTIPLE) none is handed on:
 * ScaLAPACK is not thread-safe.  HETSCAL_SMALL_CALLS=hetscal keeps every
 * call on hetscal, =N hands on those of at most an N x N call's work,
 * whatever was measured. */
#ifndef HETSCAL_API_SMALL_CALLS_H
#define HETSCAL_API_SMALL_CALLS_H

#include "api/call_entry.h"

enum { HS_SMALL_CALLS_MIN_N = 64, HS_SMALL_CALLS_MAX_N = 2048, HS_SMALL_CALLS_REPEATS = 3,
       HS_SMALL_CALLS_ORDERS = 11 /* 64 to 2048 by factors of sqrt 2 */ };

/* The ladder's k-th order, HS_SMALL_CALLS_MIN_N times sqrt 2 to the k. */
int hs_small_calls_order(int k);

/* What rank (0,0) decides before the argument checks, and every rank
 * learns from the checks' own collective (hs_pchk1mat's root words): a
 * call handed on thus costs that one collective, not the configuration's
 * agreement too. */
enum { HS_SMALL_HETSCAL = 0, HS_SMALL_NEXT = 1, HS_SMALL_MEASURE = 2, HS_SMALL_NEXT_ITSELF = 3 };
typedef struct hs_small_plan {
    int word;            /* HS_SMALL_*: hetscal runs it, it is handed on
                            (hs_hand_on: LAPACK's routine on one process,
                            else the next library), the kind is measured
                            first, or it goes to the next library itself
                            (one process, where that was the faster) */
    int order;           /* rank (0,0): HETSCAL_SMALL_CALLS=N's order, or
                            the ladder's order nearest the call */
    int won;             /* the orders the hand-off won (bit k: order k of
                            the ladder; bit 16 + k: the next library
                            itself the faster hand-off there); -1:
                            decided by order alone */
    const char *from;    /* where that came from (rank (0,0)) */
    int verbose;         /* rank (0,0)'s HETSCAL_VERBOSE */
} hs_small_plan;

/* On rank (0,0), c->grid set: the plan from its own configuration (cfg,
 * as hs_config_read gives it), this process's memory and its rates file.
 * may_hand_on: the next library has the routine and may be called (else
 * hetscal runs every call). */
void hs_small_call_plan(const hs_factorization *f, const hs_call *c, const hs_config *cfg,
                        int may_hand_on, hs_small_plan *plan);

/* HETSCAL_VERBOSE's line for a call handed on (rank (0,0) only). */
void hs_small_call_say(const hs_call *c, const hs_small_plan *plan);

/* For a call planned HS_SMALL_MEASURE, after the configuration is agreed
 * (collective): the measurement, kept by rank (0,0), where every rank
 * can hand on (next, or LAPACK); where the call goes, the same on every
 * rank: HS_SMALL_HETSCAL (0), HS_SMALL_NEXT or HS_SMALL_NEXT_ITSELF (plan's
 * word, order and from updated). */
int hs_small_call_measured(const hs_entry_rules *r, const hs_factorization *f, hs_call *c,
                           void *next, hs_small_plan *plan);

#endif
