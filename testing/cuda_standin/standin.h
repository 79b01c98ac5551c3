/* Internals of the CUDA stand-in: simulated devices, the one lock that
 * guards all of its state, streams as FIFO queues run by one thread each,
 * and the checks that fail loudly.  The API files (standin_*.c) are thin
 * layers over these. */
#ifndef CUDA_STANDIN_STANDIN_H
#define CUDA_STANDIN_STANDIN_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <cusolverDn.h>

enum { STANDIN_MAX_DEVICES = 64, STANDIN_MAX_FAULTS = 16 };

/* One physical device. */
typedef struct standin_device {
    size_t capacity, used;          /* bytes */
    cudaError_t sticky;             /* cudaSuccess until a fault */
    unsigned long executed;         /* kernels and copies run so far */
    unsigned long fault_at[STANDIN_MAX_FAULTS];   /* CUDA_STANDIN_FAIL */
    int nfaults;
    cudaUUID_t uuid;
    /* Peer access enabled from this device (the accessor, its context) to
     * each other physical device's memory (standin_peers.c), and the
     * cudaMemcpyPeerAsync calls that had none, staged through the host. */
    unsigned char peer_enabled[STANDIN_MAX_DEVICES];
    unsigned long staged_peer_copies;
} standin_device;

/* What the environment asked for (read once). */
typedef struct standin_config {
    int physical;                   /* CUDA_STANDIN_DEVICES */
    int visible;                    /* ordinals after CUDA_VISIBLE_DEVICES */
    int ordinal_to_physical[STANDIN_MAX_DEVICES];
    unsigned delay_us;              /* CUDA_STANDIN_DELAY_US */
    unsigned long long rng;         /* CUDA_STANDIN_SEED */
    int pageable_fails;             /* CUDA_STANDIN_PAGEABLE=fail: an async
                                       copy with pageable host memory is an
                                       error (a test that every copy runs
                                       asynchronously, as pinned ones do) */
    int exclusive_process;          /* CUDA_STANDIN_COMPUTE_MODE=
                                       exclusive_process: one process of the
                                       node at a time holds a device */
    /* CUDA_STANDIN_PEER: [a][b] when physical device a can access b's
     * memory (cudaDeviceCanAccessPeer); every pair by default. */
    unsigned char peer_possible[STANDIN_MAX_DEVICES][STANDIN_MAX_DEVICES];
} standin_config;

extern pthread_mutex_t standin_lock;
extern pthread_cond_t standin_changed;   /* broadcast on any state change */
extern standin_config standin_cfg;
extern standin_device standin_dev[STANDIN_MAX_DEVICES];
extern int standin_exiting;              /* exit() has begun */

/* The current device's context for `call`, made at the first call that
 * needs one: cudaSuccess, or cudaErrorDevicesUnavailable (stored as the
 * thread's last error, as CUDA does) in exclusive-process mode while
 * another process of the node holds the device (standin_contexts.c). */
cudaError_t standin_context(const char *call);

/* Loud failure: one line "cuda-standin: RULE: DETAILS" on stderr, abort. */
void standin_die(const char *rule, const char *fmt, ...)
    __attribute__((noreturn, format(printf, 2, 3)));
/* The same line without aborting, for misuse CUDA reports as an error;
 * returns err and stores it as the thread's last error. */
