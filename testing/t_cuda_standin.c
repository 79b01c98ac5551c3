/* Test of the CUDA stand-in (testing/cuda_standin): stream order, events
 * and cross-stream and cross-device waits, pageable and pinned copies,
 * cuBLAS against the host BLAS (t_cuda_standin_blas.c), capacity, device listing and UUIDs,
 * sticky faults, peer access, and every loud rule (each snippet of
 * t_cuda_standin_rules.c in a fresh process: abort and the rule's line).
 * Usage: t_cuda_standin [--rule NAME | --child SCENARIO]. */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cublas_v2.h>
#include <cuda_runtime.h>

#include "t_cuda_standin.h"

extern char **environ;

#include "row_checks.h"

static void report(const char *what)
{
    char label[128];
    snprintf(label, sizeof label, "%-60s", what);
    row_done(label);
}

static pthread_mutex_t gate_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t gate_cond = PTHREAD_COND_INITIALIZER;

void standin_test_gate(void *gate)
{
    pthread_mutex_lock(&gate_lock);
    while (!*(int *)gate)
        pthread_cond_wait(&gate_cond, &gate_lock);
    pthread_mutex_unlock(&gate_lock);
}

void standin_test_open_gate(int *gate)
{
    pthread_mutex_lock(&gate_lock);
    *gate = 1;
    pthread_cond_broadcast(&gate_cond);
    pthread_mutex_unlock(&gate_lock);
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void append(void *arg)   /* host function: logs its number */
{
    static int log_at;
    ((int *)arg)[0] = ++log_at;
}

static cudaStream_t new_stream(void)
{
    cudaStream_t s = NULL;
    CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) == cudaSuccess);
    return s;
}

/* One stream: each H2D from its own pinned slot then a D2H of the same
 * device word: every read-back sees its own value only if order holds. */
static void test_stream_order(void)
{
    enum { N = 200 };
    cudaStream_t s = new_stream();
    double *in, *out, *d;
    int seen[N];
    CHECK(cudaMallocHost((void **)&in, N * sizeof(double)) == cudaSuccess);
    CHECK(cudaHostAlloc((void **)&out, N * sizeof(double), cudaHostAllocPortable) == cudaSuccess);
    CHECK(cudaMalloc((void **)&d, sizeof(double)) == cudaSuccess);
    for (int i = 0; i < N; i++) {
        in[i] = i;
        out[i] = -1;
        CHECK(cudaMemcpyAsync(d, in + i, sizeof(double), cudaMemcpyHostToDevice, s) == 0);
        CHECK(cudaMemcpyAsync(out + i, d, sizeof(double), cudaMemcpyDeviceToHost, s) == 0);
        CHECK(cudaLaunchHostFunc(s, append, seen + i) == cudaSuccess);
    }
    CHECK(cudaStreamSynchronize(s) == cudaSuccess && cudaStreamQuery(s) == cudaSuccess);
    for (int i = 0; i < N; i++)
        CHECK(out[i] == i && (i == 0 || seen[i] == seen[i - 1] + 1));
    CHECK(cudaFree(d) == cudaSuccess && cudaFreeHost(in) == 0 && cudaFreeHost(out) == 0);
    CHECK(cudaStreamDestroy(s) == cudaSuccess);
    report("one stream runs in order (copies, host functions)");
}

/* Stream a writes, stream b (of device dev_b) reads: right with the
 * wait, and without it a stale value shows up in some trial. */
