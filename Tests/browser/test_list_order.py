"""Smart lists and favourites in an order of their own, in the app (issue 32; seeds 003 and 004):
a smart list's Order in the list editor and the main screen showing a list in its order; the
Favourites screen's Edit (drag a row by its handle, or move it with the arrow keys) and its
swipe that takes a star off after "Are you sure?". A hand-written favourites.md keeps its
comments byte for byte."""

import time
import unittest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from harness import AppTestCase, DESKTOP
from test_favourites import seed_favourites

FAVOURITES = ".recordkeeper/lists/favourites.md"
HAND_WRITTEN = """# Our favourites
<!-- Sam: the order we play them on Sundays -->

1. albums/nick-drake-pink-moon#1 to open
2. albums/miles-davis-kind-of-blue#3

Keep this short.
"""


class FavouriteOrderTests(AppTestCase):
    def seed(self, collection):
        seed_favourites(collection)
        kind_of_blue = next(i for i in collection.ids() if i.endswith("kind-of-blue"))
        love_supreme = next(i for i in collection.ids() if i.endswith("a-love-supreme"))
        pink_moon = next(i for i in collection.ids() if i.endswith("pink-moon"))
        for album, track in [(kind_of_blue, "1"), (kind_of_blue, "3"), (love_supreme, "1"), (pink_moon, "1")]:
            collection.rk("track", "fav", album, track)
        path = collection.root / FAVOURITES
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(HAND_WRITTEN.replace("nick-drake-pink-moon", pink_moon.split("/")[-1])
                        .replace("miles-davis-kind-of-blue", kind_of_blue.split("/")[-1]))

    def names(self):
        return self.driver.execute_script(
            "return [...document.querySelectorAll('#favourites-view-list .favourite-row .smart-list-name')].map((n) => n.textContent);")

    def open_favourites(self):
        self.open()
        self.by_id("menu-button").click()
        self.wait_for(lambda d: self.by_id("open-favourites").is_displayed(), "Favourites… in the Lists menu")
        self.by_id("open-favourites").click()
        self.wait_for(lambda d: len(self.names()) == 4, "four favourites")

    def test_edit_drags_a_track_to_a_new_place_and_keeps_the_files_other_lines(self):
        self.open_favourites()
        # The list's entries first, in its order, then the stars it does not name.
        self.assertEqual(self.names(), ["★ Pink Moon", "★ Blue in Green", "★ Acknowledgement", "★ So What"])
        self.assertFalse(self.css("#favourites-view-list .favourite-handle").is_displayed(), "no handles until Edit")
        self.by_id("favourites-view-edit").click()
        self.assertEqual(self.by_id("favourites-view-edit").text, "Done")
        handles = self.all("#favourites-view-list .favourite-handle")
        self.assertTrue(handles[3].is_displayed())
        self.screenshot("favourites-edit")
        commits = self.collection.commits()
        height = self.all("#favourites-view-list .favourite-item")[0].size["height"]
        actions = ActionChains(self.driver, duration=20).click_and_hold(handles[3])
        for _ in range(10):
            actions.move_by_offset(0, -(3 * height) // 10)
        actions.release().perform()
        self.wait_for(lambda d: self.names() == ["★ So What", "★ Pink Moon", "★ Blue in Green", "★ Acknowledgement"],
                      f"So What dragged to the top (shows {self.names()})")
        self.wait_for(lambda d: self.collection.commits() == commits + 2, "the hand edit committed alone, then the move")
        self.wait_for(lambda d: self.by_id("favourites-view-list").get_attribute("aria-busy") == "false", "the saved order shown")
        text = (self.collection.root / FAVOURITES).read_text()
        lines = text.split("\n")
        self.assertEqual(lines[:3], HAND_WRITTEN.split("\n")[:3], "the heading and comment as written")
        self.assertTrue(lines[3].startswith("1. albums/") and lines[3].endswith("#1"), text)
        self.assertTrue(lines[4].endswith("#1 to open"), "the note kept with its entry: " + text)
        self.assertTrue(text.endswith("\nKeep this short.\n"), text)
        # The arrow keys move the focused handle's row one place.
        handle = self.all("#favourites-view-list .favourite-handle")[0]
        handle.send_keys(Keys.ARROW_DOWN)
        self.wait_for(lambda d: self.names()[:2] == ["★ Pink Moon", "★ So What"], "So What one place down")
        self.wait_for(lambda d: self.collection.commits() == commits + 3, "the move saved")
        self.wait_for(lambda d: self.by_id("favourites-view-list").get_attribute("aria-busy") == "false", "the saved order shown")
        # In Edit a tap does not open the album; Done leaves Edit.
        self.all("#favourites-view-list .favourite-row")[0].click()
        self.assertTrue(self.by_id("favourites-view").is_displayed())
        self.by_id("favourites-view-edit").click()
        self.assertFalse(self.css("#favourites-view-list .favourite-handle").is_displayed())

    def test_a_swipe_takes_the_star_off_after_are_you_sure(self):
        self.open_favourites()
        commits = self.collection.commits()
        row = self.all("#favourites-view-list .favourite-row")[1]
        actions = ActionChains(self.driver, duration=20).move_to_element_with_offset(
            row, row.size["width"] // 2 - 10, 0).click_and_hold()
        for _ in range(8):
            actions.move_by_offset(-20, 0)
        actions.release().perform()
        item = self.all("#favourites-view-list .favourite-item")[1]
        self.wait_for(lambda d: "open" in item.get_attribute("class"), "Remove shown")
        time.sleep(0.3)  # the row's slide
        self.screenshot("favourite-swiped")
        item.find_element(By.CSS_SELECTOR, ".favourite-remove").click()
        dialog = self.by_id("confirm-dialog")
        self.assertTrue(dialog.is_displayed())
        self.assertEqual(dialog.find_element(By.TAG_NAME, "p").text, "Are you sure?")
        dialog.find_element(By.CSS_SELECTOR, "button[value=cancel]").click()
        self.assertEqual(len(self.names()), 4)
        self.assertEqual(self.collection.commits(), commits, "Cancel changes nothing")
        # Again, with OK: the star comes off Blue in Green.
        item = self.all("#favourites-view-list .favourite-item")[1]
        self.driver.execute_script("arguments[0].click()", item.find_element(By.CSS_SELECTOR, ".favourite-remove"))
        self.wait_for(lambda d: self.by_id("confirm-dialog").is_displayed(), "the confirm dialog")
        self.by_id("confirm-ok").click()
        self.wait_for(lambda d: self.names() == ["★ Pink Moon", "★ Acknowledgement", "★ So What"], "Blue in Green gone")
        kind_of_blue = next(i for i in self.collection.ids() if i.endswith("kind-of-blue"))
        self.assertEqual([t["favourite"] for t in self.collection.album(kind_of_blue)["track_list"]], [True, False, False])
        # The hand-written list committed alone first, then the star and its entry go in one commit.
        self.assertEqual(self.collection.commits(), commits + 2)
        pink_moon = next(i for i in self.collection.ids() if i.endswith("pink-moon"))
        self.assertEqual((self.collection.root / FAVOURITES).read_text(),
                         HAND_WRITTEN.replace("nick-drake-pink-moon", pink_moon.split("/")[-1])
                         .replace("2. albums/miles-davis-kind-of-blue#3\n", ""))


class SmartListOrderTests(AppTestCase):
    def seed(self, collection):
        seed_favourites(collection)
        collection.rk("lists", "save", "jazz", "#jazz")

    def show_list(self, name):
        self.by_id("menu-button").click()
        self.wait_for(lambda d: self.by_id("lists-popup").is_displayed(), "the Lists menu")
        next(b for b in self.all("#lists-popup .menu-item") if b.text.startswith(name)).click()

    def test_the_editors_order_shows_the_list_so_whatever_the_sort_menu_says(self):
        self.open()
        self.show_list("jazz")
        self.wait_for_titles(["A Love Supreme", "Kind of Blue"], "the list in the collection's order")
        self.by_id("menu-button").click()
        self.wait_for(lambda d: self.by_id("lists-manage").is_displayed(), "Edit Smart Lists…")
        self.by_id("lists-manage").click()
        self.wait_for(lambda d: self.by_id("lists-view").is_displayed(), "the smart lists screen")
        self.wait_for(lambda d: self.all("#smart-lists .smart-list"), "the list")
        self.css("#smart-lists .smart-list").click()
        self.wait_for(lambda d: len(Select(self.by_id("list-sort")).options) > 2, "the sort modes in Order")
        self.assertEqual(Select(self.by_id("list-sort")).first_selected_option.text, "The collection’s order")
        Select(self.by_id("list-sort")).select_by_value("year")
        self.screenshot("list-order")
        self.by_id("list-save").click()
        self.wait_for(lambda d: not self.by_id("list-editor").is_displayed(), "the list saved")
        text = (self.collection.root / ".recordkeeper/lists/jazz.yaml").read_text()
        self.assertTrue(text.endswith("sort: year\n"), text)
        self.by_id("lists-back").click()
        self.open()  # the main screen asks again, the list still chosen
        self.wait_for_titles(["Kind of Blue", "A Love Supreme"], "the list by release year")

    def test_a_custom_order_is_shown_as_kept(self):
        self.collection.rk("lists", "sort", "jazz", "custom")
        self.collection.rk("lists", "move", "jazz", "2", "1")
        self.collection.rk("sort", "title")
        self.open()
        self.show_list("jazz")
        self.wait_for_titles(["Kind of Blue", "A Love Supreme"], "the kept order")
        self.collection.rk("lists", "move", "jazz", "2", "1")
        self.open()
        self.wait_for_titles(["A Love Supreme", "Kind of Blue"], "the order moved from the command line")


class FavouriteOrderDesktopTests(FavouriteOrderTests):
    size = DESKTOP


if __name__ == "__main__":
    unittest.main()
