// pulka serve FOLDER: the club's page. The games of the folder, each with its links (the
// table's; the scorer's too on the scorer's link), and for the scorer a new game started as
// `pulka new` starts one (POST new). Its words come from the catalogs (GET labels).
"use strict";
(function () {
  const token = location.pathname.split("/")[1];
  const base = "/" + token + "/";
  const $ = (id) => document.getElementById(id);
  const stored = (key) => { try { return localStorage.getItem(key); } catch (e) { return null; } };
  const store = (key, value) => { try { localStorage.setItem(key, value); } catch (e) { /* private mode */ } };
  let lang = stored("pulka-lang") || ((navigator.language || "en").toLowerCase().startsWith("ru") ? "ru" : "en");
  let L = {}, scorer = false, sending = null;

  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }
  function newId() {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  async function loadLabels() {
    const data = await (await fetch(base + "labels?lang=" + lang, { cache: "no-store" })).json();
    L = data.labels; scorer = data.scorer; lang = data.lang;
    document.documentElement.lang = lang;
    for (const node of document.querySelectorAll("[data-label]")) node.textContent = L[node.dataset.label] || "";
    $("title").textContent = data.folder + " · " + L.games;
    document.title = data.folder + " · pulka";
    $("langs").replaceChildren(...data.languages.map((code) => {
      const b = el("button", { type: "button", "aria-pressed": String(code === lang) }, code.toUpperCase());
      b.addEventListener("click", () => { if (code !== lang) { lang = code; store("pulka-lang", code); start(); } });
      return b;
    }));
    $("starting").hidden = !scorer;
    const select = $("convention");
    const chosen = select.value || "sochi";
    select.replaceChildren(...data.conventions.map((c) => el("option", { value: c.name }, c.aliases ? c.name + " (" + c.aliases + ")" : c.name)));
    if (data.conventions.some((c) => c.name === chosen)) select.value = chosen;
  }

  async function games() {
    let data;
    try { data = await (await fetch(base + "games?lang=" + lang, { cache: "no-store" })).json(); } catch (e) { return; }
    const items = data.games.map((g) => {
      const li = el("li", { class: "game" });
      const head = el("div", { class: "game-head" });
      head.append(el("strong", {}, g.title || g.file), el("span", { class: "file" }, g.file));
      const facts = el("div", { class: "facts" }, g.players.join(" · ") + " — " + L.deals_count + " " + g.deals + (g.finished ? " · " + L.over : ""));
      const links = el("div", { class: "row" });
      if (g.scorer) links.append(el("a", { class: "button primary", href: g.scorer }, L.open_scorer));
      links.append(el("a", { class: "button", href: g.table }, L.open_table));
      li.append(head, facts);
      if (g.problem) li.append(el("div", { class: "said refused" }, g.problem));
      li.append(links);
      return li;
    });
    if (!items.length) items.push(el("li", { class: "none" }, L.no_games));
    $("games").replaceChildren(...items);
  }

  async function startGame() {
    if (sending) return;
    const players = $("players").value.split(/[\s,;]+/).filter((n) => n);
    const body = { file: $("file").value.trim() || players.join("-"), players, convention: $("convention").value, id: newId() };
    if ($("price").value.trim()) body.price = $("price").value.trim();
    sending = body;
    $("said").textContent = L.sending; $("said").className = "said";
    let answer, data = {};
    try {
      answer = await fetch(base + "new?lang=" + lang, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      data = await answer.json();
    } catch (e) {
      $("said").textContent = L.lost_game; $("said").className = "said refused"; sending = null; return;
    }
    sending = null;
    if (answer.ok && data.scorer) { location.href = data.scorer; return; }
    $("said").textContent = data.error || String(answer.status); $("said").className = "said refused";
    games();
  }

  async function start() {
    try { await loadLabels(); } catch (e) { setTimeout(start, 1000); return; }
    games();
  }
  $("start").addEventListener("click", startGame);
  setInterval(games, 2000);
  start();
})();
