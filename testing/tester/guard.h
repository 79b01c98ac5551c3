/* Guard zones around the testers' local arrays, in the spirit of
 * ScaLAPACK's PDFILLPAD/PDCHEKPAD: TESTER_GUARD entries of a pattern before
 * and after the array, checked bitwise afterwards. */
#ifndef TESTER_GUARD_H
#define TESTER_GUARD_H

#include <stddef.h>

#define TESTER_GUARD 64

/* Allocates guard, LEN entries, guard into *STORAGE, every entry PATTERN;
 * returns the array (*STORAGE + TESTER_GUARD), or NULL. */
double *tester_guarded(size_t len, double pattern, double **storage);
/* Whether X holds PATTERN, bitwise. */
int tester_is_guard(const double *x, double pattern);
/* Guard entries around the LEN-entry array in STORAGE that lost PATTERN. */
long tester_guards_damaged(const double *storage, size_t len,
                           double pattern);

#endif /* TESTER_GUARD_H */
