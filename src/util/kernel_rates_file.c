/* The rates file (see kernel_rates_file.h). */
#define _GNU_SOURCE
#include "config.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
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

/* A rates file holds a line of under LINE_BYTES per size and machine
 * kind: 1 MiB is some 2000 of them.  A larger one is not read (nor grown
 * further): it is not a rates file, or not one worth its reading time. */
enum { PATH_BYTES = 4096, LINE_BYTES = HS_RATES_SIGNATURE + 128, MAX_FILE_BYTES = 1 << 20 };

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
    snprintf(sig, HS_RATES_SIGNATURE, "cpu=%s;blas=%s;threads=%d;ranks=%d", cpu, blas, threads,
             local_ranks);
}

/* Reports an unusable rates file (verbose): the variable that named it. */
static void report(const char *path, const char *why)
{
    const char *set = getenv("HETSCAL_RATES_FILE");
    hs_env_report(set && *set ? "HETSCAL_RATES_FILE" : "the default rates file", path, why);
}

int hs_rates_file_load(const char *sig, int b, double *rate)
{
    char path[PATH_BYTES], line[LINE_BYTES], their[LINE_BYTES], why[128];
    if (!rates_path(path))
        return -1;
    /* Not fopen: a FIFO would block it, and /dev/zero never ends. */
    FILE *f = hs_env_file_read(path, MAX_FILE_BYTES, why, sizeof why);
    if (!f && why[0])
        report(path, why);
    /* The last sane line of the size wins: a line no CPU thread can have
     * measured (hs_kernel_rates_sane) is skipped like a malformed one,
     * and a size measured again appends the line that replaces its
     * earlier one (hs_rates_file_store). */
    int found = -1;
    while (f && fgets(line, sizeof line, f)) {
        int size;
        double r[HS_NRATES];
        if (sscanf(line, "%d %lf %lf %lf %lf %s", &size, &r[0], &r[1], &r[2], &r[3], their) != 6
            || size != b || strcmp(their, sig) != 0)
            continue;
        if (hs_kernel_rates_sane(r)) {
            memcpy(rate, r, sizeof r);
            found = 0;
        } else {
            report(path, "a line of rates no CPU thread reaches is skipped");
        }
    }
    if (f)
        fclose(f);
    return found;
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

void hs_rates_file_store(const char *sig, int b, const double *rate, const double *replacing)
{
    char path[PATH_BYTES], line[LINE_BYTES];
    if (!rates_path(path) || default_file_forbidden() || !hs_kernel_rates_sane(rate))
        return;
    int n = snprintf(line, sizeof line, "%d %.3f %.3f %.3f %.3f %s\n", b, rate[0], rate[1],
                     rate[2], rate[3], sig);
    if (n <= 0 || n >= (int)sizeof line)
        return;
    make_parents(path);
    char why[128];
    int fd = hs_env_file_write(path, O_APPEND, MAX_FILE_BYTES, why, sizeof why);
    if (fd < 0) {
        report(path, why);
        return;
    }
    /* The ranks of a node measure the same sizes at once: under the lock
     * only the first of them appends its line (one write with O_APPEND,
     * so lines never interleave even where the lock is not honoured):
     * the file's line for the size is still none, or still the one this
     * process rejected, only until then. */
    int locked = flock(fd, LOCK_EX) == 0;
    double known[HS_NRATES];
    int current = hs_rates_file_load(sig, b, known) == 0;
    if (replacing ? !current || memcmp(known, replacing, sizeof known) == 0 : !current) {
        ssize_t done;
        do
            done = write(fd, line, (size_t)n);
        while (done < 0 && errno == EINTR);
    }
    if (locked)
        flock(fd, LOCK_UN);
    close(fd);
}
