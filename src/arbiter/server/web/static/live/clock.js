// A game clock as the server reports it (main time, then byo-yomi periods or Canadian moves),
// read at any instant of the server's time: the pages tick it between the server's messages.

export function clockText(seconds) {
  const s = Math.max(0, seconds);
  if (s < 10) return s.toFixed(1);
  const whole = Math.floor(s);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const sec = String(whole % 60).padStart(2, "0");
  // Correspondence clocks run for days: "2d 07:15" (days, then hours and minutes of the last).
  if (h >= 24) return Math.floor(h / 24) + "d " + String(h % 24).padStart(2, "0") + ":" + String(m).padStart(2, "0");
  return h > 0 ? h + ":" + String(m).padStart(2, "0") + ":" + sec : m + ":" + sec;
}

// The clock of one side as of now (server time): main time, then byo-yomi.
export function clockReading(state, side, serverNow) {
  if (!state || !state.clocks) return null;
  const c = state.clocks[side];
  const running = state.running === side && state.status === "playing";
  const elapsed = running ? Math.max(0, serverNow - state.server_time) : 0;
  if (c.flagged) return { text: "0:00", low: true, flagged: true };
  const main = c.main - elapsed;
  const byoyomi = c.period_left !== null && (c.periods > 0 || c.moves_left > 0);
  if (main > 0 || !byoyomi) {
    return { text: clockText(main), low: main < 10, extra: byoyomi ? "+" + (c.periods || c.moves_left) : "" };
  }
  // The break before the first period (seed 002 3.17.3) runs before the period does.
  const over = elapsed - Math.max(0, c.main);
  const rest = c.rest || 0;
  if (over < rest) return { text: clockText(rest - over), low: false, extra: "\u23F8" };
  const left = c.period_left - (over - rest);
  const extra = c.moves_left ? "/" + c.moves_left : "×" + c.periods;
  return { text: clockText(left), low: left < 10, extra: extra };
}
