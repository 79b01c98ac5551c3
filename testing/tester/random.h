/* The testers' random numbers: a counter-based generator, so that every
 * entry of a test matrix is a pure function of its global indices and each
 * rank fills and checks its own part without communication. */
#ifndef TESTER_RANDOM_H
#define TESTER_RANDOM_H

#include <stdint.h>

/* Uniform in [-0.5, 0.5), determined by (seed, i, j). */
double tester_uniform_at(uint64_t seed, int i, int j);

#endif /* TESTER_RANDOM_H */
