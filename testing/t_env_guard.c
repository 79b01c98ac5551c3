/* Hostile files and values behind HETSCAL_* variables (issue 41), on the
 * functions that take them (src/util/env_guard.c and its users): a
 * device that never ends (/dev/zero, /dev/urandom, /dev/full), a FIFO
 * nobody opens at the other end, a directory, a file past the bound, a
 * missing file, for reading and for writing; the rates file and the
 * machine-file reader on such paths; a bad value reported once.  Every
 * open must return at once: SIGALRM after 20 s fails the test.  Usage:
 * t_env_guard DIR (an empty scratch directory); exit status: failures. */
#include "config.h"

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/env_guard.h"
#include "util/kernel_rates.h"
#include "util/kernel_rates_file.h"
#include "util/machine_file.h"

static int failures;

static void expect(int ok, const char *what, const char *detail)
{
    if (!ok) {
        printf("FAIL: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
        failures++;
    }
}

static void timed_out(int sig)
{
    (void)sig;
    static const char msg[] = "FAIL: an open or a read did not return within 20 s\n";
    (void)!write(1, msg, sizeof msg - 1);
    _exit(99);
}

/* Reading: whether PATH is refused, and with which reason. */
static void refused_read(const char *path, long max, const char *reason)
{
    char why[128] = "unset", what[256];
    FILE *f = hs_env_file_read(path, max, why, sizeof why);
    snprintf(what, sizeof what, "read %s refused (%s)", path, reason);
    expect(f == NULL && strstr(why, reason) != NULL, what, why);
    if (f)
        fclose(f);
}

static void refused_write(const char *path, int flags, long max, const char *reason)
{
    char why[128] = "unset", what[256];
    int fd = hs_env_file_write(path, flags, max, why, sizeof why);
    snprintf(what, sizeof what, "write %s refused (%s)", path, reason);
    expect(fd < 0 && strstr(why, reason) != NULL, what, why);
    if (fd >= 0)
        close(fd);
}

static void write_file(const char *path, size_t bytes, int c)
{
    FILE *f = fopen(path, "w");
    for (size_t k = 0; f && k < bytes; k++)
        fputc(c, f);
    if (f)
        fclose(f);
}

static void test_files(const char *dir)
{
    char fifo[512], big[512], small[512], missing[512], what[600];
    snprintf(fifo, sizeof fifo, "%s/fifo", dir);
    snprintf(big, sizeof big, "%s/big", dir);
    snprintf(small, sizeof small, "%s/small", dir);
    snprintf(missing, sizeof missing, "%s/no/such/file", dir);
    expect(mkfifo(fifo, 0600) == 0, "mkfifo", fifo);
    write_file(big, 5000, 'x');
    write_file(small, 100, 'y');

    refused_read("/dev/zero", 1 << 20, "not a regular file");
    refused_read("/dev/urandom", 1 << 20, "not a regular file");
    refused_read("/dev/full", 1 << 20, "not a regular file");
    refused_read(dir, 1 << 20, "not a regular file");
    refused_read(fifo, 1 << 20, "not a regular file");
    refused_read(big, 4096, "larger than 4096 bytes");
    char why[128] = "unset";
    expect(hs_env_file_read(missing, 4096, why, sizeof why) == NULL && why[0] == '\0',
           "a missing file is refused without a reason", why);
    FILE *f = hs_env_file_read(small, 4096, why, sizeof why);
    expect(f != NULL && fgetc(f) == 'y', "a small regular file is read", why);
    if (f)
        fclose(f);

    refused_write(fifo, O_APPEND, 0, "No such device");   /* ENXIO: no reader */
    refused_write("/dev/full", O_APPEND, 0, "not a regular file");
    refused_write(dir, O_TRUNC, 0, "Is a directory");
    refused_write(big, O_APPEND, 4096, "larger than 4096 bytes");
    refused_write(missing, O_APPEND, 0, "cannot create it");
    int fd = hs_env_file_write(small, O_APPEND, 4096, why, sizeof why);
    snprintf(what, sizeof what, "append to %s", small);
    expect(fd >= 0 && write(fd, "z", 1) == 1, what, why);
    if (fd >= 0)
        close(fd);
}

/* The rates file on endless devices and a FIFO: nothing found, at once,
 * and nothing written there. */
static void test_rates_file(const char *dir)
{
    static const char *const devices[] = { "/dev/zero", "/dev/urandom", "/dev/full" };
    char fifo[512], sig[HS_RATES_SIGNATURE];
    double rate[HS_NRATES] = { 1, 2, 3, 4 };
    snprintf(fifo, sizeof fifo, "%s/fifo", dir);
    hs_rates_signature(sig, 1, 1);
    for (size_t k = 0; k < sizeof devices / sizeof devices[0]; k++) {
        setenv("HETSCAL_RATES_FILE", devices[k], 1);
        expect(hs_rates_file_load(sig, 256, rate) == -1, "no rates from", devices[k]);
        hs_rates_file_store(sig, 256, rate, NULL);
    }
    setenv("HETSCAL_RATES_FILE", fifo, 1);
    expect(hs_rates_file_load(sig, 256, rate) == -1, "no rates from a FIFO", fifo);
    hs_rates_file_store(sig, 256, rate, NULL);
    unsetenv("HETSCAL_RATES_FILE");
}

static void test_machine_file(const char *dir)
{
    char err[512], fifo[512];
    hs_sim_machine m;
    snprintf(fifo, sizeof fifo, "%s/fifo", dir);
    expect(hs_sim_machine_read_gpus("/dev/full", &m, err, sizeof err) != 0
               && strstr(err, "not a regular file"), "machine file /dev/full refused", err);
    expect(hs_sim_machine_read_gpus("/dev/zero", &m, err, sizeof err) != 0,
           "machine file /dev/zero refused", err);
    expect(hs_sim_machine_read_gpus(fifo, &m, err, sizeof err) != 0,
           "machine file FIFO refused", err);
}

/* Under HETSCAL_VERBOSE, a variable's bad value is said once per process
 * (whatever its length), and not at all without it. */
static void test_report(const char *dir)
{
    char path[512], line[256];
    snprintf(path, sizeof path, "%s/stderr", dir);
    fflush(stderr);
    int saved = dup(2), fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    dup2(fd, 2);
    close(fd);
    static char huge[10001];
    memset(huge, '7', sizeof huge - 1);
    unsetenv("HETSCAL_VERBOSE");
    hs_env_report("HETSCAL_T_QUIET", "abc", "quiet");
    setenv("HETSCAL_VERBOSE", "1", 1);
    hs_env_report("HETSCAL_T_ONE", "abc", "not a number");
    hs_env_report("HETSCAL_T_ONE", "abc", "not a number");
    hs_env_report("HETSCAL_T_HUGE", huge, "too long");
    unsetenv("HETSCAL_VERBOSE");
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    int lines = 0, one = 0, quiet = 0, huge_ok = 0;
    FILE *f = fopen(path, "r");
    while (f && fgets(line, sizeof line, f)) {
        lines++;
        one += strstr(line, "HETSCAL_T_ONE='abc' not used: not a number") != NULL;
        quiet += strstr(line, "QUIET") != NULL;
        huge_ok += strstr(line, "(10000 characters) not used: too long") != NULL;
    }
    if (f)
        fclose(f);
    expect(lines == 2 && one == 1 && quiet == 0 && huge_ok == 1,
           "a bad value is reported once under HETSCAL_VERBOSE, a long one cut", NULL);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: t_env_guard DIR\n");
        return 1;
    }
    signal(SIGALRM, timed_out);
    alarm(20);
    test_files(argv[1]);
    test_rates_file(argv[1]);
    test_machine_file(argv[1]);
    test_report(argv[1]);
    printf("t_env_guard: %d failed\n", failures);
    return failures;
}
