// The live helper's front end (anywidget ESM). It draws the "state" trait that
// durak_lab.widgets.live.LiveHelper sends and sends every click back as a custom message {do: ...}.
// It holds no game logic: Python checks every move and does all the thinking, paced from here (after a
// redraw that says "thinking", one message asks for one more piece of it).
// The UI contract (classes, data attributes, messages) is documented in durak_lab/widgets/live/widget.py.

const THINK_RETRY_MS = 5000; // ask again if an ask for thinking got no answer

// Card texts (7♦, 10♠) and seat names (P3) inside a sentence, each isolated in a <bdi> so that a
// right-to-left sentence (Hebrew) never reverses them.
const ISOLATE = /((?:10|[2-9TJQKA])[♠♥♦♣]|P\d{1,2}(?![\d\w]))/u;

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

function face(c) {
  return [h("span", { class: "dl-lv-rank", "aria-hidden": "true", text: c.rank }),
    h("span", { class: "dl-lv-suit", "aria-hidden": "true", text: c.suit })];
}

function cardClass(c, extra) {
  return ["dl-card", "dl-lv-card", c.red ? "dl-red" : "dl-black", c.trump ? "dl-trump" : "", extra].filter(Boolean).join(" ");
}

// a card to look at (an image with its words)
function card(c) {
  return h("span", { class: cardClass(c, ""), role: "img", "aria-label": c.label, title: c.label, data: { card: c.card } },
    face(c));
}

// a card to click
function cardButton(c, cls, props, onClick) {
  return h("button", { type: "button", class: cardClass(c, cls), "aria-label": c.label, title: c.label,
    data: { card: c.card }, ...props, on: { click: onClick } }, face(c));
}

function browserLanguages() {
  const nav = globalThis.navigator || {};
  return [...(nav.languages || []), nav.language].filter((x) => typeof x === "string").slice(0, 20);
}

function select(cls, pairs, chosen, onChange) {
  const s = h("select", { class: cls, on: { change: (e) => onChange(e.target.value) } });
  s.replaceChildren(...pairs.map(([value, label]) => Object.assign(h("option", { value: String(value) }),
    { textContent: String(label) })));
  s.value = String(chosen);
  return s;
}

function labelled(text, control) {
  return h("label", { class: "dl-lv-field" }, h("span", { text }), control);
}

