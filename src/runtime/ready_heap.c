/* Binary heap of ready tasks (see ready_heap.h). */
#include "config.h"

#include <string.h>

#include "include/hetscal.h"
#include "runtime/ready_heap.h"
#include "util/mem.h"

int hs_heap_push(hs_ready_heap *h, hs_task *t)
{
    int i;
    if (h->size == h->cap) {
        int cap = h->cap ? 2 * h->cap : 64;
        hs_task **item = hs_mem_alloc((size_t)cap * sizeof *item);
        if (!item) {
            t->next = h->overflow;
            h->overflow = t;
            return HETSCAL_ERR_NOMEM;
        }
        if (h->size)
            memcpy(item, h->item, (size_t)h->size * sizeof *item);
        hs_mem_free(h->item);
        h->item = item;
        h->cap = cap;
    }
    i = h->size++;
    while (i > 0 && hs_task_before(t, h->item[(i - 1) / 2])) {
        h->item[i] = h->item[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    h->item[i] = t;
    return HETSCAL_SUCCESS;
}

hs_task *hs_heap_pop(hs_ready_heap *h)
{
    hs_task *top, *last;
    int i = 0;
    if (h->overflow) {
        top = h->overflow;
        h->overflow = top->next;
        return top;
    }
    if (h->size == 0)
        return NULL;
    top = h->item[0];
    last = h->item[--h->size];
    for (;;) {
        int c = 2 * i + 1;
        if (c >= h->size)
            break;
        if (c + 1 < h->size && hs_task_before(h->item[c + 1], h->item[c]))
            c++;
        if (!hs_task_before(h->item[c], last))
            break;
        h->item[i] = h->item[c];
        i = c;
    }
    if (h->size > 0)
        h->item[i] = last;
    return top;
}

void hs_heap_free(hs_ready_heap *h)
{
    hs_mem_free(h->item);
    h->item = NULL;
    h->overflow = NULL;
    h->size = h->cap = 0;
}
