/* The members of a spread LU panel (kernels/lu_spread_panel.h) as
 * threads of one process: their exchange an all-gather through shared
 * memory, for the tests and the timing of the panel without MPI
 * (testing/t_lu_spread_panel.c, timing/time_spread_panel.c). */
#ifndef HETSCAL_TESTING_SPREAD_TEAM_H
#define HETSCAL_TESTING_SPREAD_TEAM_H

#include <pthread.h>
#include <stddef.h>

typedef struct spread_exchange {
    pthread_barrier_t barrier;
    unsigned char *slot;   /* a slot of slot_bytes a member */
    size_t slot_bytes;
    int members;
} spread_exchange;

/* A member's place at the exchange: the team's ctx for it. */
typedef struct spread_seat {
    spread_exchange *ex;
    int me;
} spread_seat;

/* 0, or -1 without memory. */
int spread_exchange_init(spread_exchange *ex, int members, size_t slot_bytes);
void spread_exchange_destroy(spread_exchange *ex);

/* hs_lu_spread_team's allgather, ctx a spread_seat; -1004 for a record
 * larger than a slot. */
int spread_exchange_allgather(void *ctx, const void *mine, void *all, size_t bytes);

#endif
