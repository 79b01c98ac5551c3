/* A CUDA GPU: cudaMalloc'd buffers, cudaMemcpy2DAsync on non-blocking
 * in/out/compute streams and an urgent one of the GPU's greatest
 * priority, cudaMemcpyPeerAsync from the rank's other GPUs
 * that are its peers, cudaEvents, cuBLAS (and cuSOLVER's row
 * interchanges, Cholesky, LU and QR factors, and the block reflector's
 * triangular factor) on the stream of the call.
 * Every operation selects the GPU first and, on a thread of the
 * application, selects the application's device again before returning
 * (the runtime's own threads keep theirs: selecting a device the thread
 * never used would create a context on it). */
#include "config.h"

#ifdef HETSCAL_HAVE_CUDA
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <cusolverDn.h>

#include "device/backends.h"
#include "device/cuda/cuda_completions.h"
#include "device/cuda/cuda_libs.h"
#include "device/cuda/cuda_rows.h"
#include "include/hetscal.h"
#include "util/precision.h"

/* What the kernels of one kernel stream keep, so that the compute, urgent
 * and driver streams never share it and stream order alone keeps one
 * call's use from the next's. */
enum { CUDA_LANES = 3 };

static int lane_of(int stream)
{
    return stream == HS_STREAM_URGENT ? 1 : stream == HS_STREAM_DRIVER ? 2 : 0;
}

typedef struct cuda_lane {
    cudaStream_t stream;
    /* Handles of the lane's own: cuBLAS's default workspace and
     * cuSOLVER's state are the handle's, which two streams running at
     * once must not share. */
    cublasHandle_t blas;
    cusolverDnHandle_t solver;
    /* The factorizations' scratch (HS_K_POTRF, HS_K_GETRF, HS_K_GEQRF,
     * HS_K_ORMQR, HS_K_LARFT, and HS_K_ROWS's stage): cuSOLVER's devInfo
     * and workspace on the GPU, and pinned host memory that devInfo and
     * the factor's diagonal are copied back to, with a zero word that is
     * never written. */
    void *scratch;
    size_t scratch_bytes;
    void *stage;
    size_t stage_bytes;
    /* cusolverDnXlarft's host workspace, when it asks for one (grown as
     * the scratch is, once the streams are idle). */
    void *host_work;
    size_t host_work_bytes;
    hs_cuda_rows rows;           /* HS_K_ROWS's pointer slots */
} cuda_lane;

/* The lane of the kernel the calling thread is enqueueing (set by
 * run_blas): the management thread issues on the compute streams while a
 * driver thread issues on the driver stream, each its own lane. */
static _Thread_local cuda_lane *cur_lane;

typedef struct cuda_dev {
    hs_device dev;
    int ordinal;
    cudaStream_t stream[HS_NSTREAMS];
    cusolverDnParams_t params;   /* the 64-bit API's (cusolverDnXlarft) */
    /* The kernel streams' own (0 the compute stream, 1 the urgent one,
     * 2 the driver stream, lane_of). */
    cuda_lane lane[CUDA_LANES];
    /* Pinned ones of each precision, the diagonal HS_K_LARFT copies into
     * r: filled once when allocated, never written while a copy may read
     * them (regrown as the scratch is). */
    void *ones[HS_NPRECS];
    int ones_count[HS_NPRECS];
    /* By the other GPU's CUDA ordinal (hs_cuda_devices_link): peer[o]
     * when access is enabled both ways between this GPU and o (ops->peer);
     * holds[o] when this GPU's access to o's memory is counted in
     * peer_link, to be released at close. */
    unsigned char peer[HS_MAX_ACCELERATORS];
    unsigned char holds[HS_MAX_ACCELERATORS];
    hs_cuda_completions *done;   /* ops->callback's waiters */
} cuda_dev;

static cuda_dev *as_cuda(hs_device *dev)
{
    return dev->impl;
}

static cudaEvent_t as_event(hs_event *ev)
{
    return (cudaEvent_t)(void *)ev;
}

static int failed(hs_device *dev, const char *call, const char *why)
{
    fprintf(stderr, "hetscal %s: %s: %s\n", dev->name, call, why);
    return HETSCAL_ERR_DEVICE;
}

static int check(hs_device *dev, cudaError_t err, const char *call)
{
    return err == cudaSuccess ? 0 : failed(dev, call, cudaGetErrorString(err));
}

static int check_blas(hs_device *dev, cublasStatus_t st, const char *call)
{
    return st == CUBLAS_STATUS_SUCCESS ? 0 : failed(dev, call, HS_CU(cublasGetStatusString)(st));
}

/* cuSOLVER has no status strings: its enum's number. */
static int check_solver(hs_device *dev, cusolverStatus_t st, const char *call)
{
    char why[32];
    snprintf(why, sizeof why, "cusolverStatus_t %d", (int)st);
    return st == CUSOLVER_STATUS_SUCCESS ? 0 : failed(dev, call, why);
}

