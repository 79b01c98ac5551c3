/* What the device registry builds devices from: one constructor per kind,
 * the argument checks and host execution that the kinds share, and the
 * registry's spec parsing and GPU sharing rule.  Used by registry.c and
 * the unit tests; the runtime needs device.h, and of this file only
 * hs_cpu_device_open (the host as a device where no devices were opened:
 * runtime/session.c, runtime/engine.c). */
#ifndef HETSCAL_DEVICE_BACKENDS_H
#define HETSCAL_DEVICE_BACKENDS_H

#include <stddef.h>
#include <stdint.h>

#include "device/device.h"

enum { HS_MAX_ACCELERATORS = 64 };

/* Signalling-NaN bit pattern that fills emu buffers on alloc and free. */
#define HS_EMU_POISON UINT64_C(0x7FF4DEADDEADBEEF)

/* The operations every kind defines under its own name, KIND_close,
 * KIND_copy and so on (cpu_copy, emu_copy, cuda_copy): a kind's ops table
 * starts with HS_DEVICE_OPS_NAMED(KIND) and then lists only what it does
 * its own way (memory, pinning, health). */
#define HS_DEVICE_OPS_NAMED(kind) \
    .close = kind##_close, .copy = kind##_copy, .kernel = kind##_kernel, \
    .event_record = kind##_event_record, .event_query = kind##_event_query, \
    .event_wait = kind##_event_wait, .event_free = kind##_event_free, \
    .stream_wait = kind##_stream_wait, .callback = kind##_callback, \
    .synchronize = kind##_synchronize
/* The host buffers of the kinds whose tiles need no pinning (cpu, emu):
 * plain host memory (device/host_memory.c). */
#define HS_DEVICE_OPS_PLAIN_HOST_BUFFERS \
    .host_alloc = hs_host_memory_alloc, .host_free = hs_host_memory_free

/* Constructors: NULL on failure. */
hs_device *hs_cpu_device_open(void);
/* An emulated GPU: an arena of `capacity` bytes; every operation completes
 * after a random delay of 0..delay_us microseconds (seeded). */
hs_device *hs_emu_device_open(int index, size_t capacity, unsigned delay_us,
                              unsigned long seed);
/* From its k-th copy or kernel on (k >= 1; 0: never), dev fails for good,
 * as a GPU with a sticky error does (tests: HETSCAL_EMU_FAIL). */
void hs_emu_device_fail_at(hs_device *dev, long k);
/* Copies and kernels dev has run (or dropped, once failed) so far. */
long hs_emu_device_executed(hs_device *dev);
/* CUDA: number of GPUs visible to this process, or 0 with the reason in
 * msg; open binds accelerator `index` of this rank to CUDA device ordinal. */
int hs_cuda_device_count(char *msg, size_t msglen);
hs_device *hs_cuda_device_open(int index, int ordinal, char *msg, size_t msglen);
/* Once the rank's CUDA GPUs devs[0..n-1] are open: peer access enabled
 * both ways between every pair that CUDA allows it for (a pair it refuses
 * is simply not a peer: ops->peer says 0), the calling thread's device
 * given back; returns the number of peer pairs.  Each device gives its
 * part back when it closes. */
int hs_cuda_devices_link(hs_device **devs, int n);
/* The UUIDs of the (at most max) GPUs visible to this process, by
 * ordinal; their count (0 without CUDA). */
int hs_cuda_device_uuids(unsigned char (*uuid)[HS_UUID_BYTES], int max);

/* Shared by the kinds (device/kernel_host.c, device/host_memory.c). */
typedef struct hs_operand {
    const void *p;
    int rows, cols, ld;
    int written;
    int esize;   /* bytes a value; 0: a value of the call's precision */
} hs_operand;
int hs_kernel_call_check(const hs_kernel_call *call);      /* 0 or HETSCAL_ERR_DEVICE */
enum { HS_MAX_OPERANDS = 4 };
int hs_kernel_call_operands(const hs_kernel_call *call, hs_operand op[HS_MAX_OPERANDS]);  /* count */
/* The call on the host BLAS and LAPACK: 0, or HETSCAL_ERR_NOMEM when the
 * workspace of a QR kernel cannot be had (nothing is computed then). */
int hs_kernel_call_host(const hs_kernel_call *call);
/* HS_K_ROWS's rows: 1 when a destination row is also a source (the
 * values are then staged), 0 when not, HETSCAL_ERR_DEVICE when a row is
 * missing or two destinations start together, HETSCAL_ERR_NOMEM. */
int hs_kernel_rows_scan(const hs_kernel_call *call);
/* What a kernel that computed nothing (timed emulation) reports, so that
 * what reads its results stays in bounds: a factorization succeeded, LU's
 * pivots interchange nothing, I?AMAX found the first value. */
void hs_kernel_call_skipped(const hs_kernel_call *call);
int hs_copy_check(int dir, int m, int n, int esize, const void *src, int lds,
                  const void *dst, int ldd);               /* 0 or HETSCAL_ERR_DEVICE */
void hs_copy_host(int m, int n, int esize, const void *src, int lds, void *dst, int ldd);
size_t hs_matrix_bytes(int rows, int cols, int ld, int esize);   /* span in memory */
/* HS_K_POTRF's INFO from the factorization's own `info` and the factor's
 * diagonal (n values of precision prec, `stride` values apart): the
 * 1-based index of the first pivot before `info` (before n + 1 when info
 * is 0) whose real part is not positive (NaN included), else info.  Some
 * LAPACKs and cuSOLVER take the square root of a NaN pivot without
 * complaint, and OpenBLAS's then scales the column below to zeros and may
 * stop at a later negative pivot. */
int hs_first_bad_pivot(int prec, int info, const void *diag, size_t stride, int n);
/* Plain host memory (device/host_memory.c), as ops->alloc / host_alloc
 * and host_free of the kinds that need no pinned memory. */
void *hs_host_memory_alloc(hs_device *dev, size_t bytes);
void hs_host_memory_free(hs_device *dev, void *ptr);

/* Registry pieces: the kind and accelerator count of a spec (count -1:
 * every GPU this rank gets), 0 or HETSCAL_ERR_DEVICE; and the sharing rule:
 * the CUDA ordinals of local_rank's GPUs (at most max when max >= 0) among
 * node_gpus, written to ordinals (room for node_gpus), count returned. */
int hs_devices_parse(const char *spec, int *kind, int *count);
int hs_devices_share(int node_gpus, int local_rank, int local_ranks, int max,
                     int *ordinals);

#endif
