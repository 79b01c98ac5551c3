/* The ScaLAPACK-style tester of P?POTRF, P?GETRF and P?GEQRF, one program
 * whose routine is a parameter (as PLASMA's "test dpotrf" and SLATE's
 * "tester potrf"): built as testing/xllt, xlu and xqr, it runs the routine
 * its name or -routine selects.  The frame (frame.c) reads the command
 * line, the input sections (input.c) and runs the loop over precisions,
 * sections, grids, sizes, blocks, offsets and variants; report.c prints
 * what every routine prints alike; outcome.c reduces a case's results over
 * MPI_COMM_WORLD.  What differs per routine is a table (struct
 * tester_routine) in routines/NAME.c, with the routine's checks in its
 * template bodies (routines/NAME_*body.h). */
#ifndef TESTER_TESTER_H
#define TESTER_TESTER_H

#include <stddef.h>
#include <stdint.h>

#include "dat_reader.h"
#include "outcome.h"
#include "prec.h"
#include "reference.h"

#define TESTER_MAX_VALUES 32
#define TESTER_MAX_SECTIONS 16

/* A section's right-hand side counts and column blocks (LLT.dat, LU.dat;
 * testing/tester/rhs.h): every pair is solved. */
struct tester_rhs {
    int nnrhs, nrhs[TESTER_MAX_VALUES];
    int nnbrhs, nbrhs[TESTER_MAX_VALUES];
};

/* One section of the input, whatever the routine.  A case is (size i,
 * block j, offset set k, variant v): sub(A) is M(i) x N(i) (M = N for
 * P?POTRF) in MB(j) x NB(j) blocks (MB = NB but for P?GEQRF); the
 * variants are the letters of VARIANTS (P?POTRF's UPLO letters, P?GETRF's
 * matrix kinds), one variant when it is empty. */
struct tester_input {
    char title[128];
    int runs;               /* 0: QR.dat without 'QR': nothing to run */
    char others[64];        /* QR.dat: the factorizations not run */
    char variants[8];       /* distinct letters, NUL-terminated */
    int nsizes, m[TESTER_MAX_VALUES], n[TESTER_MAX_VALUES];
    int nblocks, mb[TESTER_MAX_VALUES], nb[TESTER_MAX_VALUES];
    int nvariants;          /* set by the frame from VARIANTS */
    struct tester_rhs rhs;  /* none (both counts 0) for P?GEQRF */
    int ngrids, p[TESTER_MAX_VALUES], q[TESTER_MAX_VALUES];
    double thresh;
    int noffsets;
    struct dat_offset offsets[TESTER_MAX_VALUES];
};

/* The header of a section of a built-in input: the title, then the
 * machine, output file and device records (ignored). */
#define TESTER_DAT_HEADER(title, file) \
    "'" title "'\n" \
    "'MPI machine'\n" \
    "'" file "'  output file name (ignored: results go to stdout)\n" \
    "6  device out (ignored)\n"

/* The input's records that several routines share (input.c); each
 * returns 0, or -1 with R's error set.  A count (0 to TESTER_MAX_VALUES),
 * then that many integers of any value on the next record (WHAT names
 * them in errors): */
int tester_read_list(struct dat_reader *r, int *count, int *values,
                     const char *what);
/* A count (WHAT[0] names it), then a record of that many values for each
 * of the two arrays (WHAT[1], WHAT[2]): M and N, MB and NB. */
int tester_read_pairs(struct dat_reader *r, int *count, int *first,
                      int *second, const char *const what[3]);
/* The grids records: a count (WHAT names it), the values of P, of Q. */
int tester_read_grids(struct dat_reader *r, struct tester_input *in,
                      const char *what);
/* The records "number of NRHS's", "values of NRHS", "number of
 * NBRHS's", "values of NBRHS" (rhs.c). */
int tester_read_rhs(struct dat_reader *r, struct tester_rhs *rhs);

/* One case: factor sub(A) of one size, block, offset set and variant on
 * one grid in one precision. */
struct tester_case {
    const struct tester_prec *prec;
    int m, n, mb, nb, p, q;     /* P?POTRF: M = N; MB = NB but P?GEQRF */
    int ia, ja, rsrc, csrc;
    int pad;                    /* rows and columns of A after sub(A),
                                 * whose entries must not change */
    char variant;               /* UPLO, the matrix kind, or NUL */
    int special;                /* a routine's own kind of case (P?POTRF:
                                 * an enum llt_special) */
    int expected_info;          /* the INFO every process must return:
                                 * the first bad pivot, or 0 */
    const struct tester_rhs *rhs; /* right-hand sides to solve */
    double thresh;
    uint64_t seed;
    tester_fn *reference;       /* the reference routine run on the same
                                 * input, or NULL */
    int ref_info;               /* the INFO it returned (rank 0's) */
};

/* Cases counted (all ranks agree), of one precision. */
struct tester_tally {
    int passed, failed, skipped_grid, skipped_illegal;
    long calls;             /* tester_routine's calls of the cases run */
};

/* Runs case C with SEED on grid CONTEXT, on the processes of the grid
 * only, and records what this process found in R. */
typedef void tester_run_fn(struct tester_case *c, uint64_t seed, int context,
                           struct tester_local *r);

