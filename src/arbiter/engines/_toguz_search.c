/*
 * A first Toguz Korgool computer player: negamax with alpha-beta pruning and iterative deepening
 * under a time limit. The search runs entirely on the compact position of rules.h (no Python
 * objects per move) with the GIL released.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <time.h>

#include "rules.h"
#include "toguz_pvs.h"

#define WIN_SCORE 100000
#define MAX_PLY 128

typedef struct {
    double deadline;      /* monotonic seconds; the search stops once past it */
    long long nodes;
    int stopped;
} Search;

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Score from the side to move's view: kazan difference, a tuz worth a few korgools. */
static int evaluate(const TzPos *p) {
    const int me = p->side;
    int score = (int)p->kazan[me] - (int)p->kazan[!me];
    if (p->tuz[me] >= 0) score += 4;
    if (p->tuz[!me] >= 0) score -= 4;
    return score;
}

/* Terminal score from the side to move's view, for a finished game. */
static int terminal(const TzPos *p, int status, int ply) {
    if (status == TZ_DRAW) return 0;
    const int winner = status == TZ_WHITE_WINS ? 0 : 1;
    return winner == p->side ? WIN_SCORE - ply : -WIN_SCORE + ply;
}

static int negamax(Search *s, const TzPos *p, int depth, int alpha, int beta, int ply) {
    s->nodes++;
    if ((s->nodes & 4095) == 0 && now() > s->deadline) s->stopped = 1;
    if (s->stopped) return 0;
    const int status = tz_status(p);
    if (status != TZ_ONGOING) return terminal(p, status, ply);
    if (depth == 0 || ply >= MAX_PLY) return evaluate(p);
    unsigned mask = tz_legal_mask(p);
    /* Order: moves that gain korgools at once first (cheap one-ply look), then the rest. */
    TzPos children[9];
    int gains[9], order[9], count = 0;
    const int me = p->side;
    for (int i = 0; i < p->n; i++) {
        if (!(mask & (1u << i))) continue;
        children[count] = *p;
        tz_play(&children[count], i + 1);
        gains[count] = (int)children[count].kazan[me] - (int)p->kazan[me];
        order[count] = count;
        count++;
    }
    for (int a = 1; a < count; a++) {
        int k = order[a], b = a;
        while (b > 0 && gains[order[b - 1]] < gains[k]) {
            order[b] = order[b - 1];
            b--;
        }
        order[b] = k;
    }
    int best = -WIN_SCORE - 1;
    for (int j = 0; j < count; j++) {
        int v = -negamax(s, &children[order[j]], depth - 1, -beta, -alpha, ply + 1);
        if (s->stopped) return 0;
        if (v > best) best = v;
        if (v > alpha) alpha = v;
        if (alpha >= beta) break;
    }
    return best;
}

/* One root iteration; the previous best move is searched first. */
static int root(Search *s, const TzPos *p, int depth, int first, int *best_move) {
    unsigned mask = tz_legal_mask(p);
    int moves[9], count = 0;
    if (first > 0 && (mask & (1u << (first - 1)))) moves[count++] = first;
    for (int i = 0; i < p->n; i++) {
        if ((mask & (1u << i)) && i + 1 != first) moves[count++] = i + 1;
    }
    int alpha = -WIN_SCORE - 1, best = -WIN_SCORE - 1;
    *best_move = moves[0];
    for (int j = 0; j < count; j++) {
        TzPos q = *p;
        tz_play(&q, moves[j]);
        int v = -negamax(s, &q, depth - 1, -WIN_SCORE - 1, -alpha, 1);
        if (s->stopped) return best;
        if (v > best) {
            best = v;
            *best_move = moves[j];
        }
        if (v > alpha) alpha = v;
    }
    return best;
}

PyDoc_STRVAR(search_doc,
             "search(state, seconds, max_depth) -> (pit, score, depth, nodes): the best move found "
             "by iterative deepening within the time (the last fully searched depth decides).");
