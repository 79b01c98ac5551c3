# BLACS context -> MPI communicator, grid shape and coordinates.
HETSCAL_CORE_SOURCES += blacs_shim/blacs.h blacs_shim/grid.h blacs_shim/grid.c
