/* What the simulator's hand-timed tests share (testing/t_sim_messages.c,
 * testing/t_sim_gang.c): a trace directory, a span's length read back
 * from a rank's trace, and the checks against the times worked out by
 * hand. */
#ifndef HETSCAL_TESTING_SIM_HAND_TIMED_H
#define HETSCAL_TESTING_SIM_HAND_TIMED_H

#include <stddef.h>

#include "runtime/dist.h"
#include "runtime/engine.h"
#include "sim/sim.h"

/* A kernel that does nothing (the simulation runs none). */
int sim_no_kernel(hs_task *t, hs_device *dev);

/* A task of `kind` with nacc (1 or 2) accesses: tile t0 in mode m0,
 * then t1 in m1. */
void sim_insert(hs_dist *d, const hs_task_kind *kind, int nacc, int t0, int m0, int t1, int m1);

/* Costs of a hand-timed program: its tasks' times from task_seconds,
 * no cost a task, 1 GB/s and no latency for every message and copy, one
 * network link a node. */
hs_sim_costs sim_unit_costs(double (*task_seconds)(void *arg, const hs_task *t, int x));
/* hs_sim_run, said when it fails; 0 or -1. */
int sim_run_reported(const hs_sim_setup *s, double *seconds, hs_sim_rank_result *ranks);

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
