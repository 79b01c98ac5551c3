/* The one clock of hetscal: monotonic seconds, for timings, busy time and
 * traces alike; and the CPU time the calling thread has used. */
#ifndef HETSCAL_UTIL_CLOCK_H
#define HETSCAL_UTIL_CLOCK_H

#include <time.h>

static inline double hs_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static inline double hs_thread_cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

#endif
