/* Pieces shared by the field tests (t_long_run, t_fork, t_unusual_callers):
 * one PDPOTRF or PDGEQRF call on a BLACS grid checked against the
 * reference ScaLAPACK (its shared object, dlopen), and what the process
 * holds (resident memory, threads, file descriptors) from /proc/self. */
#ifndef TESTING_FIELD_COMMON_H
#define TESTING_FIELD_COMMON_H

#include <mpi.h>

/* One factorization: routine, sizes and block sizes; sub(A) = A(1:m, 1:n),
 * MB = NB for PDPOTRF (m = n). */
typedef struct fc_case {
    int qr;          /* 0: PDPOTRF, 1: PDGEQRF */
    int upper;       /* PDPOTRF: uplo 'U' */
    int m, n, mb, nb;
    int seed;        /* of the matrix */
} fc_case;

/* Loads the reference PDPOTRF and PDGEQRF; 0 when they are not there. */
int fc_load_reference(void);

/* The MPI communicator BLACS uses for ctxt (no hetscal involved). */
MPI_Comm fc_blacs_comm(int ctxt);

/* How fc_run checks hetscal's result. */
enum fc_check {
    FC_CHECK_INFO,       /* INFO = 0, guard zones intact */
    FC_CHECK_REFERENCE,  /* and the reference ScaLAPACK's result, same grid */
    FC_CHECK_LAPACK      /* and LAPACK's DPOTRF/DGEQRF on sub(A) gathered on
                            the grid's first rank (no ScaLAPACK, no BLACS
                            messages, no derived datatype: nothing that
                            holds memory of its own) */
};

/* Runs c on the grid of ctxt (every rank of the grid calls it, at the
 * same time) with hetscal's routine (pdpotrf_/pdgeqrf_ as linked); the
 * factor (the triangle for PDPOTRF; R, V and TAU for PDGEQRF) must agree
 * with the check's within a few hundred eps, everything else must be
 * untouched and INFO = 0.  Returns the verdict of the grid (1: passed)
 * and sets *diff (in eps, largest over the grid). */
int fc_run(int ctxt, const fc_case *c, int check, double *diff);

/* Called by fc_run right before (entering = 1) and right after (0) each
 * factorization by hetscal's routine, not the reference's; NULL: none. */
extern void (*fc_around_call)(int entering);

/* What this process holds now. */
typedef struct fc_usage {
    long rss_kib;    /* VmRSS */
    int threads;     /* /proc/self/task entries */
    int fds;         /* /proc/self/fd entries */
    double heap_mib; /* malloc's bytes in use (mallinfo2: arenas and mmaps) */
} fc_usage;

void fc_usage_now(fc_usage *u);

#endif
