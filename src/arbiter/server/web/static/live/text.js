// What the live pages write: the words the page gives its script (translated by the server, in
// <script type="application/json" id="live-words">), filled in; times of day in the reader's time.

export const FETCH = { "X-Requested-With": "fetch" };

export function words() {
  const node = document.getElementById("live-words");
  return node ? JSON.parse(node.textContent) : {};
}

// The server's sentences name what goes in them as %(name)s.
export function fill(text, values) {
  return String(text).replace(/%\((\w+)\)s/g, function (_, key) {
    return values && key in values ? String(values[key]) : "";
  });
}

export function timeOfDay(unix) {
  return new Date(unix * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}
