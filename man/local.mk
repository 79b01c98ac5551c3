# Manual pages: man1 for hetscal-info, man3 for each routine family (pdpotrf.3, pdgeqrf.3,
# pdgetrf.3), and a page for each other precision's name that sources its
# family's.
dist_man_MANS += man/man3/pdpotrf.3 man/man3/pspotrf.3 man/man3/pcpotrf.3 man/man3/pzpotrf.3
dist_man_MANS += man/man3/pdgeqrf.3 man/man3/psgeqrf.3 man/man3/pcgeqrf.3 man/man3/pzgeqrf.3
dist_man_MANS += man/man3/pdgetrf.3 man/man3/psgetrf.3 man/man3/pcgetrf.3 man/man3/pzgetrf.3
dist_man_MANS += man/man1/hetscal-info.1
