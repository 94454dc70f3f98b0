// The kernels' vector loops, written once for every vector width: BlendAVX2.c and
// BlendAVX512.c each define the primitives below for their registers and include this
// file inside their target region, so both levels run the same arithmetic.
//
// The primitives: `vec` (a register of `4 · LANES` bytes: LANES pixels, or as many alpha
// bytes), `v_zero`, `v_set16`, `v_set32`, `v_set64x2` (two 64-bit halves repeated in
// every 128-bit lane), `v_load`, `v_store`, `v_block` (LANES coverage bytes in the low
// bytes of an SSE register, the rest 0), `v_block_ones` (ones in the bytes `v_block`
// fills), `v_coverage` (a block's bytes, each zero-extended to its pixel's 32 bits), `v_unpacklo8` /
// `v_unpackhi8` (bytes to 16-bit lanes, per 128-bit lane), `v_packus16`, `v_mullo16`,
// `v_mulhi16` (unsigned), `v_sub8`, `v_add16`, `v_sub16`, `v_add32`, `v_shuffle8`
// (per 128-bit lane; an index with its top bit set gives 0), `v_is_zero` and `v_is_ones`.
// Every level has `v_load_pixels` / `v_store_pixels` (the first `n` pixels, masked by
// pixel, the rest read as 0 and left unwritten), `v_block_part` (the first `n` bytes of
// a block, the rest 0) and `v_block_within` (the first `n` bytes the same, the rest
// unspecified, from a row of bytes that may all be read; only for a step that stores its
// `n` pixels alone): a row's last pixels take the vector step. With `MASKED_TAILS` (a
// level with masked loads and stores by byte), also `v_load_part` / `v_store_part` (the
// first `bytes` bytes): the alpha kernels' last bytes take it too; without, they go one by
// one, as the portable level does its last ones.
//
// The arithmetic: the bytes are widened to 16-bit lanes (unpack with zero), multiplied,
// and divided by 255 with rounding as `(t · 257) >> 16` of `t = x·k + 128`, which equals
// `(t + (t >> 8)) >> 8` for every such t (PixelKernelTests checks all of them), in one
// unsigned high multiply; then packed back to bytes. A pixel's factor is spread to its
// four channels by a byte shuffle. Source-over scales the destination by 255 − sa as
// `d − d · sa / 255` (equal, rounded, since x / 255 is never half-way: checked there too),
// which needs no inverted alpha.

/// x · k / 255, rounded, in 16-bit lanes holding bytes.
static inline vec scale16(vec x, vec k) {
    return v_mulhi16(v_add16(v_mullo16(x, k), v_set16(128)), v_set16(257));
}

/// The shuffle that spreads byte `a` of each 128-bit lane to the four 16-bit lanes of the
/// first pixel of an unpacked half, and byte `b` to those of the second.
static inline vec spread_control(uint64_t a, uint64_t b) {
    const uint64_t zero_high = 0x8000800080008000ull, words = 0x0001000100010001ull;
    return v_set64x2(zero_high | a * words, zero_high | b * words);
}

/// The factors of the unpacked low and high halves of LANES pixels from the byte at
/// `offset` of each pixel's 32 bits of `v` (0: a factor per pixel from `v_coverage`;
/// 3: the pixels' alphas).
static inline vec spread_low(vec v, uint64_t offset) { return v_shuffle8(v, spread_control(offset, 4 + offset)); }
static inline vec spread_high(vec v, uint64_t offset) { return v_shuffle8(v, spread_control(8 + offset, 12 + offset)); }

/// LANES packed pixels, each channel scaled by the 16-bit lanes of `low` and `high` (for
/// the unpacked halves).
static inline vec scaled_halves(vec p, vec low, vec high) {
    vec zero = v_zero();
    return v_packus16(scale16(v_unpacklo8(p, zero), low), scale16(v_unpackhi8(p, zero), high));
}

/// LANES packed pixels, each channel scaled by its pixel's factor in `factors` (from
/// `v_coverage`).
static inline vec scaled_by(vec p, vec factors) {
    return scaled_halves(p, spread_low(factors, 0), spread_high(factors, 0));
}

/// As `scaled_by`, then every channel scaled by the 16-bit lanes of `k` (an opacity).
static inline vec scaled_by_then(vec p, vec factors, vec k) {
    vec zero = v_zero();
    return v_packus16(scale16(scale16(v_unpacklo8(p, zero), spread_low(factors, 0)), k),
                      scale16(scale16(v_unpackhi8(p, zero), spread_high(factors, 0)), k));
}

/// Every channel scaled by the 16-bit lanes of `k`.
static inline vec scaled_all(vec p, vec k) {
    vec zero = v_zero();
    return v_packus16(scale16(v_unpacklo8(p, zero), k), scale16(v_unpackhi8(p, zero), k));
}

