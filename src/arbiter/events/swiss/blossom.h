/*
 * Maximum-weight matching by Edmonds' blossom algorithm, the O(n^3) primal-dual form (Galil,
 * "Efficient algorithms for finding maximum matching in graphs", 1986): stages that grow
 * alternating trees from every single vertex over tight edges, shrink odd cycles into blossoms,
 * change the duals by the least slack when stuck, and augment when two trees meet.
 *
 * Duals are kept doubled, so with integer weights every quantity is an integer: a vertex dual
 * starts at the largest weight, the slack of an edge ij is dual_i + dual_j - 2 w_ij, and an edge
 * is tight at slack 0. In maximum-cardinality mode vertex duals may go below zero and the search
 * ends only when no augmenting path is left, which gives the heaviest of the largest matchings.
 *
 * Without maximum cardinality the search may also start from a matching and duals left by an
 * earlier search (warm.h): a single vertex whose dual is above zero is a root, one whose dual is
 * zero is where it belongs and is matched when a tree reaches it over a tight edge, and an
 * S-vertex whose dual reaches zero gives up its mate (the path to its root swaps). From nothing,
 * where every vertex starts at the same dual, these steps are the usual ones.
 *
 * Where several matchings are optimal, which one comes out depends on the order of the search:
 * vertices are labelled in index order, the queue is last in first out, neighbours are scanned in
 * index order, a blossom's vertices are listed from its last child, blossoms are visited in the
 * order they were made, and a tie in a least-slack choice keeps the first found. caissify-pairings'
 * Dutch engine was checked against bbpPairings with a search in exactly this order, so the
 * pairings stay the same (tests/events/formats); a search from an earlier optimum may choose
 * another of equal weight, which the same tests show does not change a pairing.
 */
#ifndef ARBITER_BLOSSOM_H
#define ARBITER_BLOSSOM_H

#include <setjmp.h>
#include <stdlib.h>

#include "bignum.h"

enum { FREE = 0, S = 1, T = 2, CRUMB = 4 };

typedef struct {
    int n, L, maxcard, zeroed;
    int keep_zero;                /* a search from an earlier optimum keeps blossoms of dual zero */
    const limb *w2;               /* doubled weight of edge {i, j}, i < j, at tri(i, j) * L */
    const int *adj, *adj_at, *adj_end;  /* neighbours of v, ascending: adj[adj_at[v] .. adj_end[v]) */
    unsigned char *allow;         /* per edge: tight and usable in this stage */
    size_t *allowed, nallowed;    /* which allow[] entries to clear at the next stage */
    limb *dual;                   /* 2n duals: vertices, then blossoms */
    int *mate, *inb;              /* per vertex: partner or -1; top-level blossom */
    /* per vertex or blossom (0..2n-1) */
    int *label, *lfrom, *lto;     /* label; the edge it came by (from outside, to inside) */
    int *parent, *base, *bfrom, *bto;  /* enclosing blossom; base vertex; least-slack edge */
    int **childs, *nch, **edges;  /* blossoms: children around the cycle, the edges between */
    int **best, *nbest;           /* S-blossoms: least-slack edge to each other S-blossom */
    int *live, *next, *prev, first, last;  /* live blossoms in the order they were made */
    int *spare, nspare;           /* unused blossom numbers */
    int *queue, nq, qcap;         /* S-vertices to scan */
    int *leaves, *path, *pedges, *seen_b;  /* scratch */
    limb *t1, *t2, *delta;
    jmp_buf oom;
} Blossom;

static void *bl_alloc(Blossom *m, size_t size) {
    void *p = malloc(size ? size : 1);
    if (!p) longjmp(m->oom, 1);
    return p;
}

static inline size_t tri(int i, int j) {
    if (i > j) { int t = i; i = j; j = t; }
    return (size_t)j * (size_t)(j - 1) / 2 + (size_t)i;
}

static inline limb *dual_of(Blossom *m, int x) { return m->dual + (size_t)x * m->L; }

/* out = slack of edge {i, j} */
static inline void slack(Blossom *m, int i, int j, limb *out) {
    bn_add(out, dual_of(m, i), dual_of(m, j), m->L);
    bn_sub(out, out, m->w2 + tri(i, j) * m->L, m->L);
}

/* The slack of {i, j} to within one unit of its two top limbs (the lower limbs' carries are
 * left out): enough to settle most tests without the full width. Needs L >= 2. */
