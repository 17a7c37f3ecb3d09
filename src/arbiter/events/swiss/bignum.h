/*
 * Fixed-width integers for the blossom matcher (blossom.h): L 64-bit limbs, least significant
 * first, two's complement. The width is chosen per call from the largest weight, with room for
 * the doubled weights and for duals that go below zero in maximum-cardinality mode, so nothing
 * here checks for overflow.
 */
#ifndef ARBITER_BIGNUM_H
#define ARBITER_BIGNUM_H

#include <stdint.h>
#include <string.h>

typedef uint64_t limb;

/* r = a + b */
static inline void bn_add(limb *r, const limb *a, const limb *b, int L) {
    limb carry = 0;
    for (int i = 0; i < L; i++) {
        limb s = a[i] + carry;
        limb c1 = s < carry;
        limb t = s + b[i];
        r[i] = t;
        carry = c1 | (t < s);
    }
}

/* r = a - b */
static inline void bn_sub(limb *r, const limb *a, const limb *b, int L) {
    limb borrow = 0;
    for (int i = 0; i < L; i++) {
        limb d = a[i] - b[i];
        limb b1 = a[i] < b[i];
        limb e = d - borrow;
        r[i] = e;
        borrow = b1 | (d < borrow);
    }
}

/* r = a >> 1, arithmetic (a slack of S-S edges is even, so no rounding happens) */
static inline void bn_half(limb *r, const limb *a, int L) {
    for (int i = 0; i < L - 1; i++) r[i] = (a[i] >> 1) | (a[i + 1] << 63);
    r[L - 1] = (limb)((int64_t)a[L - 1] >> 1);
}

/* -1, 0, 1 as a is less than, equal to, greater than b, both read as signed */
static inline int bn_cmp(const limb *a, const limb *b, int L) {
    int64_t ta = (int64_t)a[L - 1], tb = (int64_t)b[L - 1];
    if (ta != tb) return ta < tb ? -1 : 1;
    for (int i = L - 2; i >= 0; i--)
        if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
    return 0;
}

static inline int bn_is_zero(const limb *a, int L) {
    for (int i = 0; i < L; i++)
        if (a[i]) return 0;
    return 1;
}

/* a <= 0, read as signed */
static inline int bn_le_zero(const limb *a, int L) {
    return (int64_t)a[L - 1] < 0 || bn_is_zero(a, L);
}

/* The sign (-1, 0, 1) of (a + b - c) - (d + e - f), all read as signed, in one pass with no
 * stores: the slack comparisons of the search. The result fits in L limbs (the widths are chosen
 * so), so it is the L limbs of the sum read as signed. d, e, f may be NULL (taken as 0). */
static inline int bn_sign6(const limb *a, const limb *b, const limb *c, const limb *d, const limb *e,
                           const limb *f, int L) {
    __int128 carry = 0;
    limb any = 0, r = 0;
    for (int k = 0; k < L; k++) {
        __int128 t = carry + (__int128)a[k] + b[k] - c[k];
        if (d) t = t - d[k] - e[k] + f[k];
        r = (limb)t;
        any |= r;
        carry = t >> 64;
    }
    if ((int64_t)r < 0) return -1;
    return any ? 1 : 0;
}

static inline void bn_copy(limb *r, const limb *a, int L) { memcpy(r, a, (size_t)L * sizeof(limb)); }

#endif
