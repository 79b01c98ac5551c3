/* A comma-separated list of integers on a command line (-n 4000,8000):
 * what timing/time_scalapack's options and timing/predict's read. */
#ifndef TIMING_INT_LIST_H
#define TIMING_INT_LIST_H

/* Reads TEXT into VALUES (room for MAX), each in [MIN, 1e9].  Returns
 * how many, or -1 for a bad number, a stray character or more than MAX. */
int time_parse_ints(const char *text, int *values, int max, int min);

#endif