/// Source-over of the packed pixels `s` onto `d`: `s + (d − d · sa / 255)`, which is
/// `s + d · (255 − sa) / 255`. The sum is a 32-bit add, as the scalar pixel's, so that
/// even a source that is not premultiplied gives the scalar bytes.
static inline vec over(vec s, vec d) { return v_add32(s, v_sub8(d, scaled_halves(d, spread_low(s, 3), spread_high(s, 3)))); }

/// The kinds of block of coverage bytes.
enum block_kind { BLOCK_SHUT, BLOCK_FULL, BLOCK_MIXED };

/// The kind of a block from `v_block`: one `ptest` says mixed (the commonest kind in a
/// row that has any), a second tells the others apart.
static inline enum block_kind block_kind(__m128i block) {
    if (_mm_testnzc_si128(block, v_block_ones())) return BLOCK_MIXED;
    return _mm_testz_si128(block, v_block_ones()) ? BLOCK_SHUT : BLOCK_FULL;
}

/// The end of the run of blocks of `kind` (shut or full) from `i`, whose block is one:
/// four blocks a step while they are, then block by block.
static inline size_t run_end(const uint8_t *mask, size_t i, size_t count, enum block_kind kind) {
    size_t end = i + LANES;
    while (end + 4 * LANES <= count) {
        vec wide = v_load(mask + end);
        if (!(kind == BLOCK_SHUT ? v_is_zero(wide) : v_is_ones(wide))) break;
        end += 4 * LANES;
    }
    while (end + LANES <= count && block_kind(v_block(mask + end)) == kind) end += LANES;
    return end;
}

/// The block of mask bytes at `m` of a row's first step, 255 from byte `from` on (where the
/// row's full run starts: a sparse mask leaves the run's bytes unwritten).
static inline __m128i v_block_run_from(const uint8_t *m, ptrdiff_t from) {
    const __m128i index = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    return _mm_or_si128(v_block(m), _mm_cmpgt_epi8(index, _mm_set1_epi8((char)(from - 1))));
}

/// The block of mask bytes at `m` of a row's last step, 255 before byte `to` (where the
/// row's full run ends).
static inline __m128i v_block_run_to(const uint8_t *m, ptrdiff_t to) {
    const __m128i index = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    return _mm_or_si128(v_block(m), _mm_cmpgt_epi8(_mm_set1_epi8((char)to), index));
}

/// `vector_masked_row` with `opaque` known where it is inlined, so the loop does not test it.
__attribute__((always_inline)) static inline void masked_row_known(const uint8_t *src, const uint8_t *mask, uint8_t *dst,
                                                                   size_t count, int opaque) {
    size_t i = 0;
    while (i + LANES <= count) {
        __m128i block = v_block(mask + i);
        enum block_kind kind = block_kind(block);
        if (kind == BLOCK_SHUT) {
            i = run_end(mask, i, count, BLOCK_SHUT);
            continue;
        }
        if (kind == BLOCK_FULL && opaque) {
            size_t end = run_end(mask, i, count, BLOCK_FULL);
            memcpy(dst + 4 * i, src + 4 * i, 4 * (end - i));
            i = end;
            continue;
        }
        // A full block scales by 255, which changes nothing.
        vec s = v_load(src + 4 * i), d = v_load(dst + 4 * i);
        if (kind == BLOCK_MIXED && opaque) {
            // An opaque source's alpha scaled by a factor is the factor: the spread factors
            // scale the destination too.
            vec coverage = v_coverage(block), low = spread_low(coverage, 0), high = spread_high(coverage, 0);
            v_store(dst + 4 * i, v_add32(scaled_halves(s, low, high), v_sub8(d, scaled_halves(d, low, high))));
        } else {
            if (kind == BLOCK_MIXED) s = scaled_by(s, v_coverage(block));
            v_store(dst + 4 * i, over(s, d));
        }
        i += LANES;
    }
    if (i == count) return;
    size_t n = count - i;
    vec s = scaled_by(v_load_pixels(src + 4 * i, n), v_coverage(v_block_part(mask + i, n)));
    v_store_pixels(dst + 4 * i, over(s, v_load_pixels(dst + 4 * i, n)), n);
}

static void vector_masked_row(const uint8_t *src, const uint8_t *mask, uint8_t *dst, size_t count, int opaque) {
    if (opaque) {
        masked_row_known(src, mask, dst, count, 1);
    } else {
        masked_row_known(src, mask, dst, count, 0);
    }
}

/// Stores the pixel `b` over the `count` (a whole number of steps) pixels from `dst`.
static inline void fill_steps(uint8_t *dst, size_t count, vec b) {
    for (size_t i = 0; i < count; i += LANES) v_store(dst + 4 * i, b);
}

