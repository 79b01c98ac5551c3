# HETSCAL_CHECK_CUDA: --with-cuda[=DIR] (default: auto, /usr/local/cuda).
# Asking for CUDA explicitly and not finding it is an error.
# --enable-cuda-standin builds the CUDA backend against the host stand-in of
# testing/cuda_standin instead (headers and library), toolkit or not.
AC_DEFUN([HETSCAL_CHECK_CUDA], [
  AC_ARG_ENABLE([cuda-standin],
    [AS_HELP_STRING([--enable-cuda-standin], [build the CUDA backend against the strict host stand-in of CUDA, cuBLAS and cuSOLVER's row interchanges (testing/cuda_standin), for testing without a GPU])],
    [], [enable_cuda_standin=no])
  AC_ARG_WITH([cuda],
    [AS_HELP_STRING([--with-cuda@<:@=DIR@:>@], [build the CUDA/cuBLAS/cuSOLVER backend (default: auto, DIR=/usr/local/cuda)])],
    [], [with_cuda=auto])
  hetscal_cuda_summary=no
  CUDA_CPPFLAGS= ; CUDA_LIBS=
  AS_IF([test "x$enable_cuda_standin" = xyes], [with_cuda=no])
  AS_CASE([$with_cuda],
    [no], [],
    [yes|auto], [hetscal_cuda_dir=/usr/local/cuda],
    [hetscal_cuda_dir=$with_cuda])
  AS_IF([test "x$with_cuda" != xno], [
    hetscal_save_CPPFLAGS=$CPPFLAGS; hetscal_save_LIBS=$LIBS; hetscal_save_LDFLAGS=$LDFLAGS
    CPPFLAGS="$CPPFLAGS -I$hetscal_cuda_dir/include"
    LDFLAGS="$LDFLAGS -L$hetscal_cuda_dir/lib64"
    hetscal_cuda_ok=yes
    AC_CHECK_HEADERS([cuda_runtime.h cublas_v2.h cusolverDn.h], [], [hetscal_cuda_ok=no])
    AS_IF([test $hetscal_cuda_ok = yes],
      [AC_CHECK_LIB([cudart], [cudaGetDeviceCount], [], [hetscal_cuda_ok=no])])
    AS_IF([test $hetscal_cuda_ok = yes],
      [AC_CHECK_LIB([cublas], [cublasCreate_v2], [], [hetscal_cuda_ok=no])])
    AS_IF([test $hetscal_cuda_ok = yes],
      [AC_CHECK_LIB([cusolver], [cusolverDnDlaswp], [], [hetscal_cuda_ok=no])])
    CPPFLAGS=$hetscal_save_CPPFLAGS; LIBS=$hetscal_save_LIBS; LDFLAGS=$hetscal_save_LDFLAGS
    AS_IF([test $hetscal_cuda_ok = yes], [
      # -isystem: the toolkit's own warnings (cusolverDn.h has an
      # old-style declaration) are not ours under -Werror
      CUDA_CPPFLAGS="-isystem $hetscal_cuda_dir/include"
      # cuBLAS and cuSOLVER are loaded by their sonames when a GPU is
      # opened (src/device/cuda/cuda_libs.h); only the runtime is linked.
      hetscal_save_LIBS=$LIBS
      AC_SEARCH_LIBS([dlopen], [dl])
      LIBS=$hetscal_save_LIBS
      hetscal_dl=
      AS_CASE([$ac_cv_search_dlopen], [no|"none required"], [], [hetscal_dl=$ac_cv_search_dlopen])
      CUDA_LIBS="-L$hetscal_cuda_dir/lib64 -Wl,-rpath,$hetscal_cuda_dir/lib64 -lcudart $hetscal_dl"
      hetscal_soname() {
        hetscal_so=`objdump -p "$hetscal_cuda_dir/lib64/$[]1.so" 2>/dev/null | sed -n 's/^ *SONAME *//p'`
        AS_IF([test -n "$hetscal_so"], [echo "$hetscal_so"], [echo "$[]1.so"])
      }
      AC_MSG_CHECKING([the sonames of cuBLAS and cuSOLVER])
      hetscal_cublas_soname=`hetscal_soname libcublas`
      hetscal_cusolver_soname=`hetscal_soname libcusolver`
      AC_MSG_RESULT([$hetscal_cublas_soname $hetscal_cusolver_soname])
      AC_DEFINE_UNQUOTED([HETSCAL_CUBLAS_SONAME], ["$hetscal_cublas_soname"], [cuBLAS's soname])
      AC_DEFINE_UNQUOTED([HETSCAL_CUSOLVER_SONAME], ["$hetscal_cusolver_soname"], [cuSOLVER's soname])
      AC_DEFINE_UNQUOTED([HETSCAL_CUDA_LIBDIR], ["$hetscal_cuda_dir/lib64"], [CUDA's libraries])
      hetscal_cuda_summary="yes ($hetscal_cuda_dir)"
      AC_DEFINE([HETSCAL_HAVE_CUDA], [1], [Define to 1 to build the CUDA backend])
    ], [test "x$with_cuda" != xauto], [
      AC_MSG_ERROR([--with-cuda was given but no usable CUDA toolkit (cuda_runtime.h, cudart, cublas, cusolver) is in $hetscal_cuda_dir])
    ])
  ])
  AS_IF([test "x$enable_cuda_standin" = xyes], [
    CUDA_CPPFLAGS='-I$(top_srcdir)/testing/cuda_standin/include'
    CUDA_LIBS='$(top_builddir)/testing/cuda_standin/libcudastandin.la'
    hetscal_cuda_summary="stand-in (testing/cuda_standin)"
    AC_DEFINE([HETSCAL_HAVE_CUDA], [1], [Define to 1 to build the CUDA backend])
    AC_DEFINE([HETSCAL_CUDA_STANDIN], [1], [Define to 1 when the CUDA backend is built against the stand-in])
  ])
  AM_CONDITIONAL([HETSCAL_CUDA], [test "x$hetscal_cuda_summary" != xno])
  AM_CONDITIONAL([HETSCAL_CUDA_STANDIN], [test "x$enable_cuda_standin" = xyes])
  AC_SUBST([CUDA_CPPFLAGS])
  AC_SUBST([CUDA_LIBS])
])
