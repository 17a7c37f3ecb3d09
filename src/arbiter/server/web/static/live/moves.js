// The live game's move list and looking back: the list scrolls (the last move, or the move
// looked at, kept in view); a move clicked, the step buttons or the arrow keys show an earlier
// position on the board while the game goes on; "Back to the game" (or End, or Escape) shows
// the live position again. Moves cannot be made while looking back.

import { fill } from "./text.js";

export class MoveList {
  constructor(game) {
    this.game = game;
    this.at = null; // the ply looked at; null: the live position
    this.drawn = "";
  }

  get reviewing() {
    return this.at !== null;
  }

  plies() {
    const s = this.game.state;
    return s ? (s.moves || []).length : 0;
  }

  // The ply the board shows (the live one when not looking back).
  shownPly() {
    return this.at === null ? this.plies() : this.at;
  }

  // Look at the position after `ply` moves; the last one is the live position.
  show(ply) {
    const last = this.plies();
    const at = Math.max(0, Math.min(ply, last));
    this.at = at >= last ? null : at;
    this.render();
    this.game.controls.render();
    this.game.board.refresh();
  }

  live() {
    if (this.at !== null) this.show(this.plies());
  }

  step(delta) {
    this.show(this.shownPly() + delta);
  }

  text(move) {
    const W = this.game.W;
    return move === "pass" ? W.pass || move : move;
  }

  render() {
    const game = this.game;
    const state = game.state;
    const list = game.$("[data-moves]");
    if (!state || !list) return;
    const moves = state.moves || [];
    // A move taken back may remove the one looked at: the live position then.
    if (this.at !== null && this.at >= moves.length) this.at = null;
    const offers = new Set(state.offered_at || []);
    const key = moves.length + "/" + offers.size + "/" + (moves.length ? moves[moves.length - 1] : "");
    if (this.drawn !== key) {
      list.replaceChildren();
      moves.forEach((text, i) => {
        const li = document.createElement("li");
        const b = document.createElement("button");
        b.type = "button";
        b.className = "move";
        b.dataset.ply = String(i + 1);
        b.textContent = this.text(text) + (offers.has(i + 1) ? "=" : "");
        li.appendChild(b);
        list.appendChild(li);
      });
      this.drawn = key;
    }
    const shown = this.shownPly();
    for (const b of list.querySelectorAll("button[data-ply]")) {
      const current = Number(b.dataset.ply) === shown;
      if (current) b.setAttribute("aria-current", "step");
      else b.removeAttribute("aria-current");
    }
    this.keepInView(list, shown);
    this.renderSteps(moves.length, shown);
  }

  // Scroll the list itself (not the page) so that the move shown is visible.
  keepInView(list, ply) {
    const item = ply > 0 ? list.children[ply - 1] : list.firstElementChild;
    if (!item) return;
    const top = item.offsetTop - list.offsetTop;
    const bottom = top + item.offsetHeight;
    if (this.at === null) list.scrollTop = list.scrollHeight;
    else if (top < list.scrollTop) list.scrollTop = top;
    else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight;
  }

  renderSteps(plies, shown) {
    const game = this.game;
    const W = game.W;
    const position = game.$("[data-review-position]");
    if (position) position.textContent = shown + " / " + plies;
    for (const b of game.$$("[data-review-step]")) {
      const back = b.dataset.reviewStep === "first" || b.dataset.reviewStep === "prev";
      b.disabled = back ? shown === 0 : this.at === null;
    }
    const banner = game.$("[data-review]");
    if (banner) {
      banner.hidden = this.at === null;
      const text = game.$("[data-review-text]");
      if (text && this.at !== null) text.textContent = fill(W.reviewing, { ply: this.at, plies: plies });
    }
    game.root.classList.toggle("reviewing", this.at !== null);
  }

  click(target) {
    const ply = target.closest("[data-moves] button[data-ply]");
    if (ply) { this.show(Number(ply.dataset.ply)); return true; }
    const step = target.closest("[data-review-step]");
    if (step) {
      const how = step.dataset.reviewStep;
      if (how === "first") this.show(0);
      else if (how === "prev") this.step(-1);
      else if (how === "next") this.step(1);
      else this.live();
      return true;
    }
    if (target.closest("[data-review-live]")) { this.live(); return true; }
    return false;
  }

  // The left and right arrows step, Home goes to the start, End and Escape back to the game
  // (not while typing in a field; the up and down arrows still scroll the page).
  key(e) {
    const where = e.target;
    if (e.altKey || e.ctrlKey || e.metaKey || !this.game.state) return;
    if (where instanceof Element && where.closest("input, select, textarea, [contenteditable]")) return;
    if (e.key === "ArrowLeft") this.step(-1);
    else if (e.key === "ArrowRight") this.step(1);
    else if (e.key === "Home") this.show(0);
    else if (e.key === "End" || (e.key === "Escape" && this.at !== null)) this.live();
    else return;
    e.preventDefault();
  }

  listen() {
    document.addEventListener("keydown", (e) => this.key(e));
  }
}