/// `vector_masked_row_opacity`, or with `onto` (known where it is inlined) over the pixel
/// `b` without reading `dst` (a stale row's columns: blocks the mask shuts become `b`).
/// The mask's bytes lie in a row `first ..< end` that may all be read (`v_block_within`).
__attribute__((always_inline)) static inline void masked_row_opacity_known(const uint8_t *src, const uint8_t *mask, uint8_t *dst,
                                                                           size_t count, uint32_t opacity, vec b, int onto,
                                                                           const uint8_t *first, const uint8_t *end) {
    vec k = v_set16((int16_t)opacity);
    size_t i = 0;
    while (i + LANES <= count) {
        __m128i block = v_block(mask + i);
        enum block_kind kind = block_kind(block);
        if (kind == BLOCK_SHUT) {
            size_t end = run_end(mask, i, count, BLOCK_SHUT);
            if (onto) fill_steps(dst + 4 * i, end - i, b);
            i = end;
            continue;
        }
        vec s = v_load(src + 4 * i);
        s = kind == BLOCK_FULL ? scaled_all(s, k) : scaled_by_then(s, v_coverage(block), k);
        v_store(dst + 4 * i, over(s, onto ? b : v_load(dst + 4 * i)));
        i += LANES;
    }
    if (i == count) return;
    size_t n = count - i;
    vec s = scaled_by_then(v_load_pixels(src + 4 * i, n), v_coverage(v_block_within(mask + i, n, first, end)), k);
    v_store_pixels(dst + 4 * i, over(s, onto ? b : v_load_pixels(dst + 4 * i, n)), n);
}

static void vector_masked_row_opacity(const uint8_t *src, const uint8_t *mask, uint8_t *dst, size_t count, uint32_t opacity) {
    masked_row_opacity_known(src, mask, dst, count, opacity, v_zero(), 0, mask, mask + count);
}

/// `vector_masked_row_opacity` within the mask's row `first ..< end`: called by
/// `vector_scaled_span_rows`, whose rows' edge pieces then read their few bytes at once.
static void vector_masked_row_opacity_within(const uint8_t *src, const uint8_t *mask, uint8_t *dst, size_t count, uint32_t opacity,
                                             const uint8_t *first, const uint8_t *end) {
    masked_row_opacity_known(src, mask, dst, count, opacity, v_zero(), 0, first, end);
}

/// `vector_masked_row_opacity` over the pixel `backdrop`, without reading `dst`, within the
/// mask's row `first ..< end`: inlined into `vector_scaled_span_rows`, whose rows' edge
/// pieces (a few pixels each, two a row) then cost no call and no reload of the loop's
/// constants.
__attribute__((always_inline)) static inline void vector_masked_row_opacity_onto(const uint8_t *src, const uint8_t *mask, uint8_t *dst, size_t count, uint32_t opacity,
                                           uint32_t backdrop, const uint8_t *first, const uint8_t *end) {
    masked_row_opacity_known(src, mask, dst, count, opacity, v_set32((int32_t)backdrop), 1, first, end);
}

static void vector_over_row(const uint8_t *src, uint8_t *dst, size_t count) {
    size_t i = 0;
    for (; i + LANES <= count; i += LANES) v_store(dst + 4 * i, over(v_load(src + 4 * i), v_load(dst + 4 * i)));
    if (i == count) return;
    size_t n = count - i;
    v_store_pixels(dst + 4 * i, over(v_load_pixels(src + 4 * i, n), v_load_pixels(dst + 4 * i, n)), n);
}

/// Source-over of the pixels `s` scaled by `k16` onto `d`; with `opaque` (known where it is
/// inlined), the scaled source's alpha is `k` itself, and scales the destination unspread.
__attribute__((always_inline)) static inline vec scaled_over(vec s, vec d, vec k16, int opaque) {
    s = scaled_all(s, k16);
    return opaque ? v_add32(s, v_sub8(d, scaled_all(d, k16))) : over(s, d);
}

/// `vector_scaled_row` with `opaque` known where it is inlined, so the loop does not test it.
__attribute__((always_inline)) static inline void scaled_row_known(const uint8_t *src, uint8_t *dst, size_t count, uint32_t k,
                                                                   int opaque) {
    vec k16 = v_set16((int16_t)k);
    size_t i = 0;
    for (; i + LANES <= count; i += LANES) v_store(dst + 4 * i, scaled_over(v_load(src + 4 * i), v_load(dst + 4 * i), k16, opaque));
    if (i == count) return;
    size_t n = count - i;
    v_store_pixels(dst + 4 * i, scaled_over(v_load_pixels(src + 4 * i, n), v_load_pixels(dst + 4 * i, n), k16, opaque), n);
}

static void vector_scaled_row(const uint8_t *src, uint8_t *dst, size_t count, uint32_t k, int opaque) {
    if (opaque) {
        scaled_row_known(src, dst, count, k, 1);
    } else {
        scaled_row_known(src, dst, count, k, 0);
    }
}

/// The source pixels `s` scaled by `k16` onto the backdrop: `b` under them, or for an
/// opaque source `left`, what shows of the backdrop (`backdrop_left`).
__attribute__((always_inline)) static inline vec scaled_onto(vec s, vec k16, vec b, vec left, int opaque) {
    s = scaled_all(s, k16);
    return opaque ? v_add32(s, left) : over(s, b);
}

