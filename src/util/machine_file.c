/* Machine files and their rates (see machine_file.h). */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/env_guard.h"
#include "util/machine_file.h"

/* A machine file is a few dozen lines; past this it is something else
 * (HETSCAL_EMU_TIMING=/dev/zero reads NULs for ever). */
enum { MAX_MACHINE_FILE_BYTES = 1 << 20 };

int hs_sim_rates_parse(const char *text, hs_sim_rates *r)
{
    hs_sim_rates out = { 0 };
    const char *p = text;
    for (;;) {
        while (isspace((unsigned char)*p) || *p == ',')
            p++;
        if (!*p)
            break;
        char *end;
        long size = strtol(p, &end, 10);
        if (end == p || *end != ':' || size < 1 || out.count == HS_SIM_MAX_SIZES)
            return -1;
        p = end + 1;
        double rate = strtod(p, &end);
        if (end == p || rate <= 0)
            return -1;
        p = end;
        if (out.count && size <= out.size[out.count - 1])
            return -1;   /* increasing sizes */
        out.size[out.count] = (int)size;
        out.gflops[out.count++] = rate;
    }
    if (!out.count)
        return -1;
    *r = out;
    return 0;
}

double hs_sim_rate_at(const hs_sim_rates *r, int size)
{
    if (r->count == 0)
        return 0;
    if (size <= r->size[0])
        return r->gflops[0];
    for (int k = 1; k < r->count; k++)
        if (size <= r->size[k]) {
            double f = (double)(size - r->size[k - 1]) / (r->size[k] - r->size[k - 1]);
            return r->gflops[k - 1] + f * (r->gflops[k] - r->gflops[k - 1]);
        }
    return r->gflops[r->count - 1];
}

double hs_sim_gpu_rows_factor(const hs_sim_machine *m, int c, int rows)
{
    if (c < 0 || c >= HS_NWORK || rows < 1)
        return 1;
    if (m->gpu_rows[c].count == 0)   /* a team panel on a GPU is cuSOLVER's too */
        c = hs_work_fallback(c);
    return m->gpu_rows[c].count ? hs_sim_rate_at(&m->gpu_rows[c], rows) : 1;
}

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    char *e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1]))
        *--e = 0;
    return s;
}

/* A number key of the file: its field, or NULL. */
static double *number_field(hs_sim_machine *m, const char *key)
{
    /* KEY(name, member): the key `name` sets hs_sim_machine's member. */
#define KEY(name, member) { name, offsetof(hs_sim_machine, member) }
    static const struct { const char *key; size_t off; } keys[] = {
        KEY("cpu.memory_gbs", cpu_memory_gbs),
        KEY("cpu.first_touch_gbs", first_touch_gbs),
        KEY("single_speedup", single_speedup),
        KEY("gpu.memory_gib", gpu_memory_gib),
        KEY("link.gbs", link_gbs),
        KEY("link.latency_us", link_latency_us),
        KEY("peer.gbs", peer_gbs),
        KEY("peer.latency_us", peer_latency_us),
        KEY("net.gbs", net_gbs),
        KEY("net.latency_us", net_latency_us),
        KEY("shm.gbs", shm_gbs),
        KEY("shm.latency_us", shm_latency_us),
        KEY("task_overhead_us", task_overhead_us),
        KEY("gpu.task_us", gpu_task_us),
        KEY("team.round_us", team_round_us),
        KEY("team.member_us", team_member_us),
        KEY("cache_mib", cache_mib),
    };
#undef KEY
    for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
        if (!strcmp(key, keys[k].key))
            return (double *)((char *)m + keys[k].off);
    return NULL;
}

