/*
 * Starting the blossom search (blossom.h) again from its last solution after some weights change,
 * the way bbpPairings updates its matching: the FIDE Dutch engine asks for a matching about once
 * per player of a round, each time after changing the edges of one or two vertices, and a search
 * from nothing costs O(n^3) where this costs O(k n^2) for k changed vertices.
 *
 * Every changed edge gets one of its ends freed (a small cover of the changed edges, the ends with
 * the most changes first). A freed vertex leaves every blossom around it, whose duals go to its
 * vertices so that no slack inside changes; it loses its mate; its dual becomes the least that
 * keeps every edge at it feasible. Single vertices get even duals (even_roots). The search then
 * runs without maximum cardinality (the caller adds a constant to every weight that makes a larger
 * matching always heavier), from the single vertices whose dual is above zero, until none is left:
 * an optimum of the new weights (tests/events/pairing/test_matcher.py checks it against networkx).
 */
#ifndef ARBITER_WARM_H
#define ARBITER_WARM_H

#include "blossom.h"

/* v leaves every blossom around it; a blossom's dual goes to its vertices, and its base, whose
 * matched edge is no longer tight when that dual was above zero, loses its mate. */
static void leave_blossoms(Blossom *m, int v) {
    int L = m->L;
    while (m->inb[v] != v) {
        int b = m->inb[v];
        limb *z = dual_of(m, b);
        if (!bn_is_zero(z, L)) {
            int k = leaves_of(m, b, m->leaves);
            for (int i = 0; i < k; i++) bn_add(dual_of(m, m->leaves[i]), dual_of(m, m->leaves[i]), z, L);
            int base = m->base[b], u = m->mate[base];
            if (u >= 0) { m->mate[u] = -1; m->mate[base] = -1; }
            memset(z, 0, sizeof(limb) * (size_t)L);
        }
        m->label[b] = FREE;
        expand_blossom(m, b, 1);
    }
}

/* The least dual of v, at least zero, that leaves no edge at v with a negative slack. */
static void least_dual(Blossom *m, int v, const unsigned char *present) {
    int L = m->L, n = m->n;
    limb *d = dual_of(m, v), *t = m->t2;
    memset(d, 0, sizeof(limb) * (size_t)L);
    for (int u = 0; u < n; u++) {
        if (u == v || !present[tri(u, v)]) continue;
        bn_sub(t, m->w2 + tri(u, v) * L, dual_of(m, u), L);
        if (bn_cmp(t, d, L) > 0) bn_copy(d, t, L);
    }
}

/* Every single vertex gets an even dual. The search halves the slack of an edge between two
 * S-vertices, which is even only when the roots of their trees have duals of one parity (tight
 * edges join duals of one parity, the weights being doubled); a search from nothing has that for
 * free, every root starting at the same dual. Raising a single vertex's dual keeps every edge
 * feasible; it first leaves its blossoms, whose cycle edges at it must stay tight. */
static void even_roots(Blossom *m) {
    for (int v = 0; v < m->n; v++) {
        if (m->mate[v] != -1 || !(dual_of(m, v)[0] & 1)) continue;
        leave_blossoms(m, v);
        if (dual_of(m, v)[0] & 1) {
            limb *d = dual_of(m, v);
            for (int i = 0; i < m->L && ++d[i] == 0; i++) {}
        }
    }
}

static void unmatch(Blossom *m, int v) {
    if (m->mate[v] >= 0) { m->mate[m->mate[v]] = -1; m->mate[v] = -1; }
}

/* d_v += s or d_v -= s (s >= 0) */
static inline void add_dual(Blossom *m, int v, const limb *s, int sign) {
    if (sign > 0) bn_add(dual_of(m, v), dual_of(m, v), s, m->L);
    else bn_sub(dual_of(m, v), dual_of(m, v), s, m->L);
}

