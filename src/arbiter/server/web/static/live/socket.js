// The live game's connection (docs/play-protocol.md): say hello (the seat token the page holds,
// else the session cookie), take the events in sequence order and ask for a resync on a gap,
// reconnect with backoff from the last seq after a drop, and measure the offset from the
// server's clock with ping. Requests are answered by an ack or an error with the same id.

export class Socket {
  // `handlers`: welcome(m), state(m), event(m), error(m), turn(m), offline() — the page's side.
  constructor(root, W, handlers) {
    this.root = root;
    this.W = W;
    this.handlers = handlers;
    this.ws = null;
    this.lastSeq = -1;
    this.offset = 0;
    this.retry = 0;
    this.gone = false;
    this.nextId = 1;
    this.pending = new Map();
  }

  now() {
    return Date.now() / 1000;
  }

  serverNow() {
    return this.now() + this.offset;
  }

  isOpen() {
    return !!this.ws && this.ws.readyState === WebSocket.OPEN;
  }

  connection(text) {
    this.root.querySelector("[data-connection]").textContent = text;
  }

  send(message) {
    if (!this.isOpen()) {
      this.handlers.offline();
      return Promise.reject(new Error("offline"));
    }
    const id = this.nextId++;
    message.id = id;
    this.ws.send(JSON.stringify(message));
    const pending = this.pending;
    return new Promise(function (resolve, reject) { pending.set(id, { resolve: resolve, reject: reject }); });
  }

  connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(proto + "//" + location.host + this.root.dataset.ws);
    this.ws = ws;
    ws.addEventListener("open", () => {
      const hello = { type: "hello", v: 1 };
      if (this.root.dataset.token) hello.token = this.root.dataset.token;
      if (this.lastSeq >= 0) hello.last_seq = this.lastSeq;
      ws.send(JSON.stringify(hello));
    });
    ws.addEventListener("message", (e) => {
      let message;
      try { message = JSON.parse(e.data); } catch (err) { return; }
      this.receive(message);
    });
    ws.addEventListener("close", (e) => {
      this.ws = null;
      for (const p of this.pending.values()) p.reject(new Error("closed"));
      this.pending.clear();
      if (e.code === 4404 || e.code === 4401) {
        this.gone = true;
        this.connection(this.W.gone);
        return;
      }
      this.connection(this.W.offline);
      this.root.classList.add("offline");
      const delay = Math.min(8000, 400 * Math.pow(2, this.retry));
      this.retry += 1;
      window.setTimeout(() => this.connect(), delay);
    });
  }

  ping() {
    if (this.isOpen()) this.ws.send(JSON.stringify({ type: "ping", t: this.now() }));
  }

  resync() {
    this.ws.send(JSON.stringify({ type: "resync", last_seq: this.lastSeq }));
  }

  settle(id, answer, ok) {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    if (ok) p.resolve(answer);
    else p.reject(answer);
  }

  receive(m) {
    switch (m.type) {
      case "welcome":
        this.retry = 0;
        this.root.classList.remove("offline");
        this.connection(this.W.online);
        this.offset = m.server_time - this.now();
        this.handlers.welcome(m);
        this.ping();
        break;
      case "pong":
        if (typeof m.t === "number") this.offset = m.server_time + (this.now() - m.t) / 2 - this.now();
        break;
      case "state":
        this.lastSeq = m.seq;
        this.handlers.state(m);
        break;
      case "event":
        if (m.seq <= this.lastSeq) return;
        if (this.lastSeq >= 0 && m.seq > this.lastSeq + 1) {
          this.resync();
          return;
        }
        this.lastSeq = m.seq;
        this.handlers.event(m);
        break;
      case "ack":
        this.settle(m.id, m, true);
        break;
      case "error":
        this.handlers.error(m);
        this.settle(m.id, m, false);
        break;
      case "turn":
        this.handlers.turn(m);
        break;
    }
  }

  // Ping every 15 seconds (the clock offset), and catch up when the page is shown again.
  keepUp() {
    window.setInterval(() => this.ping(), 15000);
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible" && !this.gone && this.isOpen()) this.resync();
    });
  }
}
