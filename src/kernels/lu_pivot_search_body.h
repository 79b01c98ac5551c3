/* ScaLAPACK's P?GETF2 on one LU panel, for one precision (see
 * lu_pivot_search.h; kernels/lu_kernels_body.h includes this, once per
 * precision).  Used only for a panel that holds a NaN or an infinity:
 * column by column, ScaLAPACK's pivot search over the caller's process
 * rows, then what P?GETF2 does with its answer (a nonzero pivot: swap,
 * scale by its reciprocal; zero: INFO, neither), and the rank-1 update of
 * the panel's later columns, which P?GETF2 makes in both cases.  The
 * scaling and the update are the BLAS calls P?SCAL and P?GER(U) make
 * locally, ?SCAL and ?GER(U), not loops of our own: the BLAS has its own
 * ways with NaN (OpenBLAS 0.3.21's SSCAL by a NaN gives no NaN, DSCAL
 * does), and they are ScaLAPACK's too. */

/* |x| as P?AMAX compares it: |re| + |im| for complex, in the real type. */
static HS_R HS_SFX(amax_size)(HS_T x)
{
#if HS_COMPLEX
    return (HS_R)fabs(creal(x)) + (HS_R)fabs(cimag(x));
#else
    return (HS_R)fabs(x);
#endif
}

/* Scratch for the search over a column of m rows on nprow process rows. */
typedef struct HS_SFX(amax_scratch) {
    HS_T *part;       /* one process row's part, HS_LU_ALIGN-byte aligned */
    int *row;         /* its rows of sub(A) */
    HS_T *best;       /* each process row's answer, then the tree's */
    int *best_row;
} HS_SFX(amax_scratch);

static int HS_SFX(amax_scratch_alloc)(HS_SFX(amax_scratch) *s, int m, int nprow)
{
    /* room for the phase (less than HS_LU_ALIGN bytes) before the part */
    size_t part_bytes = (size_t)m * sizeof(HS_T) + HS_LU_ALIGN;
    s->part = aligned_alloc(HS_LU_ALIGN, (part_bytes + HS_LU_ALIGN - 1) / HS_LU_ALIGN * HS_LU_ALIGN);
    s->best = malloc((size_t)nprow * sizeof(HS_T));
    s->row = malloc((size_t)(m > 0 ? m : 1) * sizeof(int));
    s->best_row = malloc((size_t)nprow * sizeof(int));
    return s->part && s->best && s->row && s->best_row ? 0 : HETSCAL_ERR_NOMEM;
}

static void HS_SFX(amax_scratch_free)(HS_SFX(amax_scratch) *s)
{
    free(s->part);
    free(s->best);
    free(s->row);
    free(s->best_row);
}

/* P?AMAX of rows r..m-1 of column j of sub(A) (col is its row 0): the
 * pivot's row, and its value in *gmax.  Each process row's local part is
 * searched by I?AMAX (none: 0); then, as PBLAS's 1-tree combine does,
 * process row q takes q + k's answer for k = 1, 2, 4 ... when |its own| <
 * |q + k's|, and process row 0's answer is the pivot.  A zero answer
 * points at row r (P?AMAX's "coherent INDX"). */
static int HS_SFX(scalapack_amax)(const HS_T *col, int r, int m, int j, const hs_lu_rows *d,
                                  const hs_lu_caller *caller,
                                  HS_SFX(amax_scratch) *s, HS_T *gmax)
{
    const int one = 1;
    for (int p = 0; p < d->nprow; p++) {
        int i = hs_lu_rows_first(d, p, r, m), n = 0;
        HS_T *part = s->part + (i < 0 ? 0 : hs_lu_rows_phase(d, caller, i, j, (int)sizeof(HS_T)));
        for (; i >= 0; i = hs_lu_rows_next(d, i, m)) {
            part[n] = col[i];
            s->row[n++] = i;
        }
        if (n == 0) {
            s->best[p] = 0;
            s->best_row[p] = r;
            continue;
        }
        int k = HS_IAMAX(&n, part, &one);
        k = k < 1 ? 1 : k > n ? n : k;
        s->best[p] = part[k - 1];
        s->best_row[p] = s->row[k - 1];
    }
    for (int k = 1; k < d->nprow; k *= 2)
        for (int q = 0; q + k < d->nprow; q += 2 * k)
            if (HS_SFX(amax_size)(s->best[q]) < HS_SFX(amax_size)(s->best[q + k])) {
                s->best[q] = s->best[q + k];
                s->best_row[q] = s->best_row[q + k];
            }
    *gmax = s->best[0];
    return *gmax == 0 ? r : s->best_row[0];
}

/* P?GETF2 on the w-wide panel a (m rows, ld apart: all of sub(A)'s, the
 * diagonal of its first column at row off): the pivots (1-based from row
 * off) in piv, the first zero pivot (1-based in the panel, or 0) in
 * *info. */
static int HS_SFX(lu_panel_scalapack)(HS_T *a, int m, int ld, int off, int w,
                                      const hs_lu_rows *d, const hs_lu_caller *caller, int *piv,
                                      int *info)
{
    HS_SFX(amax_scratch) s;
    int kk = m - off < w ? m - off : w;
    int err = HS_SFX(amax_scratch_alloc)(&s, m, d->nprow);
    const HS_T minus_one = -1, one = 1;
    const int inc = 1;

    *info = 0;
    for (int c = 0; !err && c < kk; c++) {
        int r = off + c, below = m - r - 1, right = w - c - 1;
        HS_T *col = a + (size_t)c * ld, gmax;
        int p = HS_SFX(scalapack_amax)(col, r, m, off + c, d, caller, &s, &gmax);
        piv[c] = p - off + 1;
        if (gmax != 0) {
            for (int q = 0; p != r && q < w; q++) {
                HS_T t = a[r + (size_t)q * ld];
                a[r + (size_t)q * ld] = a[p + (size_t)q * ld];
                a[p + (size_t)q * ld] = t;
            }
            HS_T inv = one / gmax;
            if (below > 0)
                HS_F(scal)(&below, &inv, col + r + 1, &inc);
        } else if (*info == 0) {
            *info = c + 1;
        }
        if (below > 0 && right > 0)
            HS_GERU(&below, &right, &minus_one, col + r + 1, &inc, a + r + (size_t)(c + 1) * ld,
                    &ld, a + r + 1 + (size_t)(c + 1) * ld, &ld);
    }
    HS_SFX(amax_scratch_free)(&s);
    return err;
}

/* Whether rows off..m-1 of the w-wide panel (ld apart) are all finite
 * (x - x is 0 for a finite x, NaN for a NaN or an infinity, in either
 * part). */
static int HS_SFX(panel_finite)(const HS_T *a, int m, int ld, int off, int w)
{
    for (int q = 0; q < w; q++)
        for (int i = off; i < m; i++)
            if (!(a[i + (size_t)q * ld] - a[i + (size_t)q * ld] == 0))
                return 0;
    return 1;
}
