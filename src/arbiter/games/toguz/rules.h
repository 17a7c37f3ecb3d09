/*
 * Toguz Korgool rules on a compact position, shared by the rules core (_core.c) and the search
 * (engines/_toguz_search.c). Pure functions, no allocation, no I/O.
 *
 * Board indices: White's pits 1..n are 0..n-1, Black's pits 1..n are n..2n-1, so sowing
 * counter-clockwise is simply index + 1 modulo 2n. n is 9 (Toguz Korgool) or 5 (Bestemshe).
 * tuz[0] is the index on Black's row that White owns (or -1); tuz[1] the index on White's row
 * that Black owns (or -1). A tuz always holds 0: korgools falling into it go to its owner's kazan.
 */
#ifndef ARBITER_TOGUZ_RULES_H
#define ARBITER_TOGUZ_RULES_H

#include <stdint.h>
#include <string.h>

#define TZ_MAX_PITS 18

/* Serialised layout shared with Python (bytes of TZ_STATE_LEN). */
#define TZ_OFF_PITS 0
#define TZ_OFF_KAZAN 18   /* white, black */
#define TZ_OFF_TUZ 20     /* white's tuz, black's tuz: pit number 1..n, 0 = none */
#define TZ_OFF_SIDE 22    /* 0 = white to move, 1 = black */
#define TZ_OFF_N 23       /* pits per row */
#define TZ_OFF_STATUS 24  /* TZ_ONGOING, TZ_WHITE_WINS, TZ_BLACK_WINS, TZ_DRAW */
#define TZ_OFF_MOVE 25    /* full-move number, little-endian uint16 */
#define TZ_STATE_LEN 27

enum { TZ_ONGOING = 0, TZ_WHITE_WINS = 1, TZ_BLACK_WINS = 2, TZ_DRAW = 3 };

typedef struct {
    uint8_t pits[TZ_MAX_PITS];
    uint8_t kazan[2];
    int8_t tuz[2];
    uint8_t side;
    uint8_t n;
} TzPos;

/* Reasons a move is refused (0 = legal). */
enum { TZ_OK = 0, TZ_ERR_RANGE = 1, TZ_ERR_EMPTY = 2, TZ_ERR_TUZ = 3, TZ_ERR_OVER = 4 };

static inline int tz_total(const TzPos *p) { return 2 * p->n * p->n; }

/* Bit i set when the side to move may play its pit i+1. */
static inline unsigned tz_legal_mask(const TzPos *p) {
    unsigned mask = 0;
    const int n = p->n;
    const int base = p->side ? n : 0;
    for (int i = 0; i < n; i++) {
        if (p->pits[base + i]) mask |= 1u << i;
    }
    /* The opponent's tuz on the mover's row always holds 0, so it is never in the mask. */
    return mask;
}

/* Why pit (1-based) cannot be played, or TZ_OK. */
static inline int tz_check(const TzPos *p, int pit) {
    if (pit < 1 || pit > p->n) return TZ_ERR_RANGE;
    const int idx = (p->side ? p->n : 0) + pit - 1;
    if (p->tuz[!p->side] == idx) return TZ_ERR_TUZ;
    if (p->pits[idx] == 0) return TZ_ERR_EMPTY;
    return TZ_OK;
}

/* Drop one korgool at idx: into the pit, or into a tuz owner's kazan. */
static inline void tz_drop(TzPos *p, int idx) {
    if (idx == p->tuz[0]) p->kazan[0]++;
    else if (idx == p->tuz[1]) p->kazan[1]++;
    else p->pits[idx]++;
}

/*
 * Play pit (1-based) for the side to move; the move must be legal (tz_check).
 * Returns the index where the last korgool fell.
 */
