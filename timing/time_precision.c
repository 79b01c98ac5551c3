/* The timer's precisions: one row each for S, D, C and Z (the size and
 * number of the reals of an element, the unit roundoff, the BLAS GEMM of
 * the ceiling), access to elements in any of them, and the routines'
 * names in each (PZPOTRF, pzpotrf_), as the input gives them or the
 * program prints and looks them up. */
#include "config.h"

#include <ctype.h>
#include <float.h>
#include <string.h>

#include "time_scalapack.h"

/* The BLAS ?GEMM, called through time_ceiling.c's prototype. */
extern time_fn sgemm_, dgemm_, cgemm_, zgemm_;

const struct time_precision time_precisions[TIME_NPREC] = {
    { 's', sizeof(float), 1, FLT_EPSILON * 0.5, TIME_FN(sgemm_) },
    { 'd', sizeof(double), 1, DBL_EPSILON * 0.5, TIME_FN(dgemm_) },
    { 'c', sizeof(float), 2, FLT_EPSILON * 0.5, TIME_FN(cgemm_) },
    { 'z', sizeof(double), 2, DBL_EPSILON * 0.5, TIME_FN(zgemm_) },
};

const struct time_precision *time_precision_named(char letter)
{
    for (int i = 0; i < TIME_NPREC; i++)
        if (tolower((unsigned char)letter) == time_precisions[i].letter)
            return &time_precisions[i];
    return NULL;
}

size_t time_elem_size(const struct time_precision *p)
{
    return p->real_size * (size_t)p->parts;
}

double time_flop_factor(const struct time_precision *p)
{
    return p->parts == 2 ? 4.0 : 1.0;
}

void time_set_elem(const struct time_precision *p, void *buf, size_t k,
                   double re, double im)
{
    double v[2] = { re, im };
    char *e = (char *)buf + k * time_elem_size(p);

    for (int i = 0; i < p->parts; i++) {
        if (p->real_size == sizeof(float)) {
            float f = (float)v[i];
            memcpy(e + i * sizeof f, &f, sizeof f);
        } else {
            memcpy(e + i * sizeof v[i], &v[i], sizeof v[i]);
        }
    }
}

double time_real_at(const struct time_precision *p, const void *buf,
                    size_t k)
{
    const char *e = (const char *)buf + k * time_elem_size(p);
    float f;
    double d;

    if (p->real_size == sizeof(float)) {
        memcpy(&f, e, sizeof f);
        return f;
    }
    memcpy(&d, e, sizeof d);
    return d;
}

time_fn *time_ours(const struct time_case *c)
{
    return c->routine->ours[c->prec - time_precisions];
}

void time_routine_name(const struct time_routine *rt,
                       const struct time_precision *p, char *name,
                       size_t len)
{
    snprintf(name, len, "P%c%s", toupper((unsigned char)p->letter),
             rt->key);
}

void time_routine_symbol(const struct time_routine *rt,
                         const struct time_precision *p, char *symbol,
                         size_t len)
{
    size_t i;

    snprintf(symbol, len, "p%c%s_", p->letter, rt->key);
    for (i = 0; symbol[i] != '\0'; i++)
        symbol[i] = (char)tolower((unsigned char)symbol[i]);
}

int time_routine_parse(const char *name, const struct time_routine **rt,
                       const struct time_precision **prec)
{
    char up[32];
    size_t i;

    for (i = 0; name[i] != '\0' && i < sizeof up - 1; i++)
        up[i] = (char)toupper((unsigned char)name[i]);
    up[i] = '\0';
    for (const struct time_routine *const *r = time_routines; *r; r++) {
        const char *key = (*r)->key;
        size_t n = strlen(up), k = strlen(key);
        /* KEY, ?KEY or P?KEY */
        if (n < k || strcmp(up + n - k, key) != 0 || n > k + 2
            || (n == k + 2 && up[0] != 'P'))
            continue;
        *rt = *r;
        *prec = n == k ? NULL : time_precision_named(up[n - k - 1]);
        if (n == k || *prec != NULL)
            return 0;
    }
    return -1;
}
