/* The device layer (doc/ARCHITECTURE.md sections 5, 6): a device is a table of operations
 * (memory, asynchronous 2-D copies, streams, events, BLAS kernels) with three
 * implementations: cpu (the host), emu (an emulated GPU) and cuda. */
#ifndef HETSCAL_DEVICE_DEVICE_H
#define HETSCAL_DEVICE_DEVICE_H

#include <stddef.h>

enum hs_device_kind { HS_DEV_CPU = 0, HS_DEV_EMU = 1, HS_DEV_CUDA = 2 };

/* Streams of every device: operations on one stream run in the order they
 * were enqueued; different streams run concurrently.  Kernels run on the
 * compute stream or, on a device with nstreams == HS_NSTREAMS, on the
 * urgent one: a second compute stream whose kernels the device starts
 * before the compute stream's waiting ones (CUDA's stream priorities),
 * without stopping the kernel that runs; the two share the device's
 * arithmetic.  A device without stream priorities has nstreams ==
 * HS_STREAM_URGENT.  Every device also has the driver stream, a third
 * that runs kernels, for a thread that issues a task's device work and
 * waits for it itself (a spread LU panel's part, which waits on its
 * peers between its kernels) while another thread goes on issuing on
 * the compute streams (cuda: at the urgent stream's priority, with
 * handles of its own). */
enum hs_stream {
    HS_STREAM_IN = 0, HS_STREAM_OUT = 1, HS_STREAM_COMPUTE = 2, HS_STREAM_DRIVER = 3,
    HS_STREAM_URGENT = 4, HS_NSTREAMS = 5
};

/* A stream that runs kernels. */
static inline int hs_stream_computes(int stream)
{
    return stream == HS_STREAM_COMPUTE || stream == HS_STREAM_URGENT
           || stream == HS_STREAM_DRIVER;
}

/* HETSCAL_URGENT_STREAM: "off" keeps every kernel on the compute stream
 * (devices open with nstreams == HS_STREAM_URGENT; the simulator's too);
 * "on", the default, lets a device with stream priorities have the
 * urgent one.  Read once a process. */
int hs_urgent_stream_allowed(void);

/* The stream for a device's kernels that are urgent (or not): the urgent
 * one where the device has it. */
static inline int hs_kernel_stream(int nstreams, int urgent)
{
    return urgent && nstreams > HS_STREAM_URGENT ? HS_STREAM_URGENT : HS_STREAM_COMPUTE;
}

/* Direction of a copy; "device" memory comes from ops->alloc. */
enum hs_copy_dir { HS_COPY_H2D = 0, HS_COPY_D2H = 1, HS_COPY_D2D = 2 };

