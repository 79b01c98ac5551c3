/* Shared declarations of the bad-argument testers args_potrf, args_geqrf
 * and args_getrf (P?POTRF, P?GEQRF and P?GETRF, the precision chosen by
 * -precision):
 * the precisions, the process grids, one call's arguments, the cases that
 * build them, and the table through which each routine plugs its base
 * call, its run and its own checks into the shared driver (args_driver.c). */
#ifndef ARGS_H
#define ARGS_H

#include <stddef.h>

/* Descriptor entries, 0-based (ScaLAPACK's DTYPE_ .. LLD_ minus one). */
enum { D_DTYPE, D_CTXT, D_M, D_N, D_MB, D_NB, D_RSRC, D_CSRC, D_LLD };

/* Elements in every local array: room for any case plus guard space
 * (P?GETRF's NaN cases from issue 41 hold a 60 x 77 local part). */
#define ARGS_CAP 8192
/* Doubles that hold ARGS_CAP elements of any precision (complex double
 * the largest): declare the local arrays with it. */
#define ARGS_BUF_DOUBLES (2 * ARGS_CAP)

/* The four precisions, in this order everywhere (args_precision.c): all
 * that differs between S, D, C and Z is this table and the routine's four
 * entry points (struct args_routine). */
enum { ARGS_NPREC = 4 };
struct args_precision {
    char letter;        /* 's', 'd', 'c', 'z': p<letter>potrf_ */
    size_t real_size;   /* bytes of one real: float or double */
    int parts;          /* reals per element: 1 real, 2 complex */
    double eps;         /* the real type's machine epsilon */
};
extern const struct args_precision args_precisions[ARGS_NPREC];
/* The precision under test; main sets it (-precision, default d) before
 * any case runs. */
extern const struct args_precision *args_prec;
/* The precision of LETTER ("s", "d", "c" or "z"), or NULL. */
const struct args_precision *args_precision_named(const char *letter);
/* Bytes of one element of the precision under test. */
size_t args_elem_size(void);
/* Real K of an array of elements (part K % parts of element K / parts),
 * read or written as a double. */
double args_real_at(const void *buf, size_t k);
void args_set_real(void *buf, size_t k, double v);
/* A relative tolerance given for double, scaled to the precision's
 * epsilon (unchanged for double). */
double args_tol(double tol_double);

/* A BLACS grid as this process sees it; in = 0 outside the grid. */
struct args_grid {
    char name[24];
    int ctxt, nprow, npcol, myrow, mycol, in;
    int world_size;
};

/* The arguments of one call, and what to put in the matrix; each routine
 * uses the fields its argument list has. */
struct args_call {
    int m, n, ia, ja;  /* M: P?GEQRF and P?GETRF only */
    int desc[9];
    int lwork;         /* P?GEQRF only */
    int fill;          /* 1: write the test matrix into the local array */
    int spd_fail;      /* P?POTRF: K > 0 makes the leading minor of order K
                        * indefinite */
    char uplo;         /* P?POTRF only */
    int zero_col;      /* P?GETRF: K > 0 makes column K of sub(A) zero */
    /* Up to two entries of A that are not numbers (args_fill writes
     * them, for every routine): A(IA - 1 + i, JA - 1 + j) (i, j 1-based
     * in sub(A); i < 0 lies above it, j < 1 left of it), or with i = 0
     * every row of column j of sub(A); value is its real part (NaN or
     * an infinity). */
    int nspecial;
    struct { int i, j; double value; } special[2];
    /* 1: IA + M - 1 or JA + N - 1 passes 2^31 - 1, where the reference's
     * INTEGER sums wrap: it then crashes, aborts the job, or answers as
     * the wrapped sum says.  It is not called; hetscal stands on both
     * sides, so its INFO and PXERBLA calls are held to the contract alone
     * (the checks in 64 bits).  Set by the case's setup. */
    int reference_wraps;
};

/* What a case is: ARGS_SKIP from setup means "not on this grid";
 * ARGS_AS_REFERENCE means "whatever INFO the reference gives", for a
 * valid call whose INFO the reference's BLAS decides (a NaN that its
 * I?AMAX may or may not pick; lu_pivot_search.h in the library).
 * ARGS_VALID: the results are compared with the reference's;
 * ARGS_NOTSPD: P?POTRF's INFO > 0; ARGS_UNTOUCHED: a valid P?GEQRF call
 * that must not change A or TAU (query, M = 0, N = 0); ARGS_ERROR:
 * INFO < 0. */
#define ARGS_SKIP 99999
#define ARGS_AS_REFERENCE 88888
enum args_kind { ARGS_ERROR, ARGS_VALID, ARGS_NOTSPD, ARGS_UNTOUCHED };

struct args_case {
    const char *name;
    enum args_kind kind;
    /* Builds the call for this process; returns the INFO the contract
     * expects on processes in the grid (same on all of them), or
     * ARGS_SKIP.  Processes outside the grid always expect -602. */
    int (*setup)(struct args_call *c, const struct args_grid *g);
};