/// `vector_scaled_row_onto` with `opaque` known where it is inlined: two steps a turn of
/// the loop (its count and branch once for 2 · LANES pixels), then the last whole step.
__attribute__((always_inline)) static inline void scaled_row_onto_known(const uint8_t *src, uint8_t *dst, size_t count, vec k16, vec b,
                                                                        vec left, int opaque) {
    size_t pairs = count - count % (2 * LANES), whole = count - count % LANES, i = 0;
    for (; i < pairs; i += 2 * LANES) {
        v_store(dst + 4 * i, scaled_onto(v_load(src + 4 * i), k16, b, left, opaque));
        v_store(dst + 4 * (i + LANES), scaled_onto(v_load(src + 4 * (i + LANES)), k16, b, left, opaque));
    }
    if (i < whole) {
        v_store(dst + 4 * i, scaled_onto(v_load(src + 4 * i), k16, b, left, opaque));
        i += LANES;
    }
    if (i == count) return;
    size_t n = count - i;
    v_store_pixels(dst + 4 * i, scaled_onto(v_load_pixels(src + 4 * i, n), k16, b, left, opaque), n);
}

// Inlined into `vector_scaled_pieces_rows`: no call a piece.
__attribute__((always_inline)) static inline void vector_scaled_row_onto(const uint8_t *src, uint8_t *dst, size_t count, uint32_t k,
                                                                         uint32_t backdrop, int opaque) {
    vec k16 = v_set16((int16_t)k), b = v_set32((int32_t)backdrop), left = v_set32((int32_t)backdrop_left(backdrop, k));
    if (opaque) {
        scaled_row_onto_known(src, dst, count, k16, b, left, 1);
    } else {
        scaled_row_onto_known(src, dst, count, k16, b, left, 0);
    }
}

/// Four steps a turn of the loop, then one at a time; the last step ends at the row's end,
/// over pixels already written when the count is not a whole number of steps (a fill may
/// write a pixel twice). Fewer pixels than a step are one step masked by pixel.
static void vector_fill_pixels(uint8_t *dst, size_t count, uint32_t pixel) {
    vec p = v_set32((int32_t)pixel);
    if (count < LANES) {
        if (count > 0) v_store_pixels(dst, p, count);
        return;
    }
    size_t whole = count - count % (4 * LANES), i = 0;
    for (; i < whole; i += 4 * LANES) {
        v_store(dst + 4 * i, p);
        v_store(dst + 4 * (i + LANES), p);
        v_store(dst + 4 * (i + 2 * LANES), p);
        v_store(dst + 4 * (i + 3 * LANES), p);
    }
    for (; i + LANES < count; i += LANES) v_store(dst + 4 * i, p);
    v_store(dst + 4 * (count - LANES), p);
}

/// `vector_solid_row`, or with `onto` (known where it is inlined) over the pixel
/// `backdrop` without reading `dst` (a stale row's columns: blocks the coverage shuts
/// become the backdrop).
__attribute__((always_inline)) static inline void solid_row_known(uint32_t color, const uint8_t *coverage, uint32_t k, uint8_t *dst,
                                                                  size_t count, uint32_t backdrop, int onto) {
    uint32_t full = scaled_pixel(color, k);
    int opaque = full >> 24 == 255;
    if (!coverage && opaque) return vector_fill_pixels(dst, count, full);
    // Over the backdrop the colour at `full` is one pixel (`over`'s bytes: checked equal to
    // the scalar blend).
    if (!coverage && onto) return vector_fill_pixels(dst, count, full + scaled_pixel(backdrop, 255 - (full >> 24)));
    vec c = v_set32((int32_t)color), s_full = v_set32((int32_t)full), k16 = v_set16((int16_t)k), b = v_set32((int32_t)backdrop);
    size_t i = 0;
    while (i + LANES <= count) {
        // A run known full is a row of full blocks (not opaque here: that was a fill).
        __m128i block = coverage ? v_block(coverage + i) : v_block_ones();
        enum block_kind kind = block_kind(block);
        if (kind == BLOCK_SHUT) {
            size_t end = run_end(coverage, i, count, BLOCK_SHUT);
            if (onto) fill_steps(dst + 4 * i, end - i, b);
            i = end;
            continue;
        }
        if (kind == BLOCK_FULL && opaque) {
            size_t end = run_end(coverage, i, count, BLOCK_FULL);
            vector_fill_pixels(dst + 4 * i, end - i, full);
            i = end;
            continue;
        }
        vec s = s_full;
        if (kind == BLOCK_MIXED) {
            vec f = v_coverage(block);
            // The factor is coverage times k, rounded once.
            s = scaled_by(c, k == 255 ? f : scale16(f, k16));
        }
        v_store(dst + 4 * i, over(s, onto ? b : v_load(dst + 4 * i)));
        i += LANES;
    }
    if (i == count) return;
    size_t n = count - i;
    vec s = s_full;
    if (coverage) {
        vec f = v_coverage(v_block_part(coverage + i, n));
        s = scaled_by(c, k == 255 ? f : scale16(f, k16));
    }
    v_store_pixels(dst + 4 * i, over(s, onto ? b : v_load_pixels(dst + 4 * i, n)), n);
}