/* Kernels, Fortran-BLAS semantics of the call's precision (prec, an
 * enum hs_precision: S, D, C or Z), column-major, device pointers; c is
 * always the output; alpha and beta are real (what the factorizations
 * need), op(x) is x, x^T or x^H ('N', 'T', 'C'; 'C' is 'T' for real
 * precisions):
 *   HS_K_GEMM  c = alpha op(a) op(b) + beta c      transa transb m n k
 *   HS_K_HERK  c = alpha op(a) op(a)^H + beta c    uplo transa n k
 *              (?SYRK for S and D, ?HERK for C and Z)
 *   HS_K_TRSM  c = alpha op(a)^-1 c  (side L),
 *              c = alpha c op(a)^-1  (side R)      side uplo transa diag m n
 *   HS_K_TRMM  c = alpha op(a) c  (side L),
 *              c = alpha c op(a)  (side R)         side uplo transa diag m n
 *   HS_K_LASWP the rows of the m x n matrix c interchanged as ?LASWP
 *              with K1 = 1, K2 = k, INCX = 1 does: row i with row
 *              a[i - 1] for i = 1..k in turn; a is k ints (1-based rows,
 *              at most m) in device memory          m n k
 *   HS_K_POTRF the Cholesky factor of the n x n matrix c: uplo 'L',
 *              c = L with c = L L^H from the lower triangle; 'U', c = U
 *              with c = U^H U from the upper one (the other triangle
 *              untouched)                            uplo n
 *              Its result goes to *info (host memory, written once the
 *              kernel has run, as the kernel's other effects are): 0, or
 *              i >= 1 when the leading minor of order i is not positive
 *              definite or the i-th pivot is NaN (LAPACK's ?POTRF rule;
 *              the real part of a complex pivot decides)
 *   HS_K_GETRF c = P L U, the m x n matrix c factored with partial
 *              pivoting as ?GETRF does; d (device memory, 1 + min(m, n)
 *              ints) gets ?GETRF's INFO (0, or the first exactly zero
 *              pivot, 1-based) then its min(m, n) pivots (1-based rows)
 *                                                   m n
 *   HS_K_GEQRF c = Q R, the m x n matrix c factored as ?GEQRF does (R on
 *              and above the diagonal, the reflectors below it); the
 *              min(m, n) taus to tau, inctau values apart (a row of a
 *              matrix); r (n x n, ldr), when not NULL, gets c's first
 *              min(m, n) rows (R above the reflectors) and zeros in its
 *              rows below: R for a caller that reads its upper triangle
 *                                                   m n
 *   HS_K_ORMQR c = Q [b; 0]: c holds, below the diagonal of its first k
 *              columns, k reflectors of an m-row QR (as HS_K_GEQRF leaves
 *              them, taus in tau, inctau apart), and gets in their place
 *              ?ORMQR's (?UNMQR's) side L, no-transpose product of their Q
 *              with the k x n matrix b stacked on m - k zero rows
 *                                                   m n k
 *   HS_K_LARFT c = T, the k x k upper triangular factor of the block
 *              reflector H(1) H(2) ... H(k) = I - V T V^H of the k
 *              reflectors stored below the diagonal of the m x k matrix a
 *              (V's unit diagonal implied; what lies on and above it is
 *              not read), their taus in tau (k contiguous values), as
 *              ?LARFT ('F', 'C') forms it (c's strictly lower part is not
 *              written); r (k x k, ldr), when not NULL, gets V's top k x k
 *              block as an explicit unit lower triangle (ones on the
 *              diagonal, zeros above)               m k
 *   HS_K_ROWS  m rows of n values copied: the row of n values ldc apart
 *              that starts at to[i] gets the values, from before the
 *              call, of the row of n values lda apart that starts at
 *              from[i] (device memory), for i < m.  from and to are host
 *              arrays of m device pointers each, read during the call (the
 *              caller may reuse them once it returns); no two destination
 *              rows may start together, and a row that starts where
 *              another starts is that row (rows of one matrix, or of
 *              matrices that share no value).  A destination that is also
 *              a source costs a staging copy.  A compute stream (cuda
 *              stages in the factorizations' scratch).  The values arrive
 *              as they were,
 *              except that the cuda backend (which copies by a batched
 *              GEMM with a 1 x 1 one, CUDA having no strided gather) may
 *              turn a negative zero into a positive one    m n
 *   HS_K_IAMAX *info gets the 1-based index of the first of the n
 *              values a holds lda apart whose |x| (|re| + |im| for
 *              complex) is the largest, as I?AMAX with INCX = lda; 0 when
 *              n is 0.  Host memory, written once the kernel has run (the
 *              cuda backend waits for the stream's earlier work and
 *              returns with it written, as cuBLAS's host pointer mode
 *              does)                                n
 * A new kernel is one enum value, its checks and operands in
 * device/kernel_host.c, one case in device/kernel_host_body.h, in
 * device/cuda/cuda_blas_body.h and in device/emu/emu_timing.c. */
/* Bytes of a device's UUID (two processes seeing the same GPU see the same
 * UUID). */
enum { HS_UUID_BYTES = 16 };

enum hs_kernel_op {
    HS_K_GEMM = 0, HS_K_HERK, HS_K_TRSM, HS_K_TRMM, HS_K_LASWP, HS_K_POTRF, HS_K_GETRF,
    HS_K_GEQRF, HS_K_ORMQR, HS_K_LARFT, HS_K_ROWS, HS_K_IAMAX, HS_K_NOPS
};

