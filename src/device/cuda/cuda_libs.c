/* cuBLAS and cuSOLVER, loaded on demand (see cuda_libs.h). */
#include "config.h"

#if HETSCAL_HAVE_CUDA
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "device/cuda/cuda_libs.h"

hs_cuda_libs hs_cuda_lib;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int status = -1;
static char reason[512];

#if HETSCAL_CUDA_STANDIN
static void load(void)
{
#define HS_CUDA_LIB_TAKE(f) hs_cuda_lib.p_##f = &f;
    HS_CUDA_LIB_FUNCTIONS(HS_CUDA_LIB_TAKE)
#undef HS_CUDA_LIB_TAKE
    status = 0;
}
#else
#define HS_CUDA_LIB_NAME_(f) #f
#define HS_CUDA_LIB_NAME(f) HS_CUDA_LIB_NAME_(f)

/* The toolkit's library by its soname (found where CUDA's loader finds
 * it: LD_LIBRARY_PATH, then the directory configure found, which is
 * libhetscal's run path), else by the path configure saw. */
static void *open_library(const char *soname)
{
    void *h = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", HETSCAL_CUDA_LIBDIR, soname);
        h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    }
    if (!h && !reason[0]) {
        const char *e = dlerror();
        snprintf(reason, sizeof reason, "cannot load %s: %s", soname, e ? e : "not found");
    }
    return h;
}

/* name's address in one of the libraries, through memcpy: POSIX's way
 * to turn dlsym's object pointer into a function pointer. */
static int resolve(void *const *libs, int nlibs, const char *name, void *fn, size_t fnsize)
{
    for (int i = 0; i < nlibs; i++) {
        void *sym = dlsym(libs[i], name);
        if (sym && fnsize == sizeof sym) {
            memcpy(fn, &sym, sizeof sym);
            return 0;
        }
    }
    if (!reason[0])
        snprintf(reason, sizeof reason, "%s is not in %s or %s", name, HETSCAL_CUBLAS_SONAME,
                 HETSCAL_CUSOLVER_SONAME);
    return -1;
}

static void load(void)
{
    void *libs[2] = { open_library(HETSCAL_CUBLAS_SONAME),
                      open_library(HETSCAL_CUSOLVER_SONAME) };
    int missing = !libs[0] || !libs[1];
#define HS_CUDA_LIB_FIND(f)                                                                  \
    missing |= !missing && resolve(libs, 2, HS_CUDA_LIB_NAME(f), &hs_cuda_lib.p_##f,         \
                                   sizeof hs_cuda_lib.p_##f);
    HS_CUDA_LIB_FUNCTIONS(HS_CUDA_LIB_FIND)
#undef HS_CUDA_LIB_FIND
    /* A library that loaded stays: another thread of the application
     * may use it, and unloading CUDA's libraries is unsafe anyway. */
    status = missing ? -1 : 0;
}
#endif

int hs_cuda_libs_load(char *why, size_t whylen)
{
    pthread_once(&once, load);
    if (status && why && whylen)
        snprintf(why, whylen, "%s", reason);
    return status;
}
#endif
