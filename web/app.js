"use strict";
// The page: a form made from the game registry (/api/games), in the page's
// own words (/api/words?lang=...), English or German. Every answer comes from
// the server; this script only asks and shows.

const $ = (id) => document.getElementById(id);
let registry = null;
let words = {};
let page = 1, pages = 1, asking = 0, timer = null;
// Each game's settings as last set, so a pack uses every game's own settings.
const chosen = {};

function w(key, values) {
  let text = words[key] || key;
  for (const [k, v] of Object.entries(values || {})) text = text.replace("{" + k + "}", v);
  return text;
}
function settingWord(game, name) { return words["setting." + game + "." + name] || words["setting." + name] || name; }
function helpWord(game, name) { return words["help." + game + "." + name] || words["help." + name] || ""; }
function valueWord(game, name, value) { return words["value." + game + "." + name + "." + value] || words["value." + name + "." + value] || value; }
function game() { return registry.games.find((g) => g.name === $("game").value); }

// Whether a sheet prints with the values `v`: a sheet that needs a setting's
// value (the ★ cards need the five-codes variant) prints no page without it.
function sheetPrints(g, sheet, v) {
  return (g.sheets_need || []).filter((n) => n.sheet === sheet).every((n) => {
    const s = g.settings.find((x) => x.name === n.setting);
    return (v[n.setting] || (s ? s.default : "")).split(",").includes(n.value);
  });
}

// The sheet boxes follow the settings: a sheet that would print nothing is
// unticked and cannot be ticked, and comes back as it was once it prints.
function sheetBoxes() {
  const g = game(), v = values();
  for (const box of document.querySelectorAll("#f-sheets input")) {
    const prints = sheetPrints(g, box.value, v);
    if (!prints && !box.disabled) { box.dataset.wanted = box.checked ? "yes" : ""; box.checked = false; }
    if (prints && box.disabled) box.checked = box.dataset.wanted === "yes";
    box.disabled = !prints;
  }
}
// Asks the server, in the page's language (its refusals are worded in it).
// An answer that has not started after ASK_TIMEOUT_MS is given up, so the
// page never waits forever (the server's own limit is a minute).
const ASK_TIMEOUT_MS = 90000;
async function ask(url, options) {
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), ASK_TIMEOUT_MS);
  try {
    return await fetch(url, Object.assign({}, options, { headers: { "Accept-Language": uiLang }, signal: stop.signal }));
  } finally {
    clearTimeout(timer);
  }
}

// A refusal as the page shows it, {error, field}: the server's JSON, or for
// an answer that is not (one cut short on the way), the page's own words
// for its status.
async function refusalOf(reply) {
  try {
    const body = await reply.json();
    // Busy is said in the page's words: a connection turned away at once is answered before its language is known.
    if (body && typeof body.error === "string" && reply.status !== 503) return body;
  } catch (e) { /* not JSON: said below */ }
  const key = "refused_" + reply.status;
  return { error: words[key] ? w(key) : w("refused_other", { status: reply.status }) };
}

// Links that act as buttons (the downloads) answer Space as a button does;
// Enter already follows them.
document.addEventListener("keydown", (e) => {
  if (e.key !== " " || !(e.target instanceof Element)) return;
  const link = e.target.closest("a.button");
  if (!link) return;
  e.preventDefault();
  if (link.hasAttribute("href")) link.click();
});

function el(tag, props, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props || {})) {
    if (k === "class") e.className = v;
    else if (k in e && typeof v !== "string") e[k] = v;
    else e.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
}

// One field: its label, control, help and a place for its error, tied
// together with aria-describedby.
function field(id, label, control, help) {
  control.id = id;
  const described = [];
  const wrap = el("div", { class: "field" }, el("label", { for: id }, label), control);
  if (help) { wrap.append(el("p", { class: "help", id: "help-" + id }, help)); described.push("help-" + id); }
  wrap.append(el("p", { class: "error", id: "err-" + id }));
  described.push("err-" + id);
  control.setAttribute("aria-describedby", described.join(" "));
  return wrap;
}

function select(options, value) {
  const s = el("select");
  for (const [v, text] of options) s.append(el("option", { value: v }, text));
  s.value = value;
  return s;
}

