/* Untrusted HETSCAL_* values and files (see env_guard.h). */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/env_guard.h"

/* Whether fd is a regular file of at most max_bytes (0: any); else the
 * reason.  On a FIFO, a device or a directory the caller closes it. */
static int regular(int fd, long max_bytes, char *why, size_t whylen)
{
    struct stat st;
    if (fstat(fd, &st) != 0) {
        snprintf(why, whylen, "cannot stat it (%s)", strerror(errno));
        return 0;
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(why, whylen, "not a regular file");
        return 0;
    }
    if (max_bytes > 0 && st.st_size > max_bytes) {
        snprintf(why, whylen, "larger than %ld bytes", max_bytes);
        return 0;
    }
    return 1;
}

/* fd as opened (O_NONBLOCK so that a FIFO's open returns at once), back
 * to blocking I/O once it is known to be a regular file. */
static int checked(int fd, long max_bytes, char *why, size_t whylen)
{
    if (fd < 0) {
        if (errno == ENOENT)
            snprintf(why, whylen, "%s", "");
        else
            snprintf(why, whylen, "cannot open it (%s)", strerror(errno));
        return -1;
    }
    int flags = fcntl(fd, F_GETFL);
    if (!regular(fd, max_bytes, why, whylen)
        || (flags >= 0 && fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0)) {
        close(fd);
        return -1;
    }
    return fd;
}

FILE *hs_env_file_read(const char *path, long max_bytes, char *why, size_t whylen)
{
    int fd = checked(open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC), max_bytes, why,
                     whylen);
    FILE *f = fd >= 0 ? fdopen(fd, "r") : NULL;
    if (fd >= 0 && !f) {
        snprintf(why, whylen, "cannot read it (%s)", strerror(errno));
        close(fd);
    }
    return f;
}

int hs_env_file_write(const char *path, int extra_flags, long max_bytes, char *why,
                      size_t whylen)
{
    /* A FIFO without a reader: ENXIO at once instead of a wait; with
     * one, refused as not regular.  O_TRUNC does nothing to a FIFO or a
     * device, and a regular file is the one to truncate. */
    int fd = checked(open(path, O_WRONLY | O_CREAT | O_NONBLOCK | O_NOCTTY | O_CLOEXEC
                                    | extra_flags, 0644),
                     max_bytes, why, whylen);
    if (fd < 0 && !why[0])   /* ENOENT with O_CREAT: a missing directory */
        snprintf(why, whylen, "cannot create it (%s)", strerror(ENOENT));
    return fd;
}

/* The variables reported so far (a few dozen exist). */
enum { MAX_REPORTED = 64, NAME_BYTES = 48, SHOWN_BYTES = 64 };
static char reported[MAX_REPORTED][NAME_BYTES];
static int nreported;
static pthread_mutex_t report_lock = PTHREAD_MUTEX_INITIALIZER;

static int verbose(void)
{
    const char *s = getenv("HETSCAL_VERBOSE");
    char *end;
    long v = s ? strtol(s, &end, 10) : 0;
    return s && *s && *end == '\0' && v > 0;
}

void hs_env_report(const char *name, const char *value, const char *why)
{
    if (!verbose())
        return;
    pthread_mutex_lock(&report_lock);
    int seen = 0;
    for (int k = 0; k < nreported && !seen; k++)
        seen = strncmp(reported[k], name, NAME_BYTES - 1) == 0;
    if (!seen && nreported < MAX_REPORTED)
        snprintf(reported[nreported++], NAME_BYTES, "%s", name);
    pthread_mutex_unlock(&report_lock);
    if (seen)
        return;
    /* A value of thousands of characters is shown by its start and length. */
    size_t len = value ? strlen(value) : 0;
    char shown[SHOWN_BYTES + 1];
    snprintf(shown, sizeof shown, "%s", value ? value : "");
    for (char *p = shown; *p; p++)
        if ((unsigned char)*p < ' ' || (unsigned char)*p > '~')
            *p = '?';
    if (len > SHOWN_BYTES)
        fprintf(stderr, "hetscal: %s='%s...' (%zu characters) not used: %s\n", name, shown, len,
                why);
    else
        fprintf(stderr, "hetscal: %s='%s' not used: %s\n", name, shown, why);
}
