/* The four precisions of ScaLAPACK's routines (S, D, C, Z): what the code
 * that moves data (repartition, runtime, messages, device copies) needs to
 * know of one, its element size.  Code that computes is written once as a
 * template and instantiated per precision (util/prec_types.h). */
#ifndef HETSCAL_UTIL_PRECISION_H
#define HETSCAL_UTIL_PRECISION_H

#include <stddef.h>

/* D is 0, so that a zeroed call or kernel description means double, the
 * precision most ScaLAPACK codes call.  util/prec_types.h's HS_P uses
 * the same numbers. */
enum hs_precision { HS_PREC_D = 0, HS_PREC_S = 1, HS_PREC_C = 2, HS_PREC_Z = 3, HS_NPRECS = 4 };

/* The four instances of `name` that a template body defines (HS_SFX:
 * name_d, name_s, name_c, name_z), as the initializer of an array indexed
 * by enum hs_precision; HS_PREC_INSTANCES(&name) gives their addresses. */
#define HS_PREC_INSTANCES(name)                           \
    {                                                     \
        [HS_PREC_D] = name##_d, [HS_PREC_S] = name##_s,   \
        [HS_PREC_C] = name##_c, [HS_PREC_Z] = name##_z    \
    }

/* Bytes of one element: real single, real double, complex single, complex
 * double. */
static inline size_t hs_prec_bytes(int prec)
{
    static const unsigned char bytes[HS_NPRECS] = { 8, 4, 8, 16 };
    return bytes[prec];
}

static inline int hs_prec_complex(int prec)
{
    return prec == HS_PREC_C || prec == HS_PREC_Z;
}

/* ScaLAPACK's letter of the precision ('s', 'd', 'c', 'z'). */
static inline char hs_prec_letter(int prec)
{
    return "dscz"[prec];
}

/* Unit roundoff of the precision (LAPACK's eps, 2^-24 or 2^-53). */
static inline double hs_prec_eps(int prec)
{
    return prec == HS_PREC_S || prec == HS_PREC_C ? 0x1p-24 : 0x1p-53;
}

/* x = v as a value of the precision (imaginary part 0), as ScaLAPACK
 * returns WORK(1) = LWMIN. */
static inline void hs_prec_store_real(int prec, void *x, double v)
{
    switch (prec) {
    case HS_PREC_S:
        *(float *)x = (float)v;
        break;
    case HS_PREC_C:
        ((float *)x)[0] = (float)v;
        ((float *)x)[1] = 0;
        break;
    case HS_PREC_Z:
        ((double *)x)[1] = 0;
        /* fall through */
    default:
        ((double *)x)[0] = v;
    }
}

#endif