function checkboxes(id, legend, help, options, ticked) {
  const boxes = el("div", { class: "boxes" });
  for (const [v, text] of options) {
    const c = el("input", { type: "checkbox", value: v, name: id });
    c.checked = ticked.includes(v);
    boxes.append(el("label", {}, c, " " + text));
  }
  const fs = el("fieldset", { class: "checks", id: "f-" + id }, el("legend", {}, legend), boxes);
  const described = [];
  if (help) { fs.append(el("p", { class: "help", id: "help-f-" + id }, help)); described.push("help-f-" + id); }
  fs.append(el("p", { class: "error", id: "err-f-" + id }));
  described.push("err-f-" + id);
  fs.setAttribute("aria-describedby", described.join(" "));
  return fs;
}

// A choice that stands for other settings (a preset) shows what it sets in
// their fields, so the form says what the sheet will print.
function presetChosen(control) {
  const s = game().settings.find((x) => x.name === control.name);
  const sets = s && s.sets && s.sets.find(([v]) => v === control.value);
  if (!sets) return;
  for (const [name, value] of sets[1]) {
    const c = document.querySelector("#settings [name='" + name + "']");
    if (c) c.value = value;
  }
}

// A control for one of the game's settings, showing its default as a value.
function settingControl(g, s, value) {
  const label = settingWord(g.name, s.name), help = helpWord(g.name, s.name), id = "f-" + s.name;
  if (s.type === "names") {
    const options = s.values.filter((v) => v !== s.default).map((v) => [v, valueWord(g.name, s.name, v)]);
    return checkboxes(s.name, label, help, options, value ? value.split(",") : []);
  }
  let control;
  if (s.type === "file") {
    control = el("textarea", { rows: "5", spellcheck: "false" });
    control.value = value || "";
  } else if (s.type === "choice") {
    const options = s.values.map((v) => [v, valueWord(g.name, s.name, v)]);
    if (!s.values.includes(s.default)) options.unshift(["", w("default_choice")]);
    control = select(options, value !== undefined ? value : (s.values.includes(s.default) ? s.default : ""));
  } else {
    const numeric = /^\d+$/.test(s.default);
    if (s.max - s.min <= 12) {
      const options = [];
      if (!numeric) options.push(["", w("automatic")]);
      for (let n = s.min; n <= s.max; n++) options.push([String(n), String(n)]);
      control = select(options, value !== undefined ? value : (numeric ? s.default : ""));
    } else {
      control = el("input", { type: "number", inputmode: "numeric", min: String(s.min), max: String(s.max) });
      control.value = value !== undefined ? value : (numeric ? s.default : "");
    }
  }
  control.name = s.name;
  return field(id, label, control, help);
}

// The form of the chosen game, with the values last set for it.
function showGame() {
  const g = game();
  const mine = chosen[g.name] || {};
  $("about").textContent = words["about." + g.name] || g.about;
  const main = $("main-settings"), more = $("more-settings");
  main.replaceChildren();
  more.replaceChildren();
  const [first, ...rest] = g.settings;
  if (first) main.append(settingControl(g, first, mine[first.name]));
  const seed = el("input", { type: "text", autocomplete: "off", spellcheck: "false", name: "seed" });
  seed.value = mine.seed !== undefined ? mine.seed : "42";
  const seedField = field("f-seed", w("setting.seed"), seed, w("help.seed"));
  const fresh = el("button", { type: "button", class: "secondary", id: "newseed", title: w("new_seed_help") }, w("new_seed"));
  const row = el("div", { class: "row" });
  seed.replaceWith(row);
  row.append(seed, fresh);
  main.append(seedField);
  fresh.addEventListener("click", () => { seed.value = String(Math.floor(Math.random() * 1e6)); changed(); });
  const paper = select(registry.papers.map((p) => [p, w("value.paper." + p)]), mine.paper || "a4");
  paper.name = "paper";
  main.append(field("f-paper", w("setting.paper"), paper));
  const lang = select(registry.languages.map((l) => [l, w("value.lang." + l)]), mine.lang || sheetLanguage());
  lang.name = "lang";
  main.append(field("f-lang", w("setting.lang"), lang));
  // Large print: a checkbox with its label beside it, its help below.
  const large = el("input", { type: "checkbox", name: "large-print", value: "true", id: "f-large-print" });
  large.checked = mine["large-print"] === "true";
  large.setAttribute("aria-describedby", "help-f-large-print err-f-large-print");
  main.append(el("div", { class: "field" }, el("label", { class: "check" }, large, " " + w("setting.large-print")),
    el("p", { class: "help", id: "help-f-large-print" }, w("help.large-print")), el("p", { class: "error", id: "err-f-large-print" })));
  const sheets = mine.sheets !== undefined ? mine.sheets.split(",") : g.default_sheets;
  main.append(checkboxes("sheets", w("sheets_legend"), w("sheets_help"), g.sheets.map((s) => [s, words["sheet." + g.name + "." + s] || s]), sheets));
  for (const s of rest) more.append(settingControl(g, s, mine[s.name]));
  const count = el("input", { type: "number", inputmode: "numeric", min: "1", name: "count" });
  count.value = mine.count || "1";
  more.append(field("f-count", w("setting.count"), count, w("help.count")));
  const perPage = select([["1", "1"], ["2", "2"], ["4", "4"]], mine["per-page"] || "1");
  perPage.name = "per-page";
  more.append(field("f-per-page", w("setting.per-page"), perPage, w("help.per-page")));
  page = 1;
  showActions();
  changed();
}

