/* The right-hand sides the tester solves with the factor under test
 * (xllt, xlu): the NRHS and NBRHS records of LLT.dat and LU.dat (read
 * here, their legality too), and the square system a case solves
 * (solved, and its residual computed, by solve_body.h). */
#ifndef TESTER_RHS_H
#define TESTER_RHS_H

#include <stdint.h>

#include "dist.h"
#include "tester.h"

/* struct tester_rhs and tester_read_rhs are declared in tester.h, with
 * the rest of the input.  Whether every NRHS is >= 0 and every NBRHS >= 1. */
int tester_rhs_legal(const struct tester_rhs *rhs);

/* Those four records in the first section of xllt's and xlu's built-in
 * inputs: both solve for 3 right-hand sides in blocks of 2. */
#define TESTER_RHS_DEFAULT_RECORDS \
    "1              number of NRHS's\n" \
    "3              values of NRHS\n" \
    "1              number of NBRHS's\n" \
    "2              values of NBRHS\n"

struct tester_system;
/* Solves the system S for the NRHS right-hand sides in X (rows IA..IA+N-1
 * from column 1, distributed like A's rows) with the reference P?POTRS or
 * P?GETRS on S's factor; returns its INFO. */
typedef int tester_solve_fn(const struct tester_system *s, int nrhs,
                            struct tester_dist *x);

/* sub(A) X = B with sub(A) = A0(IA:IA+N-1, JA:JA+N-1), its factor under
 * test in FACTOR (A0's layout), the right-hand sides random from SEED;
 * SOLVE solves with the factor, ARG what it needs besides. */
struct tester_system {
    const struct tester_dist *a0, *factor;
    int n, ia, ja;
    uint64_t seed;
    tester_solve_fn *solve;
    const void *arg;
};

#endif /* TESTER_RHS_H */
