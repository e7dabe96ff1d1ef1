// The lesson player's front end (anywidget ESM), joined after the play table's (play_table.js):
// h(), glossed(), cardButton(), focusLost() and playTable.render() come from there. It draws the "state" trait of
// durak_lab.widgets.lessons.player.LessonPlayer and sends each click back as {do: ...}. The
// position of a step is drawn by the play table itself, on a small stand-in for the model that
// hands it the lesson state's "table" part and wraps its clicks as {do: "table", msg}.
// It holds no lesson logic: Python checks every answer. The UI contract is in lesson_player.py.

function tableModel(model, send) {
  const handlers = { "change:state": new Set(), "change:download": new Set() };
  const lessonState = () => model.get("state") || {};
  return {
    get: (key) => (key === "state" ? lessonState().table || {} : key === "download" ? lessonState().download || {}
      : key === "glossary" ? model.get("glossary") : undefined),
    send: (msg) => send({ do: "table", msg }),
    on: (event, fn) => { if (handlers[event]) handlers[event].add(fn); },
    off: (event, fn) => { if (handlers[event]) handlers[event].delete(fn); },
    fire: (event) => { for (const fn of handlers[event] || []) fn(); },
  };
}

function progressBar(percent, label, extra = "") {
  return h("div", {
    class: "dl-lp-bar " + extra, role: "progressbar", "aria-valuemin": 0, "aria-valuemax": 100,
    "aria-valuenow": percent, "aria-valuetext": `${percent}%`, "aria-label": label,
  }, h("div", { class: "dl-lp-bar-fill", style: `width: ${percent}%` }));
}

function ruleMarks(rules, lead) {
  if (!rules.length) return null;
  return h("p", { class: "dl-lp-rules" }, h("span", { class: "dl-lp-rules-lead", text: lead }),
    rules.map((r) => h("abbr", { class: "dl-lp-rule", title: r.title, tabindex: 0, data: { rule: r.id } },
      r.id, h("span", { class: "dl-lp-sr", text: ` (${r.title})` }))));
}

// ------------------------------------------------------------ what this browser remembers
// The student's name and a copy of each student's progress, in the browser's local storage (it
// may be blocked: then nothing is remembered, and the server's file is all there is).
const STUDENT = "durak-lab-student";
const STUDENT_KEY = "durak-lab-student-key";
const COPY = "durak-lab-progress:";

function remembered(key) {
  try { return window.localStorage.getItem(key); } catch (e) { return null; }
}

function remember(key, value) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch (e) { /* storage blocked or full: the server keeps the progress */ }
}

function rememberedCopy() {
  const key = remembered(STUDENT_KEY);
  if (!key) return null;
  try { return JSON.parse(remembered(COPY + key) || "null"); } catch (e) { return null; }
}

