/*
 * Matcher: a matching kept between calls (included by _matching.c, after Work and to_limbs).
 *
 * matcher.sync(weights) reads a dict {(i, j): w} of every edge's weight (0 is no edge) and
 * returns the partner of each vertex in the heaviest of the largest matchings, as
 * match(graph, True) would. The first call searches from nothing; a later one with the same keys
 * in the same order finds the weights that changed (an unchanged weight is usually the same int
 * object, so most entries cost one pointer test) and starts again from the last solution
 * (warm.h). Different keys, or a weight wider than the width chosen at the first call, mean a
 * search from nothing again.
 */

typedef struct {
    PyObject_HEAD
    Work k;
    int n, ready, busy;      /* ready: k holds the optimum of the weights last read */
    size_t capbits;          /* every weight read has fewer bits than this */
    limb *c2;                /* twice the constant added to every weight (a larger matching wins) */
    limb *scratch;
    unsigned char *present, *buf;
    int *changed;            /* pairs i, j of the edges whose weight changed */
    size_t nchanged;
    int *deg, *freed, *order;
    int *adj_end;            /* v's neighbours are adj[v (n - 1) .. adj_end[v]), ascending */
    int *flips;              /* pairs i, j of the edges that came or went */
    size_t nflips;
    Py_ssize_t nseen;        /* entries of the dict last read, by position: */
    PyObject **keys, **vals; /* owned references */
    int *ends;               /* i, j of each */
} Matcher;

static void matcher_forget(Matcher *x) {
    for (Py_ssize_t o = 0; o < x->nseen; o++) { Py_XDECREF(x->keys[o]); Py_XDECREF(x->vals[o]); }
    PyMem_Free(x->keys); PyMem_Free(x->vals); PyMem_Free(x->ends);
    x->keys = x->vals = NULL; x->ends = NULL; x->nseen = 0;
    work_free(&x->k);
    memset(&x->k, 0, sizeof x->k);
    void *arrays[] = {x->c2, x->scratch, x->present, x->buf, x->changed, x->deg, x->freed, x->order,
                      x->adj_end, x->flips};
    for (size_t i = 0; i < sizeof arrays / sizeof arrays[0]; i++) free(arrays[i]);
    x->c2 = x->scratch = NULL; x->present = x->buf = NULL; x->changed = NULL;
    x->deg = x->freed = x->order = x->adj_end = x->flips = NULL;
    x->ready = 0;
}

static void matcher_dealloc(Matcher *x) {
    matcher_forget(x);
    Py_TYPE(x)->tp_free((PyObject *)x);
}

static int matcher_init(Matcher *x, PyObject *args, PyObject *kwds) {
    static char *names[] = {"n", NULL};
    int n;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "i", names, &n)) return -1;
    if (n < 0 || n >= MAX_VERTICES) {
        PyErr_Format(PyExc_ValueError, "a matcher has from 0 to %d vertices, not %d", MAX_VERTICES - 1, n);
        return -1;
    }
    matcher_forget(x);
    x->n = n;
    return 0;
}

/* The ends of an edge key (i, j), both below n; i == j (a loop, which the Dutch engine writes
 * when it clears a player's edges) is allowed with weight 0 only, and is no edge. */
static int edge_key(PyObject *key, PyObject *w, int n, int *i, int *j) {
    if (!PyTuple_Check(key) || PyTuple_GET_SIZE(key) != 2) {
        PyErr_SetString(PyExc_TypeError, "an edge is a pair (i, j) of vertices");
        return -1;
    }
    if (vertex_arg(PyTuple_GET_ITEM(key, 0), i) < 0 || vertex_arg(PyTuple_GET_ITEM(key, 1), j) < 0) return -1;
    if (*i >= n || *j >= n) {
        PyErr_Format(PyExc_ValueError, "edge (%d, %d) is not between two of the %d vertices", *i, *j, n);
        return -1;
    }
    if (*i == *j && (!PyLong_Check(w) || _PyLong_Sign(w) != 0)) {
        PyErr_Format(PyExc_ValueError, "vertex %d cannot be matched with itself: edge (%d, %d) needs weight 0",
                     *i, *i, *i);
        return -1;
    }
    return 0;
}

