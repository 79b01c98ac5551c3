/* cuBLAS, and cuSOLVER's ?laswp, ?potrf, ?getrf, ?geqrf, ?ormqr
 * (?unmqr) and the 64-bit Xlarft (HS_K_LARFT's T; its V1 by ?trmm), for
 * one precision
 * (device/cuda/cuda_device.c instantiates it per precision through
 * util/prec_instantiate.h).  C99 complex scalars have
 * the layout of cuComplex and cuDoubleComplex (two reals). */
#if HS_P == 1
#define HS_CUBLAS(name) HS_CU(cublasS##name)
#define HS_CUSOLVER(name) HS_CU(cusolverDnS##name)
#define HS_CUBLAS_HERK HS_CU(cublasSsyrk)
#define HS_CUBLAS_IAMAX HS_CU(cublasIsamax)
#define HS_CUSOLVER_UNMQR(name) HS_CU(cusolverDnSormqr##name)
#define HS_CU_T float
#define HS_CU_TYPE CUDA_R_32F
#elif HS_P == 0
#define HS_CUBLAS(name) HS_CU(cublasD##name)
#define HS_CUSOLVER(name) HS_CU(cusolverDnD##name)
#define HS_CUBLAS_HERK HS_CU(cublasDsyrk)
#define HS_CUBLAS_IAMAX HS_CU(cublasIdamax)
#define HS_CUSOLVER_UNMQR(name) HS_CU(cusolverDnDormqr##name)
#define HS_CU_T double
#define HS_CU_TYPE CUDA_R_64F
#elif HS_P == 2
#define HS_CUBLAS(name) HS_CU(cublasC##name)
#define HS_CUSOLVER(name) HS_CU(cusolverDnC##name)
#define HS_CUBLAS_HERK HS_CU(cublasCherk)
#define HS_CUBLAS_IAMAX HS_CU(cublasIcamax)
#define HS_CUSOLVER_UNMQR(name) HS_CU(cusolverDnCunmqr##name)
#define HS_CU_T cuComplex
#define HS_CU_TYPE CUDA_C_32F
#else
#define HS_CUBLAS(name) HS_CU(cublasZ##name)
#define HS_CUSOLVER(name) HS_CU(cusolverDnZ##name)
#define HS_CUBLAS_HERK HS_CU(cublasZherk)
#define HS_CUBLAS_IAMAX HS_CU(cublasIzamax)
#define HS_CUSOLVER_UNMQR(name) HS_CU(cusolverDnZunmqr##name)
#define HS_CU_T cuDoubleComplex
#define HS_CU_TYPE CUDA_C_64F
#endif

/* cuSOLVER's ?potrf with its workspace from the device's scratch; the
 * result reaches k->info through potrf_report. */
static int HS_SFX(run_potrf)(hs_device *dev, cusolverDnHandle_t solver, const hs_kernel_call *k)
{
    if (k->n == 0) {   /* nothing to factor, nothing to wait for */
        *k->info = 0;
        return 0;
    }
    int lwork = 0;
    int err = check_solver(dev, HS_CUSOLVER(potrf_bufferSize)(solver, fill_of(k->uplo),
                                                               k->n, (HS_CU_T *)k->c, k->ldc,
                                                               &lwork),
                           "cusolverDn?potrf_bufferSize");
    size_t esize = sizeof(HS_T);
    if (!err)
        err = scratch_reserve(dev, SCRATCH_INFO_BYTES + (size_t)(lwork > 0 ? lwork : 1) * esize,
                              STAGE_INFO_BYTES + (size_t)k->n * esize);
    if (err)
        return err;
    cuda_lane *l = cur_lane;
    err = check_solver(dev, HS_CUSOLVER(potrf)(solver, fill_of(k->uplo), k->n,
                                               (HS_CU_T *)k->c, k->ldc,
                                               (HS_CU_T *)((char *)l->scratch + SCRATCH_INFO_BYTES),
                                               lwork, (int *)l->scratch),
                       "cusolverDn?potrf");
    return err ? err : potrf_report(dev, k, esize);
}

/* cuSOLVER's ?getrf with its workspace from the device's scratch; INFO
 * and the pivots straight to k->d, which is device memory. */
