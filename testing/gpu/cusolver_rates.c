/* testing/gpu/cusolver_rates.c: the rates a machine file gives a GPU,
 * measured on GPU 0 with operands resident there, printed as machine-file
 * lines (timing/machines/NAME.machine, util/machine_file.h) for the classes the
 * simulation looks up by panel or tile width w:
 *   gpu.gemm   C += A B, w x w x w          gpu.syrk  C -= A A^T, n = k = w
 *   gpu.trsm   X L^-T = B, 4w x w (Cholesky's solves below a diagonal block)
 *   gpu.potrf  cuSOLVER ?potrf of w x w     (the diagonal blocks)
 *   gpu.getrf  cuSOLVER ?getrf of PANEL_ROWS x w  (LU's panels)
 *   gpu.geqrf  cuSOLVER ?geqrf of PANEL_ROWS x w  (QR's panels)
 *   gpu.larft  cuSOLVER Xlarft of w reflectors of PANEL_ROWS rows  (T of
 *              QR's panels, after their ?geqrf)
 *   gpu.gemqrt cuSOLVER ?ormqr of w reflectors of 2w rows applied to
 *              2w x w  (QR's leaves: the explicit Q of a tile)
 * and the copy rates between pinned host memory and the GPU (link.gbs),
 * each way; as comment lines, ?getrf and ?geqrf of taller panels and the
 * kernels of LU's GPU column updates (lu_column).  GF/s of LAPACK Working Note 41's flop counts (leading terms),
 * each the best of REPS timed calls (CUDA events) after one untimed.
 * Usage: cusolver_rates [MAX_W]; exit 77 when no GPU can be used. */
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <cusolverDn.h>
#include <stdio.h>
#include <stdlib.h>

enum { REPS = 3, PANEL_ROWS = 16384 };

static cudaStream_t stream;
static cudaEvent_t ev0, ev1;

/* Fills n values: a diagonally dominant symmetric matrix when ld == n
 * rows, so that every ?potrf below succeeds; otherwise values in
 * [-0.5, 0.5). */
static void fill(double *host, size_t count, int spd_order)
{
    for (size_t i = 0; i < count; i++)
        host[i] = (double)((i * 7919) % 1000) * 1e-3 - 0.5;
    if (spd_order > 0)
        for (int j = 0; j < spd_order; j++) {
            for (int i = 0; i < j; i++)
                host[(size_t)j * spd_order + i] = host[(size_t)i * spd_order + j];
            host[(size_t)j * spd_order + j] = spd_order;
        }
}

typedef struct operands {
    double *a, *b, *c, *work, *pristine;
    int *ipiv, *info;
    int lwork;
    cusolverDnParams_t params;          /* Xlarft's, and its workspaces */
    void *xwork, *xhost;
    size_t xwork_bytes, xhost_bytes;
} operands;

/* One call of kernel k at width w: 'g' gemm, 's' syrk, 't' trsm, 'p'
 * potrf, 'l' getrf, 'q' geqrf, 'f' larft, 'o' ormqr; the operand it
 * overwrites is restored from `pristine` before each call, outside the
 * timed part. */