static void test_cross_stream(int dev_b)
{
    enum { TRIALS = 100 };
    cudaStream_t a = new_stream(), b;
    double *src, *dst, *d;
    int stale = 0;
    cudaEvent_t e;
    CHECK(cudaMallocHost((void **)&src, sizeof(double)) == 0);
    CHECK(cudaMallocHost((void **)&dst, sizeof(double)) == 0);
    CHECK(cudaMalloc((void **)&d, sizeof(double)) == 0);
    CHECK(cudaEventCreateWithFlags(&e, cudaEventDisableTiming) == cudaSuccess);
    CHECK(cudaSetDevice(dev_b) == cudaSuccess);
    b = new_stream();
    CHECK(cudaSetDevice(0) == cudaSuccess);
    for (int wait = 1; wait >= 0; wait--)
        for (int t = 0; t < TRIALS; t++) {
            *src = t + 1000 * wait;
            CHECK(cudaMemcpyAsync(d, src, sizeof(double), cudaMemcpyHostToDevice, a) == 0);
            CHECK(cudaEventRecord(e, a) == cudaSuccess);
            if (dev_b == 0 && wait)   /* a copy reads memory of its stream's device only */
                CHECK(cudaStreamWaitEvent(b, e, 0) == cudaSuccess);
            CHECK(cudaMemcpyAsync(dst, d, sizeof(double), cudaMemcpyDeviceToHost,
                                  dev_b == 0 ? b : a) == 0);
            if (dev_b != 0) {   /* cross-device: b waits for a's event, then a host function */
                static int flag;
                CHECK(cudaSetDevice(dev_b) == 0);
                flag = 0;
                if (wait)
                    CHECK(cudaStreamWaitEvent(b, e, 0) == cudaSuccess);
                CHECK(cudaLaunchHostFunc(b, append, &flag) == 0);
                CHECK(cudaStreamSynchronize(b) == 0);
                CHECK(cudaSetDevice(0) == 0);
                stale += cudaEventQuery(e) == cudaErrorNotReady;
                CHECK(!wait || cudaEventQuery(e) == cudaSuccess);
                CHECK(cudaStreamSynchronize(a) == 0);
                continue;
            }
            CHECK(cudaStreamSynchronize(b) == 0);
            stale += *dst != t + 1000 * wait;
            CHECK(!wait || *dst == t + 1000 * wait);
            CHECK(cudaStreamSynchronize(a) == 0);
        }
    printf("  %d of %d trials without the wait saw stale data\n", stale, TRIALS);
    CHECK(stale > 0);
    CHECK(cudaEventDestroy(e) == 0 && cudaFree(d) == 0 && cudaFreeHost(src) == 0 &&
          cudaFreeHost(dst) == 0);
    CHECK(cudaStreamDestroy(a) == 0);
    CHECK(cudaSetDevice(dev_b) == 0 && cudaStreamDestroy(b) == 0 && cudaSetDevice(0) == 0);
    report(dev_b ? "cudaStreamWaitEvent across devices" : "cudaStreamWaitEvent across streams");
}

static void sleep_20ms(void *arg)
{
    (void)arg;
    usleep(20000);
}

/* Query, synchronize, re-recording, elapsed time. */
static void test_events(void)
{
    static int gate;
    cudaStream_t a = new_stream(), b = new_stream();
    cudaEvent_t e, t0, t1, untimed;
    float ms = -1;
    CHECK(cudaEventCreate(&e) == 0 && cudaEventCreate(&t0) == 0 && cudaEventCreate(&t1) == 0);
    CHECK(cudaEventCreateWithFlags(&untimed, cudaEventDisableTiming) == 0);
    CHECK(cudaEventQuery(e) == cudaSuccess);   /* never recorded: complete */
    CHECK(cudaLaunchHostFunc(a, standin_test_gate, &gate) == 0);
    CHECK(cudaEventRecord(e, a) == 0);
    usleep(2000);
    CHECK(cudaEventQuery(e) == cudaErrorNotReady);
    CHECK(cudaGetLastError() == cudaSuccess);   /* not ready is no error */
    CHECK(cudaEventRecord(e, b) == 0);   /* replaces the pending record */
    CHECK(cudaEventSynchronize(e) == cudaSuccess && cudaEventQuery(e) == cudaSuccess);
    CHECK(cudaStreamQuery(a) == cudaErrorNotReady);
    standin_test_open_gate(&gate);
    CHECK(cudaEventRecord(t0, a) == 0 && cudaLaunchHostFunc(a, sleep_20ms, NULL) == 0);
    CHECK(cudaEventRecord(t1, a) == 0 && cudaEventRecord(untimed, a) == 0);
    CHECK(cudaEventSynchronize(t1) == 0 && cudaEventSynchronize(untimed) == 0);
    CHECK(cudaEventElapsedTime(&ms, t0, t1) == cudaSuccess && ms >= 19 && ms < 1000);
    CHECK(cudaEventElapsedTime(&ms, t0, untimed) == cudaErrorInvalidResourceHandle);
    CHECK(cudaGetLastError() == cudaErrorInvalidResourceHandle);
    CHECK(cudaGetLastError() == cudaSuccess);
    CHECK(cudaEventDestroy(e) == 0 && cudaEventDestroy(t0) == 0 && cudaEventDestroy(t1) == 0 &&
          cudaEventDestroy(untimed) == 0);
    CHECK(cudaStreamDestroy(a) == 0 && cudaStreamDestroy(b) == 0);
    report("events: query, synchronize, re-record, elapsed time");
}