static int HS_SFX(run_getrf)(hs_device *dev, cusolverDnHandle_t solver, const hs_kernel_call *k)
{
    cuda_lane *l = cur_lane;
    int err = scratch_reserve(dev, SCRATCH_INFO_BYTES, STAGE_INFO_BYTES);
    if (!err && (k->m == 0 || k->n == 0))   /* nothing to factor: INFO 0 */
        err = check(dev, cudaMemcpyAsync(k->d, (char *)l->stage + STAGE_ZERO, sizeof(int),
                                         cudaMemcpyHostToDevice, l->stream),
                    "cudaMemcpyAsync");
    if (err || k->m == 0 || k->n == 0)
        return err;
    int lwork = 0;
    err = check_solver(dev, HS_CUSOLVER(getrf_bufferSize)(solver, k->m, k->n, (HS_CU_T *)k->c,
                                                           k->ldc, &lwork),
                       "cusolverDn?getrf_bufferSize");
    if (!err)
        err = scratch_reserve_work(dev, 0, lwork, sizeof(HS_T));
    if (err)
        return err;
    return check_solver(dev, HS_CUSOLVER(getrf)(solver, k->m, k->n, (HS_CU_T *)k->c, k->ldc,
                                                (HS_CU_T *)((char *)l->scratch +
                                                            SCRATCH_INFO_BYTES),
                                                k->d + 1, k->d),
                        "cusolverDn?getrf");
}

/* cuSOLVER's ?geqrf: devInfo and the taus in the scratch (cuSOLVER wants
 * them contiguous), then the taus to their row and R to k->r on the same
 * stream.  devInfo only reports an illegal argument, which the checks
 * already exclude. */
static int HS_SFX(run_geqrf)(hs_device *dev, cusolverDnHandle_t solver, const hs_kernel_call *k)
{
    int kk = k->m < k->n ? k->m : k->n, lwork = 0;
    if (kk == 0)
        return 0;
    size_t esize = sizeof(HS_T), taus = scratch_aligned((size_t)kk * esize);
    int err = check_solver(dev, HS_CUSOLVER(geqrf_bufferSize)(solver, k->m, k->n,
                                                               (HS_CU_T *)k->c, k->ldc, &lwork),
                           "cusolverDn?geqrf_bufferSize");
    if (!err)
        err = scratch_reserve_work(dev, taus, lwork, esize);
    if (err)
        return err;
    cuda_lane *l = cur_lane;
    cudaStream_t s = l->stream;
    char *tau = (char *)l->scratch + SCRATCH_INFO_BYTES;
    err = check_solver(dev, HS_CUSOLVER(geqrf)(solver, k->m, k->n, (HS_CU_T *)k->c, k->ldc,
                                               (HS_CU_T *)tau, (HS_CU_T *)(tau + taus), lwork,
                                               (int *)l->scratch),
                       "cusolverDn?geqrf");
    if (!err)
        err = check(dev, cudaMemcpy2DAsync(k->tau, (size_t)k->inctau * esize, tau, esize, esize,
                                           (size_t)kk, cudaMemcpyDeviceToDevice, s),
                    "cudaMemcpy2DAsync");
    if (!err && k->r)
        err = check(dev, cudaMemcpy2DAsync(k->r, (size_t)k->ldr * esize, k->c,
                                           (size_t)k->ldc * esize, (size_t)kk * esize,
                                           (size_t)k->n, cudaMemcpyDeviceToDevice, s),
                    "cudaMemcpy2DAsync");
    if (!err && k->r && kk < k->n)
        err = check(dev, cudaMemset2DAsync((char *)k->r + (size_t)kk * esize,
                                           (size_t)k->ldr * esize, 0,
                                           (size_t)(k->n - kk) * esize, (size_t)k->n, s),
                    "cudaMemset2DAsync");
    return err;
}

/* c = Q [b; 0] (HS_K_ORMQR): the reflectors and their taus copied into
 * the scratch, b and the zeros into c, then cuSOLVER's ?ormqr (?unmqr)
 * from the copies, all on the compute stream. */
