/* The rates file of the kernel-rate probe (util/kernel_rates.h): one line
 * per measured size, "b gemm syrk trsm potrf signature", appended by
 * whichever process measured it first.  Lines of other machines, other
 * thread counts or a malformed line are skipped; a file that cannot be
 * read or written only means the rates are measured again. */
#ifndef HETSCAL_UTIL_KERNEL_RATES_FILE_H
#define HETSCAL_UTIL_KERNEL_RATES_FILE_H

enum { HS_RATES_SIGNATURE = 512 };

/* "cpu=<model>;blas=<library of dgemm_>;threads=T;ranks=R", without
 * blanks. */
void hs_rates_signature(char sig[HS_RATES_SIGNATURE], int threads, int local_ranks);

/* The first line of the file for (sig, b) into rate[HS_NRATES]: 0, or -1
 * when there is none. */
int hs_rates_file_load(const char *sig, int b, double *rate);

/* Appends (sig, b, rate) in one write. */
void hs_rates_file_store(const char *sig, int b, const double *rate);

#endif
