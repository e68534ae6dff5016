"""The app in a pocket (issue 30, docs/app.md, "The app on a phone").

A save made while the server can't be reached is kept on the device (IndexedDB), shown as
waiting, survives a reload, and reaches album.md once the server is back, merged as any save;
a save or an add the server refuses is kept and opens its form with the library's word on the field; a track is renamed in an input as wide as its row; a broken album says it can't be read.
"""

import json
import subprocess
import time
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from harness import AppTestCase, Server, png

ID = "albums/miles-davis-kind-of-blue"


class OutboxTests(AppTestCase):
    def seed(self, collection):
        collection.add("Kind of Blue", "Miles Davis", "1959-08-17", tracks=["So What", "Blue in Green"], tags=["jazz"])
        collection.add("Homogenic", "Björk", "1997-09-22")

    def album_file(self):
        return self.collection.root / ID / "album.md"

    def edit_offline(self, words):
        """The editor opened while the server answers (so the service worker keeps the page);
        then the server stops and `words` are added to the title and saved."""
        self.open()
        self.wait_for(lambda d: d.execute_script("return !!navigator.serviceWorker.controller"), "the service worker")
        self.open_editor()
        self.server.stop()
        self.by_id("field-title").send_keys(words)
        self.by_id("confirmButton").click()
        self.wait_for(lambda d: self.details_title() == "Album Details", "the save kept on the device")
        self.wait_for(lambda d: self.by_id("details-waiting").is_displayed(), "the save shown as waiting")

    def start_again(self):
        """The server back on the port the page knows."""
        self.server = Server(self.collection, port=self.server.port)
        self.addCleanup(self.server.stop)
        return time.monotonic()

    def test_a_save_made_offline_survives_a_reload_and_reaches_album_md_when_the_server_is_back(self):
        commits = self.collection.commits()
        self.edit_offline(" (Offline)")
        self.assertIn("Waiting to be sent: Kind of Blue.", self.by_id("offline-banner").text)
        # Meanwhile, by hand: a label, which the save must keep.
        text = self.album_file().read_text()
        self.album_file().write_text(text.replace("title: Kind of Blue\n", "title: Kind of Blue\nlabel: Columbia\n", 1))
        self.driver.refresh()
        self.wait_for(lambda d: d.execute_script("return document.body.dataset.ready === 'true'"), "the page offline")
        self.wait_for(lambda d: self.details_title() == "Album Details", "the album reopened at its address")
        self.wait_for(lambda d: self.by_id("details-waiting").is_displayed(), "the save still waiting after a reload")
        self.assertIn("Kind of Blue (Offline)", self.by_id("details-form").text, "the saved edit, not the file's")
        self.assertIn("Waiting to be sent: Kind of Blue.", self.by_id("offline-banner").text)
        self.screenshot("outbox-waiting")
        self.assertEqual(self.collection.commits(), commits)
        started = self.start_again()
        self.wait_for(lambda d: self.collection.album(ID)["title"] == "Kind of Blue (Offline)", "the save in album.md", timeout=8)
        self.assertLess(time.monotonic() - started, 5.5, "sent within about 5 s of the server's return")
        album = self.collection.album(ID)
        self.assertEqual(album.get("label"), "Columbia", "the hand edit made meanwhile is merged, not overwritten")
        log = subprocess.run(["git", "-C", str(self.collection.root), "log", "--format=%s", f"-{self.collection.commits() - commits}"],
                             env=self.collection.env, capture_output=True, text=True, check=True).stdout
        # The hand edit is committed as such when the server starts; the save is a commit of its own on it.
        self.assertEqual(log.splitlines(), ["Change title of Miles Davis – Kind of Blue (Offline)", "Edit Miles Davis – Kind of Blue by hand"])
        committed = subprocess.run(["git", "-C", str(self.collection.root), "show", "HEAD:" + ID + "/album.md"],
                                   env=self.collection.env, capture_output=True, text=True, check=True).stdout
        self.assertIn("title: Kind of Blue (Offline)", committed, "committed, not only written")
        self.assertIn("label: Columbia", committed)
        self.wait_for(lambda d: not self.by_id("offline-banner").is_displayed(), "no banner once sent")
        self.wait_for(lambda d: not self.by_id("details-waiting").is_displayed(), "no longer waiting")
        self.assertEqual(self.by_id("confirmButton").text, "Edit")
        self.assertTrue(self.by_id("confirmButton").is_enabled(), "online again without a reload")
        self.screenshot("outbox-sent")

    def test_a_waiting_save_that_meets_a_conflict_shows_the_conflict_screen(self):
        commits = self.collection.commits()
        self.edit_offline(" (App)")
        text = self.album_file().read_text()
        self.album_file().write_text(text.replace("title: Kind of Blue\n", "title: Kind of Blue (Hand)\n", 1))
        self.start_again()
        self.wait_for(lambda d: self.all("#save-conflicts .conflict-field"), "the conflict screen", timeout=8)
        self.assertEqual(self.details_title(), "Edit Album")
        values = [v.text for v in self.all("#save-conflicts .conflict-value")]
        self.assertEqual(values, ["Kind of Blue (App)", "Kind of Blue (Hand)"])
        self.assertEqual(self.collection.commits(), commits, "a conflict writes nothing")
        self.screenshot("outbox-conflict")
        self.css("#save-conflicts .conflict-ours .conflict-button").click()
        self.wait_for(lambda d: self.details_title() == "Album Details", "the album saved with the choice")
        self.assertEqual(self.collection.album(ID)["title"], "Kind of Blue (App)")
        self.wait_for(lambda d: not self.by_id("offline-banner").is_displayed(), "nothing left waiting")
        self.driver.refresh()
        self.wait_for(lambda d: self.details_loaded("Album Details"), "the album after a reload")
        self.assertFalse(self.by_id("details-waiting").is_displayed(), "the settled save is not sent again")


    def test_a_save_made_offline_that_the_server_refuses_is_kept_and_opens_its_form_with_the_problem(self):
        commits = self.collection.commits()
        self.open()
        self.wait_for(lambda d: d.execute_script("return !!navigator.serviceWorker.controller"), "the service worker")
        self.open_editor()
        self.server.stop()
        # Offline the form does not judge the date: the library does, when the save is sent.
        Select(self.by_id("field-month")).select_by_visible_text("February")
        day = self.by_id("field-day")
        day.clear()
        day.send_keys("30")
        self.wait_for(lambda d: self.by_id("confirmButton").is_enabled(), "Save, offline")
        self.by_id("confirmButton").click()
        self.wait_for(lambda d: self.details_title() == "Album Details", "the save kept on the device")
        self.wait_for(lambda d: self.by_id("details-waiting").is_displayed(), "the save shown as waiting")
        self.start_again()
        problem = lambda: self.css(".field-problem[data-field=year]").text
        self.wait_for(lambda d: self.details_loaded("Edit Album") and problem() == "1959-02 has no day 30",
                      "the refused save's form with the library's word on the date", timeout=10)
        self.assertIn("Not saved, needs your attention: Kind of Blue", self.by_id("offline-banner").text)
        self.assertIn("not saved", self.by_id("details-waiting").text)
        self.assertEqual(self.collection.commits(), commits, "refused: nothing written")
        self.screenshot("outbox-refused")
        # Kept across a reload, and opened from the banner.
        self.driver.get(self.server.url)
        self.wait_for(lambda d: "needs your attention" in self.by_id("offline-banner").text, "still kept after a reload")
        self.by_id("outbox-text").click()
        self.wait_for(lambda d: self.details_loaded("Edit Album") and problem() == "1959-02 has no day 30",
                      "the form opened from the banner")
        day = self.by_id("field-day")
        day.clear()
        day.send_keys("28")
        self.wait_for(lambda d: problem() == "" and self.by_id("confirmButton").is_enabled(), "the fixed date taken")
        self.by_id("confirmButton").click()
        self.wait_for(lambda d: self.collection.album(ID).get("released") == "1959-02-28", "the fixed save in album.md")
        self.wait_for(lambda d: not self.by_id("offline-banner").is_displayed(), "nothing left waiting")

    def chips(self):
        return [c.text for c in self.all("#tag-list .chip:not(.add-tag)")]

    def test_tags_added_and_removed_offline_are_kept_across_a_reload_and_reach_album_md(self):
        self.open()
        self.wait_for(lambda d: d.execute_script("return !!navigator.serviceWorker.controller"), "the service worker")
        self.open_album("Kind of Blue")
        self.server.stop()
        self.by_id("add-tag-chip").click()
        self.by_id("tag-input").send_keys("modal")
        self.by_id("tag-ok").click()
        self.wait_for(lambda d: self.chips() == ["jazz", "modal"], "the tag shown at once")
        remove = self.css('#tag-list [aria-label="Remove tag jazz"]')
        # The banner lies over the page's foot; the page scrolls past it, as a thumb would scroll.
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", remove)
        remove.click()
        self.wait_for(lambda d: self.chips() == ["modal"], "the tag removed at once")
        self.wait_for(lambda d: self.by_id("details-waiting").is_displayed(), "the tags shown as waiting")
        self.assertIn("2 changes waiting to be sent.", self.by_id("offline-banner").text)
        self.driver.refresh()
        self.wait_for(lambda d: d.execute_script("return document.body.dataset.ready === 'true'"), "the page offline")
        self.wait_for(lambda d: self.details_title() == "Album Details", "the album reopened at its address")
        self.wait_for(lambda d: self.chips() == ["modal"], "the waiting tags after a reload")
        self.assertTrue(self.by_id("details-waiting").is_displayed())
        self.assertEqual(self.collection.album(ID)["tags"], ["jazz"], "nothing sent yet")
        self.screenshot("outbox-tags-waiting")
        self.start_again()
        self.wait_for(lambda d: self.collection.album(ID)["tags"] == ["modal"], "the tags in album.md", timeout=8)
        self.wait_for(lambda d: not self.by_id("details-waiting").is_displayed(), "no longer waiting")
        self.assertEqual(self.chips(), ["modal"])
        self.screenshot("outbox-tags-sent")


    def stars(self):
        return [b.get_attribute("aria-pressed") == "true" for b in self.all("#track-list .track-star")]

    def test_a_star_set_offline_is_kept_across_a_reload_and_reaches_album_md(self):
        self.open()
        self.wait_for(lambda d: d.execute_script("return !!navigator.serviceWorker.controller"), "the service worker")
        self.open_album("Kind of Blue")
        self.server.stop()
        self.wait_for(lambda d: self.stars() == [False, False], "the stars")
        self.css("[aria-label='Favourite: Blue in Green']").click()
        self.wait_for(lambda d: self.stars() == [False, True], "the star shown at once")
        self.wait_for(lambda d: self.by_id("details-waiting").is_displayed(), "the star shown as waiting")
        self.driver.refresh()
        self.wait_for(lambda d: d.execute_script("return document.body.dataset.ready === 'true'"), "the page offline")
        self.wait_for(lambda d: self.details_title() == "Album Details", "the album reopened at its address")
        self.wait_for(lambda d: self.stars() == [False, True], "the waiting star after a reload")
        self.start_again()
        self.wait_for(lambda d: [t["favourite"] for t in self.collection.album(ID)["track_list"]] == [False, True],
                      "the star in album.md", timeout=8)
        self.wait_for(lambda d: not self.by_id("details-waiting").is_displayed(), "no longer waiting")
        self.assertEqual(self.stars(), [False, True])


    def test_a_play_made_offline_is_kept_across_a_reload_and_recorded_once_at_the_time_played(self):
        self.open()
        self.wait_for(lambda d: d.execute_script("return !!navigator.serviceWorker.controller"), "the service worker")
        self.open_album("Kind of Blue")
        self.wait_for(lambda d: self.by_id("plays-section").is_displayed(), "the plays section")
        self.server.stop()
        played = self.by_id("played-button")
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", played)
        self.wait_for(lambda d: played.is_enabled(), "Played It offline")
        when = self.driver.execute_script(
            "const d = new Date(), two = (n) => String(n).padStart(2, '0');"
            "return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`")
        played.click()
        self.wait_for(lambda d: self.by_id("details-waiting").is_displayed(), "the play shown as waiting")
        self.driver.refresh()
        self.wait_for(lambda d: d.execute_script("return document.body.dataset.ready === 'true'"), "the page offline")
        self.wait_for(lambda d: "Waiting to be sent: Kind of Blue." in self.by_id("offline-banner").text, "the play still waiting")
        self.start_again()
        self.wait_for(lambda d: "miles-davis-kind-of-blue" in self.collection.rk("plays", "miles-davis-kind-of-blue"),
                      "the play recorded", timeout=8)
        self.wait_for(lambda d: not self.by_id("offline-banner").is_displayed(), "nothing left waiting")
        time.sleep(2.5)  # a second send, were there one, would have happened by now
        lines = [line for line in self.collection.rk("plays", "miles-davis-kind-of-blue").splitlines() if "kind-of-blue" in line]
        self.assertEqual(len(lines), 1, f"recorded once: {lines}")
        self.assertIn(when[:15], lines[0], "at the time it was played (to the ten minutes)")

    def start_adding_blue_train_offline(self):
        """Opens the add form with the server stopped and types Blue Train in; returns a sleeve photo to choose."""
        photo = self.collection.tmp / "sleeve.png"
        photo.write_bytes(png(120, 90))
        self.open()
        self.wait_for(lambda d: d.execute_script("return !!navigator.serviceWorker.controller"), "the service worker")
        self.open()
        self.server.stop()
        self.wait_for(lambda d: self.by_id("offline-banner").is_displayed(), "the offline banner")
        self.by_id("add-button").click()
        self.wait_for(lambda d: self.details_title() == "Add Album", "the add view offline")
        self.by_id("field-title").send_keys("Blue Train")
        self.by_id("field-artist").send_keys("John Coltrane")
        return photo

    def test_an_album_added_offline_with_its_cover_arrives_once(self):
        photo = self.start_adding_blue_train_offline()
        self.choose_photo(photo, 120)
        self.by_id("confirmButton").click()
        self.wait_for(lambda d: not self.by_id("details-view").is_displayed(), "back on the main screen")
        self.assertIn("Waiting to be sent: Blue Train.", self.by_id("offline-banner").text)
        self.driver.refresh()
        self.wait_for(lambda d: d.execute_script("return document.body.dataset.ready === 'true'"), "the page offline")
        self.wait_for(lambda d: "Waiting to be sent: Blue Train." in self.by_id("offline-banner").text, "the add still waiting")
        self.screenshot("outbox-add-waiting")
        commits = self.collection.commits()
        self.start_again()
        self.wait_for(lambda d: "Blue Train" in self.titles(), "the added album in the list", timeout=8)
        self.wait_for(lambda d: not self.by_id("offline-banner").is_displayed(), "nothing left waiting")
        self.driver.refresh()
        self.wait_for(lambda d: d.execute_script("return document.body.dataset.ready === 'true'"), "the page again")
        time.sleep(2.5)  # a second send, were there one, would have happened by now
        titles = [a["title"] for a in json.loads(self.collection.rk("list", "--json"))]
        self.assertEqual(titles.count("Blue Train"), 1, "added once")
        self.assertEqual(self.collection.commits(), commits + 1, "the album and its cover in one commit")
        album = self.collection.album("albums/john-coltrane-blue-train")
        self.assertTrue((self.collection.root / album["cover"]).is_file(), "the cover kept on the device arrived with it")

    def test_an_album_added_offline_that_the_server_refuses_is_kept_and_opens_its_add_form_with_the_problem(self):
        photo = self.start_adding_blue_train_offline()
        # Offline the form does not judge the date: the library does, when the add is sent.
        self.by_id("field-year").send_keys("1957")
        Select(self.by_id("field-month")).select_by_visible_text("February")
        self.by_id("field-day").send_keys("30")
        self.choose_photo(photo, 120)
        self.wait_for(lambda d: self.by_id("confirmButton").is_enabled(), "Add, offline")
        self.by_id("confirmButton").click()
        self.wait_for(lambda d: not self.by_id("details-view").is_displayed(), "back on the main screen")
        self.assertIn("Waiting to be sent: Blue Train.", self.by_id("offline-banner").text)
        commits = self.collection.commits()
        self.start_again()
        problem = lambda: self.css(".field-problem[data-field=year]").text
        cover = lambda d: d.execute_script(
            "const i = document.getElementById('album-image-img'); return !i.hidden && i.naturalWidth === 120")
        self.wait_for(lambda d: self.details_title() == "Add Album" and problem() == "1957-02 has no day 30" and cover(d),
                      "the refused add's form with its cover and the library's word on the date", timeout=10)
        self.assertIn("Not saved, needs your attention: Blue Train", self.by_id("offline-banner").text)
        self.assertIn("was not added", self.by_id("details-waiting").text)
        self.assertEqual(self.by_id("field-title").get_attribute("value"), "Blue Train")
        self.assertEqual(self.collection.commits(), commits, "refused: nothing written")
        self.screenshot("outbox-add-refused")
        # Kept across a reload, and opened from the banner.
        self.driver.get(self.server.url)
        self.wait_for(lambda d: "needs your attention: Blue Train" in self.by_id("offline-banner").text, "still kept after a reload")
        self.by_id("outbox-text").click()
        self.wait_for(lambda d: self.details_title() == "Add Album" and problem() == "1957-02 has no day 30" and cover(d),
                      "the add form opened from the banner")
        day = self.by_id("field-day")
        day.clear()
        day.send_keys("28")
        self.wait_for(lambda d: problem() == "" and self.by_id("confirmButton").is_enabled(), "the fixed date taken")
        self.by_id("confirmButton").click()
        self.wait_for(lambda d: "albums/john-coltrane-blue-train" in self.collection.ids(), "the fixed add in the collection")
        self.wait_for(lambda d: not self.by_id("offline-banner").is_displayed(), "nothing left waiting")
        album = self.collection.album("albums/john-coltrane-blue-train")
        self.assertEqual(album["released"], "1957-02-28")
        self.assertTrue((self.collection.root / album["cover"]).is_file(), "the cover kept on the device arrived with it")
        self.assertEqual(self.collection.commits(), commits + 1, "added once, with its cover, in one commit")


