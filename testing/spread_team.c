/* Spread panel members as threads (see spread_team.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "spread_team.h"

int spread_exchange_init(spread_exchange *ex, int members, size_t slot_bytes)
{
    ex->members = members;
    ex->slot_bytes = slot_bytes;
    ex->slot = malloc(slot_bytes * (size_t)members);
    if (!ex->slot)
        return -1;
    pthread_barrier_init(&ex->barrier, NULL, (unsigned)members);
    return 0;
}

void spread_exchange_destroy(spread_exchange *ex)
{
    pthread_barrier_destroy(&ex->barrier);
    free(ex->slot);
    ex->slot = NULL;
}

int spread_exchange_allgather(void *ctx, const void *mine, void *all, size_t bytes)
{
    const spread_seat *seat = ctx;
    spread_exchange *ex = seat->ex;
    if (bytes > ex->slot_bytes)
        return -1004;
    memcpy(ex->slot + (size_t)seat->me * ex->slot_bytes, mine, bytes);
    pthread_barrier_wait(&ex->barrier);
    for (int q = 0; q < ex->members; q++)
        memcpy((unsigned char *)all + (size_t)q * bytes, ex->slot + (size_t)q * ex->slot_bytes,
               bytes);
    pthread_barrier_wait(&ex->barrier);
    return 0;
}