/* The device the calling application thread had selected when an
 * operation entered (-1: none to restore, the thread is the runtime's or
 * already had this GPU). */
static _Thread_local int app_device = -1;

/* Selects the GPU and checks the stream id; leave() must follow. */
/* GPU `ordinal` current on the calling thread; an application thread's
 * own device is remembered for leave() (the first one only, when one
 * operation selects several GPUs in turn: hs_cuda_devices_link). */
static cudaError_t switch_to(int ordinal)
{
    int current = -1;
    if (cudaGetDevice(&current) != cudaSuccess)
        current = -1;
    if (current == ordinal)
        return cudaSuccess;
    if (!hs_device_runtime_thread() && app_device < 0)
        app_device = current;
    return cudaSetDevice(ordinal);
}

static int enter(hs_device *dev, int stream)
{
    app_device = -1;
    if (stream < 0 || stream >= dev->nstreams)
        return HETSCAL_ERR_DEVICE;
    return check(dev, switch_to(as_cuda(dev)->ordinal), "cudaSetDevice");
}

/* Gives the application thread its device back; passes err through. */
static int leave(int err)
{
    if (app_device >= 0)
        (void)cudaSetDevice(app_device);
    app_device = -1;
    return err;
}

static int cuda_synchronize(hs_device *dev)
{
    int err = enter(dev, 0);
    for (int i = 0; i < HS_NSTREAMS && !err; i++)
        err = check(dev, cudaStreamSynchronize(as_cuda(dev)->stream[i]),
                    "cudaStreamSynchronize");
    /* Idle includes the callbacks, as with host functions on the streams. */
    if (!err)
        hs_cuda_completions_drain(as_cuda(dev)->done);
    return leave(err);
}

/* A sticky error (illegal address, Xid, ECC) ends the context: every call
 * returns it from then on, and the host functions queued on the streams
 * never run. */
static int cuda_health(hs_device *dev)
{
    int err = enter(dev, 0);
    if (!err)
        err = check(dev, hs_cuda_completions_error(as_cuda(dev)->done), "cudaEventSynchronize");
    for (int i = 0; i < HS_NSTREAMS && !err; i++) {
        cudaError_t st = cudaStreamQuery(as_cuda(dev)->stream[i]);
        if (st != cudaSuccess && st != cudaErrorNotReady)
            err = check(dev, st, "cudaStreamQuery");
    }
    return leave(err);
}

/* fn on each stream that c has created, quietly (for cuda_close). */
static void each_stream(cuda_dev *c, cudaError_t (*fn)(cudaStream_t))
{
    for (int i = 0; i < HS_NSTREAMS; i++)
        if (c->stream[i])
            (void)fn(c->stream[i]);
}

/* Peer access between the process's GPUs, by CUDA ordinal (accessor,
 * owner of the memory).  CUDA's is one per context, shared by every
 * session that opens the pair (concurrent calls): enabled by the first,
 * counted, disabled by the last to close when we enabled it; access the
 * application had enabled (cudaErrorPeerAccessAlreadyEnabled) is its
 * own and stays. */
static pthread_mutex_t peer_lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
    int users;   /* open devices that rely on it */
    int ours;
} peer_link[HS_MAX_ACCELERATORS][HS_MAX_ACCELERATORS];

/* Access from GPU a, current on the calling thread, to b's memory,
 * counted: 1, or 0 where CUDA refuses it (then nothing is counted, and
 * its error, not sticky, is cleared).  peer_lock held. */
static int peer_acquire(int a, int b)
{
    if (peer_link[a][b].users > 0) {
        peer_link[a][b].users++;
        return 1;
    }
    cudaError_t err = cudaDeviceEnablePeerAccess(b, 0);
    if (err != cudaSuccess)
        (void)cudaGetLastError();
    if (err != cudaSuccess && err != cudaErrorPeerAccessAlreadyEnabled)
        return 0;
    peer_link[a][b].users = 1;
    peer_link[a][b].ours = err == cudaSuccess;
    return 1;
}

/* The count peer_acquire took, with GPU a current on the calling thread
 * when `selected` (else it is not, and CUDA is not called: the GPU is
 * broken or cannot be selected).  Quietly: a failure helps no one at
 * close.  peer_lock held. */
static void peer_release(int a, int b, int selected)
{
    if (peer_link[a][b].users <= 0 || --peer_link[a][b].users > 0)
        return;
    if (peer_link[a][b].ours && selected && cudaDeviceDisablePeerAccess(b) != cudaSuccess)
        (void)cudaGetLastError();
    peer_link[a][b].ours = 0;
}

static int ordinal_ok(int ordinal)
{
    return ordinal >= 0 && ordinal < HS_MAX_ACCELERATORS;
}

