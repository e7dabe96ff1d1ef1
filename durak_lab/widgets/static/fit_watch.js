// The watcher beside a plotly chart (durak_lab/widgets/figure_box.py): it tells Python the width
// of the chart's box whenever the box is first shown or changes width, and Python sets the
// chart's width to it. (A FigureWidget is drawn before it is on the page, so at plotly's 700 px,
// and plotly by itself follows only the window, not its box.)
function render({ model, el }) {
  let width = -1;
  let queued = false;
  const send = () => {
    queued = false;
    model.set("width", width);
    model.save_changes();
  };
  const observer = new ResizeObserver((entries) => {
    const now = Math.floor(entries[0].contentRect.width);
    if (now === width || now < 50) return;
    width = now;
    if (!queued) {
      queued = true;
      setTimeout(send, 150); // one message per burst of changes
    }
  });
  observer.observe(el);
  return () => observer.disconnect();
}
export default { render };
