# Device layer (src/device, doc/ARCHITECTURE.md section 6): the interface, the
# registry, the shared host execution and memory, the cpu and emu kinds; the cuda
# kind when configure found the CUDA toolkit.
HETSCAL_CORE_SOURCES += \
  src/device/device.h src/device/backends.h src/device/registry.c \
  src/device/kernel_host.c src/device/kernel_host_body.h src/device/host_memory.c src/device/cpu/cpu_device.c \
  src/device/emu/emu_arena.h src/device/emu/emu_arena.c src/device/emu/emu_device.c \
  src/device/emu/emu_timing.h src/device/emu/emu_timing.c
if HETSCAL_CUDA
HETSCAL_CORE_SOURCES += src/device/cuda/cuda_device.c src/device/cuda/cuda_rows.h \
  src/device/cuda/cuda_rows.c src/device/cuda/cuda_completions.h \
  src/device/cuda/cuda_completions.c src/device/cuda/cuda_libs.h src/device/cuda/cuda_libs.c
endif
# Included by cuda_device.c; shipped whether or not CUDA was found.
EXTRA_DIST += src/device/cuda/cuda_blas_body.h