/* switch_to(ordinal): 1, or 0 with its error (not sticky) cleared. */
static int selected_gpu(int ordinal)
{
    if (switch_to(ordinal) == cudaSuccess)
        return 1;
    (void)cudaGetLastError();
    return 0;
}

/* Whether a and b can copy from each other directly: CUDA says they can
 * both ways and access is enabled both ways (counted; a one-way success
 * is given back).  peer_lock held; leave() follows. */
static int peer_pair_link(cuda_dev *a, cuda_dev *b)
{
    int x = a->ordinal, y = b->ordinal, ab = 0, ba = 0;
    if (!ordinal_ok(x) || !ordinal_ok(y) || x == y || a->peer[y])
        return 0;
    if (cudaDeviceCanAccessPeer(&ab, x, y) != cudaSuccess ||
        cudaDeviceCanAccessPeer(&ba, y, x) != cudaSuccess) {
        (void)cudaGetLastError();
        return 0;
    }
    if (!ab || !ba)
        return 0;
    ab = selected_gpu(x) && peer_acquire(x, y);
    ba = selected_gpu(y) && peer_acquire(y, x);
    if (ab && ba) {
        a->holds[y] = b->holds[x] = 1;
        a->peer[y] = b->peer[x] = 1;
        return 1;
    }
    if (ba)
        peer_release(y, x, 1);   /* y is current */
    if (ab)
        peer_release(x, y, selected_gpu(x));
    return 0;
}

int hs_cuda_devices_link(hs_device **devs, int n)
{
    int pairs = 0;
    app_device = -1;
    pthread_mutex_lock(&peer_lock);
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (devs[i] && devs[j] && devs[i]->kind == HS_DEV_CUDA &&
                devs[j]->kind == HS_DEV_CUDA)
                pairs += peer_pair_link(as_cuda(devs[i]), as_cuda(devs[j]));
    pthread_mutex_unlock(&peer_lock);
    return leave(pairs);
}

/* At close: the counts c holds given back (selected: c's GPU is current,
 * its streams idle), so that the last user disables what we enabled. */
static void peer_unlink(cuda_dev *c, int selected)
{
    pthread_mutex_lock(&peer_lock);
    for (int o = 0; o < HS_MAX_ACCELERATORS; o++) {
        if (c->holds[o])
            peer_release(c->ordinal, o, selected);
        c->holds[o] = c->peer[o] = 0;
    }
    pthread_mutex_unlock(&peer_lock);
}

static int cuda_peer(hs_device *dst, hs_device *src)
{
    if (!dst || !src || dst->kind != HS_DEV_CUDA || src->kind != HS_DEV_CUDA)
        return 0;
    cuda_dev *d = as_cuda(dst), *s = as_cuda(src);
    return ordinal_ok(d->ordinal) && ordinal_ok(s->ordinal) && d->peer[s->ordinal] &&
           s->peer[d->ordinal];
}

/* On dst's stream, as cuda_copy; only between peers (direct, never
 * staged through the host behind the runtime's back). */
static int cuda_peer_copy(hs_device *dst, int stream, hs_device *src, const void *srcp,
                          void *dstp, size_t bytes)
{
    if (!cuda_peer(dst, src))
        return failed(dst, "peer_copy", "the source GPU is not a peer of this one");
    if (bytes > 0 && (!srcp || !dstp))
        return HETSCAL_ERR_DEVICE;
    int err = enter(dst, stream);
    if (err || bytes == 0)
        return leave(err);
    return leave(check(dst, cudaMemcpyPeerAsync(dstp, as_cuda(dst)->ordinal, srcp,
                                                as_cuda(src)->ordinal, bytes,
                                                as_cuda(dst)->stream[stream]),
                       "cudaMemcpyPeerAsync"));
}

static void cuda_close(hs_device *dev)
{
    cuda_dev *c = as_cuda(dev);   /* quietly: errors here help no one */
    int selected = !enter(dev, 0);
    if (selected)
        each_stream(c, cudaStreamSynchronize);
    hs_cuda_completions_free(c->done);
    /* Peer access after the copies that used it, before the context's
     * state goes. */
    peer_unlink(c, selected);
    if (selected) {
        /* The handles first: they may still be set to one of the streams. */
        for (int l = 0; l < CUDA_LANES; l++) {
            if (c->lane[l].blas)
                HS_CU(cublasDestroy)(c->lane[l].blas);
            if (c->lane[l].solver)
                HS_CU(cusolverDnDestroy)(c->lane[l].solver);
        }
        if (c->params)
            HS_CU(cusolverDnDestroyParams)(c->params);
        each_stream(c, cudaStreamDestroy);
        for (int l = 0; l < CUDA_LANES; l++) {
            if (c->lane[l].scratch)
                cudaFree(c->lane[l].scratch);
            if (c->lane[l].stage)
                cudaFreeHost(c->lane[l].stage);
            hs_cuda_rows_free(&c->lane[l].rows);
        }
        for (int p = 0; p < HS_NPRECS; p++)
            if (c->ones[p])
                cudaFreeHost(c->ones[p]);
    }
    for (int l = 0; l < CUDA_LANES; l++)
        free(c->lane[l].host_work);
    (void)cudaGetLastError();
    leave(0);
    free(c);
}

