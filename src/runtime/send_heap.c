/* Indexed binary heap of queued sends (see send_heap.h). */
#include "config.h"

#include <string.h>

#include "runtime/send_heap.h"
#include "util/mem.h"

static int before(const hs_send_heap *h, const hs_task *a, const hs_task *b)
{
    return h->key == HS_SEND_BY_PRIORITY ? hs_task_before(a, b) : a->seq < b->seq;
}

static void place(hs_send_heap *h, int i, hs_task *t)
{
    h->item[i] = t;
    t->window_slot[h->key] = i;
}

/* t, which belongs at or above i, moved up to its place. */
static void sift_up(hs_send_heap *h, int i, hs_task *t)
{
    while (i > 0 && before(h, t, h->item[(i - 1) / 2])) {
        place(h, i, h->item[(i - 1) / 2]);
        i = (i - 1) / 2;
    }
    place(h, i, t);
}

/* t, which belongs at or below i, moved down to its place. */
static void sift_down(hs_send_heap *h, int i, hs_task *t)
{
    for (;;) {
        int c = 2 * i + 1;
        if (c >= h->size)
            break;
        if (c + 1 < h->size && before(h, h->item[c + 1], h->item[c]))
            c++;
        if (!before(h, h->item[c], t))
            break;
        place(h, i, h->item[c]);
        i = c;
    }
    place(h, i, t);
}

int hs_send_heap_push(hs_send_heap *h, hs_task *t)
{
    if (h->size == h->cap) {
        int cap = h->cap ? 2 * h->cap : 64;
        hs_task **item = hs_mem_alloc((size_t)cap * sizeof *item);
        if (!item)
            return -1;
        if (h->size)
            memcpy(item, h->item, (size_t)h->size * sizeof *item);
        hs_mem_free(h->item);
        h->item = item;
        h->cap = cap;
    }
    sift_up(h, h->size++, t);
    return 0;
}

void hs_send_heap_remove(hs_send_heap *h, hs_task *t)
{
    int i = t->window_slot[h->key];
    hs_task *last = h->item[--h->size];
    if (i == h->size)
        return;
    /* The last send takes t's place, then moves whichever way it must. */
    if (i > 0 && before(h, last, h->item[(i - 1) / 2]))
        sift_up(h, i, last);
    else
        sift_down(h, i, last);
}

void hs_send_heap_free(hs_send_heap *h)
{
    hs_mem_free(h->item);
    h->item = NULL;
    h->size = h->cap = 0;
}