let uiLang = "en", sheetLangChosen = false;
function sheetLanguage() { return registry.languages.includes(uiLang) ? uiLang : "en"; }

// The form's values: name -> text ("" when left to its default).
function values() {
  const g = game(), out = {};
  for (const name of ["seed", "paper", "lang", "count", "per-page"]) {
    const c = document.querySelector("#settings [name='" + name + "']");
    if (c) out[name] = c.value;
  }
  const large = document.querySelector("#settings [name='large-print']");
  out["large-print"] = large && large.checked ? "true" : "";
  // The sheets wanted: those ticked, and those that would be once they print.
  out.sheets = [...document.querySelectorAll("#f-sheets input")]
    .filter((c) => c.checked || (c.disabled && c.dataset.wanted === "yes")).map((c) => c.value).join(",");
  for (const s of g.settings) {
    if (s.type === "names") {
      out[s.name] = [...document.querySelectorAll("#f-" + s.name + " input:checked")].map((c) => c.value).join(",");
    } else {
      const c = document.querySelector("#settings [name='" + s.name + "']");
      if (c) out[s.name] = c.value;
    }
  }
  return out;
}

// The values the server is sent: a setting left at its default is not sent,
// as a flag not given on the command line (so a preset can set it).
function sent(g, v) {
  const out = {};
  for (const [k, val] of Object.entries(v)) {
    const s = g.settings.find((x) => x.name === k);
    if (val === undefined || val.trim() === "") continue;
    if (s && val === s.default) continue;
    if (k === "sheets") {
      // Only the sheets that print; none sent when they are the default ones.
      const printed = val.split(",").filter((x) => sheetPrints(g, x, v)).join(",");
      if (printed !== g.default_sheets.filter((x) => sheetPrints(g, x, v)).join(",")) out[k] = printed;
      continue;
    }
    out[k] = val;
  }
  return out;
}

function query(v) {
  const q = new URLSearchParams();
  for (const [k, val] of Object.entries(sent(game(), v))) q.set(k, val);
  return q;
}

// Anything changed: what is shown no longer matches the form until the
// server has answered for the new settings.
function changed() {
  sheetBoxes();
  chosen[game().name] = values();
  stale(true);
  clearTimeout(timer);
  timer = setTimeout(update, 250);
}

function setLink(id, href) {
  const a = $(id);
  if (href) { a.href = href; a.removeAttribute("aria-disabled"); }
  else { a.removeAttribute("href"); a.setAttribute("aria-disabled", "true"); }
}

function stale(busy) {
  $("sheetview").setAttribute("aria-busy", busy ? "true" : "false");
  setLink("pdf", null); setLink("png", null); setLink("json", null);
  $("copy").disabled = true;
  $("prev").disabled = true; $("next").disabled = true;
}

function clearErrors(scope) {
  for (const e of document.querySelectorAll(scope + " .error")) e.textContent = "";
  for (const c of document.querySelectorAll(scope + " [aria-invalid]")) c.removeAttribute("aria-invalid");
}

