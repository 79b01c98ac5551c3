# Core unit tests (internal APIs, linked with the convenience library) and
# the test harness.
EXTRA_DIST += testing/idle_sleep.c

# Preloaded by testing/launch when ranks outnumber cores.
check_LTLIBRARIES = testing/libidlesleep.la
testing_libidlesleep_la_SOURCES = testing/idle_sleep.c
testing_libidlesleep_la_CFLAGS = $(AM_CFLAGS) -Wno-missing-prototypes
testing_libidlesleep_la_LDFLAGS = -module -avoid-version -shared -rpath /nowhere
testing_libidlesleep_la_LIBADD = -ldl
