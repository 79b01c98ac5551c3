/* The testers' shared check helpers (checks.h). */
#include "config.h"

#include "checks.h"

int tester_residual_ok(double resid, double thresh)
{
    return resid - resid == 0.0 && resid >= 0.0 && resid <= thresh;
}

double tester_worse(double current, double next)
{
    if (current != current || current < 0.0)
        return current;
    if (next != next || next < 0.0)
        return next;
    return next > current ? next : current;
}

int tester_max_int(int a, int b)
{
    return a > b ? a : b;
}

int tester_min_int(int a, int b)
{
    return a < b ? a : b;
}