static inline int tz_play(TzPos *p, int pit) {
    const int n = p->n;
    const int n2 = 2 * n;
    const int me = p->side;
    const int idx = (me ? n : 0) + pit - 1;
    int k = p->pits[idx];
    int last = idx;
    p->pits[idx] = 0;
    if (k == 1) {
        last = idx + 1 == n2 ? 0 : idx + 1;
        tz_drop(p, last);
    } else {
        /* Whole laps first: every pit receives one per lap (tuzes feed their owners). */
        int laps = k / n2;
        int rest = k % n2;
        if (laps) {
            for (int j = 0; j < n2; j++) p->pits[j] += (uint8_t)laps;
            for (int s = 0; s < 2; s++) {
                if (p->tuz[s] >= 0) {
                    p->pits[p->tuz[s]] -= (uint8_t)laps;
                    p->kazan[s] += (uint8_t)laps;
                }
            }
        }
        if (rest == 0) {
            last = idx == 0 ? n2 - 1 : idx - 1;
        } else {
            int j = idx;
            for (int r = 0; r < rest; r++) {
                tz_drop(p, j);
                last = j;
                j = j + 1 == n2 ? 0 : j + 1;
            }
        }
    }
    /* Captures happen only on the opponent's row, never in a tuz. */
    const int opp_lo = me ? 0 : n;
    if (last >= opp_lo && last < opp_lo + n && last != p->tuz[me]) {
        const int c = p->pits[last];
        if ((c & 1) == 0) {
            p->kazan[me] += (uint8_t)c;
            p->pits[last] = 0;
        } else if (c == 3 && n == 9 && p->tuz[me] < 0) {
            const int num = last - opp_lo;          /* 0-based pit number on that row */
            const int opp_tuz = p->tuz[!me];        /* index on my row, or -1 */
            const int opp_num = opp_tuz < 0 ? -1 : opp_tuz - (me ? n : 0);
            if (num != n - 1 && num != opp_num) {
                p->kazan[me] += 3;
                p->pits[last] = 0;
                p->tuz[me] = (int8_t)last;
            }
        }
    }
    p->side = (uint8_t)!me;
    return last;
}

/* The game's status after the last move, with the side to move as it stands. */
static inline int tz_status(const TzPos *p) {
    const int half = tz_total(p) / 2;
    if (p->kazan[0] > half) return TZ_WHITE_WINS;
    if (p->kazan[1] > half) return TZ_BLACK_WINS;
    if (p->kazan[0] == half && p->kazan[1] == half) return TZ_DRAW;
    if (tz_legal_mask(p)) return TZ_ONGOING;
    /* Atsyz kalu: the side to move has no korgools; each keeps what lies on their own row. */
    const int n = p->n;
    int white = p->kazan[0];
    for (int i = 0; i < n; i++) white += p->pits[i];
    if (white > half) return TZ_WHITE_WINS;
    if (white < half) return TZ_BLACK_WINS;
    return TZ_DRAW;
}

static inline void tz_unpack(TzPos *p, const uint8_t *s) {
    memcpy(p->pits, s + TZ_OFF_PITS, TZ_MAX_PITS);
    p->kazan[0] = s[TZ_OFF_KAZAN];
    p->kazan[1] = s[TZ_OFF_KAZAN + 1];
    p->side = s[TZ_OFF_SIDE];
    p->n = s[TZ_OFF_N];
    /* White's tuz lies on Black's row; Black's tuz on White's row. */
    p->tuz[0] = s[TZ_OFF_TUZ] ? (int8_t)(p->n + s[TZ_OFF_TUZ] - 1) : -1;
    p->tuz[1] = s[TZ_OFF_TUZ + 1] ? (int8_t)(s[TZ_OFF_TUZ + 1] - 1) : -1;
}

static inline void tz_pack(uint8_t *s, const TzPos *p) {
    memcpy(s + TZ_OFF_PITS, p->pits, TZ_MAX_PITS);
    s[TZ_OFF_KAZAN] = p->kazan[0];
    s[TZ_OFF_KAZAN + 1] = p->kazan[1];
    s[TZ_OFF_TUZ] = p->tuz[0] < 0 ? 0 : (uint8_t)(p->tuz[0] - p->n + 1);
    s[TZ_OFF_TUZ + 1] = p->tuz[1] < 0 ? 0 : (uint8_t)(p->tuz[1] + 1);
    s[TZ_OFF_SIDE] = p->side;
    s[TZ_OFF_N] = p->n;
}

#endif
