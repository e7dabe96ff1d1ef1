// The analysis board's front end (anywidget ESM). It draws the "state" trait that
// durak_lab.widgets.board.AnalysisBoard sends and sends every click back as a custom message
// {do: ...}. It holds no game logic: Python checks every move and does all the thinking. The
// thinking is paced here: after a redraw that says "thinking", one message asks for one more piece
// of it, for the node shown (an old node's answer never draws over a newer one: Python ignores it).
// The UI contract (classes, data attributes, messages) is documented in durak_lab/widgets/board/widget.py.

const THINK_RETRY_MS = 5000; // ask again if an ask for thinking got no answer
const MAX_UPLOAD = 2_000_000; // bytes of a record file read from the computer
// The mark under a card of the setup's grid (its words are the card's aria-label and title); a seat's
// hand is marked by the seat's name (P1).
const PLACE_MARKS = { attack: "▲", cover: "▼", discard: "✕", trump: "★", unknown: "?" };

// Card texts (7♦, 10♠) and seat names (P3) inside a sentence, each isolated in a <bdi> so that a
// right-to-left sentence (Hebrew) never reverses them.
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

function card(c, extra = "") {
  const cls = ["dl-card", "dl-bd-card", c.red ? "dl-red" : "dl-black", c.trump ? "dl-trump" : "", extra];
  return h("span", { class: cls.filter(Boolean).join(" "), role: "img", "aria-label": c.label, title: c.label,
    data: { card: c.card } },
  h("span", { class: "dl-bd-rank", "aria-hidden": "true", text: c.rank }),
  h("span", { class: "dl-bd-suit", "aria-hidden": "true", text: c.suit }));
}

function browserLanguages() {
  const nav = globalThis.navigator || {};
  return [...(nav.languages || []), nav.language].filter((x) => typeof x === "string").slice(0, 20);
}

function fillOptions(select, pairs, chosen) {
  select.replaceChildren(...pairs.map(([value, label]) => Object.assign(h("option", { value, selected: value === chosen }),
    { textContent: label })));  // an option holds plain text only
  if (chosen !== undefined) select.value = chosen;
}

