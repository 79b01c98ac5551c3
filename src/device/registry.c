/* The device registry: HETSCAL_DEVICES parsing, the fair sharing of a
 * node's GPUs among its ranks, and opening/closing one rank's devices.
 * Adding a device kind: one constructor in backends.h, one case here. */
#include "config.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "device/backends.h"
#include "device/emu/emu_timing.h"
#include "include/hetscal.h"
#include "util/env_guard.h"
#include "util/env_word.h"

int hs_devices_parse(const char *spec, int *kind, int *count)
{
    static const struct { const char *word; int kind; } kinds[] = {
        { "cpu", HS_DEV_CPU }, { "emu", HS_DEV_EMU }, { "cuda", HS_DEV_CUDA } };
    char word[8];
    size_t len = 0;
    const char *p = spec ? spec : "";
    while (isspace((unsigned char)*p))
        p++;
    if (*p == '\0') {   /* the default */
        *kind = HS_DEV_CUDA;
        *count = -1;
        return 0;
    }
    while (isalpha((unsigned char)p[len]) && len < sizeof word - 1) {
        word[len] = (char)tolower((unsigned char)p[len]);
        len++;
    }
    word[len] = '\0';
    p += len;
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        if (strcmp(word, kinds[i].word) != 0)
            continue;
        long n = kinds[i].kind == HS_DEV_CPU ? 0 : kinds[i].kind == HS_DEV_EMU ? 1 : -1;
        if (*p == ':' && kinds[i].kind != HS_DEV_CPU) {
            char *end;
            if (!isdigit((unsigned char)p[1]))
                return HETSCAL_ERR_DEVICE;
            n = strtol(p + 1, &end, 10);
            p = end;
        }
        while (isspace((unsigned char)*p))
            p++;
        if (*p != '\0' || n > HS_MAX_ACCELERATORS)
            return HETSCAL_ERR_DEVICE;
        *kind = kinds[i].kind;
        *count = (int)n;
        return 0;
    }
    return HETSCAL_ERR_DEVICE;
}

int hs_devices_share(int node_gpus, int local_rank, int local_ranks, int max, int *ordinals)
{
    int count = 0;
    if (local_ranks < 1 || local_rank < 0 || local_rank >= local_ranks)
        return 0;
    for (int g = local_rank; g < node_gpus && (max < 0 || count < max); g += local_ranks)
        ordinals[count++] = g;
    return count;
}

int hs_devices_assign(int nranks, const int *count, const unsigned char (*uuid)[HS_UUID_BYTES],
                      int me, int max, int *ordinals)
{
    /* GPUs in the order ranks list them (the same on every rank); each
     * goes to the rank that sees it and holds the fewest so far, the
     * lowest such rank on a tie: ranks that see the same GPUs take turns,
     * a rank alone to see a GPU gets it. */
    int total = 0, mine = 0;
    for (int r = 0; r < nranks; r++)
        total += count[r];
    int *held = calloc((size_t)nranks + 1, sizeof *held);
    if (!held)
        return 0;
    for (int g = 0; g < total; g++) {
        int seen_before = 0;
        for (int h = 0; h < g && !seen_before; h++)
            seen_before = memcmp(uuid[h], uuid[g], HS_UUID_BYTES) == 0;
        if (seen_before)
            continue;
        int best = -1, best_ordinal = -1;
        for (int r = 0, first = 0; r < nranks; first += count[r], r++) {
            for (int o = 0; o < count[r]; o++) {
                if (memcmp(uuid[first + o], uuid[g], HS_UUID_BYTES) != 0)
                    continue;
                if ((max < 0 || held[r] < max) && (best < 0 || held[r] < held[best])) {
                    best = r;
                    best_ordinal = o;
                }
                break;
            }
        }
        if (best < 0)
            continue;
        held[best]++;
        if (best == me)
            ordinals[mine++] = best_ordinal;
    }
    free(held);
    return mine;
}

static _Thread_local int runtime_thread;

void hs_device_mark_runtime_thread(void)
{
    runtime_thread = 1;
}

int hs_device_runtime_thread(void)
{
    return runtime_thread;
}

/* Appends to msg (always NUL-terminated, truncated if need be). */
static void say(char *msg, size_t msglen, const char *fmt, ...)
{
    size_t used = msglen ? strlen(msg) : 0;
    va_list ap;
    if (used + 1 >= msglen)
        return;
    va_start(ap, fmt);
    vsnprintf(msg + used, msglen - used, fmt, ap);
    va_end(ap);
}

