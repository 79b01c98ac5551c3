/* An application that forks after hetscal calls (system(), or a child
 * that exits normally, as Python's multiprocessing workers do): the child
 * must exit at once (hetscal's exit handler must not join the parent's
 * worker, generation and device threads, which do not exist in the child,
 * nor take a lock one of them held at the fork, nor call MPI), and the
 * parent's later calls must still work.
 *
 * Every rank: PDPOTRF (N = 400, so that the worker threads start), then
 *   1. a child that calls exit(0);
 *   2. a child that runs system("true") and calls exit(0);
 *   3. system("true") in the parent;
 *   4. children forked by another thread of the parent while the main
 *      thread is inside PDPOTRF/PDGEQRF calls (a worker may hold the
 *      engine's lock at the fork), each calling exit(0);
 * each child waited for with a time limit (waitpid polling, CHILD_LIMIT
 * seconds, then SIGKILL and FAILED), then PDPOTRF and PDGEQRF again,
 * compared with the reference ScaLAPACK.  With HETSCAL_DISABLE=1 the same
 * test shows whether a hang comes from MPI rather than from hetscal.
 * Exit status: failed checks, summed over ranks. */
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <mpi.h>

#include "testing/blacs_tools.h"
#include "testing/field_common.h"
#include "util/clock.h"

enum { CHILD_LIMIT = 10, THREAD_FORKS = 12 };

static int me, failures;

static void check(int ok, const char *what)
{
    if (!ok) {
        printf("FAILED on rank %d: %s\n", me, what);
        failures++;
    }
}

/* Where a hung child waits, for the test's log: its threads' stacks (gdb,
 * when installed), else the kernel's wait channel.  A child that hangs in
 * exit waits on a lock some library's thread held at the fork. */
static void show_stacks(pid_t pid)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd,
             "command -v gdb >/dev/null 2>&1 && timeout 20 gdb -q -batch -p %d "
             "-ex 'thread apply all bt' 2>&1 | grep '^#\\|^Thread' | head -60 || "
             "echo \"wchan: $(cat /proc/%d/wchan 2>/dev/null)\"",
             (int)pid, (int)pid);
    fflush(stdout);
    if (system(cmd) != 0)
        printf("(no stacks of child %d)\n", (int)pid);
}

/* Waits for child pid for at most CHILD_LIMIT s; kills it after that.
 * Returns 1 when it exited with status 0 in time. */
static int wait_child(pid_t pid, const char *what, double *seconds)
{
    double t0 = hs_now();
    int status = 0;
    for (;;) {
        pid_t r = waitpid(pid, &status, WNOHANG);
        if (r == pid)
            break;
        if (r < 0 && errno != EINTR) {
            printf("FAILED on rank %d: waitpid for the %s: %s\n", me, what, strerror(errno));
            return 0;
        }
        if (hs_now() - t0 > CHILD_LIMIT) {
            show_stacks(pid);
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            printf("FAILED on rank %d: the %s had not exited after %d s (hung in exit); "
                   "killed\n",
                   me, what, CHILD_LIMIT);
            return 0;
        }
        struct timespec ts = { 0, 5 * 1000 * 1000 };
        nanosleep(&ts, NULL);
    }
    *seconds = hs_now() - t0;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        printf("FAILED on rank %d: the %s ended with %s %d\n", me, what,
               WIFSIGNALED(status) ? "signal" : "status",
               WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
        return 0;
    }
    return 1;
}

/* A child that runs `body` (0: nothing, 1: system("true")) and exit(0). */
static void fork_and_wait(int body, const char *what)
{
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) {
        check(0, "fork");
        return;
    }
    if (pid == 0) {
        if (body == 1 && system("true") != 0)
            _exit(3);
        exit(0);
    }
    double seconds = 0;
    int ok = wait_child(pid, what, &seconds);
    failures += !ok;
    if (ok)
        printf("rank %d: the %s exited in %.3f s\n", me, what, seconds);
}

static void run_checked(int ctxt, const fc_case *c, const char *when)
{
    double diff;
    char what[160];
    int ok = fc_run(ctxt, c, FC_CHECK_REFERENCE, &diff);
    snprintf(what, sizeof what, "%s %s N %d %s: the reference's result (%.1f eps)",
             c->qr ? "PDGEQRF" : "PDPOTRF", c->qr ? "" : c->upper ? "U" : "L", c->n, when,
             diff);
    check(ok, what);
}

/* Case 4: a thread of the application forks while the main thread is in
 * hetscal calls.  Only then: the main thread holds fork_window except
 * inside hetscal's routine (fc_around_call).  What it does between calls
 * (the reference ScaLAPACK's BLAS and MPI, this test's frees) is the
 * application's own, and a fork there could leave the child waiting in
 * exit on a lock of OpenBLAS or of UCX that no hetscal thread held (util/
 * fork_guard.h).  With HETSCAL_DISABLE the routine is the reference's:
 * there the forks come between calls, with the main thread waiting on
 * fork_window. */
