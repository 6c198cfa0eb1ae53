"""Take the README's screenshots of the course's lessons in headless Chromium.

    .venv/bin/python tools/screenshots.py            # writes docs/img/notebook2.png (lesson 9) and notebook4.png (lesson 8)

Needs Debian's chromium (/usr/bin/chromium) and the test extra (playwright).
Uses the browser-test helpers in ``tests/browser_helpers.py``: JupyterLab on
127.0.0.1 with private Jupyter dirs, temporary copies of the notebooks, every
request off the machine blocked (the altair charts are drawn offline as PNG pictures).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import browser_helpers as bh  # noqa: E402

OUT = ROOT / "docs" / "img"
SHOT_AT = 13  # Dana and Ravi's hand after Ravi's set of aces: melds of both players on the table
VIEWPORT = {"width": 1280, "height": 1040}
CHARTS_IN_4 = 4  # totals (Jawaker), totals (evening), points, cold hands


def notebook2(page, lab: bh.Lab, out: Path) -> None:
    from playwright.sync_api import expect

    bh.lab_run_all(page, lab.url("notebooks/09_replay_and_annotate.ipynb", workspace="shot2"))
    step = bh.stepper(page, 0)
    step.wait_for(timeout=60_000)
    bh.lab_wait_idle(page)
    step.locator(".banakil-jump input").fill(str(SHOT_AT))
    step.locator(".banakil-jump-go").click()
    expect(step.locator(f"{bh.TABLE} .banakil-state")).to_have_attribute("data-seq", str(SHOT_AT))
    problems = bh.page_errors(page)
    assert not problems, problems
    bh.lab_tidy(page)
    # the stepper's cell at the top of the view (the lesson's rule and first fold are above it)
    page.locator(".jp-Cell", has=page.locator(bh.STEPPER)).first.evaluate("cell => cell.scrollIntoView({block: 'start'})")
    page.get_by_text(bh.KERNEL_IDLE).wait_for()
    page.screenshot(path=str(out / "notebook2.png"))


def notebook4(page, lab: bh.Lab, out: Path) -> None:
    bh.lab_run_all(page, lab.url("notebooks/08_rule_sets.ipynb", workspace="shot4"))
    bh.lab_wait_idle(page, timeout=90_000)
    charts = page.locator(".jp-RenderedImage")  # altair's offline PNG renderer (an <img> in Lab)
    charts.first.wait_for(state="attached", timeout=60_000)
    assert charts.count() == CHARTS_IN_4, f"{charts.count()} charts drawn, expected {CHARTS_IN_4}"
    drawn = charts.locator("img").evaluate_all("imgs => imgs.filter(i => i.complete && i.naturalWidth > 0).length")
    assert drawn == CHARTS_IN_4, f"only {drawn} of the {CHARTS_IN_4} chart images decoded"
    problems = bh.page_errors(page)
    assert not problems, problems
    bh.lab_tidy(page)
    # the first chart's cell at the top of the view: the Jawaker totals, then the evening's
    page.locator(".jp-Cell", has=charts.first).first.evaluate(
        "cell => (cell.previousElementSibling || cell).scrollIntoView({block: 'start'})")  # its heading too
    charts.first.wait_for(state="visible")
    page.screenshot(path=str(out / "notebook4.png"))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=OUT, help=f"folder for the PNGs (default {OUT.relative_to(ROOT)})")
    args = ap.parse_args(argv)
    problem = bh.browser_problem()
    if problem:
        print(f"cannot take screenshots: {problem}", file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    t0 = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="banakil-shots-") as tmp:
        workdir = bh.make_workdir(Path(tmp))
        with bh.jupyter_lab(workdir) as lab, bh.chromium() as browser:
            for shoot in (notebook2, notebook4):
                with bh.new_page(browser, VIEWPORT) as page:
                    try:
                        shoot(page, lab, args.out)
                    except Exception:
                        page.screenshot(path=str(args.out / f"{shoot.__name__}-failed.png"))
                        raise
                print(f"wrote {args.out / (shoot.__name__ + '.png')}")
    print(f"done in {time.monotonic() - t0:.0f}s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