// The message (worded by the server in the page's language) without the
// field name it starts with, and any flag it names in the page's words.
function tidy(message, gameName) {
  return message.replace(/^[a-z-]+(?: \+ [a-z-]+)*: /, "").replace(/--([a-z-]+)/g, (_, name) => "'" + settingWord(gameName, name) + "'");
}

// Shows an error at its field (aria-invalid, described by the error) and in
// the summary; returns the field's label.
function showError(scope, id, label, message) {
  const control = $(id), err = $("err-" + id);
  if (!control || !err) return false;
  err.textContent = label + ": " + message;
  control.setAttribute("aria-invalid", "true");
  return true;
}

async function update() {
  const g = game(), v = values(), mine = ++asking;
  clearErrors("#settings");
  $("problem").textContent = "";
  if (!v.sheets.split(",").some((x) => x && sheetPrints(g, x, v))) {
    fail(g, { error: "sheets: " + w("sheets_none"), field: "sheets" });
    return;
  }
  // A number field holding what is not a number: said at once, in the page's words.
  const bad = [...document.querySelectorAll("#settings input[type=number]")].find((c) => c.validity.badInput);
  if (bad) {
    fail(g, { error: w("not_a_number"), field: bad.name });
    return;
  }
  const q = query(v), base = "/api/" + g.name + "/";
  let reply, body;
  try {
    reply = await ask(base + "info?" + q);
    body = reply.ok ? await reply.json() : await refusalOf(reply);
  } catch (e) {
    if (mine === asking) fail(g, { error: w("failed") });
    return;
  }
  if (mine !== asking) return;
  if (!reply.ok) { fail(g, body); return; }
  pages = body.pages;
  page = Math.min(page, pages);
  $("shown").value = body.code;
  $("copy").disabled = false;
  $("copied").textContent = "";
  setLink("pdf", base + "pdf?" + q);
  setLink("json", base + "json?" + q);
  $("sheetview").classList.remove("invalid");
  $("stale-note").textContent = "";
  showPage();
}

// The form is invalid: nothing stale stays usable, and the error is said at its field.
function fail(g, body) {
  $("shown").value = "";
  $("copy").disabled = true;
  $("sheetview").classList.add("invalid");
  $("sheetview").setAttribute("aria-busy", "false");
  $("preview").removeAttribute("src");
  $("pageinfo").textContent = "";
  $("stale-note").textContent = w("preview_stale");
  const name = body.field || "";
  const label = name ? settingWord(g.name, name) : "";
  const message = tidy(body.error || "", g.name);
  const id = "f-" + name;
  const problem = $("problem");
  problem.replaceChildren(w("problem") + " ");
  if (name && showError("#settings", id, label, message)) {
    const control = $(id);
    if (control.closest("details")) control.closest("details").open = true;
    const link = el("a", { href: "#" + id }, label);
    link.addEventListener("click", (e) => { e.preventDefault(); focusField(id); });
    problem.append(link, ": " + message);
  } else {
    problem.append(message);
  }
}

function focusField(id) {
  const c = $(id);
  const target = c.matches("fieldset") ? c.querySelector("input") : c;
  if (target) target.focus();
}

function showPage() {
  const g = game(), q = query(values());
  $("pageinfo").textContent = w("page_of", { page, pages });
  $("prev").disabled = page <= 1;
  $("next").disabled = page >= pages;
  q.set("page", page);
  const img = $("preview");
  $("sheetview").setAttribute("aria-busy", "true");
  img.alt = w("preview_alt", { page, pages });
  img.src = "/api/" + g.name + "/preview?" + q;
  q.set("dpi", "150");
  setLink("png", "/api/" + g.name + "/png?" + q);
}

// Copy: the Clipboard API where the page is a secure context, else the
// older copy command on the selected code, else the code selected to copy by hand.
async function copyCode() {
  const code = $("shown"), said = $("copied");
  said.classList.remove("ok");
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(code.value);
      said.textContent = w("copied"); said.classList.add("ok");
      return;
    }
  } catch (e) { /* fall back below */ }
  code.focus();
  code.select();
  let done = false;
  try { done = document.execCommand("copy"); } catch (e) { done = false; }
  if (done) { said.textContent = w("copied"); said.classList.add("ok"); }
  else said.textContent = w("copy_select");
}

