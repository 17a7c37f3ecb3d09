// The "Find in a rating list" box of the participants page (components/rating_search.html):
// searches as one types, through GET /api/rating-lists/search, and a click on a player fills
// the registration form (name, rank, rating, club, country, and the id in the list in its
// hidden fields). Without this script the box is a GET form and the page lists the players.
"use strict";

(function () {
  const box = document.querySelector("[data-rating-search]");
  const searchForm = box ? box.querySelector("[data-rating-form]") : null;
  if (!box || !searchForm) return;
  const query = searchForm.querySelector("[data-rating-query]");
  const choice = searchForm.querySelector("[data-rating-choice]");
  const results = box.querySelector("[data-rating-results]");
  const idField = document.querySelector("[data-list-id]");
  const target = idField ? idField.form : document.querySelector("#add form");
  if (!query || !results || !target) return;
  let asked = 0;
  let timer = null;

  function input(name) {
    return target.querySelector("[name=" + name + "]");
  }

  function setIds(registry, id) {
    const reg = input("list_registry");
    const pin = input("list_id");
    if (reg) reg.value = registry;
    if (pin) pin.value = id;
    const note = target.querySelector("[data-list-id-note]");
    const shown = target.querySelector("[data-list-id-shown]");
    if (note && shown) {
      shown.textContent = registry ? registry.toUpperCase() + " " + id : "";
      note.hidden = !registry;
    }
  }

  function use(found) {
    const values = {
      name: found.form_name,
      rank: found.rank || "",
      rating: found.entry_rating === null ? "" : String(found.entry_rating),
      club: found.club,
      country: found.country,
    };
    for (const [name, value] of Object.entries(values)) {
      const field = input(name);
      if (field) field.value = value;
    }
    setIds(found.id_registry, found.id_registry ? found.id : "");
    const name = input("name");
    if (name) name.focus();
  }

  // A name typed over the chosen one is another player: the list's id no longer holds.
  const nameField = input("name");
  if (nameField) nameField.addEventListener("input", function () { setIds("", ""); });

  function cell(text) {
    const td = document.createElement("td");
    td.textContent = text;
    return td;
  }

  function show(found) {
    results.replaceChildren();
    if (!found.length) {
      const p = document.createElement("p");
      p.textContent = box.dataset.none;
      results.appendChild(p);
      return;
    }
    const table = document.createElement("table");
    table.className = "list found";
    const body = document.createElement("tbody");
    for (const f of found) {
      const row = document.createElement("tr");
      const name = cell(f.name);
      name.className = "name";
      row.appendChild(name);
      row.appendChild(cell(f.rank || ""));
      row.appendChild(cell(f.rating === null ? "" : String(f.rating)));
      row.appendChild(cell(f.club));
      row.appendChild(cell(f.country));
      row.appendChild(cell(f.list_name + (f.id ? " " + f.id : "")));
      const action = document.createElement("td");
      const button = document.createElement("button");
      button.type = "button";
      button.className = "small";
      button.textContent = box.dataset.use;
      button.addEventListener("click", function () { use(f); });
      action.appendChild(button);
      row.appendChild(action);
      body.appendChild(row);
    }
    table.appendChild(body);
    results.appendChild(table);
  }

  async function search() {
    const text = query.value.trim();
    const mine = ++asked;
    if (!text) {
      results.replaceChildren();
      return;
    }
    const params = new URLSearchParams({ q: text });
    if (choice && choice.value) params.set("registry", choice.value);
    let found;
    try {
      const response = await fetch(box.dataset.api + "?" + params.toString(), {
        credentials: "same-origin",
        headers: { Accept: "application/json" },
      });
      const body = await response.json();
      if (!response.ok) throw new Error(body && body.error ? body.error.message : "");
      found = body;
    } catch {
      if (mine !== asked) return;
      results.replaceChildren();
      const p = document.createElement("p");
      p.className = "error";
      p.setAttribute("role", "alert");
      p.textContent = box.dataset.failed;
      results.appendChild(p);
      return;
    }
    if (mine === asked) show(found);  // an older answer arriving late is dropped
  }

  searchForm.addEventListener("submit", function (event) {
    event.preventDefault();
    search();
  });
  query.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(search, 250);
  });
  if (choice) choice.addEventListener("change", search);
})();