/* One routine of the tester: its names, its input and its parts. */
struct tester_routine {
    const char *prog;             /* "xllt": the program name that runs
                                   * it, in messages */
    const char *name;             /* "llt": -routine's value */
    const char *routine;          /* "POTRF": P?POTRF in the summary */
    const char *default_input;    /* used without a file */
    /* Reads the records of a section between its header and its offset
     * sets (the frame reads those) into IN (zeroed, RUNS set); 0, or -1
     * with R's error set. */
    int (*read_section)(struct dat_reader *r, struct tester_input *in);
    int offsets_in_blocks;        /* IA = 1 + IOFF*NB (else 1 + IOFF) */
    const char *title_variants;   /* the section's title shows its
                                   * variants under this name (NULL: not) */
    /* The section's column heads as printed, each right-aligned over its
     * column and one blank apart, CHECK last; a row shows the case's
     * values under the heads that report.c knows (N, NB, IA, ..., UPLO,
     * K, TIME), then the routine's results (report_results). */
    const char *heads;
    /* The reference routine the cases compare with, found in the
     * reference ScaLAPACK before each precision's cases ("getrf":
     * P?GETRF; NULL: none), in complex precisions only when
     * REFERENCE_IN_COMPLEX. */
    const char *reference;
    int reference_in_complex;
    /* Prints the lines of the header after its first (rank 0 only);
     * PROVIDER is the library of the reference routine ("" without
     * one). */
    void (*report_header)(const struct tester_prec *prec,
                          const char *provider);
    /* Completes case C, whose common parts (all but PAD, SPECIAL,
     * EXPECTED_INFO) are set, and C->reference with the precision's
     * reference (NULL: nothing to complete). */
    void (*finish_case)(struct tester_case *c);
    /* Extra case E (0, 1, ...) of precision PREC run after the loop for
     * variant V (NULL: none); returns 0 when there is no case E, nor any
     * after it. */
    int (*make_extra)(const struct tester_input *in,
                      const struct tester_prec *prec, int v, int e, int p,
                      int q, struct tester_case *c);
    /* The case runner of each precision, by tester_prec.index
     * (TESTER_BY_PREC of the routine's template function). */
    tester_run_fn *run[TESTER_NPREC];
    /* Whether the residuals of the reduced outcome O pass. */
    int (*residuals_ok)(const struct tester_case *c,
                        const struct tester_outcome *o);
    /* Prints the result columns of C's row, its verdict, the rest of the
     * row and, when it failed, the reasons (rank 0 only). */
    void (*report_results)(const struct tester_case *c,
                           const struct tester_outcome *o);
    /* The calls of the routine under test with a nonempty matrix that
     * case C makes, summed over the processes of its grid (NULL: not
     * counted); summed over the cases run, per precision. */
    long (*calls)(const struct tester_case *c);
    /* Prints the summary line of the CALLS that the cases of precision
     * PREC made, before END OF TESTS, for each precision run; rank 0
     * only. */
    void (*report_calls)(const struct tester_prec *prec, long calls);
};

/* The routines: routines/llt.c, lu.c, qr.c. */
extern const struct tester_routine tester_llt, tester_lu, tester_qr;

/* The program (frame.c's main): PROG [-routine llt|lu|qr] [-precision
 * LIST] [FILE] runs the routine -routine names, else the one PROG's name
 * (xllt, xlu, xqr) names: reads FILE or its built-in input, runs every
 * case in each precision of LIST (testing/tester/prec.h; d without the
 * option), prints the summary.  Its exit status is the number of failed
 * cases (at most 255), the same on every rank, 1 when the command line or
 * the input cannot be read. */

/* Fills the common parts of C (see finish_case) for sub(A) M x N in MB x
 * NB blocks at offset set OFF on grid P x Q, variant VARIANT, with IN's
 * right-hand sides and threshold; returns 0 when its values are illegal
 * (the case is skipped). */
int tester_case_init(struct tester_case *c, const struct tester_routine *r,
                     const struct tester_input *in, int m, int n, int mb,
                     int nb, const struct dat_offset *off, char variant,
                     int p, int q);

/* Parses the sections of TEXT into SECTIONS (TESTER_MAX_SECTIONS of
 * them); returns their number, or -1 after printing the error on rank 0
 * (input.c). */
int tester_read_sections(const struct tester_routine *r, const char *text,
                         struct tester_input *sections);

/* Whether this process prints (world rank 0). */
int tester_is_printer(void);
/* The header of precision PREC's cases on NPROCS processes (rank 0). */
void tester_report_header(const struct tester_routine *r, int nprocs,
                          const struct tester_prec *prec,
                          const char *provider);
/* A section's title and column heads (rank 0 only). */
void tester_report_section(const struct tester_routine *r,
                           const struct tester_input *in,
                           const struct tester_prec *prec);
/* Case C's row, and the reasons when it failed (rank 0 only). */
void tester_report_case(const struct tester_routine *r,
                        const struct tester_case *c,
                        const struct tester_outcome *o);
/* The reasons a case failed: INFO (EXPECTED on every process), the
 * routine's own flag (OWN says what failed), the guards (GUARDS says
 * where they are) and the entries changed (OUTSIDE follows their
 * count). */
void tester_report_reasons(const struct tester_outcome *o, int expected,
                           const char *own, const char *guards,
                           const char *outside);
/* The summary of a run in NPREC precisions PRECS, TALLY[i] the cases of
 * PRECS[i]: a line per precision when there are several, ScaLAPACK's
 * lines for them all, R's calls per precision, then END OF TESTS. */
void tester_report_summary(const struct tester_routine *r,
                           const struct tester_prec *const *precs,
                           const struct tester_tally *tally, int nprec,
                           int nprocs);

#endif /* TESTER_TESTER_H */
