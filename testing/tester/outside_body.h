/* Template body (tx_instantiate.h): the recognisable pattern the testers'
 * problems put in A's entries outside sub(A), in one precision. */
#include "testing/tester/random.h"

/* Entry (GI, GJ) of A outside sub(A): parts near 3000 and -3000, random
 * from SEED, never a value of sub(A)'s. */
static TX_T TX_SFX(outside_entry)(uint64_t seed, int gi, int gj)
{
    return TX_ELEM(3000.0 + tester_uniform_at(seed + 1, gi, gj),
                   -3000.0 + tester_uniform_at(seed + 5, gi, gj));
}