/* Whether the dual of the single vertex v can go down by s (>= 0): it stays at least zero and
 * every edge at v but the one to `keep` keeps a slack of at least s. */
static int can_lower(Blossom *m, int v, int keep, const limb *s, const unsigned char *present) {
    int L = m->L, n = m->n;
    if (bn_cmp(dual_of(m, v), s, L) < 0) return 0;
    for (int u = 0; u < n; u++) {
        if (u == v || u == keep || !present[tri(u, v)]) continue;
        slack(m, v, u, m->t2);
        if (bn_cmp(m->t2, s, L) < 0) return 0;
    }
    return 1;
}

/* Bring the last optimum back to a start for the search after the edges in `changed` (pairs,
 * `count` of them) got new weights, touching as little as it can:
 * - an edge inside a blossom: one end leaves its blossoms (their cycles may be broken);
 * - a matched edge: gone, it is unmatched; heavier, the dual of a single end goes up; lighter,
 *   the dual of a single end goes down when no other edge at it gets a negative slack, else it
 *   is unmatched;
 * - an unmatched edge left with a negative slack: the dual of a single unmatched end goes up
 *   (it becomes a root), else one end (the one with more changed edges) is freed: it leaves its
 *   blossoms, loses its mate and takes the least dual that keeps its edges feasible.
 * A lighter or removed unmatched edge needs nothing. `deg` is scratch of n ints. */
static void repair_changed(Blossom *m, const int *changed, size_t count, const unsigned char *present,
                           int *deg) {
    int n = m->n, L = m->L;
    limb *s = m->delta;  /* free scratch outside the dual step */
    memset(deg, 0, sizeof(int) * (size_t)n);
    for (size_t e = 0; e < count; e++) {
        int i = changed[2 * e], j = changed[2 * e + 1];
        deg[i]++; deg[j]++;
        if (m->inb[i] == m->inb[j] && m->inb[i] >= n) leave_blossoms(m, deg[i] >= deg[j] ? i : j);
        if (m->mate[i] == j && !present[tri(i, j)]) unmatch(m, i);
    }
    for (size_t e = 0; e < count; e++) {
        int i = changed[2 * e], j = changed[2 * e + 1];
        if (!present[tri(i, j)]) continue;
        slack(m, i, j, s);
        if (m->mate[i] == j) {
            if (bn_is_zero(s, L)) continue;
            if (bn_le_zero(s, L)) {
                /* heavier: up by -s at a single end (one leaves its blossoms first) */
                memset(m->t1, 0, sizeof(limb) * (size_t)L);
                bn_sub(s, m->t1, s, L);
                int x = m->inb[i] == i ? i : (m->inb[j] == j ? j : -1);
                if (x < 0) { leave_blossoms(m, i); x = i; }
                if (m->mate[i] == j) { add_dual(m, x, s, 1); continue; }
                slack(m, i, j, s);  /* its blossom's dual freed i: now an unmatched edge */
            } else {
                int x = m->inb[i] == i && can_lower(m, i, j, s, present) ? i
                      : m->inb[j] == j && can_lower(m, j, i, s, present) ? j : -1;
                if (x >= 0) { add_dual(m, x, s, -1); continue; }
                unmatch(m, i);
                continue;  /* lighter and now unmatched: its slack is above zero */
            }
        }
        if (!bn_le_zero(s, L) || bn_is_zero(s, L)) continue;
        int x = m->mate[i] == -1 && m->inb[i] == i ? i : (m->mate[j] == -1 && m->inb[j] == j ? j : -1);
        if (x >= 0) {
            memset(m->t1, 0, sizeof(limb) * (size_t)L);
            bn_sub(s, m->t1, s, L);
            add_dual(m, x, s, 1);
            continue;
        }
        x = deg[i] >= deg[j] ? i : j;
        leave_blossoms(m, x);
        unmatch(m, x);
        least_dual(m, x, present);
    }
    even_roots(m);
}

#endif
