// arbiter's pages work without this script; with it: results saved without reloading the round,
// the record viewer stepping by fetching frames, confirmations, printing, the live refresh of
// standings and the new-event form showing the settings of the chosen game. No build step.
"use strict";

(function () {
  const FETCH = { "X-Requested-With": "fetch" };

  // Buttons that ask first (data-confirm on the submit button).
  document.addEventListener("submit", function (event) {
    const button = event.submitter;
    const question = button && button.dataset ? button.dataset.confirm : null;
    if (question && !window.confirm(question)) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  }, true);

  // Print buttons (hidden until the script can print).
  for (const button of document.querySelectorAll("[data-print]")) {
    button.hidden = false;
    button.addEventListener("click", function () { window.print(); });
  }

  // A link to hand over: selected whole at a click, to copy.
  for (const input of document.querySelectorAll("[data-select-all]")) {
    input.addEventListener("focus", function () { input.select(); });
  }

  // A select that shows its choice at once.
  for (const select of document.querySelectorAll("[data-autosubmit]")) {
    select.addEventListener("change", function () { select.form.submit(); });
  }

  // Result entry: save one game's result in place, then go on to the next game.
  function showError(form, message) {
    const box = form.querySelector("[data-error]");
    const input = form.querySelector("input[name=result]");
    if (box) {
      box.textContent = message || "";
      box.hidden = !message;
    }
    if (message) {
      input.setAttribute("aria-invalid", "true");
      form.closest("tr").classList.add("invalid");
    } else {
      input.removeAttribute("aria-invalid");
      form.closest("tr").classList.remove("invalid");
    }
  }

  // The game's version in the form; a new field means a first result (counted on the page),
  // unless it is the version of a conflict that "apply mine over it" sends.
  function setVersion(form, version, counting) {
    let field = form.querySelector("[data-version]");
    if (!field) {
      field = document.createElement("input");
      field.type = "hidden";
      field.name = "version";
      field.dataset.version = "";
      form.appendChild(field);
      const done = document.querySelector("[data-done]");
      if (done && counting) done.textContent = String(Number(done.textContent) + 1);
    }
    field.value = String(version);
  }

  // A conflict: another referee changed the game. The message says what it holds now; the
  // button applies the typed result over it with the version the server gave (a game that
  // has a result now counts on the page, as it would after a reload).
  function showOverride(form, version, hasResult) {
    const box = form.querySelector("[data-override]");
    if (!box) return;
    const conflict = typeof version === "number";
    if (conflict) setVersion(form, version, hasResult);
    box.hidden = !conflict;
  }

  for (const form of document.querySelectorAll("[data-result-form]")) {
    form.addEventListener("submit", async function (event) {
      event.preventDefault();
      const row = form.closest("tr");
      const input = form.querySelector("input[name=result]");
      let response;
      try {
        response = await fetch(form.action, {
          method: "POST", body: new FormData(form), headers: FETCH, credentials: "same-origin",
        });
      } catch (err) {
        form.submit();  // offline or the server is away: the ordinary form says what happened
        return;
      }
      let answer = null;
      try { answer = await response.json(); } catch (err) { answer = null; }
      if (!answer) {
        form.submit();
        return;
      }
      if (!answer.ok) {
        showError(form, answer.message);
        showOverride(form, answer.apply, Boolean(answer.current && answer.current.result));
        input.focus();
        return;
      }
      showError(form, "");
      showOverride(form, null, false);
      input.value = answer.result;
      input.classList.toggle("provisional", answer.provisional);
      setVersion(form, answer.version, true);
      row.classList.add("saved");
      window.setTimeout(function () { row.classList.remove("saved"); }, 1500);
      const forms = Array.from(document.querySelectorAll("[data-result-form]"));
      const next = forms[forms.indexOf(form) + 1];
      if (next) next.querySelector("input[name=result]").focus();
    });
  }

  // The record viewer: step by fetching frames (cached), arrows on the keyboard.
  for (const viewer of document.querySelectorAll("[data-viewer]")) {
    const form = viewer.querySelector("form.steps");
    const frames = new Map();
    const method = viewer.dataset.method;
    const url = viewer.dataset.frameUrl;
    let current = Number(viewer.dataset.ply);
    const plies = Number(viewer.dataset.plies);

    function request(ply) {
      if (frames.has(ply)) return frames.get(ply);
      let promise;
      if (method === "get") {
        const params = new URLSearchParams();
        for (const field of form.querySelectorAll("input[type=hidden]")) params.set(field.name, field.value);
        params.set("ply", String(ply));
        promise = fetch(url + "?" + params.toString(), { headers: FETCH, credentials: "same-origin" });
      } else {
        const body = new FormData(form);
        body.set("ply", String(ply));
        promise = fetch(url, { method: "POST", body: body, headers: FETCH, credentials: "same-origin" });
      }
      const frame = promise.then(function (r) {
        if (!r.ok) throw new Error("frame " + ply + ": " + r.status);
        return r.json();
      });
      frames.set(ply, frame);
      frame.catch(function () { frames.delete(ply); });
      return frame;
    }

    function show(frame) {
      current = frame.ply;
      const figure = viewer.querySelector("[data-frame-board] figure");
      const caption = figure.querySelector("figcaption");
      figure.innerHTML = frame.board;
      if (caption) figure.appendChild(caption);
      viewer.querySelector("[data-caption]").textContent = frame.caption;
      viewer.querySelector("[data-comment]").textContent = frame.comment;
      const facts = viewer.querySelector("[data-facts]");
      facts.replaceChildren();
      for (const [key, value] of frame.facts) {
        const div = document.createElement("div");
        const dt = document.createElement("dt");
        const dd = document.createElement("dd");
        dt.textContent = key;
        dd.textContent = value;
        div.append(dt, dd);
        facts.appendChild(div);
      }
      viewer.querySelector("[data-position]").textContent = frame.ply + " / " + frame.plies;
      viewer.querySelector("[data-step=prev]").value = String(Math.max(frame.ply - 1, 0));
      viewer.querySelector("[data-step=next]").value = String(Math.min(frame.ply + 1, frame.plies));
      for (const button of viewer.querySelectorAll("[data-moves] button")) {
        if (Number(button.value) === frame.ply) {
          button.setAttribute("aria-current", "step");
          button.scrollIntoView({ block: "nearest", inline: "nearest" });
        } else {
          button.removeAttribute("aria-current");
        }
      }
      if (method === "get") {
        const address = new URL(window.location.href);
        address.searchParams.set("ply", String(frame.ply));
        window.history.replaceState(null, "", address.toString());
      }
      if (frame.ply < frame.plies) request(frame.ply + 1);
    }

    async function go(ply) {
      try {
        show(await request(ply));
      } catch (err) {
        const field = document.createElement("input");
        field.type = "hidden";
        field.name = "ply";
        field.value = String(ply);
        form.appendChild(field);
        form.submit();  // the page itself can show any position
      }
    }

    form.addEventListener("submit", function (event) {
      event.preventDefault();
      const button = event.submitter;
      if (button && button.value !== undefined) go(Number(button.value));
    });
    viewer.addEventListener("keydown", function (event) {
      const target = event.target;
      if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA")) return;
      const moves = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: plies };
      if (!(event.key in moves)) return;
      event.preventDefault();
      go(Math.max(0, Math.min(plies, moves[event.key])));
    });
    viewer.tabIndex = 0;
    if (current < plies) request(current + 1);
  }

  // Standings and crosstables refresh themselves while shown.
  for (const box of document.querySelectorAll("[data-refresh]")) {
    const seconds = Number(box.dataset.refreshSeconds || "30");
    window.setInterval(async function () {
      if (document.visibilityState !== "visible") return;
      try {
        const response = await fetch(box.dataset.refresh, { headers: FETCH, credentials: "same-origin" });
        if (!response.ok || response.redirected) return;
        const html = await response.text();
        if (html.trim() !== box.innerHTML.trim()) box.innerHTML = html;
      } catch (err) {
        // the next attempt will do
      }
    }, seconds * 1000);
  }

  // The new-event form: the settings and choices of the chosen game only.
  for (const form of document.querySelectorAll("[data-game-form]")) {
    const update = function () {
      const chosen = form.querySelector("input[name=game]:checked");
      if (!chosen) return;
      for (const box of form.querySelectorAll("[data-games]")) {
        box.hidden = !box.dataset.games.split(" ").includes(chosen.value);
      }
      for (const option of form.querySelectorAll("option[data-game]")) {
        option.disabled = option.dataset.game !== chosen.value;
        if (option.disabled && option.selected) option.parentElement.selectedIndex = 0;
      }
    };
    for (const radio of form.querySelectorAll("input[name=game]")) radio.addEventListener("change", update);
    update();
  }
})();
