/* The simulated node, from the environment: CUDA_STANDIN_DEVICES physical
 * devices of CUDA_STANDIN_MEMORY bytes each, CUDA_VISIBLE_DEVICES's
 * ordinals, CUDA_STANDIN_FAIL's faults, the random delays,
 * CUDA_STANDIN_PAGEABLE (unset or "fail"), CUDA_STANDIN_COMPUTE_MODE
 * (default or exclusive_process), CUDA_STANDIN_PEER's pairs; and each
 * device's UUID, a hash of the host name and the physical index (the same
 * in every process of the node). */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "standin.h"

/* A count or a size, with an optional binary suffix (64k, 512m, 2g);
 * fallback when unset or not starting with a digit, loud when malformed. */
static unsigned long long env_number(const char *name, unsigned long long fallback)
{
    static const char suffixes[] = "kmg";   /* 2^10, 2^20, 2^30 */
    const char *s = getenv(name);
    if (!s || !isdigit((unsigned char)*s))
        return fallback;
    char *end;
    unsigned long long v = strtoull(s, &end, 10);
    const char *suffix = *end ? strchr(suffixes, tolower((unsigned char)*end)) : NULL;
    if (suffix) {
        v <<= 10 * (suffix - suffixes + 1);
        end++;
    }
    if (*end != '\0')
        standin_die("bad environment", "%s='%s' is not a number (suffix k, m or g)", name, s);
    return v;
}

/* CUDA stops at the first entry that is not a valid device index. */
static void read_visible(void)
{
    const char *s = getenv("CUDA_VISIBLE_DEVICES");
    int n = 0;
    if (!s) {
        for (n = 0; n < standin_cfg.physical; n++)
            standin_cfg.ordinal_to_physical[n] = n;
        standin_cfg.visible = n;
        return;
    }
    while (*s && n < STANDIN_MAX_DEVICES) {
        char *end;
        while (isspace((unsigned char)*s))
            s++;
        if (!isdigit((unsigned char)*s))
            break;
        long d = strtol(s, &end, 10);
        if (d >= standin_cfg.physical)
            break;
        for (int i = 0; i < n; i++)
            if (standin_cfg.ordinal_to_physical[i] == d)
                goto done;   /* a repeated index ends the list too */
        standin_cfg.ordinal_to_physical[n++] = (int)d;
        s = end;
        while (isspace((unsigned char)*s))
            s++;
        if (*s != ',')
            break;
        s++;
    }
done:
    standin_cfg.visible = n;
}

/* "dev:k[,dev:k...]": the k-th kernel or copy run on physical device dev
 * makes it fail. */
static void read_faults(void)
{
    const char *s = getenv("CUDA_STANDIN_FAIL");
    while (s && *s) {
        char *end;
        long dev = strtol(s, &end, 10);
        unsigned long k;
        if (end == s || *end != ':' || dev < 0 || dev >= standin_cfg.physical)
            standin_die("bad environment", "CUDA_STANDIN_FAIL='%s': expected dev:k,... "
                        "with dev < %d", getenv("CUDA_STANDIN_FAIL"), standin_cfg.physical);
        s = end + 1;
        k = strtoul(s, &end, 10);
        if (end == s || k == 0 || (*end != ',' && *end != '\0'))
            standin_die("bad environment", "CUDA_STANDIN_FAIL='%s': k counts from 1",
                        getenv("CUDA_STANDIN_FAIL"));
        standin_device *d = &standin_dev[dev];
        if (d->nfaults < STANDIN_MAX_FAULTS)
            d->fault_at[d->nfaults++] = k;
        s = *end == ',' ? end + 1 : end;
    }
}

/* "all" (or unset): every device can access every other one's memory,
 * as on an NVLink node; "none": no pair, as on PCIe without P2P; or
 * "a:b[,a:b...]": physical device a can access b's memory (one way: list
 * b:a too for both). */
static void read_peers(void)
{
    const char *env = getenv("CUDA_STANDIN_PEER"), *s = env;
    int all = !env || !*env || !strcmp(env, "all");
    for (int a = 0; a < standin_cfg.physical; a++)
        for (int b = 0; b < standin_cfg.physical; b++)
            standin_cfg.peer_possible[a][b] = all && a != b;
    if (all || !strcmp(env, "none"))
        return;
    while (*s) {
        char *end;
        long a = strtol(s, &end, 10), b = -1;
        if (end != s && *end == ':') {
            s = end + 1;
            b = strtol(s, &end, 10);
        }
        if (end == s || a < 0 || b < 0 || a >= standin_cfg.physical ||
            b >= standin_cfg.physical || a == b || (*end != ',' && *end != '\0'))
            standin_die("bad environment", "CUDA_STANDIN_PEER='%s': all, none or a:b,... "
                        "with a != b < %d", env, standin_cfg.physical);
        standin_cfg.peer_possible[a][b] = 1;
        s = *end == ',' ? end + 1 : end;
    }
}

static void make_uuid(int physical, cudaUUID_t *uuid)
{
    char host[256] = "";
    unsigned long long h = 1469598103934665603ULL;   /* FNV-1a */
    gethostname(host, sizeof host - 1);
    for (const char *p = host; *p; p++)
        h = (h ^ (unsigned char)*p) * 1099511628211ULL;
    for (int i = 0; i < 16; i++) {
        h = (h ^ (unsigned long long)(physical + 1) ^ (unsigned long long)i << 8) *
            1099511628211ULL;
        uuid->bytes[i] = (char)(h >> 32);
    }
}

void standin_read_config(void)
{
    unsigned long long devices = env_number("CUDA_STANDIN_DEVICES", 2);
    unsigned long long memory = env_number("CUDA_STANDIN_MEMORY", 2ULL << 30);
    if (devices > STANDIN_MAX_DEVICES)
        standin_die("bad environment", "CUDA_STANDIN_DEVICES=%llu: at most %d", devices,
                    STANDIN_MAX_DEVICES);
    standin_cfg.physical = (int)devices;
    standin_cfg.delay_us = (unsigned)env_number("CUDA_STANDIN_DELAY_US", 100);
    standin_cfg.rng = env_number("CUDA_STANDIN_SEED", 1) * 2654435761ULL + 88172645463325252ULL;
    for (int d = 0; d < standin_cfg.physical; d++) {
        standin_dev[d].capacity = (size_t)memory;
        make_uuid(d, &standin_dev[d].uuid);
    }
    const char *pageable = getenv("CUDA_STANDIN_PAGEABLE");
    if (pageable && *pageable && strcmp(pageable, "fail") != 0)
        standin_die("bad environment", "CUDA_STANDIN_PAGEABLE='%s': only 'fail' is known",
                    pageable);
    standin_cfg.pageable_fails = pageable && *pageable;
    const char *mode = getenv("CUDA_STANDIN_COMPUTE_MODE");
    if (mode && *mode && strcmp(mode, "default") != 0 && strcmp(mode, "exclusive_process") != 0)
        standin_die("bad environment",
                    "CUDA_STANDIN_COMPUTE_MODE='%s': default or exclusive_process", mode);
    standin_cfg.exclusive_process = mode && strcmp(mode, "exclusive_process") == 0;
    read_visible();
    read_faults();
    read_peers();
}