function renderLesson({ model, el }) {
  const send = (msg) => model.send(msg);
  const gloss = () => model.get("glossary");
  const root = h("div", { class: "dl-lesson-player" });
  el.classList.add("dl-lp-host");
  el.append(root);

  // ------------------------------------------------------------ the parts built once
  const menu = h("section", { class: "dl-lp-menu" });
  const lesson = h("section", { class: "dl-lp-lesson", hidden: true });
  const end = h("section", { class: "dl-lp-end", hidden: true });
  // "Practise my mistakes": the review of a saved game, one decision per message
  const reviewing = h("section", { class: "dl-lp-reviewing", hidden: true, "aria-busy": "true" });

  // ------------------------------------------------------------ who is learning
  const nameId = "dl-lp-name-" + Math.random().toString(36).slice(2);
  const whoTitle = h("h2", { class: "dl-lp-who-title", tabindex: -1 });
  const whoIntro = h("p", { class: "dl-lp-who-intro" });
  const nameLabel = h("label", { class: "dl-lp-name-label", for: nameId });
  const onName = (event) => {
    event.preventDefault();
    event.stopPropagation();  // JupyterLab's own keys (Enter, Shift+Enter) must not act on it
    send({ do: "student", name: nameInput.value });
  };
  const nameInput = h("input", { class: "dl-lp-name", id: nameId, type: "text", maxlength: 60,
    autocomplete: "name", spellcheck: "false", data: { key: "who:name" },
    on: { keydown: (event) => { if (event.key === "Enter") onName(event); else event.stopPropagation(); } } });
  const startButton = h("button", { class: "dl-pt-button dl-pt-action dl-lp-start", type: "button",
    data: { key: "who:start" }, on: { click: onName } });
  const whoError = h("p", { class: "dl-lp-who-error", "aria-live": "polite", hidden: true });
  const who = h("form", { class: "dl-lp-who", hidden: true, on: { submit: onName } }, whoTitle, whoIntro,
    h("div", { class: "dl-lp-name-row" }, nameLabel, nameInput, startButton), whoError);
  // the language picker: each language named in itself
  const langSelect = h("select", { class: "dl-lp-language", data: { key: "lp:language" },
    on: { change: (e) => send({ do: "language", lang: e.target.value }) } });
  let langShown = null;
  const langRow = h("div", { class: "dl-lp-language-row" }, langSelect);
  root.append(langRow, who, menu, reviewing, lesson, end);

  // the download of the progress, and the browser's copy of it, follow the "saved" trait
  let copyUrl = null;
  const download = h("a", { class: "dl-pt-button dl-lp-download", data: { key: "who:download" } });
  function keepCopy() {
    const s = model.get("saved") || {};
    if (s.by_name && s.name) {
      remember(STUDENT, s.name);
      remember(STUDENT_KEY, s.key);
      if (s.text) remember(COPY + s.key, s.text);
    } else if (s.by_name && s.serial) {
      remember(STUDENT, null);  // "Not Ann?": this browser forgets the name (her copy stays, under her key)
      remember(STUDENT_KEY, null);
    }
    if (copyUrl) URL.revokeObjectURL(copyUrl);
    copyUrl = s.text ? URL.createObjectURL(new Blob([s.text], { type: "application/json" })) : null;
    if (copyUrl) download.href = copyUrl; else download.removeAttribute("href");
    download.download = s.file || "durak-lab-progress.json";
  }
  keepCopy();
  const helloName = remembered(STUDENT) || "";
  const helloSerial = (model.get("state") || {}).serial || 0;
  send({ do: "hello", student: helloName, copy: helloName ? rememberedCopy() : null });

  const backButton = h("button", { class: "dl-pt-button dl-lp-back", type: "button", data: { key: "lp:back" },
    on: { click: () => send({ do: "menu" }) } });
  const title = h("h2", { class: "dl-lp-title" });
  const stepText = h("span", { class: "dl-lp-step" });
  const stepBar = h("span", { class: "dl-lp-step-bar" });
  const head = h("div", { class: "dl-lp-head" }, backButton, title,
    h("div", { class: "dl-lp-step-box" }, stepText, stepBar));
  const text = h("p", { class: "dl-lp-text", tabindex: -1 });
  const stepRules = h("div", { class: "dl-lp-step-rules" });
  const tableHost = h("div", { class: "dl-lp-table" });
  const answer = h("div", { class: "dl-lp-answer", role: "group" });
  // the live regions stay in place, so a screen reader announces what changes in them
  const feedback = h("p", { class: "dl-lp-feedback", "aria-live": "polite", hidden: true });
  const explain = h("p", { class: "dl-lp-explain", "aria-live": "polite", hidden: true });
  const hintButton = h("button", { class: "dl-pt-button dl-lp-hint", type: "button", data: { key: "lp:hint" },
    on: { click: () => send({ do: "hint" }) } });
  const nextButton = h("button", { class: "dl-pt-button dl-lp-next", type: "button", data: { key: "lp:next" },
    on: { click: () => send({ do: "next" }) } });
  const nav = h("div", { class: "dl-lp-nav" }, hintButton, nextButton);
  lesson.append(head, text, stepRules, tableHost, answer, feedback, explain, nav);

  // ------------------------------------------------------------ the play table of the step
  let sub = null; // {id, model, dispose}
  function drawTable(st) {
    if (!st.table) {
      if (sub) { sub.dispose(); sub = null; tableHost.replaceChildren(); }
      tableHost.hidden = true;
      return;
    }
    tableHost.hidden = false;
    if (!sub || sub.id !== st.table_id) {
      if (sub) sub.dispose();
      const host = h("div", {});
      tableHost.replaceChildren(host);
      const m = tableModel(model, send);
      const dispose = playTable.render({ model: m, el: host });
      sub = { id: st.table_id, model: m, dispose: typeof dispose === "function" ? dispose : () => {} };
    } else {
      sub.model.fire("change:state");
      const saved = (st.download || {}).serial || 0;
      if (saved !== sub.saved) sub.model.fire("change:download");
    }
    sub.saved = (st.download || {}).serial || 0;
    pickSeats(st);
    tableHost.dataset.frame = st.table.frame || "play";
    const table = tableHost.querySelector(".dl-play-table");
    if (table) {
      table.dataset.frame = st.table.frame || "play";
      table.setAttribute("aria-label", st.labels["learn-table-label"]);
    }
  }

  // a seat step: the other seats' boxes on the table answer a click too (the buttons below them
  // are the way by keyboard, and name every seat, the learner's own as well)
  function pickSeats(st) {
    const a = (st.lesson || {}).answer || {};
    if (a.kind !== "seat" || !a.enabled) return;
    for (const box of tableHost.querySelectorAll(".dl-pt-felt .dl-pt-seat[data-seat]")) {
      box.classList.add("dl-lp-seat-pick");
      box.addEventListener("click", () => send({ do: "answer", value: box.dataset.seat }));
    }
  }

  // ------------------------------------------------------------ the menu
  function drawMenu(st) {
    const m = st.menu;
    const items = m.lessons.map((item) => h("li", {
      class: "dl-lp-item" + (item.done ? " dl-done" : ""), data: { lesson: item.id, done: item.done },
    },
    h("div", { class: "dl-lp-item-head" },
      h("button", { class: "dl-pt-button dl-lp-open", type: "button", "aria-label": item.open,
        data: { key: "open:" + item.id }, text: item.title,
        on: { click: () => send({ do: "open", lesson: item.id }) } }),
      item.badge ? h("span", { class: "dl-lp-badge", text: item.badge }) : null),
    h("p", { class: "dl-lp-summary", text: item.summary }),
    ruleMarks(item.rules, st.labels["learn-rules"]),
    h("div", { class: "dl-lp-progress-row" }, progressBar(item.percent, item.bar_label),
      h("span", { class: "dl-lp-progress", text: item.progress }))));
    const S = st.student || {};
    download.textContent = S.download || "";
    if (S.save_failed) download.dataset.urgent = "true"; else delete download.dataset.urgent;
    const line = h("div", { class: "dl-lp-student" },
      S.hello ? h("span", { class: "dl-lp-hello", text: S.hello }) : null,
      S.change ? h("button", { class: "dl-pt-button dl-lp-change", type: "button", data: { key: "who:change" },
        text: S.change, on: { click: () => send({ do: "change" }) } }) : null,
      download.href ? download : null);
    menu.replaceChildren(...[
      line,
      h("h2", { class: "dl-lp-course", text: m.title }),
      h("p", { class: "dl-lp-intro", text: m.intro }),
      m.warning ? h("p", { class: "dl-lp-warning", role: "status", text: m.warning }) : null,
      h("div", { class: "dl-lp-overall-row" },
        progressBar(m.percent, st.labels["learn-overall-label"], "dl-lp-overall-bar"),
        h("span", { class: "dl-lp-overall", text: m.overall })),
      m.empty ? h("p", { class: "dl-lp-empty", text: m.empty }) : null,
      h("ol", { class: "dl-lp-lessons", "aria-label": st.labels["learn-lessons-label"] }, items),
      drawPuzzles(st.puzzles),
      drawPractice(st.practice)].filter(Boolean));
  }

  // ------------------------------------------------------------ your games: practise my mistakes
  function drawPractice(P) {
    if (!P || !P.shown) return null;
    const games = P.games.map((g) => h("li", { class: "dl-lp-game", data: { game: g.file } },
      h("span", { class: "dl-lp-game-title", text: g.title }),
      h("span", { class: "dl-lp-game-details", text: g.details }),
      g.ask ? h("span", { class: "dl-lp-game-ask", text: g.ask }) : null,
      h("span", { class: "dl-lp-game-buttons" }, g.buttons.map((b) => h("button", {
        class: "dl-pt-button dl-lp-practise", type: "button", "aria-label": b.label, text: b.text,
        data: { key: `practise:${g.file}:${b.seat}`, seat: b.seat },
        on: { click: () => send({ do: "mistakes", game: g.file, seat: b.seat }) } })))));
    const headId = nameId + "-games";
    return h("section", { class: "dl-lp-practice", "aria-labelledby": headId },
      h("h3", { class: "dl-lp-practice-title", id: headId, text: P.title }),
      h("p", { class: "dl-lp-practice-intro", text: P.intro }),
      P.notice ? h("p", { class: "dl-lp-notice", role: "status", text: P.notice }) : null,
      P.empty ? h("p", { class: "dl-lp-empty", text: P.empty }) : h("ul", { class: "dl-lp-games" }, games));
  }

  function drawPuzzles(Z) {
    if (!Z || !Z.themes.length) return null;
    const headId = nameId + "-puzzles";
    return h("section", { class: "dl-lp-puzzles", "aria-labelledby": headId },
      h("h3", { class: "dl-lp-practice-title", id: headId, text: Z.title }),
      h("p", { class: "dl-lp-practice-intro", text: Z.intro }),
      h("ul", { class: "dl-lp-themes" }, Z.themes.map((t) => h("li", { class: "dl-lp-theme",
        data: { theme: t.theme || "all" } },
      h("button", { class: "dl-pt-button dl-lp-puzzle-open", type: "button", "aria-label": t.label, text: t.name,
        data: { key: "puzzles:" + (t.theme || "all") }, on: { click: () => send({ do: "puzzles", theme: t.theme }) } }),
      t.progress ? h("span", { class: "dl-lp-progress", text: t.progress }) : null))));
  }

  let reviewedSerial = -1;
  function drawReviewing(st) {
    const R = st.reviewing;
    reviewing.replaceChildren(
      h("h2", { class: "dl-lp-reviewing-title", tabindex: -1, text: R.title }),
      h("p", { class: "dl-lp-reviewing-text", role: "status", text: R.text }),
      progressBar(R.percent, R.text, "dl-lp-reviewing-bar"),
      h("button", { class: "dl-pt-button dl-lp-stop", type: "button", data: { key: "lp:stop" }, text: R.stop,
        on: { click: () => { stopped = true; send({ do: "mistakes-stop" }); } } }));
    // the next decision, once this one is drawn: the page stays free between them
    if (st.serial !== reviewedSerial) {
      reviewedSerial = st.serial;
      stopped = false;
      setTimeout(() => { if (!stopped) send({ do: "mistakes-step" }); }, 0);
    }
  }
  let stopped = false;

  // the download of a lesson made of the student's own game
  let lessonUrl = null;
  function lessonFile(file, key) {
    if (lessonUrl) { URL.revokeObjectURL(lessonUrl); lessonUrl = null; }
    if (!file) return null;
    lessonUrl = URL.createObjectURL(new Blob([file.text], { type: "application/json" }));
    return h("a", { class: "dl-pt-button dl-lp-lesson-file", href: lessonUrl, download: file.name,
      data: { key }, text: file.label });
  }

  // ------------------------------------------------------------ a step
  function answerButtons(st) {
    const L = st.lesson;
    const a = L.answer;
    answer.dataset.kind = a.kind;
    const choice = (opt) => h("button", {
      class: "dl-pt-button dl-lp-choice", type: "button", disabled: !a.enabled, data: {
        value: String(opt.value), key: "choice:" + String(opt.value) },
      text: opt.label, on: { click: () => send({ do: "answer", value: opt.value }) } });
    if (a.kind === "seat") {
      answer.setAttribute("aria-label", st.labels["learn-seat-label"]);
      answer.replaceChildren(...(a.seats || []).map(choice));
    } else if (a.kind === "yes-no" || a.kind === "choice") {
      answer.setAttribute("aria-label", st.labels["learn-options-label"]);
      answer.replaceChildren(...(a.options || []).map(choice));
    } else if (a.kind === "cards") {
      answer.setAttribute("aria-label", st.labels["learn-answer-label"]);
      answer.replaceChildren(h("button", { class: "dl-pt-button dl-pt-action dl-lp-check", type: "button",
        disabled: !a.enabled, data: { key: "lp:check" }, text: st.labels["learn-check"],
        on: { click: () => send({ do: "check" }) } }));
    } else {
      answer.removeAttribute("aria-label");
      answer.replaceChildren();
    }
    answer.hidden = !answer.childElementCount;
  }

  function drawLesson(st) {
    const L = st.lesson;
    title.textContent = L.title;
    stepText.textContent = L.step_text;
    const along = Math.round((100 * (L.index + 1)) / L.steps);
    stepBar.replaceChildren(progressBar(along, L.step_text, "dl-lp-step-progress"));
    text.replaceChildren(...glossed(L.text, gloss(), "term:text"));
    stepRules.replaceChildren(...[ruleMarks(L.rules, st.labels["learn-rules"])].filter(Boolean));
    answerButtons(st);
    feedback.replaceChildren(...glossed(L.feedback, gloss(), "term:feedback"));
    feedback.dataset.kind = L.feedback_kind;
    feedback.hidden = !L.feedback;
    explain.replaceChildren(...glossed(L.explain, gloss(), "term:explain"));
    explain.hidden = !L.explain;
    hintButton.textContent = st.labels["learn-hint"];
    hintButton.hidden = !L.can_hint;
    nextButton.textContent = L.next;
    nextButton.disabled = !L.done;
    const kept = lessonFile(L.file, "lp:lesson-file");
    const old = nav.querySelector(".dl-lp-lesson-file");
    if (old) old.remove();
    if (kept) nav.append(kept);
  }

  function drawEnd(st) {
    const E = st.end;
    const back = h("button", { class: "dl-pt-button dl-lp-back", type: "button", data: { key: "end:back" },
      text: st.labels["learn-back"], on: { click: () => send({ do: "menu" }) } });
    const next = E.next_id ? h("button", { class: "dl-pt-button dl-pt-action dl-lp-next-lesson", type: "button",
      data: { key: "end:next" }, text: E.next, on: { click: () => send({ do: "open", lesson: E.next_id }) } })
      : h("p", { class: "dl-lp-all-done", text: E.next });
    end.replaceChildren(...[h("h2", { class: "dl-lp-end-title", tabindex: -1, text: E.title }),
      E.score ? h("p", { class: "dl-lp-score", text: E.score }) : null,
      E.first ? h("p", { class: "dl-lp-first", text: E.first }) : null,
      h("div", { class: "dl-lp-nav" }, ...[next, back, lessonFile(E.file, "end:lesson-file")].filter(Boolean))]
      .filter(Boolean));
  }

  function drawWho(st) {
    const W = st.who;
    whoTitle.textContent = W.title;
    whoIntro.textContent = W.intro;
    nameLabel.textContent = W.label;
    startButton.textContent = W.start;
    whoError.textContent = W.error;
    whoError.hidden = !W.error;
  }

  // ------------------------------------------------------------ drawing the state
  let shown = { view: "", lesson: "", step: -1 };
  let askedBrowser = false;
  function draw() {
    const st = model.get("state");
    if (!st || !st.serial) return;
    const active = document.activeElement;
    const focusKey = active && root.contains(active) && !tableHost.contains(active) ? active.dataset.key : null;
    langRow.hidden = st.view === "lesson";  // on the menu and the end: a lesson's step keeps its height
    if (st.auto_lang && !askedBrowser) {  // nobody chose a language: the browser's own, once
      askedBrowser = true;
      send({ do: "browser-language", langs: browserLanguages() });  // browserLanguages: play_table.js
    }
    root.dir = st.dir || "ltr";
    root.lang = st.lang || "en";
    if (langShown !== st.lang) {
      langShown = st.lang;
      langSelect.replaceChildren(...(st.languages || []).map(([v, text]) => h("option", { value: v, text })));
      langSelect.value = st.lang;
      langSelect.setAttribute("aria-label", (st.languages || []).map((x) => x[1]).join(" · "));
    }
    backButton.textContent = st.labels["learn-back"];
    // a name this browser remembers is on its way to Python: no name form meanwhile
    const waiting = st.view === "who" && helloName && st.serial <= helloSerial;
    who.hidden = st.view !== "who" || waiting;
    menu.hidden = st.view !== "menu";
    lesson.hidden = st.view !== "lesson";
    end.hidden = st.view !== "done";
    reviewing.hidden = st.view !== "reviewing";
    if (st.view === "reviewing") drawReviewing(st);
    if (st.view === "who") drawWho(st);
    if (st.view === "menu") drawMenu(st);
    if (st.view === "lesson") drawLesson(st);
    if (st.view === "done") drawEnd(st);
    drawTable(st);
    const L = st.lesson || {};
    Object.assign(root.dataset, { view: st.view, serial: st.serial, lesson: L.id || (st.end || {}).id || "",
      step: L.id ? L.index + 1 : "", kind: L.kind || "" });
    // a new step or view: the focus goes to what to read first; else it stays on its button
    const place = { view: st.view, lesson: L.id || "", step: L.index === undefined ? -1 : L.index };
    const moved = place.view !== shown.view || place.lesson !== shown.lesson || place.step !== shown.step;
    const wasInside = focusKey !== null || (active && root.contains(active));
    shown = place;
    if (moved && wasInside) {
      const last = `[data-key="open:${CSS.escape(st.last_lesson || "")}"]`;
      const target = st.view === "lesson" ? text : st.view === "done" ? end.querySelector(".dl-lp-end-title")
        : st.view === "reviewing" ? reviewing.querySelector(".dl-lp-stop")
        : st.view === "who" ? nameInput : menu.querySelector(last) || menu.querySelector("button");
      if (target) target.focus();
    } else if (focusKey && focusLost(root)) {
      const again = root.querySelector(`[data-key="${CSS.escape(focusKey)}"]`);
      if (again && !again.disabled) again.focus();
      else if (focusKey.startsWith("choice:") || focusKey === "lp:check") nextButton.focus();
    }
  }

  model.on("change:state", draw);
  model.on("change:saved", keepCopy);
  draw();
  return () => {
    model.off("change:state", draw);
    model.off("change:saved", keepCopy);
    if (copyUrl) URL.revokeObjectURL(copyUrl);
    if (lessonUrl) URL.revokeObjectURL(lessonUrl);
    if (sub) sub.dispose();
  };
}

export default { render: renderLesson };
