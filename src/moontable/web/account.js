// Signing in, for the lobby: play as a guest, claim your name with a password, or sign in to it. The session is
// an HttpOnly cookie the server sets: this page never sees it, it asks /api/me who it is.
import { api, el } from "./api.js";

let current = null;  // {name, player} once known

export async function whoAmI() {
  try { current = await api("/api/me"); } catch { current = { name: null, player: null }; }
  return current;
}

export function signedIn() { return current && current.name ? current : null; }

/** The lobby's account box; `changed(me)` after signing in or out. */
export function accountBox(changed) {
  const box = el("div", { class: "account", id: "account" });
  const status = el("p", { class: "status", role: "status", "aria-live": "polite" });

  function draw() {
    const me = signedIn();
    if (me) {
      box.replaceChildren(el("p", { class: "signed-in" }, "Signed in as ", el("strong", { id: "me" }, me.name), " · ",
        el("a", { href: me.player, id: "my-games" }, "My games"), " · ",
        el("button", { class: "secondary", id: "sign-out", onclick: signOut }, "Sign out")), status);
      return;
    }
    const name = el("input", { id: "account-name", maxlength: "40", autocomplete: "username", "aria-label": "name to claim or sign in as",
      value: (localStorage.getItem("moontable.name") || "").slice(0, 40) });
    const password = el("input", { id: "account-password", type: "password", maxlength: "200", autocomplete: "current-password",
      "aria-label": "password" });
    const send = (path) => async (e) => {
      e.preventDefault();
      status.textContent = "";
      try {
        current = await api(path, { name: name.value, password: password.value });
        localStorage.setItem("moontable.name", current.name);
        draw();
        changed(current);
      } catch (err) { status.textContent = err.message; }
    };
    box.replaceChildren(
      el("details", { class: "sign-in" },
        el("summary", {}, "Playing as a guest — sign in, or claim your name"),
        el("form", { class: "sign-in-form", onsubmit: send("/api/login") },
          el("label", { for: "account-name" }, "Name"), name,
          el("label", { for: "account-password" }, "Password"), password,
          el("p", { class: "hint" }, "Claim a name to keep it: no guest can sit under it, your games and ratings stay ",
            "with it. At least 8 characters of password."),
          el("div", { class: "sign-in-buttons" },
            el("button", { type: "submit", id: "sign-in" }, "Sign in"),
            el("button", { type: "button", class: "secondary", id: "claim", onclick: send("/api/claim") }, "Claim this name")))),
      status);
  }

  async function signOut() {
    try { await api("/api/logout", {}); } catch (e) { status.textContent = e.message; return; }
    current = { name: null, player: null };
    draw();
    changed(current);
  }

  draw();
  return { box, redraw: draw };
}
