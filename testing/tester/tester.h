/* The frame the ScaLAPACK-style testers (xllt, xqr, xlu) share: the command
 * line (-precision, the input file), input sections with sizes, blocks,
 * grids, a threshold and offset sets (tester_input), the loop over
 * precisions, sections, grids, sizes, blocks, offsets and variants and the
 * steps of one case (frame.c), the summary and exit status (report.c), and
 * the reduction of one case's results over MPI_COMM_WORLD (outcome.c).  A
 * tester supplies a table of its own parts (struct tester_routine) and
 * calls tester_main. */
#ifndef TESTER_TESTER_H
#define TESTER_TESTER_H

#include <stddef.h>
#include <stdint.h>

#include "outcome.h"
#include "prec.h"
#include "testing/llt/dat_reader.h"

#define TESTER_MAX_VALUES 32
#define TESTER_MAX_SECTIONS 16

/* What every tester's input section holds; a tester's own section struct
 * starts with it.  A case is (size i, block j, offset k, variant v): each
 * tester says what its sizes, blocks and variants are. */
struct tester_input {
    char title[128];
    int nsizes, nblocks, nvariants;
    int ngrids, p[TESTER_MAX_VALUES], q[TESTER_MAX_VALUES];
    double thresh;
    int noffsets;
    struct dat_offset offsets[TESTER_MAX_VALUES];
};

/* A count (0 to TESTER_MAX_VALUES), then that many integers of any value
 * on the next record (WHAT names them in errors).  Returns 0 or -1 (error
 * set in R). */
int tester_read_list(struct dat_reader *r, int *count, int *values,
                     const char *what);
/* The grids records of a ScaLAPACK tester's input: a count (WHAT names it
 * in errors), then the values of P, then those of Q.  Returns 0 or -1
 * (error set in R). */
int tester_read_grids(struct dat_reader *r, struct tester_input *in,
                      const char *what);

/* Cases counted (all ranks agree), of one precision. */
struct tester_tally {
    int passed, failed, skipped_grid, skipped_illegal;
    long calls;             /* tester_routine's calls of the cases run */
};

/* Runs case C with SEED on grid CONTEXT, on the processes of the grid
 * only, and records what this process found in R. */
typedef void tester_run_fn(void *c, uint64_t seed, int context,
                           struct tester_local *r);

/* One tester: its name, input and parts.  IN is the tester's own section
 * (starting with struct tester_input), C its own case (case_size bytes). */
struct tester_routine {
    const char *prog;             /* "xllt", in messages */
    const char *routine;          /* "POTRF": P?POTRF in the summary */
    const char *default_input;    /* used without a file */
    size_t input_size, case_size;
    /* Reads the records of a section between its header and its offset
     * sets (the frame reads those) into IN, and sets IN's nvariants; 0,
     * or -1 with R's error set. */
    int (*read_section)(struct dat_reader *r, void *in);
    /* Before the cases of precision PREC, on every rank: prepares what the
     * cases need and prints the header (rank 0). */
    void (*start)(int nprocs, const struct tester_prec *prec);
    /* Prints the section's column heads (rank 0 only; the frame flushes). */
    void (*report_section)(const void *in);
    /* Whether the section's cases run at all (NULL: always). */
    int (*runs)(const void *in);
    /* Builds case (i, j, k, v) on grid P x Q; 0 when its values are
     * illegal (counted as skipped). */
    int (*make_case)(const void *in, int i, int j, int k, int v, int p,
                     int q, void *c);
    /* Extra case E (0, 1, ...) run after the loop for variant V (NULL:
     * none); returns 0 when there is no case E, nor any after it. */
    int (*make_extra)(const void *in, int v, int e, int p, int q, void *c);
    /* The case runner of each precision, by tester_prec.index. */
    tester_run_fn *const *run;
    /* Whether the residuals of the reduced outcome O pass. */
    int (*residuals_ok)(const void *c, const struct tester_outcome *o);
    /* Prints C's row, and the reasons when it failed (rank 0 only; the
     * frame flushes). */
    void (*report_case)(const void *c, const struct tester_outcome *o);
    /* The calls of the routine under test with a nonempty matrix that
     * case C makes, summed over the processes of its grid (NULL: not
     * counted); summed over the cases run, per precision. */
    long (*calls)(const void *c);
    /* Prints the tester's own summary lines for precision PREC, whose
     * cases made CALLS calls, before END OF TESTS (NULL: none), for each
     * precision run; rank 0 only. */
    void (*report_summary)(const struct tester_prec *prec, long calls);
};

/* The members every tester fills alike, from what its files name after
 * it (NAME is llt, lu or qr): NAME_default_input, struct NAME_input and
 * NAME_input_read, struct NAME_case, NAME_run_by_prec, NAME_residuals_ok,
 * NAME_report_section and NAME_report_case; PROG and ROUTINE as above,
 * and the tester's own static start and make_case. */
#define TESTER_ROUTINE_FIELDS(name, prog_, routine_) \
    .prog = prog_, .routine = routine_, .default_input = name##_default_input(), \
    .input_size = sizeof(struct name##_input), .case_size = sizeof(struct name##_case), \
    .read_section = name##_input_read, .start = start, \
    .report_section = name##_report_section, .make_case = make_case, \
    .run = name##_run_by_prec, .residuals_ok = name##_residuals_ok, \
    .report_case = name##_report_case

/* Their declarations, in the tester's case header (NAME_case.h):
 * NAME_run_by_prec runs case C (a struct NAME_case) with SEED on grid
 * CONTEXT, on the processes of the grid, into R, collective over the
 * grid: the instantiation of C's precision, by tester_prec.index;
 * NAME_residuals_ok says whether the residuals of O pass C's threshold
 * (with what else the tester's header says); the reports print as
 * tester_routine says. */
#define TESTER_CASE_FUNCTIONS(name) \
    extern tester_run_fn *const name##_run_by_prec[TESTER_NPREC]; \
    int name##_residuals_ok(const void *c, const struct tester_outcome *o); \
    void name##_report_section(const void *in); \
    void name##_report_case(const void *c, const struct tester_outcome *o)

/* The whole tester: PROG [-precision LIST] [FILE].  Reads FILE or the
 * built-in input, runs every case in each precision of LIST
 * (testing/tester/prec.h; d without the option), prints the summary.
 * Returns the exit status: the number of failed cases (at most 255), 1
 * when the command line or the input cannot be read. */
int tester_main(int argc, char **argv, const struct tester_routine *r);

/* Whether this process prints (world rank 0). */
int tester_is_printer(void);
/* The reasons a case failed: INFO (EXPECTED on every process), the
 * tester's own flag (OWN says what failed), the guards (GUARDS says
 * where they are) and the entries changed (OUTSIDE follows their
 * count). */
void tester_report_reasons(const struct tester_outcome *o, int expected,
                           const char *own, const char *guards,
                           const char *outside);
/* The summary of a run in NPREC precisions PRECS, TALLY[i] the cases of
 * PRECS[i]: a line per precision when there are several, ScaLAPACK's
 * lines for them all, R's own per precision, then END OF TESTS. */
void tester_report_summary(const struct tester_routine *r,
                           const struct tester_prec *const *precs,
                           const struct tester_tally *tally, int nprec,
                           int nprocs);

#endif /* TESTER_TESTER_H */