static void vector_solid_row(uint32_t color, const uint8_t *coverage, uint32_t k, uint8_t *dst, size_t count) {
    solid_row_known(color, coverage, k, dst, count, 0, 0);
}

/// `vector_solid_row` inlined into `vector_solid_cover_rows`: an oval's or a glyph's
/// pieces, several a row, cost no call and no reload of the loop's constants.
__attribute__((always_inline)) static inline void vector_solid_row_inline(uint32_t color, const uint8_t *coverage, uint32_t k,
                                                                          uint8_t *dst, size_t count) {
    solid_row_known(color, coverage, k, dst, count, 0, 0);
}

/// `vector_solid_row` over the pixel `backdrop`, without reading `dst` (inlined as
/// `vector_solid_row_inline`).
__attribute__((always_inline)) static inline void vector_solid_row_onto(uint32_t color, const uint8_t *coverage, uint32_t k, uint8_t *dst, size_t count, uint32_t backdrop) {
    solid_row_known(color, coverage, k, dst, count, backdrop, 1);
}

/// The opaque colour `c` through the coverage block `block` over the pixels `d`: `c · m /
/// 255 + d − d · m / 255` for each pixel's byte `m` (the colour's scaled alpha is `m`).
static inline vec opaque_through_block(vec c, __m128i block, vec d) {
    vec coverage = v_coverage(block), low = spread_low(coverage, 0), high = spread_high(coverage, 0);
    return v_add32(scaled_halves(c, low, high), v_sub8(d, scaled_halves(d, low, high)));
}

/// The last `n` (below LANES) pixels of an opaque colour's row through the coverage bytes
/// `m`, over the pixels at `dst` (`onto`: 0) or over `b` without reading them (`onto`: 1).
__attribute__((always_inline)) static inline void opaque_through_last(vec c, const uint8_t *m, uint8_t *dst, size_t n, vec b, int onto) {
    v_store_pixels(dst, opaque_through_block(c, v_block_part(m, n), onto ? b : v_load_pixels(dst, n)), n);
}

// The two below are called, not inlined into `vector_solid_span_rows`: a row without a
// piece between full runs then sets up none of their constants. A piece of at most one
// step is drawn inline (`vector_opaque_narrow`).

/// The opaque `color` through `count` coverage bytes over the pixels at `dst`.
__attribute__((noinline)) static void vector_opaque_over(uint32_t color, const uint8_t *mask, uint8_t *dst, size_t count) {
    vec c = v_set32((int32_t)color);
    size_t i = 0;
    for (; i + LANES <= count; i += LANES) v_store(dst + 4 * i, opaque_through_block(c, v_block(mask + i), v_load(dst + 4 * i)));
    if (i < count) opaque_through_last(c, mask + i, dst + 4 * i, count - i, c, 0);
}

/// The opaque `color` through `count` coverage bytes over the pixel `backdrop`, written to
/// `dst` without reading it.
__attribute__((noinline)) static void vector_opaque_onto(uint32_t color, const uint8_t *mask, uint8_t *dst, size_t count, uint32_t backdrop) {
    vec c = v_set32((int32_t)color), b = v_set32((int32_t)backdrop);
    size_t i = 0;
    for (; i + LANES <= count; i += LANES) v_store(dst + 4 * i, opaque_through_block(c, v_block(mask + i), b));
    if (i < count) opaque_through_last(c, mask + i, dst + 4 * i, count - i, b, 1);
}

/// The opaque `color` through `count` (at most LANES) coverage bytes, over the pixels at
/// `dst` or (`onto`) over `backdrop` without reading them: one step, inlined.
__attribute__((always_inline)) static inline void vector_opaque_narrow(uint32_t color, const uint8_t *mask, uint8_t *dst, size_t count,
                                                                       uint32_t backdrop, int onto) {
    vec c = v_set32((int32_t)color), b = v_set32((int32_t)backdrop);
    if (count == LANES) {
        v_store(dst, opaque_through_block(c, v_block(mask), onto ? b : v_load(dst)));
    } else {
        opaque_through_last(c, mask, dst, count, b, onto);
    }
}

static void vector_solid_span_rows(uint32_t color, uint32_t backdrop, const struct mask_solid_span_rows *rows) {
    solid_span_rows_with((struct solid_span_ops){vector_fill_pixels, vector_opaque_over, vector_opaque_onto, vector_opaque_narrow, LANES},
                         color, backdrop, rows);
}

/// Source-over of the 16-bit alphas `s_low` and `s_high` (the unpacked halves) onto the
/// alpha bytes `d`.
static inline vec alpha_over(vec s_low, vec s_high, vec d) {
    vec zero = v_zero(), ones = v_set16(255);
    vec low = v_add16(s_low, scale16(v_unpacklo8(d, zero), v_sub16(ones, s_low)));
    vec high = v_add16(s_high, scale16(v_unpackhi8(d, zero), v_sub16(ones, s_high)));
    return v_packus16(low, high);
}

