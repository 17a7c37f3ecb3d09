// The record viewer's analysis: poll its progress (and the place in the queue) until every move
// is reviewed, then show the review.

import { FETCH } from "./text.js";

export function Analysis(root) {
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
