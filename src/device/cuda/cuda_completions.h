/* Completion callbacks of a CUDA GPU without host functions in its
 * streams.  cudaLaunchHostFunc blocks the work enqueued after it on its
 * stream until the function has returned on a driver thread, so a
 * function after every task would stall the GPU between each two kernels
 * for a thread's wake-up and the engine's lock.  Instead each callback
 * is an event recorded on the stream and a record in the stream's queue:
 * a waiter thread of that stream (started at its first callback) sleeps
 * in cudaEventSynchronize on the oldest event (blocking-sync events: no
 * spinning), then runs its function, in stream order.  The stream never
 * waits for the host.
 *
 * A failed synchronization (a broken context) runs no more functions of
 * that device, as CUDA runs no host function after a sticky error; the
 * error is kept for the device's health check, which finishes the tasks
 * that waited for them. */
#ifndef HETSCAL_DEVICE_CUDA_CUDA_COMPLETIONS_H
#define HETSCAL_DEVICE_CUDA_CUDA_COMPLETIONS_H

#include <cuda_runtime.h>

#include "device/device.h"

typedef struct hs_cuda_completions hs_cuda_completions;

/* For the GPU of CUDA ordinal `ordinal`: NULL when out of memory. */
hs_cuda_completions *hs_cuda_completions_new(int ordinal);
/* On the thread that enqueues on `stream` (slot s of HS_NSTREAMS), with
 * the GPU selected: fn(arg) runs once everything enqueued on the stream
 * before this call has run.  A CUDA error, or cudaErrorMemoryAllocation
 * when no record or thread could be had (then fn never runs). */
cudaError_t hs_cuda_completion_add(hs_cuda_completions *c, int s, cudaStream_t stream,
                                   void (*fn)(void *), void *arg);
/* Once the streams are idle: returns when every function queued so far
 * has run (or was dropped after a failure), as a stream's host functions
 * have once it is idle.  Not from one of the functions. */
void hs_cuda_completions_drain(hs_cuda_completions *c);
/* The error that stopped the waiters, or cudaSuccess. */
cudaError_t hs_cuda_completions_error(hs_cuda_completions *c);
/* Once the streams are idle (or the context is broken): stops and joins
 * the waiters, frees the events and records. */
void hs_cuda_completions_free(hs_cuda_completions *c);

#endif
