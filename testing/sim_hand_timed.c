/* What the simulator's hand-timed tests share (see sim_hand_timed.h). */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "include/hetscal.h"
#include "testing/sim_hand_timed.h"

int sim_no_kernel(hs_task *t, hs_device *dev)
{
    (void)t;
    (void)dev;
    return 0;
}

void sim_insert(hs_dist *d, const hs_task_kind *kind, int nacc, int t0, int m0, int t1, int m1)
{
    hs_dist_insert(d, &(hs_task_spec){ .kind = kind, .nacc = nacc,
                                       .acc = { { t0, m0 }, { t1, m1 } } });
}

hs_sim_costs sim_unit_costs(double (*task_seconds)(void *arg, const hs_task *t, int x))
{
    return (hs_sim_costs){ .task_seconds = task_seconds, .net_bandwidth = 1e9, .net_links = 1,
                           .shm_bandwidth = 1e9, .link_bandwidth = 1e9 };
}

int sim_run_reported(const hs_sim_setup *s, double *seconds, hs_sim_rank_result *ranks)
{
    *seconds = 0;
    if (hs_sim_run(s, seconds, ranks) != HETSCAL_SUCCESS) {
        printf("FAIL: the simulation did not finish\n");
        return -1;
    }
    return 0;
}

int sim_trace_dir(char *dir, char *prefix, size_t prefix_size)
{
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return -1;
    }
    snprintf(prefix, prefix_size, "%s/trace", dir);
    return 0;
}

void sim_trace_remove(const char *dir, const char *prefix, int nranks)
{
    for (int r = 0; r < nranks; r++) {
        char path[4096];
        snprintf(path, sizeof path, "%s.%d.json", prefix, r);
        unlink(path);
    }
    rmdir(dir);
}

double sim_trace_span_seconds(const char *prefix, int rank, const char *name)
{
    char path[4096], text[1 << 14], key[64];
    snprintf(path, sizeof path, "%s.%d.json", prefix, rank);
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    size_t len = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[len] = 0;
    snprintf(key, sizeof key, "\"name\":\"%s\"", name);
    const char *at = strstr(text, key), *dur = at ? strstr(at, "\"dur\":") : NULL;
    return dur ? atof(dur + 6) * 1e-6 : -1;
}

int sim_checks_report(const sim_check *checks, size_t n)
{
    int fails = 0;
    for (size_t k = 0; k < n; k++) {
        int ok = fabs(checks[k].got - checks[k].want) < 1e-12;
        fails += !ok;
        printf("%s: %s %.9g (expected %.9g)\n", ok ? "ok" : "FAIL", checks[k].what,
               checks[k].got, checks[k].want);
    }
    return fails;
}
