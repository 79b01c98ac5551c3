/* The send window (src/runtime/send_window.c) against hand-worked orders:
 * which queued send leaves next under a cap on the bytes in flight, the
 * progress rule that lets the oldest queued send past the cap, the
 * reordered count of the verbose line, the background sends' share, and
 * the fallback to "every send at once" when its lists cannot grow.  The
 * real runs' order depends on when messages complete, so this is where
 * the order itself is checked.  Exit status: failures. */
#include "config.h"

#include <stdio.h>

#include "runtime/engine.h"
#include "runtime/send_window.h"
#include "testing/t_expect.h"
#include "util/mem.h"

/* Tiles of 16 x 16 doubles: a message of 257 doubles. */
enum { SIDE = 16, NSENDS = 8 };
#define MESSAGE_BYTES ((SIDE * SIDE + 1) * (double)sizeof(double))

static hs_handle tile = { .m = SIDE, .n = SIDE, .ld = SIDE, .esize = sizeof(double) };
static hs_task sends[NSENDS];

/* Send k: inserted k-th, of priority `priority`. */
static hs_task *send(int k, int priority, int background)
{
    hs_task *t = &sends[k];
    *t = (hs_task){ .priority = priority, .seq = k, .background = background };
    t->acc[0].handle = &tile;
    return t;
}

static void expect_next(hs_send_window *w, const hs_task *want, const char *what)
{
    const hs_task *got = hs_send_window_next(w);
    if (got != want) {
        printf("  %s: send %ld left, send %ld expected\n", what, got ? got->seq : -1L,
               want ? want->seq : -1L);
        expect(0, what);
    }
}

/* No window: every send is posted at once. */
static void no_window(void)
{
    hs_send_window w;
    hs_send_window_init(&w, 0);
    expect(hs_send_window_add(&w, send(0, 0, 0)) == 1, "no window: a send is posted at once");
    expect_next(&w, NULL, "no window: nothing queued");
    hs_send_window_free(&w);
}

/* Room for one message: the highest priority leaves first, the oldest
 * queued one passes the cap while no send in flight is older, and the
 * rest wait for room. */
static void one_message(void)
{
    hs_send_window w;
    hs_send_window_init(&w, MESSAGE_BYTES);
    hs_task *a = send(0, 1, 0), *b = send(1, 5, 0), *c = send(2, 3, 0), *d = send(3, 5, 0);
    expect(hs_send_window_add(&w, a) == 0 && hs_send_window_add(&w, b) == 0
               && hs_send_window_add(&w, c) == 0,
           "one message: sends are queued");
    expect_next(&w, b, "one message: the highest priority first");
    expect(w.reordered == 1, "one message: it left before an older send (reordered 1)");
    expect_next(&w, a, "one message: the oldest, older than every send in flight, passes the cap");
    expect(w.reordered == 1, "one message: the oldest leaving is no reorder");
    expect_next(&w, NULL, "one message: no room, and a send in flight is older than the rest");
    hs_send_window_done(&w, b);
    expect_next(&w, NULL, "one message: the oldest send still in flight, no room");
    expect(hs_send_window_add(&w, d) == 0, "one message: a fourth send is queued");
    hs_send_window_done(&w, a);
    expect_next(&w, d, "one message: room again, the higher priority (the newer) first");
    expect(w.reordered == 2, "one message: reordered 2");
    expect_next(&w, c, "one message: the oldest queued passes the cap");
    hs_send_window_done(&w, d);
    hs_send_window_done(&w, c);
    expect(w.bytes == 0 && w.ninflight == 0 && w.nqueued == 0, "one message: the window is empty");
    hs_send_window_free(&w);
}

/* Equal priorities leave oldest first; room for three messages lets three
 * go and holds the fourth. */
