/* Internal interfaces of timing/time_scalapack, the side-by-side timer of
 * hetscal's and the reference ScaLAPACK's routines: the input and its cases
 * (time_input.c, time_options.c, time_default_input.c), the routines timed
 * (one table each: time_potrf.c, time_geqrf.c), threads per rank
 * (time_threads.c), the DGEMM ceiling (time_ceiling.c), the reference
 * library (time_reference.c) and statistics (time_stats.c). */
#ifndef TIME_SCALAPACK_H
#define TIME_SCALAPACK_H

#include <stdio.h>

#include "llt_matrix.h"
#include "time_blas_threads.h"

#define TIME_MAX_VALUES 32
#define TIME_DEVICES_LEN 32

/* Any routine, before it is cast back to its own type. */
typedef void time_fn(void);

/* PDGEQRF as ScaLAPACK defines it (no character arguments), and what the
 * residual check uses from the reference ScaLAPACK and PBLAS. */
void pdgeqrf_(const int *m, const int *n, double *a, const int *ia,
              const int *ja, const int *desca, double *tau, double *work,
              const int *lwork, int *info);
void pdormqr_(const char *side, const char *trans, const int *m,
              const int *n, const int *k, double *a, const int *ia,
              const int *ja, const int *desca, const double *tau, double *c,
              const int *ic, const int *jc, const int *descc, double *work,
              const int *lwork, int *info, size_t side_len, size_t trans_len);
void pdgeadd_(const char *trans, const int *m, const int *n,
              const double *alpha, const double *a, const int *ia,
              const int *ja, const int *desca, const double *beta, double *c,
              const int *ic, const int *jc, const int *descc,
              size_t trans_len);

/* One timed case, all global. */
struct time_case {
    const struct time_routine *routine;
    int m, n, nb, p, q;
    int threads;               /* per rank; 0: cores / grid ranks on the node */
    char devices[TIME_DEVICES_LEN]; /* HETSCAL_DEVICES, "-": leave it alone */
    char uplo;                 /* PDPOTRF's triangle */
    int reps, check;
    double thresh;
    int ceiling_nb;            /* DGEMM size of the ceiling, 0: min(N, 384) */
};

/* The state of one case on one process of its grid.  The timer creates A
 * (M-by-N, NB-by-NB blocks, first block on process (0,0)) before setup and
 * destroys it after teardown.  REF is the reference routine (dlsym). */
struct time_run {
    const struct time_case *c;
    int context;
    time_fn *ref;
    struct llt_dist a;
    struct llt_problem pb;
    void *extra;               /* the routine's own (TAU and WORK for QR) */
};

/* A routine the timer knows: the difference between PDPOTRF and PDGEQRF is
 * all here.  The functions run on the processes of the grid; setup (0 or
 * -1) and teardown may be NULL; fill regenerates A; call returns INFO;
 * residual returns the scaled residual of what the last call left in A. */
struct time_routine {
    const char *key;           /* as in the input: "POTRF" */
    const char *name;          /* "PDPOTRF" */
    const char *symbol;        /* "pdpotrf_" */
    time_fn *ours;             /* the routine the program links (hetscal's) */
    const char *flops_text;    /* how the GFLOP/s are counted */
    const char *resid_text;    /* what the residual is */
    double (*flops)(int m, int n);
    int (*setup)(struct time_run *run);
    void (*fill)(struct time_run *run);
    int (*call)(struct time_run *run, int ours);
    double (*residual)(struct time_run *run);
    void (*teardown)(struct time_run *run);
};

extern const struct time_routine time_potrf, time_geqrf;
/* NULL-terminated list of the routines above. */
extern const struct time_routine *const time_routines[];

/* One input section: lists whose cross product gives the cases. */
struct time_section {
    char title[128];
    const struct time_routine *routines[TIME_MAX_VALUES];
    int nroutines;
    char uplo;
    int nn, n[TIME_MAX_VALUES];
    int nm, m[TIME_MAX_VALUES];    /* 0 values: M = N; else paired with N */
    int nnb, nb[TIME_MAX_VALUES];
    int ngrids, p[TIME_MAX_VALUES], q[TIME_MAX_VALUES];
    int nthreads, threads[TIME_MAX_VALUES];
    int ndevices;
    char devices[TIME_MAX_VALUES][TIME_DEVICES_LEN];
    int reps, check;
    double thresh;
    int ceiling_nb;
};

/* Parses the section that starts at *TEXT (line *LINE), advancing both.
 * Returns 0, or -1 with a message in ERR. */
int time_input_parse(const char **text, int *line, struct time_section *s,
                     char *err, size_t errlen);
int time_input_has_more(const char *text);
const char *time_default_input(void);
/* Appends the cases of S to *CASES (*NCASES of them, reallocated). */
int time_section_cases(const struct time_section *s, struct time_case **cases,
                       int *ncases);

struct time_options {
    struct time_case *cases;
    int ncases;
    const char *csv;           /* -csv FILE, or NULL */
};

/* Parses the command line (every rank does the same): -f FILE, or the
 * case options over the default section, or the built-in input.  Returns
 * 0, 1 when only help was asked for, or -1 with a message in ERR. */
int time_parse_options(int argc, char **argv, struct time_options *opt,
                       char *err, size_t errlen);
void time_print_usage(const char *prog);

/* Threads per rank for a case (0: the cores of this node over the ranks
 * of CONTEXT's grid on it); every process of the world calls it. */
int time_threads_per_rank(int requested, int in_grid);
/* HETSCAL_NUM_THREADS, OpenBLAS's thread count (when it is OpenBLAS) and
 * HETSCAL_DEVICES ("-": the value the program started with). */
void time_threads_apply(int threads, const char *devices);
/* MPI_Barrier on the world that sleeps while it waits, so that ranks
 * outside a grid leave the cores to those inside. */
void time_idle_barrier(void);

/* The summed DGEMM rate of the grid's ranks: on every rank of the grid at
 * once, THREADS threads each run single-threaded NB^3 DGEMMs for a fixed
 * time.  Every process of the world calls it; returns GFLOP/s of the whole
 * grid on every process. */
double time_ceiling_gflops(int in_grid, int threads, int nb);

/* The reference ScaLAPACK's SYMBOL (dlopen of HETSCAL_REFERENCE_SCALAPACK),
 * or NULL with a message on stderr. */
time_fn *time_reference_symbol(const char *symbol);

double time_best(const double *t, int count);
double time_median(double *t, int count); /* sorts T */
double time_gflops(double flops, double seconds);

#endif /* TIME_SCALAPACK_H */
