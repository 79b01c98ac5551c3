/* What the team panel tests (t_panel_team, t_qr_panel_team) share: the
 * rank's failed checks, a check that prints the rank and what failed, and
 * the entries of their matrices. */
#ifndef TESTING_PANEL_TEAM_TEST_H
#define TESTING_PANEL_TEAM_TEST_H

#include <stdint.h>
#include <stdio.h>

static int me, failures;

static void check(int ok, const char *what)
{
    if (!ok) {
        printf("FAILED on rank %d: %s\n", me, what);
        failures++;
    }
}

/* Entry (i, j) of A, in [-1, 1): the same on every rank and call. */
static double entry(int i, int j)
{
    uint64_t h = (uint64_t)i * 0x9E3779B97F4A7C15u ^ (uint64_t)j * 0xC2B2AE3D27D4EB4Fu;
    h ^= h >> 31;
    h *= 0xBF58476D1CE4E5B9u;
    h ^= h >> 29;
    return (double)(h >> 11) / 4503599627370496.0 - 1.0;
}

#endif