static void three_messages(void)
{
    hs_send_window w;
    hs_send_window_init(&w, 3 * MESSAGE_BYTES);
    for (int k = 0; k < 4; k++)
        hs_send_window_add(&w, send(3 - k, 2, 0));   /* inserted out of seq order */
    for (int k = 0; k < 3; k++) {
        char what[64];
        snprintf(what, sizeof what, "three messages: tie %d leaves oldest first", k);
        expect_next(&w, &sends[k], what);
    }
    expect_next(&w, NULL, "three messages: the fourth waits for room");
    expect(w.reordered == 0, "three messages: no reorder");
    hs_send_window_done(&w, &sends[1]);
    expect_next(&w, &sends[3], "three messages: room for the fourth");
    hs_send_window_free(&w);
}

/* Background sends keep at most a sixteenth of the cap in flight: with
 * room for 16 messages, one background send at a time, while others pass. */
static void background(void)
{
    hs_send_window w;
    hs_send_window_init(&w, 16 * MESSAGE_BYTES);
    hs_task *p0 = send(0, 0, 1), *p1 = send(1, 0, 1), *f = send(2, 0, 0);
    hs_send_window_add(&w, p0);
    hs_send_window_add(&w, p1);
    hs_send_window_add(&w, f);
    expect_next(&w, p0, "background: the oldest first");
    expect_next(&w, f, "background: the factorization's send passes the second piece");
    expect(w.reordered == 1, "background: reordered 1");
    expect_next(&w, NULL, "background: one piece in flight at a time");
    hs_send_window_done(&w, p0);
    expect_next(&w, p1, "background: the next piece once the first is done");
    hs_send_window_free(&w);
}

/* Many sends of scattered priorities, a cap of one message: each leaves
 * in priority order or, when the cap holds it, the oldest queued passes
 * (the heaps' removals from the middle, send_heap.c, against the rule
 * worked out by a scan of every queued send). */
static void many(void)
{
    enum { MANY = 500 };
    static hs_task many_sends[MANY];
    static int left[MANY];
    hs_send_window w;
    hs_send_window_init(&w, MESSAGE_BYTES);
    unsigned x = 12345;
    for (int k = 0; k < MANY; k++) {
        x = x * 1103515245u + 12345u;
        many_sends[k] = (hs_task){ .priority = (int)(x >> 16) % 37, .seq = (k * 7) % MANY };
        many_sends[k].acc[0].handle = &tile;
        left[k] = 1;
        hs_send_window_add(&w, &many_sends[k]);
    }
    const hs_task *inflight = NULL;
    int wrong = 0;
    for (int n = 0; n < MANY; n++) {
        int best = -1, oldest = -1;
        for (int k = 0; k < MANY; k++) {
            if (!left[k])
                continue;
            const hs_task *t = &many_sends[k];
            if (best < 0 || t->priority > many_sends[best].priority
                || (t->priority == many_sends[best].priority && t->seq < many_sends[best].seq))
                best = k;
            if (oldest < 0 || t->seq < many_sends[oldest].seq)
                oldest = k;
        }
        /* No room beside the send in flight: the oldest only, if older. */
        int want = !inflight ? best : many_sends[oldest].seq < inflight->seq ? oldest : -1;
        const hs_task *got = hs_send_window_next(&w);
        if (want < 0) {
            wrong += got != NULL;
            hs_send_window_done(&w, inflight);
            inflight = NULL;
            n--;
            continue;
        }
        wrong += got != &many_sends[want];
        left[want] = 0;
        if (inflight)
            hs_send_window_done(&w, inflight);
        inflight = got;
    }
    expect(!wrong, "many: every send left as a scan of the queue would pick it");
    expect(w.nqueued == 0, "many: nothing left queued");
    hs_send_window_free(&w);
}

/* Lists that cannot grow: that send and every later one go at once. */
static void broken(void)
{
    hs_send_window w;
    hs_send_window_init(&w, MESSAGE_BYTES);
    hs_mem_fail_from(1);
    expect(hs_send_window_add(&w, send(0, 0, 0)) == 1,
           "no memory: the send is posted at once");
    hs_mem_fail_from(0);
    expect(hs_send_window_add(&w, send(1, 0, 0)) == 1,
           "no memory: later sends are posted at once too");
    hs_send_window_free(&w);
}

int main(void)
{
    no_window();
    one_message();
    three_messages();
    background();
    many();
    broken();
    printf("t_send_window: %d failures\n", failures);
    return failures != 0;
}