typedef struct hs_kernel_call {
    int op;                                  /* enum hs_kernel_op */
    int prec;                                /* enum hs_precision */
    char side, uplo, transa, transb, diag;   /* 'L'/'R', 'L'/'U', 'N'/'T'/'C', 'N'/'U' */
    int m, n, k;
    double alpha, beta;
    const void *a, *b;
    void *c;
    int lda, ldb, ldc;
    int *info;                               /* HS_K_POTRF, HS_K_IAMAX: host memory */
    int *d;                                  /* HS_K_GETRF: device memory */
    void *tau, *r;                           /* HS_K_GEQRF, HS_K_ORMQR, HS_K_LARFT */
    int inctau, ldr;
    const void *const *from;                 /* HS_K_ROWS: host arrays of */
    void *const *to;                         /* device pointers */
} hs_kernel_call;

typedef struct hs_device hs_device;
typedef struct hs_event hs_event;           /* opaque, backend-defined */

/* Every operation returns 0 or a negative hetscal_status (HETSCAL_ERR_DEVICE
 * for a bad argument or a failed device call, HETSCAL_ERR_NOMEM) unless said
 * otherwise.  Enqueueing operations return at once: their effects are only
 * guaranteed once an event recorded after them has completed.  Memory given
 * to an enqueued operation (device or host) must stay valid and untouched
 * until then, and ops->free only frees memory no pending operation uses
 * (emu returns an error if a pending copy or kernel uses it, and poisons
 * what it frees: a later stale read shows up as NaNs).
 * Several threads may call one device at once (a copy thread, the
 * device's management thread, a driver thread), but the kernels of the
 * compute streams come from one thread at a time, and those of the
 * driver stream from one thread at a time (cuda: each has its own
 * handles, set to the call's stream). */
typedef struct hs_device_ops {
    void (*close)(hs_device *dev);       /* waits for every stream first */

    /* Device memory; NULL when exhausted (never aborts). */
    void *(*alloc)(hs_device *dev, size_t bytes);
    int (*free)(hs_device *dev, void *ptr);   /* error: not from alloc */
    /* Host memory for tiles that move to or from devices of this kind
     * (pinned for cuda); NULL on failure. */
    void *(*host_alloc)(hs_device *dev, size_t bytes);
    void (*host_free)(hs_device *dev, void *ptr);
    /* Pins [p, p + bytes) of existing host memory for copies with devices
     * of this kind (cuda: cudaHostRegister, portable: every GPU of the
     * process), so that copies there run asynchronously at full speed;
     * host_unpin undoes it before the memory is unmapped; it takes no
     * device (the one that pinned may be closed by then: cuda remembers
     * its GPU) and gives the calling thread its current device back.
     * NULL for kinds whose copies never wait on pageable memory (cpu,
     * emu). */
    int (*host_pin)(hs_device *dev, void *p, size_t bytes);
    void (*host_unpin)(void *p);

    /* m x n column-major values of esize bytes each, src leading
     * dimension lds, dst ldd (in values). */
    int (*copy)(hs_device *dev, int stream, int dir, int m, int n, int esize,
                const void *src, int lds, void *dst, int ldd);
    int (*kernel)(hs_device *dev, int stream, const hs_kernel_call *call);

    /* Events: record creates an event that completes when everything
     * enqueued before it on `stream` has run.  query: 1 done, 0 pending,
     * < 0 error.  wait blocks until done.  stream_wait makes `stream` wait
     * for an event of a device of the same kind (before what comes next on
     * that stream).  event_free may be called while the event is pending,
     * and after stream_wait on it. */
    int (*event_record)(hs_device *dev, int stream, hs_event **ev);
    int (*event_query)(hs_device *dev, hs_event *ev);
    int (*event_wait)(hs_device *dev, hs_event *ev);
    void (*event_free)(hs_device *dev, hs_event *ev);
    int (*stream_wait)(hs_device *dev, int stream, hs_event *ev);

    /* fn(arg) runs on a device-owned thread once everything enqueued before
     * it on `stream` has run, so that a management thread can sleep instead
     * of polling.  fn must not call device operations (signal a condition
     * variable and return).  cpu runs fn at once on the calling thread. */
    int (*callback)(hs_device *dev, int stream, void (*fn)(void *arg), void *arg);

    int (*synchronize)(hs_device *dev);  /* every stream idle */

    /* Copies between two accelerators of one kind without the host
     * (NVLink, or PCIe peer to peer).  peer: 1 when dst can copy from
     * src's memory directly (cuda: peer access enabled both ways when the
     * devices opened; emu: unless timed by a machine file without a peer
     * link), else 0.  peer_copy enqueues on dst's `stream` the copy of
     * `bytes` contiguous bytes at srcp (memory of src) to dstp (memory of
     * dst); only for a pair that peer accepts.  Both NULL for kinds
     * without it (cpu, the simulator's devices where the machine has no
     * peer link). */
    int (*peer)(hs_device *dst, hs_device *src);
    int (*peer_copy)(hs_device *dst, int stream, hs_device *src, const void *srcp, void *dstp,
                     size_t bytes);

    /* 0, or the error that broke the device for good (a sticky CUDA
     * error: its pending work and callbacks will never complete).  May be
     * NULL: the kind has no such failure. */
    int (*health)(hs_device *dev);
} hs_device_ops;