static void *open_later(void *gate)
{
    usleep(50000);
    standin_test_open_gate(gate);
    return NULL;
}

/* The stream is held by a gate while each copy is issued. */
static void test_pageable_pinned(void)
{
    cudaStream_t s = new_stream();
    double pageable = 1, *pinned, *d, back = 0;
    pthread_t t;
    CHECK(cudaMallocHost((void **)&pinned, sizeof(double)) == 0);
    CHECK(cudaMalloc((void **)&d, 2 * sizeof(double)) == 0);
    for (int pin = 0; pin < 2; pin++) {
        int gate = 0;
        double *src = pin ? pinned : &pageable;
        *src = 1;
        CHECK(cudaLaunchHostFunc(s, standin_test_gate, &gate) == 0);
        CHECK(cudaMemcpyAsync(d + pin, src, sizeof(double), cudaMemcpyHostToDevice, s) == 0);
        *src = 2;   /* pageable: already staged; pinned: read when the copy runs */
        standin_test_open_gate(&gate);
        CHECK(cudaStreamSynchronize(s) == 0);
        CHECK(cudaMemcpy(&back, d + pin, sizeof(double), cudaMemcpyDeviceToHost) == 0);
        CHECK(back == (pin ? 2 : 1));
    }
    for (int pin = 0; pin < 2; pin++) {   /* device to host */
        int gate = 0;
        double *dst = pin ? pinned : &pageable;
        *dst = 0;
        CHECK(cudaLaunchHostFunc(s, standin_test_gate, &gate) == 0);
        CHECK(pthread_create(&t, NULL, open_later, &gate) == 0);
        double t0 = now();
        CHECK(cudaMemcpyAsync(dst, d + 1, sizeof(double), cudaMemcpyDeviceToHost, s) == 0);
        double waited = now() - t0;
        CHECK(pin ? waited < 0.04 && *dst == 0 : waited >= 0.04 && *dst == 2);
        CHECK(cudaStreamSynchronize(s) == 0 && *dst == 2);
        pthread_join(t, NULL);
    }
    CHECK(cudaFree(d) == 0 && cudaFreeHost(pinned) == 0 && cudaStreamDestroy(s) == 0);
    report("pageable copies synchronous, pinned ones asynchronous");
}

/* cuBLAS's level-3 routines, a row per precision (t_cuda_standin_blas.c),
 * then its level-1 and -2 ones (t_cuda_standin_level12.c). */
static void test_cublas(void)
{
    for (int p = 0; p < STANDIN_TEST_PRECISIONS; p++) {
        const char *row = "cuBLAS";
        row_failures += standin_test_cublas(p, &row);
        report(row);
    }
    for (int p = 0; p < STANDIN_TEST_PRECISIONS; p++) {
        const char *row = "cuBLAS level 1 and 2";
        row_failures += standin_test_level12(p, &row);
        report(row);
    }
}