static float timed(cublasHandle_t blas, cusolverDnHandle_t solver, char k, int w,
                   operands *o)
{
    const double one = 1.0, minus = -1.0;
    int rows = k == 'l' || k == 'q' || k == 'f' ? PANEL_ROWS
               : k == 't'                          ? 4 * w
               : k == 'o'                          ? 2 * w
                                                   : w;
    cudaMemcpyAsync(o->a, o->pristine, (size_t)rows * w * sizeof(double),
                    cudaMemcpyDeviceToDevice, stream);
    cudaEventRecord(ev0, stream);
    switch (k) {
    case 'g':
        cublasDgemm(blas, CUBLAS_OP_N, CUBLAS_OP_N, w, w, w, &one, o->b, w, o->c, w, &one, o->a,
                    w);
        break;
    case 's':
        cublasDsyrk(blas, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, w, w, &minus, o->b, w, &one, o->a,
                    w);
        break;
    case 't':
        cublasDtrsm(blas, CUBLAS_SIDE_RIGHT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_T,
                    CUBLAS_DIAG_NON_UNIT, 4 * w, w, &one, o->c, w, o->a, 4 * w);
        break;
    case 'p':
        cusolverDnDpotrf(solver, CUBLAS_FILL_MODE_LOWER, w, o->a, w, o->work, o->lwork, o->info);
        break;
    case 'l':
        cusolverDnDgetrf(solver, PANEL_ROWS, w, o->a, PANEL_ROWS, o->work, o->ipiv, o->info);
        break;
    case 'f':   /* the reflectors below A's diagonal, their taus at the start of C, T to B */
        cusolverDnXlarft(solver, o->params, CUBLAS_DIRECT_FORWARD, CUBLAS_STOREV_COLUMNWISE,
                         PANEL_ROWS, w, CUDA_R_64F, o->a, PANEL_ROWS, CUDA_R_64F, o->c,
                         CUDA_R_64F, o->b, w, CUDA_R_64F, o->xwork, o->xwork_bytes, o->xhost,
                         o->xhost_bytes);
        break;
    case 'o':   /* reflectors in B, their taus at the start of C */
        cusolverDnDormqr(solver, CUBLAS_SIDE_LEFT, CUBLAS_OP_N, 2 * w, w, w, o->b, 2 * w, o->c,
                         o->a, 2 * w, o->work, o->lwork, o->info);
        break;
    default:
        cusolverDnDgeqrf(solver, PANEL_ROWS, w, o->a, PANEL_ROWS, o->c, o->work, o->lwork,
                         o->info);
        break;
    }
    cudaEventRecord(ev1, stream);
    cudaEventSynchronize(ev1);
    float ms = 0;
    cudaEventElapsedTime(&ms, ev0, ev1);
    return ms;
}

static double flops(char k, double w)
{
    double m = PANEL_ROWS;
    switch (k) {
    case 'g': return 2 * w * w * w;
    case 's': return w * w * w;
    case 't': return 4 * w * w * w;
    case 'p': return w * w * w / 3;
    case 'l':
    case 'f': return m * w * w - w * w * w / 3;   /* getrf; larft as util/flop_counts.h */
    case 'o': return 4 * w * w * (2 * w - (w - 1) / 2);   /* util/flop_counts.h */
    default: return 2 * m * w * w - 2 * w * w * w / 3;
    }
}

/* cuSOLVER's ?getrf and ?geqrf of rows x w panels taller than
 * PANEL_ROWS, the machine files' panel rows (the 2-D LU factors whole
 * process columns of up to N rows at once on one GPU): GF/s by rows, as
 * comment lines, for a rate class by height.  Own buffers (up to 1 GiB
 * each); a size that cannot be set up is skipped. */