static void vector_alpha_fill(uint8_t *dst, size_t count, uint32_t alpha) {
    if (alpha == 255) memset(dst, 255, count);
    if (alpha == 0 || alpha == 255) return;
    const size_t width = 4 * LANES;
    vec s = v_set16((int16_t)alpha), bytes = v_set32((int32_t)(alpha * 0x01010101u));
    size_t i = 0;
    for (; i + width <= count; i += width) {
        // Over nothing drawn yet (a grid tile's own area), the alpha itself.
        vec d = v_load(dst + i);
        v_store(dst + i, v_is_zero(d) ? bytes : alpha_over(s, s, d));
    }
#if MASKED_TAILS
    if (i < count) v_store_part(dst + i, alpha_over(s, s, v_load_part(dst + i, count - i)), count - i);
#else
    for (; i < count; i++) blend_alpha(alpha, dst + i);
#endif
}

/// The 16-bit source alphas of a solid colour's `a16` through the coverage bytes `c` times
/// `k16` (skipped where `k` is 255), low and high halves.
static inline void alpha_sources(vec c, uint32_t k, vec k16, vec a16, vec *low, vec *high) {
    vec zero = v_zero();
    vec cl = v_unpacklo8(c, zero), ch = v_unpackhi8(c, zero);
    if (k != 255) {
        cl = scale16(cl, k16);
        ch = scale16(ch, k16);
    }
    *low = scale16(cl, a16);
    *high = scale16(ch, a16);
}

static void vector_alpha_row(const uint8_t *coverage, uint8_t *dst, size_t count, uint32_t alpha, uint32_t k) {
    const size_t width = 4 * LANES;
    vec k16 = v_set16((int16_t)k), a16 = v_set16((int16_t)alpha), low, high;
    size_t i = 0;
    for (; i + width <= count; i += width) {
        vec c = v_load(coverage + i);
        if (v_is_zero(c)) continue;
        alpha_sources(c, k, k16, a16, &low, &high);
        v_store(dst + i, alpha_over(low, high, v_load(dst + i)));
    }
    if (i == count) return;
#if MASKED_TAILS
    alpha_sources(v_load_part(coverage + i, count - i), k, k16, a16, &low, &high);
    v_store_part(dst + i, alpha_over(low, high, v_load_part(dst + i, count - i)), count - i);
#else
    alpha_bytes(coverage, dst, i, count, alpha, k);
#endif
}

/// `vector_solid_row`'s last step for a row of fewer than LANES pixels, over the pixels at
/// `dst` or (`onto`) over `backdrop` without reading them, the coverage bytes read from
/// their row `first ..< end` (`v_block_within`): inlined into `vector_solid_cover_rows`,
/// a shape's edge of a pixel or three is this one step.
__attribute__((always_inline)) static inline void vector_solid_narrow(uint32_t color, const uint8_t *coverage, uint32_t k, uint8_t *dst,
                                                                      size_t count, uint32_t backdrop, int onto, const uint8_t *first,
                                                                      const uint8_t *end) {
    vec f = v_coverage(v_block_within(coverage, count, first, end));
    vec s = scaled_by(v_set32((int32_t)color), k == 255 ? f : scale16(f, v_set16((int16_t)k)));
    v_store_pixels(dst, over(s, onto ? v_set32((int32_t)backdrop) : v_load_pixels(dst, count)), count);
}

/// A row of `vector_solid_cover_rows` taken at once (`band_row`, inlined): where it is one
/// full run with an edge of at most a step each side (`one_run_row`), its first and last
/// steps are each one step of the colour through the coverage over the backdrop, 255 over
/// the run (the run's pixels come out as its fill's: `over`'s bytes equal the scalar
/// blend), and the columns between them are filled; any other row goes piece by piece.
__attribute__((always_inline)) static inline void vector_solid_cover_row_onto(const void *context, const uint8_t *coverage, uint8_t *dst,
                                                                              int32_t *start, const int32_t *runs, const int32_t *runs_end,
                                                                              ptrdiff_t origin, ptrdiff_t lo, ptrdiff_t hi) {
    const struct solid_cover_draw *d = context;
    ptrdiff_t a, b;
    if (one_run_row(runs, runs_end, origin, lo, hi, LANES, &a, &b)) {
        const vec c = v_set32((int32_t)d->color), bk = v_set32((int32_t)d->backdrop), k16 = v_set16((int16_t)d->k);
        const ptrdiff_t last = hi - LANES;
        vec f = v_coverage(v_block_run_from(coverage + lo, a - lo));
        v_store(dst + 4 * lo, over(scaled_by(c, d->k == 255 ? f : scale16(f, k16)), bk));
        f = v_coverage(v_block_run_to(coverage + last, b - last));
        v_store(dst + 4 * last, over(scaled_by(c, d->k == 255 ? f : scale16(f, k16)), bk));
        if (last > lo + LANES) {
            const uint32_t full = scaled_pixel(d->color, d->k);
            vector_fill_pixels(dst + 4 * (lo + LANES), (size_t)(last - lo - LANES), full + scaled_pixel(d->backdrop, 255 - (full >> 24)));
        }
        return;
    }
    row_pieces(solid_cover_piece, context, coverage, dst, start, runs, runs_end, origin, lo, hi, 1);
}

