/* A singly linked FIFO threaded through its elements' own `next` field and
 * kept as a head and a tail pointer, whatever the element type (a handle's
 * waiting accesses, the engine's message tasks, an emulated stream's
 * operations).  The caller holds whatever lock guards the list. */
#ifndef HETSCAL_UTIL_FIFO_H
#define HETSCAL_UTIL_FIFO_H

#include <stddef.h>

/* node goes after tail (its next becomes NULL). */
#define HS_FIFO_APPEND(head, tail, node) \
    do {                                 \
        (node)->next = NULL;             \
        if (tail)                        \
            (tail)->next = (node);       \
        else                             \
            (head) = (node);             \
        (tail) = (node);                 \
    } while (0)

/* The head leaves a FIFO that is not empty. */
#define HS_FIFO_DROP_HEAD(head, tail) \
    do {                              \
        (head) = (head)->next;        \
        if (!(head))                  \
            (tail) = NULL;            \
    } while (0)

#endif
