// Live play in the browser, loaded as an ES module by the live pages (no build step): the game
// page (game.js, a client of docs/play-protocol.md), the live lists of the game room and the
// referee console (rounds.js), the record viewer's analysis (analysis.js).

import { Analysis } from "./analysis.js";
import { LiveGame } from "./game.js";
import { RoundList } from "./rounds.js";

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
if (game) window.arbiterLive = new LiveGame(game).start();
for (const list of document.querySelectorAll("[data-round-list]")) RoundList(list);
for (const box of document.querySelectorAll("[data-analysis]")) Analysis(box);
