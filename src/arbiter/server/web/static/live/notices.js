// The referees' notices on the live game page (issue 15): every warning, penalty, clock
// correction, pause and result a referee gives reaches each player's page with the state
// (`state.notices`, docs/play-protocol.md). The page lists them all, shows the newest one that
// came while it was open as an alert until the player has read it, and says why a game ended
// when a referee ended it ("B+F (Warning 2 to White: …)").

import { fill } from "./text.js";

export class Notices {
  constructor(game) {
    this.game = game;
    this.seen = null; // the seqs already listed; null until the first state
    this.box = null;
  }

  // The notice's sentence in the page's language.
  text(n) {
    const W = this.game.W;
    const values = Object.assign({}, n.params || {});
    if (values.side) values.side = W.sides[values.side] || values.side;
    const template = (W.notice_texts || {})[n.what];
    const said = template ? fill(template, values) : n.text;
    if (!template || !n.reason) return said;
    return fill(W.notice_reason, { note: said, reason: n.reason });
  }

  when(n) {
    const W = this.game.W;
    return n.ply ? fill(W.notice_after, { n: n.ply }) : W.notice_before;
  }

  // Why the game ended, when a referee's notice ended it.
  ending() {
    const s = this.game.state;
    const list = (s && s.notices) || [];
    const last = list[list.length - 1];
    return s && s.status === "over" && last && last.ended ? this.text(last) : "";
  }

  // The section, made once, after the page's status lines.
  section() {
    if (this.box) return this.box;
    const W = this.game.W;
    const box = document.createElement("section");
    box.className = "live-notices";
    box.dataset.notices = "";
    box.hidden = true;
    const alert = document.createElement("div");
    alert.className = "live-notice";
    alert.dataset.noticeAlert = "";
    alert.setAttribute("role", "alert");
    alert.hidden = true;
    const said = document.createElement("span");
    said.dataset.noticeText = "";
    const ok = document.createElement("button");
    ok.type = "button";
    ok.className = "small";
    ok.textContent = W.notice_seen;
    ok.addEventListener("click", () => { alert.hidden = true; });
    alert.append(said, " ", ok);
    const heading = document.createElement("h2");
    heading.textContent = W.notice_heading;
    const list = document.createElement("ol");
    list.dataset.noticeList = "";
    box.append(alert, heading, list);
    const after = this.game.$("[data-error]") || this.game.$("[data-status]");
    after.insertAdjacentElement("afterend", box);
    this.box = box;
    return box;
  }

  render() {
    const s = this.game.state;
    const list = (s && s.notices) || [];
    if (!list.length && this.seen === null) { this.seen = new Set(); return; }
    const box = this.section();
    const ol = box.querySelector("[data-notice-list]");
    const first = this.seen === null;
    const known = this.seen || new Set();
    // A restored connection gets the whole list again: rebuild it when it shrank.
    if (list.length < known.size) { ol.replaceChildren(); known.clear(); }
    let fresh = null;
    for (const n of list) {
      if (known.has(n.seq)) continue;
      known.add(n.seq);
      const li = document.createElement("li");
      li.dataset.notice = n.what;
      const when = document.createElement("small");
      when.textContent = this.when(n) + ": ";
      li.append(when, document.createTextNode(this.text(n)));
      ol.appendChild(li);
      fresh = n;
    }
    this.seen = known;
    box.hidden = list.length === 0;
    if (fresh && !first) {
      const alert = box.querySelector("[data-notice-alert]");
      alert.querySelector("[data-notice-text]").textContent = fill(this.game.W.notice_new, { text: this.text(fresh) });
      alert.hidden = false;
    }
  }
}
