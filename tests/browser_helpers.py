"""Drive the tutorial notebooks in a real, headless browser (JupyterLab and Voila).

Shared by ``tests/test_browser.py`` and ``tools/screenshots.py``. Everything is
offline and local: the servers bind 127.0.0.1 on free ports (``port_retries=0``,
so a clash fails loudly), use private Jupyter config/data/runtime dirs, and work
on temporary copies of the notebooks (JupyterLab autosaves into what it opens).
The browser is Debian's ``chromium`` (never ``playwright install``), driven by
Playwright for Python; every request that is not to 127.0.0.1 is aborted.

Playwright is imported inside the functions, so this module imports (and its
doctests run) without it.

>>> 1024 <= free_port() < 65536
True
"""

from __future__ import annotations

import importlib.util
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

import nbformat

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
ARTIFACTS = ROOT / "test-artifacts"
SHARE = ROOT / "share" / "jupyter"  # the Voila template "banakil": Voila's "lab" without CDN links
VOILA_TEMPLATE = "banakil"
CHROMIUM = "/usr/bin/chromium"  # Debian's package: apt-get install -y chromium
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-quic", "--disable-sync"]
BIN = Path(sys.executable).parent  # the venv's bin: jupyter, voila
KERNEL_IDLE = "Python 3 (ipykernel) | Idle"  # JupyterLab status bar once the kernel is really up
SERVER_TIMEOUT = 60  # seconds for a server to answer HTTP
VIEWPORT = {"width": 1280, "height": 900}

# CSS classes set with add_class() in banakil_replay/notebook/widgets.py
STEPPER = ".banakil-stepper"
NEXT = ".banakil-next"
EVENT = ".banakil-event"
TABLE = ".banakil-table"