static void *cuda_alloc(hs_device *dev, size_t bytes)
{
    void *p = NULL;
    if (enter(dev, 0) || cudaMalloc(&p, bytes ? bytes : 1) != cudaSuccess) {
        (void)cudaGetLastError();   /* out of memory is not sticky */
        p = NULL;
    }
    leave(0);
    return p;
}

static int cuda_free(hs_device *dev, void *ptr)
{
    int err = enter(dev, 0);
    return leave(err ? err : check(dev, cudaFree(ptr), "cudaFree"));
}

static void *cuda_host_alloc(hs_device *dev, size_t bytes)
{
    void *p = NULL;
    if (enter(dev, 0) || cudaHostAlloc(&p, bytes ? bytes : 1, cudaHostAllocPortable)
                             != cudaSuccess) {
        (void)cudaGetLastError();
        p = NULL;
    }
    leave(0);
    return p;
}

static void cuda_host_free(hs_device *dev, void *ptr)
{
    if (ptr && !enter(dev, 0))
        check(dev, cudaFreeHost(ptr), "cudaFreeHost");
    leave(0);
}

/* The GPU that pinned each pinned block: unpinning there needs no new
 * context (on a thread that has none, CUDA would create one on GPU 0,
 * which may be another rank's).  A few blocks at most (one per kept use). */
enum { MAX_PINNED = 16 };
static pthread_mutex_t pinned_lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
    void *p;
    int ordinal;
} pinned[MAX_PINNED];

static int cuda_host_pin(hs_device *dev, void *p, size_t bytes)
{
    int slot = -1;
    pthread_mutex_lock(&pinned_lock);
    for (int k = 0; k < MAX_PINNED && slot < 0; k++)
        if (!pinned[k].p) {
            slot = k;
            pinned[k].p = p;
            pinned[k].ordinal = as_cuda(dev)->ordinal;
        }
    pthread_mutex_unlock(&pinned_lock);
    if (slot < 0)
        return HETSCAL_ERR_NOMEM;   /* the block stays pageable */
    int err = enter(dev, 0);
    if (!err && cudaHostRegister(p, bytes, cudaHostRegisterPortable) != cudaSuccess) {
        (void)cudaGetLastError();   /* refused (locked-memory limit): not sticky */
        err = HETSCAL_ERR_NOMEM;
    }
    if (err) {
        pthread_mutex_lock(&pinned_lock);
        pinned[slot].p = NULL;
        pthread_mutex_unlock(&pinned_lock);
    }
    return leave(err);
}

/* On the GPU that pinned p, the calling thread's device given back.
 * Quietly: a device broken for good refuses, and the memory is unmapped
 * next anyway. */
static void cuda_host_unpin(void *p)
{
    int ordinal = -1;
    pthread_mutex_lock(&pinned_lock);
    for (int k = 0; k < MAX_PINNED; k++)
        if (pinned[k].p == p) {
            ordinal = pinned[k].ordinal;
            pinned[k].p = NULL;
        }
    pthread_mutex_unlock(&pinned_lock);
    app_device = -1;
    if (ordinal >= 0)
        (void)switch_to(ordinal);   /* refused: unregistered from where it is */
    if (cudaHostUnregister(p) != cudaSuccess)
        (void)cudaGetLastError();
    (void)leave(0);
}

static int cuda_copy(hs_device *dev, int stream, int dir, int m, int n, int esize,
                     const void *src, int lds, void *dst, int ldd)
{
    static const enum cudaMemcpyKind kind[] = { cudaMemcpyHostToDevice,
                                                cudaMemcpyDeviceToHost,
                                                cudaMemcpyDeviceToDevice };
    size_t es = (size_t)esize;
    int err = hs_copy_check(dir, m, n, esize, src, lds, dst, ldd);
    if (err)
        return err;
    if ((err = enter(dev, stream)) || m == 0 || n == 0)
        return leave(err);
    /* A whole tile (the runtime's copies) in one piece: cudaMemcpy2D takes
     * pitches up to cudaDevAttrMaxPitch only (2^31 - 1 bytes: a tile of
     * more than 2^28 rows). */
    if (lds == m && ldd == m)
        return leave(check(dev, cudaMemcpyAsync(dst, src,
                                                (size_t)m * (size_t)n * es,
                                                kind[dir], as_cuda(dev)->stream[stream]),
                           "cudaMemcpyAsync"));
    return leave(check(dev, cudaMemcpy2DAsync(dst, (size_t)ldd * es, src, (size_t)lds * es,
                                              (size_t)m * es, (size_t)n,
                                              kind[dir], as_cuda(dev)->stream[stream]),
                       "cudaMemcpy2DAsync"));
}