static inline __int128 slack_top(Blossom *m, int i, int j) {
    int L = m->L;
    const limb *a = dual_of(m, i) + L - 2, *b = dual_of(m, j) + L - 2, *w = m->w2 + tri(i, j) * L + L - 2;
    unsigned __int128 x = ((unsigned __int128)a[1] << 64) | a[0];
    unsigned __int128 y = ((unsigned __int128)b[1] << 64) | b[0];
    unsigned __int128 z = ((unsigned __int128)w[1] << 64) | w[0];
    return (__int128)(x + y - z);
}

/* slack(i, j) <= 0 */
static inline int is_tight(Blossom *m, int i, int j) {
    if (m->L >= 2 && slack_top(m, i, j) >= 2) return 0;
    return bn_sign6(dual_of(m, i), dual_of(m, j), m->w2 + tri(i, j) * m->L, NULL, NULL, NULL, m->L) <= 0;
}

/* slack(i, j) < slack(p, q) */
static inline int less_slack(Blossom *m, int i, int j, int p, int q) {
    if (m->L >= 2) {
        __int128 d = slack_top(m, i, j) - slack_top(m, p, q);
        if (d >= 2) return 0;
        if (d <= -3) return 1;
    }
    int L = m->L;
    return bn_sign6(dual_of(m, i), dual_of(m, j), m->w2 + tri(i, j) * L, dual_of(m, p), dual_of(m, q),
                    m->w2 + tri(p, q) * L, L) < 0;
}

static void push(Blossom *m, int v) {
    if (m->nq == m->qcap) {
        int *q = realloc(m->queue, sizeof(int) * (size_t)m->qcap * 2);
        if (!q) longjmp(m->oom, 1);
        m->queue = q;
        m->qcap *= 2;
    }
    m->queue[m->nq++] = v;
}

static void allow_edge(Blossom *m, int i, int j) {
    size_t k = tri(i, j);
    if (!m->allow[k]) {
        m->allow[k] = 1;
        m->allowed[m->nallowed++] = k;
    }
}

/* The vertices of x (a vertex or a blossom) into out, children taken from the last; their number. */
static int leaves_of(Blossom *m, int x, int *out) {
    if (x < m->n) { out[0] = x; return 1; }
    int k = 0;
    for (int c = m->nch[x] - 1; c >= 0; c--) k += leaves_of(m, m->childs[x][c], out + k);
    return k;
}

static int first_labelled_leaf(Blossom *m, int x) {
    if (x < m->n) return m->label[x] ? x : -1;
    for (int c = m->nch[x] - 1; c >= 0; c--) {
        int v = first_labelled_leaf(m, m->childs[x][c]);
        if (v >= 0) return v;
    }
    return -1;
}

static inline int wrap(int j, int k) { return ((j % k) + k) % k; }

static void assign_label(Blossom *m, int w, int t, int v) {
    int b = m->inb[w];
    m->label[w] = m->label[b] = t;
    m->lfrom[w] = m->lfrom[b] = v;
    m->lto[w] = m->lto[b] = v >= 0 ? w : -1;
    m->bfrom[w] = m->bfrom[b] = -1;
    if (t == S) {
        int k = leaves_of(m, b, m->leaves);
        for (int i = 0; i < k; i++) push(m, m->leaves[i]);
    } else {
        int base = m->base[b];
        assign_label(m, m->mate[base], S, base);
    }
}

/* Trace back from both ends of a tight S-S edge: the base of the new blossom, or -1 when the
 * trees differ (an augmenting path). */
static int scan_blossom(Blossom *m, int v, int w) {
    int np = 0, base = -1;
    while (v != -1) {
        int b = m->inb[v];
        if (m->label[b] & CRUMB) { base = m->base[b]; break; }
        m->path[np++] = b;
        m->label[b] = S | CRUMB;
        if (m->lfrom[b] == -1) {
            v = -1;
        } else {
            v = m->lfrom[b];
            v = m->lfrom[m->inb[v]];
        }
        if (w != -1) { int t = v; v = w; w = t; }
    }
    for (int i = 0; i < np; i++) m->label[m->path[i]] = S;
    return base;
}

static void order_append(Blossom *m, int b) {
    m->live[b] = 1;
    m->prev[b] = m->last;
    m->next[b] = -1;
    if (m->last >= 0) m->next[m->last] = b; else m->first = b;
    m->last = b;
}

