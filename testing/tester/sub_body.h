/* Template body (tx_instantiate.h): the count of A's entries outside an
 * M x N sub(A) that changed, in one precision (the P?GETRF and P?GEQRF
 * testers' problems).  Included after dist_body.h. */

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
