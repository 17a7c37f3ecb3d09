// The lobby of /play: open seeks, quick pairing and the games being played, live over the
// WebSocket /play/lobby/ws (docs/play-protocol.md, "The lobby").
(function () {
  "use strict";
  const root = document.getElementById("lobby");
  if (!root) return;
  const W = JSON.parse(document.getElementById("lobby-words").textContent);
  const seeksBody = document.getElementById("seeks");
  const status = document.getElementById("lobby-status");
  const problem = document.getElementById("lobby-error");
  const unqueue = document.getElementById("unqueue");
  const form = document.getElementById("seek-form");
  const seeks = new Map();
  let you = null;
  let socket = null;
  let delay = 500;

  function say(text) {
    status.textContent = text || "";
    status.hidden = !text;
  }

  function refuse(text) {
    problem.textContent = text || "";
    problem.hidden = !text;
  }

  function send(message) {
    refuse("");
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    else refuse(W.text.offline);
  }

  function cell(row, text) {
    const td = document.createElement("td");
    if (text !== undefined) td.textContent = text;
    row.appendChild(td);
    return td;
  }

  function gameText(seek) {
    const name = W.games[seek.game] || seek.game;
    return seek.game === "go" ? name + " " + seek.size + "×" + seek.size : name;
  }

  function render() {
    seeksBody.textContent = "";
    if (!seeks.size) {
      const row = document.createElement("tr");
      const td = cell(row, W.text.none);
      td.colSpan = 5;
      td.className = "hint";
      seeksBody.appendChild(row);
      return;
    }
    for (const seek of seeks.values()) {
      const row = document.createElement("tr");
      row.dataset.seek = seek.id;
      const who = cell(row);
      const link = document.createElement("a");
      link.href = "/players/" + encodeURIComponent(seek.username);
      link.textContent = seek.name;
      who.appendChild(link);
      cell(row, String(seek.rating) + (seek.provisional ? "?" : ""));
      cell(row, gameText(seek));
      const range = seek.rating_min !== null || seek.rating_max !== null
        ? " · " + (seek.rating_min ?? "") + "–" + (seek.rating_max ?? "") : "";
      cell(row, seek.time_control + " · " + (W.speeds[seek.speed] || seek.speed) + " · "
        + (seek.rated ? W.text.rated : W.text.casual) + range);
      const act = cell(row);
      const mine = you && seek.username === you.username;
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = mine ? W.text.cancel : W.text.accept;
      button.disabled = !you;
      button.addEventListener("click", function () {
        send({ type: mine ? "cancel" : "accept", seek: seek.id });
      });
      act.appendChild(button);
      if (mine) row.classList.add("mine");
      seeksBody.appendChild(row);
    }
  }

  function queued(preset) {
    for (const button of root.querySelectorAll("[data-preset]")) {
      button.setAttribute("aria-pressed", button.dataset.preset === preset ? "true" : "false");
    }
    unqueue.hidden = !preset;
    say(preset ? W.text.queued : "");
  }

  function waiting(counts) {
    for (const badge of root.querySelectorAll("[data-count]")) {
      const n = counts[badge.dataset.count] || 0;
      badge.textContent = n ? W.text.waiting.replace("%(n)s", n) : "";
    }
  }

  async function reloadGames() {
    const answer = await fetch("/play/live-games", { credentials: "same-origin" });
    if (answer.ok) document.getElementById("live-games").innerHTML = await answer.text();
  }

  function onMessage(event) {
    const msg = JSON.parse(event.data);
    if (msg.type === "lobby") {
      you = msg.you;
      seeks.clear();
      for (const seek of msg.seeks) seeks.set(seek.id, seek);
      waiting(msg.waiting || {});
      render();
    } else if (msg.type === "seek-added") {
      seeks.set(msg.seek.id, msg.seek);
      render();
    } else if (msg.type === "seek-removed") {
      seeks.delete(msg.seek);
      render();
    } else if (msg.type === "queued") {
      queued(msg.preset);
    } else if (msg.type === "unqueued") {
      queued(null);
    } else if (msg.type === "waiting") {
      waiting(msg.waiting || {});
    } else if (msg.type === "games") {
      reloadGames();
    } else if (msg.type === "start") {
      say(W.text.starting);
      window.location.assign(msg.url);
    } else if (msg.type === "error") {
      refuse(W.errors[msg.reason] || msg.message);
    }
  }

  function connect() {
    const scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + window.location.host + "/play/lobby/ws");
    socket.addEventListener("open", function () {
      delay = 500;
      root.classList.remove("offline");
      refuse("");
      reloadGames();
    });
    socket.addEventListener("message", onMessage);
    socket.addEventListener("close", function () {
      root.classList.add("offline");
      queued(null);
      window.setTimeout(connect, delay);
      delay = Math.min(delay * 2, 10000);
    });
  }

  for (const button of root.querySelectorAll("[data-preset]")) {
    button.setAttribute("aria-pressed", "false");
    button.addEventListener("click", function () {
      if (button.getAttribute("aria-pressed") === "true") send({ type: "unqueue" });
      else send({ type: "queue", preset: button.dataset.preset });
    });
  }
  unqueue.addEventListener("click", function () { send({ type: "unqueue" }); });
  if (form) {
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      const data = new FormData(form);
      const number = function (name) {
        const text = String(data.get(name) || "").trim();
        return text === "" ? null : Number(text);
      };
      send({
        type: "seek",
        game: data.get("game"),
        size: Number(data.get("size") || 19),
        time_control: String(data.get("time_control") || "").trim(),
        rated: data.get("rated") !== "no",
        rating_min: number("rating_min"),
        rating_max: number("rating_max"),
        colour: data.get("colour") || "random",
      });
    });
  }
  render();
  connect();
})();