static void test_capacity(void)
{
    size_t free0, total, free1;
    void *p = NULL;
    CHECK(cudaMemGetInfo(&free0, &total) == 0 && total == (size_t)2 << 30 && free0 <= total);
    CHECK(cudaMalloc(&p, (size_t)3 << 30) == cudaErrorMemoryAllocation && p == NULL);
    CHECK(cudaGetLastError() == cudaErrorMemoryAllocation);
    CHECK(cudaGetLastError() == cudaSuccess);   /* not sticky */
    CHECK(cudaMalloc(&p, (size_t)64 << 20) == 0 && cudaMemGetInfo(&free1, &total) == 0);
    CHECK(free1 == free0 - ((size_t)64 << 20));
    CHECK(cudaSetDevice(1) == 0 && cudaMemGetInfo(&free1, &total) == 0);
    CHECK(free1 == (size_t)2 << 30);   /* per device */
    CHECK(cudaSetDevice(0) == 0);
    CHECK(cudaFree(p) == 0 && cudaMemGetInfo(&free1, &total) == 0 && free1 == free0);
    report("capacity: CUDA_STANDIN_MEMORY per device, not sticky");
}

/* Runs this program with args and extra environment; its output in out. */
static int spawn_self(const char *const *args, const char *const *env, char *out, size_t outlen)
{
    char path[] = "/tmp/t_cuda_standin.XXXXXX";
    int fd = mkstemp(path), status = -1;
    char *argv[8] = { "t_cuda_standin" }, *envp[256];
    int ne = 0, na = 1;
    pid_t pid;
    posix_spawn_file_actions_t fa;
    for (; env && env[ne]; ne++)
        envp[ne] = (char *)env[ne];
    for (char **e = environ; *e && ne < 255; e++)
        envp[ne++] = *e;
    envp[ne] = NULL;
    for (; args[na - 1] && na < 7; na++)
        argv[na] = (char *)args[na - 1];
    argv[na] = NULL;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, fd, 1);
    posix_spawn_file_actions_adddup2(&fa, fd, 2);
    if (posix_spawn(&pid, "/proc/self/exe", &fa, NULL, argv, envp) == 0)
        waitpid(pid, &status, 0);
    posix_spawn_file_actions_destroy(&fa);
    ssize_t got = pread(fd, out, outlen - 1, 0);
    out[got > 0 ? got : 0] = '\0';
    close(fd);
    unlink(path);
    return status;
}

static void test_rules(void)
{
    char out[4096];
    for (const standin_rule *r = standin_rules; r->name; r++) {
        const char *args[] = { "--rule", r->name, NULL };
        const char *env[] = { r->env, NULL };
        int st = spawn_self(args, env, out, sizeof out);
        int ok = r->aborts ? WIFSIGNALED(st) && WTERMSIG(st) == SIGABRT
                           : WIFEXITED(st) && WEXITSTATUS(st) == 0;
        ok = ok && strstr(out, r->line) != NULL;
        if (!ok)
            printf("  rule %s: status %#x, expected \"%s\"; output:\n%s", r->name, st, r->line,
                   out);
        CHECK(ok);
    }
    report("each loud rule: abort (or error code) and its line");
}

static void test_children(void)
{
    char out[4096];
    static const struct { const char *scenario; const char *env[4]; } runs[] = {
        { "sticky", { "CUDA_STANDIN_FAIL=0:3", "CUDA_STANDIN_DELAY_US=300", NULL } },
        { "visible-1", { "CUDA_VISIBLE_DEVICES=1", NULL } },
        { "visible-2,0", { "CUDA_STANDIN_DEVICES=3", "CUDA_VISIBLE_DEVICES=2,0", NULL } },
        { "visible-cut", { "CUDA_VISIBLE_DEVICES=1,7,0", NULL } },
        { "visible-none", { "CUDA_VISIBLE_DEVICES=", NULL } },
        { "capacity-1m", { "CUDA_STANDIN_MEMORY=1m", NULL } },
        { "peer", { "CUDA_STANDIN_PEER=0:1", NULL } },
    };
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        const char *args[] = { "--child", runs[i].scenario, NULL };
        int st = spawn_self(args, runs[i].env, out, sizeof out);
        int ok = WIFEXITED(st) && WEXITSTATUS(st) == 0;
        if (!ok)
            printf("  child %s: status %#x; output:\n%s", runs[i].scenario, st, out);
        CHECK(ok);
    }
    report("children: sticky, visible devices, capacity, peer access");
}