static void vector_solid_cover_rows(uint32_t color, uint32_t k, uint32_t backdrop, const struct mask_band *rows) {
    solid_cover_rows_with(vector_solid_row_inline, vector_solid_row_onto, vector_fill_pixels, vector_solid_narrow, LANES - 1,
                          vector_solid_cover_row_onto, color, k, backdrop, rows);
}

/// Copies `count` pixels from `src` to `dst` (apart): four steps a turn of the loop, then
/// one at a time, the last step ending at the row's end (over pixels already copied when
/// the count is not a whole number of steps), fewer pixels than a step one masked step.
/// Inlined into `vector_scaled_span_rows`: a row's full run costs no call and no reload
/// of the loop's constants after it.
__attribute__((always_inline)) static inline void vector_copy_pixels(uint8_t *dst, const uint8_t *src, size_t count) {
    if (count < LANES) {
        if (count > 0) v_store_pixels(dst, v_load_pixels(src, count), count);
        return;
    }
    size_t i = 0;
    for (; i + 4 * LANES <= count; i += 4 * LANES) {
        vec a = v_load(src + 4 * i), b = v_load(src + 4 * (i + LANES));
        vec c = v_load(src + 4 * (i + 2 * LANES)), d = v_load(src + 4 * (i + 3 * LANES));
        v_store(dst + 4 * i, a);
        v_store(dst + 4 * (i + LANES), b);
        v_store(dst + 4 * (i + 2 * LANES), c);
        v_store(dst + 4 * (i + 3 * LANES), d);
    }
    for (; i + LANES < count; i += LANES) v_store(dst + 4 * i, v_load(src + 4 * i));
    v_store(dst + 4 * (count - LANES), v_load(src + 4 * (count - LANES)));
}

#define VECTOR_SCALED_SPAN_OPS                                                                                        \
    ((struct scaled_span_ops){vector_fill_pixels, vector_over_row, vector_masked_row_opacity_within,                      \
                              vector_masked_row_opacity_onto, vector_scaled_row_onto, vector_copy_pixels})

/// A row of `vector_scaled_span_rows` not taken at once (`band_row`), its `ops` known.
__attribute__((noinline)) static void vector_scaled_span_row_over(const void *context, const uint8_t *mask, uint8_t *dst, int32_t *start,
                                                                  const int32_t *runs, const int32_t *runs_end, ptrdiff_t origin,
                                                                  ptrdiff_t lo, ptrdiff_t hi) {
    struct scaled_span_draw draw = *(const struct scaled_span_draw *)context;
    draw.ops = VECTOR_SCALED_SPAN_OPS;
    row_pieces(scaled_span_piece, &draw, mask, dst, start, runs, runs_end, origin, lo, hi, 0);
}

/// The source's step at `src` times the coverage `block`, then `k16`, over the backdrop `b`,
/// stored whole at `dst`: `vector_masked_row_opacity_onto`'s step.
static inline void scaled_onto_step(const uint8_t *src, __m128i block, uint8_t *dst, vec k16, vec b) {
    v_store(dst, over(scaled_by_then(v_load(src), v_coverage(block), k16), b));
}

/// A row of `vector_scaled_span_rows` taken at once (`band_row`, inlined). Where its extent
/// `lo ..< hi` is one full run `a ..< b` with at most a step of columns before and after
/// it, and the run reaches across the extent's first and last step, those two steps are
/// each one step of the source times the mask's bytes then `k`, over the backdrop, with 255
/// for the run's bytes (which a sparse mask leaves unwritten): the run's pixels come out
/// as the blended row's, `mulDiv255(x, 255)` being `x`. The columns between the two steps
/// are copied from the blended row. Any other row goes piece by piece.
__attribute__((always_inline)) static inline void vector_scaled_span_row_onto(const void *context, const uint8_t *mask, uint8_t *dst,
                                                                              int32_t *start, const int32_t *runs, const int32_t *runs_end,
                                                                              ptrdiff_t origin, ptrdiff_t lo, ptrdiff_t hi) {
    const struct scaled_span_draw *d = context;
    ptrdiff_t a, b;
    if (one_run_row(runs, runs_end, origin, lo, hi, LANES, &a, &b) && lo >= d->row_x0 && hi - d->row_x0 <= (ptrdiff_t)d->count) {
        const vec k16 = v_set16((int16_t)d->k), bk = v_set32((int32_t)d->backdrop);
        const ptrdiff_t last = hi - LANES;
        scaled_onto_step(d->source + 4 * (lo - d->row_x0), v_block_run_from(mask + lo, a - lo), dst + 4 * lo, k16, bk);
        scaled_onto_step(d->source + 4 * (last - d->row_x0), v_block_run_to(mask + last, b - last), dst + 4 * last, k16, bk);
        if (last > lo + LANES) {
            vector_copy_pixels(dst + 4 * (lo + LANES), scaled_span_blended(d) + 4 * (lo + LANES - d->row_x0), (size_t)(last - lo - LANES));
        }
        return;
    }
    row_pieces(scaled_span_piece, context, mask, dst, start, runs, runs_end, origin, lo, hi, 1);
}

