/* Runtime session and lifecycle (see session.h). */
#include "config.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/progress.h"
#include "device/backends.h"
#include "include/hetscal.h"
#include "runtime/device_memory.h"
#include "runtime/session.h"
#include "util/mem.h"

/* Sends' contiguous copies of tiles in the caller's array (runtime/
 * progress.h) take at most a quarter of the received copies' budget: the
 * tiles in place are there to save memory. */
static double stage_cap(const hs_engine_limits *lim)
{
    return lim->copy_budget / 4;
}

int hs_session_run(MPI_Comm comm, const hs_engine_limits *limits,
                   void (*generate)(void *arg), void *arg, hs_engine_stats *stats)
{
    int nranks, err;

    MPI_Comm_size(comm, &nranks);
    hs_engine_limits lim = *limits;
    /* With accelerators the calling thread runs the MPI loop, not tasks
     * (their management threads hand work back through the loop). */
    int accelerators = lim.devs && lim.ndev > 1;
    if (nranks > 1 && accelerators && lim.workers < 1)
        lim.workers = 1;
    /* Every rank starts, or none: a rank that could not (or whose steps
     * before the run failed, prior_status) would leave the others waiting
     * for its messages. */
    err = hs_engine_begin(&lim);
    int mine = err ? err : lim.prior_status, all = mine;
    if (nranks > 1)
        MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_MIN, comm);
    if (!err && all) {
        hs_engine_end(NULL);
        err = all;
    }
    if (err)
        return err;
    if (nranks > 1 && lim.workers > 0) {
        hs_engine_generate(generate, arg);   /* this thread runs the MPI loop */
        err = hs_comm_run(comm, stage_cap(&lim), lim.send_window);
    } else {
        /* The calling thread does everything: generation, tasks and, on
         * several ranks, the messages (one pass between tasks). */
        hs_comm c;
        hs_comm_init(&c, comm, stage_cap(&lim), lim.send_window);
        if (nranks > 1)
            hs_engine_set_poller(hs_comm_poll, &c);
        hs_engine_generate_here(generate, arg);
        hs_engine_wait_finished();
        err = hs_comm_finish(&c);
    }
    if (!err)
        err = hs_engine_failure();
    hs_engine_end(stats);
    return err;
}

static struct {
    int opened, generation;
    hs_device **devs;
    int ndev;
    char spec[128];
    char msg[256];
} D;

static hs_device *host_only[1];

static void open_host_only(void)
{
    host_only[0] = hs_cpu_device_open();
}

static void close_devices(void)
{
    if (D.opened) {
        hs_mem_unpin_kept();   /* pinned by these devices */
        for (int x = 1; x < D.ndev; x++)
            hs_devmem_forget(D.devs[x]);
        hs_devices_close(D.devs, D.ndev);
        D.opened = 0;
    }
}

/* The name of an opened device that reports a lasting failure, or NULL. */
static const char *broken_device(void)
{
    for (int x = 1; x < D.ndev; x++)
        if (D.devs[x]->ops->health && D.devs[x]->ops->health(D.devs[x]))
            return D.devs[x]->name;
    return NULL;
}

int hs_session_device_generation(void)
{
    return D.generation;
}

/* One call at a time drives the devices (each has one management thread
 * per engine, and a device takes its kernels from one thread): the call
 * that holds devices_lock, from its first hs_session_devices to
 * hs_session_devices_release.  A call made meanwhile by another thread
 * runs on the host; its grid agrees on that (api/config_agree.c). */
static pthread_mutex_t devices_lock = PTHREAD_MUTEX_INITIALIZER;
/* This thread's call: 0 has not asked yet, HOLDS the devices, or was
 * DENIED them (and keeps to the host until its end, whatever happens
 * meanwhile: its grid agreed on that). */
enum { ASKED_NOT, HOLDS, DENIED };
static _Thread_local int claim;
void hs_session_devices_release(void)
{
    if (claim == HOLDS)
        pthread_mutex_unlock(&devices_lock);
    claim = ASKED_NOT;
}

int hs_session_holds_devices(void)
{
    return claim == HOLDS;
}

void hs_session_lock_devices(void)
{
    pthread_mutex_lock(&devices_lock);
}

void hs_session_unlock_devices(void)
{
    pthread_mutex_unlock(&devices_lock);
}

