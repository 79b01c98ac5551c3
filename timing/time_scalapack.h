/* Internal interfaces of timing/time_scalapack, the side-by-side timer of
 * hetscal's and the reference ScaLAPACK's routines in the four precisions:
 * the input and its cases (time_input.c, time_options.c,
 * time_default_input.c), the precisions (time_precision.c), the routines
 * timed (one table each, for every precision: time_potrf.c,
 * time_geqrf.c, time_getrf.c), distributed matrices and the reference
 * PBLAS on them (time_matrix.c, time_pblas.c), threads per rank
 * (time_threads.c), the GEMM ceiling (time_ceiling.c), the reference
 * library (time_reference.c) and statistics (time_stats.c). */
#ifndef TIME_SCALAPACK_H
#define TIME_SCALAPACK_H

#include <stddef.h>
#include <stdio.h>

#include "testing/blacs_tools.h"
#include "time_blas_threads.h"

#define TIME_MAX_VALUES 32
#define TIME_DEVICES_LEN 32

/* Any routine, before it is cast back to its own type. */
typedef void time_fn(void);
#define TIME_FN(f) ((time_fn *)(f))
/* A routine's four Fortran entry points, S, D, C, Z: TIME_FNS(getrf). */
#define TIME_FNS(routine)                                             \
    { TIME_FN(ps##routine##_), TIME_FN(pd##routine##_),                 \
      TIME_FN(pc##routine##_), TIME_FN(pz##routine##_) }

/* The precisions, in this order everywhere: what differs between S, D, C
 * and Z is this table (time_precision.c) and each routine's four entry
 * points (struct time_routine). */
enum { TIME_NPREC = 4 };
struct time_precision {
    char letter;               /* 's', 'd', 'c', 'z' */
    size_t real_size;          /* bytes of one real: float or double */
    int parts;                 /* reals per element: 1 real, 2 complex */
    double eps;                /* unit roundoff, as LAPACK's ?LAMCH('E') */
    time_fn *gemm;             /* the BLAS's ?GEMM, for the ceiling */
};
extern const struct time_precision time_precisions[TIME_NPREC];
/* The precision of LETTER (either case), or NULL. */
const struct time_precision *time_precision_named(char letter);
/* Bytes of one element. */
size_t time_elem_size(const struct time_precision *p);
/* Real flops per flop of the real formula: 4 for complex (a complex
 * multiply-add is 4 real multiplications and 4 additions, against 1 and 1). */
double time_flop_factor(const struct time_precision *p);
/* Element K of BUF set to RE + i IM (IM ignored in a real precision), and
 * the real part of element K. */
void time_set_elem(const struct time_precision *p, void *buf, size_t k,
                   double re, double im);
double time_real_at(const struct time_precision *p, const void *buf,
                    size_t k);

/* Descriptor entries, 0-based C indices of the Fortran DESC(1..9). */
enum { T_DTYPE, T_CTXT, T_M, T_N, T_MB, T_NB, T_RSRC, T_CSRC, T_LLD,
       T_DLEN };

/* A distributed matrix in one precision (time_matrix.c): M-by-N in
 * NB-by-NB blocks, the first on process (0,0), LLD = max(1, LOCr) + 3. */
struct time_matrix {
    const struct time_precision *prec;
    int desc[T_DLEN];
    int nprow, npcol, myrow, mycol;
    int locr, locc;
    void *a;                   /* LLD * locc elements */
};
/* Returns 0, or -1 (no memory, or DESCINIT refused). */
int time_matrix_create(struct time_matrix *x,
                       const struct time_precision *p, int context, int m,
                       int n, int nb);
/* X laid out as MODEL. */
int time_matrix_like(struct time_matrix *x, const struct time_matrix *model);
void time_matrix_destroy(struct time_matrix *x);
/* X[0..COUNT-1] laid out as MODEL (the residuals' scratch matrices);
 * returns 0, or -1 with none of them left allocated. */
int time_matrices_like(struct time_matrix *x, int count,
                       const struct time_matrix *model);
void time_matrices_destroy(struct time_matrix *x, int count);
/* An entry as a function of its 1-based global row and column:
 * V[0] + i V[1] (V[1] unused in a real precision). */
typedef void time_entry_fn(const void *ctx, int gi, int gj, double v[2]);
void time_matrix_fill(struct time_matrix *x, time_entry_fn *entry,
                      const void *ctx);

/* The reference PBLAS on whole matrices, in their precision, from (1,1)
 * (time_pblas.c); scalars are real.  Each looks up p?xxx_ in the
 * reference library. */
void time_laset(struct time_matrix *a, const char *uplo, double alpha,
                double beta);
void time_lacpy(const char *uplo, int m, int n, const struct time_matrix *a,
                struct time_matrix *b);
/* C := beta C + alpha A */
void time_geadd(double alpha, const struct time_matrix *a, double beta,
                struct time_matrix *c);
/* C := alpha op(A) op(B) + beta C on the leading parts: C M-by-N, op(A)
 * M-by-K, op(B) K-by-N; 'C' is the conjugate transpose (the transpose in
 * a real precision). */
void time_gemm(const char *ta, const char *tb, int m, int n, int k,
               double alpha, const struct time_matrix *a,
               const struct time_matrix *b, double beta,
               struct time_matrix *c);
/* The 1-norm of the leading M-by-N part; -1 when memory runs out. */
double time_norm1(const struct time_matrix *a, int m, int n);
/* The residuals' common scaling: ||D||_1 / (NORM_A SCALE eps) over D's
 * leading M-by-N part, eps D's precision's; NaN when either norm could
 * not be taken (out of memory), while a NaN norm goes through. */
double time_scaled_residual(const struct time_matrix *d, int m, int n,
                            double norm_a, double scale);
/* C := Q C, Q from the K reflectors of a P?GEQRF factor in A and TAU
 * (P?ORMQR / P?UNMQR); returns INFO, or -1 when memory runs out. */
int time_apply_q(const struct time_matrix *a, const void *tau, int k,
                 struct time_matrix *c);
/* A := P A, P the interchanges of rows 1..K that a P?GETRF of a matrix
 * laid out as A left in IPIV (LOCr(M_A) + MB_A entries; P?LAPIV); returns
 * 0, or -1 when P?LAPIV is missing or memory runs out. */
int time_apply_pivots(struct time_matrix *a, int *ipiv, int k);

/* One timed case, all global. */
struct time_case {
    const struct time_routine *routine;
    const struct time_precision *prec;
    int m, n, nb, p, q;
    int threads;               /* per rank; 0: cores / grid ranks on the node */
    char devices[TIME_DEVICES_LEN]; /* HETSCAL_DEVICES, "-": leave it alone */
    char uplo;                 /* P?POTRF's triangle */
    int reps, check;
    int noref;                 /* 1: the reference is not run (-noref) */
    double thresh;
    int ceiling_nb;            /* GEMM size of the ceiling, 0: min(N, 384),
                                  -1: not measured */
};

/* The state of one case on one process of its grid.  The timer creates A
 * (M-by-N, NB-by-NB blocks, first block on process (0,0), in the case's
 * precision) before setup and destroys it after teardown.  REF is the
 * reference routine (dlsym). */
struct time_run {
    const struct time_case *c;
    int context;
    time_fn *ref;
    struct time_matrix a;
    void *extra;               /* the routine's own (TAU and WORK for QR,
                                  IPIV for LU) */
};

/* A routine the timer knows: the difference between P?POTRF, P?GEQRF and
 * P?GETRF is all here, for every precision.  The functions run on the
 * processes of the grid; setup (0 or -1) and teardown may be NULL; fill
 * regenerates A; call returns INFO; residual returns the scaled residual
 * of what the last call left in A.  Teardown frees only what run->extra
 * points to: the timer frees run->extra itself. */
struct time_routine {
    const char *key;           /* as in the input: "POTRF" */
    /* the routines the program links (hetscal's), in the order of
     * time_precisions */
    time_fn *ours[TIME_NPREC];
    const char *flops_text;    /* how the GFLOP/s are counted (real) */
    const char *resid_text;    /* what the residual is */
    double (*flops)(int m, int n);  /* real; times time_flop_factor */
    int (*setup)(struct time_run *run);
    void (*fill)(struct time_run *run);
    int (*call)(struct time_run *run, int ours);
    double (*residual)(struct time_run *run);
    void (*teardown)(struct time_run *run);
};

extern const struct time_routine time_potrf, time_geqrf, time_getrf;
/* NULL-terminated list of the routines above. */
extern const struct time_routine *const time_routines[];
/* The case's routine as the program links it (hetscal's). */
time_fn *time_ours(const struct time_case *c);
/* "PZPOTRF" and "pzpotrf_" (LEN >= 16). */
void time_routine_name(const struct time_routine *rt,
                       const struct time_precision *p, char *name,
                       size_t len);
void time_routine_symbol(const struct time_routine *rt,
                         const struct time_precision *p, char *symbol,
                         size_t len);
/* A routine as the input names it: the key ("POTRF": *PREC = NULL, the
 * precision comes from -precision) or the key after a precision letter,
 * with or without the P ("ZPOTRF", "PZPOTRF"); any case.  Returns 0, or
 * -1 when NAME is none of these. */
int time_routine_parse(const char *name, const struct time_routine **rt,
                       const struct time_precision **prec);

/* One input section: lists whose cross product gives the cases. */
struct time_section {
    char title[128];
    /* the routines named, each with its precision or NULL (then each of
     * -precision's) */
    const struct time_routine *routines[TIME_MAX_VALUES];
    const struct time_precision *precs[TIME_MAX_VALUES];
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
    int noref;
    double thresh;
    int ceiling_nb;
};

/* Parses the section that starts at *TEXT (line *LINE), advancing both.
 * Returns 0, or -1 with a message in ERR. */
int time_input_parse(const char **text, int *line, struct time_section *s,
                     char *err, size_t errlen);
int time_input_has_more(const char *text);
const char *time_default_input(void);
/* Appends the cases of S to *CASES (*NCASES of them, reallocated); a
 * routine named without a precision runs in each of the NPRECS PRECS. */
int time_section_cases(const struct time_section *s,
                       const struct time_precision *const *precs,
                       int nprecs, struct time_case **cases, int *ncases);

struct time_options {
    struct time_case *cases;
    int ncases;
    const char *csv;           /* -csv FILE, or NULL */
    /* -precision: for the routines named without one (default d) */
    const struct time_precision *precs[TIME_NPREC];
    int nprecs;
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

/* The summed ?GEMM rate of the grid's ranks in precision P: on every rank
 * of the grid at once, THREADS threads each run single-threaded NB^3
 * GEMMs for a fixed time (complex: 4 real flops per multiply-add's
 * flop).  Every process of the world calls it; returns GFLOP/s of the
 * whole grid on every process. */
double time_ceiling_gflops(int in_grid, int threads, int nb,
                           const struct time_precision *p);

/* The reference ScaLAPACK's SYMBOL (dlopen of HETSCAL_REFERENCE_SCALAPACK),
 * or NULL with a message on stderr. */
time_fn *time_reference_symbol(const char *symbol);

double time_best(const double *t, int count);
double time_median(double *t, int count); /* sorts T */
double time_gflops(double flops, double seconds);

#endif /* TIME_SCALAPACK_H */
