/* A fork-join team inside a host kernel (see team.h). */
#include "config.h"

#include <sched.h>

#include "runtime/engine_impl.h"
#include "runtime/team.h"
#include "util/clock.h"
#include "util/fork_guard.h"

enum { PIECE_BITS = 20, ROUND_SHIFT = 2 * PIECE_BITS };
#define PIECE_MASK ((UINT64_C(1) << PIECE_BITS) - 1)

/* How long a member waits for the next round before it sleeps: rounds
 * follow each other within microseconds while the leader combines the
 * pieces' answers, and a sleeping member costs a wake-up (several
 * microseconds) per round.  Past it the member yields its core, then
 * sleeps: an oversubscribed host must not lose a core to spinning. */
#define SPIN_SECONDS 50e-6
enum { SPINS_BEFORE_YIELD = 256 };

static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

static uint64_t round_of(uint64_t s)
{
    return s >> ROUND_SHIFT;
}

/* A piece of the current round, or -1 when every piece is claimed (then
 * *exhausted is that round). */
static int claim(hs_team *t, uint64_t *exhausted)
{
    uint64_t s = atomic_load(&t->state);
    for (;;) {
        uint64_t next = s & PIECE_MASK, pieces = (s >> PIECE_BITS) & PIECE_MASK;
        if (next >= pieces) {
            *exhausted = round_of(s);
            return -1;
        }
        if (atomic_compare_exchange_weak(&t->state, &s, s + 1))
            return (int)next;
    }
}

/* Runs pieces of the current round while there are any to claim; how
 * many it ran. */
static int run_pieces(hs_team *t, uint64_t *exhausted)
{
    int ran = 0, p;
    while ((p = claim(t, exhausted)) >= 0) {
        /* fn and arg are the claimed round's: the leader wrote them before
         * it published the round, and the round cannot end before this
         * piece does. */
        t->fn(t->arg, p);
        atomic_fetch_add_explicit(&t->done, 1, memory_order_release);
        ran++;
    }
    return ran;
}

void hs_team_open(hs_team *team)
{
    atomic_init(&team->state, 0);
    atomic_init(&team->done, 0);
    atomic_init(&team->closed, 0);
    atomic_init(&team->members, 0);
    atomic_init(&team->sleepers, 0);
    atomic_init(&team->helped, 0);
    team->fn = NULL;
    team->arg = NULL;
    pthread_mutex_init(&team->lock, NULL);
    pthread_cond_init(&team->cv, NULL);
    if (!hs_engine_cur)
        return;
    double wait = 0;
    pthread_mutex_lock(&E.lock);
    /* One team at a time per engine; a second kernel's runs alone. */
    if (E.active && !E.sim && !E.team && E.workers > 1) {
        E.team = team;
        if (E.idle_workers > 0) {
            pthread_cond_broadcast(&E.work_cv);
            wait = E.team_wait;
        }
    }
    pthread_mutex_unlock(&E.lock);
    /* Tests (HETSCAL_TEAM_WAIT_US): give the invited workers time to join,
     * so that a loaded host still runs the helpers' path. */
    for (double until = hs_now() + wait; wait > 0 && hs_now() < until;) {
        if (atomic_load(&team->members) > 0)
            break;
        sched_yield();
    }
}

void hs_team_round(hs_team *team, int pieces, hs_team_piece fn, void *arg)
{
    if (pieces <= 0)
        return;
    team->fn = fn;
    team->arg = arg;
    atomic_store_explicit(&team->done, 0, memory_order_relaxed);
    uint64_t round = round_of(atomic_load(&team->state)) + 1;
    atomic_store(&team->state, (round << ROUND_SHIFT) | ((uint64_t)pieces << PIECE_BITS));
    /* Seen after the new state: a member that saw the old one and went to
     * sleep counted itself first, under the lock this wake-up takes. */
    if (atomic_load(&team->sleepers) > 0) {
        pthread_mutex_lock(&team->lock);
        pthread_cond_broadcast(&team->cv);
        pthread_mutex_unlock(&team->lock);
    }
    uint64_t exhausted;
    run_pieces(team, &exhausted);
    /* The last pieces run on members that are computing: wait for them
     * spinning, yielding the core to them if it must be shared. */
    for (int spins = 0;
         atomic_load_explicit(&team->done, memory_order_acquire) < pieces; spins++) {
        if (spins < SPINS_BEFORE_YIELD)
            cpu_relax();
        else
            sched_yield();
    }
}

void hs_team_close(hs_team *team)
{
    atomic_store(&team->closed, 1);
    pthread_mutex_lock(&team->lock);
    pthread_cond_broadcast(&team->cv);
    pthread_mutex_unlock(&team->lock);
    if (hs_engine_cur) {
        pthread_mutex_lock(&E.lock);
        if (E.team == team)
            E.team = NULL;   /* no one joins any more */
        pthread_mutex_unlock(&E.lock);
    }
    while (atomic_load(&team->members) > 0)
        sched_yield();
    if (hs_engine_cur) {
        pthread_mutex_lock(&E.lock);
        E.stats.team_pieces_helped += atomic_load(&team->helped);
        pthread_mutex_unlock(&E.lock);
    }
    pthread_cond_destroy(&team->cv);
    pthread_mutex_destroy(&team->lock);
}

/* Waits, spinning then asleep, until the round is no longer `exhausted`
 * or the team closes. */
static void wait_for_round(hs_team *t, uint64_t exhausted)
{
    double since = hs_now();
    for (int spins = 0; !atomic_load(&t->closed); spins++) {
        if (round_of(atomic_load(&t->state)) != exhausted)
            return;
        if (spins < SPINS_BEFORE_YIELD) {
            cpu_relax();
            continue;
        }
        sched_yield();
        if (hs_now() - since < SPIN_SECONDS)
            continue;
        pthread_mutex_lock(&t->lock);
        atomic_fetch_add(&t->sleepers, 1);
        while (!atomic_load(&t->closed) && round_of(atomic_load(&t->state)) == exhausted)
            pthread_cond_wait(&t->cv, &t->lock);
        atomic_fetch_sub(&t->sleepers, 1);
        pthread_mutex_unlock(&t->lock);
        return;
    }
}

void hs_team_help(hs_team *team)
{
    uint64_t exhausted = UINT64_MAX;
    /* A member holds the fork guard for its whole stay: the leader, inside
     * it already, waits for the members to leave, so one must not wait to
     * enter while a fork waits for the leader; a fork pending keeps new
     * members out instead (the leader runs their pieces). */
    if (!hs_fork_guard_try_enter())
        goto leave;
    while (!atomic_load(&team->closed)) {
        int ran = run_pieces(team, &exhausted);
        if (ran) {
            atomic_fetch_add(&team->helped, ran);
            continue;
        }
        wait_for_round(team, exhausted);
    }
    hs_fork_guard_leave();
leave:
    /* The last touch of the team: the leader may free it from now on. */
    atomic_fetch_sub(&team->members, 1);
}
