/* A simulated network link's bookings: the intervals of the future in
 * which it carries a message, sorted and disjoint (touching ones merged).
 * A transfer takes the earliest time from now at which its sender's
 * link and its receiver's link are both free for as long as it lasts,
 * possibly before messages booked earlier (sim_messages.c).  A link
 * that kept only "when it frees" stayed reserved, and idle, while its
 * message waited for a busy receiver: a NIC meanwhile serves its other
 * connections, and that gap showed as waiting for the network wherever
 * a rank sent to many others at once (the repartition's pieces, an
 * all-to-all, on 64 simulated nodes). */
#ifndef HETSCAL_SIM_SIM_LINKS_H
#define HETSCAL_SIM_SIM_LINKS_H

typedef struct hs_sim_link {
    double *lo, *hi;   /* [n]: booked [lo, hi) */
    int n, cap;
} hs_sim_link;

/* Drops the bookings over by `now`. */
void hs_sim_link_prune(hs_sim_link *l, double now);
/* The earliest t >= now with [t, t + seconds) free on both a and b. */
double hs_sim_link_fit(const hs_sim_link *a, const hs_sim_link *b, double now, double seconds);
/* Books [t, t + seconds) (free: hs_sim_link_fit's answer); 0 or
 * HETSCAL_ERR_NOMEM. */
int hs_sim_link_book(hs_sim_link *l, double t, double seconds);
void hs_sim_link_free(hs_sim_link *l);

#endif
