"""The offline copy costs its own size (issue 30): fetched whole once, then only what changed."""
import unittest

from selenium.webdriver.common.by import By

from harness import AppTestCase
from test_app import seed_records

# Installed before the app's scripts: every /api/changes request the page makes, with its albums.
RECORD = """
window.__changes = [];
const fetched = window.fetch;
window.fetch = async (input, init) => {
  const response = await fetched(input, init);
  const url = typeof input === 'string' ? input : input.url;
  if (url.includes('/api/changes')) {
    const text = await response.clone().text();
    let albums = null;
    try { albums = JSON.parse(text).albums.map((album) => album.id); } catch {}
    window.__changes.push({ url, bytes: text.length, albums });
  }
  return response;
};
"""

COPY = """
const done = arguments[arguments.length - 1];
caches.open('rk-2-copy').then((cache) => cache.match('/offline-copy.json'))
  .then((response) => response ? response.json() : null)
  .then(done, () => done(null));
"""


class OfflineCopyTests(AppTestCase):
    def seed(self, collection):
        seed_records(collection)
        for number in range(20):
            collection.add(f"Filler {number}", f"Artist {number:02}", "2001")

    def copy(self):
        return self.driver.execute_async_script(COPY)

    def copy_titles(self):
        copy = self.copy()
        return sorted(album["title"] for album in copy["albums"]) if copy else []

    def test_a_hand_edit_fetches_only_the_changed_album_and_the_copy_serves_offline(self):
        self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORD})
        self.open()
        self.wait_for(lambda d: d.execute_script("return !!navigator.serviceWorker.controller"), "the service worker")
        self.open()
        self.wait_for(lambda d: len(self.copy_titles()) == 25, "the whole offline copy", timeout=20)
        whole = self.driver.execute_script("return window.__changes")
        self.assertEqual([len(c["albums"]) for c in whole if c["albums"] is not None][-1], 25, "fetched whole once")
        before = len(whole)

        # A hand edit: the open app hears of it and fetches that album only.
        album_id = next(i for i in self.collection.ids() if i.endswith("kind-of-blue"))
        path = self.collection.root / album_id / "album.md"
        path.write_text(path.read_text().replace("title: Kind of Blue", "title: Kind of Blue (Legacy)"))
        self.wait_for(lambda d: "Kind of Blue (Legacy)" in self.copy_titles(), "the edit in the offline copy", timeout=20)
        after = self.driver.execute_script("return window.__changes")[before:]
        self.assertEqual(len(after), 1, f"one request for the copy: {after}")
        self.assertIn("since=", after[0]["url"])
        self.assertEqual(after[0]["albums"], [album_id])
        self.assertLess(after[0]["bytes"], 5000)
        self.assertEqual(len(self.copy_titles()), 25, "the copy still holds every album")

        # With the server gone, search and details come from the copy.
        self.server.stop()
        self.open()
        self.wait_for(lambda d: self.by_id("offline-banner").is_displayed(), "the offline banner")
        self.by_id("search").send_keys("legacy")
        self.wait_for_titles(["Kind of Blue (Legacy)"], "the edited album found offline")
        self.by_id("search").clear()
        self.by_id("search").send_keys("filler 1")
        self.wait_for(lambda d: len(self.titles()) >= 10, "offline search over the whole copy")
        # An album never opened, by its address: its details come from the copy.
        filler = next(i for i in self.collection.ids() if i.endswith("filler-7"))
        self.open("#/album/" + "/".join(part for part in filler.split("/")))
        self.wait_for(lambda d: self.details_title() == "Album Details", "the details view offline")
        self.wait_for(lambda d: "Filler 7" in [e.text for e in self.all("#details-form .field-value")], "the album's title")
        self.assertFalse(self.by_id("confirmButton").is_enabled(),
                         "an album known only from the copy has no version a save could merge from")


if __name__ == "__main__":
    unittest.main()
