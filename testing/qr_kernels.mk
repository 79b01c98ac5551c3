# Serial unit test of the QR tile kernels and of the task program that
# composes them (src/kernels/qr_kernels.c, src/algo/qr.c), against LAPACK.
check_PROGRAMS += testing/t_qr_kernels
testing_t_qr_kernels_SOURCES = testing/t_qr_kernels.c
testing_t_qr_kernels_LDADD = libhetscal_core.la $(SCALAPACK_LIBS) $(LAPACK_LIBS) $(CUDA_LIBS)
TESTS += testing/t_qr_kernels.sh
EXTRA_DIST += testing/t_qr_kernels.sh

# hs_qr_call (PDGEQRF's body) against the reference PDGEQRF, 1, 2 and 4 ranks.
check_PROGRAMS += testing/t_qr_call
testing_t_qr_call_SOURCES = testing/t_qr_call.c
testing_t_qr_call_LDADD = libhetscal_core.la $(SCALAPACK_LIBS) $(LAPACK_LIBS) $(CUDA_LIBS) -ldl
TESTS += testing/t_qr_call_np1.sh testing/t_qr_call_np2.sh testing/t_qr_call_np4.sh
EXTRA_DIST += testing/t_qr_call_np1.sh testing/t_qr_call_np2.sh testing/t_qr_call_np4.sh