function render({ model, el }) {
  const send = (msg) => model.send(msg);
  let student = null;
  try { student = window.localStorage.getItem("durak-lab-student"); } catch (e) { student = null; }
  if (student) send({ do: "hello", student });

  const root = h("div", { class: "dl-board", tabindex: "-1" });
  // the top: open, modes, language
  const openBox = h("details", { class: "dl-bd-open" });
  const openSummary = h("summary");
  const exampleSelect = h("select", { class: "dl-bd-example" });
  const gameSelect = h("select", { class: "dl-bd-game" });
  const exampleLabel = h("label", {}, h("span"), exampleSelect);
  const gameLabel = h("label", {}, h("span"), gameSelect);
  const openExample = h("button", { type: "button", class: "dl-bd-open-go", data: { from: "example" },
    on: { click: () => send({ do: "open", example: exampleSelect.value }) } });
  const openGame = h("button", { type: "button", class: "dl-bd-open-go", data: { from: "game" },
    on: { click: () => { if (gameSelect.value) send({ do: "open", game: gameSelect.value }); } } });
  const fileInput = h("input", { type: "file", class: "dl-bd-file", accept: ".json,application/json" });
  const fileLabel = h("label", {}, h("span"), fileInput);
  fileInput.addEventListener("change", async () => {
    const f = fileInput.files && fileInput.files[0];
    if (!f) return;
    const buf = new Uint8Array(await f.slice(0, MAX_UPLOAD + 1).arrayBuffer());
    send({ do: "open", upload: { name: f.name, content: Array.from(buf) } });
    fileInput.value = "";
  });
  openBox.append(openSummary, h("div", { class: "dl-bd-open-row" }, exampleLabel, openExample),
    h("div", { class: "dl-bd-open-row" }, gameLabel, openGame), h("div", { class: "dl-bd-open-row" }, fileLabel));
  const modeSeat = h("button", { type: "button", class: "dl-bd-mode", data: { mode: "seat" },
    on: { click: () => send({ do: "mode", open: false }) } });
  const modeOpen = h("button", { type: "button", class: "dl-bd-mode", data: { mode: "open" },
    on: { click: () => send({ do: "mode", open: true }) } });
  const seatSelect = h("select", { class: "dl-bd-seat", on: { change: (e) => send({ do: "seat", seat: e.target.value }) } });
  const seatLabel = h("label", { class: "dl-bd-seat-label" }, h("span"), seatSelect);
  const langSelect = h("select", { class: "dl-language",
    on: { change: (e) => send({ do: "language", lang: e.target.value }) } });
  const title = h("div", { class: "dl-bd-title" });
  const modes = h("div", { class: "dl-bd-modes", role: "group" }, modeSeat, modeOpen, seatLabel, langSelect);
  const top = h("div", { class: "dl-bd-top" }, title, modes, openBox);
  // setting a position up by clicking (the "setup" of the state): filled in by drawSetup
  const setupBox = h("details", { class: "dl-bd-setup" });
  const setupSummary = h("summary");
  const setupBody = h("div", { class: "dl-bd-setup-body" });
  setupBox.append(setupSummary, setupBody);

  // the left: the cards, the navigation, the lines
  const status = h("div", { class: "dl-bd-status", role: "status" });
  const felt = h("div", { class: "dl-bd-felt" });
  const nav = h("div", { class: "dl-bd-nav", role: "group" });
  const navButtons = {};
  for (const what of ["start", "back", "forward", "end"]) {
    navButtons[what] = h("button", { type: "button", class: "dl-bd-nav-btn", data: { do: what },
      on: { click: () => send({ do: what }) } });
    nav.append(navButtons[what]);
  }
  const linesHead = h("h3", { class: "dl-bd-h" });
  const lines = h("div", { class: "dl-bd-lines" });
  const commentBox = h("textarea", { class: "dl-bd-comment-text", rows: "2", maxlength: "2000" });
  const commentLabel = h("label", { class: "dl-bd-comment" }, h("span"), commentBox);
  const commentSave = h("button", { type: "button", class: "dl-bd-comment-save",
    on: { click: () => send({ do: "comment", text: commentBox.value }) } });
  const delButton = h("button", { type: "button", class: "dl-bd-delete", on: { click: () => send({ do: "delete" }) } });
  const promoteButton = h("button", { type: "button", class: "dl-bd-promote",
    on: { click: () => send({ do: "promote" }) } });
  const saveButton = h("button", { type: "button", class: "dl-bd-save", on: { click: () => send({ do: "save" }) } });
  const download = h("a", { class: "dl-bd-download", hidden: true });
  const tools = h("div", { class: "dl-bd-tools" }, commentSave, delButton, promoteButton, saveButton, download);
  const left = h("div", { class: "dl-bd-left" }, status, felt, nav, linesHead, lines, commentLabel, tools);

  // the right: the thinking
  const evalBox = h("div", { class: "dl-bd-eval", "aria-live": "polite" });
  const movesHead = h("h3", { class: "dl-bd-h" });
  const moves = h("div", { class: "dl-bd-moves", role: "group" });
  const lineBox = h("div", { class: "dl-bd-best-line" });
  const trumps = h("div", { class: "dl-bd-trumps" });
  const tree = h("div", { class: "dl-bd-tree" });
  const feedback = h("div", { class: "dl-bd-feedback", "aria-live": "polite", hidden: true });
  const right = h("div", { class: "dl-bd-right" }, feedback, evalBox, movesHead, moves, lineBox, trumps, tree);
  root.append(top, setupBox, h("div", { class: "dl-bd-main" }, left, right));
  el.append(root);

  // the keyboard: arrows, Home and End move through the lines while the board has the focus
  root.addEventListener("keydown", (e) => {
    const tag = (e.target && e.target.tagName) || "";
    if (["TEXTAREA", "INPUT", "SELECT"].includes(tag)) return;
    const rtl = root.dir === "rtl";
    const keys = { ArrowLeft: rtl ? "forward" : "back", ArrowRight: rtl ? "back" : "forward", Home: "start", End: "end",
      ArrowUp: "back", ArrowDown: "forward" };
    const what = keys[e.key];
    if (!what) return;
    e.preventDefault();
    send({ do: what });
  });

  let langShown = null;
  let askedBrowser = false;
  function drawTop(st) {
    const L = st.labels;
    if (st.auto_lang && !askedBrowser) { askedBrowser = true; send({ do: "browser-language", langs: browserLanguages() }); }
    root.dir = st.dir || "ltr";
    root.lang = st.lang || "en";
    if (langShown !== st.lang) {
      langShown = st.lang;
      fillOptions(langSelect, st.languages || [], st.lang);
      langSelect.setAttribute("aria-label", L.language + ": " + (st.languages || []).map((x) => x[1]).join(" · "));
    }
    title.replaceChildren(...isolated(st.title || ""));
    title.hidden = !st.title;
    openSummary.textContent = L.open;
    exampleLabel.firstChild.textContent = L.open_example;
    gameLabel.firstChild.textContent = L.open_game;
    fileLabel.firstChild.textContent = L.open_file;
    openExample.textContent = L.open_go;
    openGame.textContent = L.open_go;
    if (exampleSelect.options.length !== st.examples.length) fillOptions(exampleSelect, st.examples.map((x) => [x, x]));
    const games = st.games || [];
    if (gameSelect.dataset.list !== games.join("\n")) {
      gameSelect.dataset.list = games.join("\n");
      fillOptions(gameSelect, games.map((x) => [x, x]));
    }
    gameSelect.disabled = openGame.disabled = games.length === 0;
    modeSeat.textContent = L.mode_seat;
    modeOpen.textContent = L.mode_open;
    modeSeat.setAttribute("aria-pressed", String(st.mode === "seat"));
    modeOpen.setAttribute("aria-pressed", String(st.mode === "open"));
    modeOpen.disabled = !st.open_allowed;
    seatLabel.firstChild.textContent = L.seat;
    fillOptions(seatSelect, st.seat_choices.map((s) => [s, s]), st.seat);
  }

  function drawFelt(st) {
    status.replaceChildren(...isolated(st.status));
    const rows = st.seats.map((s) => h("div", {
      class: "dl-bd-seat-row" + (s.acting ? " dl-acting" : "") + (s.me ? " dl-bd-me" : ""),
      role: "group", "aria-label": s.label, data: { seat: s.seat, role: s.role || "none" } },
    h("span", { class: "dl-bd-seat-name", text: s.seat + (s.role ? " · " + s.role_words : "") }),
    h("span", { class: "dl-bd-cards" }, ...s.cards.map((c) => card(c)),
      s.hidden ? h("span", { class: "dl-bd-hidden", text: s.hidden_label, data: { count: s.hidden } }) : null)));
    const table = h("div", { class: "dl-bd-table", role: "group", "aria-label": st.labels.table },
      ...st.table.map((pair) => h("span", { class: "dl-bd-pair" }, card(pair.attack, "dl-bd-attack"),
        pair.cover ? card(pair.cover, "dl-bd-cover") : null)));
    const talon = h("div", { class: "dl-bd-talon" },
      h("span", { text: st.trump }), st.trump_card ? card(st.trump_card, "dl-bd-trump-card") : null,
      h("span", { text: st.talon }), h("span", { text: st.bito }));
    felt.replaceChildren(...rows.slice(1), table, talon, rows[0]);
    for (const [what, b] of Object.entries(navButtons)) {
      b.textContent = st.labels[what];
      b.disabled = (what === "start" || what === "back") ? !st.can.back : !st.can.forward;
    }
    nav.setAttribute("aria-label", st.labels.lines);
  }

  function nodeButton(n) {
    return h("button", { type: "button", class: "dl-bd-node", data: { node: n.id },
      "aria-current": n.current ? "true" : null, title: n.comment || null,
      text: n.seat + " " + n.words, on: { click: () => send({ do: "go", node: n.id }) } });
  }

  function drawLine(items, depth) {
    const out = h("ol", { class: depth ? "dl-bd-variation" : "dl-bd-main-line" });
    for (const n of items) {
      const li = h("li", {}, nodeButton(n));
      if (n.comment) li.append(h("span", { class: "dl-bd-note", text: n.comment }));
      for (const v of n.variations) li.append(drawLine(v, depth + 1));
      out.append(li);
    }
    return out;
  }

  function drawLines(st) {
    linesHead.textContent = st.labels.lines;
    const startButton = h("button", { type: "button", class: "dl-bd-node", data: { node: 0 },
      "aria-current": st.start_current ? "true" : null, text: st.labels.start_position,
      on: { click: () => send({ do: "go", node: 0 }) } });
    lines.replaceChildren(startButton, drawLine(st.lines, 0));
    commentLabel.firstChild.textContent = st.labels.comment;
    if (document.activeElement !== commentBox || commentBox.dataset.node !== String(st.node)) {
      commentBox.value = st.start_current ? st.start_comment : st.comment;
      commentBox.dataset.node = String(st.node);
    }
    commentSave.textContent = st.labels.comment_save;
    delButton.textContent = st.labels.delete;
    delButton.hidden = !st.can.delete;
    promoteButton.textContent = st.labels.promote;
    promoteButton.hidden = !st.can.promote;
    saveButton.textContent = st.labels.save;
    const current = lines.querySelector('[aria-current="true"]');
    if (current && current.scrollIntoView) current.scrollIntoView({ block: "nearest" });
  }

  function drawThinking(st) {
    const L = st.labels;
    feedback.hidden = !st.feedback;
    feedback.dataset.kind = st.feedback_kind || "";
    feedback.replaceChildren(...isolated(st.feedback || ""));
    const ev = st.evaluation;
    const parts = [];
    if (ev) {
      parts.push(h("p", { class: "dl-bd-sentence", text: ev.sentence }));
      const bar = h("div", { class: "dl-bd-bar", role: "img",
        "aria-label": ev.bars.map((b) => `${b.label}: ${b.text}`).join(", ") });
      for (const b of ev.bars) {
        if (b.share <= 0) continue;
        bar.append(h("span", { class: "dl-bd-seg", data: { outcome: b.outcome }, style: `flex-grow: ${b.share}`,
          title: `${b.label}: ${b.text}${b.range ? " (" + b.range + ")" : ""}`, text: b.share >= 0.12 ? b.text : "" }));
      }
      parts.push(bar);
      parts.push(h("ul", { class: "dl-bd-bar-legend" }, ...ev.bars.map((b) => h("li", { data: { outcome: b.outcome },
        text: `${b.label}: ${b.text}${b.range ? " (" + b.range + ")" : ""}` }))));
    }
    if (st.thinking) parts.push(h("p", { class: "dl-bd-thinking", text: L.thinking }));
    if (st.think_error) parts.push(h("p", { class: "dl-bd-think-error", text: st.think_error }));
    evalBox.replaceChildren(...parts);
    evalBox.setAttribute("aria-busy", st.thinking ? "true" : "false");

    movesHead.textContent = L.moves;
    moves.setAttribute("aria-label", L.moves);
    moves.replaceChildren(...st.moves.map((m) => h("button", { type: "button", class: "dl-bd-move" + (m.best ? " dl-bd-best" : ""),
      data: { move: m.move, best: m.best ? "yes" : "no" },
      on: { click: () => send(m.child !== null && m.child !== undefined ? { do: "go", node: m.child } : { do: "play", move: m.move }) } },
    h("span", { class: "dl-bd-move-words", text: m.seat + " " + m.words }),
    m.value ? h("span", { class: "dl-bd-value" + (m.value.exact ? " dl-bd-exact" : ""), text: m.value.text,
      title: m.value.range || null }) : null)),
    ...(st.moves_note ? [h("p", { class: "dl-bd-moves-note", text: st.moves_note })] : []));

    lineBox.replaceChildren(...(st.best_line.length ? [h("h3", { class: "dl-bd-h", text: L.line }),
      h("ol", {}, ...st.best_line.map((m) => h("li", { text: m.seat + " " + m.words }))),
      h("p", { class: "dl-bd-line-note", text: st.line_note })] : []));

    trumps.replaceChildren(...(st.trumps.length ? [h("h3", { class: "dl-bd-h", text: L.trumps }),
      ...st.trumps.map((t) => h("div", { class: "dl-bd-trump-place" }, h("p", { text: t.sentence }),
        h("ul", {}, ...t.rows.map((r) => h("li", { title: r.fraction, text: `${r.count}: ${r.chance}` })))))] : []));

    const branch = (items) => h("ul", {}, ...items.map((n) => h("li", {},
      n.children.length ? h("details", {}, h("summary", { text: `${n.words}: ${n.value}` }), branch(n.children))
        : h("span", { text: `${n.words}: ${n.value}${n.more ? " " + L.more : ""}` }))));
    tree.replaceChildren(...(st.tree && st.tree.length ? [h("h3", { class: "dl-bd-h", text: L.tree }), branch(st.tree)] : []));
  }

  // ------------------------------------------------------------ setting a position up
  function labelled(text, control) {
    return h("label", { class: "dl-bd-setup-field" }, h("span", { text }), control);
  }

  function choice(cls, pairs, chosen, onChange) {
    const sel = h("select", { class: cls, on: { change: (e) => onChange(e.target.value) } });
    fillOptions(sel, pairs, String(chosen));
    return sel;
  }

  function drawSetup(st) {
    const L = st.labels;
    const su = st.setup;
    setupSummary.textContent = L.setup;
    const seats = su.seats.map((x) => [x, x]);
    const preset = choice("dl-bd-setup-preset", su.presets.map((x) => [x, x]), su.preset,
      (v) => send({ do: "setup-rules", preset: v, players: su.players }));
    const players = choice("dl-bd-setup-players", [2, 3, 4, 5, 6].map((x) => [String(x), String(x)]), su.players,
      (v) => send({ do: "setup-rules", preset: su.preset, players: Number(v) }));
    const mine = choice("dl-bd-setup-seat", seats, su.seat, (v) => send({ do: "setup-seat", seat: v }));
    const leader = choice("dl-bd-setup-leader", seats, su.leader,
      (v) => send({ do: "setup-roles", leader: v, defender: su.defender }));
    const defender = choice("dl-bd-setup-defender", seats, su.defender,
      (v) => send({ do: "setup-roles", leader: su.leader, defender: v }));
    const suit = choice("dl-bd-setup-suit", su.suits.map(([i, sym]) => [String(i), sym]), su.suit,
      (v) => send({ do: "setup-suit", suit: Number(v) }));
    suit.disabled = su.suit_fixed;
    const placeWords = Object.fromEntries(su.places);
    const targets = h("div", { class: "dl-bd-setup-targets", role: "group", "aria-label": L.setup_where },
      ...su.places.map(([code, words]) => h("button", { type: "button", class: "dl-bd-setup-target",
        data: { place: code }, "aria-pressed": String(code === su.target), text: words,
        on: { click: () => send({ do: "setup-target", place: code }) } })));
    const grid = h("div", { class: "dl-bd-setup-cards", role: "group", "aria-label": L.setup },
      ...su.cards.map((c) => h("button", {
        type: "button", class: "dl-bd-setup-card " + (c.red ? "dl-red" : "dl-black"),
        "aria-label": `${c.label}: ${placeWords[c.place] || c.place}`, title: `${c.label}: ${placeWords[c.place] || c.place}`,
        data: { card: c.card, place: c.place }, on: { click: () => send({ do: "setup-card", card: c.card }) } },
      h("span", { class: "dl-bd-setup-face", "aria-hidden": "true", text: c.rank + c.suit }),
      h("span", { class: "dl-bd-setup-tag", "aria-hidden": "true", text: PLACE_MARKS[c.place] || c.place }))));
    const hidden = h("div", { class: "dl-bd-setup-hidden", role: "group", "aria-label": L.setup_hidden },
      h("span", { text: L.setup_hidden }),
      ...su.hidden.filter((x) => !x.mine).map((x) => h("span", { class: "dl-bd-setup-count", data: { seat: x.seat } },
        h("span", { text: x.seat }),
        h("button", { type: "button", class: "dl-bd-setup-less", "aria-label": `${x.seat} −`, text: "−",
          disabled: x.count <= 0, on: { click: () => send({ do: "setup-hidden", seat: x.seat, count: x.count - 1 }) } }),
        h("output", { text: String(x.count) }),
        h("button", { type: "button", class: "dl-bd-setup-more", "aria-label": `${x.seat} +`, text: "+",
          on: { click: () => send({ do: "setup-hidden", seat: x.seat, count: x.count + 1 }) } }))));
    const counts = h("p", { class: "dl-bd-setup-counts", text: `${su.talon} · ${su.unknown}` });
    const buttons = h("div", { class: "dl-bd-setup-buttons" },
      h("button", { type: "button", class: "dl-bd-setup-analyse", text: L.setup_analyse,
        on: { click: () => send({ do: "setup-analyse" }) } }),
      h("button", { type: "button", class: "dl-bd-setup-clear", text: L.setup_clear,
        on: { click: () => send({ do: "setup-clear" }) } }),
      h("button", { type: "button", class: "dl-bd-setup-from", text: L.setup_from_board,
        on: { click: () => send({ do: "setup-from-board" }) } }));
    setupBody.replaceChildren(
      h("div", { class: "dl-bd-setup-row" }, labelled(L.setup_rules, preset), labelled(L.setup_players, players),
        labelled(L.setup_seat, mine), labelled(L.setup_leader, leader), labelled(L.setup_defender, defender),
        labelled(L.setup_suit, suit)),
      h("p", { class: "dl-bd-setup-where", text: L.setup_where }), targets, grid, hidden, counts, buttons);
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
    const st = model.get("state") || { labels: {} };
    download.textContent = `${st.labels.download || ""} (${d.name})`;
    download.hidden = false;
  }

  // ------------------------------------------------------------ the thinking, paced here
  let thinkTimer = null;
  let asked = null;
  function scheduleThinking(st) {
    clearTimeout(thinkTimer);
    if (!st.thinking) { asked = null; return; }
    const key = st.node + ":" + st.serial;
    if (asked === key) return;
    asked = key;
    const ask = (wait) => {
      thinkTimer = setTimeout(() => {
        const now = model.get("state");
        if (!now || now.node !== st.node || now.serial !== st.serial) return;
        send({ do: "think", node: st.node });
        ask(THINK_RETRY_MS);
      }, wait);
    };
    ask(0);
  }

  // a control with no data key of its own (a select, a setup button): found again by its first class
  function keyOf(el) {
    const cls = (el.className || "").split(" ").find((c) => c.startsWith("dl-bd-"));
    return cls ? "class:" + cls : null;
  }

  function draw() {
    const st = model.get("state");
    if (!st || !st.labels) return;
    const focused = document.activeElement;
    const focusKey = focused === root ? "root:" : focused && root.contains(focused) ? (focused.dataset.node !== undefined
      ? "node:" + focused.dataset.node : (focused.dataset.move ? "move:" + focused.dataset.move
        : (focused.dataset.do ? "do:" + focused.dataset.do : (focused.dataset.card ? "card:" + focused.dataset.card
          : (focused.dataset.place ? "place:" + focused.dataset.place : keyOf(focused)))))) : null;
    drawTop(st);
    drawSetup(st);
    drawFelt(st);
    drawLines(st);
    drawThinking(st);
    Object.assign(root.dataset, { serial: st.serial, node: st.node, ply: st.ply, mode: st.mode, seat: st.seat,
      thinking: st.thinking ? "yes" : "no" });
    if (focusKey && focusLost(root)) {
      const [kind, value] = [focusKey.slice(0, focusKey.indexOf(":")), focusKey.slice(focusKey.indexOf(":") + 1)];
      const attr = { node: "data-node", move: "data-move", do: "data-do", card: "data-card", place: "data-place" }[kind];
      const sel = attr ? `.dl-bd-setup-body [${attr}="${CSS.escape(value)}"], [${attr}="${CSS.escape(value)}"]`
        : (kind === "class" ? "." + CSS.escape(value) : "[data-none]");
      const found = root.querySelector(sel);
      const again = found && !found.disabled && !found.hidden ? found
        : root.querySelector(".dl-bd-nav-btn:not([disabled]), .dl-bd-move");
      if (again) again.focus();
      if (focusLost(root)) root.focus();
    }
    scheduleThinking(st);
  }

  model.on("change:state", draw);
  model.on("change:download", drawDownload);
  draw();
  drawDownload();
  return () => {
    clearTimeout(thinkTimer);
    model.off("change:state", draw);
    model.off("change:download", drawDownload);
    if (blobUrl) URL.revokeObjectURL(blobUrl);
  };
}

export default { render };
