/* The rate classes' names and fallbacks (see work_class.h). */
#include "config.h"

#include "util/work_class.h"

const char *const hs_work_class_name[HS_NWORK] = {
    [HS_WORK_GEMM] = "gemm", [HS_WORK_SYRK] = "syrk", [HS_WORK_TRSM] = "trsm",
    [HS_WORK_POTRF] = "potrf", [HS_WORK_GEQRF] = "geqrf", [HS_WORK_GETRF] = "getrf",
    [HS_WORK_TPQRT] = "tpqrt", [HS_WORK_TPMQRT] = "tpmqrt", [HS_WORK_GEMQRT] = "gemqrt",
    [HS_WORK_ORHR] = "orhr", [HS_WORK_LARFT] = "larft", [HS_WORK_GETRF_TEAM] = "getrf_team",
    [HS_WORK_POTRF_TEAM] = "potrf_team", [HS_WORK_GEQRF_TEAM] = "geqrf_team",
    [HS_WORK_GEMM_SUM] = "gemm_sum", [HS_WORK_LU_SPREAD] = "lu_spread",
    [HS_WORK_MEMORY] = "memory",
};

int hs_work_fallback(int c)
{
    switch (c) {
    case HS_WORK_TPQRT:
        return HS_WORK_GEQRF;
    case HS_WORK_TPMQRT:
    case HS_WORK_GEMQRT:
    case HS_WORK_GEMM_SUM:
        return HS_WORK_GEMM;
    case HS_WORK_ORHR:
        return HS_WORK_TRSM;
    case HS_WORK_LARFT:
        return HS_WORK_SYRK;
    case HS_WORK_GETRF_TEAM:
    case HS_WORK_LU_SPREAD:
        return HS_WORK_GETRF;
    case HS_WORK_POTRF_TEAM:
        return HS_WORK_POTRF;
    case HS_WORK_GEQRF_TEAM:
        return HS_WORK_GEQRF;
    default:
        return c;
    }
}