struct hs_device {
    const hs_device_ops *ops;
    int kind;             /* enum hs_device_kind */
    int index;            /* 0 = the host, 1..G accelerators of this rank */
    int nstreams;         /* HS_NSTREAMS, or HS_STREAM_URGENT without the
                             urgent stream */
    size_t capacity;      /* bytes alloc can hand out (SIZE_MAX: the host) */
    char name[16];        /* "cpu", "emu:1", "cuda:0" (CUDA ordinal) */
    /* The kind of processor, which the rates file keys an accelerator's
     * measured rate by (runtime/device_rates.h): "NVIDIA_H100_80GB_HBM3"
     * (CUDA's device name, blanks as '_'), "emu-1024MiB" (its memory),
     * "emu-timed-1024MiB:h100.machine";
     * "host" for the host. */
    char model[64];
    int mpi_memory;       /* MPI reads and writes this device's memory
                             (a simulated GPU's machine says, and a timed
                             emulated one's; untimed emu: 0; a CUDA GPU's
                             MPI is asked, runtime/dist) */
    void *impl;           /* backend state */
};

/* Opens the devices of this rank from spec (HETSCAL_DEVICES):
 *   NULL or ""  the node's visible CUDA GPUs, GPU g to local rank
 *               g mod local_ranks (a rank may get several, or none);
 *               no GPU, no driver or no CUDA backend: the host only
 *   "cpu"       the host only
 *   "cuda"      as the default; "cuda:N": at most N of this rank's GPUs
 *   "emu:N"     N emulated GPUs ("emu" = "emu:1"), for every rank;
 *               HETSCAL_EMU_MEMORY (bytes, suffix k/m/g; default 1g each),
 *               HETSCAL_EMU_DELAY_US (latest completion, default 200),
 *               HETSCAL_EMU_SEED (default 1) tune them.
 * On success (*devs)[0] is the host (kind cpu) and (*devs)[1..*ndev-1] the
 * accelerators, dev->index == position; msg gets one line saying what was
 * opened, or why fewer accelerators than asked for (CUDA requested but no
 * GPU: the host only, still a success).  A spec that does not parse, or a
 * bad local_rank, returns HETSCAL_ERR_DEVICE with *devs = NULL, *ndev = 0
 * and the reason in msg: the caller decides (e.g. print it, retry "cpu"). */
int hs_devices_open(const char *spec, int local_rank, int local_ranks,
                    hs_device ***devs, int *ndev, char *msg, size_t msglen);
void hs_devices_close(hs_device **devs, int ndev);

