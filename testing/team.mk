# Host panels over teams of a rank's idle workers (runtime/team.h): LU's
# (kernels/lu_panel_team_body.h), Cholesky's wide diagonal blocks
# (kernels/chol_panel_team_body.h) and QR's one-tile panels
# (kernels/qr_panel_team_body.h), and QR's tree kernels
# (kernels/qr_tree_team_body.h): the factor the same bit for bit whoever
# joins, and the testers' cases in the four precisions with teams forced.
check_PROGRAMS += testing/t_panel_team testing/t_qr_panel_team
panel_team_test_sources = testing/blacs_tools.h testing/panel_team_test.h
testing_t_panel_team_SOURCES = testing/t_panel_team.c $(panel_team_test_sources)
testing_t_qr_panel_team_SOURCES = testing/t_qr_panel_team.c $(panel_team_test_sources)
testing_t_panel_team_LDADD = libhetscal_core.la $(SCALAPACK_LIBS) $(LAPACK_LIBS) $(CUDA_LIBS)
testing_t_qr_panel_team_LDADD = $(testing_t_panel_team_LDADD)
team_tests = testing/t_panel_team_np1.sh testing/t_panel_team_np2.sh testing/lu_team_np2.sh \
  testing/llt_team_np2.sh testing/t_qr_panel_team_np1.sh testing/t_qr_panel_team_np2.sh \
  testing/qr_team_np2.sh testing/qr_tree_team_np6.sh
TESTS += $(team_tests)
EXTRA_DIST += $(team_tests) testing/data/llt_team.dat