/* UUIDs: differ between devices, the same in another process that sees
 * the same physical device under another ordinal (child visible-1). */
static void print_uuid(int ordinal)
{
    struct cudaDeviceProp p;
    if (cudaGetDeviceProperties(&p, ordinal) != cudaSuccess)
        return;
    printf("uuid");
    for (int i = 0; i < 16; i++)
        printf("%02x", (unsigned char)p.uuid.bytes[i]);
    printf(" %s\n", p.name);
}

static void test_uuids(void)
{
    struct cudaDeviceProp p0, p1;
    char out[4096], want[64];
    int count = -1;
    CHECK(cudaGetDeviceCount(&count) == 0 && count == 2);
    CHECK(cudaGetDeviceProperties(&p0, 0) == 0 && cudaGetDeviceProperties(&p1, 1) == 0);
    CHECK(memcmp(&p0.uuid, &p1.uuid, sizeof p0.uuid) != 0);
    CHECK(p0.totalGlobalMem == (size_t)2 << 30 && p0.pciBusID != p1.pciBusID);
    CHECK(cudaGetDeviceProperties(&p0, 2) == cudaErrorInvalidDevice);
    CHECK(cudaSetDevice(2) == cudaErrorInvalidDevice);
    (void)cudaGetLastError();
    int n = snprintf(want, sizeof want, "uuid");
    for (int i = 0; i < 16; i++)
        n += snprintf(want + n, sizeof want - (size_t)n, "%02x", (unsigned char)p1.uuid.bytes[i]);
    const char *args[] = { "--child", "uuid-0", NULL };
    const char *env[] = { "CUDA_VISIBLE_DEVICES=1", NULL };
    spawn_self(args, env, out, sizeof out);
    CHECK(strstr(out, want) != NULL);
    report("UUIDs: per physical device, the same across processes");
}

static void *sync_in_thread(void *s)
{
    static cudaError_t err;
    double t0 = now();
    err = cudaStreamSynchronize(s);
    printf("  a thread blocked in cudaStreamSynchronize got %s after %.3f s\n",
           cudaGetErrorName(err), now() - t0);
    return &err;
}

/* CUDA_STANDIN_FAIL=0:3: the third copy on device 0 fails. */
static int child_sticky(void)
{
    static int gate, ran;
    cudaStream_t s = new_stream(), s1;
    cudaEvent_t e;
    double *pinned, *d;
    pthread_t t;
    void *terr;
    cublasHandle_t h;
    const double one = 1;
    CHECK(cudaMallocHost((void **)&pinned, 64 * sizeof(double)) == 0);
    CHECK(cudaMalloc((void **)&d, 64 * sizeof(double)) == 0);
    CHECK(cudaEventCreate(&e) == 0 && cublasCreate(&h) == 0 && cublasSetStream(h, s) == 0);
    CHECK(cudaLaunchHostFunc(s, standin_test_gate, &gate) == 0);
    for (int i = 0; i < 5; i++)
        CHECK(cudaMemcpyAsync(d + i, pinned + i, sizeof(double), cudaMemcpyHostToDevice, s) == 0);
    CHECK(cudaLaunchHostFunc(s, append, &ran) == 0);
    CHECK(cudaEventRecord(e, s) == 0);
    CHECK(pthread_create(&t, NULL, sync_in_thread, s) == 0);
    usleep(20000);
    standin_test_open_gate(&gate);
    double t0 = now();
    CHECK(cudaEventSynchronize(e) == cudaErrorIllegalAddress);
    CHECK(now() - t0 < 1.0);
    pthread_join(t, &terr);
    CHECK(*(cudaError_t *)terr == cudaErrorIllegalAddress);
    usleep(50000);
    CHECK(ran == 0);   /* the queued host function never runs */
    CHECK(cudaEventQuery(e) == cudaErrorIllegalAddress);
    CHECK(cudaStreamSynchronize(s) == cudaErrorIllegalAddress);
    CHECK(cudaStreamQuery(s) == cudaErrorIllegalAddress);
    CHECK(cudaGetLastError() == cudaErrorIllegalAddress);
    CHECK(cudaGetLastError() == cudaErrorIllegalAddress);   /* sticky: not cleared */
    CHECK(cudaPeekAtLastError() == cudaErrorIllegalAddress);
    void *p = NULL;
    CHECK(cudaMalloc(&p, 8) == cudaErrorIllegalAddress);
    CHECK(cudaMemcpyAsync(d, pinned, 8, cudaMemcpyHostToDevice, s) == cudaErrorIllegalAddress);
    CHECK(cublasDgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2, &one, d, 2, d + 4, 2, &one, d + 8,
                      2) == CUBLAS_STATUS_EXECUTION_FAILED);
    /* device 1 still works */
    CHECK(cudaSetDevice(1) == cudaSuccess);
    (void)cudaGetLastError();   /* the thread's last error, once */
    CHECK(cudaGetLastError() == cudaSuccess);
    s1 = new_stream();
    CHECK(cudaMalloc((void **)&d, 8) == 0);
    CHECK(cudaMemcpyAsync(d, pinned, 8, cudaMemcpyHostToDevice, s1) == 0);
    CHECK(cudaStreamSynchronize(s1) == 0 && cudaStreamDestroy(s1) == 0);
    CHECK(cudaSetDevice(0) == cudaErrorIllegalAddress);
    printf("sticky: %d checks failed\n", row_failures);
    return row_failures;
}

