# The simulation (src/sim/sim.h, timing/predict): the task instances
# and messages of every simulated rank equal a real run's on 1, 2 and 4
# ranks, and times on testing/data/tiny.machine are the hand-computed ones.
SIM_SH_TESTS = testing/sim_counts_np124.sh testing/sim_tiny.sh testing/sim_messages.sh \
  testing/scale_table_small.sh testing/layout_by_nodes.sh
SIM_TESTS = $(SIM_SH_TESTS) testing/t_sim_gpu_messages testing/t_sim_links testing/t_sim_gang
TESTS += $(SIM_TESTS)
EXTRA_DIST += $(SIM_SH_TESTS) testing/data/tiny.machine

# Only the simulation's tests: make check-sim
check-sim:
	$(MAKE) $(AM_MAKEFLAGS) check TESTS='$(SIM_TESTS)'
.PHONY: check-sim

sim_hand_timed_sources = testing/sim_hand_timed.h testing/sim_hand_timed.c

# The rules for messages of one-thread ranks (a receive copied by the
# receiver's thread at its poll, a send done at the sender's next poll)
# on a program timed by hand.
check_PROGRAMS += testing/t_sim_messages
testing_t_sim_messages_SOURCES = testing/t_sim_messages.c $(sim_hand_timed_sources)
testing_t_sim_messages_LDADD = libhetscal_core.la $(SCALAPACK_LIBS) $(LAPACK_LIBS) $(CUDA_LIBS)

# A network link's bookings: a message fitted into the first gap both its
# links leave, merged and pruned bookings.
check_PROGRAMS += testing/t_sim_links
testing_t_sim_links_SOURCES = testing/t_sim_links.c $(t_expect_sources)
testing_t_sim_links_LDADD = libhetscal_core.la $(SCALAPACK_LIBS) $(LAPACK_LIBS) $(CUDA_LIBS)

# A message between GPU tiles of two ranks of one node: at the GPUs'
# peer rate where MPI takes device memory, staged through the hosts
# otherwise.
check_PROGRAMS += testing/t_sim_gpu_messages
testing_t_sim_gpu_messages_SOURCES = testing/t_sim_gpu_messages.c
testing_t_sim_gpu_messages_LDADD = libhetscal_core.la $(SCALAPACK_LIBS) $(LAPACK_LIBS) $(CUDA_LIBS)

# The parts of a task spread over ranks (sim/sim_gang.c): a part waits
# for its group's last start, and all end the longest part's time after
# it.
check_PROGRAMS += testing/t_sim_gang
testing_t_sim_gang_SOURCES = testing/t_sim_gang.c $(sim_hand_timed_sources)
testing_t_sim_gang_LDADD = libhetscal_core.la $(SCALAPACK_LIBS) $(LAPACK_LIBS) $(CUDA_LIBS)