/* What one process reports about one case: these fields first, then the
 * routine's own (from ARGS_R_COMMON on).  R_PX_REF and R_PX_HET start
 * what PXERBLA saw during each side's call (args_xerbla_report). */
enum { R_IN, R_REF, R_HET, R_REF_TOUCHED, R_HET_TOUCHED, R_FACTOR_BAD,
       R_HET_STRAY, R_EXPECT, R_SIZE, R_PX_REF, R_PX_HET = R_PX_REF + 3,
       ARGS_R_COMMON = R_PX_HET + 3 };
/* Offsets in a PXERBLA report: the number of calls, the argument number
 * of the last one, and whether it named the routine under test (1/0). */
enum { PX_CALLS, PX_ARG, PX_NAMED };

/* The reasons a case failed, as rank 0 collects them. */
struct args_why {
    char text[768];
    size_t len;
    int fail;
};
void args_why(struct args_why *w, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Any routine, before it is cast back to its own type. */
typedef void args_fn(void);
#define ARGS_FN(f) ((args_fn *)(f))
/* The four entry points p?NAME_, in the order of args_precisions. */
#define ARGS_FNS(name) \
    { ARGS_FN(ps##name##_), ARGS_FN(pd##name##_), ARGS_FN(pc##name##_), \
      ARGS_FN(pz##name##_) }

/* One routine under test. */
struct args_routine {
    const char *name;              /* "potrf": p<letter>potrf_ */
    /* The entry points the program links (hetscal's when libhetscal
     * defines them), in the order of args_precisions. */
    args_fn *ours[ARGS_NPREC];
    /* Its own cases, up to ARGS_END_OF_CASES (args_desc_cases run
     * first). */
    const struct args_case *cases;
    int nfields;                   /* length of one report */
    /* The base call every case starts from, and what must be recomputed
     * after a case changed the descriptor (P?GEQRF's LWORK). */
    void (*base)(struct args_call *c, const struct args_grid *g);
    void (*refresh)(struct args_call *c, const struct args_grid *g);
    /* Fills the arrays, calls the reference and hetscal with c, and fills
     * rep from R_REF on (all but R_IN and R_EXPECT). */
    void (*run)(struct args_call *c, const struct args_grid *g, int *rep);
    /* The routine's checks of one process's report r, after the shared
     * INFO checks. */
    void (*judge)(const struct args_case *tc, const int *r, int p,
                  struct args_why *w);
    /* Extra text after "hetscal INFO=%d" on the report line, or NULL. */
    void (*print)(const int *r);
};

/* What every routine's file names alike: ROUTINE ("potrf") and its entry
 * points, its cases and base call PREFIX_cases and PREFIX_base, and its
 * own static run, judge and print, with reports of R_NFIELDS. */
#define ARGS_ROUTINE_FIELDS(routine, prefix) \
    .name = #routine, .ours = ARGS_FNS(routine), .cases = prefix##_cases, \
    .nfields = R_NFIELDS, .base = prefix##_base, .run = run, .judge = judge, \
    .print = print

/* The routine being tested, defined by its own file (args_potrf.c,
 * args_geqrf.c, args_getrf.c); main, in args_driver.c, runs every case on
 * every grid named in argv and returns the exit status. */
extern const struct args_routine args_routine;
/* The precision's entry points (set before any case runs): the
 * reference's, and the program's own (hetscal's, or the reference's too
 * when libhetscal lacks the routine: args_reference.c). */
extern args_fn *args_reference;
extern args_fn *args_ours;

/* Which routine is which (args_reference.c).  Loads the reference's
 * SYMBOL ("pzpotrf_") into args_reference, or aborts. */
void args_load_reference(const char *symbol);
/* Where the program's own OURS lives. */
enum args_linkage {
    ARGS_HETSCAL,     /* in libhetscal: the comparison is real */
    ARGS_ABSENT,      /* libhetscal has no SYMBOL: OURS is the reference */
    ARGS_ELSEWHERE    /* libhetscal has SYMBOL but OURS is another's */
};
enum args_linkage args_linkage(args_fn *ours, const char *symbol);

/* PXERBLA as both sides call it (args_xerbla.c): the program's own,
 * which records each call and passes it on to the reference's. */
void pxerbla_(const int *ictxt, const char *srname, const int *info,
              size_t srname_len);
/* The routine's name as PXERBLA must give it ("PZPOTRF"); set by main. */
extern char args_xerbla_name[16];
/* Forgets the calls so far: call it just before the call under test. */
void args_xerbla_start(void);
/* What PXERBLA saw since args_xerbla_start, into FIELDS[PX_CALLS ..
 * PX_NAMED]. */
void args_xerbla_report(int *fields);

/* The judging shared by the driver and the fuzzer (args_judge.c). */
/* Makes the NPROW x NPCOL grid on the first processes of the world; 0
 * when the world is too small. */
int args_make_grid(struct args_grid *g, int nprow, int npcol, int world);
/* Sets args_exited_ctxt: a 1 x 1 grid made and exited again.  Call it
 * after making the grids, so that no later grid reuses its handle. */
void args_make_exited_ctxt(void);
/* Runs case TC on this process (its setup, then the routine's run) and
 * fills REP, R_EXPECT from EXPECT (-602 outside the grid). */
void args_run_case(const struct args_case *tc, const struct args_grid *g,
                   int expect, int *rep);
/* Rank 0 judges one case from every process's report ALL; prints its
 * row and returns 1 when it failed. */
int args_judge(const struct args_case *tc, const struct args_grid *g,
               const int *all, int world, int reference_wraps);
/* 0: args_judge prints the rows of failed cases only (default 1). */
extern int args_print_passed;

/* Entries the reference left unchanged that hetscal changed (stray), and
 * entries where the two results differ by more than tol (bad), real by
 * real over ARGS_CAP elements; adds to both counts.  Equal values (an
 * infinity too) and two NaNs agree. */
void args_compare(const void *in, const void *ref, const void *het,
                  double tol, int *bad, int *stray);

/* Entries of A that hetscal changed and the reference did not, outside
 * the M x N sub(A) of c (its lower triangle with TRI 'L', upper with
 * 'U', all of it with 'A'), compared bit for bit: where the factor
 * itself is not compared (a failed minor, a non-finite input), nothing
 * else may change. */
int args_stray_outside(const struct args_call *c, const struct args_grid *g,
                       int m, int n, char tri, const void *in, const void *ref,
                       const void *het);

/* Context of a grid created and exited again: any use of it is -602. */
extern int args_exited_ctxt;

/* Where this process sits in the grid (args_desc_cases.c). */
int args_is_last(const struct args_grid *g);
int args_is_root(const struct args_grid *g);
int args_multi(const struct args_grid *g);

/* The routine's base call, then its refresh (args_desc_cases.c). */
void args_start(struct args_call *c, const struct args_grid *g);
void args_refresh(struct args_call *c, const struct args_grid *g);

/* The body of most cases: ARGS_SKIP unless when holds, else the routine's
 * base call (args_start), then the statements given, then the INFO
 * expected; ARGS_MULTI_CASE only on grids of more than one process.
 * Write "static ARGS_CASE(...)" for a case of one file. */
#define ARGS_CASE_WHEN(fn, when, info, ...) \
    int fn(struct args_call *c, const struct args_grid *g) \
    { \
        if (!(when)) \
            return ARGS_SKIP; \
        args_start(c, g); \
        __VA_ARGS__; \
        return info; \
    }
#define ARGS_CASE(fn, info, ...) ARGS_CASE_WHEN(fn, 1, info, __VA_ARGS__)
#define ARGS_MULTI_CASE(fn, info, ...) \
    ARGS_CASE_WHEN(fn, args_multi(g), info, __VA_ARGS__)

/* The cases on the descriptor and IA/JA that read the same for every
 * routine and precision (args_desc_cases.c); the driver runs them before
 * the routine's own. */
extern const struct args_case args_desc_cases[];

/* The row of case fn (named as the function) of that kind, and the row
 * that ends a table of cases. */
#define ARGS_ROW(fn, kind) { #fn, kind, fn }
#define ARGS_END_OF_CASES { NULL, ARGS_ERROR, NULL }

/* Descriptor arithmetic and the local array (args_matrix.c). */
/* The reference ScaLAPACK's NUMROC, arguments by value. */
int args_numroc(int n, int nb, int iproc, int isrc, int nprocs);
/* LLD = max(1, LOCr(M_)) where that can be computed. */
void args_set_lld(struct args_call *c, const struct args_grid *g);
/* The base calls' descriptor: an M_ x N_ matrix (DTYPE 1) in 2 x 2 blocks
 * from process (0, 0) of g, LLD from the grid, the test matrix written. */
void args_base_desc(struct args_call *c, const struct args_grid *g,
                    int m_a, int n_a);
/* The global (gi, gj), 0-based, of element E of this process's local
 * array of A; 0 when E lies outside the local part (past LOCr in LLD, or
 * past LOCc) or the descriptor makes no sense here. */
int args_global_of(const struct args_call *c, const struct args_grid *g,
                   size_t e, int *gi, int *gj);
/* Whether c->special places an entry inside sub(A) (M x N). */
int args_special_inside(const struct args_call *c);
/* Junk everywhere (so that any write shows), then at each global (i, j),
 * 0-based, of the local part of A, when the descriptor makes sense on this
 * process, the element whose real part is entry(c, i, j, 0) (and
 * imaginary part entry(c, i, j, 1) in a complex precision), or the
 * special value c->special places there. */
void args_fill(void *a, const struct args_call *c, const struct args_grid *g,
               double (*entry)(const struct args_call *c, int i, int j,
                               int part));

#endif /* ARGS_H */
