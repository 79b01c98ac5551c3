/* A simulated link's bookings (src/sim/sim_links.c) against hand-worked
 * cases: the earliest time both links are free for a message, a message
 * fitted into a gap before later bookings (where a link that only knew
 * when it frees would have waited for them all), the merging of
 * touching bookings and the pruning of past ones.  Exit status:
 * failures. */
#include "config.h"

#include <stdio.h>

#include "sim/sim_links.h"
#include "testing/t_expect.h"

static void fit_is(const hs_sim_link *a, const hs_sim_link *b, double now, double s, double want,
                   const char *what)
{
    double got = hs_sim_link_fit(a, b, now, s);
    if (got != want)
        printf("  %s: %g, %g expected\n", what, got, want);
    expect(got == want, what);
}

int main(void)
{
    hs_sim_link a = { 0 }, b = { 0 };
    fit_is(&a, &b, 1, 2, 1, "free links: now");
    expect(!hs_sim_link_book(&a, 2, 2) && !hs_sim_link_book(&a, 8, 2), "a: [2,4) [8,10)");
    expect(!hs_sim_link_book(&b, 5, 1), "b: [5,6)");
    fit_is(&a, &b, 0, 2, 0, "before every booking");
    fit_is(&a, &b, 1, 2, 6, "past a's [2,4) and b's [5,6) to the gap [6,8)");
    fit_is(&a, &b, 1, 3, 10, "too long for [6,8): after a's last");
    fit_is(&a, &b, 4, 1, 4, "[4,5) fits both");
    expect(!hs_sim_link_book(&a, 4, 4), "a: [4,8) fills the gap");
    expect(a.n == 1 && a.lo[0] == 2 && a.hi[0] == 10, "a: [2,4) [4,8) [8,10) merged into [2,10)");
    expect(!hs_sim_link_book(&a, 12, 1) && !hs_sim_link_book(&a, 0, 1), "a: [0,1) and [12,13)");
    expect(a.n == 3 && a.lo[0] == 0 && a.lo[1] == 2 && a.lo[2] == 12, "a: kept in order");
    hs_sim_link_prune(&a, 10);
    expect(a.n == 1 && a.lo[0] == 12, "pruned at 10: [12,13) left");
    hs_sim_link_free(&a);
    hs_sim_link_free(&b);
    printf("t_sim_links: %d failures\n", failures);
    return failures != 0;
}
