// The optional confirm-move step (for touch screens, where a finger easily hits the wrong pit
// or point): with [data-confirm-switch] on, a tap on the board only chooses the move; it is sent
// when "Play it" is pressed. The choice is remembered by this browser (localStorage); without
// one, it is on where the pointer is coarse (a touch screen). Clicks on the board are also held
// back while an earlier position is looked at.
//
// The step sits in front of the controls: it catches the board's clicks first and, once the
// move is confirmed, clicks the chosen pit or point again for the controls to send.

import { fill } from "./text.js";

const KEY = "arbiter-confirm-moves";

export class MoveConfirm {
  constructor(game) {
    this.game = game;
    this.chosen = null;
    this.passing = false;
    let stored = null;
    try { stored = window.localStorage.getItem(KEY); } catch (err) { /* storage off */ }
    const coarse = !!(window.matchMedia && window.matchMedia("(pointer: coarse)").matches);
    this.on = stored === null ? coarse : stored === "on";
  }

  spotOf(target) {
    if (!(target instanceof Element)) return null;
    const spot = target.closest("[data-pit],[data-point]");
    const board = this.game.$("[data-board]");
    return spot && board && board.contains(spot) ? spot : null;
  }

  // A click that would make a move (not a dead-stone mark, not a handicap stone).
  isMove(spot) {
    const game = this.game;
    const s = game.state;
    if (!s || game.role !== "player" || !game.myTurn()) return false;
    if (game.kind === "toguz") return !!spot.dataset.pit && spot.dataset.side === game.mySide();
    return !!spot.dataset.point && !(s.board && s.board.placing);
  }

  capture(e) {
    if (this.passing) return;
    const spot = this.spotOf(e.target);
    if (!spot) return;
    if (this.game.moveList.reviewing) { e.stopPropagation(); return; }
    if (!this.on || !this.isMove(spot)) return;
    e.stopPropagation();
    this.choose(spot);
  }

  choose(spot) {
    const W = this.game.W;
    this.chosen = spot.dataset.pit ? { pit: spot.dataset.pit } : { point: spot.dataset.point };
    this.mark();
    const bar = this.game.$("[data-confirm]");
    if (!bar) return;
    this.game.$("[data-confirm-text]").textContent = fill(W.confirm_move, { move: spot.dataset.pit || spot.dataset.point });
    bar.hidden = false;
  }

  // The chosen pit or point outlined on the board (the board is redrawn at times: marked again).
  mark() {
    for (const g of this.game.$$("[data-board] .chosen")) g.classList.remove("chosen");
    const spot = this.find();
    if (spot) spot.classList.add("chosen");
  }

  find() {
    const c = this.chosen;
    if (!c) return null;
    const side = this.game.mySide();
    const selector = c.pit ? '[data-pit="' + c.pit + '"][data-side="' + side + '"]' : '[data-point="' + c.point + '"]';
    return this.game.$("[data-board] " + selector);
  }

  cancel() {
    this.chosen = null;
    this.mark();
    const bar = this.game.$("[data-confirm]");
    if (bar) bar.hidden = true;
  }

  play() {
    const spot = this.find();
    this.cancel();
    if (!spot) return;
    this.passing = true;
    try { spot.dispatchEvent(new MouseEvent("click", { bubbles: true })); } finally { this.passing = false; }
  }

  // The move chosen is dropped when it is no longer one's turn (or the position changed).
  render() {
    if (this.chosen && !this.game.myTurn()) this.cancel();
    else this.mark();
  }

  listen() {
    const game = this.game;
    const box = game.$("[data-confirm-switch]");
    if (box) {
      box.checked = this.on;
      box.addEventListener("change", () => {
        this.on = box.checked;
        if (!this.on) this.cancel();
        try { window.localStorage.setItem(KEY, this.on ? "on" : "off"); } catch (err) { /* this page only */ }
      });
    }
    game.root.addEventListener("click", (e) => this.capture(e), true);
    game.root.addEventListener("click", (e) => {
      const target = e.target;
      if (!(target instanceof Element)) return;
      if (target.closest("[data-confirm-play]")) this.play();
      else if (target.closest("[data-confirm-cancel]")) this.cancel();
    });
  }
}
