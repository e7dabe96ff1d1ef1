// The play table's front end (anywidget ESM). It draws the "state" trait that
// durak_lab.widgets.play.table.PlayTable sends, and sends every click back as a
// custom message {do: ...}. It holds no game logic: Python checks every move.
// Bot moves are paced here (setTimeout), so no kernel thread is needed.
// The UI contract (classes, data attributes, messages) is documented in play_table.py.

const BOT_RETRY_MS = 4000; // ask again if a bot request got no answer
const REVIEW_PACE_MS = 30; // between two steps of the review at the end (the page redraws meanwhile)

// Card texts (7♦, 10♠) and seat names (P3) inside a sentence, each isolated in a <bdi> so that a
// right-to-left sentence (Hebrew) never reverses them; the text itself is unchanged.
const ISOLATE = /((?:10|[2-9TJQKA])[♠♥♦♣]|P\d{1,2}(?![\d\w]))/u;

// Whether the focus has left the widget, or sits on a control a redraw disabled or hid (Chromium keeps a
// disabled button focused for a moment, then drops the focus to the page's body).
function focusLost(root) {
  const a = document.activeElement;
  return !a || !root.contains(a) || a.disabled === true || a.hidden === true;
}

function isolated(text) {
  return String(text).split(ISOLATE).map((part, i) => (i % 2 === 1
    ? Object.assign(document.createElement("bdi"), { textContent: part }) : document.createTextNode(part)));
}