static int set_key(hs_sim_machine *m, const char *key, const char *value)
{
    char *end;
    if (!strcmp(key, "name")) {
        snprintf(m->name, sizeof m->name, "%s", value);
        return 0;
    }
    if (!strcmp(key, "panels")) {
        m->host_panels = !strcmp(value, "host");
        return m->host_panels || !strcmp(value, "device") ? 0 : -1;
    }
    if (!strcmp(key, "gpu.stream_priorities")) {
        m->stream_priorities = !strcmp(value, "yes");
        return m->stream_priorities || !strcmp(value, "no") ? 0 : -1;
    }
    if (!strcmp(key, "mpi.gpu_memory")) {
        m->mpi_gpu_memory = !strcmp(value, "yes");
        return m->mpi_gpu_memory || !strcmp(value, "no") ? 0 : -1;
    }
    if (!strcmp(key, "cores") || !strcmp(key, "gpus") || !strcmp(key, "net.links")) {
        long v = strtol(value, &end, 10);
        if (end == value || *end || v < 0)
            return -1;
        *(!strcmp(key, "cores") ? &m->cores : !strcmp(key, "gpus") ? &m->gpus : &m->net_links) =
            (int)v;
        return 0;
    }
    double *field = number_field(m, key);
    if (field) {
        double v = strtod(value, &end);
        if (end == value || *end || v < 0)
            return -1;
        *field = v;
        return 0;
    }
    for (int c = 0; c < HS_NWORK; c++) {
        char name[32];
        snprintf(name, sizeof name, "cpu.%s", hs_work_class_name[c]);
        if (!strcmp(key, name))
            return hs_sim_rates_parse(value, &m->cpu[c]);
        snprintf(name, sizeof name, "gpu.%s", hs_work_class_name[c]);
        if (!strcmp(key, name))
            return hs_sim_rates_parse(value, &m->gpu[c]);
        snprintf(name, sizeof name, "gpu.%s.rows", hs_work_class_name[c]);
        if ((c == HS_WORK_GETRF || c == HS_WORK_GEQRF) && !strcmp(key, name))
            return hs_sim_rates_parse(value, &m->gpu_rows[c]);
    }
    return -1;
}

static int read_file(const char *path, hs_sim_machine *m, int gpus_only, char *err,
                     size_t errlen)
{
    char why[128];
    FILE *f = hs_env_file_read(path, MAX_MACHINE_FILE_BYTES, why, sizeof why);
    if (!f) {
        snprintf(err, errlen, "cannot use the machine file %s: %s", path,
                 why[0] ? why : "it does not exist");
        return -1;
    }
    memset(m, 0, sizeof *m);
    m->single_speedup = 2;
    m->net_links = 1;
    char line[1024];
    int lineno = 0, status = 0;
    while (!status && fgets(line, sizeof line, f)) {
        lineno++;
        char *hash = strchr(line, '#');
        if (hash)
            *hash = 0;
        char *s = trim(line);
        if (!*s)
            continue;
        char *eq = strchr(s, '=');
        if (!eq) {
            snprintf(err, errlen, "%s:%d: expected key = value", path, lineno);
            status = -1;
            break;
        }
        *eq = 0;
        char *key = trim(s), *value = trim(eq + 1);
        if (set_key(m, key, value)) {
            snprintf(err, errlen, "%s:%d: bad key or value: %s = %s", path, lineno, key, value);
            status = -1;
        }
    }
    fclose(f);
    if (!status && !gpus_only && (m->cores < 1 || m->cpu[HS_WORK_GEMM].count == 0 ||
                    m->cpu_memory_gbs <= 0 || m->net_gbs <= 0 || m->shm_gbs <= 0)) {
        snprintf(err, errlen, "%s: cores, cpu.gemm, cpu.memory_gbs, net.gbs and shm.gbs "
                 "are required", path);
        status = -1;
    }
    if (!status && (m->gpus > 0 || gpus_only)
        && (m->gpu[HS_WORK_GEMM].count == 0 || m->link_gbs <= 0)) {
        snprintf(err, errlen, "%s: a machine with gpus needs gpu.gemm and link.gbs", path);
        status = -1;
    }
    return status;
}

int hs_sim_machine_read(const char *path, hs_sim_machine *m, char *err, size_t errlen)
{
    return read_file(path, m, 0, err, errlen);
}

int hs_sim_machine_read_gpus(const char *path, hs_sim_machine *m, char *err, size_t errlen)
{
    return read_file(path, m, 1, err, errlen);
}

const hs_sim_rates *hs_sim_class_rates(const hs_sim_rates table[], int c)
{
    const int order[] = { c, hs_work_fallback(c), HS_WORK_GEMM };
    for (size_t k = 0; k < sizeof order / sizeof *order; k++)
        if (table[order[k]].count > 0)
            return &table[order[k]];
    return NULL;
}

double hs_sim_class_rate(const hs_sim_rates table[], int c, int size)
{
    const hs_sim_rates *r = hs_sim_class_rates(table, c);
    return r ? hs_sim_rate_at(r, size) : 0;
}
