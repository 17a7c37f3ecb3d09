/*
 * The full-strength Toguz Korgool search: principal variation search with alpha-beta, iterative
 * deepening, a Zobrist-keyed transposition table, move ordering (table move, gains, killers,
 * history), quiescence on captures, and repetition detection along the game and search path.
 *
 * The positions' keys and their evaluation are in toguz_eval.h.
 */
#ifndef ARBITER_TOGUZ_PVS_H
#define ARBITER_TOGUZ_PVS_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rules.h"
#include "toguz_eval.h"

#define PVS_MAX_PLY 96
#define PVS_INF (PVS_WIN + 1000)

enum { TT_EXACT = 1, TT_LOWER = 2, TT_UPPER = 3 };

typedef struct {
    uint64_t key;
    int32_t score;
    int8_t depth;
    uint8_t flag;
    uint8_t move;
    uint8_t age;
} TTEntry;

typedef struct {
    TTEntry *table;
    uint64_t mask;         /* entries - 1 (a power of two) */
    uint8_t age;
    int history[2][9];
    uint8_t killers[PVS_MAX_PLY + 1][2];
    /* Positions of the game so far and of the current search path, for repetitions. */
    uint64_t path[1024 + PVS_MAX_PLY + 8];
    int game_len;
    /* per search */
    double deadline;
    long long nodes;
    int stopped;
    int seldepth;
} Searcher;

static double pvs_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int pvs_terminal(const TzPos *p, int status, int ply) {
    if (status == TZ_DRAW) return 0;
    const int winner = status == TZ_WHITE_WINS ? 0 : 1;
    return winner == p->side ? PVS_WIN - ply : -PVS_WIN + ply;
}

static int searcher_init(Searcher *s, int log2_entries) {
    zob_init();
    memset(s, 0, sizeof(*s));
    uint64_t entries = 1ULL << log2_entries;
    s->table = (TTEntry *)calloc(entries, sizeof(TTEntry));
    if (!s->table) return -1;
    s->mask = entries - 1;
    return 0;
}

static void searcher_clear(Searcher *s) {
    memset(s->table, 0, (s->mask + 1) * sizeof(TTEntry));
    memset(s->history, 0, sizeof(s->history));
    memset(s->killers, 0, sizeof(s->killers));
}

static void searcher_free(Searcher *s) {
    free(s->table);
    s->table = NULL;
}

/* Scores near a win carry their distance from the root; the table stores them from the node. */
static int to_tt(int score, int ply) {
    if (score >= PVS_WIN - PVS_MAX_PLY * 2) return score + ply;
    if (score <= -PVS_WIN + PVS_MAX_PLY * 2) return score - ply;
    return score;
}

static int from_tt(int score, int ply) {
    if (score >= PVS_WIN - PVS_MAX_PLY * 2) return score - ply;
    if (score <= -PVS_WIN + PVS_MAX_PLY * 2) return score + ply;
    return score;
}

static void tt_store(Searcher *s, uint64_t key, int depth, int flag, int score, int move, int ply) {
    TTEntry *e = &s->table[key & s->mask];
    if (e->key != key && e->age == s->age && e->depth > depth) return;  /* keep deeper, same age */
    e->key = key;
    e->depth = (int8_t)depth;
    e->flag = (uint8_t)flag;
    e->score = to_tt(score, ply);
    e->move = (uint8_t)move;
    e->age = s->age;
}

static int is_repetition(const Searcher *s, int index, uint64_t key) {
    /* The same position with the same side to move: every second entry back. */
    for (int i = index - 2; i >= 0; i -= 2) {
        if (s->path[i] == key) return 1;
    }
    return 0;
}

typedef struct {
    TzPos child;
    int move;
    int gain;
    int order;
} Child;

static int gen_children(const TzPos *p, Child out[9]) {
    const unsigned mask = tz_legal_mask(p);
    const int me = p->side;
    int count = 0;
    for (int i = 0; i < p->n; i++) {
        if (!(mask & (1u << i))) continue;
        Child *c = &out[count++];
        c->child = *p;
        tz_play(&c->child, i + 1);
        c->move = i + 1;
        c->gain = (int)c->child.kazan[me] - (int)p->kazan[me]
                  - ((int)c->child.kazan[!me] - (int)p->kazan[!me]);
    }
    return count;
}