static int weight_bits(PyObject *w, size_t *bits) {
    if (!PyLong_Check(w) || _PyLong_Sign(w) < 0) {
        PyErr_SetString(PyExc_ValueError, "a matching weight is an int of at least 0");
        return -1;
    }
    *bits = _PyLong_NumBits(w);
    return 0;
}

/* out = the stored form of w: 2 (w + C), or 0 for no edge. */
static int stored(Matcher *x, PyObject *w, limb *out) {
    int L = x->k.m.L;
    if (_PyLong_Sign(w) == 0) { memset(out, 0, sizeof(limb) * (size_t)L); return 0; }
    if (to_limbs(w, out, L, x->buf) < 0) return -1;
    bn_add(out, out, x->c2, L);
    return 0;
}

/* Read every entry of weights and search from nothing. */
static int matcher_cold(Matcher *x, PyObject *weights) {
    int n = x->n;
    matcher_forget(x);
    x->n = n;
    Py_ssize_t size = PyDict_GET_SIZE(weights), pos = 0, o = 0;
    PyObject *key, *value;
    x->keys = PyMem_Calloc((size_t)size + 1, sizeof(PyObject *));
    x->vals = PyMem_Calloc((size_t)size + 1, sizeof(PyObject *));
    x->ends = PyMem_Calloc(2 * (size_t)size + 2, sizeof(int));
    if (!x->keys || !x->vals || !x->ends) { PyErr_NoMemory(); return -1; }
    size_t maxbits = 0;
    while (PyDict_Next(weights, &pos, &key, &value)) {
        size_t bits;
        if (edge_key(key, value, n, &x->ends[2 * o], &x->ends[2 * o + 1]) < 0 || weight_bits(value, &bits) < 0)
            return -1;
        if (bits > maxbits) maxbits = bits;
        Py_INCREF(key); Py_INCREF(value);
        x->keys[o] = key; x->vals[o] = value;
        x->nseen = ++o;
    }
    int nbits = 0;
    while ((1 << nbits) <= n) nbits++;
    /* room for later weights a little wider than these, for C = 2^(capbits + nbits), doubling,
     * the sum of two duals and the sign */
    x->capbits = maxbits + 16;
    int L = (int)((x->capbits + (size_t)nbits + 8 + 63) / 64);
    size_t N = (size_t)n, pairs = N * (N > 0 ? N - 1 : 0) / 2;
    x->k.m.n = n;
    x->c2 = calloc((size_t)L, sizeof(limb));
    x->scratch = calloc((size_t)L, sizeof(limb));
    x->present = calloc(pairs + 1, 1);
    x->buf = calloc((size_t)L, 8);
    x->changed = calloc(2 * pairs + 2, sizeof(int));
    x->deg = calloc(N + 1, sizeof(int));
    x->freed = calloc(N + 1, sizeof(int));
    x->order = calloc(N + 1, sizeof(int));
    x->adj_end = calloc(N + 1, sizeof(int));
    x->flips = calloc(2 * pairs + 2, sizeof(int));
    if (!x->c2 || !x->scratch || !x->present || !x->buf || !x->changed || !x->deg || !x->freed || !x->order
        || !x->adj_end || !x->flips
        || work_alloc(&x->k, n, L, pairs) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    Blossom *m = &x->k.m;
    m->L = L;
    m->maxcard = 0;
    size_t cbit = x->capbits + (size_t)nbits + 1;
    x->c2[cbit / 64] = (limb)1 << (cbit % 64);
    limb *maxw = m->t1;
    memset(maxw, 0, sizeof(limb) * (size_t)L);
    for (Py_ssize_t e = 0; e < x->nseen; e++) {
        if (x->ends[2 * e] == x->ends[2 * e + 1]) continue;
        size_t t = tri(x->ends[2 * e], x->ends[2 * e + 1]);
        limb *w = x->k.w2 + t * (size_t)L;
        if (stored(x, x->vals[e], w) < 0) return -1;
        x->present[t] = !bn_is_zero(w, L);
        if (bn_cmp(w, maxw, L) > 0) bn_copy(maxw, w, L);
    }
    start_fresh(&x->k, maxw);
    m->adj_end = x->adj_end;
    return 0;
}

/* Entry o now has weight `value`: note the edge as changed when its stored weight differs. 1 when
 * a search from nothing is needed (too wide, too many changes), -1 on a bad weight. */
static int reweigh(Matcher *x, Py_ssize_t o, PyObject *value) {
    size_t bits;
    if (weight_bits(value, &bits) < 0) return -1;
    int i = x->ends[2 * o], j = x->ends[2 * o + 1], L = x->k.m.L, n = x->n;
    if (i == j) {
        if (bits == 0) return 0;
        PyErr_Format(PyExc_ValueError, "vertex %d cannot be matched with itself: edge (%d, %d) needs weight 0",
                     i, i, i);
        return -1;
    }
    if (bits >= x->capbits) return 1;
    size_t t = tri(i, j);
    if (stored(x, value, x->scratch) < 0) return -1;
    limb *w = x->k.w2 + t * (size_t)L;
    if (bn_cmp(w, x->scratch, L) == 0) return 0;
    if (x->nchanged >= (size_t)n * (size_t)(n - 1) / 2 || x->nflips >= (size_t)n * (size_t)(n - 1) / 2) return 1;
    bn_copy(w, x->scratch, L);
    unsigned char now = !bn_is_zero(w, L);
    if (now != x->present[t]) {
        x->flips[2 * x->nflips] = i;
        x->flips[2 * x->nflips + 1] = j;
        x->nflips++;
    }
    x->present[t] = now;
    x->changed[2 * x->nchanged] = i;
    x->changed[2 * x->nchanged + 1] = j;
    x->nchanged++;
    return 0;
}

/* Compare every entry with the last read; the changed edges go to x->changed. Entries are read
 * by position: the engine only changes values and adds keys at the end (a dict keeps its order),
 * so a key that differs from the one at its position, or fewer entries, mean another graph and a
 * search from nothing (returns 1, as for a weight too wide); -1 on a bad entry. */
static int matcher_diff(Matcher *x, PyObject *weights) {
    Py_ssize_t size = PyDict_GET_SIZE(weights), pos = 0, o = 0, old = x->nseen;
    if (size < old) return 1;
    if (size > old) {
        PyObject **keys = PyMem_Realloc(x->keys, sizeof(PyObject *) * ((size_t)size + 1));
        if (keys) x->keys = keys;
        PyObject **vals = keys ? PyMem_Realloc(x->vals, sizeof(PyObject *) * ((size_t)size + 1)) : NULL;
        if (vals) x->vals = vals;
        int *ends = vals ? PyMem_Realloc(x->ends, sizeof(int) * (2 * (size_t)size + 2)) : NULL;
        if (!ends) { PyErr_NoMemory(); return -1; }
        x->ends = ends;
    }
    PyObject *key, *value;
    x->nchanged = x->nflips = 0;
    while (PyDict_Next(weights, &pos, &key, &value)) {
        if (o >= old) {
            if (edge_key(key, value, x->n, &x->ends[2 * o], &x->ends[2 * o + 1]) < 0) return -1;
            Py_INCREF(key); Py_INCREF(value);
            x->keys[o] = key; x->vals[o] = value;
            x->nseen = o + 1;
            int r = reweigh(x, o, value);
            if (r) return r;
        } else if (key != x->keys[o]) {
            return 1;
        } else if (value != x->vals[o]) {
            int r = reweigh(x, o, value);
            if (r) return r;
            Py_INCREF(value);
            Py_SETREF(x->vals[o], value);
        }
        o++;
    }
    return 0;
}

static void adjacency(Matcher *x) {
    int n = x->n;
    for (int v = 0; v < n; v++) {
        int at = v * (n - 1);
        x->k.adj_at[v] = at;
        for (int u = 0; u < n; u++)
            if (u != v && x->present[tri(u, v)]) x->k.adj[at++] = u;
        x->adj_end[v] = at;
    }
}

/* u into (now present) or out of v's neighbours, which stay in ascending order. */
static void reconnect(Matcher *x, int v, int u, int present) {
    int *first = x->k.adj + (size_t)v * (size_t)(x->n - 1), len = x->adj_end[v] - (int)(first - x->k.adj);
    int lo = 0, hi = len;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (first[mid] < u) lo = mid + 1; else hi = mid;
    }
    int here = lo < len && first[lo] == u;
    if (present && !here) {
        memmove(first + lo + 1, first + lo, sizeof(int) * (size_t)(len - lo));
        first[lo] = u;
        x->adj_end[v]++;
    } else if (!present && here) {
        memmove(first + lo, first + lo + 1, sizeof(int) * (size_t)(len - lo - 1));
        x->adj_end[v]--;
    }
}

