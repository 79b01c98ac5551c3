/* Guard zones around the testers' local arrays, in the spirit of
 * ScaLAPACK's PDFILLPAD/PDCHEKPAD: TESTER_GUARD elements of a pattern
 * before and after the array, checked bitwise afterwards.  Elements are
 * ELEM bytes (any precision); PATTERN points to one element. */
#ifndef TESTER_GUARD_H
#define TESTER_GUARD_H

#include <stddef.h>

#define TESTER_GUARD 64

/* Allocates guard, LEN elements, guard and TAIL more elements into
 * *STORAGE, every element PATTERN; returns the array (TESTER_GUARD
 * elements into *STORAGE), or NULL.  The tail is readable memory past
 * the guard, never checked (see tester_dist_create). */
void *tester_guarded(size_t len, size_t tail, size_t elem, const void *pattern,
                     void **storage);
/* Whether the element at X holds PATTERN, bitwise. */
int tester_is_guard(const void *x, size_t elem, const void *pattern);
/* Guard elements around the LEN-element array in STORAGE that lost
 * PATTERN. */
long tester_guards_damaged(const void *storage, size_t len, size_t elem,
                           const void *pattern);

#endif /* TESTER_GUARD_H */