static void sort_children(Child *c, int count) {
    for (int a = 1; a < count; a++) {
        Child k = c[a];
        int b = a;
        while (b > 0 && c[b - 1].order < k.order) {
            c[b] = c[b - 1];
            b--;
        }
        c[b] = k;
    }
}

static int quiesce(Searcher *s, const TzPos *p, int alpha, int beta, int ply) {
    s->nodes++;
    if (ply > s->seldepth) s->seldepth = ply;
    const int status = tz_status(p);
    if (status != TZ_ONGOING) return pvs_terminal(p, status, ply);
    const int stand = tz_evaluate(p);
    if (stand >= beta || ply >= PVS_MAX_PLY) return stand;
    if (stand > alpha) alpha = stand;
    Child kids[9];
    const int count = gen_children(p, kids);
    int best = stand;
    for (int j = 0; j < count; j++) kids[j].order = kids[j].gain;
    sort_children(kids, count);
    for (int j = 0; j < count; j++) {
        if (kids[j].gain <= 0) break;  /* only moves that take korgools */
        const int v = -quiesce(s, &kids[j].child, -beta, -alpha, ply + 1);
        if (v > best) best = v;
        if (v > alpha) alpha = v;
        if (alpha >= beta) break;
    }
    return best;
}

static int pvs(Searcher *s, const TzPos *p, int depth, int alpha, int beta, int ply) {
    if ((++s->nodes & 2047) == 0 && pvs_now() > s->deadline) s->stopped = 1;
    if (s->stopped) return 0;
    const int status = tz_status(p);
    if (status != TZ_ONGOING) return pvs_terminal(p, status, ply);
    const uint64_t key = tz_hash(p);
    const int index = s->game_len + ply;
    s->path[index] = key;
    if (ply > 0 && is_repetition(s, index, key)) return 0;
    if (depth <= 0) return quiesce(s, p, alpha, beta, ply);
    if (ply >= PVS_MAX_PLY) return tz_evaluate(p);

    const int pv_node = beta - alpha > 1;
    TTEntry *e = &s->table[key & s->mask];
    int tt_move = 0;
    if (e->key == key) {
        tt_move = e->move;
        if (!pv_node && e->depth >= depth) {
            const int v = from_tt(e->score, ply);
            if (e->flag == TT_EXACT) return v;
            if (e->flag == TT_LOWER && v >= beta) return v;
            if (e->flag == TT_UPPER && v <= alpha) return v;
        }
    }

    Child kids[9];
    const int count = gen_children(p, kids);
    const int me = p->side;
    for (int j = 0; j < count; j++) {
        Child *c = &kids[j];
        int o = s->history[me][c->move - 1];
        if (c->move == tt_move) o += 1 << 28;
        else if (c->gain > 0) o += (1 << 24) + c->gain * 1024;
        else if (ply <= PVS_MAX_PLY && (c->move == s->killers[ply][0] || c->move == s->killers[ply][1]))
            o += 1 << 22;
        c->order = o;
    }
    sort_children(kids, count);

    const int alpha0 = alpha;
    int best = -PVS_INF, best_move = kids[0].move;
    for (int j = 0; j < count; j++) {
        int v;
        if (j == 0) {
            v = -pvs(s, &kids[j].child, depth - 1, -beta, -alpha, ply + 1);
        } else {
            /* Late quiet moves at depth: search one less first (a light reduction). */
            int r = (j >= 3 && depth >= 3 && kids[j].gain <= 0) ? 1 : 0;
            v = -pvs(s, &kids[j].child, depth - 1 - r, -alpha - 1, -alpha, ply + 1);
            if (!s->stopped && v > alpha && (r || v < beta))
                v = -pvs(s, &kids[j].child, depth - 1, -beta, -alpha, ply + 1);
        }
        if (s->stopped) return 0;
        if (v > best) {
            best = v;
            best_move = kids[j].move;
        }
        if (v > alpha) alpha = v;
        if (alpha >= beta) {
            if (kids[j].gain <= 0 && ply <= PVS_MAX_PLY) {
                if (s->killers[ply][0] != kids[j].move) {
                    s->killers[ply][1] = s->killers[ply][0];
                    s->killers[ply][0] = (uint8_t)kids[j].move;
                }
                s->history[me][kids[j].move - 1] += depth * depth;
                if (s->history[me][kids[j].move - 1] > (1 << 20)) {
                    for (int a = 0; a < 2; a++)
                        for (int b = 0; b < 9; b++) s->history[a][b] /= 2;
                }
            }
            break;
        }
    }
    const int flag = best <= alpha0 ? TT_UPPER : best >= beta ? TT_LOWER : TT_EXACT;
    tt_store(s, key, depth, flag, best, best_move, ply);
    return best;
}

