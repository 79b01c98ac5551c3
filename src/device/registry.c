/* The device registry: HETSCAL_DEVICES parsing, the fair sharing of a
 * node's GPUs among its ranks, and opening/closing one rank's devices.
 * Adding a device kind: one constructor in backends.h, one case here. */
#include "config.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "device/backends.h"
#include "include/hetscal.h"

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

static int open_emu(hs_device **list, int count, int local_rank, char *msg, size_t msglen)
{
    size_t bytes = (size_t)env_size("HETSCAL_EMU_MEMORY", 1ULL << 30);
    unsigned delay = (unsigned)env_size("HETSCAL_EMU_DELAY_US", 200);
    unsigned long seed = (unsigned long)env_size("HETSCAL_EMU_SEED", 1);
    for (int i = 1; i <= count; i++)
        if (!(list[i] = hs_emu_device_open(i, bytes, delay,
                                           seed + 1000003UL * (unsigned long)local_rank + i))) {
            say(msg, msglen, "cannot open emu:%d (%zu bytes of arena)", i, bytes);
            return -1;
        }
    say(msg, msglen, "cpu + %d emulated GPU(s) of %zu bytes, delays up to %u us", count,
        bytes, delay);
    return count;
}

/* Returns the number of GPUs opened, list[1..]. */
static int open_cuda(hs_device **list, int count, int local_rank, int local_ranks,
                     char *msg, size_t msglen)
{
#ifdef HETSCAL_HAVE_CUDA
    char why[160] = "";
    int node = hs_cuda_device_count(why, sizeof why);
    int ordinals[HS_MAX_ACCELERATORS], mine, opened = 0;
    if (node <= 0) {
        say(msg, msglen, "cpu only: no CUDA GPU (%s)", why);
        return 0;
    }
    if (node > HS_MAX_ACCELERATORS)
        node = HS_MAX_ACCELERATORS;
    mine = hs_devices_share(node, local_rank, local_ranks, count, ordinals);
    if (mine == 0) {
        say(msg, msglen, "cpu only: local rank %d of %d gets none of the node's %d GPU(s)",
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
    say(msg, msglen, " (local rank %d of %d, %d GPU(s) on the node", local_rank, local_ranks,
        node);
    if (count > mine)
        say(msg, msglen, ", %d asked for", count);
    say(msg, msglen, ")");
    return opened;
#else
    (void)list; (void)count; (void)local_rank; (void)local_ranks;
    say(msg, msglen, "cpu only: hetscal was built without CUDA");
    return 0;
#endif
}

int hs_devices_open(const char *spec, int local_rank, int local_ranks, hs_device ***devs,
                    int *ndev, char *msg, size_t msglen)
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
        nacc = open_cuda(list, count, local_rank, local_ranks, msg, msglen);
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

void hs_devices_close(hs_device **devs, int ndev)
{
    if (!devs)
        return;
    for (int i = ndev - 1; i >= 0; i--)
        if (devs[i])
            devs[i]->ops->close(devs[i]);
    free(devs);
}