static void order_remove(Blossom *m, int b) {
    m->live[b] = 0;
    if (m->prev[b] >= 0) m->next[m->prev[b]] = m->next[b]; else m->first = m->next[b];
    if (m->next[b] >= 0) m->prev[m->next[b]] = m->prev[b]; else m->last = m->prev[b];
}

/* A candidate edge k = (i, j) for the least-slack edges of the new blossom b. */
static void offer(Blossom *m, int b, int i, int j, int *nseen) {
    int ki = i, kj = j;
    if (m->inb[j] == b) { int t = i; i = j; j = t; }
    int bj = m->inb[j];
    if (bj == b || m->label[bj] != S) return;
    if (m->bfrom[bj + 2 * m->n] == -1) {
        m->seen_b[(*nseen)++] = bj;
    } else if (!less_slack(m, i, j, m->bfrom[bj + 2 * m->n], m->bto[bj + 2 * m->n])) {
        return;
    }
    m->bfrom[bj + 2 * m->n] = ki;
    m->bto[bj + 2 * m->n] = kj;
}

static void add_blossom(Blossom *m, int base, int v, int w) {
    int n = m->n, bb = m->inb[base], bv = m->inb[v], bw = m->inb[w];
    int b = m->spare[--m->nspare];
    m->base[b] = base;
    m->parent[b] = -1;
    m->parent[bb] = b;
    int np = 0, ne = 0;
    int *path = m->path, *pe = m->pedges;
    pe[2 * ne] = v; pe[2 * ne + 1] = w; ne++;
    while (bv != bb) {
        m->parent[bv] = b;
        path[np++] = bv;
        pe[2 * ne] = m->lfrom[bv]; pe[2 * ne + 1] = m->lto[bv]; ne++;
        v = m->lfrom[bv];
        bv = m->inb[v];
    }
    path[np++] = bb;
    for (int i = 0, j = np - 1; i < j; i++, j--) { int t = path[i]; path[i] = path[j]; path[j] = t; }
    for (int i = 0, j = ne - 1; i < j; i++, j--) {
        int a = pe[2 * i], c = pe[2 * i + 1];
        pe[2 * i] = pe[2 * j]; pe[2 * i + 1] = pe[2 * j + 1];
        pe[2 * j] = a; pe[2 * j + 1] = c;
    }
    while (bw != bb) {
        m->parent[bw] = b;
        path[np++] = bw;
        pe[2 * ne] = m->lto[bw]; pe[2 * ne + 1] = m->lfrom[bw]; ne++;
        w = m->lfrom[bw];
        bw = m->inb[w];
    }
    m->childs[b] = bl_alloc(m, sizeof(int) * (size_t)np);
    m->edges[b] = bl_alloc(m, sizeof(int) * 2 * (size_t)np);
    memcpy(m->childs[b], path, sizeof(int) * (size_t)np);
    memcpy(m->edges[b], pe, sizeof(int) * 2 * (size_t)np);
    m->nch[b] = np;
    m->label[b] = S;
    m->lfrom[b] = m->lfrom[bb];
    m->lto[b] = m->lto[bb];
    memset(dual_of(m, b), 0, sizeof(limb) * (size_t)m->L);
    order_append(m, b);

    int k = leaves_of(m, b, m->leaves);
    for (int i = 0; i < k; i++) {
        int x = m->leaves[i];
        if (m->label[m->inb[x]] == T) push(m, x);
        m->inb[x] = b;
    }
    /* least-slack edges to other S-blossoms; bfrom/bto[2n + bj] is the scratch table */
    int nseen = 0;
    for (int c = 0; c < np; c++) {
        int x = m->childs[b][c];
        if (x >= n && m->best[x]) {
            for (int e = 0; e < m->nbest[x]; e++)
                offer(m, b, m->best[x][2 * e], m->best[x][2 * e + 1], &nseen);
            free(m->best[x]);
            m->best[x] = NULL;
        } else {
            int nl = leaves_of(m, x, m->leaves);
            for (int l = 0; l < nl; l++) {
                int i = m->leaves[l];
                for (int a = m->adj_at[i]; a < m->adj_end[i]; a++) offer(m, b, i, m->adj[a], &nseen);
            }
        }
        m->bfrom[x] = -1;
    }
    m->best[b] = bl_alloc(m, sizeof(int) * 2 * (size_t)nseen);
    m->nbest[b] = nseen;
    m->bfrom[b] = -1;
    for (int e = 0; e < nseen; e++) {
        int bj = m->seen_b[e] + 2 * n;
        int i = m->bfrom[bj], j = m->bto[bj];
        m->bfrom[bj] = -1;
        m->best[b][2 * e] = i;
        m->best[b][2 * e + 1] = j;
        slack(m, i, j, m->t1);
        if (m->bfrom[b] == -1 || bn_cmp(m->t1, m->delta, m->L) < 0) {
            m->bfrom[b] = i;
            m->bto[b] = j;
            bn_copy(m->delta, m->t1, m->L);  /* delta is free scratch outside the dual step */
        }
    }
}

