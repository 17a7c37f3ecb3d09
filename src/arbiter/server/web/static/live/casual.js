// A casual game's extras on the live game page (docs/online.md, "Casual games"): the players'
// names (a guest's), the takeback request and its answer, the rematch offer — and, once a
// rematch is accepted, the way to it (its page takes this game's seat token). It follows the
// page's LiveGame (main.js) by wrapping its render; it sends `casual` messages
// (docs/play-protocol.md).

const box = document.querySelector("[data-casual-extras]");
const live = window.arbiterLive;

function button(label, op, primary) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  b.dataset.casualOp = op;
  if (primary) b.className = "primary";
  return b;
}

function setup() {
  const W = JSON.parse(box.dataset.casualWords);
  const rated = box.dataset.rated === "1";
  const text = box.querySelector("[data-casual-text]");
  const buttons = box.querySelector("[data-casual-buttons]");
  let went = false;

  function show(message, ops) {
    text.textContent = message || "";
    text.hidden = !message;
    buttons.replaceChildren(...ops);
    buttons.hidden = ops.length === 0;
  }

  function names(state) {
    const given = (state.extras && state.extras.names) || {};
    for (const [seat, name] of Object.entries(given)) {
      const side = seat.split(".")[0];
      const node = live.$('[data-names="' + side + '"]');
      if (node && name) node.textContent = name;
    }
  }

  function render() {
    const state = live.state;
    if (!state || !state.extras) return;
    names(state);
    const x = state.extras;
    const me = live.role === "player" ? live.seat : null;
    const side = live.mySide();
    if (x.aborted) return show(W.aborted, []);
    if (state.status === "over") {
      const r = x.rematch;
      if (r && r.status === "accepted" && r.game) {
        if (me && !went) {
          went = true;
          window.location.assign("/play/games/" + live.root.dataset.game + "/rematch");
        }
        return show("", me ? [button(W.rematch_go, "go", true)] : []);
      }
      if (!me) return show("", []);
      if (r && r.status === "offered") {
        if (r.by === me) return show(W.rematch_offered, []);
        return show(W.rematch_asked, [button(W.rematch_accept, "rematch-accept", true), button(W.rematch_decline, "rematch-decline")]);
      }
      return show(r && r.status === "declined" ? W.rematch_declined : "", [button(W.rematch_offer, "rematch-offer")]);
    }
    if (!me || state.status !== "playing") return show("", []);
    if (rated) return show(W.rated, []);
    const t = x.takeback;
    if (t) {
      if (t.by === me) return show(W.takeback_asked, []);
      return show(W.takeback_offered, [button(W.takeback_accept, "takeback-accept", true), button(W.takeback_decline, "takeback-decline")]);
    }
    const moved = state.last_move !== null && state.ply > 0 && (state.ply > 1 || state.last_move.side === side);
    return show("", moved ? [button(W.takeback_ask, "takeback-request")] : []);
  }

  buttons.addEventListener("click", function (e) {
    const b = e.target.closest("[data-casual-op]");
    if (!b) return;
    if (b.dataset.casualOp === "go") {
      window.location.assign("/play/games/" + live.root.dataset.game + "/rematch");
      return;
    }
    live.showError("");
    live.send({ type: "casual", op: b.dataset.casualOp }).catch(function () { /* shown by the page */ });
  });

  const original = live.render.bind(live);
  live.render = function () {
    original();
    render();
  };
  render();
}

if (box && live) setup();
