#!/bin/sh
# Messages of one-thread ranks in the simulation, timed by hand
# (testing/t_sim_messages.c).  No MPI: the simulation needs none.
exec "$top_builddir/testing/t_sim_messages"