static void free_blossom(Blossom *m, int b) {
    free(m->childs[b]); free(m->edges[b]); free(m->best[b]);
    m->childs[b] = m->edges[b] = m->best[b] = NULL;
    m->nch[b] = m->nbest[b] = 0;
    m->label[b] = FREE;
    m->lfrom[b] = m->lto[b] = m->bfrom[b] = m->parent[b] = -1;
    order_remove(m, b);
    m->spare[m->nspare++] = b;
}

static void expand_blossom(Blossom *m, int b, int endstage) {
    int n = m->n, nc = m->nch[b], *ch = m->childs[b], *E = m->edges[b];
    for (int c = 0; c < nc; c++) {
        int s = ch[c];
        m->parent[s] = -1;
        if (s < n) {
            m->inb[s] = s;
        } else if (endstage && bn_is_zero(dual_of(m, s), m->L)) {
            expand_blossom(m, s, endstage);
        } else {
            int k = leaves_of(m, s, m->leaves);
            for (int i = 0; i < k; i++) m->inb[m->leaves[i]] = s;
        }
    }
    if (!endstage && m->label[b] == T) {
        /* relabel the even path from the child entered to the base; the rest drop out */
        int entry = m->inb[m->lto[b]], j = 0, step;
        while (ch[j] != entry) j++;
        if (j & 1) { j -= nc; step = 1; } else { step = -1; }
        int v = m->lfrom[b], w = m->lto[b], p, q;
        while (j != 0) {
            if (step == 1) { p = E[2 * wrap(j, nc)]; q = E[2 * wrap(j, nc) + 1]; }
            else { q = E[2 * wrap(j - 1, nc)]; p = E[2 * wrap(j - 1, nc) + 1]; }
            m->label[w] = FREE;
            m->label[q] = FREE;
            assign_label(m, w, T, v);
            allow_edge(m, p, q);
            j += step;
            if (step == 1) { v = E[2 * wrap(j, nc)]; w = E[2 * wrap(j, nc) + 1]; }
            else { w = E[2 * wrap(j - 1, nc)]; v = E[2 * wrap(j - 1, nc) + 1]; }
            allow_edge(m, v, w);
            j += step;
        }
        int bw = ch[wrap(j, nc)];
        m->label[w] = m->label[bw] = T;
        m->lfrom[w] = m->lfrom[bw] = v;
        m->lto[w] = m->lto[bw] = w;
        m->bfrom[bw] = -1;
        j += step;
        while (ch[wrap(j, nc)] != entry) {
            int bv = ch[wrap(j, nc)];
            if (m->label[bv] == S) { j += step; continue; }
            int x = bv < n ? (m->label[bv] ? bv : -1) : first_labelled_leaf(m, bv);
            if (x >= 0) {
                m->label[x] = FREE;
                m->label[m->mate[m->base[bv]]] = FREE;
                assign_label(m, x, T, m->lfrom[x]);
            }
            j += step;
        }
    }
    free_blossom(m, b);
}

