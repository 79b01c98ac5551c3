/* Shared declarations of the bad-argument testers args_pdpotrf and
 * args_pdgeqrf: the process grids, one call's arguments, the cases that
 * build them, and the table through which each routine plugs its base
 * call, its run and its own checks into the shared driver (args_driver.c). */
#ifndef ARGS_H
#define ARGS_H

#include <stddef.h>

/* Descriptor entries, 0-based (ScaLAPACK's DTYPE_ .. LLD_ minus one). */
enum { D_DTYPE, D_CTXT, D_M, D_N, D_MB, D_NB, D_RSRC, D_CSRC, D_LLD };

/* Doubles in every local array: room for any case plus guard space. */
#define ARGS_CAP 4096

/* A BLACS grid as this process sees it; in = 0 outside the grid. */
struct args_grid {
    char name[24];
    int ctxt, nprow, npcol, myrow, mycol, in;
    int world_size;
};

/* The arguments of one call, and what to put in the matrix; each routine
 * uses the fields its argument list has. */
struct args_call {
    int m, n, ia, ja;  /* M: PDGEQRF only */
    int desc[9];
    int lwork;         /* PDGEQRF only */
    int fill;          /* 1: write the test matrix into the local array */
    int spd_fail;      /* PDPOTRF: K > 0 makes the leading minor of order K
                        * indefinite */
    char uplo;         /* PDPOTRF only */
};

/* What a case is: ARGS_SKIP from setup means "not on this grid".
 * ARGS_VALID: the results are compared with the reference's;
 * ARGS_NOTSPD: PDPOTRF's INFO > 0; ARGS_UNTOUCHED: a valid PDGEQRF call
 * that must not change A or TAU (query, M = 0, N = 0); ARGS_ERROR:
 * INFO < 0. */
#define ARGS_SKIP 99999
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
 * routine's own (from ARGS_R_COMMON on). */
enum { R_IN, R_REF, R_HET, R_REF_TOUCHED, R_HET_TOUCHED, R_FACTOR_BAD,
       R_HET_STRAY, R_EXPECT, R_SIZE, ARGS_R_COMMON };

/* The reasons a case failed, as rank 0 collects them. */
struct args_why {
    char text[768];
    size_t len;
    int fail;
};
void args_why(struct args_why *w, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* One routine under test. */
struct args_routine {
    const char *name;              /* "pdpotrf" */
    void (*ours)(void);            /* hetscal's entry point */
    /* Its own cases, up to ARGS_END_OF_CASES (args_desc_cases run
     * first). */
    const struct args_case *cases;
    int nfields;                   /* length of one report */
    /* The base call every case starts from, and what must be recomputed
     * after a case changed the descriptor (PDGEQRF's LWORK). */
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

/* The routine being tested, defined by its own file (args_pdpotrf.c,
 * args_pdgeqrf.c); main, in args_driver.c, runs every case on every grid
 * named in argv and returns the exit status. */
extern const struct args_routine args_routine;
/* The reference's entry point (set before any case runs). */
extern void (*args_reference)(void);

/* Entries the reference left unchanged that hetscal changed (stray), and
 * entries where the two results differ by more than tol (bad); adds to
 * both counts. */
void args_compare(const double *in, const double *ref, const double *het,
                  double tol, int *bad, int *stray);

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
 * routine (args_desc_cases.c); the driver runs them before the routine's
 * own. */
extern const struct args_case args_desc_cases[];

/* The row that ends a table of cases. */
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
/* Junk everywhere (so that any write shows), then entry(c, i, j) at each
 * global (i, j), 0-based, of the local part of A when the descriptor
 * makes sense on this process. */
void args_fill(double *a, const struct args_call *c, const struct args_grid *g,
               double (*entry)(const struct args_call *c, int i, int j));

#endif /* ARGS_H */
