// The board and the clocks of the live game. The board is the server's board component (SVG
// fetched for each new position, or for the earlier position looked at: moves.js); the clocks
// tick locally from the server's values.

import { clockReading } from "./clock.js";
import { FETCH } from "./text.js";

export class Board {
  constructor(game) {
    this.game = game;
    this.wanted = 0;
    this.shown = 0;
    this.key = "";
  }

  refresh() {
    const game = this.game;
    const state = game.state;
    // The drawing depends on the position (and its marks) and on the last move only; an
    // earlier position is drawn once it is asked for (the latest request wins).
    const review = game.moveList.reviewing ? game.moveList.shownPly() : null;
    const key = review !== null ? "review|" + review : state.ply + "|" + JSON.stringify(state.board);
    if (key === this.key) return;
    this.key = key;
    const ticket = ++this.wanted;
    const seq = state.seq;
    const root = game.root;
    const url = root.dataset.boardUrl + "?flip=" + root.dataset.flip + "&seq=" + seq + (review !== null ? "&ply=" + review : "");
    fetch(url, { headers: FETCH, credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then((svg) => {
        if (svg === null || ticket < this.shown) return;
        this.shown = ticket;
        const figure = game.$("[data-board]");
        figure.innerHTML = svg;
        figure.dataset.seq = String(seq);
        figure.dataset.ply = String(review !== null ? review : game.state.ply);
        figure.classList.toggle("clickable", this.clickable());
        game.confirm.mark();
      })
      .catch(() => { this.key = ""; });
  }

  // The board takes clicks when a move or a mark may be made (not while looking back).
  clickable() {
    const game = this.game;
    if (game.moveList.reviewing) return false;
    return !!(game.myTurn() || (game.state.status === "marking" && game.role === "player"));
  }

  clocks() {
    const game = this.game;
    const state = game.state;
    if (!state) return;
    const t = game.serverNow();
    for (const side of ["black", "white"]) {
      const out = game.$('[data-clock="' + side + '"]');
      if (!out) continue;
      const reading = clockReading(state, side, t);
      if (!reading) { out.textContent = "–"; continue; }
      out.textContent = reading.text + (reading.extra ? " " + reading.extra : "");
      out.classList.toggle("low", !!reading.low);
      out.classList.toggle("running", state.running === side && state.status === "playing");
      out.classList.toggle("flagged", !!reading.flagged);
      game.sounds.tick(side, reading, state.running === side && state.status === "playing");
    }
    // the reconnection windows count down too
    if (state.seats && Object.values(state.seats).some(function (i) { return i.window_ends; })) game.renderPlayers();
  }
}