// The class pack: every ticked game with its own settings as last set above.
// Until the games in the pack are ticked by hand, the pack is of the game
// chosen at the top of the page.
let packGamesTicked = false;
function packGames() {
  const box = $("pack-games");
  const ticked = [...box.querySelectorAll("input:checked")].map((c) => c.value);
  box.replaceChildren();
  for (const g of registry.games) {
    const c = el("input", { type: "checkbox", value: g.name, name: "games" });
    c.checked = packGamesTicked ? ticked.includes(g.name) : g.name === $("game").value;
    c.addEventListener("change", () => { packGamesTicked = true; });
    box.append(el("label", {}, c, " " + g.title));
  }
}

// The pack form's fields as the server reads them.
function packForm() {
  const form = new FormData();
  const games = [...document.querySelectorAll("#pack-games input:checked")].map((c) => c.value);
  for (const name of games) {
    form.append("games", name);
    const g = registry.games.find((x) => x.name === name);
    const mine = sent(g, chosen[name] || {});
    for (const s of g.settings) if (mine[s.name]) form.append(name + "." + s.name, mine[s.name]);
    if (mine.sheets) form.append(name + ".sheets", mine.sheets);
  }
  const main = values();
  form.append("seed", $("pack-seed").value);
  form.append("paper", main.paper);
  form.append("lang", main.lang);
  form.append("per-page", $("pack-per-page").value);
  if (main["large-print"]) form.append("large-print", "true");
  const per = document.querySelector("input[name='pack-per']:checked").value;
  form.append("per", per);
  if (per === "table") form.append("table-size", $("pack-table-size").value);
  if (per === "table" && $("pack-spread").checked) form.append("spread", "true");
  form.append("date", $("pack-date").value);
  if ($("pack-split").checked) form.append("split", "true");
  if ($("pack-file").files[0]) form.append("roster", $("pack-file").files[0]);
  if ($("pack-names").value.trim()) form.append("names", $("pack-names").value);
  if ($("pack-count").value.trim()) form.append("count", $("pack-count").value);
  return form;
}

async function makePack(event) {
  event.preventDefault();
  clearErrors("#packform");
  const status = $("packstatus");
  status.classList.remove("ok");
  // A class list larger than the server reads is said at once, at the list.
  const file = $("pack-file").files[0];
  if (file && file.size > registry.max_body) {
    packError({ error: w("pack_file_too_big"), field: "roster" });
    return;
  }
  if (new Blob([$("pack-names").value]).size > registry.max_body) {
    packError({ error: w("pack_names_too_long"), field: "names" });
    return;
  }
  const form = packForm();
  status.textContent = w("pack_making");
  $("makepack").disabled = true;
  let reply;
  try {
    reply = await ask("/api/pack", { method: "POST", body: form });
  } catch (e) {
    status.textContent = w("failed");
    $("makepack").disabled = false;
    return;
  }
  if (!reply.ok) {
    $("makepack").disabled = false;
    packError(await packRefusal(reply));
    return;
  }
  let blob;
  try {
    blob = await reply.blob();
  } catch (e) {
    status.textContent = w("failed");
    return;
  } finally {
    $("makepack").disabled = false;
  }
  const name = (reply.headers.get("Content-Disposition") || "").split('"')[1] || "pack.pdf";
  const a = el("a", { href: URL.createObjectURL(blob), download: name }, name);
  status.replaceChildren(w("pack_ready") + " ", a);
  status.classList.add("ok");
  const warning = reply.headers.get("X-Warning");
  if (warning) status.append(el("br"), w("pack_warning") + " " + decodeURIComponent(warning.replace(/\+/g, " ")));
  // The download starts at once, as "Download PDF" does; the link stays for another copy.
  a.click();
  a.focus();
}

