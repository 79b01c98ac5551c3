/* A fork-join team inside one host kernel (doc/ARCHITECTURE.md section
 * 5): a kernel on the critical path (LU's host panel) cuts its work into
 * rounds of pieces, and the rank's workers that have nothing else to do
 * join it and run pieces beside it.
 *
 * The pieces of a round are fixed by the kernel from its operands' shape,
 * each writes only what is its own, and the kernel combines what they
 * return in piece order between rounds.  Which thread runs a piece, and
 * how many joined, then never changes a bit of the result: the leader
 * alone runs every piece when nobody joins (one worker, or all busy).
 *
 * Workers join between tasks, never in the middle of one: an idle worker
 * of the leader's engine (engine.c) takes part until the team closes.
 * Between rounds the members wait a short while spinning (rounds follow
 * each other within microseconds), then asleep. */
#ifndef HETSCAL_RUNTIME_TEAM_H
#define HETSCAL_RUNTIME_TEAM_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

/* Runs piece `piece` of the round whose argument is arg. */
typedef void (*hs_team_piece)(void *arg, int piece);

/* The most pieces of one round. */
enum { HS_TEAM_MAX_PIECES = 1 << 20 };

typedef struct hs_team {
    /* (round << 40) | (pieces << 20) | next piece to claim: a claim is one
     * compare-and-swap that also checks the round it belongs to.  Claims
     * and completions on cache lines of their own. */
    _Alignas(64) _Atomic uint64_t state;
    _Alignas(64) atomic_int done;          /* pieces of the round finished */
    _Alignas(64) atomic_int closed;
    atomic_int members;       /* helpers inside (not the leader) */
    atomic_int sleepers;      /* of those, asleep on cv */
    atomic_long helped;       /* pieces the helpers ran */
    hs_team_piece fn;         /* the round's: written before it is published */
    void *arg;
    pthread_mutex_t lock;
    pthread_cond_t cv;
} hs_team;

/* Opens a team led by the calling thread, a host worker of the current
 * engine running a kernel, and invites the engine's idle workers.  Never
 * fails: without an engine (a kernel run outside one) nobody joins. */
void hs_team_open(hs_team *team);

/* One round: fn(arg, p) for every p in [0, pieces), the leader taking
 * part; returns when all have run, their writes visible to the caller. */
void hs_team_round(hs_team *team, int pieces, hs_team_piece fn, void *arg);

/* Ends the team: returns once no helper is inside any more. */
void hs_team_close(hs_team *team);

/* A host worker of team's engine, idle, takes part until the team closes
 * (engine.c, engine lock not held). */
void hs_team_help(hs_team *team);

#endif
