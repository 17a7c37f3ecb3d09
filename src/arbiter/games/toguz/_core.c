/*
 * The Toguz Korgool rules core for Python: positions are immutable bytes (layout in rules.h) and
 * every function returns new bytes. Position (position.py) is the public face of this module.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "rules.h"

/* legal() returns one of these shared tuples, indexed by the legal-move bit mask. */
static PyObject *moves_by_mask[1 << 9];

static int unpack_arg(PyObject *state, TzPos *p) {
    if (!PyBytes_Check(state) || PyBytes_GET_SIZE(state) != TZ_STATE_LEN) {
        PyErr_SetString(PyExc_TypeError, "a Toguz Korgool state must be bytes of the core's layout");
        return -1;
    }
    tz_unpack(p, (const uint8_t *)PyBytes_AS_STRING(state));
    return 0;
}

static uint8_t state_status(PyObject *state) {
    return (uint8_t)PyBytes_AS_STRING(state)[TZ_OFF_STATUS];
}

/* New state bytes for position p after a move made from `before`. */
static PyObject *pack_after(PyObject *before, const TzPos *p) {
    PyObject *out = PyBytes_FromStringAndSize(NULL, TZ_STATE_LEN);
    if (!out) return NULL;
    uint8_t *s = (uint8_t *)PyBytes_AS_STRING(out);
    const uint8_t *b = (const uint8_t *)PyBytes_AS_STRING(before);
    tz_pack(s, p);
    s[TZ_OFF_STATUS] = (uint8_t)tz_status(p);
    unsigned move = b[TZ_OFF_MOVE] | (b[TZ_OFF_MOVE + 1] << 8);
    if (b[TZ_OFF_SIDE] == 1 && move < 0xFFFF) move++;  /* the full move ends with Black's */
    s[TZ_OFF_MOVE] = (uint8_t)(move & 0xFF);
    s[TZ_OFF_MOVE + 1] = (uint8_t)(move >> 8);
    return out;
}

/* A pit argument as a number; anything that is no pit number (not an int, huge) becomes 0. */
static long pit_arg(PyObject *arg) {
    if (!PyLong_Check(arg)) return 0;
    int overflow = 0;
    long pit = PyLong_AsLongAndOverflow(arg, &overflow);
    return overflow ? 0 : pit;
}

static int move_error(PyObject *state, const TzPos *p, long pit) {
    if (state_status(state) != TZ_ONGOING) return TZ_ERR_OVER;
    if (pit < 1 || pit > p->n) return TZ_ERR_RANGE;
    return tz_check(p, (int)pit);
}

/* The arguments (state, x) of a two-argument function, the state unpacked into p; -1 with a
 * TypeError naming `usage` when they are not that. */
static int state_and_arg(PyObject *const *args, Py_ssize_t nargs, const char *usage, TzPos *p) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, usage);
        return -1;
    }
    return unpack_arg(args[0], p);
}

/* The arguments (state, pit) of a move: 1 with p and *pit set when the move is legal, 0 when it
 * is not, -1 when the arguments are wrong. */
static int legal_move(PyObject *const *args, Py_ssize_t nargs, const char *usage, TzPos *p,
                      int *pit) {
    if (state_and_arg(args, nargs, usage, p) < 0) return -1;
    long n = pit_arg(args[1]);
    if (move_error(args[0], p, n) != TZ_OK) return 0;
    *pit = (int)n;
    return 1;
}

PyDoc_STRVAR(play_doc, "play(state, pit) -> bytes | None: the state after pit, or None if illegal.");
static PyObject *core_play(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    TzPos p;
    int pit;
    int legal = legal_move(args, nargs, "play(state, pit)", &p, &pit);
    if (legal < 0) return NULL;
    if (!legal) Py_RETURN_NONE;
    tz_play(&p, pit);
    return pack_after(args[0], &p);
}

PyDoc_STRVAR(play_ex_doc,
             "play_ex(state, pit) -> (bytes, last_index): the state after a legal move and the board "
             "index where its last korgool fell (0..n-1 White's row, n..2n-1 Black's).");