static void tall_panels(cusolverDnHandle_t solver, const double *host_values)
{
    static const int heights[] = { 4096, 16384, 65536, 262144 };
    static const int widths[] = { 256, 512 };
    for (int q = 0; q < 2; q++)
        for (size_t wi = 0; wi < sizeof widths / sizeof *widths; wi++) {
            int w = widths[wi];
            printf("# %s of rows x %d panels, GF/s by rows:", q ? "geqrf" : "getrf", w);
            for (size_t hi = 0; hi < sizeof heights / sizeof *heights; hi++) {
                int m = heights[hi], lwork = 0;
                size_t bytes = (size_t)m * w * sizeof(double);
                double *a = NULL, *pristine = NULL, *work = NULL, *tau = NULL;
                int *ipiv = NULL, *info = NULL;
                int ok = cudaMalloc((void **)&a, bytes) == cudaSuccess
                         && cudaMalloc((void **)&pristine, bytes) == cudaSuccess
                         && (q ? cusolverDnDgeqrf_bufferSize(solver, m, w, a, m, &lwork)
                               : cusolverDnDgetrf_bufferSize(solver, m, w, a, m, &lwork))
                                == CUSOLVER_STATUS_SUCCESS
                         && cudaMalloc((void **)&work, ((size_t)lwork + 1) * sizeof(double))
                                == cudaSuccess
                         && cudaMalloc((void **)&tau, (size_t)w * sizeof(double)) == cudaSuccess
                         && cudaMalloc((void **)&ipiv, (size_t)w * sizeof(int)) == cudaSuccess
                         && cudaMalloc((void **)&info, sizeof(int)) == cudaSuccess;
                /* the values: PANEL_ROWS x w of the host buffer, repeated */
                for (size_t off = 0; ok && off < (size_t)m * w; off += (size_t)PANEL_ROWS * w) {
                    size_t n = (size_t)m * w - off < (size_t)PANEL_ROWS * w
                                   ? (size_t)m * w - off : (size_t)PANEL_ROWS * w;
                    ok = cudaMemcpy(pristine + off, host_values, n * sizeof(double),
                                    cudaMemcpyHostToDevice) == cudaSuccess;
                }
                float best = 1e30f;
                for (int r = 0; ok && r <= REPS; r++) {
                    float ms = 0;
                    cudaMemcpyAsync(a, pristine, bytes, cudaMemcpyDeviceToDevice, stream);
                    cudaEventRecord(ev0, stream);
                    if (q)
                        cusolverDnDgeqrf(solver, m, w, a, m, tau, work, lwork, info);
                    else
                        cusolverDnDgetrf(solver, m, w, a, m, work, ipiv, info);
                    cudaEventRecord(ev1, stream);
                    cudaEventSynchronize(ev1);
                    cudaEventElapsedTime(&ms, ev0, ev1);
                    if (r > 0 && ms < best)
                        best = ms;
                }
                double f = (double)m * w * w - (double)w * w * w / 3;
                if (ok)
                    printf(" %d:%.0f", m, (q ? 2 : 1) * f / (best * 1e-3) * 1e-9);
                cudaFree(a);
                cudaFree(pristine);
                cudaFree(work);
                cudaFree(tau);
                cudaFree(ipiv);
                cudaFree(info);
                cudaGetLastError();   /* a size that failed does not stop the others */
            }
            printf("\n");
        }
}

/* What one lu_column task of a GPU column costs (kernels/lu_kernels_body.h):
 * cuSOLVER's ?laswp of a panel's w interchanges over a rows x w column,
 * the unit TRSM of its top w rows and the GEMM of the rows below, each
 * timed alone (best of REPS, CUDA events), in microseconds, as a comment
 * line per width.  The model prices the TRSM and the GEMM by the gpu.trsm
 * and gpu.gemm rates and not the interchanges (a GPU's memory is fast):
 * these times show what that leaves out.  Pivots at random below their
 * row, as partial pivoting picks them. */