int hs_urgent_stream_allowed(void)
{
    static const hs_env_word words[] = { { "on", 1 }, { "off", 0 }, { NULL, 0 } };
    /* Threads that race here all read the same variable. */
    static atomic_int allowed = -1;
    int v = atomic_load(&allowed);
    if (v < 0) {
        v = hs_env_word_setting("HETSCAL_URGENT_STREAM", words, 1, "not on or off");
        atomic_store(&allowed, v);
    }
    return v;
}

enum { MAX_EMU_DELAY_US = 1000000 };

static unsigned long long env_size(const char *name, unsigned long long fallback)
{
    const char *s = getenv(name);
    char *end;
    if (!s || !isdigit((unsigned char)*s))
        return fallback;
    unsigned long long v = strtoull(s, &end, 10);
    switch (tolower((unsigned char)*end)) {
    case 'g': v <<= 10; /* fall through */
    case 'm': v <<= 10; /* fall through */
    case 'k': v <<= 10; end++; break;
    default: break;
    }
    return *end == '\0' ? v : fallback;
}

/* HETSCAL_EMU_FAIL=[rank:]dev:k (tests): emulated GPU dev of local rank
 * `rank` (of every rank when omitted) fails for good at its k-th copy or
 * kernel; the k of device `dev` here, else 0. */
static long emu_fail_at(int local_rank, int dev)
{
    const char *s = getenv("HETSCAL_EMU_FAIL");
    long v[3];
    int n = 0;
    while (s && n < 3) {
        char *end;
        v[n++] = strtol(s, &end, 10);
        s = *end == ':' ? end + 1 : NULL;
    }
    if (n == 2 && v[0] == dev)
        return v[1];
    if (n == 3 && v[0] == local_rank && v[1] == dev)
        return v[2];
    return 0;
}

static int open_emu(hs_device **list, int count, int local_rank, char *msg, size_t msglen)
{
    size_t bytes = (size_t)env_size("HETSCAL_EMU_MEMORY", 1ULL << 30);
    /* Completions later than a second would only stall the tests; and
     * max + 1 must not wrap to a zero divisor (emu_device.c). */
    unsigned long long delay_us = env_size("HETSCAL_EMU_DELAY_US", 200);
    if (delay_us > MAX_EMU_DELAY_US) {
        hs_env_report("HETSCAL_EMU_DELAY_US", getenv("HETSCAL_EMU_DELAY_US"),
                      "above 1000000 microseconds");
        delay_us = 200;
    }
    unsigned delay = (unsigned)delay_us;
    unsigned long seed = (unsigned long)env_size("HETSCAL_EMU_SEED", 1);
    for (int i = 1; i <= count; i++)
        if (!(list[i] = hs_emu_device_open(i, bytes, delay,
                                           seed + 1000003UL * (unsigned long)local_rank + i))) {
            say(msg, msglen, "cannot open emu:%d (%zu bytes of arena)", i, bytes);
            return -1;
        } else if (emu_fail_at(local_rank, i) > 0) {
            hs_emu_device_fail_at(list[i], emu_fail_at(local_rank, i));
        }
    if (hs_emu_timed())
        say(msg, msglen, "cpu + %d emulated GPU(s) of %zu bytes, timed by %s", count, bytes,
            getenv("HETSCAL_EMU_TIMING"));
    else
        say(msg, msglen, "cpu + %d emulated GPU(s) of %zu bytes, delays up to %u us", count,
            bytes, delay);
    return count;
}

/* Returns the number of GPUs opened, list[1..]: those of place when it is
 * given, else this local rank's share of the visible ones. */
