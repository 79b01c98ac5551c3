/* The HETSCAL_VERBOSE lines (see call_report.h). */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <unistd.h>

#include "api/call_report.h"

/* Appends to a fixed buffer (truncating). */
typedef struct text {
    char buf[2048];
    size_t len;
} text;

static void add(text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void add(text *t, const char *fmt, ...)
{
    va_list ap;
    if (t->len + 1 >= sizeof t->buf)
        return;
    va_start(ap, fmt);
    int n = vsnprintf(t->buf + t->len, sizeof t->buf - t->len, fmt, ap);
    va_end(ap);
    if (n > 0)
        t->len = t->len + (size_t)n < sizeof t->buf ? t->len + (size_t)n : sizeof t->buf - 1;
}

/* The lines go out in one write, so that ranks sharing a terminal or a
 * file do not interleave them. */
void hs_call_report_print(const hetscal_grid *g, const hs_call_report *r)
{
    static int said_devices;
    const hs_engine_stats *s = &r->stats;
    double busy = r->t_factor > 0 ? s->busy_seconds / (r->t_factor * r->threads) : 0;
    text t = { .len = 0 };
    char rows[48] = "";
    if (r->tall_rows > 0)
        snprintf(rows, sizeof rows, " rows=%d%s", r->tall_rows,
                 r->rows_over_gpus ? " rows_over_gpus=1" : "");
    add(&t,
        "hetscal: %s rank %d/%d grid %dx%d (%d,%d) M=%d N=%d tile=%d%s%s threads=%d "
        "window=%d tasks=%ld skipped=%ld msgs_sent=%ld msgs_recv=%ld bytes_sent=%.0f "
        "forwarded=%ld reordered=%ld receives_at_once=%ld time=%.6fs (in %.6f factor %.6f out %.6f%s) "
        "GFLOP/s=%.2f busy=%.0f%% peak_extra=%.1fMB (copies %.1fMB) share=%.1fMB info=%d "
        "team_helped=%ld layout=%s nodes=%d\n",
        r->routine, g->rank, g->size, g->nprow, g->npcol, g->myrow, g->mycol,
        r->m, r->n, r->tile, r->caller_tiles ? " (caller's blocks)" : "", rows, r->threads,
        r->window, s->tasks_run, s->tasks_skipped,
        s->messages_sent, s->messages_received, s->bytes_sent, r->forwarded,
        s->sends_reordered, s->receives_at_once, r->t_total,
        r->t_in,
        r->t_factor, r->t_out,
        r->tiles_transposed ? "; tiles in the caller's array, its upper blocks"
        : r->tiles_in_place ? "; tiles in the caller's array"
        : r->copy_pieces   ? "; in and out as tasks in factor, pieces across ranks"
        : r->copy_tasks    ? "; in and out as tasks in factor"
        : r->copy_in_place ? "; in and out copied in place"
                           : "",
        r->t_total > 0 ? r->flops / r->t_total * 1e-9 : 0.0,
        100.0 * busy, r->peak_extra_bytes / 1048576.0, s->peak_copy_bytes / 1048576.0,
        r->share_bytes / 1048576.0, r->info, s->team_pieces_helped,
        r->layout ? r->layout : "none", r->nodes);
    if (r->ndev > 1) {
        long accel = 0;
        for (int x = 1; x < r->ndev && x < HS_MAX_DEVICES; x++)
            accel += s->device_tasks[x];
        add(&t, "hetscal: rank %d in %s: %s; panel_gpu=%d host_tasks=%ld gpu_tasks=%ld",
            g->rank, r->routine, r->devices, r->panel_gpu, s->device_tasks[0], accel);
        for (int x = 1; x < r->ndev && x < HS_MAX_DEVICES; x++)
            add(&t, " gpu%d=%ld", x, s->device_tasks[x]);
        add(&t,
            " chained=%ld urgent=%ld h2d=%ld (%.1fMB) d2h=%ld (%.1fMB) d2d=%ld (%.1fMB) gpu_msgs=%ld"
            " gpu_busy=%.0f%% "
            "peak_gpu=%.1fMB tiles_kept_on_host=%d split_from=%s panels=%s panels_from=%s "
            "top=%d top_from=%s\n",
            s->chained, s->urgent, s->copies_h2d, s->bytes_h2d / 1048576.0, s->copies_d2h,
            s->bytes_d2h / 1048576.0, s->copies_d2d, s->bytes_d2d / 1048576.0,
            s->device_messages,
            r->t_factor > 0 ? 100.0 * s->device_busy_seconds / (r->t_factor * (r->ndev - 1))
                            : 0.0,
            r->peak_device_bytes / 1048576.0, r->gpu_fallbacks,
            r->split_from ? r->split_from : "none", r->host_panels ? "host" : "device",
            r->panels_from ? r->panels_from : "none", r->top,
            r->top_from ? r->top_from : "none");
    } else if (r->devices && r->devices[0] && !said_devices) {
        /* Host only: said once per process. */
        add(&t, "hetscal: rank %d: %s\n", g->rank, r->devices);
        said_devices = 1;
    }
    if (t.len > 0 && t.buf[t.len - 1] != '\n')
        t.buf[t.len - 1] = '\n';   /* truncated */
    (void)!write(STDERR_FILENO, t.buf, t.len);
}
