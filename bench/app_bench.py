#!/usr/bin/env python3
"""The app of `rk serve` in headless Chromium, for server_bench.py (issue 18 point 5).

`app_bench.py URL` opens the app at URL (a running `rk serve`) in a fresh profile and prints one
line of JSON:
- `first_rows`: seconds from navigation until the first album row is drawn (a fresh load);
- `search_bytes`, `search_requests`: what a one-letter search (`m`) fetched from /api/albums
  (response bodies, from the resource timing entries), until its rows are shown and settled;
- `longest_task`: the longest main-thread task (PerformanceObserver 'longtask', which reports
  tasks over 50 ms) while words are typed at a person's pace; 0 when none was that long.
Runs with the virtualenv of the browser tests (Selenium; `make venv browser-deps`).
"""
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tests" / "browser"))
from harness import make_driver  # noqa: E402

TYPED = ["midnight", "love", "blue"]
KEY_PAUSE = 0.12  # seconds between keystrokes: quick typing

# Installed before the app's own scripts, so nothing they do is missed.
OBSERVE = """
window.__rk = { longTasks: [], firstRows: null };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__rk.longTasks.push(entry.duration);
}).observe({ type: 'longtask', buffered: true });
new MutationObserver((_, observer) => {
  if (document.querySelector('#album-list .row[data-id], #album-list .cell[data-id]')) {
    window.__rk.firstRows = performance.now();
    observer.disconnect();
  }
}).observe(document, { childList: true, subtree: true });
"""


def wait(driver, condition, what, timeout=120):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.05)
    raise RuntimeError(f"waited {timeout} s for {what}")


def settled(driver):
    return driver.execute_script("""
        const list = document.getElementById('album-list');
        return list.getAttribute('aria-busy') === 'false' && !!list.querySelector('.row[data-id], .cell[data-id]');""")


def measure(url):
    with tempfile.TemporaryDirectory(prefix="rk-app-bench-") as profile:
        driver = make_driver(profile=Path(profile))
        try:
            driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": OBSERVE})
            driver.get(url)
            wait(driver, lambda: driver.execute_script("return !!(window.__rk && window.__rk.firstRows)"), "the first rows")
            first_rows = driver.execute_script("return window.__rk.firstRows") / 1000
            wait(driver, lambda: driver.execute_script("return document.body.dataset.ready === 'true'"), "the app")
            wait(driver, lambda: settled(driver), "the list")
            search = driver.find_element("id", "search")

            # A one-letter search: what it fetched until its rows are shown.
            driver.execute_script("performance.setResourceTimingBufferSize(100000); performance.clearResourceTimings();")
            search.send_keys("m")
            wait(driver, lambda: settled(driver) and driver.execute_script(
                "return performance.getEntriesByType('resource').some(e => e.name.includes('/api/albums?q=m&'))"), "the search")
            time.sleep(1)
            requests = driver.execute_script("""
                return performance.getEntriesByType('resource')
                  .filter(e => { const u = new URL(e.name); return u.pathname === '/api/albums' && u.searchParams.get('q') === 'm'; })
                  .map(e => e.encodedBodySize || e.decodedBodySize || e.transferSize || 0);""")

            # The observer sees a long task (100 ms busy in a task of the page), so "none" below means none.
            driver.execute_script("setTimeout(() => { const t = performance.now(); while (performance.now() - t < 100) {} }, 0)")
            wait(driver, lambda: driver.execute_script("return window.__rk.longTasks.some(d => d >= 90)"),
                 "the long task observer to see a 100 ms task", timeout=10)

            # Typing at a person's pace: the longest main-thread task.
            driver.execute_script("window.__rk.longTasks = [];")
            for word in TYPED:
                driver.execute_script("const s = document.getElementById('search'); s.value = '';"
                                      "s.dispatchEvent(new Event('input'));")
                for key in word:
                    search.send_keys(key)
                    time.sleep(KEY_PAUSE)
                wait(driver, lambda: settled(driver), f"the search for {word}")
            time.sleep(0.5)
            tasks = driver.execute_script("return window.__rk.longTasks")
        finally:
            driver.quit()
    return {"first_rows": first_rows, "search_bytes": sum(requests), "search_requests": len(requests),
            "longest_task": max(tasks, default=0) / 1000, "long_tasks": len(tasks)}


if __name__ == "__main__":
    print(json.dumps(measure(sys.argv[1])))
