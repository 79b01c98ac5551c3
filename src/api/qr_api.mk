# P?GEQRF's entry points (src/api/pxgeqrf.c) go into the same convenience
# library as everything else; its table for the call entry and driver
# (src/api/qr_call.c) and the factorization behind it (src/algo/qr.*,
# src/kernels/qr_kernels.*) are listed in src/local.mk.
HETSCAL_CORE_SOURCES += src/api/pxgeqrf.c src/api/qr_call.h
