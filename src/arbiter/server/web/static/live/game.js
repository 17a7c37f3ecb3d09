// The live game page: the game's state as the server sends it (applied in sequence order by the
// socket), the players and their connections, what the page says of the game, and the parts
// that show the rest (board and clocks, the move list and looking back, chat, controls, the
// confirm-move step, sounds).
//
// A note or an error says something true now: each goes when it no longer is (a note with its
// condition, an error when the game moves on, its status changes or the connection returns).

import { Board } from "./board.js";
import { Chat } from "./chat.js";
import { clockText } from "./clock.js";
import { MoveConfirm } from "./confirm.js";
import { Controls } from "./controls.js";
import { MoveList } from "./moves.js";
import { Notices } from "./notices.js";
import { Socket } from "./socket.js";
import { Sounds } from "./sounds.js";
import { fill, timeOfDay, words } from "./text.js";

export class LiveGame {
  constructor(root) {
    this.root = root;
    this.W = words();
    this.kind = root.dataset.kind;
    this.pair = root.dataset.pair === "1";
    this.casual = root.dataset.casual === "1";
    this.role = root.dataset.role;
    this.seat = root.dataset.seat || null;
    this.state = null;
    this.settings = null;
    this.turnSince = null;
    this.noteWhile = null;
    this.errorAt = null;
    this.socket = new Socket(root, this.W, {
      welcome: (m) => { this.role = m.you.role; this.seat = m.you.seat; this.showError(""); },
      state: (m) => this.receiveState(m),
      event: (m) => this.receiveEvent(m),
      error: (m) => {
        const W = this.W;
        this.showError((W.reasons && W.reasons[m.reason]) ? W.reasons[m.reason] + " " + m.message : m.message);
      },
      turn: (m) => this.note(m.seat ? fill(this.W.turn_is, { seat: this.seatName(m.seat) }) : "", this.untilMoved()),
      offline: () => this.showError(this.W.offline),
    });
    this.board = new Board(this);
    this.chat = new Chat(this);
    this.controls = new Controls(this);
    this.moveList = new MoveList(this);
    this.confirm = new MoveConfirm(this);
    this.sounds = new Sounds(this);
    this.notices = new Notices(this);
  }

  get seq() {
    return this.socket.lastSeq;
  }

  $(selector) {
    return this.root.querySelector(selector);
  }

  $$(selector) {
    return Array.from(this.root.querySelectorAll(selector));
  }

  now() {
    return this.socket.now();
  }

  serverNow() {
    return this.socket.serverNow();
  }

  mySide() {
    return this.seat ? this.seat.split(".")[0] : null;
  }

  seatOf(actor) {
    if (!actor || actor.kind !== "player") return null;
    return actor.side + (actor.role ? "." + actor.role : "");
  }

  seatName(s) {
    const [side, r] = s.split(".");
    return this.W.sides[side] + (r ? " (" + this.W.roles[r] + ")" : "");
  }

  myTurn() {
    const state = this.state;
    return this.role === "player" && state && state.status === "playing" && this.seatOf(state.turn) === this.seat;
  }

  // Where the game is: an error shown here goes when this changes.
  moment() {
    const s = this.state;
    return s ? s.status + "|" + s.ply : "";
  }

  showError(message) {
    const box = this.$("[data-error]");
    box.textContent = message || "";
    box.hidden = !message;
    this.errorAt = message ? this.moment() : null;
  }

  // `holds(state)`: whether the note is still true (none: until another note replaces it).
  note(message, holds) {
    const box = this.$("[data-note]");
    box.textContent = message || "";
    box.hidden = !message;
    this.noteWhile = message && holds ? holds : null;
  }

  // A note about the last thing that happened: true until the next move or change of status.
  untilMoved() {
    const at = this.moment();
    return () => this.moment() === at;
  }

  // A note true until `plies` more moves are made (or the status changes).
  untilPlies(plies) {
    const s = this.state;
    const limit = s.ply + plies;
    const status = s.status;
    return (now) => now.ply < limit && now.status === status;
  }

  clearStale() {
    if (this.noteWhile && !this.noteWhile(this.state)) this.note("");
    if (this.errorAt !== null && this.errorAt !== this.moment()) this.showError("");
  }

  send(message) {
    return this.socket.send(message);
  }

  act(action, extra) {
    this.showError("");
    const message = Object.assign({ type: "act", action: action }, extra || {});
    return this.send(message).catch(function () { /* shown by the error handler */ });
  }

  receiveState(m) {
    if (m.game.settings) this.settings = m.game.settings;
    this.chat.reset(m.chat);
    this.apply(m.game);
  }

  receiveEvent(m) {
    if (m.kind === "chat") {
      if (!m.chat.private) this.chat.add(Object.assign({ seq: m.seq, at: m.at }, m.chat));
    }
    if (m.state) this.apply(m.state, m);
  }