static PyObject *matcher_sync(Matcher *x, PyObject *weights) {
    if (!PyDict_Check(weights)) {
        PyErr_SetString(PyExc_TypeError, "sync(weights): a dict {(i, j): weight}");
        return NULL;
    }
    if (x->busy) {
        PyErr_SetString(PyExc_RuntimeError, "a matcher is used by one thread at a time");
        return NULL;
    }
    int cold = 1;
    if (x->ready) {
        int d = matcher_diff(x, weights);
        if (d < 0) { x->ready = 0; return NULL; }
        cold = d;
    }
    x->ready = 0;
    if (cold && matcher_cold(x, weights) < 0) { matcher_forget(x); return NULL; }
    int failed = 0, n = x->n;
    Blossom *m = &x->k.m;
    x->busy = 1;
    Py_BEGIN_ALLOW_THREADS
    if (n > 0) {
        if (cold) {
            adjacency(x);
        } else {
            for (size_t f = 0; f < x->nflips; f++) {
                int i = x->flips[2 * f], j = x->flips[2 * f + 1], now = x->present[tri(i, j)];
                reconnect(x, i, j, now);
                reconnect(x, j, i, now);
            }
        }
        if (setjmp(m->oom) == 0) {
            if (!cold) repair_changed(m, x->changed, x->nchanged, x->present, x->deg);
            m->keep_zero = !cold;
            solve(m);
        } else {
            failed = 1;
        }
    }
    Py_END_ALLOW_THREADS
    x->busy = 0;
    if (failed) { matcher_forget(x); return PyErr_NoMemory(); }
    PyObject *result = PyList_New(n);
    if (!result) return NULL;
    for (int v = 0; v < n; v++) {
        PyObject *p = PyLong_FromLong(m->mate[v]);
        if (!p) { Py_DECREF(result); return NULL; }
        PyList_SET_ITEM(result, v, p);
    }
    x->ready = 1;
    return result;
}

static PyMethodDef matcher_methods[] = {
    {"sync", (PyCFunction)matcher_sync, METH_O,
     "sync(weights) -> the partner of each vertex (-1 for none) in the heaviest of the largest "
     "matchings of {(i, j): weight}, found from the last call's when only some weights changed."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject MatcherType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "arbiter.events.swiss._matching.Matcher",
    .tp_doc = "Matcher(n): a maximum-cardinality maximum-weight matching of n vertices, kept up "
              "to date as weights change.",
    .tp_basicsize = sizeof(Matcher),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)matcher_init,
    .tp_dealloc = (destructor)matcher_dealloc,
    .tp_methods = matcher_methods,
};
