// The live game's sounds: a move, a capture, a tuzdyk, low time (10 seconds left on one's own
// clock), the start and the end. The sounds are the page's <audio data-sound> elements (WAV
// files made by tools/make_sounds.py); the switch [data-sound-switch] mutes them, and the
// choice is remembered by this browser (localStorage).

const KEY = "arbiter-sound";

// The tuzdyks of a Toguz position string (pits, side, kazans, tuzdyks, move number).
function tuzdyks(board) {
  return String((board && board.fen) || "").split(" ")[3] || "";
}

function kazanOf(board, side) {
  return board && board.kazans ? Number(board.kazans[side] || 0) : 0;
}

function capturedBy(board, side) {
  return board && board.captures ? Number(board.captures[side] || 0) : 0;
}

export class Sounds {
  constructor(game) {
    this.game = game;
    this.low = {};
    this.on = true;
    try { this.on = window.localStorage.getItem(KEY) !== "off"; } catch (err) { /* storage off: sound on */ }
  }

  listen() {
    const box = this.game.$("[data-sound-switch]");
    if (!box) return;
    box.checked = this.on;
    box.addEventListener("change", () => {
      this.on = box.checked;
      try { window.localStorage.setItem(KEY, this.on ? "on" : "off"); } catch (err) { /* kept for this page only */ }
    });
  }

  play(name) {
    if (!this.on) return;
    const audio = this.game.$('audio[data-sound="' + name + '"]');
    if (!audio) return;
    try {
      // A sound still playing starts again from its beginning.
      if (!audio.paused) audio.pause();
      audio.currentTime = 0;
      // A browser refuses sound before the reader has touched the page: nothing to do then.
      const started = audio.play();
      if (started && started.catch) started.catch(function () {});
    } catch (err) { /* no sound */ }
  }

  // What changed between two states the page showed: the one sound it deserves (the end
  // first, then a tuzdyk, a capture, a move; the start on its own).
  changed(before, after) {
    if (!before || !after) return;
    if (after.status === "over" && before.status !== "over") { this.play("end"); return; }
    if (after.status === "playing" && before.status === "ready") { this.play("start"); return; }
    if (after.ply <= before.ply) return;
    const mover = after.last_move ? after.last_move.side : null;
    if (after.game === "toguz") {
      if (tuzdyks(after.board) !== tuzdyks(before.board)) { this.play("tuzdyk"); return; }
      if (mover && kazanOf(after.board, mover) > kazanOf(before.board, mover)) { this.play("capture"); return; }
    } else if (mover && capturedBy(after.board, mover) > capturedBy(before.board, mover)) {
      this.play("capture");
      return;
    }
    this.play("move");
  }

  // Called as the clocks tick: a warning once when one's own running clock (main time or a
  // byo-yomi period) falls under ten seconds.
  tick(side, reading, running) {
    if (!reading || side !== this.game.mySide() || this.game.role !== "player") return;
    const low = !!(running && reading.low && !reading.flagged);
    if (low && !this.low[side]) this.play("low-time");
    this.low[side] = low;
  }
}
