/* The text of a tester's input on every rank: the file named on the
 * command line (read by rank 0 and broadcast) or the built-in input. */
#ifndef HETSCAL_TESTING_DAT_LOAD_H
#define HETSCAL_TESTING_DAT_LOAD_H

/* argv[1] if given, else builtin; a malloc'd copy, or NULL on every rank
 * when the file cannot be read (prog names the program in the message). */
char *dat_load_text(int argc, char **argv, const char *builtin, const char *prog);

#endif