static int child_visible(const char *which)
{
    int count = -1;
    cudaError_t err = cudaGetDeviceCount(&count);
    printf("%s: %s, %d device(s)\n", which, cudaGetErrorName(err), count);
    for (int i = 0; i < count; i++)
        print_uuid(i);
    if (!strcmp(which, "visible-none")) {
        void *p = NULL;
        return !(err == cudaErrorNoDevice && count == 0 &&
                 cudaMalloc(&p, 8) == cudaErrorNoDevice);
    }
    if (!strcmp(which, "visible-1") || !strcmp(which, "visible-cut"))
        return !(err == 0 && count == 1);
    if (!strcmp(which, "visible-2,0")) {
        struct cudaDeviceProp p;
        return !(count == 2 && cudaGetDeviceProperties(&p, 0) == 0 &&
                 !strcmp(p.name, "cuda-standin 2"));
    }
    return 1;
}

static int child_capacity(void)
{
    void *p = NULL, *q = NULL;
    size_t free_bytes, total;
    CHECK(cudaMemGetInfo(&free_bytes, &total) == 0 && total == 1 << 20);
    CHECK(cudaMalloc(&p, 512 << 10) == 0);
    CHECK(cudaMalloc(&q, 600 << 10) == cudaErrorMemoryAllocation);
    CHECK(cudaFree(p) == 0 && cudaMalloc(&q, 600 << 10) == 0);
    return row_failures;
}

/* CUDA_STANDIN_PEER=0:1: device 0 can access device 1's memory, not the
 * other way; access enabled and disabled with CUDA's errors (not sticky,
 * each the thread's last error), then a copy from 1 to 0 between peers. */