/* Which GPUs a rank opens, when the ranks of a node have agreed on it
 * (plan/gpu_placement.c): CUDA ordinals as this process numbers them. */
enum { HS_MAX_PLACED = 16 };
typedef struct hs_gpu_placement {
    int count;
    int ordinals[HS_MAX_PLACED];
} hs_gpu_placement;
/* As hs_devices_open; with place != NULL a CUDA spec opens the GPUs of
 * place (at most N of them for "cuda:N") instead of the local rank's
 * share.  local_rank and local_ranks then only label the message. */
int hs_devices_open_placed(const char *spec, int local_rank, int local_ranks,
                           const hs_gpu_placement *place, hs_device ***devs, int *ndev,
                           char *msg, size_t msglen);
/* The UUIDs of the GPUs spec would use (CUDA specs: the visible ones,
 * by ordinal), at most max; their count, 0 for cpu and emu specs. */
int hs_devices_visible_uuids(const char *spec, unsigned char (*uuid)[HS_UUID_BYTES], int max);
/* The fair sharing of a node's GPUs among its ranks: rank r sees count[r]
 * GPUs, whose UUIDs follow each other in uuid (rank 0's first).  Each GPU
 * goes to one rank that sees it, the one holding the fewest so far (and
 * fewer than max, when max >= 0); writes the ordinals of rank me's and
 * returns their count.  The same answer on every rank. */
int hs_devices_assign(int nranks, const int *count, const unsigned char (*uuid)[HS_UUID_BYTES],
                      int me, int max, int *ordinals);

/* Threads of the runtime (workers, device management and copy threads)
 * mark themselves: device operations leave the CUDA device they select
 * selected there, where on the application's threads they restore the
 * application's own. */
void hs_device_mark_runtime_thread(void);
int hs_device_runtime_thread(void);

/* Shorthands for the kernels. */
static inline int hs_dev_gemm(hs_device *d, int stream, int prec, char transa, char transb,
                              int m, int n, int k, double alpha, const void *a, int lda,
                              const void *b, int ldb, double beta, void *c, int ldc)
{
    hs_kernel_call call = { .op = HS_K_GEMM, .prec = prec, .transa = transa,
                            .transb = transb, .m = m, .n = n, .k = k, .alpha = alpha,
                            .beta = beta, .a = a, .b = b, .c = c, .lda = lda, .ldb = ldb,
                            .ldc = ldc };
    return d->ops->kernel(d, stream, &call);
}

static inline int hs_dev_herk(hs_device *d, int stream, int prec, char uplo, char trans,
                              int n, int k, double alpha, const void *a, int lda,
                              double beta, void *c, int ldc)
{
    hs_kernel_call call = { .op = HS_K_HERK, .prec = prec, .uplo = uplo, .transa = trans,
                            .n = n, .k = k, .alpha = alpha, .beta = beta,
                            .a = a, .c = c, .lda = lda, .ldc = ldc };
    return d->ops->kernel(d, stream, &call);
}

/* TRSM and TRMM take the same arguments (op HS_K_TRSM or HS_K_TRMM). */
static inline int hs_dev_triangular(hs_device *d, int stream, int op, int prec, char side,
                                    char uplo, char transa, char diag, int m, int n,
                                    double alpha, const void *a, int lda, void *c, int ldc)
{
    hs_kernel_call call = { .op = op, .prec = prec, .side = side, .uplo = uplo,
                            .transa = transa, .diag = diag, .m = m, .n = n,
                            .alpha = alpha, .a = a, .c = c, .lda = lda, .ldc = ldc };
    return d->ops->kernel(d, stream, &call);
}

/* Rows 1..k of the m x n matrix c interchanged as the k pivots ipiv say
 * (HS_K_LASWP). */
static inline int hs_dev_laswp(hs_device *d, int stream, int prec, int m, int n, int k,
                               const int *ipiv, void *c, int ldc)
{
    hs_kernel_call call = { .op = HS_K_LASWP, .prec = prec, .m = m, .n = n, .k = k,
                            .a = ipiv, .c = c, .lda = k > 1 ? k : 1, .ldc = ldc };
    return d->ops->kernel(d, stream, &call);
}

