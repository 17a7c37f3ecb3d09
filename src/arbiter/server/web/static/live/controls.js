// What players and referees do on the live game page: the buttons and forms each may use now
// (moves, draw offers, claims, resignation, pair go's consent, postponement, the referee's panel),
// and what a click or a form sends. A move out of turn is sent all the same: the server says why
// it refuses it.

import { fill } from "./text.js";

export class Controls {
  constructor(game) {
    this.game = game;
  }

  show(selector, visible) {
    for (const el of this.game.$$(selector)) el.hidden = !visible;
  }

  render() {
    const game = this.game;
    const W = game.W;
    const s = game.state;
    const side = game.mySide();
    const seat = game.seat;
    const player = game.role === "player";
    const live = s.status !== "over";
    const playing = s.status === "playing";
    this.show('[data-when="toguz-offer"]', player && playing && game.kind === "toguz");
    this.show('[data-when="draw-answer"]', player && playing && s.draw_offer && s.draw_offer !== side);
    this.show('[data-when="go-play"]', player && playing && game.kind === "go");
    this.show('[data-when="go-marking"]', player && s.status === "marking");
    const claims = game.$("[data-claims]");
    if (claims) {
      const mine = player && live && s.claims ? s.claims[side] || [] : [];
      claims.replaceChildren();
      for (const ground of mine) {
        const b = document.createElement("button");
        b.type = "button";
        b.textContent = W.claims[ground] || ground;
        b.dataset.claim = ground;
        claims.appendChild(b);
      }
      claims.hidden = mine.length === 0;
    }
    const proposal = s.resignation_proposal;
    if (game.pair) {
      const mineTurn = game.myTurn();
      const partnerAsked = proposal && proposal.by && proposal.by !== seat && proposal.by.split(".")[0] === side;
      this.show('[data-when="propose"]', player && mineTurn && !(proposal && proposal.by === seat));
      this.show('[data-when="partner-answer"]', player && partnerAsked && !proposal.consented);
      this.show('[data-when="resign"]', player && mineTurn && proposal && proposal.by === seat && proposal.consented);
      // Each note lasts while the proposal it tells of stands.
      const standing = (consented) => (st) => !!st.resignation_proposal && st.resignation_proposal.consented === consented;
      if (player && partnerAsked && !proposal.consented) game.note(W.partner_asks, standing(false));
      else if (player && proposal && proposal.by === seat && proposal.consented) game.note(W.partner_agreed, standing(true));
    } else {
      this.show('[data-when="resign"]', player && live && s.status !== "ready");
    }
    const box = game.$("[data-board]");
    if (box) box.classList.toggle("clickable", !!(game.myTurn() || (s.status === "marking" && player)));
    this.renderPostponement();
    this.renderReferee();
  }

  renderPostponement() {
    const game = this.game;
    const W = game.W;
    const box = game.$("[data-postpone]");
    if (!box) return;
    const s = game.state;
    const open = s.status === "ready" && s.start_at !== null && !s.casual;
    box.hidden = !open;
    if (!open) return;
    const p = s.postponement;
    const pendingRequest = p && p.status === "requested";
    let text = "";
    if (p) {
      text = fill(W.postponement, { status: W[p.status] || p.status });
      if (pendingRequest && p.consent === true) text += " · " + W.consented;
      if (p.by === game.seat) text += " · " + W.by_you;
      if (p.reason) text += " — " + p.reason;
    }
    game.$("[data-postpone-status]").textContent = text;
    const side = game.mySide();
    const asker = pendingRequest ? p.by.split(".")[0] : null;
    const player = game.role === "player";
    this.show('[data-postpone-form="request"]', player && !pendingRequest);
    this.show("[data-postpone-answer]", player && pendingRequest && asker !== side && p.consent === null);
    this.show("[data-postpone-withdraw]", player && pendingRequest && p.by === game.seat);
    this.show('[data-postpone-form="grant"]', game.role === "referee" && pendingRequest);
    // The event's deadline for postponed games (seed 002 7.2.2): no later start is offered.
    const start = game.$('[data-postpone-form="grant"] input[name="start_at"]');
    if (start && s.postpone_by) {
      const by = new Date(s.postpone_by * 1000);
      const pad = (n) => String(n).padStart(2, "0");
      start.max = by.getFullYear() + "-" + pad(by.getMonth() + 1) + "-" + pad(by.getDate()) + "T" + pad(by.getHours()) + ":" + pad(by.getMinutes());
    }
  }