cudaError_t standin_error(cudaError_t err, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* The same line for misuse a library reports by its status (cuBLAS,
 * cuSOLVER): CUDA's last error is not touched. */
void standin_say(const char *rule, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Stores err (when not cudaSuccess) as the thread's last error. */
cudaError_t standin_result(cudaError_t err);
cudaError_t standin_last_error(int clear);

/* Every entry point starts here: initialises once, refuses calls from
 * inside a host function or a forked child, and returns the sticky error
 * of the current device (cudaSuccess if none; cudaErrorNoDevice when no
 * device is visible).  Lock not held. */
cudaError_t standin_enter(const char *call);
/* standin_enter for a call that goes on under the lock: cudaSuccess with
 * the lock taken, or the error, lock not taken. */
cudaError_t standin_enter_locked(const char *call);
/* The end of such a call: unlocks and returns err as its result. */
cudaError_t standin_leave(cudaError_t err);
/* CUDA's answer to a required pointer argument that is NULL. */
cudaError_t standin_null_argument(const char *call, const char *what);
/* What cudaStreamQuery and cudaEventQuery return (lock held): dev's
 * sticky error, else cudaErrorNotReady while work is pending. */
cudaError_t standin_query(int dev, int pending);
/* The physical index of the thread's current device. */
int standin_current(void);
int standin_current_ordinal(void);
void standin_set_current(int ordinal);
void standin_host_function_running(int yes);
/* Sleeps until standin_changed is broadcast (lock held). */
void standin_wait(void);
unsigned standin_random_delay(void);     /* lock held */
double standin_now_ms(void);
/* Sets dev's sticky error (lock held), once, and says so on stderr. */
void standin_fail_device(int dev, const char *why);

/* Reads the environment (from standin_enter's once-routine). */
void standin_read_config(void);

/* Live handles: membership sets (lock held). */
typedef struct standin_set {
    void **slot;
    size_t cap, count;
} standin_set;
void standin_set_add(standin_set *set, void *p);
int standin_set_has(const standin_set *set, const void *p);
void standin_set_remove(standin_set *set, const void *p);
void *standin_set_at(const standin_set *set, size_t i);   /* NULL: empty slot */
extern standin_set standin_streams, standin_events, standin_handles, standin_solvers,
    standin_params;

/* Allocations: device memory (device >= 0) and pinned host memory
 * (device -1: cudaHostAlloc'd; -2: cudaHostRegister'd).  Lock held. */
typedef struct standin_alloc {
    char *base;
    size_t size;
    int device;
} standin_alloc;
enum { STANDIN_PINNED = -1, STANDIN_REGISTERED = -2 };
const standin_alloc *standin_alloc_find(const void *p);   /* containing p */
/* array of *cap elements of elem bytes reallocated to twice as many (first
 * when none): the new array (loud when out of memory: what names it). */
void *standin_grow(void *array, size_t *cap, size_t elem, size_t first, const char *what);
void standin_alloc_add(void *base, size_t size, int device);
void standin_alloc_remove(const void *base);
/* Checks that [p, p + bytes) lies in one live allocation of device dev
 * (loud otherwise); what names the operand in the message. */
void standin_check_device_extent(const char *call, const char *what, const void *p,
                                 size_t bytes, int dev);
/* The bytes a column-major rows x cols operand with leading dimension ld
 * spans (0 when it has no element), elements of size bytes. */
size_t standin_extent(int64_t rows, int64_t cols, int64_t ld, size_t size);
/* Whether two column-major operands (x: xrows x xcols, leading dimension
 * xld; y likewise) of elements of size bytes share an element (exact,
 * column by column; standin_cublas_call.c). */
int standin_matrices_overlap(const void *xp, int xrows, int xcols, int xld, const void *yp,
                             int yrows, int ycols, int yld, size_t size);

typedef struct standin_op standin_op;
enum { STANDIN_TOUCHES = 4 };   /* ranges a queued operation may use */

/* The host BLAS routines behind cuBLAS's level-3 calls, one prototype per
 * shape for the four precisions (Fortran passes every argument by address;
 * the element type is the precision's; hidden string lengths as gfortran
 * passes them). */
typedef void standin_gemm_fn(const char *transa, const char *transb, const int *m,
                             const int *n, const int *k, const void *alpha, const void *a,
                             const int *lda, const void *b, const int *ldb, const void *beta,
                             void *c, const int *ldc, size_t l1, size_t l2);
/* ?syrk_ and ?herk_ */
typedef void standin_rank_k_fn(const char *uplo, const char *trans, const int *n, const int *k,
                               const void *alpha, const void *a, const int *lda,
                               const void *beta, void *c, const int *ldc, size_t l1, size_t l2);
/* ?trsm_ and ?trmm_ */
typedef void standin_triangle_fn(const char *side, const char *uplo, const char *transa,
                                 const char *diag, const int *m, const int *n,
                                 const void *alpha, const void *a, const int *lda, void *b,
                                 const int *ldb, size_t l1, size_t l2, size_t l3, size_t l4);

/* ?laswp_ (cuSOLVER's row interchanges) */
typedef void standin_laswp_fn(const int *n, void *a, const int *lda, const int *k1,
                              const int *k2, const int *ipiv, const int *incx);

/* ?potrf_ (cuSOLVER's Cholesky factor) */
typedef void standin_potrf_fn(const char *uplo, const int *n, void *a, const int *lda, int *info,
                              size_t l1);

/* ?getrf_ (cuSOLVER's LU factor) */
typedef void standin_getrf_fn(const int *m, const int *n, void *a, const int *lda, int *ipiv,
                              int *info);

/* ?geqrf_ and ?ormqr_ / ?unmqr_ (cuSOLVER's QR and its Q applied) */
typedef void standin_geqrf_fn(const int *m, const int *n, void *a, const int *lda, void *tau,
                              void *work, const int *lwork, int *info);
typedef void standin_unmqr_fn(const char *side, const char *trans, const int *m, const int *n,
                              const int *k, const void *a, const int *lda, const void *tau,
                              void *c, const int *ldc, void *work, const int *lwork, int *info,
                              size_t l1, size_t l2);

/* ?larft_ (cuSOLVER's Xlarft) */
typedef void standin_larft_fn(const char *direct, const char *storev, const int *n, const int *k,
                              const void *v, const int *ldv, const void *tau, void *t,
                              const int *ldt, size_t l1, size_t l2);

/* i?amax_, ?scal_ and ?ger_ (?geru_ for C and Z): the level-1 and -2
 * routines of a spread LU panel's column (standin_cublas_level12.c) */
typedef int standin_iamax_fn(const int *n, const void *x, const int *incx);
typedef void standin_scal_fn(const int *n, const void *alpha, void *x, const int *incx);
typedef void standin_ger_fn(const int *m, const int *n, const void *alpha, const void *x,
                            const int *incx, const void *y, const int *incy, void *a,
                            const int *lda);

/* One precision of cuBLAS: a row of standin_precisions (standin_host_blas.c). */
typedef struct standin_precision {
    size_t size;         /* bytes of an element */
    size_t real_size;    /* bytes of its real part (herk's alpha and beta) */
    int complex;
    standin_gemm_fn *gemm;
    standin_rank_k_fn *syrk, *herk;   /* herk: NULL for S and D */
    standin_triangle_fn *trsm, *trmm;
    standin_laswp_fn *laswp;
    standin_potrf_fn *potrf;
    standin_getrf_fn *getrf;
    standin_geqrf_fn *geqrf;
    standin_unmqr_fn *unmqr;   /* ?ormqr_ for S and D */
    standin_larft_fn *larft;
    standin_iamax_fn *iamax;
    standin_scal_fn *scal;
    standin_ger_fn *ger;   /* ?geru_ for C and Z */
} standin_precision;
enum { STANDIN_S, STANDIN_D, STANDIN_C, STANDIN_Z, STANDIN_PRECISIONS };
/* M(P, T) for each precision P with elements of type T: the entry points'
 * instances. */
#define STANDIN_EACH_PRECISION(M) M(S, float) M(D, double) M(C, cuComplex) M(Z, cuDoubleComplex)
extern const standin_precision standin_precisions[STANDIN_PRECISIONS];

/* alpha or beta of any precision, copied when the call is queued. */
typedef union standin_scalar {
    double aligned[2];
    unsigned char bytes[2 * sizeof(double)];
} standin_scalar;

/* A queued cuBLAS call: the BLAS routine (op: 'g'emm, 's'yrk, 'h'erk,
 * 't'rsm, trm'm', 'S'cal of n elements of c, incx apart, 'G'er of a
 * (m, incx) and b (n, incy) into c) of precision prec and its arguments,
 * alpha and beta read when it was queued. */
typedef struct standin_blas {
    const standin_precision *prec;
    char op, side, uplo, transa, transb, diag;
    int m, n, k, incx, incy;
    standin_scalar alpha, beta;
    const void *a, *b;
    void *c;
    int lda, ldb, ldc;
} standin_blas;
/* Runs a queued cuBLAS call with the host BLAS of its precision (the
 * stream's thread, lock not held). */
void standin_run_blas(standin_op *op);

/* A queued operation.  run executes it outside the lock on the stream's
 * thread; ready (under the lock) says whether it may start; finish
 * (under the lock) publishes its completion. */
struct standin_op {
    standin_op *next;
    void (*run)(standin_op *op);
    int (*ready)(standin_op *op);
    void (*finish)(standin_op *op);
    void (*release)(standin_op *op);   /* frees what the op owns */
    int counted;                       /* a kernel or copy (CUDA_STANDIN_FAIL) */
    int host_function;
    int keep;                          /* the enqueuer waits for it and frees it */
    int done;                          /* 1 ran, -1 dropped (device failed) */
    unsigned delay_us;
    const char *touch[STANDIN_TOUCHES];   /* memory it reads or writes */
    size_t touch_len[STANDIN_TOUCHES];
    unsigned reads_only;               /* bit t: touch[t] is only read (unset:
                                          it may be written) */
    union {   /* named types: set as one compound literal */
        struct standin_copy { char *dst; const char *src; size_t dpitch, spitch, width, height;
                              char *staged; } copy;
        struct { cudaHostFn_t fn; void *arg; } host;
        struct { cudaEvent_t event; unsigned long generation; } event;
        standin_blas blas;
        struct standin_laswp { const standin_precision *prec; int device, n, lda, k1, k2;
                               void *a; const int *ipiv; } laswp;
        struct standin_factor { const standin_precision *prec; int device, m, n, lda;
                                char uplo; void *a; int *info, *ipiv; }
            factor;   /* ?potrf, ?getrf */
        struct standin_qr { const standin_precision *prec; int m, n, k, lda, ldc;
                            char side, trans; void *a, *tau, *c; int *info; }
            qr;       /* ?geqrf, ?ormqr, ?unmqr */
        struct standin_larft { const standin_precision *prec; int n, k, ldv, ldt;
                               const void *v, *tau; void *t, *host_work; size_t host_bytes; }
            larft;    /* Xlarft */
        struct standin_memset { char *dst; size_t pitch, width, height; int value; } memset;
        struct standin_batched { const standin_precision *prec; int device, m, n, k, lda, ldb,
                                 ldc, count; char transa, transb;
                                 standin_scalar alpha, beta; const void *const *a, *const *b;
                                 void *const *c; }
            batched;  /* ?gemmBatched */
    } u;
};

struct CUstream_st {
    int device;
    unsigned flags;
    int priority;
    standin_op *head, *tail;
    int running;        /* the head is executing */
    int stopping;       /* cudaStreamDestroy: the thread ends when idle */
    pthread_t thread;
};

struct CUevent_st {
    int device;
    unsigned flags;
    unsigned long recorded;    /* generation of the latest record */
    unsigned long completed;   /* latest generation that completed */
    double when_ms;            /* completion time of `recorded` */
    int refs;                  /* the user's and queued operations' */
    int destroyed;
};

/* What a cuBLAS and a cuSOLVER handle hold (standin_handles.c): the
 * device current at its creation and the stream set last. */
typedef struct standin_handle {
    int device;
    cudaStream_t stream;
    int stream_destroyed;      /* its stream was destroyed under it */
} standin_handle;

struct cublasContext {
    standin_handle common;     /* first: the handle is its standin_handle */
};

/* The 64-bit API's options (standin_cusolver_larft.c): live from
 * cusolverDnCreateParams to cusolverDnDestroyParams. */
struct cusolverDnParams {
    int created;
};

/* A cuSOLVER handle holds what a cuBLAS one does (standin_cusolver.c). */
struct cusolverDnContext {
    standin_handle common;
};

/* cuBLAS's or cuSOLVER's handles: what differs between the two, the
 * rules' lines included (standin_handles.c). */
typedef struct standin_library {
    standin_set *live;                      /* its handles */
    const char *set_stream;                 /* cublasSetStream, cusolverDnSetStream */
    const char *unknown, *after_stream, *other_device, *not_current;   /* rules */
    int success, not_initialized, alloc_failed, invalid_value;         /* statuses */
} standin_library;
extern const standin_library standin_cublas, standin_cusolver;
/* The entry points both libraries have, for a handle of lib; call names
 * the entry point.  A status of lib; create's handle in *made (has_out:
 * the caller gave somewhere to store it). */
int standin_handle_create(const standin_library *lib, const char *call, int has_out,
                          standin_handle **made);
int standin_handle_destroy(const standin_library *lib, const char *call, void *handle);
int standin_handle_set_stream(const standin_library *lib, const char *call, void *handle,
                              cudaStream_t stream);
int standin_handle_get_stream(const standin_library *lib, const char *call, void *handle,
                              cudaStream_t *stream);
/* The entry points above of library LIB (a standin_library) whose entry
 * points are named PREFIX##Create##SUFFIX (and Destroy, SetStream,
 * GetStream), its handles of type H and its statuses of type S; the
 * calls named without SUFFIX. */
#define STANDIN_HANDLE_ENTRY_POINTS(LIB, PREFIX, SUFFIX, H, S)                                \
    S PREFIX##Create##SUFFIX(H *handle)                                                        \
    {                                                                                          \
        standin_handle *h = NULL;                                                              \
        int st = standin_handle_create(&LIB, #PREFIX "Create", handle != NULL, &h);            \
        if (st == LIB.success)                                                                 \
            *handle = (H)h;                                                                    \
        return (S)st;                                                                          \
    }                                                                                          \
    S PREFIX##Destroy##SUFFIX(H handle)                                                        \
    {                                                                                          \
        return (S)standin_handle_destroy(&LIB, #PREFIX "Destroy", handle);                     \
    }                                                                                          \
    S PREFIX##SetStream##SUFFIX(H handle, cudaStream_t streamId)                               \
    {                                                                                          \
        return (S)standin_handle_set_stream(&LIB, #PREFIX "SetStream", handle, streamId);      \
    }                                                                                          \
    S PREFIX##GetStream##SUFFIX(H handle, cudaStream_t *streamId)                              \
    {                                                                                          \
        return (S)standin_handle_get_stream(&LIB, #PREFIX "GetStream", handle, streamId);      \
    }
/* Loud unless handle is a live handle of lib (lock held); the handle. */
standin_handle *standin_handle_live(const standin_library *lib, const char *call,
                                    const void *handle);
/* Loud unless handle is live and its stream was not destroyed. */
standin_handle *standin_handle_check(const standin_library *lib, const char *call,
                                     const void *handle);
/* What every queued call checks: a live handle with a stream, of the
 * current device.  Returns the device's sticky error (the call then
 * fails) with the lock not held, or cudaSuccess with the lock taken. */
cudaError_t standin_handle_enter(const standin_library *lib, const char *call,
                                 const void *handle);

/* Streams (lock held unless said otherwise). */
void standin_check_stream(const char *call, cudaStream_t s);   /* loud */
standin_op *standin_op_new(void);
/* Appends op to s and wakes its thread. */
void standin_enqueue(cudaStream_t s, standin_op *op);
int standin_stream_idle(cudaStream_t s);
/* Counts a kernel or copy as it starts on dev (CUDA_STANDIN_FAIL);
 * 1 if it is the one that fails. */
int standin_count_operation(int dev);
/* Waits until s is idle or its device failed; returns its sticky error. */
cudaError_t standin_stream_drain(cudaStream_t s);
/* Waits for every stream of dev. */
cudaError_t standin_device_drain(int dev);
/* Loud (rule) if a queued operation touches [p, p + size), except those
 * on the streams of device except_dev (-1: none excepted). */
void standin_check_untouched(const char *call, const char *rule, const void *p, size_t size,
                             int except_dev);
/* Loud (rule) if a queued operation may write [p, p + size) (a touch not
 * marked reads_only). */
void standin_check_unwritten(const char *call, const char *rule, const void *p, size_t size);
/* Loud if an MPI request of the library still uses [p, p + size) of
 * device memory being freed (standin_mpi.c; lock held). */
void standin_mpi_check_free(const void *p, size_t size);
/* standin_handle_enter for a cuSOLVER handle. */
cudaError_t standin_solver_enter(const char *call, cusolverDnHandle_t h);
/* The workspace a cuSOLVER ?X_bufferSize asks for, in values: a function
 * of the shape alone, as cuSOLVER's is for a given GPU, and never zero,
 * so that a caller that ignores it is caught; and the checks and answer
 * every such query shares (bad: an argument cuSOLVER refuses). */
int standin_solver_workspace(int m, int n);
cusolverStatus_t standin_solver_buffer_size(const char *name, cusolverDnHandle_t handle,
                                            int bad, int m, int n, int *lwork);
/* Whether an m x n matrix with leading dimension lda is an argument
 * cuSOLVER refuses: a negative size, lda < max(1, m). */
int standin_bad_matrix(int m, int n, int lda);
/* cusolverDn<P><NAME>_bufferSize of precision P with elements of type T
 * for a call on the m x n matrix A alone (?getrf, ?geqrf). */
#define STANDIN_MATRIX_BUFFER_SIZE(P, T, NAME)                                                 \
    cusolverStatus_t cusolverDn##P##NAME##_bufferSize(cusolverDnHandle_t handle, int m, int n, \
                                                      T *A, int lda, int *Lwork)               \
    {                                                                                          \
        (void)A;                                                                               \
        return standin_solver_buffer_size("cusolverDn" #P #NAME "_bufferSize", handle,         \
                                          standin_bad_matrix(m, n, lda), m, n, Lwork);         \
    }
/* standin_solver_enter after the check that Lwork holds what the
 * ?X_bufferSize of an m x n call asked for (loud otherwise), and the
 * operation to queue, which runs run: NULL when the call fails (lock not
 * held), else the operation with the lock taken. */
standin_op *standin_solver_begin(const char *name, cusolverDnHandle_t handle, int lwork, int m,
                                 int n, void (*run)(standin_op *));
/* An operand of a queued cuSOLVER call: bytes at p (none: not checked),
 * named what; touched: a range the queued call uses (STANDIN_READ: only
 * reads, any other non-zero value: may write). */
enum { STANDIN_READ = 2 };
typedef struct standin_operand {
    const char *what;
    const void *p;
    size_t bytes;
    int touched;
} standin_operand;
/* The end of such a call: each of the n operands that has bytes checked,
 * in order, to lie in memory of h's device; op (its run and fields set)
 * counted as a kernel, the touched operands (STANDIN_TOUCHES at most)
 * recorded, queued on h's stream, the lock released. */
void standin_solver_queue(const char *call, cusolverDnHandle_t h, standin_op *op,
                          const standin_operand *operand, int n);
/* Marks the cuBLAS and cuSOLVER handles set to s (from cudaStreamDestroy). */
void standin_forget_stream_in_handles(cudaStream_t s);
void standin_event_release(cudaEvent_t e);

#endif
