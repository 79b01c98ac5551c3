/* LAPACK's ?POTRF or ?GETRF on sub(A) of a one-process grid
 * (hs_hand_on_lapack), one precision (api/hand_on.c). */
static void HS_SFX(lapack_call)(hs_call *c, int *info)
{
    int lld = c->desca[HS_LLD];
    HS_T *a = (HS_T *)c->a + (size_t)(c->ia - 1) + (size_t)(c->ja - 1) * (size_t)lld;
    if (strcmp(c->routine + 2, "potrf") == 0) {
        HS_F(potrf)(c->upper ? "U" : "L", &c->n, a, &lld, info, 1);
        /* A NaN pivot is INFO as on hetscal's own path (OpenBLAS's ?POTRF
         * takes its square root without complaint). */
        *info = hs_first_bad_pivot(c->prec, *info, a, (size_t)lld + 1, c->n);
        return;
    }
    int *ipiv = c->ipiv + (c->ia - 1), k = c->m < c->n ? c->m : c->n;
    HS_F(getrf)(&c->m, &c->n, a, &lld, ipiv, info);
    /* LAPACK's rows count from sub(A)'s first, ScaLAPACK's from A's. */
    for (int i = 0; i < k; i++)
        ipiv[i] += c->ia - 1;
}