static int open_cuda(hs_device **list, int count, int local_rank, int local_ranks,
                     const hs_gpu_placement *place, char *msg, size_t msglen)
{
#ifdef HETSCAL_HAVE_CUDA
    char why[160] = "";
    int node = hs_cuda_device_count(why, sizeof why);
    int ordinals[HS_MAX_ACCELERATORS], mine = 0, opened = 0;
    if (node <= 0) {
        say(msg, msglen, "cpu only: no CUDA GPU (%s)", why);
        return 0;
    }
    if (node > HS_MAX_ACCELERATORS)
        node = HS_MAX_ACCELERATORS;
    if (place) {
        for (int i = 0; i < place->count && (count < 0 || mine < count); i++)
            if (place->ordinals[i] >= 0 && place->ordinals[i] < node)
                ordinals[mine++] = place->ordinals[i];
    } else {
        mine = hs_devices_share(node, local_rank, local_ranks, count, ordinals);
    }
    if (mine == 0) {
        say(msg, msglen, "cpu only: local rank %d of %d gets none of the %d GPU(s) it sees",
            local_rank, local_ranks, node);
        return 0;
    }
    say(msg, msglen, "cpu +");
    for (int i = 0; i < mine; i++) {
        why[0] = '\0';
        list[opened + 1] = hs_cuda_device_open(opened + 1, ordinals[i], why, sizeof why);
        if (list[opened + 1])
            say(msg, msglen, " %s", list[++opened]->name);
        else
            say(msg, msglen, " (%s)", why);
    }
    say(msg, msglen, " (local rank %d of %d, %d GPU(s) visible", local_rank, local_ranks,
        node);
    if (opened >= 2)
        say(msg, msglen, ", %d peer pair(s)", hs_cuda_devices_link(list + 1, opened));
    if (count > mine)
        say(msg, msglen, ", %d asked for", count);
    say(msg, msglen, ")");
    return opened;
#else
    (void)list; (void)count; (void)local_rank; (void)local_ranks; (void)place;
    say(msg, msglen, "cpu only: hetscal was built without CUDA");
    return 0;
#endif
}

int hs_devices_open(const char *spec, int local_rank, int local_ranks, hs_device ***devs,
                    int *ndev, char *msg, size_t msglen)
{
    return hs_devices_open_placed(spec, local_rank, local_ranks, NULL, devs, ndev, msg,
                                  msglen);
}

int hs_devices_open_placed(const char *spec, int local_rank, int local_ranks,
                           const hs_gpu_placement *place, hs_device ***devs, int *ndev,
                           char *msg, size_t msglen)
{
    int kind, count, nacc = 0;
    hs_device **list;
    *devs = NULL;
    *ndev = 0;
    if (msglen)
        msg[0] = '\0';
    if (local_ranks < 1 || local_rank < 0 || local_rank >= local_ranks) {
        say(msg, msglen, "devices: bad local rank %d of %d", local_rank, local_ranks);
        return HETSCAL_ERR_DEVICE;
    }
    if (hs_devices_parse(spec, &kind, &count)) {
        say(msg, msglen, "devices: HETSCAL_DEVICES='%s' not understood (expected cpu, "
            "cuda, cuda:N, emu or emu:N, N <= %d)", spec, HS_MAX_ACCELERATORS);
        return HETSCAL_ERR_DEVICE;
    }
    list = calloc(HS_MAX_ACCELERATORS + 1, sizeof *list);
    if (!list || !(list[0] = hs_cpu_device_open())) {
        free(list);
        say(msg, msglen, "devices: out of memory");
        return HETSCAL_ERR_NOMEM;
    }
    say(msg, msglen, "devices: ");
    if (kind == HS_DEV_CPU || count == 0)
        say(msg, msglen, "cpu only (HETSCAL_DEVICES=%s)", spec);
    else if (kind == HS_DEV_EMU)
        nacc = open_emu(list, count, local_rank, msg, msglen);
    else
        nacc = open_cuda(list, count, local_rank, local_ranks, place, msg, msglen);
    if (nacc < 0) {
        for (int i = HS_MAX_ACCELERATORS; i >= 0; i--)
            if (list[i])
                list[i]->ops->close(list[i]);
        free(list);
        return HETSCAL_ERR_NOMEM;
    }
    *devs = list;
    *ndev = 1 + nacc;
    return 0;
}

int hs_devices_visible_uuids(const char *spec, unsigned char (*uuid)[HS_UUID_BYTES], int max)
{
    int kind, count;
    if (hs_devices_parse(spec, &kind, &count) || kind != HS_DEV_CUDA || count == 0)
        return 0;
#ifdef HETSCAL_HAVE_CUDA
    return hs_cuda_device_uuids(uuid, max < HS_MAX_ACCELERATORS ? max : HS_MAX_ACCELERATORS);
#else
    (void)uuid; (void)max;
    return 0;
#endif
}

void hs_devices_close(hs_device **devs, int ndev)
{
    if (!devs)
        return;
    for (int i = ndev - 1; i >= 0; i--)
        if (devs[i])
            devs[i]->ops->close(devs[i]);
    free(devs);
}