static int child_peer(void)
{
    double want[64], got[64], *d0, *d1;
    int can = -1;
    for (int i = 0; i < 64; i++)
        want[i] = 0.5 * i;
    CHECK(cudaDeviceCanAccessPeer(&can, 0, 1) == 0 && can == 1);
    CHECK(cudaDeviceCanAccessPeer(&can, 1, 0) == 0 && can == 0);
    CHECK(cudaDeviceCanAccessPeer(&can, 0, 0) == 0 && can == 0);
    CHECK(cudaDeviceCanAccessPeer(&can, 0, 2) == cudaErrorInvalidDevice);
    CHECK(cudaGetLastError() == cudaErrorInvalidDevice && cudaGetLastError() == cudaSuccess);
    CHECK(cudaSetDevice(1) == 0 && cudaMalloc((void **)&d1, sizeof want) == 0);
    CHECK(cudaMemcpy(d1, want, sizeof want, cudaMemcpyHostToDevice) == 0);
    CHECK(cudaDeviceEnablePeerAccess(0, 0) == cudaErrorPeerAccessUnsupported);
    CHECK(cudaGetLastError() == cudaErrorPeerAccessUnsupported);
    CHECK(cudaDeviceDisablePeerAccess(0) == cudaErrorPeerAccessNotEnabled);
    CHECK(cudaSetDevice(0) == 0 && cudaGetLastError() == cudaErrorPeerAccessNotEnabled);
    CHECK(cudaDeviceEnablePeerAccess(1, 1) == cudaErrorInvalidValue);
    CHECK(cudaDeviceEnablePeerAccess(0, 0) == cudaErrorInvalidDevice);
    CHECK(cudaDeviceEnablePeerAccess(1, 0) == cudaSuccess);
    CHECK(cudaDeviceEnablePeerAccess(1, 0) == cudaErrorPeerAccessAlreadyEnabled);
    CHECK(cudaPeekAtLastError() == cudaErrorPeerAccessAlreadyEnabled);
    CHECK(cudaGetLastError() == cudaErrorPeerAccessAlreadyEnabled);
    CHECK(cudaGetLastError() == cudaSuccess);
    cudaStream_t s0 = new_stream();
    CHECK(cudaMalloc((void **)&d0, sizeof want) == 0);
    CHECK(cudaMemcpyPeerAsync(d0, 0, d1, 1, sizeof want, s0) == 0);
    CHECK(cudaStreamSynchronize(s0) == 0);
    CHECK(cudaMemcpy(got, d0, sizeof got, cudaMemcpyDeviceToHost) == 0);
    CHECK(memcmp(want, got, sizeof got) == 0);
    CHECK(cudaMemcpyPeerAsync(d0, 0, d1, 2, 8, s0) == cudaErrorInvalidDevice);
    CHECK(cudaDeviceDisablePeerAccess(1) == cudaSuccess);
    CHECK(cudaDeviceDisablePeerAccess(1) == cudaErrorPeerAccessNotEnabled);
    CHECK(cudaGetLastError() == cudaErrorPeerAccessNotEnabled && cudaGetLastError() == 0);
    CHECK(cudaFree(d0) == 0 && cudaStreamDestroy(s0) == 0);
    printf("peer: %d checks failed\n", row_failures);
    return row_failures;
}

int standin_test_child(const char *scenario)
{
    if (!strcmp(scenario, "peer"))
        return child_peer();
    if (!strcmp(scenario, "sticky"))
        return child_sticky();
    if (!strncmp(scenario, "visible", 7))
        return child_visible(scenario);
    if (!strcmp(scenario, "capacity-1m"))
        return child_capacity();
    if (!strcmp(scenario, "uuid-0")) {
        print_uuid(0);
        return 0;
    }
    return 99;
}

/* --hold SECONDS: another process of the node holding GPU 0 (its
 * context, in exclusive-process mode) for at most SECONDS, as a second job
 * on a shared node would (testing/cuda_exclusive_np1.sh). */
static int hold_device(int seconds)
{
    if (cudaSetDevice(0) != cudaSuccess || cudaFree(NULL) != cudaSuccess) {
        printf("cannot hold GPU 0: %s\n", cudaGetErrorString(cudaGetLastError()));
        return 1;
    }
    printf("holding GPU 0\n");
    sleep((unsigned)(seconds > 0 ? seconds : 1));
    return 0;
}

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc == 3 && !strcmp(argv[1], "--rule"))
        standin_test_rule(argv[2]);
    if (argc == 3 && !strcmp(argv[1], "--child"))
        return standin_test_child(argv[2]);
    if (argc == 3 && !strcmp(argv[1], "--hold"))
        return hold_device(atoi(argv[2]));
    double t0 = now();
    test_uuids();
    test_capacity();
    test_stream_order();
    test_cross_stream(0);
    test_cross_stream(1);
    test_events();
    test_pageable_pinned();
    test_cublas();
    test_rules();
    test_children();
    printf("%d passed, %d failed (%.1f s)\n", passed, failed, now() - t0);
    return failed > 99 ? 99 : failed;
}
