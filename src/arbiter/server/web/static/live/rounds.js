// The game room and the referee console: the round's games (status, clocks, connections, what
// needs the referee, results) and who reported present, polled from the room's API.

import { clockReading } from "./clock.js";
import { FETCH, timeOfDay, words } from "./text.js";

export function RoundList(root) {
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
      // The columns' order: Black first in Go, White first in Toguz Korgool.
      const order = data.game === "go" ? ["black", "white"] : ["white", "black"];
      const clocks = cell(row, "clocks");
      if (clocks && s.clocks) {
        clocks.textContent = order.map(function (side) {
          const r = clockReading(s, side, serverNow);
          return (s.running === side && s.status === "playing" ? "▸" : "") + (r ? r.text : "–");
        }).join(" · ");
      }
      const presence = cell(row, "presence");
      if (presence) {
        const column = function (e) { return order.indexOf(e[0].split(".")[0]); };
        const seats = Object.entries(s.seats).sort(function (a, b) { return column(a) - column(b); });
        presence.textContent = seats.map(function (e) {
          const info = e[1];
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
