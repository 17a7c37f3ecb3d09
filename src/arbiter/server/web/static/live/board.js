// The board, the clocks and the moves of the live game. The board is the server's board
// component (SVG fetched for each new position); the clocks tick locally from the server's values.

import { clockReading } from "./clock.js";
import { FETCH } from "./text.js";

export class Board {
  constructor(game) {
    this.game = game;
    this.wanted = -1;
    this.shown = -1;
    this.key = "";
  }

  refresh() {
    const game = this.game;
    const state = game.state;
    // The drawing depends on the position (and its marks) and on the last move only.
    const key = state.ply + "|" + JSON.stringify(state.board);
    if (key === this.key) return;
    this.key = key;
    const seq = state.seq;
    this.wanted = seq;
    const root = game.root;
    fetch(root.dataset.boardUrl + "?flip=" + root.dataset.flip + "&seq=" + seq, { headers: FETCH, credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then((svg) => {
        if (svg === null || seq < this.shown) return;
        this.shown = seq;
        const figure = game.$("[data-board]");
        figure.innerHTML = svg;
        figure.dataset.seq = String(seq);
        figure.classList.toggle("clickable", !!(game.myTurn() || (game.state.status === "marking" && game.role === "player")));
      })
      .catch(() => { this.key = ""; });
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
    }
    // the reconnection windows count down too
    if (state.seats && Object.values(state.seats).some(function (i) { return i.window_ends; })) game.renderPlayers();
  }

  moves() {
    const state = this.game.state;
    const list = this.game.$("[data-moves]");
    const moves = state.moves || [];
    const offers = new Set(state.offered_at || []);
    const key = state.ply + "/" + offers.size;
    if (list.children.length === moves.length && list.dataset.last === key) return;
    list.replaceChildren();
    moves.forEach(function (text, i) {
      const li = document.createElement("li");
      li.textContent = text + (offers.has(i + 1) ? "=" : "");
      li.className = "move";
      list.appendChild(li);
    });
    list.dataset.last = key;
    list.scrollTop = list.scrollHeight;
  }
}
