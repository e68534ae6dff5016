"""The app at any size (docs/app.md, "Goals at any size", issue 18 point 5): the list asks for pages as it scrolls.

A generated collection (bench/generate.py, the variety of a real one) of a few thousand albums:
a one-letter search fetches one page and the count, the list is as long as every match, and
scrolling to the end fetches only the pages scrolled to. Requests are counted with the browser's
resource timing entries; nothing here asserts a time (bench/server_bench.py measures those).
"""

import json
import shutil
import sys
import time
import urllib.parse
import urllib.request

from harness import ROOT, AppTestCase

sys.path.insert(0, str(ROOT / "bench"))
from generate import generate  # noqa: E402

COUNT = 3000
PAGE = 100  # App/main-view.js PAGE
MB = 1_000_000


class PagingTests(AppTestCase):
    def seed(self, collection):
        generated = collection.tmp / "generated"
        generate(COUNT, str(generated))
        shutil.rmtree(collection.root / "albums", ignore_errors=True)
        shutil.move(str(generated / "albums"), str(collection.root / "albums"))

    # ---- Helpers

    def server_count(self, q):
        query = urllib.parse.urlencode({"q": q, "offset": 0, "limit": 1})
        with urllib.request.urlopen(f"{self.server.url}api/albums?{query}", timeout=30) as answer:
            return json.load(answer)["count"]

    def album_requests(self):
        """[(query parameters, bytes)] of every /api/albums list request the page made."""
        entries = self.driver.execute_script("""
            return performance.getEntriesByType('resource')
              .filter(e => new URL(e.name).pathname === '/api/albums')
              .map(e => [e.name, e.encodedBodySize || e.transferSize || 0]);""")
        return [(dict(urllib.parse.parse_qsl(urllib.parse.urlparse(name).query, keep_blank_values=True)), size)
                for name, size in entries]

    def settled(self):
        return self.driver.execute_script(
            "return document.getElementById('album-list').getAttribute('aria-busy') === 'false'")

    def type_query(self, text):
        self.driver.execute_script("performance.setResourceTimingBufferSize(10000); performance.clearResourceTimings();")
        self.by_id("search").send_keys(text)

    def rows_in_view(self):
        """(position, title or None for a placeholder, set size) of the rows in view."""
        return self.driver.execute_script("""
            const list = document.getElementById('album-list');
            const top = list.scrollTop, bottom = top + list.clientHeight;
            return [...list.querySelectorAll('.row')]
              .filter(r => r.offsetTop + r.offsetHeight > top && r.offsetTop < bottom)
              .sort((a, b) => a.offsetTop - b.offsetTop)
              .map(r => [Number(r.getAttribute('aria-posinset')),
                         r.dataset.id ? r.querySelector('.row-title').textContent : null,
                         Number(r.getAttribute('aria-setsize'))]);""")

    # ---- Tests

    def test_a_one_letter_search_fetches_one_page_and_the_count(self):
        self.open()
        expected = self.server_count("m")
        self.assertGreater(expected, 5 * PAGE, "the letter matches many pages of albums")
        self.type_query("m")
        self.wait_for(lambda d: self.settled() and self.rows_in_view() and self.rows_in_view()[0][1] is not None
                      and self.rows_in_view()[0][2] == expected, "the first rows of the search")
        time.sleep(0.5)  # anything more the search would fetch has started by now
        searched = [(params, size) for params, size in self.album_requests() if params.get("q") == "m"]
        self.assertEqual(len(searched), 1, f"one request for the search: {searched}")
        params, size = searched[0]
        self.assertEqual((params["offset"], params["limit"]), ("0", str(PAGE)))
        self.assertLess(size, 1 * MB)
        # The list knows every match: each row says how many there are, and it is as tall as all of them.
        rows = self.rows_in_view()
        self.assertTrue(all(total == expected for _, _, total in rows), rows)
        height, row = self.driver.execute_script("""
            const list = document.getElementById('album-list');
            return [list.scrollHeight, list.querySelector('.row[data-id]').offsetHeight];""")
        self.assertGreaterEqual(height, expected * row)

    def test_scrolling_to_the_end_fetches_only_the_pages_scrolled_to(self):
        self.open()
        expected = self.server_count("m")
        self.type_query("m")
        def first_page():
            rows = self.rows_in_view()  # empty while the list redraws
            return self.settled() and bool(rows) and rows[0][1] is not None
        self.wait_for(lambda d: first_page(), "the first page")
        def at_the_end():
            # Headers arriving with a page keep the first row in view in place, so the end may move down.
            self.driver.execute_script("const l = document.getElementById('album-list'); l.scrollTop = l.scrollHeight;")
            rows = self.rows_in_view()
            done = self.settled() and rows and rows[-1][0] == expected and all(title is not None for _, title, _ in rows)
            return rows if done else None

        # The last rows arrive on demand, placeholders until then.
        rows = self.wait_for(lambda d: at_the_end(), f"the last rows (in view: {self.rows_in_view()})")
        with urllib.request.urlopen(f"{self.server.url}api/albums?q=m&offset={expected - 1}&limit=1", timeout=30) as answer:
            last = json.load(answer)["albums"][0]["title"]
        self.assertEqual(rows[-1][1], last)
        offsets = sorted(int(params["offset"]) for params, _ in self.album_requests() if params.get("q") == "m")
        last_page = (expected - 1) // PAGE * PAGE
        self.assertIn(0, offsets)
        self.assertIn(last_page, offsets)
        # Distinct pages: in a full CI run a page in view was sometimes asked for again
        # ([0, 0, 2900, 2900, 3000]), as a quiet reload does; never one not scrolled to.
        self.assertLessEqual(len(set(offsets)), 3, f"only the first page and those at the end: {offsets}")
        # Back in the middle: the page there is fetched, and its rows are the server's.
        middle = expected // 2
        self.driver.execute_script(
            "const l = document.getElementById('album-list'); l.scrollTop = l.scrollHeight / 2;")
        def middle_rows():
            rows = self.rows_in_view()
            return rows if self.settled() and rows and all(title is not None for _, title, _ in rows) else None
        position, title, _ = self.wait_for(lambda d: middle_rows(), "the rows in the middle")[0]
        with urllib.request.urlopen(f"{self.server.url}api/albums?q=m&offset={position - 1}&limit=1", timeout=30) as answer:
            self.assertEqual(json.load(answer)["albums"][0]["title"], title)
        self.assertTrue(abs(position - middle) < 2 * PAGE, (position, middle))
        self.screenshot("paging-middle")

    def test_a_word_typed_after_the_letter_replaces_the_list(self):
        self.open()
        self.type_query("mi")
        self.wait_for(lambda d: self.settled() and self.rows_in_view() and
                      self.rows_in_view()[0][2] == self.server_count("mi"), "the search for mi")
        self.by_id("search").send_keys("dnight")
        expected = self.server_count("midnight")
        self.wait_for(lambda d: self.settled() and self.rows_in_view() and self.rows_in_view()[0][2] == expected,
                      "the search for midnight")
        # Every request of the search asked for one page.
        self.assertTrue(all(params["limit"] == str(PAGE) for params, _ in self.album_requests()))


if __name__ == "__main__":
    import unittest
    unittest.main()