static int HS_SFX(run_ormqr)(hs_device *dev, cusolverDnHandle_t solver, const hs_kernel_call *k)
{
    if (k->m == 0 || k->n == 0)
        return 0;
    size_t esize = sizeof(HS_T), taus = scratch_aligned((size_t)(k->k > 0 ? k->k : 1) * esize);
    size_t refl = scratch_aligned((size_t)k->m * (size_t)(k->k > 0 ? k->k : 1) * esize);
    int lwork = 0, err = 0;
    if (k->k > 0)
        err = check_solver(dev, HS_CUSOLVER_UNMQR(_bufferSize)(solver, CUBLAS_SIDE_LEFT,
                                                                CUBLAS_OP_N, k->m, k->n, k->k,
                                                                (const HS_CU_T *)k->c, k->ldc,
                                                                (const HS_CU_T *)k->tau,
                                                                (const HS_CU_T *)k->c, k->ldc,
                                                                &lwork),
                           "cusolverDn?ormqr_bufferSize");
    if (!err)
        err = scratch_reserve_work(dev, taus + refl, lwork, esize);
    if (err)
        return err;
    cuda_lane *l = cur_lane;
    cudaStream_t s = l->stream;
    char *tau = (char *)l->scratch + SCRATCH_INFO_BYTES, *v = tau + taus, *work = v + refl;
    size_t m = (size_t)k->m, ldc = (size_t)k->ldc * esize;
    if (k->k > 0) {
        err = check(dev, cudaMemcpy2DAsync(tau, esize, k->tau, (size_t)k->inctau * esize, esize,
                                           (size_t)k->k, cudaMemcpyDeviceToDevice, s),
                    "cudaMemcpy2DAsync");
        if (!err)
            err = check(dev, cudaMemcpy2DAsync(v, m * esize, k->c, ldc, m * esize,
                                               (size_t)k->k, cudaMemcpyDeviceToDevice, s),
                        "cudaMemcpy2DAsync");
        if (!err)
            err = check(dev, cudaMemcpy2DAsync(k->c, ldc, k->b, (size_t)k->ldb * esize,
                                               (size_t)k->k * esize, (size_t)k->n,
                                               cudaMemcpyDeviceToDevice, s),
                        "cudaMemcpy2DAsync");
    }
    if (!err && k->k < k->m)
        err = check(dev, cudaMemset2DAsync((char *)k->c + (size_t)k->k * esize, ldc, 0,
                                           (m - (size_t)k->k) * esize, (size_t)k->n, s),
                    "cudaMemset2DAsync");
    if (err || k->k == 0)
        return err;
    return check_solver(dev, HS_CUSOLVER_UNMQR()(solver, CUBLAS_SIDE_LEFT, CUBLAS_OP_N, k->m,
                                                 k->n, k->k, (const HS_CU_T *)v, k->m,
                                                 (const HS_CU_T *)tau, (HS_CU_T *)k->c, k->ldc,
                                                 (HS_CU_T *)work, lwork, (int *)l->scratch),
                        "cusolverDn?ormqr");
}

/* HS_K_LARFT: T by cusolverDnXlarft (forward, columnwise; its device
 * workspace from the scratch, its host workspace the device's), then,
 * when r is asked for, V1 as an explicit unit lower triangle: r zeroed,
 * ones copied onto its diagonal from the pinned ones, and r = L r with L
 * a's top k x k unit lower triangle (cuBLAS's in-place ?trmm) -- all on
 * the compute stream, which both handles are set to. */
static int HS_SFX(run_larft)(hs_device *dev, cublasHandle_t h, cusolverDnHandle_t solver,
                             const hs_kernel_call *k)
{
    if (k->k == 0)
        return 0;
    cuda_dev *c = as_cuda(dev);
    cuda_lane *l = cur_lane;
    size_t esize = sizeof(HS_T), dev_bytes = 0, host_bytes = 0;
    int err = check_solver(dev,
                           HS_CU(cusolverDnXlarft_bufferSize)(
                               solver, c->params, CUBLAS_DIRECT_FORWARD, CUBLAS_STOREV_COLUMNWISE,
                               k->m, k->k, HS_CU_TYPE, k->a, k->lda, HS_CU_TYPE, k->tau,
                               HS_CU_TYPE, k->c, k->ldc, HS_CU_TYPE, &dev_bytes, &host_bytes),
                           "cusolverDnXlarft_bufferSize");
    /* Every kept buffer regrown before anything is enqueued: regrowing
     * waits for the streams. */
    if (!err)
        err = scratch_reserve(dev, SCRATCH_INFO_BYTES + (dev_bytes > 0 ? dev_bytes : 1),
                              STAGE_INFO_BYTES);
    if (!err)
        err = host_work_reserve(dev, host_bytes);
    if (!err && k->r)
        err = ones_reserve(dev, k->prec, k->k);
    if (err)
        return err;
    err = check_solver(dev,
                       HS_CU(cusolverDnXlarft)(
                           solver, c->params, CUBLAS_DIRECT_FORWARD, CUBLAS_STOREV_COLUMNWISE,
                           k->m, k->k, HS_CU_TYPE, k->a, k->lda, HS_CU_TYPE, k->tau, HS_CU_TYPE,
                           k->c, k->ldc, HS_CU_TYPE, (char *)l->scratch + SCRATCH_INFO_BYTES,
                           dev_bytes, host_bytes ? l->host_work : NULL, host_bytes),
                       "cusolverDnXlarft");
    if (err || !k->r)
        return err;
    cudaStream_t s = l->stream;
    size_t kk = (size_t)k->k, ldr = (size_t)k->ldr * esize;
    err = check(dev, cudaMemset2DAsync(k->r, ldr, 0, kk * esize, kk, s), "cudaMemset2DAsync");
    if (!err)
        err = check(dev, cudaMemcpy2DAsync(k->r, ldr + esize, c->ones[k->prec], esize, esize, kk,
                                           cudaMemcpyHostToDevice, s),
                    "cudaMemcpy2DAsync");
    if (err)
        return err;
    const HS_T one_t = (HS_R)1;
    return check_blas(dev, HS_CUBLAS(trmm)(h, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER,
                                           CUBLAS_OP_N, CUBLAS_DIAG_UNIT, k->k, k->k,
                                           (const HS_CU_T *)&one_t, k->a, k->lda, k->r, k->ldr,
                                           k->r, k->ldr),
                      "cublas?trmm");
}

