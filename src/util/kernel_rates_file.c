/* The rates file (see kernel_rates_file.h). */
#define _GNU_SOURCE
#include "config.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/blas.h"
#include "util/env_guard.h"
#include "util/kernel_rates.h"
#include "util/kernel_rates_file.h"
#include "util/panel_rates.h"

/* A rates file holds a line of under LINE_BYTES per size and machine
 * kind: 1 MiB is some 2000 of them.  A larger one is not read (nor grown
 * further): it is not a rates file, or not one worth its reading time. */
enum { PATH_BYTES = 4096, LINE_BYTES = HS_RATES_SIGNATURE + 256, MAX_FILE_BYTES = 1 << 20 };
/* The most values a line holds (a "panel" line's). */
enum { LINE_VALUES = HS_NPANEL_KERNELS * HS_PANEL_SIZES + 1 };

/* The file's path, or 0 when there is none. */
static int rates_path(char path[PATH_BYTES])
{
    const char *set = getenv("HETSCAL_RATES_FILE");
    if (set && strcmp(set, "none") == 0)
        return 0;
    if (set && *set)
        return snprintf(path, PATH_BYTES, "%s", set) < PATH_BYTES;
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    int n = xdg && *xdg ? snprintf(path, PATH_BYTES, "%s/hetscal/kernel-rates", xdg)
            : home && *home ? snprintf(path, PATH_BYTES, "%s/.cache/hetscal/kernel-rates", home)
                            : PATH_BYTES;
    return n < PATH_BYTES;
}

int hs_rates_file_path(char *path, size_t bytes)
{
    char full[PATH_BYTES];
    return rates_path(full) && bytes > 0 && strlen(full) < bytes &&
           snprintf(path, bytes, "%s", full) >= 0;
}

/* Copies src into dst (of size `bytes`) with blanks and ';' as '_'. */
static void copy_word(char *dst, size_t bytes, const char *src)
{
    size_t i = 0;
    for (; src[i] && src[i] != '\n' && i + 1 < bytes; i++)
        dst[i] = src[i] == ' ' || src[i] == '\t' || src[i] == ';' ? '_' : src[i];
    dst[i] = '\0';
}

static void cpu_model(char *out, size_t bytes)
{
    char line[512];
    FILE *f = fopen("/proc/cpuinfo", "r");
    snprintf(out, bytes, "unknown");
    while (f && fgets(line, sizeof line, f)) {
        char *colon = strchr(line, ':');
        if (strncmp(line, "model name", 10) == 0 && colon) {
            copy_word(out, bytes, colon + 1 + (colon[1] == ' '));
            break;
        }
    }
    if (f)
        fclose(f);
}

void hs_rates_signature(char sig[HS_RATES_SIGNATURE], int threads, int local_ranks)
{
    char cpu[160], blas[256] = "unknown";
    Dl_info info;
    cpu_model(cpu, sizeof cpu);
    if (dladdr((void *)dgemm_, &info) && info.dli_fname)
        copy_word(blas, sizeof blas, info.dli_fname);
    snprintf(sig, HS_RATES_SIGNATURE, "cpu=%s;blas=%s;threads=%d;ranks=%d;probe=%d", cpu, blas,
             threads, local_ranks, HS_RATES_PROBE_VERSION);
}

/* Reports an unusable rates file (verbose): the variable that named it. */
static void report(const char *path, const char *why)
{
    const char *set = getenv("HETSCAL_RATES_FILE");
    hs_env_report(set && *set ? "HETSCAL_RATES_FILE" : "the default rates file", path, why);
}

/* The file to read, or NULL when there is none or it cannot be read
 * (reported). */
static FILE *open_for_reading(char path[PATH_BYTES])
{
    char why[128];
    if (!rates_path(path))
        return NULL;
    /* Not fopen: a FIFO would block it, and /dev/zero never ends. */
    FILE *f = hs_env_file_read(path, MAX_FILE_BYTES, why, sizeof why);
    if (!f && why[0])
        report(path, why);
    return f;
}

/* One kind of line: parse reads a line's values into `values` and its
 * signature into `their` (0 when the line is not of this kind), sane
 * judges the values; a kind of one value has sane NULL and its value
 * judged by sane_value. */
typedef struct line_kind {
    int (*parse)(const char *line, const void *key, double *values, char *their);
    int (*sane)(const double *values);
    int (*sane_value)(double value);
    int nvalues;
    const char *insane;   /* what is said of a line sane rejects */
} line_kind;

/* The last sane line of the kind for (key, sig) into out: 0, or -1 when
 * there is none.  A line no CPU or accelerator can have measured is
 * skipped like a malformed one, and what is measured again appends the
 * line that replaces the earlier one. */
