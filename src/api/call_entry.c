/* The entry around the call driver (see call_entry.h). */
#define _GNU_SOURCE
#include "config.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "api/call_entry.h"
#include "api/call_guard.h"
#include "api/check_args.h"
#include "api/config_agree.h"
#include "api/export.h"
#include "api/hand_on.h"
#include "api/run_summary.h"
#include "api/small_calls.h"
#include "blacs_shim/blacs.h"
#include "include/hetscal.h"
#include "layout/desc.h"
#include "runtime/status.h"
#include "util/clock.h"
#include "util/config.h"
#include "util/mem.h"

/* The same routine in the next library in the link chain ("pdgetrf_"), or
 * NULL.  Looked up once per routine: dlsym(RTLD_NEXT) walks the loaded
 * objects' symbol tables, microseconds that a small call handed on
 * (api/small_calls.h) would pay every time. */
static void *next_routine(const hs_call *c)
{
    enum { ROUTINES = 16 };
    static struct { char routine[sizeof c->routine]; void *fn; } known[ROUTINES];
    static int nknown;
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    void *fn = NULL;
    int found = 0;
    pthread_mutex_lock(&lock);
    for (int k = 0; k < nknown && !found; k++)
        if (strcmp(known[k].routine, c->routine) == 0) {
            fn = known[k].fn;
            found = 1;
        }
    if (!found) {
        char symbol[sizeof c->routine + 1];
        snprintf(symbol, sizeof symbol, "%s_", c->routine);
        fn = dlsym(RTLD_NEXT, symbol);
        if (nknown < ROUTINES) {
            snprintf(known[nknown].routine, sizeof known[nknown].routine, "%s", c->routine);
            known[nknown++].fn = fn;
        }
    }
    pthread_mutex_unlock(&lock);
    return fn;
}

/* ScaLAPACK's checks; returns the INFO of a bad argument (after PXERBLA)
 * or 0, with c->grid set for a valid call.  Their collective also brings
 * every rank what rank (0,0) decided of a small call (*plan: its word;
 * the rest on rank (0,0) only) and its summary setting (*summary); rank
 * (0,0) reads its configuration into *cfg for that (*cfg_read set). */
static int check(const hs_entry_rules *r, const hs_factorization *f, hs_call *c,
                 hs_config *cfg, int *cfg_read, hs_small_plan *plan, int *summary)
{
    int ctxt = c->desca[HS_CTXT], nprow, npcol, myrow, mycol, code, err;
    hs_upper_name name = hs_call_upper_name(c);

    hetscal_grid_info(ctxt, &nprow, &npcol, &myrow, &mycol);
    if (nprow == -1) {
        code = r->desc_arg * 100 + HS_CTXT + 1;
    } else {
        code = hs_chk1mat(c->m, r->m_arg, c->n, r->n_arg, c->ia, c->ja, c->desca, r->desc_arg,
                          nprow, npcol, myrow, mycol);
        if (code == 0)
            code = r->check(c, nprow, npcol, myrow, mycol);
        c->grid = hetscal_grid_get(ctxt, &err);
        if (!c->grid) {
            fprintf(stderr, "hetscal: %s: cannot set up the grid of context %d (%d: %s)\n",
                    name.s, ctxt, err, hs_status_text(err));
            return err;
        }
        int mismatch_code = 0, value = 0, nvalues = r->global_value != NULL;
        if (nvalues)
            value = r->global_value(c, &mismatch_code);
        int words[2] = { HS_SMALL_HETSCAL, 0 };
        if (code == 0 && c->grid->rank == hetscal_grid_rank(c->grid, 0, 0)) {
            hs_config_read(cfg, c->grid->local_ranks);
            *cfg_read = 1;
            /* ScaLAPACK and BLACS are not thread-safe: where calls may run
             * at once, none is handed on (two at once crashed BLACS). */
            hs_small_call_plan(f, c, cfg,
                               hs_hand_on_possible(c, next_routine(c))
                                   && !hs_call_guard_concurrent(),
                               plan);
            words[0] = plan->word;
            words[1] = hs_run_summary_wanted();
        }
        code = hs_pchk1mat(c->grid, code, c->m, r->m_arg, c->n, r->n_arg, c->ia, c->ja,
                           c->desca, r->desc_arg, nvalues, &value, &mismatch_code, 2, words);
        plan->word = words[0];
        *summary = words[1];
    }
    if (code) {
        int info = hs_code_to_info(code), arg = -info;
        pxerbla_(&ctxt, name.s, &arg, strlen(name.s));
        return info;
    }
    return 0;
}