// The first table's pages (or the first student's), as the pack prints them.
async function previewPack() {
  clearErrors("#packform");
  const status = $("packstatus"), box = $("packpreview");
  status.classList.remove("ok");
  status.textContent = w("pack_preview_making");
  $("previewpack").disabled = true;
  let reply;
  try {
    reply = await ask("/api/pack/preview", { method: "POST", body: packForm() });
  } catch (e) {
    status.textContent = w("failed");
    $("previewpack").disabled = false;
    return;
  }
  $("previewpack").disabled = false;
  if (!reply.ok) { box.replaceChildren(); packError(await packRefusal(reply)); return; }
  let body;
  try {
    body = await reply.json();
  } catch (e) {
    status.textContent = w("failed");
    return;
  }
  status.textContent = "";
  const [first, ...rest] = body.who;
  const title = rest.length
    ? w("pack_preview_table", { table: first, pages: body.pages })
    : w("pack_preview_student", { student: first, pages: body.pages });
  const strip = el("div", { class: "strip" });
  body.svgs.forEach((svg, i) => {
    // Each page opens full size in a tab of its own.
    const src = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
    const alt = w("preview_alt", { page: i + 1, pages: body.pages });
    const link = el("a", { href: src, target: "_blank", rel: "noopener" }, el("img", { src, alt }));
    strip.append(el("figure", {}, link, el("figcaption", {}, String(i + 1))));
  });
  const more = body.pages > body.svgs.length ? [el("p", { class: "help" }, w("pack_preview_more", { shown: body.svgs.length }))] : [];
  box.replaceChildren(el("h3", { tabindex: "-1" }, title), strip, ...more);
  box.querySelector("h3").focus();
}

// Names in the class list file chosen, counted when it is chosen: one a
// line, less a .csv file's heading line.
let packFileNames = 0;
async function countPackFile() {
  const file = $("pack-file").files[0];
  packFileNames = 0;
  if (file) {
    const lines = (await file.text()).split(/\r?\n/).filter((l) => l.trim()).length;
    packFileNames = file.name.toLowerCase().endsWith(".csv") ? Math.max(lines - 1, 0) : lines;
  }
  packSplit();
}

// How the class splits into tables, as the server will seat it: the
// larger tables first, none smaller than two below the chosen size.
function packSplit() {
  const note = $("pack-split-note");
  const atTables = document.querySelector("input[name='pack-per']:checked").value === "table";
  $("pack-table-field").hidden = !atTables;
  const names = $("pack-names").value.split("\n").filter((n) => n.trim()).length || Number($("pack-count").value) || packFileNames;
  const size = Number($("pack-table-size").value);
  if (!atTables || !names) { note.textContent = ""; return; }
  // Within the player limits of every game ticked, as the server seats them.
  let fewest = 1, most = Infinity;
  const titles = [];
  for (const box of document.querySelectorAll("#pack-games input:checked")) {
    const g = registry.games.find((x) => x.name === box.value);
    const players = g && g.settings.find((s) => s.name === "players");
    if (!players) continue;
    fewest = Math.max(fewest, players.min);
    most = Math.min(most, players.max);
    titles.push(g.title);
  }
  if (size < fewest || size > most) {
    note.textContent = w("pack_split_misfit", { size, games: titles.join(", "), min: fewest, max: most });
    return;
  }
  let tables = Math.ceil(names / size);
  while (tables > 1 && Math.floor(names / tables) < fewest) tables--;
  const base = Math.floor(names / tables), extra = names % tables;
  const parts = extra ? [[extra, base + 1], [tables - extra, base]] : [[tables, base]];
  if (tables === 1) { note.textContent = w("pack_split_one", { students: names }); return; }
  note.textContent = w("pack_split_note", { students: names, tables, sizes: parts.map(([n, s]) => w("pack_tables_of", { n, size: s })).join(", ") });
}

// A pack's refusal; one too large to read is about the class list.
async function packRefusal(reply) {
  const body = await refusalOf(reply);
  if (reply.status === 413 && !body.field) body.field = $("pack-file").files[0] ? "roster" : "names";
  return body;
}

const PACK_FIELDS = { games: "pack-games-set", seed: "pack-seed", per: "pack-per", "table-size": "pack-table-size", date: "pack-date", "per-page": "pack-per-page", count: "pack-count", names: "pack-names", roster: "pack-file" };
const PACK_LABELS = { games: "pack_games", seed: "pack_seed", per: "pack_per", "table-size": "pack_table_size", date: "pack_date", "per-page": "pack_per_page", count: "pack_count", names: "pack_names", roster: "pack_file" };

