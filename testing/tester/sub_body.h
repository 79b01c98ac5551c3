/* Template body (tx_instantiate.h): the count of A's entries outside an
 * M x N sub(A) that changed, in one precision (the P?GETRF and P?GEQRF
 * testers' problems), and the fill and outside check that each such
 * problem defines with TX_SUB_PROBLEM.  Included after dist_body.h. */

/* An M x N sub(A) at (IA, JA), and A's entries: ENTRY(PB, gi, gj). */
struct TX_SFX(sub_entries) {
    TX_SFX(tx_entry_fn) *entry;
    const void *pb;
    int m, n, ia, ja;
};

static int TX_SFX(in_sub)(const void *sub, int gi, int gj)
{
    const struct TX_SFX(sub_entries) *s = sub;
    return gi >= s->ia && gi < s->ia + s->m && gj >= s->ja &&
           gj < s->ja + s->n;
}

static TX_T TX_SFX(sub_entry)(const void *sub, int gi, int gj)
{
    const struct TX_SFX(sub_entries) *s = sub;
    return s->entry(s->pb, gi, gj);
}

/* Local entries of D outside the M x N sub(A) at (IA, JA) that differ
 * (bitwise) from ENTRY(PB, gi, gj). */
static long TX_SFX(dist_changed_outside)(const struct tester_dist *d, int m,
                                         int n, int ia, int ja,
                                         TX_SFX(tx_entry_fn) *entry,
                                         const void *pb)
{
    const struct TX_SFX(sub_entries) s = { entry, pb, m, n, ia, ja };
    return TX_SFX(dist_changed)(d, TX_SFX(in_sub), TX_SFX(sub_entry), &s);
}

/* In a problem's body, after its entry function TX_SFX(NAME_entry):
 * TX_SFX(NAME_fill)(pb, d), every local entry of D from it, and
 * TX_SFX(NAME_changed_outside)(pb, d), the local entries of D outside
 * sub(A) that differ (bitwise) from it; NAME is the problem's struct
 * (lu_problem, qr_problem), with sub(A)'s m, n, ia and ja. */
#ifndef TX_SUB_PROBLEM
#define TX_SUB_PROBLEM(name)                                                  \
    static void TX_SFX(name##_fill)(const struct name *pb,                    \
                                    struct tester_dist *d)                    \
    {                                                                         \
        TX_SFX(dist_fill)(d, TX_SFX(name##_entry), pb);                       \
    }                                                                         \
    static long TX_SFX(name##_changed_outside)(const struct name *pb,         \
                                               const struct tester_dist *d)   \
    {                                                                         \
        return TX_SFX(dist_changed_outside)(d, pb->m, pb->n, pb->ia, pb->ja,  \
                                            TX_SFX(name##_entry), pb);        \
    }
#endif
