/* The check of the serial unit tests (t_granularity, t_cache_probe,
 * t_rates_trust, t_panel_placement, t_top_tile, t_send_window): a check
 * that fails prints what it wanted and is counted, and the program
 * returns the count as its exit status. */
#ifndef TESTING_T_EXPECT_H
#define TESTING_T_EXPECT_H

/* The failed checks so far. */
extern int failures;

/* Counts a failure, "FAIL: WHAT" on stdout, unless OK. */
void expect(int ok, const char *what);

#endif /* TESTING_T_EXPECT_H */