/* hetscal's tiles did not fit where ScaLAPACK, working in place, may:
 * with A untouched and the failure agreed over the grid, every rank hands
 * the call on (api/hand_on.h), after giving back what hetscal keeps
 * between calls.  Returns 1 when it did (*info set). */
static int out_of_memory_forward(const hs_entry_rules *r, hs_call *c, int *info)
{
    void *next = next_routine(c);
    if (!hs_hand_on_possible(c, next))
        return 0;
    hs_mem_release_kept();   /* the kept tile block and repartition buffers */
    if (c->cfg->verbose && c->grid->rank == hetscal_grid_rank(c->grid, 0, 0))
        fprintf(stderr, "hetscal: %s: no memory for hetscal's tiles on some rank: "
                        "the call goes to %s, which works in place\n",
                c->routine, hs_hand_on_taker(c).s);
    hs_hand_on(r, next, c, info);
    return 1;
}

/* Why a call went to the next library itself, not to hs_hand_on's
 * taker (which may be LAPACK). */
static const char DISABLED[] = "HETSCAL_DISABLE";
/* The same words, two objects: which one says who took the call. */
static const char SMALL_TO_NEXT[] = "a small call it runs faster";
static const char SMALL_HANDED_ON[] = "a small call it runs faster";

/* A small call handed on as rank (0,0) planned (word HS_SMALL_NEXT or
 * HS_SMALL_NEXT_ITSELF, next known to take it); *why set. */
static int small_call_on(const hs_entry_rules *r, void *next, hs_call *c, int word,
                         const char **why)
{
    int info = 0;
    *why = SMALL_HANDED_ON;
    if (word == HS_SMALL_NEXT_ITSELF && next) {   /* one process: no other rank waits */
        r->forward(next, c, &info);
        *why = SMALL_TO_NEXT;
    } else {
        hs_hand_on(r, next, c, &info);
    }
    return info;
}

/* The entry proper; *way says how the call ended (HETSCAL_SUMMARY's
 * counters), *why why a call handed on was. */
static int entry(const hs_entry_rules *r, const hs_factorization *f, hs_call *c,
                 enum hs_summary_way *way, const char **why)
{
    hs_config cfg;

    hs_call_name(f, c);
    /* Forwarded only when rank (0,0) says so (its small-call plan through
     * the checks' collective, HETSCAL_DISABLE through hs_config_agree): a
     * grid half on hetscal and half on ScaLAPACK would wait forever.  The
     * argument checks are ScaLAPACK's own, so a bad call is answered the
     * same either way. */
    hs_small_plan plan = { .word = HS_SMALL_HETSCAL };
    int summary = 0, cfg_read = 0;
    int info = check(r, f, c, &cfg, &cfg_read, &plan, &summary);
    if (info != 0 || r->nothing_to_do(c))
        return info;
    if (plan.word == HS_SMALL_NEXT || plan.word == HS_SMALL_NEXT_ITSELF) {
        /* Rank (0,0) found the kind faster handed on: no agreement
         * needed, but the summary's setting as it would have agreed it. */
        void *next = next_routine(c);
        if (!hs_hand_on_possible(c, next)) {
            fprintf(stderr, "hetscal: %s: rank (0,0) hands the call to %s, which "
                            "this rank lacks\n", c->routine, hs_hand_on_taker(c).s);
            return HETSCAL_ERR_INTERNAL;
        }
        hs_run_summary_agreed(summary);
        hs_small_call_say(c, &plan);
        info = small_call_on(r, next, c, plan.word, why);
        *way = HS_SUMMARY_FORWARDED;
        return info;
    }
    if (!cfg_read)
        hs_config_read(&cfg, c->grid->local_ranks);
    c->cfg = &cfg;
    info = hs_config_agree(&cfg, c->grid);
    if (info == 0 && cfg.disable) {
        void *next = next_routine(c);
        if (!next) {
            fprintf(stderr, "hetscal: HETSCAL_DISABLE is set but no other %s is linked\n",
                    hs_call_upper_name(c).s);
            return HETSCAL_ERR_INTERNAL;
        }
        r->forward(next, c, &info);
        *way = HS_SUMMARY_FORWARDED;
        *why = DISABLED;
        return info;
    }
    if (info == 0 && plan.word == HS_SMALL_MEASURE) {
        void *next = next_routine(c);
        if (hs_small_call_measured(r, f, c, next, &plan)) {
            hs_small_call_say(c, &plan);
            info = small_call_on(r, next, c, plan.word, why);
            *way = HS_SUMMARY_FORWARDED;
            return info;
        }
    }
    if (info == 0) {
        info = hs_call_run(f, c);
        *way = HS_SUMMARY_RAN;
    }
    if (info == HETSCAL_ERR_NOMEM && c->a_untouched && out_of_memory_forward(r, c, &info)) {
        *way = HS_SUMMARY_FORWARDED;
        *why = "no memory for hetscal's tiles";
        return info;
    }
    if (info < 0)
        fprintf(stderr, "hetscal: %s failed inside the runtime (status %d: %s) on rank %d\n",
                c->routine, info, hs_status_text(info), c->grid->rank);
    if (r->returning)
        r->returning(c);
    return info;
}

