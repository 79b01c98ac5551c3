/* One double-precision test problem of PDPOTRF, PDGEQRF or PDGETRF on a
 * process grid (N x N, NB x NB blocks, IA = JA = 1), shared by the tests
 * that call a routine again and again under failures (t_out_of_memory,
 * t_memory_limit): its local arrays, the matrix it fills, and the same
 * call to hetscal or to the ScaLAPACK linked after it. */
#ifndef TESTING_FACTOR_PROBLEM_H
#define TESTING_FACTOR_PROBLEM_H

#include <stddef.h>

enum routine { POTRF, GEQRF, GETRF, NROUTINES };

typedef struct problem {
    int routine, n, nb, desc[9], lld, nloc_r, nloc_c, myrow, mycol, nprow, npcol, lwork;
    const char *uplo;            /* PDPOTRF's: "L" (problem_init) or "U" */
    size_t count, ntau, nipiv;   /* values in a, tau, ipiv */
    double *a, *tau, *work;
    int *ipiv;
} problem;

/* The routine's name ("PDPOTRF") and symbol ("pdpotrf_"). */
const char *problem_name(int routine);

/* Sets up p for an n x n matrix in nb blocks on grid ctxt (its arrays
 * allocated, LWORK generous); 0, or -1 when out of memory. */
int problem_init(problem *p, int ctxt, int n, int nb);
void problem_free(problem *p);

/* Fills A: SPD for Cholesky (n on the diagonal), a full-rank matrix for
 * QR and LU; the same values every time. */
void problem_fill(problem *p);

/* Fills A and factors it: next = 0 calls hetscal's routine, 1 the one
 * the next library in the link chain exports (dlsym(RTLD_NEXT)).
 * Returns INFO, or -1 when there is no next routine. */
int problem_factor(problem *p, int next);

/* A call's outputs kept to compare later ones with (A, and TAU or IPIV). */
typedef struct problem_outputs {
    double *a, *tau;
    int *ipiv;
} problem_outputs;

int problem_outputs_init(problem_outputs *o, const problem *p);   /* 0 or -1 */
void problem_outputs_free(problem_outputs *o);
void problem_keep(const problem *p, problem_outputs *o);
/* Whether p's outputs are o's bit for bit (TAU for QR, IPIV for LU). */
int problem_same(const problem *p, const problem_outputs *o);

#endif
