# Unit tests of QR linked with the convenience library: the QR tile kernels
# and the task program that composes them (src/kernels/qr_kernels.c,
# src/algo/qr.c) against LAPACK (serial); hs_qr_call (PDGEQRF's body)
# against the reference PDGEQRF on 1, 2 and 4 ranks.
qr_kernel_tests = testing/t_qr_kernels.sh \
  testing/t_qr_call_np1.sh testing/t_qr_call_np2.sh testing/t_qr_call_np4.sh
check_PROGRAMS += testing/t_qr_kernels testing/t_qr_call
testing_t_qr_kernels_LDADD = libhetscal_core.la $(SCALAPACK_LIBS) $(LAPACK_LIBS) $(CUDA_LIBS)
testing_t_qr_call_LDADD = $(testing_t_qr_kernels_LDADD) -ldl
TESTS += $(qr_kernel_tests)
EXTRA_DIST += $(qr_kernel_tests)