/* 'C' is the transpose of a real matrix. */
static cublasOperation_t op_of(char t, int complex_type)
{
    if (t == 'N' || t == 'n')
        return CUBLAS_OP_N;
    return complex_type && (t == 'C' || t == 'c') ? CUBLAS_OP_C : CUBLAS_OP_T;
}

static cublasFillMode_t fill_of(char u)
{
    return u == 'U' || u == 'u' ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
}

static cublasSideMode_t side_of(char c)
{
    return c == 'L' || c == 'l' ? CUBLAS_SIDE_LEFT : CUBLAS_SIDE_RIGHT;
}

static cublasDiagType_t diag_of(char d)
{
    return d == 'U' || d == 'u' ? CUBLAS_DIAG_UNIT : CUBLAS_DIAG_NON_UNIT;
}

/* ---- the factorizations' scratch and results (HS_K_POTRF, HS_K_GETRF,
 * HS_K_GEQRF, HS_K_ORMQR, HS_K_LARFT) */

/* devInfo first, the workspace from this offset (cuSOLVER wants aligned
 * workspaces; cudaMalloc's alignment is 256).  The stage: devInfo's copy,
 * then a zero int (the INFO of an empty factorization), the diagonal from
 * STAGE_INFO_BYTES. */
enum { SCRATCH_INFO_BYTES = 256, STAGE_INFO_BYTES = 16, STAGE_ZERO = 4 };

/* Every operation already enqueued on the GPU finished: before a kept
 * buffer that one of them may still use is regrown. */
static int idle_streams(hs_device *dev)
{
    cuda_dev *c = as_cuda(dev);
    for (int i = 0; i < HS_NSTREAMS; i++) {
        int err = check(dev, cudaStreamSynchronize(c->stream[i]), "cudaStreamSynchronize");
        if (err)
            return err;
    }
    return 0;
}

/* The scratch regrown to at least `bytes` (device) and `stage` (pinned
 * host), once the streams are idle.  Rare: the buffers only grow, to the
 * largest panel's needs. */
static int scratch_reserve(hs_device *dev, size_t bytes, size_t stage)
{
    cuda_lane *l = cur_lane;
    if (bytes <= l->scratch_bytes && stage <= l->stage_bytes)
        return 0;
    int err = idle_streams(dev);
    if (err)
        return err;
    if (bytes > l->scratch_bytes) {
        if (l->scratch && cudaFree(l->scratch) != cudaSuccess)
            return check(dev, cudaGetLastError(), "cudaFree");
        l->scratch = NULL;
        l->scratch_bytes = 0;
        if (cudaMalloc(&l->scratch, bytes) != cudaSuccess) {
            (void)cudaGetLastError();   /* out of memory is not sticky */
            l->scratch = NULL;
            return HETSCAL_ERR_NOMEM;
        }
        l->scratch_bytes = bytes;
    }
    if (stage > l->stage_bytes) {
        if (l->stage && cudaFreeHost(l->stage) != cudaSuccess)
            return check(dev, cudaGetLastError(), "cudaFreeHost");
        l->stage = NULL;
        l->stage_bytes = 0;
        if (cudaHostAlloc(&l->stage, stage, cudaHostAllocPortable) != cudaSuccess) {
            (void)cudaGetLastError();
            l->stage = NULL;
            return HETSCAL_ERR_NOMEM;
        }
        memset(l->stage, 0, stage);
        l->stage_bytes = stage;
    }
    return 0;
}

/* The scratch for a cuSOLVER call: devInfo, `before` bytes of the call's
 * own (aligned pieces), then its workspace of lwork values. */
static int scratch_reserve_work(hs_device *dev, size_t before, int lwork, size_t esize)
{
    return scratch_reserve(dev, SCRATCH_INFO_BYTES + before +
                                    (size_t)(lwork > 0 ? lwork : 1) * esize,
                           STAGE_INFO_BYTES);
}

/* A size rounded up to cuSOLVER's alignment for the pieces of the
 * scratch (cudaMalloc gives 256). */
static size_t scratch_aligned(size_t bytes)
{
    return (bytes + 255) / 256 * 256;
}

/* cusolverDnXlarft's host workspace of at least `bytes`, regrown as the
 * scratch is (cuSOLVER may use it until the call has run). */
