/* Chrome trace-event recording (see trace.h).  Spans go to one growing
 * array under a mutex: tracing is for diagnosis, not for speed. */
#include "config.h"

#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "runtime/trace.h"
#include "util/env_guard.h"

typedef struct span {
    const char *name;
    int track, arg, call;
    long bytes;
    double t0, t1;
} span;

static struct {
    pthread_mutex_t lock;
    atomic_int enabled;   /* set under lock, read alone by hs_trace_enabled */
    int rank, calls;
    const char *routine;
    span *item;
    size_t n, cap;
} T = { .lock = PTHREAD_MUTEX_INITIALIZER };

void hs_trace_begin_call(const char *routine, int rank)
{
    const char *path = getenv("HETSCAL_TRACE");
    pthread_mutex_lock(&T.lock);
    T.enabled = path && *path;
    T.rank = rank;
    T.routine = routine;
    T.calls++;
    pthread_mutex_unlock(&T.lock);
}

int hs_trace_enabled(void)
{
    return atomic_load(&T.enabled);
}

void hs_trace_span(int track, const char *name, double t0, double t1, int arg, long bytes)
{
    pthread_mutex_lock(&T.lock);
    if (T.enabled && T.n == T.cap) {
        size_t cap = T.cap ? 2 * T.cap : 4096;
        span *item = realloc(T.item, cap * sizeof *item);
        if (item) {
            T.item = item;
            T.cap = cap;
        }
    }
    if (T.enabled && T.n < T.cap)
        T.item[T.n++] = (span){ name, track, arg, T.calls, bytes, t0, t1 };
    pthread_mutex_unlock(&T.lock);
}

static void write_track_names(FILE *f, int rank)
{
    int tracks[64], ntracks = 0;
    for (size_t k = 0; k < T.n && ntracks < 64; k++) {
        int seen = 0;
        for (int j = 0; j < ntracks; j++)
            seen |= tracks[j] == T.item[k].track;
        if (!seen)
            tracks[ntracks++] = T.item[k].track;
    }
    fprintf(f, "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":%d,\"args\":{\"name\":\"rank %d\"}}",
            rank, rank);
    for (int j = 0; j < ntracks; j++) {
        char name[32];
        if (tracks[j] == HS_TRACE_COMM_TRACK)
            snprintf(name, sizeof name, "MPI");
        else if (tracks[j] == HS_TRACE_CALLER_TRACK)
            snprintf(name, sizeof name, "calling thread");
        else if (tracks[j] == HS_TRACE_COPY_TRACK)
            snprintf(name, sizeof name, "device copies");
        else if (tracks[j] > HS_TRACE_DEVICE_TRACK)
            snprintf(name, sizeof name, "gpu %d", tracks[j] - HS_TRACE_DEVICE_TRACK);
        else
            snprintf(name, sizeof name, "cpu worker %d", tracks[j]);
        fprintf(f, ",\n{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":%d,\"tid\":%d,"
                   "\"args\":{\"name\":\"%s\"}}", rank, tracks[j], name);
    }
}

void hs_trace_end_call(void)
{
    char path[4096];
    FILE *f;

    pthread_mutex_lock(&T.lock);
    if (!T.enabled || T.n == 0) {
        pthread_mutex_unlock(&T.lock);
        return;
    }
    snprintf(path, sizeof path, "%s.%d.json", getenv("HETSCAL_TRACE"), T.rank);
    /* Not fopen: a FIFO there would block the call until someone reads
     * it; only a regular file is written. */
    char why[128];
    int fd = hs_env_file_write(path, O_TRUNC, 0, why, sizeof why);
    f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!f) {
        fprintf(stderr, "hetscal: cannot write the trace %s: %s\n", path,
                fd >= 0 ? "fdopen failed" : why);
        if (fd >= 0)
            close(fd);
        pthread_mutex_unlock(&T.lock);
        return;
    }
    double origin = T.item[0].t0;
    for (size_t k = 1; k < T.n; k++)
        origin = T.item[k].t0 < origin ? T.item[k].t0 : origin;
    fprintf(f, "{\"traceEvents\":[\n");
    write_track_names(f, T.rank);
    for (size_t k = 0; k < T.n; k++) {
        const span *s = &T.item[k];
        fprintf(f, ",\n{\"ph\":\"X\",\"name\":\"%s\",\"pid\":%d,\"tid\":%d,\"ts\":%.3f,"
                   "\"dur\":%.3f,\"args\":{\"call\":%d,\"%s\":%d,\"bytes\":%ld}}",
                s->name, T.rank, s->track, (s->t0 - origin) * 1e6, (s->t1 - s->t0) * 1e6,
                s->call, s->track == HS_TRACE_COMM_TRACK ? "peer" : "tile", s->arg, s->bytes);
    }
    fprintf(f, "\n]}\n");
    fclose(f);
    pthread_mutex_unlock(&T.lock);
}