def ci() -> bool:
    """True when the CI variable is set (non-empty): then a missing browser is a failure, not a skip."""
    return bool(os.environ.get("CI"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# --------------------------------------------------------------- work dirs
def write_notebook(path: Path, cell: str) -> None:
    """A notebook of one code cell, its kernel named so JupyterLab starts it instead of asking which one."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(cell)]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    nbformat.write(nb, path)


def make_workdir(base: Path) -> Path:
    """``base`` laid out like the repo (notebooks/ + sample_games/), plus private Jupyter dirs.

    The notebooks open ``../sample_games/...``, so the copies keep that layout.
    """
    shutil.copytree(NOTEBOOKS, base / "notebooks", ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    shutil.copytree(ROOT / "sample_games", base / "sample_games")
    labconfig = base / ".jupyter" / "config" / "labconfig"
    labconfig.mkdir(parents=True)
    # no "get notified about Jupyter news?" toast over the page
    (labconfig / "page_config.json").write_text(
        '{"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": true}}')
    # draw every cell, not only those in view: charts further down exist to wait for and scroll to
    tracker = base / ".jupyter" / "lab-settings" / "@jupyterlab" / "notebook-extension"
    tracker.mkdir(parents=True)
    (tracker / "tracker.jupyterlab-settings").write_text('{"windowingMode": "none"}')
    return base


def jupyter_env(base: Path) -> dict[str, str]:
    """Private Jupyter dirs; ``JUPYTER_PATH`` finds the project's Voila template in this checkout
    (a venv installed before the template came has no copy of it)."""
    j = base / ".jupyter"
    return dict(os.environ, PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
                JUPYTER_PATH=str(SHARE), JUPYTER_CONFIG_DIR=str(j / "config"), JUPYTER_DATA_DIR=str(j / "data"),
                JUPYTER_RUNTIME_DIR=str(j / "runtime"), IPYTHONDIR=str(j / "ipython"),
                JUPYTERLAB_SETTINGS_DIR=str(j / "lab-settings"),
                JUPYTERLAB_WORKSPACES_DIR=str(j / "workspaces"),
                JUPYTER_PLATFORM_DIRS="1", PYDEVD_DISABLE_FILE_VALIDATION="1")


# ----------------------------------------------------------------- servers
def _wait_http(proc: subprocess.Popen[bytes], url: str, log: Path, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"{proc.args[0]} exited with {proc.returncode}:\n{log.read_text()[-3000:]}")
        try:
            urllib.request.urlopen(url, timeout=2)
            return
        except urllib.error.HTTPError:  # 403/404 also means "listening" (Voila's /api/status is 403)
            return
        except OSError:
            if time.monotonic() > deadline:
                raise RuntimeError(f"{proc.args[0]} not up after {timeout}s:\n{log.read_text()[-3000:]}")
            time.sleep(0.25)


def stop(proc: subprocess.Popen[bytes]) -> None:
    """SIGTERM the server (it shuts its kernels down); SIGKILL its own process group if stuck."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)  # the group made by start_new_session: only ours
            proc.wait(5)
    else:  # kernels may outlive a crashed server
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


@contextmanager
def _serve(cmd: list[str], port: int, cwd: Path, env: dict[str, str], log: Path) -> Iterator[None]:
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True)
        try:
            _wait_http(proc, f"http://127.0.0.1:{port}/", log, SERVER_TIMEOUT)
            yield
        finally:
            stop(proc)


@dataclass(frozen=True)
class Lab:
    base: str  # http://127.0.0.1:PORT
    token: str
    log: Path

    def url(self, notebook: str, workspace: str | None = None) -> str:
        """The URL opening ``notebook`` (relative to the work dir) in its own fresh workspace."""
        ws = f"/workspaces/{workspace}" if workspace else ""
        return f"{self.base}/lab{ws}/tree/{notebook}?reset&token={self.token}"


@contextmanager
def jupyter_lab(workdir: Path) -> Iterator[Lab]:
    port, token = free_port(), secrets.token_hex(16)
    cmd = [str(BIN / "jupyter"), "lab", "--no-browser", "--ServerApp.ip=127.0.0.1",
           f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
           f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={workdir}",
           "--LabApp.news_url=None", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
    if os.geteuid() == 0:
        cmd.append("--allow-root")  # as root JupyterLab exits without it
    log = workdir / "lab.log"
    with _serve(cmd, port, workdir, jupyter_env(workdir), log):
        yield Lab(f"http://127.0.0.1:{port}", token, log)


@contextmanager
def voila(workdir: Path, notebook: str) -> Iterator[str]:
    """Serve ``notebook`` (relative to ``workdir``) as a standalone Voila page; yields its URL."""
    port, token = free_port(), secrets.token_hex(16)
    path = workdir / notebook
    cmd = [str(BIN / "voila"), path.name, "--no-browser", "--Voila.ip=127.0.0.1", f"--port={port}",
           "--Voila.port_retries=0", f"--token={token}", "--show_tracebacks=True", f"--template={VOILA_TEMPLATE}"]
    with _serve(cmd, port, path.parent, jupyter_env(workdir), workdir / "voila.log"):
        yield f"http://127.0.0.1:{port}/?token={token}"


def voila_widget(page: Any, url: str, selector: str) -> Any:
    """Open a Voila page and wait for the first widget ``selector`` names (Voila runs the notebook while it
    serves the page, so the wait is long)."""
    page.goto(url, timeout=90_000)
    widget = page.locator(selector).first
    widget.wait_for(timeout=60_000)
    return widget


# ----------------------------------------------------------------- browser
def browser_problem() -> str | None:
    """Why the browser tests cannot run here, or None."""
    if not Path(CHROMIUM).exists():
        return f"{CHROMIUM} is missing (apt-get install -y --no-install-recommends chromium)"
    if importlib.util.find_spec("playwright") is None:
        return "playwright is not installed (pip install -e '.[test]')"
    return None


@contextmanager
def chromium() -> Iterator[Any]:
    """A headless Debian Chromium driven by Playwright."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, timeout=60_000)
        try:
            yield browser
        finally:
            browser.close()


@contextmanager
def new_page(browser: Any, viewport: dict[str, int] | None = None) -> Iterator[Any]:
    """A page in a fresh context where every request not to 127.0.0.1 is aborted (hermetic).

    ``page.outside`` lists the URLs of those requests (a test asserts it stays empty) and
    ``page.console`` every console message as ``"type: text"``.
    """
    ctx = browser.new_context(viewport=viewport or VIEWPORT)
    outside: list[str] = []

    def refuse(route: Any) -> None:
        outside.append(route.request.url)
        route.abort()

    ctx.route(re.compile(r"^(https?|wss?)://(?!127\.0\.0\.1[:/])"), refuse)
    page = ctx.new_page()
    page.outside = outside
    page.console = []
    page.on("console", lambda m: page.console.append(f"{m.type}: {m.text}"))
    page.set_default_timeout(30_000)
    try:
        yield page
    finally:
        ctx.close()


# Voila 0.5.13 (the newest) bundles JupyterLab 4.2.5 while the widgets extension ipywidgets 8.1.9
# needs (jupyterlab_widgets 3.0.17) was built on JupyterLab 4.6: its shared modules warn, and work.
_KNOWN = re.compile(r"^warning: (Unsatisfied version \S+ from _JUPYTERLAB\.CORE_OUTPUT of shared singleton module "
                    r"@jupyterlab/\w+ \(required \^4\.\d+\.\d+\)|Unsatisfied version \S+ from _JUPYTERLAB\.CORE_OUTPUT of "
                    r"shared singleton module @jupyterlab/services \(required \^7\.\d+\.\d+\)|Unsatisfied version \S+ from "
                    r"_JUPYTERLAB\.CORE_OUTPUT of shared singleton module @jupyterlab/coreutils \(required \^6\.\d+\.\d+\)|"
                    r"No satisfying version \(\^4\.\d+\.\d+\) of shared module @jupyterlab/outputarea found)")


def console_problems(page: Any) -> list[str]:
    """Console errors and warnings, less the version warnings Voila cannot avoid (see ``_KNOWN``)."""
    return [m for m in page.console if m.startswith(("error", "warning")) and not _KNOWN.match(m)]


# -------------------------------------------------------------- JupyterLab
def palette(page: Any, search: str, command_id: str) -> None:
    """Run a JupyterLab command through the modal command palette (Ctrl+Shift+C)."""
    from playwright.sync_api import TimeoutError as PWTimeout
    from playwright.sync_api import expect

    modal = page.locator(".jp-ModalCommandPalette")
    for _ in range(8):  # the shortcut can be swallowed while the app is still settling
        page.keyboard.press("Control+Shift+C")
        try:
            modal.wait_for(state="visible", timeout=2_000)
            break
        except PWTimeout:
            pass
    else:
        raise AssertionError("the JupyterLab command palette did not open")
    modal.locator("input").fill(search)
    modal.locator(f'.lm-CommandPalette-item[data-command="{command_id}"]').first.click()
    expect(modal).to_be_hidden()


def lab_run_all(page: Any, url: str) -> None:
    """Open a notebook in JupyterLab, wait for its kernel, run all cells."""
    page.goto(url, timeout=60_000)
    # not the toolbar's execution indicator: it says idle before a kernel exists
    page.get_by_text(KERNEL_IDLE).wait_for(timeout=60_000)
    palette(page, "Run All Cells", "notebook:run-all-cells")


def lab_wait_idle(page: Any, timeout: float = 60_000) -> None:
    """Wait until every cell has run: no ``[*]`` prompt left and the kernel idle."""
    page.wait_for_function(
        """() => ![...document.querySelectorAll('.jp-InputPrompt')].some(p => p.textContent.includes('*'))""",
        timeout=timeout)
    page.get_by_text(KERNEL_IDLE).wait_for(timeout=timeout)


def lab_tidy(page: Any) -> None:
    """Collapse the code and hide the file browser, for a screenshot that shows the outputs."""
    palette(page, "Collapse All Code", "notebook:hide-all-cell-code")
    side = page.locator("#jp-left-stack")
    if side.is_visible():
        page.keyboard.press("Control+B")  # toggle the left sidebar
        side.wait_for(state="hidden", timeout=5_000)


def page_errors(page: Any) -> list[str]:
    """Error outputs (tracebacks, stderr) and widget callback errors shown on the page."""
    texts = page.locator('[data-mime-type="application/vnd.jupyter.stderr"], .banakil-errors').all_inner_texts()
    return [t.strip()[:800] for t in texts if t.strip()]


# ---------------------------------------------------------------- stepper
def stepper(page: Any, index: int = 0) -> Any:
    return page.locator(STEPPER).nth(index)


def hand(step: Any, seat: int = 0) -> list[str]:
    """Codes of the cards drawn in seat ``seat``'s hand."""
    return [c.get_attribute("data-card") for c in
            step.locator(f'{TABLE} .banakil-seat[data-seat="{seat}"] [data-card]').all()]


def event_text(step: Any) -> str:
    return " ".join(step.locator(EVENT).inner_text().split())


def shown_seq(step: Any) -> int:
    return int(step.locator(f"{TABLE} .banakil-state").get_attribute("data-seq"))


def click_next(step: Any, timeout: float = 20_000) -> int:
    """Click Next and wait until the table shows the following event; return its number."""
    from playwright.sync_api import expect

    before = shown_seq(step)
    step.locator(NEXT).click()
    expect(step.locator(f"{TABLE} .banakil-state")).to_have_attribute("data-seq", str(before + 1), timeout=timeout)
    return before + 1


def step_through(step: Any, clicks: int, seat: int = 0) -> list[tuple[int, list[str], str]]:
    """(event number, seat's hand, event text) now and after each of ``clicks`` Next clicks."""
    seen = [(shown_seq(step), hand(step, seat), event_text(step))]
    for _ in range(clicks):
        seq = click_next(step)
        seen.append((seq, hand(step, seat), event_text(step)))
    return seen


def assert_changes(seen: list[tuple[int, list[str], str]]) -> None:
    """Every click moved one event on, changed the hand drawn and the event text."""
    for (s0, h0, t0), (s1, h1, t1) in zip(seen, seen[1:]):
        assert s1 == s0 + 1, (s0, s1)
        assert h1 != h0, f"hand unchanged from event {s0} to {s1}: {h1}"
        assert t1 != t0, f"event text unchanged from event {s0} to {s1}: {t1!r}"
        assert h1, f"no cards drawn at event {s1}"


def overlapping(page: Any, selector: str, at_least: int) -> list[tuple[str, str]]:
    """The pairs of shown elements matching ``selector`` whose boxes overlap by more than a pixel each way
    (one inside another, as a button in its row, is not an overlap); fails when fewer than ``at_least`` are
    found, so a selector that stopped matching cannot pass for a tidy page."""
    items = page.evaluate("""(sel) => {
        const els = [...document.querySelectorAll(sel)]
            .filter(e => e.offsetParent !== null && e.getBoundingClientRect().width > 0);
        return els.map((e, i) => {
            const r = e.getBoundingClientRect();
            const inside = els.map((o, j) => j !== i && (o.contains(e) || e.contains(o)) ? j : -1).filter(j => j >= 0);
            return {i, x: r.x, y: r.y, w: r.width, h: r.height, inside, text: (e.innerText || '').slice(0, 40)};
        });
    }""", selector)
    assert len(items) >= at_least, items
    found = []
    for a in items:
        for b in items:
            if b["i"] <= a["i"] or b["i"] in a["inside"]:
                continue
            dx = min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"])
            dy = min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"])
            if dx > 1 and dy > 1:
                found.append((a["text"], b["text"]))
    return found
