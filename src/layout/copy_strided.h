/* The strided copy of values of any precision that the repartition and
 * the tiles' pieces (tile_pieces.h) make, conjugating on request. */
#ifndef HETSCAL_LAYOUT_COPY_STRIDED_H
#define HETSCAL_LAYOUT_COPY_STRIDED_H

#include <stddef.h>
#include <string.h>

/* count values of es bytes, strides in values; conj: the complex
 * conjugates (es 8: two floats, es 16: two doubles). */
#define HS_COPY_LOOP(T, parts, neg)                                                       \
    for (int k = 0; k < count; k++) {                                                  \
        T *d_ = (T *)dst + (size_t)k * dst_stride * (parts);                          \
        const T *s_ = (const T *)src + (size_t)k * src_stride * (parts);              \
        d_[0] = s_[0];                                                                 \
        if ((parts) == 2)                                                              \
            d_[1] = (neg) ? -s_[1] : s_[1];                                            \
    }

static inline void hs_copy_strided(void *dst, int dst_stride, const void *src,
                                   int src_stride, int count, size_t es, int conj)
{
    if (dst_stride == 1 && src_stride == 1 && !conj) {
        memcpy(dst, src, (size_t)count * es);
        return;
    }
    if (es == 4)
        HS_COPY_LOOP(float, 1, 0)
    else if (es == 8 && !conj)
        HS_COPY_LOOP(double, 1, 0)
    else if (es == 8)
        HS_COPY_LOOP(float, 2, 1)
    else
        HS_COPY_LOOP(double, 2, conj)
}

#undef HS_COPY_LOOP

#endif