int hs_session_devices(int local_index, int local_ranks, const hs_gpu_placement *place,
                       hs_device ***devs, int *ndev, const char **msg)
{
    /* The devices are looked at again at the start of a call only: within
     * a call every ask gets what the first got. */
    int first_ask = claim == ASKED_NOT;
    if (first_ask)
        claim = pthread_mutex_trylock(&devices_lock) == 0 ? HOLDS : DENIED;
    if (claim == DENIED) {
        static pthread_once_t once = PTHREAD_ONCE_INIT;
        pthread_once(&once, open_host_only);
        if (!host_only[0])
            return HETSCAL_ERR_NOMEM;
        *devs = host_only;
        *ndev = 1;
        *msg = "cpu only: another thread's call holds the devices";
        return HETSCAL_SUCCESS;
    }
    const char *spec = getenv("HETSCAL_DEVICES");
    if (!spec)
        spec = "";
    const char *broken = D.opened && first_ask ? broken_device() : NULL;
    if (D.opened && !first_ask) {
        /* as opened at this call's first ask */
    } else if (D.opened && strncmp(spec, D.spec, sizeof D.spec) != 0) {
        /* HETSCAL_DEVICES changed: the management threads go first. */
        hs_engine_shutdown();
        close_devices();
    } else if (broken) {
        /* A device failed for good in an earlier call (its context is
         * lost until the process ends): this rank goes on without
         * accelerators (kept under the same HETSCAL_DEVICES, so that it
         * is not opened again).  Its grid learns of it through the
         * agreed rates. */
        char name[16];
        snprintf(name, sizeof name, "%s", broken);
        hs_engine_shutdown();
        close_devices();
        int err = hs_devices_open("cpu", local_index, local_ranks, &D.devs, &D.ndev, D.msg,
                                  sizeof D.msg);
        if (err)
            return err;
        snprintf(D.msg, sizeof D.msg, "%s failed in an earlier call: running on the CPUs",
                 name);
        D.opened = 1;
        D.generation++;
    }
    if (!D.opened) {
        char why[128];
        int err = hs_devices_open_placed(spec, local_index, local_ranks, place, &D.devs,
                                         &D.ndev, D.msg, sizeof D.msg);
        if (err) {
            snprintf(why, sizeof why, "%.120s", D.msg);
            err = hs_devices_open("cpu", local_index, local_ranks, &D.devs,
                                  &D.ndev, D.msg, sizeof D.msg);
            snprintf(D.msg, sizeof D.msg, "HETSCAL_DEVICES=%.60s: %s; running on the CPUs",
                     spec, why);
        }
        if (err)
            return err;
        if (D.ndev > HS_MAX_DEVICES)
            D.ndev = HS_MAX_DEVICES;
        snprintf(D.spec, sizeof D.spec, "%s", spec);
        D.opened = 1;
        D.generation++;
    }
    *devs = D.devs;
    *ndev = D.ndev;
    *msg = D.msg;
    return HETSCAL_SUCCESS;
}

/* Set in the child of a fork() (system(), Python's multiprocessing, an
 * application's own worker processes).  The child has only the thread
 * that forked: the workers, generation, device and copy threads and the
 * emulated devices' stream threads are the parent's, so nothing may join,
 * wake or free them, and a lock one of them held at the fork stays held
 * in the child forever.  MPI may not be used there either.  So the exit
 * paths do nothing in the child: it exits at once, and the parent's
 * threads and communicators are untouched (they are the parent's copy
 * anyway).  hetscal cannot be called in the child (MPI cannot). */
static volatile int in_forked_child;

static void at_fork_child(void)
{
    /* Runs in the child right after fork(), single-threaded: plain stores,
     * no lock. */
    in_forked_child = 1;
    hs_engine_forget_threads();
}

/* What the layer above frees at MPI_Finalize too (its communicators). */
static void (*finalize_too)(void);

/* MPI_Finalize deletes MPI_COMM_SELF's attributes first, while MPI still
 * works: the place to stop threads and free our communicators. */
static int at_finalize(MPI_Comm comm, int keyval, void *value, void *extra)
{
    (void)comm; (void)keyval; (void)value; (void)extra;
    if (in_forked_child)
        return MPI_SUCCESS;
    hs_engine_shutdown();
    close_devices();
    if (finalize_too)
        finalize_too();
    hs_mem_release_kept();
    return MPI_SUCCESS;
}

static void at_exit(void)
{
    if (!in_forked_child)
        hs_engine_shutdown();
}

/* The calling thread's argument, for register_once: only the thread that
 * runs it stores finalize_too (once, so no other call races with it). */
static _Thread_local void (*asked_finalize_too)(void);

static void register_once(void)
{
    int keyval;
    finalize_too = asked_finalize_too;
    atexit(at_exit);
    pthread_atfork(NULL, NULL, at_fork_child);
    if (MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, at_finalize, &keyval, NULL) == MPI_SUCCESS)
        MPI_Comm_set_attr(MPI_COMM_SELF, keyval, NULL);
}

void hs_session_register_shutdown(void (*at_finalize_too)(void))
{
    /* Once, whichever of several calling threads comes first. */
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    asked_finalize_too = at_finalize_too;
    pthread_once(&once, register_once);
}
