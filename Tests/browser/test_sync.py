"""Sharing in the app (docs/app.md, "Sharing in the app", issue 10): the line that says what the remote has, the
Sync button, and the conflicts screen, in a real headless Chromium (harness.py).

Each test's collection syncs with a bare remote of its own; a second clone of it ("Bob",
another collector) changes things with `rk` and pushes them, as a friend's laptop would.
"""

import subprocess
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from harness import DESKTOP, RK, AppTestCase

KIND_OF_BLUE = "albums/miles-davis-kind-of-blue"


class SyncTests(AppTestCase):
    def seed(self, collection):
        collection.add("Kind of Blue", "Miles Davis", "1959-08-17", tags=["jazz"])
        collection.add("Paranoid", "Black Sabbath", "1970", tags=["metal"])
        self.remote = collection.tmp / "origin.git"
        self.git("init", "-q", "--bare", str(self.remote), cwd=collection.tmp)
        collection.rk("remote", "add", "origin", str(self.remote))
        collection.rk("sync")
        self.bob = collection.tmp / "bob"
        collection.rk("clone", str(self.remote), str(self.bob), collection=False)

    def git(self, *args, cwd=None):
        done = subprocess.run(["git", *args], cwd=cwd, env=self.collection.env, capture_output=True, text=True, check=True)
        return done.stdout.strip()

    def bob_rk(self, *args):
        done = subprocess.run([str(RK), "-C", str(self.bob), *args], env=self.collection.env, capture_output=True, text=True)
        self.assertEqual(done.returncode, 0, done.stderr)

    def branch(self):
        return self.git("-C", str(self.collection.root), "symbolic-ref", "--short", "HEAD")

    def head(self, revision="HEAD", repository=None):
        return self.git("-C", str(repository or self.collection.root), "rev-parse", revision)

    def sync_text(self):
        line = self.by_id("sync-line")
        return line.text if line.is_displayed() else ""

    def wait_for_sync_text(self, expected):
        self.wait_for(lambda d: self.by_id("sync-text").text == expected and self.by_id("sync-line").is_displayed(),
                      f"the sync line to say {expected!r} (it says {self.sync_text()!r})")

    def touch_targets(self, selector):
        """The buttons matched that are smaller than 44 px either way."""
        return self.driver.execute_script("""
            return [...document.querySelectorAll(arguments[0])].filter((b) => b.offsetParent !== null)
              .map((b) => b.getBoundingClientRect()).filter((r) => r.width < 44 || r.height < 44).length;""", selector)

    def test_a_change_from_the_remote_is_shown_and_synced_into_the_list(self):
        self.bob_rk("add", "--title", "Homogenic", "--artist", "Björk", "--released", "1997-09-22")
        self.bob_rk("sync")
        self.open()
        self.wait_for_titles(["Paranoid", "Kind of Blue"])
        # The app fetches when it opens; the line says what came in.
        self.wait_for_sync_text("1 change from origin")
        self.assertEqual(self.by_id("sync-button").text, "Sync")
        self.assertEqual(self.touch_targets("#sync-line button"), 0, "the Sync button is a 44 px target")
        self.screenshot("sync-line")
        self.by_id("sync-button").click()
        self.wait_for(lambda d: self.by_id("toast").text == "Brought in 1 change from origin.", "the toast saying what sync did")
        self.wait_for_titles(["Homogenic", "Paranoid", "Kind of Blue"], "Bob's album in the list")
        self.wait_for(lambda d: not self.by_id("sync-line").is_displayed(), "the line to go once in step")
        self.assertEqual(self.head(), self.head(self.branch(), self.remote))
        self.screenshot("synced")

    def test_a_conflict_is_settled_on_the_conflicts_screen_and_makes_the_merge_commit(self):
        self.bob_rk("set", KIND_OF_BLUE, "--title", "Kind of Blue (Legacy Edition)")
        self.bob_rk("sync")
        bob = self.head(repository=self.bob)
        self.collection.rk("set", KIND_OF_BLUE, "--title", "Kind of Blue <b>(Mono)</b>")
        ours = self.head()
        self.open()
        self.wait_for_sync_text("1 change from origin, 1 to send")
        self.by_id("sync-button").click()
        # The merge stops at the field both changed, and the conflicts screen opens.
        self.wait_for(lambda d: self.by_id("conflicts-view").is_displayed(), "the conflicts screen")
        self.wait_for(lambda d: len(self.all(".conflict-field")) == 1, "the one conflicting field")
        album = self.css(".conflict-album")
        self.assertEqual(album.find_element(By.TAG_NAME, "h2").text, "Kind of Blue <b>(Mono)</b>", "markup shown as text")
        self.assertEqual(album.find_element(By.CSS_SELECTOR, ".conflict-id").text, KIND_OF_BLUE)
        field = self.css(".conflict-field")
        self.assertEqual(field.find_element(By.TAG_NAME, "h3").text, "Album name", "the catalogue's label, as the form has it")
        values = [v.text for v in field.find_elements(By.CSS_SELECTOR, ".conflict-value")]
        self.assertEqual(values, ["Kind of Blue <b>(Mono)</b>", "Kind of Blue (Legacy Edition)"])
        self.assertEqual([b.text for b in field.find_elements(By.CSS_SELECTOR, ".conflict-button")], ["Keep mine", "Take theirs"])
        self.assertEqual(self.all("#conflicts-list b"), [], "no markup from the collection")
        self.assertEqual(self.touch_targets("#conflicts-view button"), 0, "every button is a 44 px target")
        self.assertEqual(self.head(), ours, "no commit until the conflict is settled")
        self.screenshot("conflicts")
        # Left for later, the conflicts are one tap away from the main screen's line.
        self.by_id("conflicts-back").click()
        self.wait_for_sync_text("1 conflict from origin to settle")
        self.assertFalse(self.by_id("sync-button").is_displayed())
        self.screenshot("sync-line-conflicts")
        self.by_id("sync-review").click()
        self.wait_for(lambda d: len(self.all(".conflict-field")) == 1, "the conflicts screen again")
        field = self.css(".conflict-field")

        field.find_element(By.CSS_SELECTOR, ".conflict-theirs .conflict-button").click()
        self.wait_for(lambda d: self.by_id("conflicts-done").is_displayed(), "the screen to say it is settled")
        merge = self.head()
        self.assertEqual(self.by_id("conflicts-done").text,
                         f"All settled: the merge commit {merge[:7]} was made. Sync sends it to origin.")
        self.assertEqual(self.git("-C", str(self.collection.root), "rev-list", "--parents", "-n", "1", "HEAD").split()[1:],
                         [ours, bob], "the merge commit has both sides as parents")
        self.assertEqual(self.collection.album(KIND_OF_BLUE)["title"], "Kind of Blue (Legacy Edition)")
        self.assertEqual(self.git("-C", str(self.collection.root), "status", "--porcelain"), "")
        self.screenshot("conflicts-settled")

        self.by_id("conflicts-sync").click()
        self.wait_for(lambda d: self.head(self.branch(), self.remote) == merge, "the merge to reach the remote")
        self.by_id("conflicts-back").click()
        self.wait_for(lambda d: not self.by_id("conflicts-view").is_displayed(), "the main screen again")
        self.wait_for_titles(["Paranoid", "Kind of Blue (Legacy Edition)"])