static PyObject *py_search(PyObject *self, PyObject *args) {
    (void)self;
    const char *buf;
    Py_ssize_t len;
    double seconds;
    int max_depth;
    if (!PyArg_ParseTuple(args, "y#di", &buf, &len, &seconds, &max_depth)) return NULL;
    if (len != TZ_STATE_LEN) {
        PyErr_SetString(PyExc_TypeError, "a Toguz Korgool state must be bytes of the core's layout");
        return NULL;
    }
    if (max_depth < 1) max_depth = 1;
    if (max_depth > MAX_PLY) max_depth = MAX_PLY;
    TzPos p;
    tz_unpack(&p, (const uint8_t *)buf);
    if (tz_status(&p) != TZ_ONGOING) {
        PyErr_SetString(PyExc_ValueError, "the game is over: there is no move to search");
        return NULL;
    }
    Search s = {0};
    int best_move = 0, best_score = 0, reached = 0;
    Py_BEGIN_ALLOW_THREADS
    s.deadline = now() + seconds;
    for (int depth = 1; depth <= max_depth; depth++) {
        int move = 0;
        int score = root(&s, &p, depth, best_move, &move);
        if (s.stopped && depth > 1) break;
        best_move = move;
        best_score = score;
        reached = depth;
        if (s.stopped) break;
        if (score >= WIN_SCORE - MAX_PLY || score <= -WIN_SCORE + MAX_PLY) break; /* decided */
    }
    Py_END_ALLOW_THREADS
    return Py_BuildValue("(iiiL)", best_move, best_score, reached, s.nodes);
}


/* ---- The full-strength searcher as a Python type ------------------------------------------ */

typedef struct {
    PyObject_HEAD
    Searcher s;
    int busy;
} SearcherObject;

static void searcher_dealloc(SearcherObject *self) {
    searcher_free(&self->s);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *searcher_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"table_bits", NULL};
    int bits = 20;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "|i", kwlist, &bits)) return NULL;
    if (bits < 10 || bits > 26) {
        PyErr_SetString(PyExc_ValueError, "table_bits must be between 10 and 26");
        return NULL;
    }
    SearcherObject *self = (SearcherObject *)type->tp_alloc(type, 0);
    if (!self) return NULL;
    if (searcher_init(&self->s, bits) < 0) {
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    return (PyObject *)self;
}

static int state_arg(PyObject *obj, TzPos *p) {
    if (!PyBytes_Check(obj) || PyBytes_GET_SIZE(obj) != TZ_STATE_LEN) {
        PyErr_SetString(PyExc_TypeError, "a Toguz Korgool state must be bytes of the core's layout");
        return -1;
    }
    tz_unpack(p, (const uint8_t *)PyBytes_AS_STRING(obj));
    return 0;
}

static PyObject *searcher_search(SearcherObject *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"state", "seconds", "soft", "max_depth", "full_root", "history", NULL};
    PyObject *state, *history = NULL;
    double seconds, soft;
    int max_depth, full_root = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "Oddi|pO", kwlist, &state, &seconds, &soft,
                                     &max_depth, &full_root, &history))
        return NULL;
    TzPos root;
    if (state_arg(state, &root) < 0) return NULL;
    if (tz_status(&root) != TZ_ONGOING) {
        PyErr_SetString(PyExc_ValueError, "the game is over: there is no move to search");
        return NULL;
    }
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "this searcher is already searching");
        return NULL;
    }
    /* The game's earlier positions, oldest first, for repetition detection. */
    int len = 0;
    if (history && history != Py_None) {
        PyObject *seq = PySequence_Fast(history, "history must be a sequence of states");
        if (!seq) return NULL;
        Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
        Py_ssize_t first = n > 1024 ? n - 1024 : 0;
        for (Py_ssize_t i = first; i < n; i++) {
            TzPos h;
            if (state_arg(PySequence_Fast_GET_ITEM(seq, i), &h) < 0) {
                Py_DECREF(seq);
                return NULL;
            }
            self->s.path[len++] = tz_hash(&h);
        }
        Py_DECREF(seq);
    }
    self->s.game_len = len;
    if (max_depth < 1) max_depth = 1;
    SearchOutcome out;
    self->busy = 1;
    Py_BEGIN_ALLOW_THREADS
    pvs_root(&self->s, &root, seconds, soft, max_depth, full_root, &out);
    Py_END_ALLOW_THREADS
    self->busy = 0;
    PyObject *scores = PyTuple_New(root.n);
    PyObject *pv = PyTuple_New(out.pv_len);
    if (!scores || !pv) {
        Py_XDECREF(scores);
        Py_XDECREF(pv);
        return NULL;
    }
    for (int i = 0; i < root.n; i++) PyTuple_SET_ITEM(scores, i, PyLong_FromLong(out.scores[i]));
    for (int i = 0; i < out.pv_len; i++) PyTuple_SET_ITEM(pv, i, PyLong_FromLong(out.pv[i]));
    return Py_BuildValue("(iiiiLNN)", out.move, out.score, out.depth, out.seldepth, out.nodes,
                         scores, pv);
}

