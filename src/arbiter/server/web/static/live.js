// Live play in the browser: a small client of the WebSocket protocol (docs/play-protocol.md)
// for the game page, and the live lists of the game room and the referee console. No build step.
//
// The game page: connect, say hello (the seat token the page holds, else the session cookie),
// apply every event in sequence order, resume from the last seq after a drop, tick the clocks
// locally from the server's values (corrected by the offset measured with ping), redraw the board
// from the server's board component, and send moves (a click on a pit or a point) and actions.
"use strict";

(function () {
  const FETCH = { "X-Requested-With": "fetch" };

  function words() {
    const node = document.getElementById("live-words");
    return node ? JSON.parse(node.textContent) : {};
  }

  function fill(text, values) {
    return String(text).replace(/%\((\w+)\)s/g, function (_, key) {
      return values && key in values ? String(values[key]) : "";
    });
  }

  function clockText(seconds) {
    const s = Math.max(0, seconds);
    if (s < 10) return s.toFixed(1);
    const whole = Math.floor(s);
    const h = Math.floor(whole / 3600);
    const m = Math.floor((whole % 3600) / 60);
    const sec = String(whole % 60).padStart(2, "0");
    return h > 0 ? h + ":" + String(m).padStart(2, "0") + ":" + sec : m + ":" + sec;
  }

  function timeOfDay(unix) {
    return new Date(unix * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  }

  // The clock of one side as of now (server time): main time, then byo-yomi.
  function clockReading(state, side, serverNow) {
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
    const left = c.period_left - (elapsed - Math.max(0, c.main));
    const extra = c.moves_left ? "/" + c.moves_left : "×" + c.periods;
    return { text: clockText(left), low: left < 10, extra: extra };
  }

  // ----- the game page

  function LiveGame(root) {
    const W = words();
    const kind = root.dataset.kind;
    const pair = root.dataset.pair === "1";
    const casual = root.dataset.casual === "1";
    let role = root.dataset.role;
    let seat = root.dataset.seat || null;
    let ws = null;
    let lastSeq = -1;
    let state = null;
    let settings = null;
    let offset = 0;
    let retry = 0;
    let gone = false;
    let nextId = 1;
    const pending = new Map();
    let turnSince = null;
    let boardWanted = -1;
    let boardShown = -1;
    let boardKey = "";
    let chatSeen = new Set();

    const $ = function (sel) { return root.querySelector(sel); };
    const $$ = function (sel) { return Array.from(root.querySelectorAll(sel)); };
    const now = function () { return Date.now() / 1000; };
    const serverNow = function () { return now() + offset; };
    const mySide = function () { return seat ? seat.split(".")[0] : null; };

    function seatOf(actor) {
      if (!actor || actor.kind !== "player") return null;
      return actor.side + (actor.role ? "." + actor.role : "");
    }
    function seatName(s) {
      const [side, r] = s.split(".");
      return W.sides[side] + (r ? " (" + W.roles[r] + ")" : "");
    }
    function myTurn() {
      return role === "player" && state && state.status === "playing" && seatOf(state.turn) === seat;
    }

    function showError(message) {
      const box = $("[data-error]");
      box.textContent = message || "";
      box.hidden = !message;
    }
    function note(message) {
      const box = $("[data-note]");
      box.textContent = message || "";
      box.hidden = !message;
    }

    // --- the socket

    function send(message) {
      if (!ws || ws.readyState !== WebSocket.OPEN) {
        showError(W.offline);
        return Promise.reject(new Error("offline"));
      }
      const id = nextId++;
      message.id = id;
      ws.send(JSON.stringify(message));
      return new Promise(function (resolve, reject) { pending.set(id, { resolve: resolve, reject: reject }); });
    }

    function act(action, extra) {
      showError("");
      const message = Object.assign({ type: "act", action: action }, extra || {});
      return send(message).catch(function () { /* shown by the error handler */ });
    }

    function connect() {
      const proto = location.protocol === "https:" ? "wss:" : "ws:";
      ws = new WebSocket(proto + "//" + location.host + root.dataset.ws);
      ws.addEventListener("open", function () {
        const hello = { type: "hello", v: 1 };
        if (root.dataset.token) hello.token = root.dataset.token;
        if (lastSeq >= 0) hello.last_seq = lastSeq;
        ws.send(JSON.stringify(hello));
      });
      ws.addEventListener("message", function (e) {
        let message;
        try { message = JSON.parse(e.data); } catch (err) { return; }
        receive(message);
      });
      ws.addEventListener("close", function (e) {
        ws = null;
        for (const p of pending.values()) p.reject(new Error("closed"));
        pending.clear();
        if (e.code === 4404 || e.code === 4401) {
          gone = true;
          $("[data-connection]").textContent = W.gone;
          return;
        }
        $("[data-connection]").textContent = W.offline;
        root.classList.add("offline");
        const delay = Math.min(8000, 400 * Math.pow(2, retry));
        retry += 1;
        window.setTimeout(connect, delay);
      });
    }

    function ping() {
      if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "ping", t: now() }));
    }

    function receive(m) {
      switch (m.type) {
        case "welcome":
          retry = 0;
          root.classList.remove("offline");
          $("[data-connection]").textContent = W.online;
          offset = m.server_time - now();
          role = m.you.role;
          seat = m.you.seat;
          ping();
          break;
        case "pong":
          if (typeof m.t === "number") offset = m.server_time + (now() - m.t) / 2 - now();
          break;
        case "state":
          lastSeq = m.seq;
          if (m.game.settings) settings = m.game.settings;
          chatSeen = new Set();
          $("[data-chat]") && $("[data-chat]").replaceChildren();
          for (const c of m.chat || []) addChat(c);
          apply(m.game);
          break;
        case "event":
          if (m.seq <= lastSeq) return;
          if (lastSeq >= 0 && m.seq > lastSeq + 1) {
            ws.send(JSON.stringify({ type: "resync", last_seq: lastSeq }));
            return;
          }
          lastSeq = m.seq;
          if (m.kind === "chat") {
            if (!m.chat.private) addChat(Object.assign({ seq: m.seq, at: m.at }, m.chat));
          }
          if (m.state) apply(m.state, m);
          break;
        case "ack": {
          const p = pending.get(m.id);
          if (p) { pending.delete(m.id); p.resolve(m); }
          break;
        }
        case "error": {
          const text = (W.reasons && W.reasons[m.reason]) ? W.reasons[m.reason] + " " + m.message : m.message;
          showError(text);
          const p = pending.get(m.id);
          if (p) { pending.delete(m.id); p.reject(m); }
          break;
        }
        case "turn":
          note(m.seat ? fill(W.turn_is, { seat: seatName(m.seat) }) : "");
          break;
      }
    }

    // --- drawing

    function apply(s, event) {
      const before = state;
      state = s;
      state.received = now();
      if (myTurn() && !(before && before.status === "playing" && seatOf(before.turn) === seat)) {
        turnSince = now();
      }
      if (event && event.kind === "action" && event.entry) {
        const a = event.entry.action;
        if (a.type === "move" && a.draw_offer && mySide() && event.entry.actor.side !== mySide()) note(W.draw_offered);
        if (a.type === "refuse-resignation" && before && before.resignation_proposal && before.resignation_proposal.by === seat) {
          note(W.partner_refused);
        }
      }
      render();
    }

    function refreshBoard() {
      // The drawing depends on the position (and its marks) and on the last move only.
      const key = state.ply + "|" + JSON.stringify(state.board);
      if (key === boardKey) return;
      boardKey = key;
      const seq = state.seq;
      boardWanted = seq;
      fetch(root.dataset.boardUrl + "?flip=" + root.dataset.flip + "&seq=" + seq, { headers: FETCH, credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.text() : null; })
        .then(function (svg) {
          if (svg === null || seq < boardShown) return;
          boardShown = seq;
          const figure = $("[data-board]");
          figure.innerHTML = svg;
          figure.dataset.seq = String(seq);
          figure.classList.toggle("clickable", !!(myTurn() || (state.status === "marking" && role === "player")));
        })
        .catch(function () { boardKey = ""; });
    }

    function statusText() {
      const s = state;
      switch (s.status) {
        case "ready":
          return s.start_at ? fill(W.starts_at, { time: timeOfDay(s.start_at) }) : W.waiting_players;
        case "playing": {
          if (myTurn()) return W.your_move;
          const who = seatOf(s.turn);
          return fill(W.to_move, { side: who ? seatName(who) : W.sides[s.to_move] });
        }
        case "marking": return W.marking;
        case "paused": return W.paused;
        case "adjourned": return W.adjourned;
        case "awaiting-decision": return W.awaiting;
        case "over": {
          const r = s.result || {};
          return fill(W.over, { result: r.text || "", how: W.terminations[r.termination] || r.termination || "" });
        }
      }
      return W.statuses[s.status] || s.status;
    }

    function renderPlayers() {
      for (const side of ["black", "white"]) {
        const names = (state.players[side] || []).map(function (p) {
          if (!p.name) return p.role ? W.sides[side] + " (" + W.roles[p.role] + ")" : "";
          return p.name + (p.role ? " (" + W.roles[p.role] + ")" : "");
        });
        const box = $('[data-names="' + side + '"]');
        if (box) box.textContent = names.filter(Boolean).join(" & ") || W.sides[side];
        const presence = $('[data-presence="' + side + '"]');
        if (!presence) continue;
        const parts = [];
        for (const [s, info] of Object.entries(state.seats)) {
          if (s.split(".")[0] !== side) continue;
          let text = info.computer ? W.computer : info.connected ? W.connected : W.away;
          if (!info.computer && info.disconnects) text += ", " + fill(W.dropped, { n: info.disconnects });
          if (info.window_ends) text += ", " + fill(W.back_within, { time: clockText(info.window_ends - serverNow()) });
          if (info.held) text += ", " + W.held;
          parts.push((pair ? W.roles[s.split(".")[1]] + ": " : "") + text);
        }
        presence.textContent = parts.join("; ");
        presence.classList.toggle("away", Object.entries(state.seats).some(function (e) {
          return e[0].split(".")[0] === side && !e[1].connected && !e[1].computer;
        }));
      }
    }

    function renderClocks() {
      if (!state) return;
      const t = serverNow();
      for (const side of ["black", "white"]) {
        const out = $('[data-clock="' + side + '"]');
        if (!out) continue;
        const reading = clockReading(state, side, t);
        if (!reading) { out.textContent = "–"; continue; }
        out.textContent = reading.text + (reading.extra ? " " + reading.extra : "");
        out.classList.toggle("low", !!reading.low);
        out.classList.toggle("running", state.running === side && state.status === "playing");
        out.classList.toggle("flagged", !!reading.flagged);
      }
      // the reconnection windows count down too
      if (state.seats && Object.values(state.seats).some(function (i) { return i.window_ends; })) renderPlayers();
    }

    function renderMoves() {
      const list = $("[data-moves]");
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

    function show(selector, visible) {
      for (const el of $$(selector)) el.hidden = !visible;
    }

    function renderActions() {
      const s = state;
      const side = mySide();
      const player = role === "player";
      const live = s.status !== "over";
      const playing = s.status === "playing";
      show('[data-when="toguz-offer"]', player && playing && kind === "toguz");
      show('[data-when="draw-answer"]', player && playing && s.draw_offer && s.draw_offer !== side);
      show('[data-when="go-play"]', player && playing && kind === "go");
      show('[data-when="go-marking"]', player && s.status === "marking");
      const claims = $("[data-claims]");
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
      if (pair) {
        const mineTurn = myTurn();
        const partnerAsked = proposal && proposal.by && proposal.by !== seat && proposal.by.split(".")[0] === side;
        show('[data-when="propose"]', player && mineTurn && !(proposal && proposal.by === seat));
        show('[data-when="partner-answer"]', player && partnerAsked && !proposal.consented);
        show('[data-when="resign"]', player && mineTurn && proposal && proposal.by === seat && proposal.consented);
        if (player && partnerAsked && !proposal.consented) note(W.partner_asks);
        else if (player && proposal && proposal.by === seat && proposal.consented) note(W.partner_agreed);
      } else {
        show('[data-when="resign"]', player && live && s.status !== "ready");
      }
      const box = $("[data-board]");
      if (box) box.classList.toggle("clickable", !!(myTurn() || (s.status === "marking" && player)));
      renderPostponement();
      renderReferee();
    }

    function renderPostponement() {
      const box = $("[data-postpone]");
      if (!box) return;
      const s = state;
      const open = s.status === "ready" && s.start_at !== null && !s.casual;
      box.hidden = !open;
      if (!open) return;
      const p = s.postponement;
      const pendingRequest = p && p.status === "requested";
      let text = "";
      if (p) {
        text = fill(W.postponement, { status: W[p.status] || p.status });
        if (pendingRequest && p.consent === true) text += " · " + W.consented;
        if (p.by === seat) text += " · " + W.by_you;
        if (p.reason) text += " — " + p.reason;
      }
      $("[data-postpone-status]").textContent = text;
      const side = mySide();
      const asker = pendingRequest ? p.by.split(".")[0] : null;
      show('[data-postpone-form="request"]', role === "player" && !pendingRequest);
      show("[data-postpone-answer]", role === "player" && pendingRequest && asker !== side && p.consent === null);
      show("[data-postpone-withdraw]", role === "player" && pendingRequest && p.by === seat);
      show('[data-postpone-form="grant"]', role === "referee" && pendingRequest);
    }

    function renderReferee() {
      const box = $("[data-referee]");
      if (!box) return;
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
        b.textContent = fill(info.held ? W.release : W.hold, { seat: seatName(s2) });
        holds.appendChild(b);
      }
    }

    function render() {
      if (!state) return;
      $("[data-status]").textContent = statusText();
      if (state.status === "over") root.classList.add("over");
      renderPlayers();
      renderClocks();
      renderMoves();
      renderActions();
      refreshBoard();
      const invite = $("[data-invite]");
      if (invite && state.status !== "ready") invite.hidden = true;
    }

    // --- chat

    function addChat(c) {
      const list = $("[data-chat]");
      if (!list || chatSeen.has(c.seq)) return;
      chatSeen.add(c.seq);
      const li = document.createElement("li");
      const who = c.from === "referee" ? W.referee : c.from === seat ? W.you : (c.name || seatName(c.from));
      const to = c.to === "players" ? "" : c.to === "referee" ? " → " + W.referee : " → " + (c.to === seat ? W.you : seatName(c.to));
      const b = document.createElement("b");
      b.textContent = who + to + ": ";
      li.appendChild(b);
      li.appendChild(document.createTextNode(c.text !== undefined ? c.text : (W.phrases[c.phrase] || c.phrase)));
      list.appendChild(li);
      list.scrollTop = list.scrollHeight;
    }

    // --- what the player does

    root.addEventListener("click", function (e) {
      const target = e.target;
      if (!(target instanceof Element) || !state) return;
      const spot = target.closest("[data-pit],[data-point]");
      if (spot && root.querySelector("[data-board]").contains(spot) && role === "player") {
        // A move out of turn is sent all the same: the server says why it refuses it.
        if (kind === "toguz" && spot.dataset.pit) {
          if (state.status !== "playing" || spot.dataset.side !== mySide()) return;
          const offer = $("[data-draw-offer]");
          const action = { type: "move", move: Number(spot.dataset.pit) };
          if (offer && offer.checked) action.draw_offer = true;
          act(action, { think: myTurn() && turnSince ? Math.max(0, now() - turnSince) : undefined }).then(function (ack) {
            if (ack && offer && offer.checked) { offer.checked = false; note(W.draw_sent); }
          });
        } else if (kind === "go" && spot.dataset.point) {
          if (state.status === "marking") act({ type: "mark-dead", point: spot.dataset.point });
          else if (state.status === "playing") act({ type: "move", move: spot.dataset.point }, { think: myTurn() && turnSince ? Math.max(0, now() - turnSince) : undefined });
        }
        return;
      }
      const button = target.closest("button");
      if (!button || !root.contains(button)) return;
      if (button.dataset.act) {
        if (button.dataset.act === "resign" && !window.confirm(W.confirm_resign)) return;
        act({ type: button.dataset.act });
      } else if (button.dataset.move) {
        act({ type: "move", move: button.dataset.move }, { think: turnSince ? Math.max(0, now() - turnSince) : undefined });
      } else if (button.dataset.claim) {
        act({ type: "claim", ground: button.dataset.claim });
      } else if (button.hasAttribute("data-whose")) {
        send({ type: "whose-turn" }).catch(function () {});
      } else if (button.dataset.ref) {
        const action = { type: button.dataset.ref };
        act(action);
      } else if (button.dataset.hold) {
        const message = { type: "hold", seat: button.dataset.hold };
        if (button.dataset.release) message.release = true;
        send(message).catch(function () {});
      } else if (button.dataset.postponeOp) {
        send({ type: "postpone", op: button.dataset.postponeOp }).catch(function () {});
      }
    });

    root.addEventListener("submit", function (e) {
      const form = e.target;
      if (!(form instanceof HTMLFormElement)) return;
      e.preventDefault();
      const data = new FormData(form);
      if (form.dataset.refForm) {
        const action = { type: form.dataset.refForm };
        for (const [k, v] of data.entries()) {
          if (v === "" && k !== "winner") continue;
          if (k === "seconds" || k === "points") action[k] = Number(v);
          else if (k === "winner") action[k] = v || null;
          else action[k] = v;
        }
        act(action);
      } else if (form.hasAttribute("data-chat-form")) {
        const message = { type: "chat", to: data.get("to") };
        const text = String(data.get("text") || "").trim();
        if (text) message.text = text;
        else if (data.get("phrase")) message.phrase = data.get("phrase");
        else return;
        send(message).then(function () { form.reset(); }).catch(function () {});
      } else if (form.dataset.postponeForm === "request") {
        send({ type: "postpone", op: "request", reason: String(data.get("reason") || "") }).catch(function () {});
      } else if (form.dataset.postponeForm === "grant") {
        const when = new Date(String(data.get("start_at"))).getTime() / 1000;
        send({ type: "postpone", op: "grant", start_at: when }).catch(function () {});
      }
    });

    const share = $("[data-share]");
    if (share) share.value = location.origin + share.value;

    connect();
    window.setInterval(renderClocks, 100);
    window.setInterval(ping, 15000);
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible" && !gone && ws && ws.readyState === WebSocket.OPEN) {
        ws.send(JSON.stringify({ type: "resync", last_seq: lastSeq }));
      }
    });
    return { get state() { return state; }, get seq() { return lastSeq; } };
  }

  // ----- the game room and the referee console: the round's games, polled

  function RoundList(root) {
    const W = words();
    const url = root.dataset.url;
    let data = null;
    let offset = 0;

    function cell(row, name) { return row.querySelector('[data-cell="' + name + '"]'); }

    function render() {
      if (!data) return;
      const serverNow = Date.now() / 1000 + offset;
      for (const game of data.games) {
        const row = root.querySelector('[data-row="' + game.table + "-" + (game.board || 0) + '"]');
        if (!row) continue;
        const s = game.state;
        const result = cell(row, "result");
        if (result) result.textContent = game.result || (s && s.result ? s.result.text : "") || "";
        if (!s) continue;
        const status = cell(row, "status");
        if (status) status.textContent = W.statuses[s.status] || s.status;
        const clocks = cell(row, "clocks");
        if (clocks && s.clocks) {
          const order = data.game === "go" ? ["black", "white"] : ["white", "black"];
          clocks.textContent = order.map(function (side) {
            const r = clockReading(s, side, serverNow);
            return (s.running === side && s.status === "playing" ? "▸" : "") + (r ? r.text : "–");
          }).join(" · ");
        }
        const presence = cell(row, "presence");
        if (presence) {
          presence.textContent = Object.entries(s.seats).map(function (e) {
            const [seat, info] = e;
            const mark = info.computer ? "⚙" : info.connected ? "●" : "○";
            return mark + (info.disconnects ? "×" + info.disconnects : "");
          }).join(" ");
        }
        const alerts = cell(row, "alerts");
        if (alerts) {
          alerts.textContent = (s.alerts || []).map(function (a) { return W.alerts[a.kind] || a.kind; }).join("; ");
          row.classList.toggle("alert", (s.alerts || []).length > 0);
        }
      }
      const present = root.querySelectorAll("[data-present]");
      for (const el of present) {
        const info = data.present[el.dataset.present];
        el.textContent = info ? timeOfDay(info.at) + (info.late ? " (" + W.late + ")" : "") : "—";
        el.classList.toggle("late", !!(info && info.late));
      }
    }

    async function poll() {
      if (document.visibilityState !== "visible") return;
      try {
        const response = await fetch(url, { headers: FETCH, credentials: "same-origin" });
        if (!response.ok) return;
        data = await response.json();
        offset = data.now - Date.now() / 1000;
        render();
      } catch (err) {
        // the next poll will do
      }
    }

    poll();
    window.setInterval(poll, Number(root.dataset.seconds || "3") * 1000);
    window.setInterval(render, 500);
  }

  // ----- the record viewer's analysis: poll until every move is reviewed

  function Analysis(root) {
    async function poll() {
      try {
        const response = await fetch(root.dataset.analysis, { headers: FETCH, credentials: "same-origin" });
        if (!response.ok) return;
        const data = await response.json();
        const bar = root.querySelector("progress");
        if (bar) { bar.max = data.total; bar.value = data.done; }
        const waiting = root.querySelector("[data-waiting]");
        if (waiting) {
          waiting.hidden = !data.waiting;
          waiting.querySelector("[data-waiting-count]").textContent = String(data.waiting || 0);
        }
        if (data.finished) {
          const form = root.dataset.resubmit ? document.getElementById(root.dataset.resubmit) : null;
          if (form) form.submit();
          else window.location.reload();
          return;
        }
      } catch (err) {
        // try again
      }
      window.setTimeout(poll, 1000);
    }
    poll();
  }

  // Instants printed in UTC by the server, shown in the reader's time; the reader's offset for
  // the forms that take a time of their day.
  for (const node of document.querySelectorAll("time[data-unix]")) {
    const at = new Date(Number(node.dataset.unix) * 1000);
    node.dateTime = at.toISOString();
    node.textContent = at.toLocaleString([], { dateStyle: "medium", timeStyle: "short" });
  }
  for (const field of document.querySelectorAll("input[data-tz]")) {
    field.value = String(new Date().getTimezoneOffset());
  }

  const game = document.querySelector("[data-live]");
  if (game) window.arbiterLive = LiveGame(game);
  for (const list of document.querySelectorAll("[data-round-list]")) RoundList(list);
  for (const box of document.querySelectorAll("[data-analysis]")) Analysis(box);
})();