static void lu_columns(cublasHandle_t blas, cusolverDnHandle_t solver, const double *host_values)
{
    static const int heights[] = { 4096, 16384 };
    static const int widths[] = { 256, 512 };
    for (size_t wi = 0; wi < sizeof widths / sizeof *widths; wi++) {
        int w = widths[wi];
        printf("# lu_column of rows x %d (laswp, trsm, gemm), us by rows:", w);
        for (size_t hi = 0; hi < sizeof heights / sizeof *heights; hi++) {
            int m = heights[hi];
            size_t bytes = (size_t)m * w * sizeof(double);
            double *c = NULL, *l = NULL;
            int *ipiv = NULL, *host_piv = malloc((size_t)w * sizeof(int));
            int ok = host_piv && cudaMalloc((void **)&c, bytes) == cudaSuccess
                     && cudaMalloc((void **)&l, bytes) == cudaSuccess
                     && cudaMalloc((void **)&ipiv, (size_t)w * sizeof(int)) == cudaSuccess;
            for (int i = 0; ok && i < w; i++)   /* 1-based, at or below row i + 1 */
                host_piv[i] = i + 1 + (int)(rand() % (m - i));
            for (size_t off = 0; ok && off < (size_t)m * w; off += (size_t)PANEL_ROWS * w) {
                size_t n = (size_t)m * w - off < (size_t)PANEL_ROWS * w
                               ? (size_t)m * w - off : (size_t)PANEL_ROWS * w;
                ok = cudaMemcpy(c + off, host_values, n * sizeof(double),
                                cudaMemcpyHostToDevice) == cudaSuccess
                     && cudaMemcpy(l + off, host_values, n * sizeof(double),
                                   cudaMemcpyHostToDevice) == cudaSuccess;
            }
            ok = ok && cudaMemcpy(ipiv, host_piv, (size_t)w * sizeof(int),
                                  cudaMemcpyHostToDevice) == cudaSuccess;
            float best[3] = { 1e30f, 1e30f, 1e30f };
            const double one = 1, minus_one = -1;
            for (int r = 0; ok && r <= REPS; r++)
                for (int k = 0; ok && k < 3; k++) {
                    float ms = 0;
                    cudaEventRecord(ev0, stream);
                    if (k == 0)
                        ok = cusolverDnDlaswp(solver, w, c, m, 1, w, ipiv, 1)
                             == CUSOLVER_STATUS_SUCCESS;
                    else if (k == 1)
                        ok = cublasDtrsm(blas, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER,
                                         CUBLAS_OP_N, CUBLAS_DIAG_UNIT, w, w, &one, l, m, c, m)
                             == CUBLAS_STATUS_SUCCESS;
                    else
                        ok = cublasDgemm(blas, CUBLAS_OP_N, CUBLAS_OP_N, m - w, w, w,
                                         &minus_one, l + w, m, c, m, &one, c + w, m)
                             == CUBLAS_STATUS_SUCCESS;
                    cudaEventRecord(ev1, stream);
                    cudaEventSynchronize(ev1);
                    cudaEventElapsedTime(&ms, ev0, ev1);
                    if (r > 0 && ms < best[k])
                        best[k] = ms;
                }
            if (ok)
                printf(" %d:%.0f/%.0f/%.0f", m, best[0] * 1e3, best[1] * 1e3, best[2] * 1e3);
            cudaFree(c);
            cudaFree(l);
            cudaFree(ipiv);
            free(host_piv);
            cudaGetLastError();   /* a size that failed does not stop the others */
        }
        printf("\n");
    }
}

