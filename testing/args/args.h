/* Shared declarations of the bad-argument tester args_pdpotrf: the process
 * grids, one PDPOTRF call's arguments, and the table of cases that build
 * them and say which INFO ScaLAPACK's contract expects. */
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

/* The arguments of one call, and what to put in the matrix. */
struct args_call {
    char uplo;
    int n, ia, ja;
    int desc[9];
    int fill;      /* 1: write the SPD test matrix into the local array */
    int spd_fail;  /* K > 0: make the leading minor of order K indefinite */
};

/* What a case is: ARGS_SKIP from setup means "not on this grid". */
#define ARGS_SKIP 99999
enum args_kind { ARGS_ERROR, ARGS_VALID, ARGS_NOTSPD };

struct args_case {
    const char *name;
    enum args_kind kind;
    /* Builds the call for this process; returns the INFO the contract
     * expects on processes in the grid (same on all of them), or
     * ARGS_SKIP.  Processes outside the grid always expect -602. */
    int (*setup)(struct args_call *c, const struct args_grid *g);
};

extern const struct args_case args_cases[];
extern const size_t args_ncases;

/* Context of a grid created and exited again: any use of it is -602. */
extern int args_exited_ctxt;

/* Descriptor arithmetic and the test matrix (args_matrix.c). */
int args_numroc(int n, int nb, int iproc, int isrc, int nprocs);
void args_base(struct args_call *c, const struct args_grid *g);
void args_set_lld(struct args_call *c, const struct args_grid *g);
void args_fill(double *a, const struct args_call *c, const struct args_grid *g);

#endif /* ARGS_H */
