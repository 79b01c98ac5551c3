# The include graph against doc/ARCHITECTURE.md section 2: every
# #include "x/y.h" in src/ points to the file's own layer or a lower one
# (testing/include_layers.sh; -graph prints the folders' edges).
TESTS += testing/include_layers.sh
EXTRA_DIST += testing/include_layers.sh