/* Swap matched and unmatched edges along the even path from vertex v to the base of b. */
static void augment_blossom(Blossom *m, int b, int v) {
    int n = m->n, t = v;
    while (m->parent[t] != b) t = m->parent[t];
    if (t >= n) augment_blossom(m, t, v);
    int nc = m->nch[b], *ch = m->childs[b], *E = m->edges[b];
    int i = 0, j, step;
    while (ch[i] != t) i++;
    j = i;
    if (i & 1) { j -= nc; step = 1; } else { step = -1; }
    while (j != 0) {
        int w, x;
        j += step;
        t = ch[wrap(j, nc)];
        if (step == 1) { w = E[2 * wrap(j, nc)]; x = E[2 * wrap(j, nc) + 1]; }
        else { x = E[2 * wrap(j - 1, nc)]; w = E[2 * wrap(j - 1, nc) + 1]; }
        if (t >= n) augment_blossom(m, t, w);
        j += step;
        t = ch[wrap(j, nc)];
        if (t >= n) augment_blossom(m, t, x);
        m->mate[w] = x;
        m->mate[x] = w;
    }
    /* rotate so that the child holding v comes first: it holds the new base */
    int *rc = m->path, *re = m->pedges;
    for (int c = 0; c < nc; c++) {
        int s = wrap(c + i, nc);
        rc[c] = ch[s]; re[2 * c] = E[2 * s]; re[2 * c + 1] = E[2 * s + 1];
    }
    memcpy(ch, rc, sizeof(int) * (size_t)nc);
    memcpy(E, re, sizeof(int) * 2 * (size_t)nc);
    m->base[b] = m->base[ch[0]];
}

/* From the vertex s of a tree, matched now to j (-1: to nobody), swap matched and unmatched
 * edges along the path to the tree's root. */
static void flip_to_root(Blossom *m, int s, int j) {
    for (;;) {
        int bs = m->inb[s];
        if (bs >= m->n) augment_blossom(m, bs, s);
        m->mate[s] = j;
        if (m->lfrom[bs] == -1) break;
        int bt = m->inb[m->lfrom[bs]];
        s = m->lfrom[bt];
        j = m->lto[bt];
        if (bt >= m->n) augment_blossom(m, bt, j);
        m->mate[j] = s;
    }
}

/* The augmenting path through the tight edge v-w between two trees (or a tree and a single
 * vertex whose dual is zero). */
static void augment_matching(Blossom *m, int v, int w) {
    flip_to_root(m, v, w);
    flip_to_root(m, w, v);
}

/* The S-vertex x gives up its mate and the path from x to the root of its tree swaps, so that the
 * root is matched and x is single: the step taken when x's dual reaches zero. */
static void give_up_mate(Blossom *m, int x) { flip_to_root(m, x, -1); }

/* Scan the queue until it empties or an augmenting path is found (returns 1). */
static int grow(Blossom *m) {
    while (m->nq > 0) {
        int v = m->queue[--m->nq];
        for (int a = m->adj_at[v]; a < m->adj_end[v]; a++) {
            int w = m->adj[a], bv = m->inb[v], bw = m->inb[w];
            if (bv == bw) continue;
            size_t k = tri(v, w);
            if (!m->allow[k] && is_tight(m, v, w)) allow_edge(m, v, w);
            if (m->allow[k]) {
                if (m->label[bw] == FREE) {
                    /* an unlabelled single vertex: one whose dual is already zero (warm.h) */
                    if (m->mate[m->base[bw]] == -1) { augment_matching(m, v, w); return 1; }
                    assign_label(m, w, T, v);
                } else if (m->label[bw] == S) {
                    int base = scan_blossom(m, v, w);
                    if (base < 0) { augment_matching(m, v, w); return 1; }
                    add_blossom(m, base, v, w);
                } else if (m->label[w] == FREE) {
                    m->label[w] = T;
                    m->lfrom[w] = v;
                    m->lto[w] = w;
                }
            } else {
                int x = m->label[bw] == S ? bv : (m->label[w] == FREE ? w : -1);
                if (x < 0) continue;
                if (m->bfrom[x] != -1 && !less_slack(m, v, w, m->bfrom[x], m->bto[x])) continue;
                m->bfrom[x] = v;
                m->bto[x] = w;
            }
        }
    }
    return 0;
}

/* One dual step when the trees cannot grow: 0 when none is possible (the search is over), 2 when
 * the dual of the S-vertex m->zeroed reached zero (without maximum cardinality). */