static int host_work_reserve(hs_device *dev, size_t bytes)
{
    cuda_lane *l = cur_lane;
    if (bytes <= l->host_work_bytes)
        return 0;
    int err = idle_streams(dev);
    if (err)
        return err;
    free(l->host_work);
    l->host_work_bytes = 0;
    if (!(l->host_work = malloc(bytes)))
        return HETSCAL_ERR_NOMEM;
    l->host_work_bytes = bytes;
    return 0;
}

/* At least n pinned ones of precision prec (HS_K_LARFT's diagonal of r),
 * regrown as the scratch is: a copy may still read the old ones. */
static int ones_reserve(hs_device *dev, int prec, int n)
{
    cuda_dev *c = as_cuda(dev);
    if (n <= c->ones_count[prec])
        return 0;
    int err = idle_streams(dev);
    if (err)
        return err;
    if (c->ones[prec] && cudaFreeHost(c->ones[prec]) != cudaSuccess)
        return check(dev, cudaGetLastError(), "cudaFreeHost");
    c->ones[prec] = NULL;
    c->ones_count[prec] = 0;
    size_t esize = hs_prec_bytes(prec);
    if (cudaHostAlloc(&c->ones[prec], (size_t)n * esize, cudaHostAllocPortable) != cudaSuccess) {
        (void)cudaGetLastError();
        c->ones[prec] = NULL;
        return HETSCAL_ERR_NOMEM;
    }
    for (int i = 0; i < n; i++)
        hs_prec_store_real(prec, (char *)c->ones[prec] + (size_t)i * esize, 1.0);
    c->ones_count[prec] = n;
    return 0;
}

/* What the host function that ends a factorization reads. */
typedef struct potrf_result {
    int *info;            /* the caller's (hs_kernel_call.info) */
    const int *dev_info;  /* cuSOLVER's, copied to the stage */
    const void *diag;     /* the factor's diagonal, copied to the stage */
    int n, prec;
} potrf_result;

/* On CUDA's host-function thread, after the copies: no CUDA call. */
static void potrf_reported(void *arg)
{
    potrf_result *r = arg;
    int info = *r->dev_info;
    *r->info = hs_first_bad_pivot(r->prec, info, r->diag, 1, r->n);
    free(r);
}

/* After cuSOLVER's ?potrf of k->c on its compute stream: devInfo and the
 * diagonal back to the stage, then the host function that writes
 * *k->info (the diagonal's check catches the NaN pivots that ?potrf's
 * `<= 0` test lets through). */
static int potrf_report(hs_device *dev, const hs_kernel_call *k, size_t esize)
{
    cuda_lane *l = cur_lane;
    cudaStream_t s = l->stream;
    potrf_result *r = malloc(sizeof *r);
    if (!r)
        return HETSCAL_ERR_NOMEM;
    *r = (potrf_result){ .info = k->info, .dev_info = l->stage,
                         .diag = (char *)l->stage + STAGE_INFO_BYTES, .n = k->n,
                         .prec = k->prec };
    int err = check(dev, cudaMemcpyAsync(l->stage, l->scratch, sizeof(int),
                                         cudaMemcpyDeviceToHost, s),
                    "cudaMemcpyAsync");
    if (!err)
        err = check(dev, cudaMemcpy2DAsync((char *)l->stage + STAGE_INFO_BYTES, esize, k->c,
                                           ((size_t)k->ldc + 1) * esize, esize, (size_t)k->n,
                                           cudaMemcpyDeviceToHost, s),
                    "cudaMemcpy2DAsync");
    if (!err)
        err = check(dev, cudaLaunchHostFunc(s, potrf_reported, r), "cudaLaunchHostFunc");
    if (err)
        free(r);
    return err;
}

/* HS_K_ROWS, staged in its compute stream's scratch when a destination
 * row is also a source. */
static int run_rows(hs_device *dev, cublasHandle_t h, const hs_kernel_call *k)
{
    hs_cuda_rows_error e = { 0 };
    cuda_lane *l = cur_lane;
    int staged = hs_kernel_rows_scan(k);
    if (staged < 0)
        return staged;
    int err = staged ? scratch_reserve(dev, SCRATCH_INFO_BYTES + (size_t)k->m * (size_t)k->n *
                                                                     hs_prec_bytes(k->prec),
                                       STAGE_INFO_BYTES)
                     : 0;
    if (err)
        return err;
    err = hs_cuda_rows_run(&l->rows, h, k, staged ? (char *)l->scratch + SCRATCH_INFO_BYTES : NULL,
                           &e);
    if (err != HETSCAL_ERR_DEVICE)
        return err;
    return e.blas ? check_blas(dev, e.status, e.call) : check(dev, e.cuda, e.call);
}

#define HS_TEMPLATE_BODY "device/cuda/cuda_blas_body.h"
#include "util/prec_instantiate.h"