  renderReferee() {
    const game = this.game;
    const box = game.$("[data-referee]");
    if (!box) return;
    const state = game.state;
    const s = state.status;
    const enable = {
      start: s === "ready",
      pause: s === "playing" || s === "marking",
      resume: s === "paused" || s === "adjourned",
      adjourn: s === "playing" || s === "paused" || s === "marking",
    };
    for (const b of box.querySelectorAll("[data-ref]")) b.disabled = !enable[b.dataset.ref];
    for (const f of box.querySelectorAll("[data-ref-form]")) {
      for (const b of f.querySelectorAll("button")) b.disabled = s === "over";
    }
    const holds = box.querySelector("[data-holds]");
    holds.replaceChildren();
    for (const [s2, info] of Object.entries(state.seats)) {
      if (info.connected || info.computer || state.status === "over") continue;
      if (!info.held && !info.away_since) continue;
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.hold = s2;
      b.dataset.release = info.held ? "1" : "";
      b.textContent = fill(info.held ? game.W.release : game.W.hold, { seat: game.seatName(s2) });
      holds.appendChild(b);
    }
  }

  // The thinking time of a move, measured from when the turn came (the server may use it).
  think(onlyInTurn) {
    const game = this.game;
    const since = game.turnSince;
    return (!onlyInTurn || game.myTurn()) && since ? Math.max(0, game.now() - since) : undefined;
  }

  click(e) {
    const game = this.game;
    const state = game.state;
    const target = e.target;
    if (!(target instanceof Element) || !state) return;
    const spot = target.closest("[data-pit],[data-point]");
    if (spot && game.root.querySelector("[data-board]").contains(spot) && game.role === "player") {
      if (game.kind === "toguz" && spot.dataset.pit) {
        if (state.status !== "playing" || spot.dataset.side !== game.mySide()) return;
        const offer = game.$("[data-draw-offer]");
        const action = { type: "move", move: Number(spot.dataset.pit) };
        if (offer && offer.checked) action.draw_offer = true;
        game.act(action, { think: this.think(true) }).then(function (ack) {
          if (ack && offer && offer.checked) { offer.checked = false; game.note(game.W.draw_sent, (st) => st.draw_offer === game.mySide()); }
        });
      } else if (game.kind === "go" && spot.dataset.point) {
        if (state.status === "marking") game.act({ type: "mark-dead", point: spot.dataset.point });
        // Free handicap stones (Chinese rules): Black places them before White's first move.
        else if (state.status === "playing" && state.board && state.board.placing) game.act({ type: "place-handicap", point: spot.dataset.point });
        else if (state.status === "playing") game.act({ type: "move", move: spot.dataset.point }, { think: this.think(true) });
      }
      return;
    }
    const button = target.closest("button");
    if (!button || !game.root.contains(button)) return;
    const ignore = function () {};
    if (button.dataset.act) {
      if (button.dataset.act === "resign" && !window.confirm(game.W.confirm_resign)) return;
      game.act({ type: button.dataset.act });
    } else if (button.dataset.move) {
      game.act({ type: "move", move: button.dataset.move }, { think: this.think(false) });
    } else if (button.dataset.claim) {
      game.act({ type: "claim", ground: button.dataset.claim });
    } else if (button.hasAttribute("data-whose")) {
      game.send({ type: "whose-turn" }).catch(ignore);
    } else if (button.dataset.ref) {
      game.act({ type: button.dataset.ref });
    } else if (button.dataset.hold) {
      const message = { type: "hold", seat: button.dataset.hold };
      if (button.dataset.release) message.release = true;
      game.send(message).catch(ignore);
    } else if (button.dataset.postponeOp) {
      game.send({ type: "postpone", op: button.dataset.postponeOp }).catch(ignore);
    }
  }

  submit(e) {
    const game = this.game;
    const form = e.target;
    if (!(form instanceof HTMLFormElement)) return;
    e.preventDefault();
    const data = new FormData(form);
    const ignore = function () {};
    if (form.dataset.refForm) {
      const action = { type: form.dataset.refForm };
      for (const [k, v] of data.entries()) {
        if (v === "" && k !== "winner") continue;
        if (k === "seconds" || k === "points" || k === "used") action[k] = Number(v);
        else if (k === "winner") action[k] = v || null;
        else action[k] = v;
      }
      game.act(action);
    } else if (form.hasAttribute("data-chat-form")) {
      game.chat.send(form, data);
    } else if (form.dataset.postponeForm === "request") {
      game.send({ type: "postpone", op: "request", reason: String(data.get("reason") || "") }).catch(ignore);
    } else if (form.dataset.postponeForm === "grant") {
      const when = new Date(String(data.get("start_at"))).getTime() / 1000;
      game.send({ type: "postpone", op: "grant", start_at: when }).catch(ignore);
    }
  }

  listen() {
    this.game.root.addEventListener("click", (e) => this.click(e));
    this.game.root.addEventListener("submit", (e) => this.submit(e));
  }
}
