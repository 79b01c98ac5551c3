/* The one clock of hetscal: monotonic seconds, for timings, busy time and
 * traces alike. */
#ifndef HETSCAL_UTIL_CLOCK_H
#define HETSCAL_UTIL_CLOCK_H

#include <time.h>

static inline double hs_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

#endif