function render({ model, el }) {
  const send = (msg) => model.send(msg);
  const root = h("div", { class: "dl-live", tabindex: "-1" });
  el.append(root);
  let thinkTimer = null;
  let asked = null;
  let askedLanguage = false;

  function drawSetup(st, L) {
    const s = st.setup;
    const target = (place, label) => h("button", { type: "button", class: "dl-lv-target", data: { place },
      "aria-pressed": s.target === place ? "true" : "false", on: { click: () => send({ do: "setup-target", place }) } },
    label);
    const deck = h("div", { class: "dl-lv-deck", role: "group", "aria-label": L.setup },
      s.cards.map((c) => cardButton(c, "dl-lv-deck-card", { data: { card: c.card, place: c.place },
        "aria-pressed": c.place ? "true" : "false" }, () => send({ do: "setup-card", card: c.card }))));
    return h("section", { class: "dl-lv-setup" },
      h("h3", { class: "dl-lv-h", text: L.setup }),
      h("p", { class: "dl-lv-help", text: s.help }),
      h("div", { class: "dl-lv-row" },
        labelled(L.game, select("dl-lv-game", s.presets.map((p) => [p, p]), s.preset,
          (v) => send({ do: "setup-rules", preset: v, players: s.players }))),
        labelled(L.players, select("dl-lv-players", s.player_choices.map((n) => [n, n]), s.players,
          (v) => send({ do: "setup-rules", preset: s.preset, players: Number(v) }))),
        labelled(L.seat, select("dl-lv-seat", s.seats.map((x) => [x, x]), s.seat,
          (v) => send({ do: "setup-seat", seat: v }))),
        labelled(L.leader, select("dl-lv-leader", s.seats.map((x) => [x, x]), s.leader,
          (v) => send({ do: "setup-leader", seat: v })))),
      h("div", { class: "dl-lv-row", role: "group" }, target("hand", L.target_hand), target("trump", L.target_trump),
        s.shown_allowed ? target("shown", s.target_shown) : null,
        h("span", { class: "dl-lv-picked", text: s.picked }),
        s.trump_card ? card(s.trump_card) : null),
      deck,
      h("div", { class: "dl-lv-row" },
        h("button", { type: "button", class: "dl-lv-start", disabled: !s.ready, on: { click: () => send({ do: "start" }) } },
          L.start),
        h("button", { type: "button", class: "dl-lv-clear", on: { click: () => send({ do: "setup-clear" }) } }, L.clear)));
  }

  function drawFelt(st, L) {
    const rows = st.seats.map((s) => h("div", { class: "dl-lv-seat-row" + (s.acting ? " dl-acting" : ""),
      data: { seat: s.seat } },
    h("span", { class: "dl-lv-seat-name", text: s.label }),
    h("span", { class: "dl-lv-cards" }, s.cards.map(card)),
    s.hidden ? h("span", { class: "dl-lv-hidden", data: { count: s.hidden }, text: s.hidden_label }) : null));
    const table = h("div", { class: "dl-lv-table", "aria-label": L.table },
      st.table.map((pair) => h("span", { class: "dl-lv-pair" }, card(pair.attack),
        pair.cover ? h("span", { class: "dl-lv-cover" }, card(pair.cover)) : null)));
    const talon = h("div", { class: "dl-lv-talon" }, st.trump_card ? card(st.trump_card) : null,
      h("span", { text: st.trump }), h("span", { text: st.talon }), h("span", { text: st.bito }));
    return h("div", { class: "dl-lv-felt" }, rows, table, talon);
  }

  function drawAsk(st, L) {
    const out = [];
    if (st.acting.length > 1) {
      out.push(h("div", { class: "dl-lv-who", role: "group" }, h("span", { text: L.who }),
        st.acting.map((s) => h("button", { type: "button", class: "dl-lv-who-seat", data: { seat: s },
          "aria-pressed": s === st.asking ? "true" : "false", on: { click: () => send({ do: "who", seat: s }) } }, s))));
    }
    if (st.waiting === "you") {
      out.push(h("h3", { class: "dl-lv-h", text: L.your_moves }),
        h("div", { class: "dl-lv-my-moves" }, st.my_moves.map((m) => h("button", { type: "button",
          class: "dl-lv-my-move" + (m.best ? " dl-lv-best" : ""), data: { move: m.move, best: m.best ? "yes" : "no" },
          on: { click: () => send({ do: "move", move: m.move }) } },
        h("span", { text: m.words }),
        h("span", { class: "dl-lv-value", text: m.value ? m.value.text : "…", title: m.value && m.value.range ? m.value.range : null })))));
    } else if (st.waiting === "other") {
      const t = st.their;
      out.push(h("h3", { class: "dl-lv-h", text: L.with_card }),
        h("div", { class: "dl-lv-their-cards", role: "group" }, t.cards.map((c) => cardButton(c, "dl-lv-their-card",
          { "aria-pressed": t.pending && t.pending.card === c.card ? "true" : "false" },
          () => send({ do: "card", card: c.card })))));
      if (t.pending) {
        out.push(h("p", { class: "dl-lv-which", text: t.which }), h("div", { class: "dl-lv-options" },
          t.options.map((m) => h("button", { type: "button", class: "dl-lv-option", data: { move: m.move },
            on: { click: () => send({ do: "move", move: m.move }) } }, h("span", { text: m.words })))));
      }
      if (t.plain.length) {
        out.push(h("div", { class: "dl-lv-plain-row" }, h("span", { text: L.no_card }),
          t.plain.map((m) => h("button", { type: "button", class: "dl-lv-plain", data: { move: m.move },
            on: { click: () => send({ do: "move", move: m.move }) } }, h("span", { text: m.words })))));
      }
    } else if (st.waiting === "draw") {
      out.push(h("div", { class: "dl-lv-draw", role: "group" }, st.draw.cards.map((c) => cardButton(c, "dl-lv-draw-card",
        { "aria-pressed": c.picked ? "true" : "false" }, () => send({ do: "draw-card", card: c.card })))),
      h("button", { type: "button", class: "dl-lv-drew", disabled: !st.draw.ready, on: { click: () => send({ do: "drew" }) } },
        L.drew));
    }
    return h("section", { class: "dl-lv-ask" }, out);
  }

  function drawThinking(st, L) {
    const box = h("section", { class: "dl-lv-eval", "aria-live": "polite" }, h("h3", { class: "dl-lv-h", text: L.chances }));
    const ev = st.evaluation;
    if (ev) {
      box.append(h("p", { class: "dl-lv-sentence", text: ev.sentence }),
        h("div", { class: "dl-lv-bar", role: "img", "aria-label": ev.bars.map((b) => `${b.label} ${b.text}`).join(", ") },
          ev.bars.filter((b) => b.share > 0).map((b) => h("span", { class: "dl-lv-seg", data: { outcome: b.outcome },
            style: `flex: ${b.share} 1 0`, title: `${b.label} ${b.text}` }, b.share >= 0.12 ? b.text : ""))));
    }
    if (st.thinking) box.append(h("p", { class: "dl-lv-thinking", text: L.thinking }));
    if (st.think_error) box.append(h("p", { class: "dl-lv-think-error", text: st.think_error }));
    const trumps = h("section", { class: "dl-lv-trumps" });
    if (st.trumps.length) {
      trumps.append(h("h3", { class: "dl-lv-h", text: L.trumps }),
        h("ul", {}, st.trumps.map((t) => h("li", { text: t.sentence }))));
    }
    return [box, trumps];
  }

  function scheduleThinking(st) {
    clearTimeout(thinkTimer);
    if (!st.thinking) { asked = null; return; }
    const key = st.think_key + ":" + st.serial;
    if (asked === key) return;
    asked = key;
    const ask = (wait) => {
      thinkTimer = setTimeout(() => {
        const now = model.get("state");
        if (!now || now.think_key !== st.think_key || now.serial !== st.serial) return;
        send({ do: "think", key: st.think_key });
        ask(THINK_RETRY_MS);
      }, wait);
    };
    ask(0);
  }

  function focusKeyOf(node) {
    if (!node || !root.contains(node) || node === root) return node === root ? "root" : null;
    const d = node.dataset || {};
    const first = (node.className || "").split(" ").find((c) => c.startsWith("dl-lv-"));
    return [first, d.card || "", d.move || "", d.seat || "", d.place || ""].join("|");
  }

  function draw() {
    const st = model.get("state");
    if (!st || !st.labels) return;
    const L = st.labels;
    const focusKey = focusKeyOf(document.activeElement);
    if (st.auto_lang && !askedLanguage) {
      askedLanguage = true;
      send({ do: "browser-language", langs: browserLanguages() });
    }
    root.setAttribute("lang", st.lang || "en");
    root.setAttribute("dir", st.dir || "ltr");
    Object.assign(root.dataset, { serial: st.serial, phase: st.phase, waiting: st.waiting || "",
      asking: st.asking || "", thinking: st.thinking ? "yes" : "no" });
    const lang = select("dl-language", st.languages || [], st.lang, (v) => send({ do: "language", lang: v }));
    lang.setAttribute("aria-label", L.language);
    const top = h("div", { class: "dl-lv-top" }, h("h2", { class: "dl-lv-title", text: L.title }), lang);
    const feedback = h("div", { class: "dl-lv-feedback", role: "status", "aria-live": "polite",
      data: { kind: st.feedback_kind || "" }, hidden: !st.feedback }, h("span", { text: st.feedback || "" }));
    if (st.phase === "setup") {
      root.replaceChildren(top, feedback, drawSetup(st, L));
    } else {
      const tools = h("div", { class: "dl-lv-tools" },
        h("button", { type: "button", class: "dl-lv-undo", disabled: !st.can_undo, on: { click: () => send({ do: "undo" }) } },
          L.undo),
        h("button", { type: "button", class: "dl-lv-new", on: { click: () => send({ do: "new" }) } }, L.new));
      const left = h("div", { class: "dl-lv-left" }, h("p", { class: "dl-lv-prompt", role: "status", text: st.prompt }),
        drawFelt(st, L), drawAsk(st, L), tools);
      const right = h("div", { class: "dl-lv-right" }, drawThinking(st, L));
      root.replaceChildren(top, feedback, h("div", { class: "dl-lv-main" }, left, right));
    }
    if (focusKey) {
      const again = focusKey === "root" ? null : [...root.querySelectorAll("button, select")]
        .find((n) => focusKeyOf(n) === focusKey && !n.disabled);
      const fallback = root.querySelector(".dl-lv-my-move, .dl-lv-their-card, .dl-lv-draw-card, .dl-lv-deck-card");
      (again || fallback || root).focus();
    }
    scheduleThinking(st);
  }

  model.on("change:state", draw);
  draw();
  return () => {
    clearTimeout(thinkTimer);
    model.off("change:state", draw);
  };
}

export default { render };