static int run_blas(hs_device *dev, int stream, const hs_kernel_call *k)
{
    static int (*const run[HS_NPRECS])(hs_device *, cublasHandle_t, cusolverDnHandle_t,
                                       const hs_kernel_call *) =
        HS_PREC_INSTANCES(run_blas);
    cuda_dev *c = as_cuda(dev);
    /* The factorizations' scratch is kept in order by its compute stream. */
    int factor = k->op == HS_K_POTRF || k->op == HS_K_GETRF || k->op == HS_K_GEQRF
                 || k->op == HS_K_ORMQR || k->op == HS_K_LARFT;
    int solver = k->op == HS_K_LASWP || factor;
    int blas = !solver || k->op == HS_K_LARFT;   /* HS_K_LARFT: cuSOLVER, then ?trmm */
    if ((factor || k->op == HS_K_ROWS) && !hs_stream_computes(stream))
        return failed(dev, "a factorization or row copy", "only on a compute stream");
    cur_lane = &c->lane[lane_of(stream)];
    cuda_lane *l = cur_lane;
    int err = solver ? check_solver(dev, HS_CU(cusolverDnSetStream)(l->solver, c->stream[stream]),
                                    "cusolverDnSetStream")
                     : 0;
    if (!err && blas)
        err = check_blas(dev, HS_CU(cublasSetStream)(l->blas, c->stream[stream]),
                         "cublasSetStream");
    return err ? err : run[k->prec](dev, l->blas, l->solver, k);
}

static int cuda_kernel(hs_device *dev, int stream, const hs_kernel_call *k)
{
    int err = hs_kernel_call_check(k);
    if (err)
        return err;
    err = enter(dev, stream);
    return leave(err ? err : run_blas(dev, stream, k));
}

static int cuda_event_record(hs_device *dev, int stream, hs_event **ev)
{
    cudaEvent_t e;
    int err = enter(dev, stream);
    if (err || (err = check(dev, cudaEventCreateWithFlags(&e, cudaEventDisableTiming),
                            "cudaEventCreate")))
        return leave(err);
    if ((err = check(dev, cudaEventRecord(e, as_cuda(dev)->stream[stream]), "cudaEventRecord")))
        cudaEventDestroy(e);
    else
        *ev = (hs_event *)(void *)e;
    return leave(err);
}

static int cuda_event_query(hs_device *dev, hs_event *ev)
{
    int err = enter(dev, 0);
    if (err)
        return leave(err);
    cudaError_t st = cudaEventQuery(as_event(ev));
    if (st == cudaErrorNotReady)
        return leave(0);
    return leave(st == cudaSuccess ? 1 : check(dev, st, "cudaEventQuery"));
}

static int cuda_event_wait(hs_device *dev, hs_event *ev)
{
    int err = enter(dev, 0);
    return leave(err ? err
                     : check(dev, cudaEventSynchronize(as_event(ev)), "cudaEventSynchronize"));
}

static void cuda_event_free(hs_device *dev, hs_event *ev)
{
    if (ev && !enter(dev, 0))
        check(dev, cudaEventDestroy(as_event(ev)), "cudaEventDestroy");
    leave(0);
}

static int cuda_stream_wait(hs_device *dev, int stream, hs_event *ev)
{
    int err = enter(dev, stream);
    return leave(err ? err : check(dev, cudaStreamWaitEvent(as_cuda(dev)->stream[stream],
                                                            as_event(ev), 0),
                                   "cudaStreamWaitEvent"));
}

/* An event and the stream's waiter thread (cuda_completions.h), not a
 * host function: the stream does not wait for the host. */
static int cuda_callback(hs_device *dev, int stream, void (*fn)(void *), void *arg)
{
    int err = fn ? enter(dev, stream) : HETSCAL_ERR_DEVICE;
    cuda_dev *c = as_cuda(dev);
    return leave(err ? err : check(dev, hs_cuda_completion_add(c->done, stream,
                                                               c->stream[stream], fn, arg),
                                   "cudaEventRecord"));
}

static const hs_device_ops cuda_ops = {
    HS_DEVICE_OPS_NAMED(cuda),
    .alloc = cuda_alloc,
    .free = cuda_free,
    .host_alloc = cuda_host_alloc,
    .host_free = cuda_host_free,
    .host_pin = cuda_host_pin,
    .host_unpin = cuda_host_unpin,
    .peer = cuda_peer,
    .peer_copy = cuda_peer_copy,
    .health = cuda_health,
};

int hs_cuda_device_count(char *msg, size_t msglen)
{
    int count = 0;
    cudaError_t err = cudaGetDeviceCount(&count);
    if (err != cudaSuccess) {
        snprintf(msg, msglen, "%s", cudaGetErrorString(err));
        (void)cudaGetLastError();
        return 0;
    }
    if (count <= 0)
        snprintf(msg, msglen, "no CUDA device is visible");
    return count > 0 ? count : 0;
}

