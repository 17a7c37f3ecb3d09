/*
 * What the Toguz Korgool search knows of a position besides the rules: its Zobrist key (for the
 * transposition table and repetitions) and its evaluation.
 *
 * The evaluation is linear in the features of tz_features(), with weights set from Python
 * (arbiter/engines/toguz_weights.py, fitted on real games by bench/toguz_tune.py).
 */
#ifndef ARBITER_TOGUZ_EVAL_H
#define ARBITER_TOGUZ_EVAL_H

#include <stdint.h>

#include "rules.h"

#define PVS_WIN 100000 /* the score of a won game; evaluations stay within half of it */
#define TZ_NFEATURES 12

/* Weights of the evaluation, in hundredths of a korgool. */
static int tz_weights[TZ_NFEATURES] = {100, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};

static uint64_t zob_pit[TZ_MAX_PITS][256];
static uint64_t zob_kazan[2][256];
static uint64_t zob_tuz[2][TZ_MAX_PITS + 1];
static uint64_t zob_side;
static int zob_ready;

static uint64_t splitmix(uint64_t *s) {
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static void zob_init(void) {
    if (zob_ready) return;
    uint64_t s = 0x746F67757A6B6F72ULL;  /* fixed: keys are the same in every run */
    for (int i = 0; i < TZ_MAX_PITS; i++)
        for (int c = 0; c < 256; c++) zob_pit[i][c] = splitmix(&s);
    for (int k = 0; k < 2; k++)
        for (int c = 0; c < 256; c++) zob_kazan[k][c] = splitmix(&s);
    for (int k = 0; k < 2; k++)
        for (int t = 0; t <= TZ_MAX_PITS; t++) zob_tuz[k][t] = splitmix(&s);
    zob_side = splitmix(&s);
    zob_ready = 1;
}

static uint64_t tz_hash(const TzPos *p) {
    uint64_t h = p->side ? zob_side : 0;
    const int n2 = 2 * p->n;
    for (int i = 0; i < n2; i++) h ^= zob_pit[i][p->pits[i]];
    h ^= zob_kazan[0][p->kazan[0]] ^ zob_kazan[1][p->kazan[1]];
    h ^= zob_tuz[0][p->tuz[0] + 1] ^ zob_tuz[1][p->tuz[1] + 1];
    return h;
}

/*
 * Features from the view of the side to move (positive = good for it):
 *  0 kazan difference
 *  1 owning a tuz (1/0) minus the opponent owning one
 *  2 korgools on my row minus on the opponent's row
 *  3 my playable pits minus the opponent's
 *  4 the most my best move takes at once, minus the same for the opponent
 *  5 my pits holding 2 (the opponent can make a tuz there) minus the opponent's
 *  6 my pits holding an odd count the opponent can reach exactly ... approximated:
 *    opponent's immediate capturing moves minus mine (counted, not weighted)
 *  7 my tuz's distance from the row's start (pit number, 0 if none) minus the opponent's
 *  8 my pits with 12 or more (a long sowing that reaches around) minus the opponent's
 *  9 korgools in my row's right half (pits 6..9) minus the opponent's
 * 10 sign of the kazan difference beyond 70 (the race to 82): (k_me >= 70) - (k_opp >= 70)
 * 11 constant 1 (the value of having the move)
 */
static void side_gains(const TzPos *p, int side, int *best, int *captures) {
    TzPos q = *p;
    q.side = (uint8_t)side;
    const unsigned mask = tz_legal_mask(&q);
    *best = 0;
    *captures = 0;
    for (int i = 0; i < p->n; i++) {
        if (!(mask & (1u << i))) continue;
        TzPos c = q;
        tz_play(&c, i + 1);
        const int g = (int)c.kazan[side] - (int)q.kazan[side];
        if (g > 0) (*captures)++;
        if (g > *best) *best = g;
    }
}

static void tz_features(const TzPos *p, int f[TZ_NFEATURES]) {
    const int me = p->side, op = !me, n = p->n;
    const int my_base = me ? n : 0, op_base = me ? 0 : n;
    int my_row = 0, op_row = 0, my_moves = 0, op_moves = 0, my_twos = 0, op_twos = 0;
    int my_big = 0, op_big = 0, my_right = 0, op_right = 0;
    for (int i = 0; i < n; i++) {
        const int a = p->pits[my_base + i], b = p->pits[op_base + i];
        my_row += a;
        op_row += b;
        my_moves += a > 0;
        op_moves += b > 0;
        my_twos += a == 2;
        op_twos += b == 2;
        my_big += a >= 12;
        op_big += b >= 12;
        if (i >= 5) {
            my_right += a;
            op_right += b;
        }
    }
    int my_best, my_caps, op_best, op_caps;
    side_gains(p, me, &my_best, &my_caps);
    side_gains(p, op, &op_best, &op_caps);
    f[0] = (int)p->kazan[me] - (int)p->kazan[op];
    f[1] = (p->tuz[me] >= 0) - (p->tuz[op] >= 0);
    f[2] = my_row - op_row;
    f[3] = my_moves - op_moves;
    f[4] = my_best - op_best;
    f[5] = my_twos - op_twos;
    f[6] = my_caps - op_caps;
    f[7] = (p->tuz[me] >= 0 ? p->tuz[me] % n + 1 : 0) - (p->tuz[op] >= 0 ? p->tuz[op] % n + 1 : 0);
    f[8] = my_big - op_big;
    f[9] = my_right - op_right;
    f[10] = (p->kazan[me] >= 70) - (p->kazan[op] >= 70);
    f[11] = 1;
}

/* Centi-korgools from the side to move's view. */
static int tz_evaluate(const TzPos *p) {
    int f[TZ_NFEATURES];
    tz_features(p, f);
    long s = 0;
    for (int i = 0; i < TZ_NFEATURES; i++) s += (long)tz_weights[i] * f[i];
    if (s > PVS_WIN / 2) s = PVS_WIN / 2;
    if (s < -PVS_WIN / 2) s = -PVS_WIN / 2;
    return (int)s;
}

#endif