static int dual_step(Blossom *m) {
    int n = m->n, L = m->L, type = -1, ev = -1, ew = -1, eb = -1;
    limb *d = m->t1, *delta = m->delta;
    if (!m->maxcard) {
        /* the least dual of an S-vertex, a single one first among equals (when every single
         * vertex starts at the same dual, that is the only kind there can be) */
        for (int v = 0; v < n; v++) {
            if (m->label[m->inb[v]] != S) continue;
            int c = type == -1 ? -1 : bn_cmp(dual_of(m, v), delta, L);
            if (c < 0 || (c == 0 && m->mate[ev] != -1 && m->mate[v] == -1)) {
                type = 1; ev = v; bn_copy(delta, dual_of(m, v), L);
            }
        }
    }
    for (int v = 0; v < n; v++) {
        if (m->label[m->inb[v]] != FREE || m->bfrom[v] == -1) continue;
        slack(m, m->bfrom[v], m->bto[v], d);
        if (type == -1 || bn_cmp(d, delta, L) < 0) {
            bn_copy(delta, d, L); type = 2; ev = m->bfrom[v]; ew = m->bto[v];
        }
    }
    /* the vertices, then the blossoms in the order they were made */
    for (int b = n > 0 ? 0 : m->first; b >= 0; b = b < n - 1 ? b + 1 : (b == n - 1 ? m->first : m->next[b])) {
        if (m->parent[b] != -1 || m->label[b] != S || m->bfrom[b] == -1) continue;
        slack(m, m->bfrom[b], m->bto[b], d);
        bn_half(d, d, L);
        if (type == -1 || bn_cmp(d, delta, L) < 0) {
            bn_copy(delta, d, L); type = 3; ev = m->bfrom[b]; ew = m->bto[b];
        }
    }
    for (int b = m->first; b >= 0; b = m->next[b]) {
        if (m->parent[b] != -1 || m->label[b] != T) continue;
        if (type == -1 || bn_cmp(dual_of(m, b), delta, L) < 0) {
            bn_copy(delta, dual_of(m, b), L); type = 4; eb = b;
        }
    }
    if (type == -1) return 0;
    for (int v = 0; v < n; v++) {
        int l = m->label[m->inb[v]];
        if (l == S) bn_sub(dual_of(m, v), dual_of(m, v), delta, L);
        else if (l == T) bn_add(dual_of(m, v), dual_of(m, v), delta, L);
    }
    for (int b = m->first; b >= 0; b = m->next[b]) {
        if (m->parent[b] != -1) continue;
        if (m->label[b] == S) bn_add(dual_of(m, b), dual_of(m, b), delta, L);
        else if (m->label[b] == T) bn_sub(dual_of(m, b), dual_of(m, b), delta, L);
    }
    if (type == 1) { m->zeroed = ev; return 2; }
    if (type == 4) {
        expand_blossom(m, eb, 0);
    } else {
        allow_edge(m, ev, ew);
        push(m, ev);
    }
    return 1;
}

/* The whole search: stages until one ends without augmenting or giving up a mate. m is set up by
 * the caller: from nothing (duals at the largest weight, no blossoms, nothing matched) or, without
 * maximum cardinality, from an earlier optimum (warm.h): feasible duals, matched edges and
 * blossom cycles tight, the single vertices with a dual above zero of one parity. */
static void solve(Blossom *m) {
    int n = m->n;
    for (;;) {
        for (int x = 0; x < 2 * n; x++) { m->label[x] = FREE; m->lfrom[x] = m->lto[x] = m->bfrom[x] = -1; }
        for (int b = m->first; b >= 0; b = m->next[b]) { free(m->best[b]); m->best[b] = NULL; m->nbest[b] = 0; }
        for (size_t i = 0; i < m->nallowed; i++) m->allow[m->allowed[i]] = 0;
        m->nallowed = 0;
        m->nq = 0;
        /* without maximum cardinality a single vertex whose dual is zero is where it belongs */
        for (int v = 0; v < n; v++)
            if (m->mate[v] == -1 && m->label[m->inb[v]] == FREE && (m->maxcard || !bn_le_zero(dual_of(m, v), m->L)))
                assign_label(m, v, S, -1);
        int augmented = 0;
        for (;;) {
            if (grow(m)) { augmented = 1; break; }
            int step = dual_step(m);
            if (step == 0) break;
            if (step == 2) { give_up_mate(m, m->zeroed); augmented = 1; break; }
        }
        if (!augmented) return;
        /* S-blossoms whose dual reached zero are opened again: they are not needed (but a search
         * from an earlier optimum, which has many trees to grow again, would only make them
         * again: it keeps them, which every invariant allows) */
        if (m->keep_zero) continue;
        int nb = 0;
        for (int b = m->first; b >= 0; b = m->next[b]) m->path[nb++] = b;
        for (int i = 0; i < nb; i++) {
            int b = m->path[i];
            if (m->live[b] && m->parent[b] == -1 && m->label[b] == S && bn_is_zero(dual_of(m, b), m->L))
                expand_blossom(m, b, 1);
        }
    }
}

#endif