function packError(body) {
  const status = $("packstatus"), name = body.field || "";
  const dot = name.indexOf(".");
  if (dot > 0) {
    // A game's own setting: said here, and marked above when that game is shown.
    const gameName = name.slice(0, dot), setting = name.slice(dot + 1);
    const g = registry.games.find((x) => x.name === gameName);
    const label = g.title + ", " + settingWord(gameName, setting);
    status.replaceChildren(w("problem") + " " + label + ": " + tidy(body.error, gameName));
    if (gameName === game().name) showError("#settings", "f-" + setting, settingWord(gameName, setting), tidy(body.error, gameName));
    return;
  }
  if (PACK_FIELDS[name] && showError("#packform", PACK_FIELDS[name], w(PACK_LABELS[name]), tidy(body.error, ""))) {
    status.replaceChildren(w("problem") + " " + w(PACK_LABELS[name]));
    focusField(PACK_FIELDS[name]);
    return;
  }
  status.replaceChildren(w("problem") + " " + tidy(body.error || "", ""));
}

// Print again from a code: the PDF, or the error at the field.
async function regen(event) {
  event.preventDefault();
  clearErrors("#againform");
  const status = $("againstatus");
  status.textContent = "";
  const code = $("code").value.trim();
  let reply;
  try {
    reply = await ask("/api/regen?code=" + encodeURIComponent(code));
  } catch (e) {
    status.textContent = w("failed");
    return;
  }
  if (!reply.ok) {
    const body = await refusalOf(reply);
    showError("#againform", "code", w("again_label"), tidy(body.error, ""));
    $("code").focus();
    return;
  }
  const name = (reply.headers.get("Content-Disposition") || "").split('"')[1] || "sheets.pdf";
  let blob;
  try {
    blob = await reply.blob();
  } catch (e) {
    status.textContent = w("failed");
    return;
  }
  const a = el("a", { href: URL.createObjectURL(blob), download: name }, name);
  status.replaceChildren(a);
  a.focus();
}

// The game's actions (simulated games, odds, a roll scored), each a small
// form of its own inputs, run on the settings above.
function showActions() {
  const g = game(), list = $("action-list");
  list.replaceChildren();
  for (const a of g.actions || []) {
    const id = "a-" + a.name;
    // The page's own messages at the field, not the browser's.
    const form = el("form", { class: "action", id, novalidate: "" });
    form.append(el("h3", {}, words["action." + g.name + "." + a.name] || a.about));
    const inputs = el("div", { class: "grid" });
    for (const s of a.inputs) {
      // The seed is the form's own above.
      if (s.name === "seed") continue;
      const label = words["input." + g.name + "." + s.name] || s.help, fid = id + "-" + s.name;
      let control;
      if (s.type === "flag") {
        control = el("input", { type: "checkbox", name: s.name, value: "true" });
        const wrap = el("div", { class: "field" }, el("label", {}, control, " " + label));
        wrap.append(el("p", { class: "error", id: "err-" + fid }));
        control.id = fid;
        control.setAttribute("aria-describedby", "err-" + fid);
        inputs.append(wrap);
        continue;
      }
      if (s.type === "choice") control = select(s.values.map((v) => [v, valueWord(g.name, s.name, v)]), s.default);
      else if (s.type === "number") {
        control = el("input", { type: "number", inputmode: "numeric", min: String(s.min), max: String(s.max) });
        control.value = s.default;
        // A default that depends on other settings (the players) is the game's own.
        if (!s.default) control.placeholder = w("automatic");
      } else control = el("input", { type: "text", spellcheck: "false", autocomplete: "off" });
      control.name = s.name;
      inputs.append(field(fid, label, control));
    }
    form.append(inputs);
    const out = el("pre", { class: "report", id: id + "-out", "aria-live": "polite", tabindex: "-1" });
    form.append(el("button", { type: "submit", class: "secondary" }, words["action_run." + g.name + "." + a.name] || w("action_run")), out);
    form.addEventListener("submit", (e) => { e.preventDefault(); runAction(g, a, form, out); });
    list.append(form);
  }
}

