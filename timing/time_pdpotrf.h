/* Internal interfaces of the side-by-side PDPOTRF timer: options and case
 * list (time_options.c), statistics (time_stats.c), the reference routine
 * (time_reference.c) and the DGEMM ceiling (time_ceiling.c). */
#ifndef TIME_PDPOTRF_H
#define TIME_PDPOTRF_H

#include "llt_scalapack.h"

#define TIME_MAX_CASES 64

struct time_case {
    int n, nb, p, q, reps;
};

struct time_options {
    struct time_case cases[TIME_MAX_CASES];
    int ncases;
    char uplo;          /* 'L' or 'U' */
    int ceiling_n;      /* DGEMM size for the ceiling, 0: none */
    int check;          /* compute the residual of hetscal's factor */
};

/* Parses the command line (every rank does the same).  Returns 0, or -1
 * with a message in ERR; 1 when only help was asked for. */
int time_parse_options(int argc, char **argv, struct time_options *opt,
                       char *err, size_t errlen);
void time_print_usage(const char *prog);

double time_best(const double *t, int count);
double time_median(double *t, int count); /* sorts T */
/* N^3/3 floating-point operations in SECONDS, in GFLOP/s. */
double time_cholesky_gflops(int n, double seconds);

/* PDPOTRF of the reference ScaLAPACK (HETSCAL_REFERENCE_SCALAPACK), or
 * NULL with a message on stderr. */
pdpotrf_fn *time_reference_pdpotrf(void);

/* Times an N^3 DGEMM on every rank at once; returns this rank's GFLOP/s. */
double time_dgemm_gflops(int n);

#endif /* TIME_PDPOTRF_H */
