// The live game's chat: messages to everyone or to the referee, and the fixed phrases players
// may send their opponent (seed 002 7.3.2). Each message is shown once, in sequence order.

export class Chat {
  constructor(game) {
    this.game = game;
    this.seen = new Set();
  }

  list() {
    return this.game.$("[data-chat]");
  }

  // The chat as the game's state gives it (after a (re)connection).
  reset(messages) {
    this.seen = new Set();
    const list = this.list();
    if (list) list.replaceChildren();
    for (const c of messages || []) this.add(c);
  }

  add(c) {
    const list = this.list();
    if (!list || this.seen.has(c.seq)) return;
    this.seen.add(c.seq);
    const W = this.game.W;
    const seat = this.game.seat;
    const name = (s) => this.game.seatName(s);
    const li = document.createElement("li");
    const who = c.from === "referee" ? W.referee : c.from === seat ? W.you : (c.name || name(c.from));
    const to = c.to === "players" ? "" : c.to === "referee" ? " → " + W.referee : " → " + (c.to === seat ? W.you : name(c.to));
    const b = document.createElement("b");
    b.textContent = who + to + ": ";
    li.appendChild(b);
    li.appendChild(document.createTextNode(c.text !== undefined ? c.text : (W.phrases[c.phrase] || c.phrase)));
    list.appendChild(li);
    list.scrollTop = list.scrollHeight;
  }

  // The chat form: a text of one's own, else the phrase chosen.
  send(form, data) {
    const message = { type: "chat", to: data.get("to") };
    const text = String(data.get("text") || "").trim();
    if (text) message.text = text;
    else if (data.get("phrase")) message.phrase = data.get("phrase");
    else return;
    this.game.send(message).then(() => { form.reset(); this.game.showError(""); }).catch(function () {});
  }
}
