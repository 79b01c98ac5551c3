# HETSCAL_PICKY_WARNINGS: strict warnings, errors in git checkouts (not in
# release tarballs, where a new compiler must not break the build).
# HETSCAL_SANITIZERS: --enable-sanitizers=address,undefined|thread.
AC_DEFUN([HETSCAL_PICKY_WARNINGS], [
  AC_ARG_ENABLE([picky],
    [AS_HELP_STRING([--enable-picky], [warnings as errors (default: yes in a git checkout)])],
    [hetscal_picky=$enableval],
    [AS_IF([test -e "$srcdir/.git"], [hetscal_picky=yes], [hetscal_picky=no])])
  PICKY_CFLAGS="-Wall -Wextra -Wmissing-prototypes -Wstrict-prototypes -Wshadow -Wpointer-arith -Wno-unused-parameter"
  AS_IF([test "x$hetscal_picky" = xyes], [PICKY_CFLAGS="$PICKY_CFLAGS -Werror"])
  AC_SUBST([PICKY_CFLAGS])
])

AC_DEFUN([HETSCAL_SANITIZERS], [
  AC_ARG_ENABLE([sanitizers],
    [AS_HELP_STRING([--enable-sanitizers=LIST], [build with -fsanitize=LIST (address,undefined or thread)])],
    [hetscal_sanitizers=$enableval], [hetscal_sanitizers=])
  SAN_CFLAGS=
  AS_IF([test -n "$hetscal_sanitizers" && test "x$hetscal_sanitizers" != xno], [
    SAN_CFLAGS="-fsanitize=$hetscal_sanitizers -fno-omit-frame-pointer -g"
  ], [hetscal_sanitizers=])
  AC_SUBST([SAN_CFLAGS])
])
