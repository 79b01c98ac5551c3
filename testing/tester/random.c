/* Counter-based random numbers of the testers (random.h). */
#include "config.h"

#include "random.h"

static uint64_t mix64(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

double tester_uniform_at(uint64_t seed, int i, int j)
{
    uint64_t h = mix64(seed ^ mix64(((uint64_t)(uint32_t)i << 32) |
                                    (uint32_t)j));
    return (double)(h >> 11) * 0x1.0p-53 - 0.5;
}