class SmallPointsTests(AppTestCase):
    def seed(self, collection):
        collection.add("Kind of Blue", "Miles Davis", "1959-08-17", tracks=["So What", "Blue in Green"])
        collection.add("Homogenic", "Björk", "1997-09-22")

    def test_a_track_is_renamed_in_an_input_as_wide_as_most_of_its_row(self):
        self.open_editor()
        self.css("[aria-label='Edit track 1']").click()
        field = self.wait_for(lambda d: self.css("#track-list li.track input"), "the track's name input")
        row = self.css("#track-list li.track:has(input)")
        self.assertGreaterEqual(field.rect["width"], 0.6 * row.rect["width"], f"input {field.rect}, row {row.rect}")
        field.clear()
        field.send_keys("So What (Take 2)")
        self.screenshot("track-rename")

    def break_file(self, album_id):
        path = self.collection.root / album_id / "album.md"
        path.write_text(path.read_text().replace("title: ", "title: [unclosed ", 1))

    def test_a_broken_album_opened_by_its_address_says_it_cannot_be_read_naming_file_and_line(self):
        self.open()
        self.break_file("albums/bjork-homogenic")
        self.wait_for(lambda d: "Homogenic" not in self.titles(), "the broken album left out of the list")
        self.open("#/album/albums/bjork-homogenic")
        error = self.by_id("details-error")
        self.wait_for(lambda d: error.is_displayed(), "the details error")
        self.assertNotIn("no longer in the collection", error.text)
        self.assertIn("can't be read", error.text)
        self.assertRegex(error.text, r"albums/bjork-homogenic/album\.md:\d+")
        self.screenshot("broken-album")

    def test_saving_a_form_whose_file_broke_meanwhile_says_it_cannot_be_read(self):
        self.open_editor()
        self.break_file(ID)
        self.wait_for(lambda d: "Kind of Blue" not in self.titles(), "the server to notice the broken file")
        self.by_id("field-title").send_keys("!")
        self.by_id("confirmButton").click()
        error = self.by_id("details-error")
        self.wait_for(lambda d: error.is_displayed(), "the details error")
        self.assertNotIn("may have been removed", error.text)
        self.assertRegex(error.text, r"can't be read: albums/miles-davis-kind-of-blue/album\.md:\d+")


if __name__ == "__main__":
    unittest.main()