int main(int argc, char **argv)
{
    int max_w = argc > 1 ? atoi(argv[1]) : 4096;
    /* 64 and 128: the tiles of small calls, which a GPU runs far below its
     * rates; a machine file without them prices them at 256's. */
    static const int widths[] = { 64, 128, 256, 512, 1024, 2048, 4096 };
    static const char kernels[] = "gstplqfo";
    static const char *names[] = { "gemm", "syrk", "trsm", "potrf", "getrf", "geqrf",
                                   "larft", "gemqrt" };
    struct cudaDeviceProp prop;
    cublasHandle_t blas;
    cusolverDnHandle_t solver;
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess || count < 1 ||
        cudaGetDeviceProperties(&prop, 0) != cudaSuccess) {
        printf("# no usable GPU\n");
        return 77;
    }
    size_t big = (size_t)PANEL_ROWS * (size_t)max_w;
    if ((size_t)4 * max_w * max_w > big)
        big = (size_t)4 * max_w * max_w;
    operands o = { 0 };
    double *host = NULL;
    int lwork_geqrf = 0;
    if (cudaSetDevice(0) != cudaSuccess || cudaStreamCreate(&stream) != cudaSuccess ||
        cudaEventCreate(&ev0) != cudaSuccess || cudaEventCreate(&ev1) != cudaSuccess ||
        cublasCreate(&blas) != CUBLAS_STATUS_SUCCESS ||
        cusolverDnCreate(&solver) != CUSOLVER_STATUS_SUCCESS ||
        cusolverDnCreateParams(&o.params) != CUSOLVER_STATUS_SUCCESS ||
        cudaMallocHost((void **)&host, big * sizeof(double)) != cudaSuccess ||
        cudaMalloc((void **)&o.a, big * sizeof(double)) != cudaSuccess ||
        cudaMalloc((void **)&o.pristine, big * sizeof(double)) != cudaSuccess ||
        cudaMalloc((void **)&o.b, big * sizeof(double)) != cudaSuccess ||
        cudaMalloc((void **)&o.c, big * sizeof(double)) != cudaSuccess ||
        cudaMalloc((void **)&o.ipiv, (size_t)max_w * sizeof(int)) != cudaSuccess ||
        cudaMalloc((void **)&o.info, sizeof(int)) != cudaSuccess) {
        printf("# cannot set up GPU 0 for widths up to %d\n", max_w);
        return 1;
    }
    cublasSetStream(blas, stream);
    cusolverDnSetStream(solver, stream);
    cusolverDnDpotrf_bufferSize(solver, CUBLAS_FILL_MODE_LOWER, max_w, o.a, max_w, &o.lwork);
    cusolverDnDgeqrf_bufferSize(solver, PANEL_ROWS, max_w, o.a, PANEL_ROWS, &lwork_geqrf);
    int lwork_getrf = 0;
    cusolverDnDgetrf_bufferSize(solver, PANEL_ROWS, max_w, o.a, PANEL_ROWS, &lwork_getrf);
    int lwork_ormqr = 0;
    cusolverDnDormqr_bufferSize(solver, CUBLAS_SIDE_LEFT, CUBLAS_OP_N, 2 * max_w, max_w, max_w,
                                o.b, 2 * max_w, o.c, o.a, 2 * max_w, &lwork_ormqr);
    if (lwork_geqrf > o.lwork)
        o.lwork = lwork_geqrf;
    if (lwork_ormqr > o.lwork)
        o.lwork = lwork_ormqr;
    if (lwork_getrf > o.lwork)
        o.lwork = lwork_getrf;
    if (cudaMalloc((void **)&o.work, (size_t)o.lwork * sizeof(double)) != cudaSuccess) {
        printf("# cannot allocate cuSOLVER's workspace (%d values)\n", o.lwork);
        return 1;
    }
    /* Xlarft's workspaces for the widest panel serve every narrower one
     * (queried again below: each call gets what its own query gave). */
    if (cusolverDnXlarft_bufferSize(solver, o.params, CUBLAS_DIRECT_FORWARD,
                                    CUBLAS_STOREV_COLUMNWISE, PANEL_ROWS, max_w, CUDA_R_64F, o.a,
                                    PANEL_ROWS, CUDA_R_64F, o.c, CUDA_R_64F, o.b, max_w,
                                    CUDA_R_64F, &o.xwork_bytes, &o.xhost_bytes)
            != CUSOLVER_STATUS_SUCCESS ||
        cudaMalloc(&o.xwork, o.xwork_bytes ? o.xwork_bytes : 1) != cudaSuccess ||
        !(o.xhost = malloc(o.xhost_bytes ? o.xhost_bytes : 1))) {
        printf("# cannot set up cusolverDnXlarft's workspaces\n");
        return 1;
    }
    size_t xwork_max = o.xwork_bytes, xhost_max = o.xhost_bytes;

    /* The link: pinned host memory each way, 256 MiB or what was allocated. */
    size_t bytes = big * sizeof(double);
    fill(host, big, 0);
    float ms_in = 1e30f, ms_out = 1e30f;
    for (int r = 0; r <= REPS; r++) {
        float ms;
        cudaEventRecord(ev0, stream);
        cudaMemcpyAsync(o.b, host, bytes, cudaMemcpyHostToDevice, stream);
        cudaEventRecord(ev1, stream);
        cudaEventSynchronize(ev1);
        cudaEventElapsedTime(&ms, ev0, ev1);
        if (r > 0 && ms < ms_in)
            ms_in = ms;
        cudaEventRecord(ev0, stream);
        cudaMemcpyAsync(host, o.b, bytes, cudaMemcpyDeviceToHost, stream);
        cudaEventRecord(ev1, stream);
        cudaEventSynchronize(ev1);
        cudaEventElapsedTime(&ms, ev0, ev1);
        if (r > 0 && ms < ms_out)
            ms_out = ms;
    }
    printf("# measured by testing/gpu/cusolver_rates on GPU 0: %s, %d SMs, %.1f GiB;\n"
           "# best of %d (CUDA events), operands on the GPU; getrf, geqrf and larft on "
           "%d-row panels\n",
           prop.name, prop.multiProcessorCount, (double)prop.totalGlobalMem / (1 << 30), REPS,
           PANEL_ROWS);
    printf("# pinned host -> GPU %.1f GB/s, GPU -> pinned host %.1f GB/s (%.0f MiB)\n",
           (double)bytes / (ms_in * 1e-3) * 1e-9, (double)bytes / (ms_out * 1e-3) * 1e-9,
           (double)bytes / (1 << 20));
    printf("link.gbs = %.1f\n", (double)bytes / ((ms_in > ms_out ? ms_in : ms_out) * 1e-3) * 1e-9);

    for (int k = 0; kernels[k]; k++) {
        printf("gpu.%s =", names[k]);
        for (size_t i = 0; i < sizeof widths / sizeof widths[0] && widths[i] <= max_w; i++) {
            int w = widths[i];
            int rows = kernels[k] == 'l' || kernels[k] == 'q' || kernels[k] == 'f' ? PANEL_ROWS
                       : kernels[k] == 't'                                       ? 4 * w
                       : kernels[k] == 'o'                                       ? 2 * w
                                                                                 : w;
            if (kernels[k] == 'f' &&
                (cusolverDnXlarft_bufferSize(solver, o.params, CUBLAS_DIRECT_FORWARD,
                                             CUBLAS_STOREV_COLUMNWISE, PANEL_ROWS, w, CUDA_R_64F,
                                             o.a, PANEL_ROWS, CUDA_R_64F, o.c, CUDA_R_64F, o.b,
                                             w, CUDA_R_64F, &o.xwork_bytes, &o.xhost_bytes)
                     != CUSOLVER_STATUS_SUCCESS ||
                 o.xwork_bytes > xwork_max || o.xhost_bytes > xhost_max)) {
                printf("\n# cusolverDnXlarft_bufferSize: more for %d than for %d\n", w, max_w);
                return 1;
            }
            fill(host, (size_t)rows * w, kernels[k] == 'p' ? w : 0);
            cudaMemcpy(o.pristine, host, (size_t)rows * w * sizeof(double),
                       cudaMemcpyHostToDevice);
            fill(host, (size_t)w * w, w);   /* B and C: an SPD (well-conditioned) triangle */
            cudaMemcpy(o.b, host, (size_t)w * w * sizeof(double), cudaMemcpyHostToDevice);
            if (kernels[k] == 'o') {   /* B: 2w x w reflectors */
                fill(host, (size_t)2 * w * w, 0);
                cudaMemcpy(o.b, host, (size_t)2 * w * w * sizeof(double),
                           cudaMemcpyHostToDevice);
            }
            cudaMemcpy(o.c, host, (size_t)w * w * sizeof(double), cudaMemcpyHostToDevice);
            float best = 1e30f;
            for (int r = 0; r <= REPS; r++) {
                float ms = timed(blas, solver, kernels[k], w, &o);
                if (r > 0 && ms < best)
                    best = ms;
            }
            printf(" %d:%.0f", w, flops(kernels[k], w) / (best * 1e-3) * 1e-9);
        }
        printf("\n");
    }
    if (max_w >= 512) {   /* the host buffer holds PANEL_ROWS x 512 values */
        fill(host, (size_t)PANEL_ROWS * 512, 0);
        tall_panels(solver, host);
        lu_columns(blas, solver, host);
    }
    cudaError_t err = cudaGetLastError();
    if (err != cudaSuccess) {
        printf("# CUDA error %s\n", cudaGetErrorString(err));
        return 1;
    }
    return 0;
}
