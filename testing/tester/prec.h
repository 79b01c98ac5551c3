/* The testers' precisions: one row each for S, D, C and Z (the letter, the
 * unit roundoff, whether elements are complex), the -precision list of the
 * command line, and TESTER_BY_PREC, which lists a template function's four
 * instantiations (testing/tester/tx_types.h) in the rows' order. */
#ifndef TESTER_PREC_H
#define TESTER_PREC_H

#define TESTER_NPREC 4

struct tester_prec {
    char letter;        /* 's', 'd', 'c', 'z' */
    char upper;         /* 'S', 'D', 'C', 'Z': in routine names */
    int index;          /* this row's place in tester_precs */
    int complex_;       /* 1 for C and Z */
    double eps;         /* unit roundoff, as LAPACK's ?LAMCH('E') */
};

extern const struct tester_prec tester_precs[TESTER_NPREC];

/* The four instantiations of template function NAME, in the order of
 * tester_precs: an initializer for a table indexed by tester_prec.index. */
#define TESTER_BY_PREC(name) { name##_s, name##_d, name##_c, name##_z }

/* The row of precision LETTER (either case); NULL if none. */
const struct tester_prec *tester_prec_named(char letter);
/* The precisions named by LIST (letters, in any case, with or without
 * commas or blanks between them: "s,d", "cz"; "all" for every one), in
 * their order, each once, into OUT; returns their number, 0 when LIST
 * names something else. */
int tester_prec_list(const char *list,
                     const struct tester_prec *out[TESTER_NPREC]);

#endif /* TESTER_PREC_H */