static volatile int calls_running, forks_done;
static pthread_mutex_t fork_window = PTHREAD_MUTEX_INITIALIZER;

static void window_in_calls(int entering)
{
    if (entering)
        pthread_mutex_unlock(&fork_window);
    else
        pthread_mutex_lock(&fork_window);
}

static void *forking_thread(void *arg)
{
    int *bad = arg;
    while (!calls_running)
        sched_yield();
    while (forks_done < THREAD_FORKS) {
        pthread_mutex_lock(&fork_window);
        if (!calls_running) {
            pthread_mutex_unlock(&fork_window);
            break;
        }
        pid_t pid = fork();
        if (pid == 0)
            exit(0);
        pthread_mutex_unlock(&fork_window);
        double seconds;
        if (pid < 0 || !wait_child(pid, "child forked during a call", &seconds))
            (*bad)++;
        forks_done++;
        struct timespec ts = { 0, 1000 * 1000 };
        nanosleep(&ts, NULL);
    }
    return NULL;
}

int main(void)
{
    int nprocs, ctxt;
    setvbuf(stdout, NULL, _IOLBF, 0);
    Cblacs_pinfo(&me, &nprocs);
    if (!fc_load_reference()) {
        if (me == 0)
            printf("t_fork: no reference ScaLAPACK (%s): skipped\n",
                   HETSCAL_REFERENCE_SCALAPACK);
        Cblacs_exit(0);
        return 77;
    }
    Cblacs_get(-1, 0, &ctxt);
    Cblacs_gridinit(&ctxt, "R", 1, nprocs);
    fc_case potrf = { .qr = 0, .upper = 0, .m = 400, .n = 400, .mb = 32, .nb = 32, .seed = 1 };
    fc_case potrf_u = potrf;
    potrf_u.upper = 1;
    potrf_u.n = potrf_u.m = 301;
    fc_case geqrf = { .qr = 1, .m = 333, .n = 290, .mb = 24, .nb = 24, .seed = 2 };

    run_checked(ctxt, &potrf, "before the forks");
    fc_usage u;
    fc_usage_now(&u);
    printf("rank %d: %d threads after the first call\n", me, u.threads);

    fork_and_wait(0, "child calling exit(0)");
    fork_and_wait(1, "child running system(\"true\")");
    check(system("true") == 0, "system(\"true\") in the parent");
    run_checked(ctxt, &potrf, "after the forks");
    run_checked(ctxt, &geqrf, "after the forks");

    /* Case 4: forks from another thread during calls. */
    int bad = 0;
    pthread_t th;
    const char *disable = getenv("HETSCAL_DISABLE");
    int disabled = disable && atoi(disable) != 0;   /* as the library reads it */
    pthread_mutex_lock(&fork_window);
    if (pthread_create(&th, NULL, forking_thread, &bad) != 0) {
        pthread_mutex_unlock(&fork_window);
        check(0, "pthread_create");
    } else {
        if (!disabled)
            fc_around_call = window_in_calls;
        calls_running = 1;
        /* Calls until every rank's thread has forked THREAD_FORKS times
         * (at most 200 calls). */
        int k = 0, all_done = 0;
        for (; k < 200 && !all_done; k++) {
            run_checked(ctxt, k % 3 == 0 ? &potrf : k % 3 == 1 ? &geqrf : &potrf_u,
                        "while another thread forks");
            if (disabled) {
                pthread_mutex_unlock(&fork_window);
                struct timespec ts = { 0, 2000 * 1000 };
                nanosleep(&ts, NULL);
                pthread_mutex_lock(&fork_window);
            }
            int done = forks_done >= THREAD_FORKS;
            MPI_Allreduce(&done, &all_done, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
        }
        calls_running = 0;
        pthread_mutex_unlock(&fork_window);
        pthread_join(th, NULL);
        fc_around_call = NULL;
        failures += bad;
        printf("rank %d: %d children forked by another thread during %d calls, %d did not "
               "exit cleanly\n",
               me, forks_done, k, bad);
    }
    run_checked(ctxt, &geqrf, "at the end");
    run_checked(ctxt, &potrf_u, "at the end");

    int all = 0;
    MPI_Allreduce(&failures, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (me == 0)
        printf("%s: fork after hetscal calls, %d ranks, HETSCAL_DISABLE=%s, %d failed checks\n",
               all ? "FAILED" : "PASSED", nprocs,
               getenv("HETSCAL_DISABLE") ? getenv("HETSCAL_DISABLE") : "(unset)", all);
    Cblacs_gridexit(ctxt);
    Cblacs_exit(0);
    return all;
}
