/* hetscal-info: the versions of the CUDA runtime, the driver, cuBLAS and
 * cuSOLVER this process finds.  Compiled in CUDA builds only (the rest
 * of hetscal-info reaches the GPUs through the device layer). */
#include "config.h"

#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <cusolverDn.h>
#include <stdio.h>
#include <string.h>

#include "device/cuda/cuda_libs.h"
#include "tools/hetscal_info.h"

/* CUDA's integer versions: 1000 major + 10 minor. */
static void cuda_version(char *out, size_t bytes, const char *what, int ok, int v)
{
    if (ok)
        snprintf(out, bytes, "%s %d.%d", what, v / 1000, v % 1000 / 10);
    else
        snprintf(out, bytes, "%s unknown", what);
}

/* A library's MAJOR.MINOR.PATCH from its get_property function. */
static void library_version(char *out, size_t bytes, const char *what, int ok,
                            const int v[3])
{
    if (ok)
        snprintf(out, bytes, "%s %d.%d.%d", what, v[0], v[1], v[2]);
    else
        snprintf(out, bytes, "%s unknown", what);
}

void hetscal_info_cuda_versions(char *out, size_t bytes)
{
    char runtime[64], driver[64], blas[64], solver[600];
    int rv = 0, dv = 0, bv[3] = { 0, 0, 0 }, sv[3] = { 0, 0, 0 }, bok = 1, sok = 1;
    const libraryPropertyType parts[3] = { MAJOR_VERSION, MINOR_VERSION, PATCH_LEVEL };

    /* Without a usable driver the runtime may answer 0: the version it
     * was built as is then all there is to say. */
    if (cudaRuntimeGetVersion(&rv) == cudaSuccess && rv > 0)
        cuda_version(runtime, sizeof runtime, "runtime", 1, rv);
    else
        cuda_version(runtime, sizeof runtime, "runtime (headers)", 1, CUDART_VERSION);
    /* 0 when no driver is installed (a build machine without a GPU). */
    int dok = cudaDriverGetVersion(&dv) == cudaSuccess;
    if (dok && dv == 0)
        snprintf(driver, sizeof driver, "driver none");
    else
        cuda_version(driver, sizeof driver, "driver", dok, dv);
    /* The libraries a GPU's opening loads (device/cuda/cuda_libs.h). */
    char why[512];
    int loaded = hs_cuda_libs_load(why, sizeof why) == 0;
    bok = sok = loaded;
    for (int k = 0; k < 3 && loaded; k++) {
        bok = bok && HS_CU(cublasGetProperty)(parts[k], &bv[k]) == CUBLAS_STATUS_SUCCESS;
        sok = sok && HS_CU(cusolverGetProperty)(parts[k], &sv[k]) == CUSOLVER_STATUS_SUCCESS;
    }
    library_version(blas, sizeof blas, "cuBLAS", bok, bv);
    library_version(solver, sizeof solver, "cuSOLVER", sok, sv);
    if (!loaded)
        snprintf(solver + strlen(solver), sizeof solver - strlen(solver), " (%s)", why);
    snprintf(out, bytes, "%s, %s, %s, %s%s", runtime, driver, blas, solver,
#ifdef CUDA_STANDIN_HEADERS
             " (the host stand-in of CUDA, testing/cuda_standin)"
#else
             ""
#endif
    );
}