static int HS_SFX(run_blas)(hs_device *dev, cublasHandle_t h, cusolverDnHandle_t solver,
                            const hs_kernel_call *k)
{
    const HS_T alpha_t = (HS_R)k->alpha, beta_t = (HS_R)k->beta;
    const HS_R ralpha = (HS_R)k->alpha, rbeta = (HS_R)k->beta;
    const HS_CU_T *alpha = (const HS_CU_T *)&alpha_t, *beta = (const HS_CU_T *)&beta_t;
    cublasOperation_t ta = op_of(k->transa, HS_COMPLEX), tb = op_of(k->transb, HS_COMPLEX);
    switch (k->op) {
    case HS_K_GEMM:
        return check_blas(dev, HS_CUBLAS(gemm)(h, ta, tb, k->m, k->n, k->k, alpha, k->a, k->lda,
                                               k->b, k->ldb, beta, k->c, k->ldc),
                          "cublas?gemm");
    case HS_K_HERK:
        return check_blas(dev, HS_CUBLAS_HERK(h, fill_of(k->uplo), ta, k->n, k->k, &ralpha,
                                              k->a, k->lda, &rbeta, k->c, k->ldc),
                          "cublas?herk");
    case HS_K_TRSM:
        return check_blas(dev, HS_CUBLAS(trsm)(h, side_of(k->side), fill_of(k->uplo), ta,
                                               diag_of(k->diag), k->m, k->n, alpha, k->a,
                                               k->lda, k->c, k->ldc),
                          "cublas?trsm");
    case HS_K_TRMM:
        /* cuBLAS's TRMM is out of place; c as both input and output is
         * the BLAS in-place form (documented by cuBLAS). */
        return check_blas(dev, HS_CUBLAS(trmm)(h, side_of(k->side), fill_of(k->uplo), ta,
                                               diag_of(k->diag), k->m, k->n, alpha, k->a,
                                               k->lda, k->c, k->ldc, k->c, k->ldc),
                          "cublas?trmm");
    case HS_K_LASWP:
        /* No interchanges, no call (K2 < K1 is not one of ?laswp's
         * documented uses). */
        if (k->k == 0 || k->n == 0)
            return 0;
        return check_solver(dev, HS_CUSOLVER(laswp)(solver, k->n, (HS_CU_T *)k->c, k->ldc, 1,
                                                    k->k, (const int *)k->a, 1),
                            "cusolverDn?laswp");
    case HS_K_POTRF:
        return HS_SFX(run_potrf)(dev, solver, k);
    case HS_K_GETRF:
        return HS_SFX(run_getrf)(dev, solver, k);
    case HS_K_GEQRF:
        return HS_SFX(run_geqrf)(dev, solver, k);
    case HS_K_ORMQR:
        return HS_SFX(run_ormqr)(dev, solver, k);
    case HS_K_LARFT:
        return HS_SFX(run_larft)(dev, h, solver, k);
    case HS_K_ROWS:
        return run_rows(dev, h, k);
    case HS_K_IAMAX:
        /* Host pointer mode (the handles' default): cuBLAS returns once
         * the stream's earlier work has run and *info is written.  Its
         * answer for n = 0 is 0, as BLAS's. */
        return check_blas(dev, HS_CUBLAS_IAMAX(h, k->n, (const HS_CU_T *)k->a, k->lda, k->info),
                          "cublasI?amax");
    default:
        return HETSCAL_ERR_DEVICE;
    }
}

#undef HS_CUBLAS
#undef HS_CUSOLVER
#undef HS_CUBLAS_HERK
#undef HS_CUBLAS_IAMAX
#undef HS_CUSOLVER_UNMQR
#undef HS_CU_T
#undef HS_CU_TYPE