static PyObject *core_play_ex(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    TzPos p;
    int pit;
    int legal = legal_move(args, nargs, "play_ex(state, pit)", &p, &pit);
    if (legal < 0) return NULL;
    if (!legal) Py_RETURN_NONE;
    int last = tz_play(&p, pit);
    PyObject *s = pack_after(args[0], &p);
    if (!s) return NULL;
    return Py_BuildValue("(Ni)", s, last);
}

PyDoc_STRVAR(check_doc, "check(state, pit) -> int: 0 if legal, else the reason code (rules.h).");
static PyObject *core_check(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    TzPos p;
    if (state_and_arg(args, nargs, "check(state, pit)", &p) < 0) return NULL;
    return PyLong_FromLong(move_error(args[0], &p, pit_arg(args[1])));
}

PyDoc_STRVAR(legal_doc, "legal(state) -> tuple[int, ...]: the playable pits, ascending; () when over.");
static PyObject *core_legal(PyObject *self, PyObject *state) {
    (void)self;
    TzPos p;
    if (unpack_arg(state, &p) < 0) return NULL;
    unsigned mask = state_status(state) == TZ_ONGOING ? tz_legal_mask(&p) : 0;
    PyObject *t = moves_by_mask[mask];
    Py_INCREF(t);
    return t;
}

PyDoc_STRVAR(status_doc, "status(state) -> int: the game status the position itself implies.");
static PyObject *core_status(PyObject *self, PyObject *state) {
    (void)self;
    TzPos p;
    if (unpack_arg(state, &p) < 0) return NULL;
    return PyLong_FromLong(tz_status(&p));
}

static uint64_t perft(const TzPos *p, int depth) {
    if (tz_status(p) != TZ_ONGOING) return 0;
    unsigned mask = tz_legal_mask(p);
    if (depth == 1) return (uint64_t)__builtin_popcount(mask);
    uint64_t total = 0;
    for (int i = 0; i < p->n; i++) {
        if (!(mask & (1u << i))) continue;
        TzPos q = *p;
        tz_play(&q, i + 1);
        total += perft(&q, depth - 1);
    }
    return total;
}

PyDoc_STRVAR(perft_doc,
             "perft(state, depth) -> int: the number of move sequences of length depth (finished "
             "games end a sequence early and do not count).");
static PyObject *core_perft(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    TzPos p;
    if (state_and_arg(args, nargs, "perft(state, depth)", &p) < 0) return NULL;
    long depth = PyLong_AsLong(args[1]);
    if (depth == -1 && PyErr_Occurred()) return NULL;
    if (depth < 0) {
        PyErr_SetString(PyExc_ValueError, "depth must be at least 0");
        return NULL;
    }
    if (depth == 0) return PyLong_FromLong(1);
    if (state_status(args[0]) != TZ_ONGOING) return PyLong_FromLong(0);
    uint64_t count;
    Py_BEGIN_ALLOW_THREADS
    count = perft(&p, (int)depth);
    Py_END_ALLOW_THREADS
    return PyLong_FromUnsignedLongLong(count);
}

static PyMethodDef core_methods[] = {
    {"play", (PyCFunction)(void (*)(void))core_play, METH_FASTCALL, play_doc},
    {"play_ex", (PyCFunction)(void (*)(void))core_play_ex, METH_FASTCALL, play_ex_doc},
    {"check", (PyCFunction)(void (*)(void))core_check, METH_FASTCALL, check_doc},
    {"legal", core_legal, METH_O, legal_doc},
    {"status", core_status, METH_O, status_doc},
    {"perft", (PyCFunction)(void (*)(void))core_perft, METH_FASTCALL, perft_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT, "_core", "Toguz Korgool rules core (compiled).", -1, core_methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__core(void) {
    for (unsigned mask = 0; mask < (1u << 9); mask++) {
        if (moves_by_mask[mask]) continue;
        PyObject *t = PyTuple_New(__builtin_popcount(mask));
        if (!t) return NULL;
        Py_ssize_t k = 0;
        for (int i = 0; i < 9; i++) {
            if (mask & (1u << i)) PyTuple_SET_ITEM(t, k++, PyLong_FromLong(i + 1));
        }
        moves_by_mask[mask] = t;
    }
    PyObject *m = PyModule_Create(&core_module);
    if (!m) return NULL;
    if (PyModule_AddIntConstant(m, "STATE_LEN", TZ_STATE_LEN) < 0) return NULL;
    return m;
}
