/* The order in which a rank's sends leave it.  Posted the moment the
 * engine made them ready, a rank's sends left its link in that order, so
 * a tile the next panel waits for queued behind every tile of the update
 * before it (the model's critical path on many nodes was mostly such
 * waits: doc/PERFORMANCE.md, session 39).  With a window, a rank keeps at
 * most `cap` bytes of sends in flight and posts the rest as room comes,
 * the highest priority first (the reading task's priority, ties to the
 * older).
 *
 * Progress: the oldest queued send (insertion order, the same serial order
 * on every rank) is also posted whenever no send in flight is older than
 * it.  The oldest unfinished message of the whole run then always has its
 * send posted, and its receive is posted once its receiver's generation
 * reaches it, which waits only on older work: so no rank waits forever on
 * a send its peer holds back.  That adds at most one send above the cap.
 *
 * Background sends (hs_task.background: the pieces of the repartition
 * as tasks, which are all ready at the start) keep at most a sixteenth
 * of the cap in flight, one of the call's largest tiles with the
 * default window (hs_config_send_window): enough to keep a link busy
 * when nothing else waits, and little for the factorization's messages
 * to queue behind on the links.  A piece held back by that share does
 * not hold back the sends queued behind it: the best send that may go
 * leaves: the best background send is the one that waits for the share
 * (a smaller one behind it does not pass it).
 *
 * The same code orders the simulated sends (sim/), so the model charges
 * the order the run uses.  Without memory for its lists the window posts
 * every send at once (the order without a window): no failure. */
#ifndef HETSCAL_RUNTIME_SEND_WINDOW_H
#define HETSCAL_RUNTIME_SEND_WINDOW_H

#include "runtime/send_heap.h"

typedef struct hs_send_window {
    double cap;                   /* bytes; <= 0: no window */
    double bytes;                 /* of the sends in flight through it */
    double background;            /* of those, the background ones */
    int broken;                   /* its lists could not grow: no window */
    hs_send_heap ahead;           /* ready, not posted: the factorization's */
    hs_send_heap behind;          /* and the background ones, by priority */
    hs_send_heap by_age;          /* all of them, oldest first */
    int nqueued;
    struct hs_task **inflight;    /* posted, not complete */
    int ninflight, capinflight;
    long reordered;               /* sends posted before an older one */
} hs_send_window;

void hs_send_window_init(hs_send_window *w, double cap);
void hs_send_window_free(hs_send_window *w);

/* A ready send joins the window: 0; 1: post it now (no window, or no
 * memory for one: from then on every send goes at once). */
int hs_send_window_add(hs_send_window *w, struct hs_task *t);
/* The next send to post now, counted in flight; NULL: none may go yet. */
struct hs_task *hs_send_window_next(hs_send_window *w);
/* A send that hs_send_window_next gave has completed. */
void hs_send_window_done(hs_send_window *w, const struct hs_task *t);

#endif
