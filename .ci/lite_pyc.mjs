// Run a Python script in Pyodide under Node.js, with the host's files under /host:
//     node .ci/lite_pyc.mjs PYODIDE_DIR SCRIPT.py ARG...
// PYODIDE_DIR holds the Pyodide core (pyodide.mjs and the rest of the npm package);
// SCRIPT.py and the ARGs are host paths, given to the script under /host.
// .ci/lite_site.py uses it to compile the site's Python files with the browser's own
// Python (.ci/lite_pyc.py).
import path from "node:path";
import { pathToFileURL } from "node:url";

const [dir, script, ...args] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.resolve(dir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: path.resolve(dir) + path.sep });
py.FS.mkdirTree("/host");
py.FS.mount(py.FS.filesystems.NODEFS, { root: "/" }, "/host");
const host = (p) => "/host" + path.resolve(p);
py.globals.set("__lite_argv", py.toPy([host(script), ...args.map(host)]));
py.runPython(`
import runpy, sys
sys.argv = list(__lite_argv)
del __lite_argv
runpy.run_path(sys.argv[0], run_name="__main__")
`);