static void vector_scaled_span_rows(uint32_t backdrop, const struct mask_scaled_span_rows *rows) {
    scaled_span_rows_with(VECTOR_SCALED_SPAN_OPS, vector_scaled_span_row_onto, vector_scaled_span_row_over, backdrop, rows);
}

/// The pixel `s` over `count` pixels from `dst`: `s + d − d · sa / 255` (`over`'s bytes),
/// as `s + d · (255 − sa) / 255`, equal rounded (x / 255 is never half-way): one scale by
/// a factor spread once, no subtraction. Two steps a turn of the loop, then one.
__attribute__((always_inline)) static inline void vector_pixel_over(uint8_t *dst, size_t count, uint32_t s) {
    vec sv = v_set32((int32_t)s), left16 = v_set16((int16_t)(255 - (s >> 24)));
    size_t i = 0;
    for (; i + 2 * LANES <= count; i += 2 * LANES) {
        vec d0 = v_load(dst + 4 * i), d1 = v_load(dst + 4 * (i + LANES));
        v_store(dst + 4 * i, v_add32(sv, scaled_all(d0, left16)));
        v_store(dst + 4 * (i + LANES), v_add32(sv, scaled_all(d1, left16)));
    }
    if (i + LANES <= count) {
        v_store(dst + 4 * i, v_add32(sv, scaled_all(v_load(dst + 4 * i), left16)));
        i += LANES;
    }
    if (i == count) return;
    size_t n = count - i;
    v_store_pixels(dst + 4 * i, v_add32(sv, scaled_all(v_load_pixels(dst + 4 * i, n), left16)), n);
}

/// `uniform_pieces_rows_with` at this level, a function of its own.
__attribute__((noinline)) static void vector_uniform_pieces_rows(const struct mask_scaled_pieces_rows *rows) {
    uniform_pieces_rows_with(vector_fill_pixels, vector_pixel_over, rows);
}

static void vector_scaled_pieces_rows(uint32_t backdrop, const struct mask_scaled_pieces_rows *rows) {
    if (uniform_and_fresh(rows)) {
        vector_uniform_pieces_rows(rows);
        return;
    }
    scaled_pieces_rows_with(vector_fill_pixels, vector_scaled_row_onto, vector_scaled_row, vector_pixel_over, backdrop, rows);
}

/// `mask_axial_row` four pixels a step in AVX2's doubles (both levels): the positions'
/// operations lane for lane as `axial_pixels` makes them one at a time (`i` a double,
/// exact; `v` kept where above 0, a NaN's compare false, then the smaller of it and
/// `last`), their entries gathered; the last few one at a time.
static void vector_axial_row(const uint32_t *table, size_t entries, double t0, double dt, double low, double scale, uint8_t *out,
                             size_t count) {
#pragma clang fp contract(off)
    const double last = (double)(entries - 1);
    const __m256d t0s = _mm256_set1_pd(t0), dts = _mm256_set1_pd(dt), lows = _mm256_set1_pd(low), scales = _mm256_set1_pd(scale);
    const __m256d half = _mm256_set1_pd(0.5), zero = _mm256_setzero_pd(), lasts = _mm256_set1_pd(last), four = _mm256_set1_pd(4);
    __m256d index = _mm256_setr_pd(0, 1, 2, 3);
    size_t i = 0;
    // Entries are indexed by 32-bit lanes: a table of at most 2^31 entries (GradientShader's has at most 16,385).
    if (entries <= (size_t)INT32_MAX) {
        for (; i + 4 <= count; i += 4) {
            __m256d v = _mm256_add_pd(_mm256_mul_pd(_mm256_sub_pd(_mm256_add_pd(t0s, _mm256_mul_pd(dts, index)), lows), scales), half);
            v = _mm256_min_pd(_mm256_and_pd(v, _mm256_cmp_pd(v, zero, _CMP_GT_OQ)), lasts);
            __m128i entry = _mm_i32gather_epi32((const int *)table, _mm256_cvttpd_epi32(v), 4);
            _mm_storeu_si128((__m128i *)(out + 4 * i), entry);
            index = _mm256_add_pd(index, four);
        }
    }
    axial_pixels(table, last, t0, dt, low, scale, out, i, count);
}

#define VECTOR_KERNELS                                                                                               \
    {                                                                                                                \
        vector_masked_row, vector_masked_row_opacity, vector_scaled_row, vector_scaled_row_onto,                    \
            vector_solid_row, vector_solid_span_rows, vector_solid_cover_rows, vector_scaled_span_rows, vector_scaled_pieces_rows, vector_fill_pixels, vector_alpha_fill, \
            vector_alpha_row, vector_over_row, vector_axial_row,                                                     \
    }
