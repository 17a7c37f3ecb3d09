/*
 * A first Toguz Korgool computer player: negamax with alpha-beta pruning and iterative deepening
 * under a time limit. The search runs entirely on the compact position of rules.h (no Python
 * objects per move) with the GIL released.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <time.h>

#include "rules.h"

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

static PyMethodDef methods[] = {
    {"search", py_search, METH_VARARGS, search_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_toguz_search", "Toguz Korgool alpha-beta search (compiled).", -1,
    methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__toguz_search(void) {
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    if (PyModule_AddIntConstant(m, "WIN_SCORE", WIN_SCORE) < 0) return NULL;
    return m;
}
