# Manual pages: man3 for each entry point.
dist_man_MANS += man/man3/pdpotrf.3
dist_man_MANS += man/man3/pdgeqrf.3
