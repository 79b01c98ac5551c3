/* The precisions of the bad-argument testers: one row each for S, D, C
 * and Z (the size and number of the reals of an element, the epsilon),
 * the one chosen by -precision, and access to the reals of an array of
 * its elements, so that one source handles all four. */
#include "config.h"

#include <float.h>
#include <string.h>

#include "args.h"

const struct args_precision args_precisions[ARGS_NPREC] = {
    { 's', sizeof(float), 1, FLT_EPSILON },
    { 'd', sizeof(double), 1, DBL_EPSILON },
    { 'c', sizeof(float), 2, FLT_EPSILON },
    { 'z', sizeof(double), 2, DBL_EPSILON },
};

const struct args_precision *args_prec = &args_precisions[1];

const struct args_precision *args_precision_named(const char *letter)
{
    for (int i = 0; i < ARGS_NPREC; i++)
        if ((letter[0] | 0x20) == args_precisions[i].letter
            && letter[1] == '\0')
            return &args_precisions[i];
    return NULL;
}

size_t args_elem_size(void)
{
    return args_prec->real_size * (size_t)args_prec->parts;
}

double args_real_at(const void *buf, size_t k)
{
    if (args_prec->real_size == sizeof(float)) {
        float v;
        memcpy(&v, (const char *)buf + k * sizeof v, sizeof v);
        return v;
    } else {
        double v;
        memcpy(&v, (const char *)buf + k * sizeof v, sizeof v);
        return v;
    }
}

void args_set_real(void *buf, size_t k, double v)
{
    if (args_prec->real_size == sizeof(float)) {
        float f = (float)v;
        memcpy((char *)buf + k * sizeof f, &f, sizeof f);
    } else {
        memcpy((char *)buf + k * sizeof v, &v, sizeof v);
    }
}

double args_tol(double tol_double)
{
    return tol_double * (args_prec->eps / DBL_EPSILON);
}
