/* The Cholesky tile model (see tile_model.h). */
#include "config.h"

#include "layout/tile_model.h"

/* The scheduler runs the next tile column's POTRF and TRSMs ahead of the
 * updates (priorities), so most of the critical path overlaps with update
 * work; what it cannot hide shows at the start (one column's chain
 * before the first updates) and at the end (the last columns have little
 * update work).  Fitted on one rank of two threads at N = 4000 and 8000
 * (tiles 256..1024): half of the critical path, on the threads that are
 * not running it.  It is a property of the schedule, not of a CPU: the
 * rates carry the machine. */
static const double HIDDEN_PATH_SHARE = 0.5;

double hs_tile_model_cholesky_seconds(int n, int b, int threads, const double rate[HS_NRATES])
{
    return hs_tile_model_cholesky_strips_seconds(n, b, threads, rate, 0, 0);
}

double hs_tile_model_cholesky_strips_seconds(int n, int b, int threads,
                                             const double rate[HS_NRATES], double strip_gemm,
                                             double strip_share)
{
    double nt = (double)n / b, cube = (double)b * b * b * 1e-9;
    double potrf = cube / 3, trsm = cube, syrk = cube, gemm = 2 * cube;
    double pairs = nt * (nt - 1) / 2, triples = nt * (nt - 1) * (nt - 2) / 6;
    double per_gemm = (1 - strip_share) / rate[HS_RATE_GEMM]
                      + (strip_share > 0 ? strip_share / strip_gemm : 0);
    double work = nt * potrf / rate[HS_RATE_POTRF] + pairs * trsm / rate[HS_RATE_TRSM]
                  + pairs * syrk / rate[HS_RATE_SYRK] + triples * gemm * per_gemm;
    double path = nt * (potrf / rate[HS_RATE_POTRF] + trsm / rate[HS_RATE_TRSM]
                        + gemm / rate[HS_RATE_GEMM]);
    double p = threads > 0 ? threads : 1;
    return work / p + HIDDEN_PATH_SHARE * path * (1 - 1 / p);
}

int hs_tile_model_choose(int n, int threads, const double rates[][HS_NRATES], int count,
                         double *predicted)
{
    int best = -1;
    for (int s = 0; s < count && s < HS_RATE_SIZES; s++) {
        int b = hs_rate_size[s], known = 1;
        predicted[s] = 0;
        for (int k = 0; k < HS_NRATES; k++)
            known = known && rates[s][k] > 0;
        if (!known || (long)b * HS_TILE_MODEL_MIN_COLUMNS > n)
            continue;
        predicted[s] = hs_tile_model_cholesky_seconds(n, b, threads, rates[s]);
        if (best < 0 || predicted[s] < predicted[best])
            best = s;
    }
    for (int s = count; s < HS_RATE_SIZES; s++)
        predicted[s] = 0;
    return best < 0 ? 0 : hs_rate_size[best];
}