class DesktopSyncTests(SyncTests):
    size = DESKTOP

    # One flow is enough at this size; the first test runs at phone size only.
    test_a_change_from_the_remote_is_shown_and_synced_into_the_list = None

    def test_dark_mode_conflicts_screen(self):
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                    {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        self.bob_rk("set", KIND_OF_BLUE, "--label", "Columbia", "--title", "Kind of Blue (Legacy Edition)")
        self.bob_rk("sync")
        self.collection.rk("set", KIND_OF_BLUE, "--label", "CBS", "--title", "Kind of Blue (Mono)")
        self.open()
        self.wait_for_sync_text("1 change from origin, 1 to send")
        self.screenshot("dark-sync-line")
        self.by_id("sync-button").click()
        self.wait_for(lambda d: len(self.all(".conflict-field")) == 2, "two conflicting fields")
        self.assertEqual(self.by_id("conflicts-view").value_of_css_property("background-color"), "rgba(18, 18, 18, 1)")
        self.screenshot("dark-conflicts")
        # A value of one's own for the label, then mine for the title: the merge commit comes with the last.
        label = next(f for f in self.all(".conflict-field") if f.find_element(By.TAG_NAME, "h3").text == "Label")
        edit = label.find_element(By.CSS_SELECTOR, ".conflict-edit input")
        self.assertEqual(edit.get_attribute("value"), "CBS", "the field starts with my value")
        edit.clear()
        edit.send_keys("Columbia / CBS")
        label.find_element(By.CSS_SELECTOR, ".conflict-edit button").click()
        self.wait_for(lambda d: len(self.all(".conflict-field")) == 1, "one field left")
        self.assertFalse(self.by_id("conflicts-done").is_displayed())
        self.css(".conflict-ours .conflict-button").click()
        self.wait_for(lambda d: self.by_id("conflicts-done").is_displayed(), "all settled")
        album = self.collection.album(KIND_OF_BLUE)
        self.assertEqual((album["title"], album["label"]), ("Kind of Blue (Mono)", "Columbia / CBS"))
        self.assertEqual(len(self.git("-C", str(self.collection.root), "rev-list", "--parents", "-n", "1", "HEAD").split()), 3)
        # Escape leaves the screen, as it leaves every screen over the main one.
        self.by_id("conflicts-back").send_keys(Keys.ESCAPE)
        self.wait_for(lambda d: not self.by_id("conflicts-view").is_displayed(), "Escape to close the conflicts screen")
        self.assertNotIn("#/conflicts", self.driver.current_url)


if __name__ == "__main__":
    unittest.main()