static int load_last(const line_kind *kind, const void *key, const char *sig, double *out)
{
    char path[PATH_BYTES], line[LINE_BYTES], their[LINE_BYTES];
    FILE *f = open_for_reading(path);
    int found = -1;
    while (f && fgets(line, sizeof line, f)) {
        double values[LINE_VALUES];
        if (!kind->parse(line, key, values, their) || strcmp(their, sig) != 0)
            continue;
        if (kind->sane ? kind->sane(values) : kind->sane_value(values[0])) {
            memcpy(out, values, (size_t)kind->nvalues * sizeof *values);
            found = 0;
        } else {
            report(path, kind->insane);
        }
    }
    if (f)
        fclose(f);
    return found;
}

/* "b gemm syrk trsm potrf signature" for size *key ("device" lines do not
 * parse). */
static int parse_size_line(const char *line, const void *key, double *r, char *their)
{
    int size;
    return sscanf(line, "%d %lf %lf %lf %lf %s", &size, &r[0], &r[1], &r[2], &r[3], their) == 6
           && size == *(const int *)key;
}

static const line_kind size_lines = { parse_size_line, hs_kernel_rates_sane, NULL, HS_NRATES,
                                      "a line of rates no CPU thread reaches is skipped" };

int hs_rates_file_load(const char *sig, int b, double *rate)
{
    return load_last(&size_lines, &b, sig, rate);
}

int hs_device_rate_sane(double gflops)
{
    return isfinite(gflops) && gflops > 0 && gflops <= HS_DEVICE_RATE_MAX_GFS;
}

/* "<word> value signature", the word the key: "device gflops
 * signature", "cache kib signature". */
static int parse_word_line(const char *line, const void *word, double *v, char *their)
{
    size_t n = strlen(word);
    return strncmp(line, word, n) == 0 && line[n] == ' ' && sscanf(line + n, "%lf %s", v, their) == 2;
}

/* The kinds of one value, "device" and "cache" ("cache" lines:
 * util/cache_probe.h). */
static const line_kind device_lines = { parse_word_line, NULL, hs_device_rate_sane, 1,
                                        "a device rate no accelerator reaches is skipped" };
static const line_kind cache_lines = { parse_word_line, NULL, hs_cache_kb_sane, 1,
                                       "a cache size no machine has is skipped" };
static const line_kind hand_on_lines = { parse_word_line, NULL, hs_hand_on_sane, 1,
                                         "a hand_on line out of range is skipped" };

int hs_rates_file_load_device(const char *sig, double *gflops)
{
    return load_last(&device_lines, "device", sig, gflops);
}

/* "panel" then each kernel's rates at hs_panel_size[] (potrf, getrf,
 * geqrf, gemm), the link's GB/s, the signature. */
static int parse_panel_line(const char *line, const void *key, double *v, char *their)
{
    (void)key;
    int used = 0;
    if (strncmp(line, "panel ", 6) != 0)
        return 0;
    line += 6;
    for (int i = 0; i < LINE_VALUES; i++, line += used)
        if (sscanf(line, "%lf%n", &v[i], &used) != 1)
            return 0;
    return sscanf(line, "%s", their) == 1;
}

static hs_panel_rates panel_rates_of(const double *v)
{
    hs_panel_rates r;
    for (int k = 0; k < HS_NPANEL_KERNELS; k++)
        for (int s = 0; s < HS_PANEL_SIZES; s++)
            r.rate[k][s] = v[k * HS_PANEL_SIZES + s];
    r.link_gbs = v[LINE_VALUES - 1];
    return r;
}

static int panel_line_sane(const double *v)
{
    hs_panel_rates r = panel_rates_of(v);
    return hs_panel_rates_sane(&r);
}

static const line_kind panel_lines = { parse_panel_line, panel_line_sane, NULL, LINE_VALUES,
                                       "a line of panel rates no processor reaches is skipped" };

int hs_rates_file_load_panel(const char *sig, hs_panel_rates *rates)
{
    double v[LINE_VALUES];
    if (load_last(&panel_lines, NULL, sig, v))
        return -1;
    *rates = panel_rates_of(v);
    return 0;
}

int hs_cache_kb_sane(double kb)
{
    return isfinite(kb) && kb >= HS_CACHE_MIN_KB && kb <= HS_CACHE_MAX_KB;
}

int hs_rates_file_load_cache(const char *sig, double *kb)
{
    return load_last(&cache_lines, "cache", sig, kb);
}

int hs_hand_on_sane(double orders)
{
    return isfinite(orders) && orders >= 0 && orders <= HS_HAND_ON_MAX
           && orders == floor(orders);
}

int hs_rates_file_load_hand_on(const char *sig, double *orders)
{
    return load_last(&hand_on_lines, "hand_on", sig, orders);
}