function h(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.replaceChildren(...isolated(value));
    else if (key === "on") for (const [ev, fn] of Object.entries(value)) node.addEventListener(ev, fn);
    else if (key === "data") for (const [k, v] of Object.entries(value)) node.dataset[k] = String(v);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function cardButton(card, key, onClick, extra = "") {
  const cls = ["dl-card", "dl-pt-card", card.red ? "dl-red" : "dl-black", extra];
  for (const flag of ["trump", "playable", "selected", "picked", "new"]) if (card[flag]) cls.push("dl-" + flag);
  return h("button", {
    class: cls.filter(Boolean).join(" "), type: "button", "aria-label": card.label, title: card.label,
    "aria-pressed": card.selected || card.picked ? "true" : null,
    data: { card: card.card, key }, on: { click: onClick },
  },
  h("span", { class: "dl-pt-corner", "aria-hidden": "true" },
    h("span", { text: card.rank }), h("span", { text: card.suit })),
  h("span", { class: "dl-pt-pip", "aria-hidden": "true", text: card.suit }));
}

// The browser's languages, most wanted first (navigator.languages; an old browser has navigator.language only).
function browserLanguages() {
  const nav = globalThis.navigator || {};
  return [...(nav.languages || []), nav.language].filter((x) => typeof x === "string").slice(0, 20);
}

// ------------------------------------------------------------ glossary words
// The "glossary" trait (durak_lab.text.glossary.glossary_json): {terms: {word: meaning}, forms:
// {spelling: word}, not_before: {word: pattern}}, and for some languages bound ("start": anything may
// follow a spelling, as a Korean particle does; "none": no spaces part the words, as in Chinese) and
// prefixes (letters written onto the front of a word, up to 3, as Hebrew's). glossed() splits a plain
// text into text nodes and, for the first use of each word, <abbr class="dl-term" title="meaning"
// tabindex="0">: the meaning on hover, and from the keyboard (the CSS shows the title while the word
// has the focus). Only DOM nodes are built (textContent), so no text of a lesson or a learner is ever
// read as HTML.
const glossaryCache = new WeakMap();

function glossaryWords(gloss) {
  if (!gloss || !gloss.forms || !gloss.terms) return null;
  if (glossaryCache.has(gloss)) return glossaryCache.get(gloss);
  const esc = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  const forms = Object.keys(gloss.forms).sort((a, b) => b.length - a.length); // "trump card" before "trump"
  let words = null;
  if (forms.length) {
    const alt = forms.map((f) => f.split(/\s+/).map(esc).join("\\s+")).join("|");
    const after = {};
    for (const [term, pattern] of Object.entries(gloss.not_before || {})) {
      try { after[term] = new RegExp("^(?:" + pattern + ")", "iu"); } catch (e) { /* a pattern JS cannot read */ }
    }
    const edge = "[\\p{L}\\p{N}_-]"; // a letter or digit of any script, _ or -
    const bound = gloss.bound || "words";
    const before = bound === "none" ? "" : `(?<!${edge})`;
    const behind = bound === "words" ? `(?!${edge})` : "";
    const front = (gloss.prefixes || []).slice().sort((a, b) => b.length - a.length).map(esc).join("|");
    // group 1 is the spelling; the whole match (a prefix with it) is the word marked. The fewest prefix
    // letters first: a spelling that starts with one (Hebrew's ההתקפה הראשונה) is found whole.
    words = { re: new RegExp(`${before}${front ? `(?:${front}){0,3}?` : ""}(${alt})${behind}`, "giu"), after };
  }
  glossaryCache.set(gloss, words);
  return words;
}

function glossed(text, gloss, key) {
  const str = text === null || text === undefined ? "" : String(text);
  if (!str) return [];
  const words = glossaryWords(gloss);
  if (!words) return isolated(str);
  const out = [];
  const seen = new Set();
  let pos = 0;
  for (const m of str.matchAll(words.re)) {
    const word = m[0];
    const term = gloss.forms[m[1].toLowerCase().split(/\s+/).join(" ")];
    if (!term || seen.has(term) || !gloss.terms[term]) continue;
    const after = words.after[term];
    if (after && after.test(str.slice(m.index + word.length))) continue;
    seen.add(term);
    if (m.index > pos) out.push(...isolated(str.slice(pos, m.index)));
    out.push(h("abbr", { class: "dl-term", title: gloss.terms[term], tabindex: 0,
      data: { term, key: `${key}:${term}` }, text: word }));
    pos = m.index + word.length;
  }
  if (pos < str.length) out.push(...isolated(str.slice(pos)));
  return out;
}

function backs(count, max = 6) {
  const row = h("span", { class: "dl-pt-backs", "aria-hidden": "true" });
  for (let i = 0; i < Math.min(count, max); i++) row.append(h("span", { class: "dl-pt-back" }));
  return row;
}

function render({ model, el }) {
  const send = (msg) => model.send(msg);
  // who sits here: the name the lessons' "Who are you?" left in this browser (saved games go to that
  // student's own folder)
  let student = null;
  try { student = window.localStorage.getItem("durak-lab-student"); } catch (e) { student = null; }
  if (student) send({ do: "hello", student });
  const root = h("div", { class: "dl-play-table" });
  const top = h("div", { class: "dl-pt-top" });
  const felt = h("div", { class: "dl-pt-felt" });
  const talk = h("div", { class: "dl-pt-talk" });
  const actions = h("div", { class: "dl-pt-actions", role: "group" });
  const hand = h("div", { class: "dl-pt-hand", role: "group" });
  const footer = h("div", { class: "dl-pt-footer" });
  root.append(top, felt, talk, actions, hand, footer);
  el.classList.add("dl-pt-host");
  el.append(root);

  // ------------------------------------------------------------ the parts built once
  const labels = () => (model.get("state") || {}).labels || {};
  const gloss = () => model.get("glossary");
  const newButton = h("button", { class: "dl-pt-button dl-pt-new", type: "button", data: { key: "foot:new" },
    on: { click: () => send({ do: "new", settings: readForm() }) } });
  const rematchButton = h("button", {
    class: "dl-pt-button dl-pt-rematch", type: "button", data: { key: "foot:rematch" },
    on: { click: () => send({ do: "rematch" }) } });
  const saveButton = h("button", { class: "dl-pt-button dl-pt-save", type: "button", data: { key: "foot:save" },
    on: { click: () => send({ do: "save" }) } });
  const download = h("a", { class: "dl-pt-download", hidden: true });
  const settings = h("details", { class: "dl-pt-settings" });
  const settingsSummary = h("summary", {});
  const form = h("div", { class: "dl-pt-form" });
  settings.append(settingsSummary, form);
  // the language picker: each language named in itself; the words change, the game goes on
  const langSelect = h("select", { class: "dl-pt-language", data: { key: "foot:language" },
    on: { change: (e) => send({ do: "language", lang: e.target.value }) } });
  let langShown = null;
  const log = h("details", { class: "dl-pt-log" });
  const logSummary = h("summary", {});
  const logList = h("ol", {});
  log.append(logSummary, logList);
  footer.append(h("div", { class: "dl-pt-footer-row" }, newButton, rematchButton, saveButton, download),
    h("div", { class: "dl-pt-footer-row" }, settings, log, langSelect));

  const fields = {};
  let formGame = -1;
  let formLang = null;
  const uid = Math.random().toString(36).slice(2, 8);

  function field(name, labelKey, input) {
    const id = `dl-pt-${name}-${uid}`;
    input.id = id;
    input.dataset.setting = name;
    fields[name] = input;
    return h("div", { class: "dl-pt-field" }, h("label", { for: id, "data-label": labelKey }), input);
  }

  function fillOptions(select, choices, keep) {
    const value = keep !== undefined ? String(keep) : select.value;
    select.replaceChildren(...choices.map(([v, text]) => h("option", { value: v, text })));
    if ([...select.options].some((o) => o.value === value)) select.value = value;
  }

  function buildForm() {
    form.append(
      field("vs", "settings-bots", h("select", {})),
      field("preset", "settings-rules", h("select", { on: { change: limitSeats } })),
      field("players", "settings-players", h("select", { on: { change: limitSeats } })),
      field("seat", "settings-seat", h("select", {})),
      field("humans", "settings-people", h("select", {})),
      field("seed", "settings-seed", h("input", { type: "text", inputmode: "numeric", size: 8, autocomplete: "off" })),
      field("class_deal", "class-deal-label", h("input", { type: "text", size: 22, autocomplete: "off",
        spellcheck: "false", on: { keydown: (e) => e.stopPropagation() } })),
      field("speed", "settings-speed",
        h("select", { on: { change: (e) => send({ do: "speed", speed: e.target.value }) } })),
      field("coach", "settings-coach",
        h("input", { type: "checkbox", on: { change: (e) => send({ do: "coach", on: e.target.checked }) } })),
    );
    fields.coach.parentElement.classList.add("dl-pt-check");
  }

  function players() {
    const st = model.get("state");
    const fixed = (st.settings.fixed || {})[fields.preset.value];
    return fixed || Number(fields.players.value) || 2;
  }

  function limitSeats() {
    const st = model.get("state");
    const n = players();
    if (String(n) !== fields.players.value) fields.players.value = String(n);
    fillOptions(fields.seat, st.settings.choices.seat.slice(0, n));
    fillOptions(fields.humans, st.settings.choices.humans.slice(0, n));
  }

  function readForm() {
    const out = {};
    for (const [name, input] of Object.entries(fields)) if (name !== "coach") out[name] = input.value;
    for (const name of ["players", "seat", "humans"]) out[name] = Number(out[name]);
    return out;
  }

  function updateForm(st) {
    fields.coach.checked = st.coach.on; // also turned on and off by the Coach button
    // filled in for each new game only: a redraw must not undo what the person is typing
    const c = st.settings.choices;
    if (st.lang !== formLang && formGame !== -1) {  // the words of the choices, keeping what is chosen
      formLang = st.lang;
      for (const name of ["vs", "preset", "players", "speed"]) fillOptions(fields[name], c[name]);
      limitSeats();
    }
    if (st.settings.game === formGame) return;
    formGame = st.settings.game;
    formLang = st.lang;
    const v = st.settings.values;
    for (const name of ["vs", "preset", "players", "speed"]) fillOptions(fields[name], c[name], v[name]);
    fillOptions(fields.seat, c.seat.slice(0, v.players), v.seat);
    fillOptions(fields.humans, c.humans.slice(0, v.players), v.humans);
    fields.seed.value = v.seed;
    fields.class_deal.value = v.class_deal || "";
  }

  let askedBrowser = false;
  function drawLanguage(st) {
    if (!st.lang) { langSelect.hidden = true; return; }  // a lesson's table: the lesson player's picker
    if (st.auto_lang && !askedBrowser) {  // nobody chose a language: the browser's own, once
      askedBrowser = true;
      send({ do: "browser-language", langs: browserLanguages() });
    }
    root.dir = st.dir || "ltr";
    root.lang = st.lang;
    if (langShown !== st.lang) {
      langShown = st.lang;
      fillOptions(langSelect, st.languages || [], st.lang);
      langSelect.setAttribute("aria-label", (st.languages || []).map((x) => x[1]).join(" · "));
    }
  }

  function drawLabels(st) {
    const L = st.labels;
    newButton.textContent = L["button-new"];
    rematchButton.textContent = L["button-rematch"];
    saveButton.textContent = L["button-save"];
    settingsSummary.textContent = L["button-settings"];
    logSummary.textContent = L["button-log"];
    for (const label of form.querySelectorAll("label[data-label]")) label.textContent = L[label.dataset.label];
    actions.setAttribute("aria-label", L["moves-label"]);
  }

  // ------------------------------------------------------------ the download link
  let blobUrl = null;
  function drawDownload() {
    const d = model.get("download") || {};
    if (blobUrl) URL.revokeObjectURL(blobUrl);
    blobUrl = null;
    if (!d.text) { download.hidden = true; return; }
    blobUrl = URL.createObjectURL(new Blob([d.text], { type: "application/json" }));
    download.href = blobUrl;
    download.download = d.name;
    download.textContent = `${labels()["button-download"]} (${d.name})`;
    download.hidden = false;
  }

  // ------------------------------------------------------------ bots, paced here
  let botTimer = null;
  let botTick = -1;
  function scheduleBot(st) {
    if (!(st.bot && st.acting === "bot")) { clearTimeout(botTimer); botTick = -1; return; }
    if (botTick === st.tick) return;
    clearTimeout(botTimer);
    botTick = st.tick;
    const ask = (wait) => {
      botTimer = setTimeout(() => {
        const now = model.get("state");
        if (!now || now.tick !== st.tick) return;
        send({ do: "bot", tick: st.tick });
        ask(BOT_RETRY_MS);
      }, wait);
    };
    ask(st.pace);
  }

  // ------------------------------------------------------------ the review at the end, one decision a message
  let reviewTimer = null;
  let reviewKey = "";
  function scheduleReview(st) {
    const r = st.reviewing;
    if (!r) { clearTimeout(reviewTimer); reviewKey = ""; return; }
    const key = `${st.tick}:${r.step}`;
    if (reviewKey === key) return;
    clearTimeout(reviewTimer);
    reviewKey = key;
    const ask = (wait) => {
      reviewTimer = setTimeout(() => {
        const now = model.get("state");
        if (!now || !now.reviewing || now.tick !== st.tick || now.reviewing.step !== r.step) return;
        send({ do: "review", step: r.step, tick: st.tick });
        ask(BOT_RETRY_MS);
      }, wait);
    };
    ask(REVIEW_PACE_MS);
  }

  // ------------------------------------------------------------ drawing the state
  function seatBox(seat) {
    return h("div", {
      class: "dl-pt-seat" + (seat.acting ? " dl-acting" : ""),
      role: "group", "aria-label": `${seat.name}: ${seat.count_text}${seat.role ? ", " + seat.role : ""}`,
      data: { seat: seat.seat, area: seat.area, order: seat.order, role: seat.role_kind || "none" },
    },
    h("div", { class: "dl-pt-seat-name" }, h("strong", { text: seat.name }),
      seat.role ? h("span", { class: `dl-pt-role dl-pt-role-${seat.role_kind}`, text: seat.role }) : null),
    h("div", { class: "dl-pt-seat-cards" }, backs(seat.count),
      h("span", { class: "dl-pt-count", text: seat.count_text })),
    seat.known ? h("div", { class: "dl-pt-known", text: seat.known }) : null);
  }

  // the live regions stay in place (a screen reader announces their changes); the rest is drawn anew
  const status = h("p", { class: "dl-pt-status", role: "status" });
  const tools = h("div", { class: "dl-pt-tools", role: "group" });
  top.append(status, tools);
  const said = h("p", { class: "dl-pt-said", "aria-live": "polite" });
  const feedback = h("p", { class: "dl-pt-feedback", "aria-live": "polite" });
  const warning = h("div", { class: "dl-pt-coach-warning", role: "alert", hidden: true });
  const review = h("div", { class: "dl-pt-review", role: "group", hidden: true });
  talk.append(said, feedback, warning, review);

  function drawTop(st) {
    const L = st.labels;
    const tool = (key, text, msg, extra = {}) => h("button", {
      class: `dl-pt-button dl-pt-${key}`, type: "button", data: { key: "tool:" + key }, text,
      on: { click: () => send(msg) }, ...extra });
    status.replaceChildren(...isolated(st.status));
    tools.setAttribute("aria-label", L["tools-label"]);
    tools.replaceChildren(
      tool("hint", L["button-hint"], { do: "hint" }),
      tool("options", L["button-options"], { do: "options" }),
      tool("undo", L["button-undo"], { do: "undo" }, { disabled: !st.can_undo }),
      tool("coach", L["button-coach"], { do: "coach", on: !st.coach.on },
        { "aria-pressed": st.coach.on ? "true" : "false" }));
  }

  const tableCard = (card, cls) =>
    cardButton(card, "table:" + card.card, () => send({ do: "target", card: card.card }), cls);

  function drawFelt(st) {
    const L = st.labels;
    const area = (name) => h("div", { class: `dl-pt-area dl-pt-area-${name}` },
      st.seats.filter((s) => s.area === name).map(seatBox));
    const pairs = st.table.map((pair) => h("div", { class: "dl-pt-pair" + (pair.cover ? " dl-covered" : "") },
      tableCard(pair.attack, "dl-pt-attack"), pair.cover ? tableCard(pair.cover, "dl-pt-cover") : null));
    const deck = h("div", { class: "dl-pt-deck" },
      h("div", { class: "dl-pt-talon-cards" },
        st.trump_card ? h("span", { class: "dl-pt-back dl-pt-talon-back", "aria-hidden": "true" }) : null,
        st.trump_card ? cardButton(st.trump_card, "trump", () => send({ do: "swap" }), "dl-pt-trump-card") : null),
      h("div", { class: "dl-pt-talon", text: st.talon }),
      h("div", { class: "dl-pt-trump", text: st.trump }));
    felt.replaceChildren(area("top"), area("left"),
      h("div", { class: "dl-pt-centre" }, deck,
        h("div", { class: "dl-pt-table", role: "group", "aria-label": L["table-label"] },
          pairs.length ? pairs : h("span", { class: "dl-pt-table-empty", text: L["table-empty"] })),
        h("div", { class: "dl-pt-bito", text: st.bito })),
      area("right"));
  }

  function drawTalk(st) {
    said.setAttribute("aria-label", st.labels["said-label"]);
    said.replaceChildren(...glossed(st.said.join(" "), gloss(), "term:said"));
    feedback.replaceChildren(...glossed(st.feedback, gloss(), "term:feedback"));
    feedback.dataset.kind = st.feedback_kind;
    feedback.setAttribute("aria-live", st.feedback_kind === "illegal" ? "assertive" : "polite");
    feedback.hidden = !st.feedback;
    warning.hidden = !st.coach.warning;
    warning.replaceChildren(...(st.coach.warning ? [
      h("span", { text: st.coach.warning }),
      h("button", { class: "dl-pt-button dl-pt-anyway", type: "button", data: { key: "coach:anyway" },
        text: st.coach.anyway, on: { click: () => send({ do: "anyway" }) } }),
      h("button", { class: "dl-pt-button dl-pt-again", type: "button", data: { key: "coach:again" },
        text: st.coach.again, on: { click: () => send({ do: "again" }) } })] : []));
    review.hidden = !st.review.length;
    review.setAttribute("aria-busy", st.reviewing ? "true" : "false");
    review.setAttribute("aria-label", st.review[0] || "");
    review.replaceChildren(...(st.review.length ? [h("strong", { text: st.review[0] }),
      h("ul", {}, st.review.slice(1).map((line) => h("li", { text: line })))] : []));
  }

  function drawActions(st) {
    const buttons = st.actions.map((a) => h("button", {
      class: `dl-pt-button dl-pt-action dl-pt-${a.do}`, type: "button", data: { do: a.do, key: "act:" + a.do },
      text: a.label, on: { click: () => send({ do: a.do }) } }));
    if (st.reveal) {
      buttons.push(h("button", { class: "dl-pt-button dl-pt-reveal", type: "button", data: { key: "act:reveal" },
        text: st.reveal, on: { click: () => send({ do: "reveal" }) } }));
    }
    actions.replaceChildren(...buttons);
  }

  function drawHand(st) {
    const me = st.me || {};
    hand.setAttribute("aria-label", me.label || "");
    hand.dataset.seat = me.seat || "";
    const head = h("div", { class: "dl-pt-hand-head" }, h("strong", { text: me.name || "" }),
      me.role ? h("span", { class: `dl-pt-role dl-pt-role-${me.role_kind}`, text: me.role }) : null);
    const cards = me.shown
      ? st.hand.map((c) => cardButton(c, "hand:" + c.card, () => send({ do: "card", card: c.card })))
      : [backs(me.count || 0, 12), h("span", { class: "dl-pt-count", text: me.face_down || "" })];
    hand.replaceChildren(head, h("div", { class: "dl-pt-cards" }, cards));
  }

  function draw() {
    const st = model.get("state");
    if (!st || !st.serial) return;
    const active = document.activeElement;
    const focusKey = active && root.contains(active) ? active.dataset.key : null;
    if (!Object.keys(fields).length) buildForm();
    drawLanguage(st);
    drawLabels(st);
    updateForm(st);
    drawTop(st);
    drawFelt(st);
    drawTalk(st);
    drawActions(st);
    drawHand(st);
    logList.replaceChildren(...st.log.map((line) => h("li", { text: line })));
    rematchButton.disabled = false;
    Object.assign(root.dataset, { tick: st.tick, serial: st.serial, acting: st.acting, players: st.players,
      seat: (st.me || {}).seat || "" });
    if (focusKey && focusLost(root)) {
      const again = root.querySelector(`[data-key="${CSS.escape(focusKey)}"]`)
        || (focusKey.startsWith("hand:") || focusKey.startsWith("table:") || focusKey.startsWith("act:")
          ? root.querySelector(".dl-pt-hand button, .dl-pt-actions button") : null);
      if (again && !again.disabled) again.focus();
      if (focusLost(root)) root.focus();
    }
    scheduleBot(st);
    scheduleReview(st);
  }

  model.on("change:state", draw);
  model.on("change:download", drawDownload);
  draw();
  drawDownload();
  return () => {
    clearTimeout(botTimer);
    clearTimeout(reviewTimer);
    model.off("change:state", draw);
    model.off("change:download", drawDownload);
    if (blobUrl) URL.revokeObjectURL(blobUrl);
  };
}

export default { render };
