// Tiny DOM helpers: h("button.primary", {onclick}, "text") builds elements without a framework.
export function h(tag, attrs = {}, ...children) {
  const [name, ...classes] = tag.split(".");
  const el = document.createElement(name || "div");
  if (classes.length) el.className = classes.join(" ");
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "class") el.className += (el.className ? " " : "") + value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key === "style" && typeof value === "object") Object.assign(el.style, value);
    else if (key in el && typeof value !== "string") el[key] = value;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

export function clear(el) {
  while (el.firstChild) el.firstChild.remove();
  return el;
}

// A short message at the bottom of the screen; errors stay a little longer.
// News that a dialog now tells in full (a game's summary): taken down so it does not cover the
// dialog; errors stay.
export function clearNewsToasts() {
  document.querySelectorAll("#toasts .toast:not(.error)").forEach((item) => item.remove());
}

export function toast(text, kind = "info") {
  const box = document.getElementById("toasts");
  if (!box) return;
  const item = h("div.toast", { class: kind }, text);
  box.append(item);
  while (box.children.length > 4) box.firstChild.remove();
  setTimeout(() => item.remove(), kind === "error" ? 6000 : 3500);
}

export async function api(path, options = {}) {
  const response = await fetch(path, {
    headers: { "Content-Type": "application/json" },
    ...options,
  });
  let body = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (!response.ok) {
    // The server's typed error: code, English message, and the message id with its parameters.
    const problem = body && body.error ? body.error
      : { code: "http_" + response.status, message: `HTTP ${response.status}` };
    throw Object.assign(new Error(problem.message), { code: problem.code, msg: problem.msg, params: problem.params });
  }
  return body;
}

export function reducedMotion() {
  return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}
