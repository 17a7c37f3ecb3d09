/*
 * Maximum-weight matching for Python (the algorithm is in blossom.h). A Graph collects edges the
 * way networkx's does (add_node, add_edge(u, v, weight=w)) so that a caller written for networkx
 * can fill it unchanged; match() turns it into a dense triangle of fixed-width integers and runs
 * the search without the GIL. Weights are Python ints of any size; matching.py is the typed face.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "blossom.h"
#include "warm.h"

/* More vertices than this would need a triangle of weights larger than memory anyway. */
#define MAX_VERTICES 100000

typedef struct {
    PyObject_HEAD
    int n;              /* one more than the largest vertex seen */
    Py_ssize_t count, cap;
    int *eu, *ev;
    PyObject **ew;      /* owned references */
} Graph;

static int vertex_arg(PyObject *x, int *out) {
    if (!PyLong_Check(x)) {
        PyErr_SetString(PyExc_TypeError, "matching vertices are ints 0, 1, 2, ...");
        return -1;
    }
    long v = PyLong_AsLong(x);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (v < 0 || v >= MAX_VERTICES) {
        PyErr_Format(PyExc_ValueError, "a matching vertex is from 0 to %d, not %ld", MAX_VERTICES - 1, v);
        return -1;
    }
    *out = (int)v;
    return 0;
}

static void graph_dealloc(Graph *g) {
    for (Py_ssize_t i = 0; i < g->count; i++) Py_DECREF(g->ew[i]);
    PyMem_Free(g->eu); PyMem_Free(g->ev); PyMem_Free(g->ew);
    Py_TYPE(g)->tp_free((PyObject *)g);
}

static PyObject *graph_add_node(Graph *g, PyObject *x) {
    int v;
    if (vertex_arg(x, &v) < 0) return NULL;
    if (v >= g->n) g->n = v + 1;
    Py_RETURN_NONE;
}

static PyObject *graph_add_edge(Graph *g, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
    Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
    PyObject *weight = NULL;
    if (nargs == 3 && nkw == 0) {
        weight = args[2];
    } else if (nargs == 2 && nkw == 1 && PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(kwnames, 0), "weight") == 0) {
        weight = args[2];
    } else {
        PyErr_SetString(PyExc_TypeError, "add_edge(u, v, weight=w)");
        return NULL;
    }
    int u, v;
    if (vertex_arg(args[0], &u) < 0 || vertex_arg(args[1], &v) < 0) return NULL;
    if (!PyLong_Check(weight) || _PyLong_Sign(weight) < 0) {
        PyErr_SetString(PyExc_ValueError, "a matching weight is an int of at least 0");
        return NULL;
    }
    if (g->count == g->cap) {
        Py_ssize_t cap = g->cap ? g->cap * 2 : 64;
        int *eu = PyMem_Realloc(g->eu, sizeof(int) * (size_t)cap);
        if (eu) g->eu = eu;
        int *ev = eu ? PyMem_Realloc(g->ev, sizeof(int) * (size_t)cap) : NULL;
        if (ev) g->ev = ev;
        PyObject **ew = ev ? PyMem_Realloc(g->ew, sizeof(PyObject *) * (size_t)cap) : NULL;
        if (!ew) return PyErr_NoMemory();
        g->ew = ew;
        g->cap = cap;
    }
    g->eu[g->count] = u;
    g->ev[g->count] = v;
    Py_INCREF(weight);
    g->ew[g->count++] = weight;
    if (u >= g->n) g->n = u + 1;
    if (v >= g->n) g->n = v + 1;
    Py_RETURN_NONE;
}

static PyObject *graph_number_of_nodes(Graph *g, PyObject *unused) {
    (void)unused;
    return PyLong_FromLong(g->n);
}

