// python.zip with its modules compiled by the browser's own Python (Pyodide's, run here by Node): each module's
// bytecode beside its source (__pycache__/*.cpython-3XX.pyc, unchecked hash: the unpacked files' dates do not
// matter), so a page imports them without compiling the tutor's and ipywidgets' sources on every visit.
//
//   node static_site/compile.mjs build/site/python.zip
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const archive = process.argv[2];
const pyodide = await loadPyodide();
pyodide.FS.writeFile("/tmp/python.zip", readFileSync(archive));
pyodide.runPython(`
import compileall, py_compile, shutil, zipfile
from pathlib import Path

shutil.unpack_archive("/tmp/python.zip", "/tmp/python", "zip")
if not compileall.compile_dir("/tmp/python", quiet=1, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH):
    raise SystemExit("a module of python.zip does not compile")
with zipfile.ZipFile("/tmp/compiled.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as compiled:
    for path in sorted(Path("/tmp/python").rglob("*")):
        if path.is_file():  # every entry dated alike, as build.py's: the same sources make the same archive
            entry = zipfile.ZipInfo(path.relative_to("/tmp/python").as_posix(), (1980, 1, 1, 0, 0, 0))
            compiled.writestr(entry, path.read_bytes(), zipfile.ZIP_DEFLATED, 9)
`);
writeFileSync(archive, pyodide.FS.readFile("/tmp/compiled.zip"));