/* Rows copied from from[i] (lds apart) to to[i] (ldd apart), n values
 * each, i < count (HS_K_ROWS). */
static inline int hs_dev_rows(hs_device *d, int stream, int prec, int count, int n,
                              const void *const *from, int lds, void *const *to, int ldd)
{
    hs_kernel_call call = { .op = HS_K_ROWS, .prec = prec, .m = count, .n = n, .from = from,
                            .lda = lds, .to = to, .ldc = ldd };
    return d->ops->kernel(d, stream, &call);
}

/* *result = the 1-based index of the first largest |x| of the n values
 * x holds incx apart, once the kernel has run (HS_K_IAMAX). */
static inline int hs_dev_iamax(hs_device *d, int stream, int prec, int n, const void *x,
                               int incx, int *result)
{
    hs_kernel_call call = { .op = HS_K_IAMAX, .prec = prec, .n = n, .a = x, .lda = incx,
                            .info = result };
    return d->ops->kernel(d, stream, &call);
}

/* The Cholesky factor of the lower (uplo 'L') or upper ('U') triangle of
 * the n x n matrix c (HS_K_POTRF); *info is written once the kernel has
 * run. */
static inline int hs_dev_potrf(hs_device *d, int stream, int prec, char uplo, int n, void *c,
                               int ldc, int *info)
{
    hs_kernel_call call = { .op = HS_K_POTRF, .prec = prec, .uplo = uplo, .n = n, .c = c,
                            .ldc = ldc, .info = info };
    return d->ops->kernel(d, stream, &call);
}

/* ?GETRF of the m x n matrix c; INFO and the pivots to d (HS_K_GETRF). */
static inline int hs_dev_getrf(hs_device *dev, int stream, int prec, int m, int n, void *c,
                               int ldc, int *d)
{
    hs_kernel_call call = { .op = HS_K_GETRF, .prec = prec, .m = m, .n = n, .c = c, .ldc = ldc,
                            .d = d };
    return dev->ops->kernel(dev, stream, &call);
}

/* The QR of the m x n matrix c, taus to tau (inctau apart), R to r when
 * not NULL (HS_K_GEQRF). */
static inline int hs_dev_geqrf(hs_device *dev, int stream, int prec, int m, int n, void *c,
                               int ldc, void *tau, int inctau, void *r, int ldr)
{
    hs_kernel_call call = { .op = HS_K_GEQRF, .prec = prec, .m = m, .n = n, .c = c, .ldc = ldc,
                            .tau = tau, .inctau = inctau, .r = r, .ldr = ldr };
    return dev->ops->kernel(dev, stream, &call);
}

/* c = T of the k reflectors of the m x k matrix a, taus in tau; V's top
 * block as an explicit unit lower triangle to r when r != NULL
 * (HS_K_LARFT). */
static inline int hs_dev_larft(hs_device *dev, int stream, int prec, int m, int k,
                               const void *a, int lda, const void *tau, void *c, int ldc,
                               void *r, int ldr)
{
    hs_kernel_call call = { .op = HS_K_LARFT, .prec = prec, .m = m, .k = k, .a = a,
                            .lda = lda, .tau = (void *)tau, .inctau = 1, .c = c, .ldc = ldc,
                            .r = r, .ldr = ldr };
    return dev->ops->kernel(dev, stream, &call);
}

/* c = Q [b; 0], Q from the k reflectors c holds (HS_K_ORMQR). */
static inline int hs_dev_ormqr(hs_device *dev, int stream, int prec, int m, int n, int k,
                               const void *b, int ldb, const void *tau, int inctau, void *c,
                               int ldc)
{
    hs_kernel_call call = { .op = HS_K_ORMQR, .prec = prec, .m = m, .n = n, .k = k, .b = b,
                            .ldb = ldb, .tau = (void *)tau, .inctau = inctau, .c = c,
                            .ldc = ldc };
    return dev->ops->kernel(dev, stream, &call);
}

#endif