typedef struct {
    int move;
    int score;
    int depth;
    int seldepth;
    long long nodes;
    int scores[9];   /* root move scores at the last completed depth (noise levels), or 0 */
    int pv[32];
    int pv_len;
} SearchOutcome;

static void extract_pv(Searcher *s, const TzPos *root, SearchOutcome *out) {
    TzPos p = *root;
    out->pv_len = 0;
    while (out->pv_len < 32 && tz_status(&p) == TZ_ONGOING) {
        const TTEntry *e = &s->table[tz_hash(&p) & s->mask];
        if (e->key != tz_hash(&p) || !e->move || tz_check(&p, e->move) != TZ_OK) break;
        out->pv[out->pv_len++] = e->move;
        tz_play(&p, e->move);
    }
}

/*
 * Iterative deepening from root within `seconds` (a hard limit) and `soft` seconds (no new
 * iteration starts after it), to at most max_depth. With `full_root`, every root move is searched
 * with a full window so that out->scores holds exact scores for all of them (for noisy levels).
 */
static void pvs_root(Searcher *s, const TzPos *root, double seconds, double soft, int max_depth,
                     int full_root, SearchOutcome *out) {
    const double start = pvs_now();
    s->deadline = start + seconds;
    s->nodes = 0;
    s->stopped = 0;
    s->seldepth = 0;
    s->age++;
    memset(out, 0, sizeof(*out));
    Child kids[9];
    const int count = gen_children(root, kids);
    out->move = kids[0].move;
    const uint64_t key = tz_hash(root);
    s->path[s->game_len] = key;
    int scores[9] = {0};
    for (int depth = 1; depth <= max_depth && depth < PVS_MAX_PLY; depth++) {
        /* Order root moves: last iteration's best first, then by last scores. */
        for (int j = 0; j < count; j++)
            kids[j].order = (kids[j].move == out->move ? 1 << 30 : 0) + scores[kids[j].move - 1];
        sort_children(kids, count);
        int alpha = -PVS_INF, best = -PVS_INF, best_move = kids[0].move;
        int iter_scores[9] = {0};
        for (int j = 0; j < count; j++) {
            int v;
            if (j == 0 || full_root) {
                v = -pvs(s, &kids[j].child, depth - 1, -PVS_INF, full_root ? PVS_INF : -alpha, 1);
            } else {
                v = -pvs(s, &kids[j].child, depth - 1, -alpha - 1, -alpha, 1);
                if (!s->stopped && v > alpha)
                    v = -pvs(s, &kids[j].child, depth - 1, -PVS_INF, -alpha, 1);
            }
            if (s->stopped) break;
            iter_scores[kids[j].move - 1] = v;
            if (v > best) {
                best = v;
                best_move = kids[j].move;
            }
            if (v > alpha) alpha = v;
        }
        if (s->stopped) {
            /* A partial iteration still counts when its first (previous best) move was searched
             * and another move beat it. */
            if (best > -PVS_INF && best_move != out->move && depth > 1) {
                out->move = best_move;
                out->score = best;
            }
            break;
        }
        out->move = best_move;
        out->score = best;
        out->depth = depth;
        memcpy(scores, iter_scores, sizeof(scores));
        tt_store(s, key, depth, TT_EXACT, best, best_move, 0);
        if (best >= PVS_WIN - PVS_MAX_PLY || best <= -PVS_WIN + PVS_MAX_PLY) break;
        if (pvs_now() - start > soft) break;
    }
    memcpy(out->scores, scores, sizeof(scores));
    out->nodes = s->nodes;
    out->seldepth = s->seldepth;
    extract_pv(s, root, out);
}

#endif