static PyMethodDef graph_methods[] = {
    {"add_node", (PyCFunction)graph_add_node, METH_O, "Make sure vertex v exists."},
    {"add_edge", (PyCFunction)(void (*)(void))graph_add_edge, METH_FASTCALL | METH_KEYWORDS,
     "Add (or reweigh) the edge {u, v}; weight 0 means no edge."},
    {"number_of_nodes", (PyCFunction)graph_number_of_nodes, METH_NOARGS, "One more than the largest vertex."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject GraphType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "arbiter.events.swiss._matching.Graph",
    .tp_doc = "Vertices 0..n-1 and weighted edges, filled like a networkx Graph.",
    .tp_basicsize = sizeof(Graph),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_dealloc = (destructor)graph_dealloc,
    .tp_methods = graph_methods,
};

/* Every array of the search, or NULL; calloc so that a half-built one frees cleanly. */
typedef struct { Blossom m; limb *w2; int *adj, *adj_at; } Work;

static void work_free(Work *k) {
    Blossom *m = &k->m;
    if (m->childs)
        for (int b = 0; b < 2 * m->n; b++) { free(m->childs[b]); free(m->edges[b]); free(m->best[b]); }
    void *arrays[] = {k->w2, k->adj, k->adj_at, m->allow, m->allowed, m->dual, m->mate, m->inb,
                      m->label, m->lfrom, m->lto, m->parent, m->base, m->bfrom, m->bto, m->childs,
                      m->nch, m->edges, m->best, m->nbest, m->live, m->next, m->prev, m->spare,
                      m->queue, m->leaves, m->path, m->pedges, m->seen_b, m->t1, m->t2, m->delta};
    for (size_t i = 0; i < sizeof arrays / sizeof arrays[0]; i++) free(arrays[i]);
}

static int work_alloc(Work *k, int n, int L, size_t nedges) {
    Blossom *m = &k->m;
    size_t N = (size_t)n, pairs = N * (N > 0 ? N - 1 : 0) / 2;
#define A(p, count) if (!((p) = calloc((size_t)(count) + 1, sizeof *(p)))) return -1
    A(k->w2, pairs * (size_t)L); A(k->adj, 2 * nedges); A(k->adj_at, N + 1);
    A(m->allow, pairs); A(m->allowed, nedges); A(m->dual, 2 * N * (size_t)L);
    A(m->mate, N); A(m->inb, N);
    A(m->label, 2 * N); A(m->lfrom, 2 * N); A(m->lto, 2 * N); A(m->parent, 2 * N); A(m->base, 2 * N);
    A(m->bfrom, 4 * N); A(m->bto, 4 * N); A(m->childs, 2 * N); A(m->nch, 2 * N); A(m->edges, 2 * N);
    A(m->best, 2 * N); A(m->nbest, 2 * N); A(m->live, 2 * N); A(m->next, 2 * N); A(m->prev, 2 * N);
    A(m->spare, N); A(m->queue, 4 * N + 4); A(m->leaves, N); A(m->path, 2 * N + 1);
    A(m->pedges, 4 * N + 2); A(m->seen_b, 2 * N); A(m->t1, L); A(m->t2, L); A(m->delta, L);
#undef A
    m->qcap = 4 * n + 4;
    return 0;
}

/* Nothing matched, no blossoms, every dual at the largest weight (maxw: the largest doubled one,
 * halved here). m->n and m->L are set. */
static void start_fresh(Work *k, limb *maxw) {
    Blossom *m = &k->m;
    int n = m->n, L = m->L;
    bn_half(maxw, maxw, L);
    m->w2 = k->w2;
    m->adj = k->adj;
    m->adj_at = k->adj_at;
    m->adj_end = k->adj_at + 1;
    m->first = m->last = -1;
    m->nspare = 0;
    for (int v = 0; v < n; v++) {
        bn_copy(dual_of(m, v), maxw, L);
        m->mate[v] = -1;
        m->inb[v] = v;
    }
    for (int x = 0; x < 2 * n; x++) { m->parent[x] = -1; m->next[x] = m->prev[x] = -1; }
    for (int x = 2 * n; x < 4 * n; x++) m->bfrom[x] = -1;  /* add_blossom's scratch table */
    for (int b = 2 * n - 1; b >= n; b--) m->spare[m->nspare++] = b;
    for (int x = 0; x < 2 * n; x++) m->base[x] = x < n ? x : -1;
}

/* Little-endian limbs of a non-negative int, doubled. */
static int to_limbs(PyObject *w, limb *out, int L, unsigned char *buf) {
    size_t nbytes = (size_t)L * 8;
#if PY_VERSION_HEX >= 0x030D0000
    if (PyLong_AsNativeBytes(w, buf, (Py_ssize_t)nbytes,
                             Py_ASNATIVEBYTES_LITTLE_ENDIAN | Py_ASNATIVEBYTES_UNSIGNED_BUFFER) < 0)
        return -1;
#else
    if (_PyLong_AsByteArray((PyLongObject *)w, buf, nbytes, 1, 0) < 0) return -1;
#endif
    for (int i = 0; i < L; i++) {
        limb x = 0;
        for (int b = 7; b >= 0; b--) x = (x << 8) | buf[8 * i + b];
        out[i] = x;
    }
    for (int i = L - 1; i > 0; i--) out[i] = (out[i] << 1) | (out[i - 1] >> 63);
    out[0] <<= 1;
    return 0;
}

static PyObject *match(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (nargs != 2 || !PyObject_TypeCheck(args[0], &GraphType)) {
        PyErr_SetString(PyExc_TypeError, "match(graph, maxcardinality)");
        return NULL;
    }
    Graph *g = (Graph *)args[0];
    int maxcard = PyObject_IsTrue(args[1]);
    if (maxcard < 0) return NULL;
    int n = g->n;
    if (n == 0) return PyList_New(0);
    /* the width: the largest weight doubled, plus room for duals going below zero */
    size_t maxbits = 0;
    for (Py_ssize_t i = 0; i < g->count; i++) {
        size_t bits = _PyLong_NumBits(g->ew[i]);
        if (bits > maxbits) maxbits = bits;
    }
    int nbits = 0;
    while ((1 << nbits) <= n) nbits++;
    int L = (int)((maxbits + 2 + 2 * (size_t)nbits + 8 + 63) / 64);
    Work k;
    memset(&k, 0, sizeof k);
    k.m.n = n;
    unsigned char *buf = PyMem_Malloc((size_t)L * 8);
    if (!buf || work_alloc(&k, n, L, (size_t)g->count) < 0) {
        PyMem_Free(buf);
        work_free(&k);
        return PyErr_NoMemory();
    }
    Blossom *m = &k.m;
    limb *maxw = m->t1;
    for (Py_ssize_t i = 0; i < g->count; i++) {
        int u = g->eu[i], v = g->ev[i];
        if (u == v) continue;
        size_t t = tri(u, v);
        if (to_limbs(g->ew[i], k.w2 + t * (size_t)L, L, buf) < 0) {
            PyMem_Free(buf);
            work_free(&k);
            return NULL;
        }
        m->allow[t] = !bn_is_zero(k.w2 + t * (size_t)L, L);  /* present, for now */
        if (bn_cmp(k.w2 + t * (size_t)L, maxw, L) > 0) bn_copy(maxw, k.w2 + t * (size_t)L, L);
    }
    PyMem_Free(buf);
    PyObject *result = PyList_New(n);
    if (!result) { work_free(&k); return NULL; }
    int failed = 0;
    Py_BEGIN_ALLOW_THREADS
    /* neighbours in ascending order, as a networkx graph filled row by row lists them */
    int at = 0;
    for (int v = 0; v < n; v++) {
        k.adj_at[v] = at;
        for (int u = 0; u < n; u++)
            if (u != v && m->allow[tri(u, v)]) k.adj[at++] = u;
    }
    k.adj_at[n] = at;
    memset(m->allow, 0, (size_t)n * (size_t)(n > 0 ? n - 1 : 0) / 2);
    m->L = L;
    m->maxcard = maxcard;
    start_fresh(&k, maxw);
    if (setjmp(m->oom) == 0) solve(m); else failed = 1;
    Py_END_ALLOW_THREADS
    if (failed) {
        Py_DECREF(result);
        work_free(&k);
        return PyErr_NoMemory();
    }
    for (int v = 0; v < n; v++) {
        PyObject *p = PyLong_FromLong(m->mate[v]);
        if (!p) { Py_DECREF(result); result = NULL; break; }
        PyList_SET_ITEM(result, v, p);
    }
    work_free(&k);
    return result;
}

#include "matcher.h"

static PyMethodDef module_methods[] = {
    {"match", (PyCFunction)(void (*)(void))match, METH_FASTCALL,
     "match(graph, maxcardinality) -> the partner of each vertex, -1 for none."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "_matching", "Maximum-weight matching (Edmonds' blossom algorithm).", -1,
    module_methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__matching(void) {
    if (PyType_Ready(&GraphType) < 0 || PyType_Ready(&MatcherType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module_def);
    if (!m) return NULL;
    Py_INCREF(&GraphType);
    if (PyModule_AddObject(m, "Graph", (PyObject *)&GraphType) < 0) {
        Py_DECREF(&GraphType);
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&MatcherType);
    if (PyModule_AddObject(m, "Matcher", (PyObject *)&MatcherType) < 0) {
        Py_DECREF(&MatcherType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
