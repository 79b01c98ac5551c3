/* Symbols visible outside libhetscal (built with -fvisibility=hidden). */
#ifndef HETSCAL_API_EXPORT_H
#define HETSCAL_API_EXPORT_H

#define HETSCAL_EXPORT __attribute__((visibility("default")))

/* The other two spellings of an exported ScaLAPACK entry point F
 * (pdpotrf_): LOWER (pdpotrf) and UPPER (PDPOTRF), aliases of the same
 * code, for the Fortran compilers and C callers that use them. */
#define HETSCAL_EXPORT_SPELLINGS(f, lower, upper)                     \
    HETSCAL_EXPORT __typeof__(f) lower __attribute__((alias(#f)));   \
    HETSCAL_EXPORT __typeof__(f) upper __attribute__((alias(#f)))

/* A routine's entry points in the four precisions: ENTRY(f, lower, upper,
 * T, prec) defines one, named f (psgetrf_), lower (psgetrf) and upper
 * (PSGETRF), of element type T and precision prec (util/precision.h; T as
 * include/hetscal.h spells it).  R: the routine in lower case (getrf),
 * RU: in capitals (GETRF). */
#define HETSCAL_ENTRIES_BY_PREC(ENTRY, r, RU)                                 \
    ENTRY(ps##r##_, ps##r, PS##RU, float, HS_PREC_S);                         \
    ENTRY(pd##r##_, pd##r, PD##RU, double, HS_PREC_D);                        \
    ENTRY(pc##r##_, pc##r, PC##RU, HETSCAL_COMPLEX_FLOAT, HS_PREC_C);         \
    ENTRY(pz##r##_, pz##r, PZ##RU, HETSCAL_COMPLEX_DOUBLE, HS_PREC_Z)

#endif