/* This thread's last call: its facts, recorded at every call, and the
 * line formatted only when hetscal_last_call asks (a call handed on costs
 * microseconds, and formatting is a good part of one). */
static _Thread_local struct {
    enum hs_summary_way way;
    const char *why;
    char routine[8];
    char taker[32];      /* who took a call handed on */
    const char *layout;  /* static strings (call_report.h) */
    int tile, caller_tiles, in_place, info;
} last = { .way = -1 };
static _Thread_local char last_line[192];

static void keep_last_call(const hs_call *c, enum hs_summary_way way, const char *why, int info)
{
    last.way = way;
    last.why = why;
    last.info = info;
    snprintf(last.routine, sizeof last.routine, "%s", c->routine);
    if (way == HS_SUMMARY_FORWARDED && (why == DISABLED || why == SMALL_TO_NEXT))
        snprintf(last.taker, sizeof last.taker, "%s", hs_hand_on_next_name(c).s);
    else if (way == HS_SUMMARY_FORWARDED)
        snprintf(last.taker, sizeof last.taker, "%s", hs_hand_on_taker(c).s);
    last.layout = c->rep.layout;
    last.tile = c->rep.tile;
    last.caller_tiles = c->rep.caller_tiles;
    last.in_place = c->rep.tiles_in_place;
}

HETSCAL_EXPORT const char *hetscal_last_call(void)
{
    if ((int)last.way < 0)
        snprintf(last_line, sizeof last_line, "no call yet");
    else if (last.way == HS_SUMMARY_FORWARDED)
        snprintf(last_line, sizeof last_line, "%s: handed on to %s (%s); INFO %d", last.routine,
                 last.taker, last.why, last.info);
    else if (last.way == HS_SUMMARY_RAN)
        snprintf(last_line, sizeof last_line, "%s: hetscal; layout %s; tile %d%s%s; INFO %d",
                 last.routine, last.layout ? last.layout : "none", last.tile,
                 last.caller_tiles ? " (the caller's blocks)" : "",
                 last.in_place ? " in place" : "", last.info);
    else
        snprintf(last_line, sizeof last_line, "%s: nothing factored; INFO %d", last.routine,
                 last.info);
    return last_line;
}

int hs_call_entry(const hs_entry_rules *r, const hs_factorization *f, hs_call *c)
{
    double t0 = hs_now();
    enum hs_summary_way way = HS_SUMMARY_QUICK;
    const char *why = "";
    int info = entry(r, f, c, &way, &why);
    keep_last_call(c, way, why, info);
    /* Grid position (0,0) counts the call for the whole grid; a rank
     * outside any grid (an invalid context) counts its own. */
    if (!c->grid || (c->grid->myrow == 0 && c->grid->mycol == 0))
        hs_run_summary_count(f->routine, c->prec, c->n, c->rep.flops, hs_now() - t0, way, info);
    if (way == HS_SUMMARY_RAN)
        hs_run_summary_flops(f->routine, c->prec, c->rep.task_flops, c->rep.device_flops);
    return info;
}
