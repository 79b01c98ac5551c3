/* What the simulator's hand-timed tests share (testing/t_sim_messages.c,
 * testing/t_sim_gang.c): a trace directory, a span's length read back
 * from a rank's trace, and the checks against the times worked out by
 * hand. */
#ifndef HETSCAL_TESTING_SIM_HAND_TIMED_H
#define HETSCAL_TESTING_SIM_HAND_TIMED_H

#include <stddef.h>

#include "runtime/engine.h"

/* A kernel that does nothing (the simulation runs none). */
int sim_no_kernel(hs_task *t, hs_device *dev);

/* A fresh directory for a simulated run's trace: *dir (a mkdtemp
 * template, "/tmp/hetscal-sim-XXXXXX") made, prefix its trace files'
 * prefix; 0, or -1 (reported). */
int sim_trace_dir(char *dir, char *prefix, size_t prefix_size);
/* The trace's files of nranks ranks and the directory, removed. */
void sim_trace_remove(const char *dir, const char *prefix, int nranks);

/* The length in seconds of the first span `name` in rank's trace, or -1. */
double sim_trace_span_seconds(const char *prefix, int rank, const char *name);

typedef struct sim_check {
    const char *what;
    double got, want;
} sim_check;

/* Prints each check (ok or FAIL, within 1e-12 s); returns the failures. */
int sim_checks_report(const sim_check *checks, size_t n);

#endif
