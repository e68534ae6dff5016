"""Albums that can't be read are named, and covers set from the command line show (issue 18, points 3 and 4)."""

import unittest

from selenium.webdriver.common.by import By

from harness import AppTestCase, png

BROKEN = "---\ntitle: [unclosed\nartist: Nobody\n---\n\n## Tracks\n"


class ProblemsTests(AppTestCase):
    def seed(self, collection):
        collection.add("Revolver", "The Beatles", "1966-08-05", tracks=["Taxman"])
        collection.add("Paranoid", "Black Sabbath", "1970")

    def break_album(self, folder):
        (self.collection.root / "albums" / folder / "album.md").write_text(BROKEN)

    def test_an_album_broken_by_hand_is_named_with_its_file_line_and_message(self):
        self.open()
        self.wait_for_titles(["Paranoid", "Revolver"])
        self.assertFalse(self.by_id("problems-line").is_displayed())
        self.break_album("the-beatles-revolver")
        self.wait_for(lambda d: self.by_id("problems-line").is_displayed(), "the problems line")
        self.assertEqual(self.by_id("problems-button").text, "1 album can't be read")
        self.wait_for_titles(["Paranoid"])
        self.by_id("problems-button").click()
        self.wait_for(lambda d: self.by_id("problems-dialog").is_displayed(), "the list of problems")
        items = self.all("#problems-list li")
        self.assertEqual(len(items), 1)
        where = items[0].find_element(By.CSS_SELECTOR, ".problem-where").text
        self.assertRegex(where, r"^albums/the-beatles-revolver/album\.md:\d+$")
        self.assertTrue(items[0].find_element(By.CSS_SELECTOR, ".problem-message").text)
        self.screenshot("problems")
        self.by_id("problems-close").click()
        # Fixed by hand: the line goes away and the album is back.
        self.collection.rk("check", check=False)
        (self.collection.root / "albums" / "the-beatles-revolver" / "album.md").write_text(
            "---\ntitle: Revolver\nartist: The Beatles\n---\n")
        self.wait_for_titles(["Paranoid", "Revolver"])
        self.wait_for(lambda d: not self.by_id("problems-line").is_displayed(), "the problems line to go")

    def test_an_open_album_that_becomes_unreadable_says_so_not_removed(self):
        self.open()
        self.wait_for(lambda d: "Revolver" in self.titles(), "Revolver in the list")
        self.row("Revolver").find_element(By.CSS_SELECTOR, ".row-content").click()
        self.wait_for(lambda d: self.by_id("details-view").is_displayed() and self.details_title() == "Album Details",
                      "the details view")
        self.break_album("the-beatles-revolver")
        error = self.by_id("details-error")
        self.wait_for(lambda d: error.is_displayed() and error.text, "the details view's message")
        self.assertIn("can't be read", error.text)
        self.assertIn("albums/the-beatles-revolver/album.md:", error.text)
        self.assertNotIn("removed", error.text)
        self.screenshot("details-unreadable")


class CoverTests(AppTestCase):
    def seed(self, collection):
        collection.add("Paranoid", "Black Sabbath", "1970")
        self.set_cover(collection, (220, 30, 30))

    @staticmethod
    def set_cover(collection, colour):
        image = collection.tmp / "cover.png"
        image.write_bytes(png(300, 300, colour))
        collection.rk("cover", "set", "black-sabbath-paranoid", str(image))

    def thumbnail(self):
        """The thumbnail's address and the colour of its middle pixel, once it is loaded."""
        return self.driver.execute_script("""
            const img = document.querySelector('#album-list .row[data-id] .thumb img');
            if (!img || img.hidden || !img.complete || !img.naturalWidth) return null;
            const canvas = document.createElement('canvas');
            canvas.width = img.naturalWidth; canvas.height = img.naturalHeight;
            const context = canvas.getContext('2d');
            context.drawImage(img, 0, 0);
            const [r, g, b] = context.getImageData(canvas.width / 2, canvas.height / 2, 1, 1).data;
            return { src: img.getAttribute('src'), rgb: [r, g, b] };""")

    def test_a_cover_set_from_the_command_line_shows_in_the_open_app_and_after_a_reload(self):
        self.open()
        self.wait_for(lambda d: self.thumbnail() is not None, "the red thumbnail")
        first = self.thumbnail()
        self.assertGreater(first["rgb"][0], 150)
        self.set_cover(self.collection, (30, 30, 220))
        self.wait_for(lambda d: (self.thumbnail() or first)["src"] != first["src"], "a new thumbnail address")
        self.wait_for(lambda d: (self.thumbnail() or first)["rgb"][2] > 150, "the blue thumbnail")
        # A reload through the service worker's cache shows the new cover too.
        self.open()
        self.wait_for(lambda d: self.thumbnail() is not None, "the thumbnail after a reload")
        self.assertGreater(self.thumbnail()["rgb"][2], 150)
        self.screenshot("cover-from-command-line")


if __name__ == "__main__":
    unittest.main()