int hs_cuda_device_uuids(unsigned char (*uuid)[HS_UUID_BYTES], int max)
{
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess) {
        (void)cudaGetLastError();
        return 0;
    }
    for (int i = 0; i < count && i < max; i++) {
        struct cudaDeviceProp prop;
        if (cudaGetDeviceProperties(&prop, i) != cudaSuccess) {
            (void)cudaGetLastError();
            return 0;
        }
        memcpy(uuid[i], prop.uuid.bytes, HS_UUID_BYTES);
    }
    return count < max ? count : max;
}

/* CUDA's device name as one word: what the rates file keys the GPU's
 * measured rate by. */
static void model_name(char *out, size_t bytes, const char *name)
{
    size_t i = 0;
    for (; name[i] && i + 1 < bytes; i++)
        out[i] = name[i] == ' ' || name[i] == '\t' || name[i] == ';' ? '_' : name[i];
    out[i] = '\0';
}

hs_device *hs_cuda_device_open(int index, int ordinal, char *msg, size_t msglen)
{
    cuda_dev *c = calloc(1, sizeof *c);
    size_t free_bytes = 0, total = 0;
    const char *what = "out of host memory";
    if (!c) {
        snprintf(msg, msglen, "cuda:%d: %s", ordinal, what);
        return NULL;
    }
    c->ordinal = ordinal;
    c->dev.ops = &cuda_ops;
    c->dev.kind = HS_DEV_CUDA;
    c->dev.index = index;
    c->dev.nstreams = HS_NSTREAMS;
    c->dev.impl = c;
    snprintf(c->dev.name, sizeof c->dev.name, "cuda:%d", ordinal);
    /* cudaSetDevice makes the context: a GPU in exclusive-process mode
     * that another process holds says so there. */
    cudaError_t err = cudaSuccess;
    if (enter(&c->dev, 0) && (err = cudaPeekAtLastError()) == cudaSuccess)
        err = cudaErrorInvalidDevice;
    /* The urgent and the driver stream at the GPU's greatest priority, the
     * others at its least (CUDA's default).  A GPU whose range is one value has no
     * priorities: its kernels keep to the compute stream. */
    int least = 0, greatest = 0;
    if (err == cudaSuccess)
        err = cudaDeviceGetStreamPriorityRange(&least, &greatest);
    for (int i = 0; i < HS_NSTREAMS && err == cudaSuccess; i++)
        err = cudaStreamCreateWithPriority(&c->stream[i], cudaStreamNonBlocking,
                                           i == HS_STREAM_URGENT || i == HS_STREAM_DRIVER
                                               ? greatest
                                               : least);
    if (least == greatest || !hs_urgent_stream_allowed())
        c->dev.nstreams = HS_STREAM_URGENT;
    for (int s = HS_STREAM_COMPUTE; s < HS_NSTREAMS; s++)
        c->lane[lane_of(s)].stream = c->stream[s];
    if (err == cudaSuccess)
        err = cudaMemGetInfo(&free_bytes, &total);
    struct cudaDeviceProp prop;
    if (err == cudaSuccess && (err = cudaGetDeviceProperties(&prop, ordinal)) == cudaSuccess)
        model_name(c->dev.model, sizeof c->dev.model, prop.name);
    what = err != cudaSuccess ? cudaGetErrorString(err) : NULL;
    char why[600];
    if (!what && hs_cuda_libs_load(why, sizeof why))
        what = why;
    for (int l = 0; l < CUDA_LANES; l++) {
        if (!what && HS_CU(cublasCreate)(&c->lane[l].blas) != CUBLAS_STATUS_SUCCESS) {
            c->lane[l].blas = NULL;
            what = "cublasCreate failed";
        }
        if (!what && HS_CU(cusolverDnCreate)(&c->lane[l].solver) != CUSOLVER_STATUS_SUCCESS) {
            c->lane[l].solver = NULL;
            what = "cusolverDnCreate failed";
        }
    }
    if (!what && HS_CU(cusolverDnCreateParams)(&c->params) != CUSOLVER_STATUS_SUCCESS) {
        c->params = NULL;
        what = "cusolverDnCreateParams failed";
    }
    if (!what && !(c->done = hs_cuda_completions_new(ordinal)))
        what = "out of host memory";
    leave(0);
    if (what) {
        snprintf(msg, msglen, "%s: %s", c->dev.name, what);
        (void)cudaGetLastError();
        cuda_close(&c->dev);
        return NULL;
    }
    /* Room left for cuBLAS's workspaces, the context's own allocations
     * and other users of the GPU: tiles stop there (runtime/device_memory.c
     * keeps to dev->capacity). */
    size_t reserve = total / 10 > ((size_t)512 << 20) ? total / 10 : (size_t)512 << 20;
    c->dev.capacity = free_bytes > reserve ? free_bytes - reserve : 0;
    return &c->dev;
}
#endif