  apply(s, event) {
    const before = this.state;
    const seat = this.seat;
    this.state = s;
    s.received = this.now();
    if (this.myTurn() && !(before && before.status === "playing" && this.seatOf(before.turn) === seat)) {
      this.turnSince = this.now();
    }
    if (event && event.kind === "action" && event.entry) this.noteAction(event.entry, before);
    this.render();
    this.sounds.changed(before, s);
  }

  // What the page says of an action: a draw offered (to the offerer, until answered; to the
  // opponent, while it stands), declined (by a refusal, or by a move that lets it lapse), the
  // partner's refusal to resign.
  noteAction(entry, before) {
    const W = this.W;
    const a = entry.action;
    const side = this.mySide();
    const mine = this.role === "player" && side && entry.actor.side === side;
    const pending = (s) => s.draw_offer;
    if (a.type === "move" && a.draw_offer && side && this.role === "player") {
      if (mine) this.note(W.draw_sent, (s) => pending(s) === side);
      else this.note(W.draw_offered, (s) => !!pending(s) && pending(s) !== side);
    } else if (side && before && pending(before) === side && !pending(this.state) && !mine && this.state.status !== "over") {
      // Told until the offerer's own next move.
      const declined = a.type === "decline-draw";
      this.note(declined ? W.draw_declined : W.draw_lapsed, this.untilPlies(declined ? 2 : 1));
    }
    if (a.type === "refuse-resignation" && before && before.resignation_proposal && before.resignation_proposal.by === this.seat) {
      this.note(W.partner_refused, this.untilMoved());
    }
  }

  statusText() {
    const W = this.W;
    const s = this.state;
    switch (s.status) {
      case "ready":
        return s.start_at ? fill(W.starts_at, { time: timeOfDay(s.start_at) }) : W.waiting_players;
      case "playing": {
        if (this.myTurn()) return W.your_move;
        const who = this.seatOf(s.turn);
        return fill(W.to_move, { side: who ? this.seatName(who) : W.sides[s.to_move] });
      }
      case "marking": return W.marking;
      case "paused": return W.paused;
      case "adjourned": return W.adjourned;
      case "awaiting-decision": return W.awaiting;
      case "over": {
        const r = s.result || {};
        const how = this.notices.ending() || W.terminations[r.termination] || r.termination || "";
        return fill(W.over, { result: r.text || "", how: how });
      }
    }
    return W.statuses[s.status] || s.status;
  }

  // The players' names and how each seat is connected (away, dropped, a window held).
  renderPlayers() {
    const W = this.W;
    const state = this.state;
    for (const side of ["black", "white"]) {
      const names = (state.players[side] || []).map(function (p) {
        if (!p.name) return p.role ? W.sides[side] + " (" + W.roles[p.role] + ")" : "";
        return p.name + (p.role ? " (" + W.roles[p.role] + ")" : "");
      });
      const box = this.$('[data-names="' + side + '"]');
      if (box) box.textContent = names.filter(Boolean).join(" & ") || W.sides[side];
      const presence = this.$('[data-presence="' + side + '"]');
      if (!presence) continue;
      const parts = [];
      for (const [s, info] of Object.entries(state.seats)) {
        if (s.split(".")[0] !== side) continue;
        let text = info.computer ? W.computer : info.connected ? W.connected : W.away;
        if (!info.computer && info.disconnects) text += ", " + fill(W.dropped, { n: info.disconnects });
        if (info.window_ends) text += ", " + fill(W.back_within, { time: clockText(info.window_ends - this.serverNow()) });
        if (info.held) text += ", " + W.held;
        parts.push((this.pair ? W.roles[s.split(".")[1]] + ": " : "") + text);
      }
      presence.textContent = parts.join("; ");
      presence.classList.toggle("away", Object.entries(state.seats).some(function (e) {
        return e[0].split(".")[0] === side && !e[1].connected && !e[1].computer;
      }));
    }
  }

  render() {
    const state = this.state;
    if (!state) return;
    this.$("[data-status]").textContent = this.statusText();
    if (state.status === "over") this.root.classList.add("over");
    this.renderPlayers();
    this.board.clocks();
    this.moveList.render();
    this.controls.render();
    this.notices.render();
    this.confirm.render();
    this.board.refresh();
    this.clearStale();
    const invite = this.$("[data-invite]");
    if (invite && state.status !== "ready") invite.hidden = true;
  }

  start() {
    this.confirm.listen();
    this.controls.listen();
    this.moveList.listen();
    this.sounds.listen();
    this.root.addEventListener("click", (e) => {
      if (e.target instanceof Element) this.moveList.click(e.target);
    });
    const share = this.$("[data-share]");
    if (share) share.value = location.origin + share.value;
    this.socket.connect();
    window.setInterval(() => this.board.clocks(), 100);
    this.socket.keepUp();
    return this;
  }
}