async function runAction(g, a, form, out) {
  clearErrors("#" + form.id);
  const bad = [...form.querySelectorAll("input[type=number]")].find((c) => c.validity.badInput);
  if (bad) {
    const input = a.inputs.find((s) => s.name === bad.name);
    showError("#" + form.id, bad.id, words["input." + g.name + "." + bad.name] || input.help, w("not_a_number"));
    out.textContent = "";
    bad.focus();
    return;
  }
  const q = query(values());
  for (const s of a.inputs) {
    const c = form.querySelector("[name='" + s.name + "']");
    if (!c) continue;
    if (s.type === "flag") { if (c.checked) q.set(s.name, "true"); }
    else if (c.value.trim()) q.set(s.name, c.value.trim());
  }
  out.textContent = w("action_working");
  let reply, body;
  try {
    reply = await ask("/api/" + g.name + "/action/" + a.name + "?" + q);
    body = reply.ok ? await reply.json() : await refusalOf(reply);
  } catch (e) {
    out.textContent = w("failed");
    return;
  }
  if (!reply.ok) {
    const name = body.field || "";
    const message = tidy(body.error || "", g.name);
    const input = a.inputs.find((s) => s.name === name);
    if (input && showError("#" + form.id, form.id + "-" + name, words["input." + g.name + "." + name] || input.help, message)) {
      out.textContent = "";
      focusField(form.id + "-" + name);
    } else if (name && showError("#settings", "f-" + name, settingWord(g.name, name), message)) {
      out.textContent = w("problem") + " " + settingWord(g.name, name) + ": " + message;
    } else out.textContent = w("problem") + " " + message;
    return;
  }
  out.textContent = body.text;
}

async function checkLayout() {
  const file = $("layout").files[0];
  if (!file) return;
  const list = $("verdict");
  list.replaceChildren();
  const say = (text) => list.append(el("li", {}, text));
  if (file.size > registry.max_body) { say(w("layout_too_big")); return; }
  let r, body;
  try {
    r = await ask("/api/validate/" + game().name, { method: "POST", body: await file.text() });
    body = r.ok ? await r.json() : await refusalOf(r);
  } catch (e) {
    say(w("failed"));
    return;
  }
  if (!r.ok) say(body.error);
  else if (body.legal) say(w("check_legal", { name: file.name }));
  else for (const v of body.violations) say(v.rule + ": " + v.message);
}

// The page's words in `lang`: every fixed label, then the form again.
async function setLanguage(lang) {
  const seedWas = words.pack_seed_default;
  words = await (await fetch("/api/words?lang=" + encodeURIComponent(lang))).json();
  // The pack seed's suggestion follows the language until it is changed.
  if ($("pack-seed").value === "" || $("pack-seed").value === seedWas) $("pack-seed").value = w("pack_seed_default");
  uiLang = lang;
  document.documentElement.lang = lang;
  document.title = w("page_title");
  for (const e of document.querySelectorAll("[data-w]")) e.textContent = w(e.dataset.w);
  for (const e of document.querySelectorAll("[data-w-label]")) e.setAttribute("aria-label", w(e.dataset.wLabel));
  try { localStorage.setItem("panicpress-page-language", lang); } catch (e) { /* private browsing */ }
  $("uilang").value = lang;
  if (!sheetLangChosen && chosen[$("game").value]) chosen[$("game").value].lang = sheetLanguage();
  showGame();
}

async function start() {
  registry = await (await fetch("/api/games")).json();
  for (const g of registry.games) $("game").append(el("option", { value: g.name }, g.title));
  packGames();
  let lang = "en";
  try { lang = localStorage.getItem("panicpress-page-language") || ""; } catch (e) { lang = ""; }
  if (!lang) lang = (navigator.language || "en").toLowerCase().startsWith("de") ? "de" : "en";
  $("game").addEventListener("change", () => { showGame(); packGames(); packSplit(); });
  $("settings").addEventListener("input", (e) => {
    if (e.target.id === "game") return;
    if (e.target.name === "lang") sheetLangChosen = true;
    presetChosen(e.target);
    changed();
  });
  $("settings").addEventListener("submit", (e) => e.preventDefault());
  $("uilang").addEventListener("change", () => setLanguage($("uilang").value));
  $("prev").addEventListener("click", () => { if (page > 1) { page--; showPage(); } });
  $("next").addEventListener("click", () => { if (page < pages) { page++; showPage(); } });
  $("preview").addEventListener("load", () => $("sheetview").setAttribute("aria-busy", "false"));
  $("copy").addEventListener("click", copyCode);
  $("packform").addEventListener("submit", makePack);
  $("previewpack").addEventListener("click", previewPack);
  $("packform").addEventListener("input", packSplit);
  $("packform").addEventListener("change", packSplit);
  $("pack-file").addEventListener("change", countPackFile);
  $("againform").addEventListener("submit", regen);
  $("layout").addEventListener("change", checkLayout);
  await setLanguage(lang);
}

start();