/* mkdir -p of the directories above the file. */
static void make_parents(char *path)
{
    for (char *p = path + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        (void)mkdir(path, 0755);
        *p = '/';
    }
}

/* Rates measured while HETSCAL_KERNEL_RATES is set (malformed, or the
 * process would not have measured) come from a run set up to try things:
 * they go to a file it names, never to the user's default one, which
 * every later run of the machine trusts. */
static int default_file_forbidden(void)
{
    const char *set = getenv("HETSCAL_RATES_FILE"), *forced = getenv("HETSCAL_KERNEL_RATES");
    return !(set && *set) && forced && *forced;
}

/* Appends line (n bytes) in one write under the file's lock when
 * wanted(arg), asked under the lock, still says so: the ranks of a node
 * measure the same things at once, and only the first of them appends
 * (one write with O_APPEND, so lines never interleave even where the lock
 * is not honoured). */
static void append_once(const char *line, int n, int (*wanted)(const void *arg), const void *arg)
{
    char path[PATH_BYTES], why[128];
    if (n <= 0 || n >= LINE_BYTES || !rates_path(path) || default_file_forbidden())
        return;
    make_parents(path);
    int fd = hs_env_file_write(path, O_APPEND, MAX_FILE_BYTES, why, sizeof why);
    if (fd < 0) {
        report(path, why);
        return;
    }
    int locked = flock(fd, LOCK_EX) == 0;
    if (wanted(arg)) {
        ssize_t done;
        do
            done = write(fd, line, (size_t)n);
        while (done < 0 && errno == EINTR);
    }
    if (locked)
        flock(fd, LOCK_UN);
    close(fd);
}

/* A kernel-rates line is wanted while the file's line for the size is
 * still none, or still the one this process rejected. */
typedef struct size_line {
    const char *sig;
    int b;
    const double *replacing;
} size_line;

static int size_line_wanted(const void *arg)
{
    const size_line *l = arg;
    double known[HS_NRATES];
    int current = hs_rates_file_load(l->sig, l->b, known) == 0;
    return l->replacing ? !current || memcmp(known, l->replacing, sizeof known) == 0 : !current;
}

void hs_rates_file_store(const char *sig, int b, const double *rate, const double *replacing)
{
    char line[LINE_BYTES];
    if (!hs_kernel_rates_sane(rate))
        return;
    int n = snprintf(line, sizeof line, "%d %.3f %.3f %.3f %.3f %s\n", b, rate[0], rate[1],
                     rate[2], rate[3], sig);
    size_line l = { sig, b, replacing };
    append_once(line, n, size_line_wanted, &l);
}

/* A line of one kind (a "device", "panel" or "cache" line) is wanted while
 * the file has none for its signature: of the ranks measuring at once,
 * the first writes it. */
typedef struct keyed_line {
    const line_kind *kind;
    const void *key;
    const char *sig;
} keyed_line;

static int line_absent(const void *arg)
{
    const keyed_line *l = arg;
    double known[LINE_VALUES];
    return load_last(l->kind, l->key, l->sig, known) != 0;
}

/* Appends "<word> value sig" of a kind of one value (its value with
 * `decimals` decimals) when the value is sane and the file has no such
 * line for sig. */
static void store_value(const line_kind *kind, const char *word, int decimals, const char *sig,
                        double value)
{
    char line[LINE_BYTES];
    if (!kind->sane_value(value))
        return;
    int n = snprintf(line, sizeof line, "%s %.*f %s\n", word, decimals, value, sig);
    append_once(line, n, line_absent, &(keyed_line){ kind, word, sig });
}

void hs_rates_file_store_device(const char *sig, double gflops)
{
    store_value(&device_lines, "device", 3, sig, gflops);
}

void hs_rates_file_store_panel(const char *sig, const hs_panel_rates *rates)
{
    char line[LINE_BYTES];
    int n = snprintf(line, sizeof line, "panel");
    if (!hs_panel_rates_sane(rates))
        return;
    for (int k = 0; k < HS_NPANEL_KERNELS; k++)
        for (int s = 0; s < HS_PANEL_SIZES && n > 0 && n < LINE_BYTES; s++)
            n += snprintf(line + n, sizeof line - (size_t)n, " %.3f", rates->rate[k][s]);
    if (n > 0 && n < LINE_BYTES)
        n += snprintf(line + n, sizeof line - (size_t)n, " %.3f %s\n", rates->link_gbs, sig);
    append_once(line, n, line_absent, &(keyed_line){ &panel_lines, NULL, sig });
}

void hs_rates_file_store_cache(const char *sig, double kb)
{
    store_value(&cache_lines, "cache", 0, sig, kb);
}

void hs_rates_file_store_hand_on(const char *sig, double orders)
{
    store_value(&hand_on_lines, "hand_on", 0, sig, orders);
}
