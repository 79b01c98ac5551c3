/* HETSCAL_TRACE=FILE: a Chrome trace-event JSON per rank (FILE.RANK.json)
 * with one track per CPU worker, per accelerator, for the device-copy
 * thread and for the communication loop: every task (kernel name, main
 * tile id), every device copy (h2d/d2h, tile, bytes) and every message
 * (peer, bytes).  Open it in
 * Perfetto or chrome://tracing; timing/trace_gantt.py merges ranks and
 * draws a PNG Gantt chart. */
#ifndef HETSCAL_RUNTIME_TRACE_H
#define HETSCAL_RUNTIME_TRACE_H

/* Tracks: workers 1..W, accelerator x at DEVICE + x, the calling thread
 * (when it runs the tasks of a small call), COPY, COMM. */
enum { HS_TRACE_DEVICE_TRACK = 100, HS_TRACE_CALLER_TRACK = 800, HS_TRACE_COPY_TRACK = 900,
       HS_TRACE_COMM_TRACK = 1000 };

/* Starts recording for one call (no-op unless HETSCAL_TRACE is set). */
void hs_trace_begin_call(const char *routine, int rank);
int hs_trace_enabled(void);
/* Records one span (times from hs_now(), util/clock.h); any thread. */
void hs_trace_span(int track, const char *name, double t0, double t1, int arg, long bytes);
/* Writes FILE.RANK.json with every call so far. */
void hs_trace_end_call(void);

#endif
