/* Sends in priority order under a cap on the bytes in flight (see
 * send_window.h). */
#include "config.h"

#include "runtime/engine.h"
#include "runtime/send_window.h"
#include "util/mem.h"

/* Background sends in flight: at most cap / BACKGROUND_SHARE bytes. */
enum { BACKGROUND_SHARE = 16 };

void hs_send_window_init(hs_send_window *w, double cap)
{
    *w = (hs_send_window){ .cap = cap, .ahead = { .key = HS_SEND_BY_PRIORITY },
                           .behind = { .key = HS_SEND_BY_PRIORITY },
                           .by_age = { .key = HS_SEND_BY_AGE } };
}

void hs_send_window_free(hs_send_window *w)
{
    hs_send_heap_free(&w->ahead);
    hs_send_heap_free(&w->behind);
    hs_send_heap_free(&w->by_age);
    hs_mem_free(w->inflight);
    *w = (hs_send_window){ 0 };
}

/* The bytes a send's message carries (data and status word, or the
 * status alone for a tile this rank could not hold). */
static double send_bytes(const hs_task *t)
{
    const hs_handle *h = t->acc[0].handle;
    return h->discard ? sizeof(double) : ((double)hs_handle_words(h) + 1) * sizeof(double);
}

/* Room for one more entry in *list (hs_mem, so that the fault injection
 * reaches it); 0 when there is none. */
static int room(hs_task ***list, int n, int *cap)
{
    if (n < *cap)
        return 1;
    int grown = *cap ? 2 * *cap : 64;
    hs_task **bigger = hs_mem_alloc((size_t)grown * sizeof *bigger);
    if (!bigger)
        return 0;
    for (int k = 0; k < n; k++)
        bigger[k] = (*list)[k];
    hs_mem_free(*list);
    *list = bigger;
    *cap = grown;
    return 1;
}

static hs_send_heap *queue_of(hs_send_window *w, const hs_task *t)
{
    return t->background ? &w->behind : &w->ahead;
}

int hs_send_window_add(hs_send_window *w, hs_task *t)
{
    if (w->cap <= 0 || w->broken)
        return 1;
    if (hs_send_heap_push(queue_of(w, t), t)) {
        w->broken = 1;
        return 1;
    }
    if (hs_send_heap_push(&w->by_age, t)) {
        hs_send_heap_remove(queue_of(w, t), t);
        w->broken = 1;
        return 1;
    }
    w->nqueued++;
    return 0;
}

static hs_task *take(hs_send_window *w, hs_task *t)
{
    hs_send_heap_remove(queue_of(w, t), t);
    hs_send_heap_remove(&w->by_age, t);
    w->nqueued--;
    const hs_task *oldest = hs_send_heap_top(&w->by_age);
    if (oldest && oldest->seq < t->seq)
        w->reordered++;
    if (w->broken || !room(&w->inflight, w->ninflight, &w->capinflight)) {
        w->broken = 1;
        return t;
    }
    w->inflight[w->ninflight++] = t;
    w->bytes += send_bytes(t);
    if (t->background)
        w->background += send_bytes(t);
    return t;
}

/* Whether background send t must wait for the background sends in flight
 * (their share of the cap is full). */
static int background_held(const hs_send_window *w, const hs_task *t)
{
    return !w->broken && w->ninflight > 0
           && w->background + send_bytes(t) > w->cap / BACKGROUND_SHARE;
}

hs_task *hs_send_window_next(hs_send_window *w)
{
    if (w->nqueued == 0)
        return NULL;
    /* The best send that its share lets go: a piece of the repartition
     * held back by the background share does not hold back the
     * factorization's sends queued behind it. */
    hs_task *best = hs_send_heap_top(&w->ahead), *piece = hs_send_heap_top(&w->behind);
    if (piece && !background_held(w, piece) && (!best || hs_task_before(piece, best)))
        best = piece;
    if (best
        && (w->cap <= 0 || w->broken || w->ninflight == 0
            || w->bytes + send_bytes(best) <= w->cap))
        return take(w, best);
    long oldest_inflight = w->inflight[0]->seq;
    for (int k = 1; k < w->ninflight; k++)
        if (w->inflight[k]->seq < oldest_inflight)
            oldest_inflight = w->inflight[k]->seq;
    hs_task *oldest = hs_send_heap_top(&w->by_age);
    return oldest->seq < oldest_inflight ? take(w, oldest) : NULL;
}

void hs_send_window_done(hs_send_window *w, const hs_task *t)
{
    for (int k = 0; k < w->ninflight; k++)
        if (w->inflight[k] == t) {
            w->bytes -= send_bytes(t);
            if (t->background)
                w->background -= send_bytes(t);
            w->inflight[k] = w->inflight[--w->ninflight];
            return;
        }
}
