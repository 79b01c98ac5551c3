/* The width B of the accelerators' tile columns in a Cholesky
 * factorization (doc/ARCHITECTURE.md section 4), from the rates the grid
 * agreed on (hs_config_agree): wider columns run the updates at the
 * accelerators' better DGEMM rate for larger tiles, narrower ones shorten
 * the chain of panels that every step waits for.  Of B = 2b, 4b and 8b
 * (b the host tile), the one the cost below predicts fastest:
 *   n^3/3 / (accelerators x DGEMM(B))
 *   + n/B x (POTRF(B) where the panels run + their copies over the link
 *            when that is the host + TRSM and SYRK of a B tile at DGEMM(B)).
 * The messages between ranks are not charged: the panel bytes sent are
 * the same at any B. */
#ifndef HETSCAL_PLAN_TOP_TILE_H
#define HETSCAL_PLAN_TOP_TILE_H

#include "util/config.h"

/* B for an n x n Cholesky factorization with host tiles of b, or 0 when
 * the rates are not known (the panels placed by HETSCAL_PANELS measure
 * none; no accelerator): the caller then keeps 4b.  The same on every
 * rank, since the rates are agreed. */
int hs_top_tile_cholesky(const hs_config *cfg, int n, int b, int prec);

/* The predicted seconds of that factorization with B-wide columns (0
 * when the rates are not known), for the rule's tests. */
double hs_top_tile_cholesky_seconds(const hs_config *cfg, int n, int B, int prec);

#endif