static PyObject *searcher_clear_py(SearcherObject *self, PyObject *unused) {
    (void)unused;
    searcher_clear(&self->s);
    Py_RETURN_NONE;
}

static PyMethodDef searcher_methods[] = {
    {"search", (PyCFunction)(void (*)(void))searcher_search, METH_VARARGS | METH_KEYWORDS,
     "search(state, seconds, soft, max_depth, full_root=False, history=()) -> "
     "(move, score, depth, seldepth, nodes, root_scores, pv)"},
    {"clear", (PyCFunction)searcher_clear_py, METH_NOARGS, "Forget everything learnt so far."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject SearcherType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "arbiter.engines._toguz_search.Searcher",
    .tp_basicsize = sizeof(SearcherObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A principal-variation searcher with its own transposition table.",
    .tp_new = searcher_new,
    .tp_dealloc = (destructor)searcher_dealloc,
    .tp_methods = searcher_methods,
};

static PyObject *py_set_weights(PyObject *self, PyObject *arg) {
    (void)self;
    PyObject *seq = PySequence_Fast(arg, "weights must be a sequence of integers");
    if (!seq) return NULL;
    if (PySequence_Fast_GET_SIZE(seq) != TZ_NFEATURES) {
        Py_DECREF(seq);
        return PyErr_Format(PyExc_ValueError, "expected %d weights", TZ_NFEATURES);
    }
    int w[TZ_NFEATURES];
    for (int i = 0; i < TZ_NFEATURES; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return NULL;
        }
        w[i] = (int)v;
    }
    Py_DECREF(seq);
    memcpy(tz_weights, w, sizeof(w));
    Py_RETURN_NONE;
}

static PyObject *py_features(PyObject *self, PyObject *state) {
    (void)self;
    TzPos p;
    if (state_arg(state, &p) < 0) return NULL;
    int f[TZ_NFEATURES];
    tz_features(&p, f);
    PyObject *t = PyTuple_New(TZ_NFEATURES);
    if (!t) return NULL;
    for (int i = 0; i < TZ_NFEATURES; i++) PyTuple_SET_ITEM(t, i, PyLong_FromLong(f[i]));
    return t;
}

static PyObject *py_evaluate(PyObject *self, PyObject *state) {
    (void)self;
    TzPos p;
    if (state_arg(state, &p) < 0) return NULL;
    return PyLong_FromLong(tz_evaluate(&p));
}

static PyMethodDef methods[] = {
    {"search", py_search, METH_VARARGS, search_doc},
    {"set_weights", py_set_weights, METH_O, "Set the evaluation's weights (centi-korgools)."},
    {"features", py_features, METH_O, "The evaluation's features of a state (side to move's view)."},
    {"evaluate", py_evaluate, METH_O, "The static evaluation of a state (centi-korgools)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_toguz_search", "Toguz Korgool alpha-beta search (compiled).", -1,
    methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__toguz_search(void) {
    zob_init();
    if (PyType_Ready(&SearcherType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    if (PyModule_AddIntConstant(m, "WIN_SCORE", WIN_SCORE) < 0) return NULL;
    if (PyModule_AddIntConstant(m, "PVS_WIN", PVS_WIN) < 0) return NULL;
    if (PyModule_AddIntConstant(m, "NFEATURES", TZ_NFEATURES) < 0) return NULL;
    Py_INCREF(&SearcherType);
    if (PyModule_AddObject(m, "Searcher", (PyObject *)&SearcherType) < 0) return NULL;
    return m;
}
