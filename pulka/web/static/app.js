// pulka serve: the page. It knows no family and writes no word of its own: the words come from
// the catalogs (GET labels), the game from the change stream (GET events), the deal form from
// the family's questions (POST ask, the server driving them). Every write is a POST the ledger
// checks.
"use strict";
(function () {
  const token = location.pathname.split("/")[1];
  const base = "/" + token + "/";
  const $ = (id) => document.getElementById(id);
  const stored = (key) => { try { return localStorage.getItem(key); } catch (e) { return null; } };
  const store = (key, value) => {
    try { value === null ? localStorage.removeItem(key) : localStorage.setItem(key, value); } catch (e) { /* private mode */ }
  };
  let lang = stored("pulka-lang") || ((navigator.language || "en").toLowerCase().startsWith("ru") ? "ru" : "en");
  let L = {}, scorer = false, languages = ["en", "ru"], view = null, source = null;
  let answers = [], asking = null, askSeq = 0, askedVersion = null, busy = false, inFlight = false;
  const pendingKey = "pulka-pending-" + token;

  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }
  function fill(node, children) { node.replaceChildren(...children); }
  function newId() {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  // --- the words ------------------------------------------------------------------------
  async function loadLabels() {
    const answer = await fetch(base + "labels?lang=" + lang, { cache: "no-store" });
    const data = await answer.json();
    L = data.labels; scorer = data.scorer; languages = data.languages; lang = data.lang;
    document.documentElement.lang = lang;
    for (const node of document.querySelectorAll("[data-label]")) node.textContent = L[node.dataset.label] || "";
    fill($("langs"), languages.map((code) => {
      const b = el("button", { type: "button", "aria-pressed": String(code === lang) }, code.toUpperCase());
      b.addEventListener("click", () => { if (code !== lang) { lang = code; store("pulka-lang", code); start(); } });
      return b;
    }));
    $("scoring").hidden = !scorer; $("fixing").hidden = !scorer;
    $("club").hidden = !data.club; if (data.club) $("club").href = data.club;
    $("dl-xlsx").href = base + "download/workbook.xlsx?lang=" + lang;
    $("dl-pdf").href = base + "download/sheet.pdf?lang=" + lang;
    $("dl-blank").href = base + "download/blank.pdf?lang=" + lang;
  }

  // --- the change stream ------------------------------------------------------------------
  function connect() {
    if (source) source.close();
    source = new EventSource(base + "events?lang=" + lang);
    source.addEventListener("change", (event) => { view = JSON.parse(event.data); show(); });
    source.addEventListener("open", () => { live(true); resend(); });
    source.addEventListener("error", () => live(false));
  }
  function live(on) {
    const mark = $("live");
    mark.textContent = on ? L.live : L.offline;
    mark.className = on ? "live" : "live off";
  }

  // --- the game ------------------------------------------------------------------------------
  function show() {
    if (!view) return;
    document.title = view.title ? view.title + " · pulka" : "pulka";
    $("title").textContent = view.short_title || view.title || "pulka";
    $("title").title = view.title || "";
    $("problem").hidden = !view.problem;
    $("problem").textContent = view.problem || "";
    if (!view.players) return;
    fill($("situation"), view.situation.map((line) => el("li", {}, line)));
    const chips = [];
    if (view.distance.heading) chips.push(el("span", { class: "head" }, view.distance.heading));
    for (const d of view.distance.left) chips.push(el("span", { class: "chip" }, d.name + " " + (d.left === null ? L.closed : d.left)));
    fill($("distance"), chips);
    fill($("recent"), view.recent.length ? view.recent.map((d) => {
      const li = el("li");
      li.append(el("span", { class: "n" }, d.number + "."), document.createTextNode(d.text));
      return li;
    }) : [el("li", {}, L.no_deals)]);
    const rows = [el("tr")];
    rows[0].append(el("th", {}, L.player), el("th", {}, view.result_heading || L.whists));
    const money = view.result.some((r) => r.money);
    if (money) rows[0].append(el("th", {}, L.money));
    for (const r of view.result) {
      const tr = el("tr");
      tr.append(el("td", {}, r.name), el("td", {}, r.whists));
      if (money) tr.append(el("td", {}, r.money));
      rows.push(tr);
    }
    fill($("result"), rows);
    fill($("payments"), view.payments.length ? view.payments.map((p) => el("li", {}, p)) : [el("li", {}, L.nobody_pays)]);
    sheet();
    if (scorer) scoring();
  }
  function columns() {
    const width = $("sheet").parentElement.clientWidth || 360;
    return Math.max(40, Math.min(128, Math.floor(width / 8.2)));
  }
  function sheet() {
    const img = $("sheet");
    const src = base + "sheet.svg?lang=" + lang + "&cols=" + columns() + "&v=" + view.version;
    if (img.getAttribute("src") !== src) img.setAttribute("src", src);
    img.alt = view.title || "";
  }

  // --- the deal form: the family's questions, asked by the server ----------------------------
  // The page keeps the answers tapped; the server drives the family's questions with them
  // (POST ask) and says the questions answered, the next one and, once the rest may be left
  // unsaid, the deal line.
  async function ask() {
    const seq = ++askSeq;
    let data = null;
    try {
      const answer = await fetch(base + "ask?lang=" + lang, {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ answers }),
      });
      data = await answer.json();
      if (!answer.ok) data = null;
    } catch (e) {
      data = null; // offline: the live mark says so; asked again when the game comes back
    }
    if (seq !== askSeq) return; // a later tap asked again meanwhile
    busy = false;
    if (!data) { askedVersion = null; drawForm(); return; }
    asking = data;
    answers = answers.slice(0, data.asked.length); // an answer no longer allowed, and those after it
    if (data.refused) say(data.refused, "refused");
    drawForm();
  }
  function tapped(node, change) { // one tap at a time: the next waits for the server's answer
    if (busy) return;
    busy = true;
    $("record").disabled = true; // (until the line of these answers is known)
    node.classList.add("on");
    change();
    ask();
  }
  function button(label, on, tap) {
    const b = el("button", { type: "button" }, label);
    if (on) b.classList.add("on");
    if (/[♥♦]/.test(label)) b.classList.add("red");
    b.addEventListener("click", () => tapped(b, tap));
    return b;
  }
  function drawForm() {
    const box = $("form");
    const parts = [];
    if (asking && !asking.asks) parts.push(el("p", { class: "ask" }, L.form_none));
    if (asking && asking.asks) {
      const trail = el("div", { class: "trail" }); // the answers so far: a tap asks that question again
      asking.asked.forEach((a, i) => {
        const item = el("span", { class: "q done", "data-q": a.id });
        item.append(el("span", { class: "ask" }, a.ask), button(a.said, true, () => { answers = answers.slice(0, i); }));
        trail.append(item);
      });
      if (asking.asked.length) parts.push(trail);
      const q = asking.question;
      if (q) {
        const div = el("div", { class: "q", "data-q": q.id });
        div.append(el("div", { class: "ask" }, q.ask));
        const tap = (value) => () => { answers.push(value); };
        if (q.rows) {
          const width = Math.max(...q.rows.map((row) => row.length));
          for (const row of q.rows) {
            const line = el("div", { class: row.length === width && width > 1 ? "choices grid" : "choices" });
            if (line.classList.contains("grid")) line.style.setProperty("--cols", String(width));
            for (const i of row) line.append(button(q.choices[i].label, false, tap(q.choices[i].value)));
            div.append(line);
          }
        } else {
          const line = el("div", { class: "choices" });
          const numbers = [];
          if (q.counts) for (let n = q.counts[0]; n <= q.counts[1]; n++) numbers.push({ value: String(n), label: String(n) });
          for (const c of [...q.choices, ...numbers]) line.append(button(c.label, false, tap(c.value)));
          if (q.skip) line.append(button(q.skip, false, tap(null)));
          div.append(line);
        }
        parts.push(div);
      }
    }
    fill(box, parts);
    const made = asking ? asking.line : null;
    $("line").textContent = made || "";
    $("record").disabled = !made;
  }
  function scoring() {
    if (view.version !== askedVersion) { askedVersion = view.version; ask(); } // the game changed: asked again
    $("undo").disabled = !view.can_undo;
    $("redo").disabled = !view.can_redo;
    const select = $("fix-number");
    const chosen = select.value;
    fill(select, view.all_deals.slice().reverse().map((d) => el("option", { value: String(d.number) }, String(d.number))));
    if (chosen && view.all_deals.some((d) => String(d.number) === chosen)) select.value = chosen;
    $("fixing").hidden = !view.all_deals.length;
    if (!$("fix-deal").value || $("fix-deal").dataset.number !== select.value) fixText();
  }
  function fixText() {
    const number = $("fix-number").value;
    const deal = view.all_deals.find((d) => String(d.number) === number);
    $("fix-deal").value = deal ? deal.text : "";
    $("fix-deal").dataset.number = number;
  }

  // --- writes ------------------------------------------------------------------------------
  function say(text, kind) {
    const node = $("said");
    node.textContent = text;
    node.className = "said " + (kind || "");
  }
  async function post(what, body, done) {
    if (inFlight || stored(pendingKey)) { say(L.sending, ""); return false; }
    const sending = { what, body: Object.assign({ id: newId() }, body) };
    store(pendingKey, JSON.stringify(sending));
    return send(sending, done);
  }
  async function send(sending, done) {
    if (inFlight) return false;
    inFlight = true;
    say(L.sending, "");
    let answer;
    try {
      answer = await fetch(base + sending.what + "?lang=" + lang, {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(sending.body),
      });
    } catch (e) {
      say(L.lost, "refused");
      return false; // kept: sent again, with the same id, when the connection is back
    } finally {
      inFlight = false;
    }
    store(pendingKey, null);
    let data = {};
    try { data = await answer.json(); } catch (e) { data = { error: String(answer.status) }; }
    if (answer.ok) {
      const word = { deals: L.recorded, undo: L.undone, redo: L.redone, fix: L.fixed }[sending.what];
      say(word + " " + (data.said ? data.number + ". " + data.said : data.line), "ok");
      if (done) done();
      return true;
    }
    say(data.error || String(answer.status), "refused");
    if (data.repeat) { $("again").hidden = false; $("again").dataset.deal = sending.body.deal; }
    return false;
  }
  function resend() {
    const raw = stored(pendingKey);
    if (!raw) return;
    try { send(JSON.parse(raw)); } catch (e) { store(pendingKey, null); }
  }
  function wire() {
    $("record").addEventListener("click", () => {
      const made = asking && asking.line;
      if (!made || busy) return;
      $("again").hidden = true;
      post("deals", { deal: made }, () => { answers = []; ask(); });
    });
    $("clear").addEventListener("click", () => { answers = []; say("", ""); ask(); });
    $("record-typed").addEventListener("click", () => {
      const text = $("typed").value.trim();
      if (!text) return;
      $("again").hidden = true;
      post("deals", { deal: text }, () => { $("typed").value = ""; });
    });
    $("typed").addEventListener("keydown", (e) => { if (e.key === "Enter") $("record-typed").click(); });
    $("again-yes").addEventListener("click", () => {
      $("again").hidden = true;
      post("deals", { deal: $("again").dataset.deal, again: true }, () => { answers = []; $("typed").value = ""; ask(); });
    });
    $("undo").addEventListener("click", () => post("undo", {}));
    $("redo").addEventListener("click", () => post("redo", {}));
    $("end").addEventListener("click", () => { $("end-ask").hidden = !$("end-ask").hidden; });
    $("end-yes").addEventListener("click", () => { $("end-ask").hidden = true; post("deals", { deal: "end" }); });
    $("fix-number").addEventListener("change", fixText);
    $("fix").addEventListener("click", () => {
      const text = $("fix-deal").value.trim();
      if (!text) return;
      post("fix", { number: Number($("fix-number").value), deal: text }, () => { $("fix-deal").dataset.number = ""; });
    });
    let resized = null;
    window.addEventListener("resize", () => { clearTimeout(resized); resized = setTimeout(() => view && sheet(), 200); });
    window.addEventListener("online", resend);
    setInterval(resend, 3000);
  }

  async function start() {
    askedVersion = null; // the form is asked again in the new language
    try { await loadLabels(); } catch (e) { live(false); setTimeout(start, 1000); return; }
    live(false);
    connect();
  }
  wire();
  start();
})();
