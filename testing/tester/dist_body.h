/* Template body (tx_instantiate.h): the testers' distributed matrices
 * (dist.h) with elements of one precision: creation with the precision's
 * guard pattern, filling and comparing entries given as functions of
 * their global indices, a copy, and P?LANGE with its own workspace. */
#include <stdlib.h>
#include <string.h>

/* An entry of a test matrix as a function of its 1-based global row and
 * column (GI, GJ); PB describes the matrix. */
typedef TX_T TX_SFX(tx_entry_fn)(const void *pb, int gi, int gj);

/* tester_dist_create with this precision's elements and guard pattern. */
static int TX_SFX(dist_create)(struct tester_dist *d, int context, int m,
                               int n, int mb, int nb, int rsrc, int csrc)
{
    const TX_T guard = TX_ELEM(-TX_BIG(7.0), -TX_BIG(7.0));
    return tester_dist_create(d, context, m, n, mb, nb, rsrc, csrc,
                              sizeof guard, &guard);
}

/* A copy of the whole local array of SRC in a new matrix of its layout. */
static int TX_SFX(dist_copy)(struct tester_dist *d,
                             const struct tester_dist *src)
{
    if (tester_dist_like(d, src) != 0)
        return -1;
    memcpy(d->a, src->a, src->len * sizeof(TX_T));
    return 0;
}

/* Sets every local entry of D to ENTRY(PB, gi, gj). */
static void TX_SFX(dist_fill)(struct tester_dist *d,
                              TX_SFX(tx_entry_fn) *entry, const void *pb)
{
    size_t lld = (size_t)d->desc[LLD_];
    TX_T *a = d->a;
    for (int lj = 0; lj < d->locc; lj++) {
        int gj = tester_dist_global_col(d, lj);
        for (int li = 0; li < d->locr; li++)
            a[li + lj * lld] = entry(pb, tester_dist_global_row(d, li), gj);
    }
}

/* Number of local entries of D where SKIP(PB, gi, gj) is false that
 * differ (bitwise) from ENTRY(PB, gi, gj). */
static long TX_SFX(dist_changed)(const struct tester_dist *d,
                                 int (*skip)(const void *pb, int gi, int gj),
                                 TX_SFX(tx_entry_fn) *entry, const void *pb)
{
    size_t lld = (size_t)d->desc[LLD_];
    const TX_T *a = d->a;
    long changed = 0;
    for (int lj = 0; lj < d->locc; lj++) {
        int gj = tester_dist_global_col(d, lj);
        for (int li = 0; li < d->locr; li++) {
            int gi = tester_dist_global_row(d, li);
            TX_T want;
            if (skip(pb, gi, gj))
                continue;
            want = entry(pb, gi, gj);
            changed += memcmp(&a[li + lj * lld], &want, sizeof want) != 0;
        }
    }
    return changed;
}

/* P?LANGE(NORM) of the M x N submatrix at (IA, JA) of A (descriptor
 * DESC), with WORKLEN reals of workspace; -1 when memory runs out. */
static double TX_SFX(dist_norm)(const char *norm, int m, int n,
                                const TX_T *a, int ia, int ja,
                                const int *desc, size_t worklen)
{
    TX_R *work = malloc(worklen * sizeof *work);
    double value;
    if (work == NULL)
        return -1.0;
    value = TX_PB(lange)(norm, &m, &n, a, &ia, &ja, desc, work, 1);
    free(work);
    return value;
}
