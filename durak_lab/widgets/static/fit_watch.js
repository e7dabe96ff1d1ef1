// The watcher beside a plotly chart (durak_lab/widgets/figure_box.py): whenever the chart's box
// is first shown or changes width, it asks the chart(s) in its box to refit to the box (plotly's
// own resize, which measures the chart's element: as wide as the box), and tells Python the
// box's width. A FigureWidget is drawn before it is on the page, so at plotly's 700 px, and
// plotly by itself refits only when the window changes size, not its box.
// The refit is done here, in the page, not by Python setting the chart's layout width: a chart
// whose view does not apply Python's layout messages (which happens, depending on the order in
// which the views of a box are drawn) would then stay 700 px wide, and a layout width set from
// Python also turns plotly's own refitting off.
function refit(el) {
  const box = el.closest(".dl-fit-box");
  if (!box) return;
  let asked = false;
  for (const gd of box.querySelectorAll(".js-plotly-plot")) {
    if (gd.closest(".dl-fit-box") !== box) continue; // a chart of a box inside this one
    if (typeof gd._responsiveChartHandler === "function") {
      gd._responsiveChartHandler(); // plotly's responsive refit: Plots.resize(gd)
      asked = true;
    }
  }
  // a chart drawn without plotly's responsive option listens to the window only
  if (!asked && box.querySelector(".js-plotly-plot")) window.dispatchEvent(new Event("resize"));
}

function render({ model, el }) {
  let width = -1;
  let queued = false;
  const send = () => {
    queued = false;
    refit(el);
    // a chart of the box may be drawn after this refit (the views of a box are drawn in any
    // order): refit again a little later, a bounded number of times
    for (const ms of [400, 1200, 3000]) setTimeout(() => refit(el), ms);
    model.set("width", width);
    model.save_changes();
  };
  const observer = new ResizeObserver((entries) => {
    const now = Math.floor(entries[0].contentRect.width);
    if (now === width || now < 50) return;
    width = now;
    if (!queued) {
      queued = true;
      setTimeout(send, 150); // once per burst of changes
    }
  });
  observer.observe(el);
  return () => observer.disconnect();
}
export default { render };
