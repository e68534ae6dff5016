"""The app of `rk serve` in a real headless Chromium, screen by screen (seed §2, issue 9).

Run by `make test` (or `make browser-test`); each test gets its own collection,
server and browser profile (harness.py).
"""

import time
import unittest

from selenium.common.exceptions import NoAlertPresentException, StaleElementReferenceException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from harness import DESKTOP, ROOT, AppTestCase, network_address, png

EXAMPLES = ROOT / "example-collection" / "albums"


def seed_records(collection, covers=False):
    collection.add("Revolver", "The Beatles", "1966-08-05", tracks=["Taxman", "Eleanor Rigby"], tags=["rock", "1960s"])
    collection.add("Abbey Road", "The Beatles", "1969-09-26", tracks=["Come Together"], tags=["rock"])
    collection.add("Paranoid", "Black Sabbath", "1970", tags=["metal", "rock"])
    collection.add("Kind of Blue", "Miles Davis", "1959-08-17",
                   tracks=["So What", "Freddie Freeloader", "Blue in Green"], tags=["jazz"])
    collection.add("Homogenic", "Björk", "1997-09-22", tags=["electronic"])
    if covers:
        # The example collection's own sleeve art (scripts/make-example-art.py), so screenshots look alive;
        # Homogenic keeps the seed's gray gradient of an album without a cover.
        for folder in ["the-beatles-revolver", "the-beatles-abbey-road", "black-sabbath-paranoid", "miles-davis-kind-of-blue"]:
            collection.rk("cover", "set", folder, str(EXAMPLES / folder / "cover.webp"))


class MainScreenTests(AppTestCase):
    def seed(self, collection):
        seed_records(collection, covers=True)

    def test_splash_then_the_list_in_the_default_order_with_sticky_headers(self):
        self.open()
        # §2.4: the splash screen stays at least 500 ms, until the list is there.
        self.assertGreaterEqual(int(self.driver.execute_script("return document.body.dataset.splashMs")), 500)
        self.assertEqual(self.by_id("app-title").text, "Record Keeper")
        self.assertEqual(self.by_id("search").get_attribute("placeholder"), "Search")
        self.wait_for_titles(["Homogenic", "Paranoid", "Kind of Blue", "Revolver", "Abbey Road"])
        revolver = self.row("Revolver")
        self.assertEqual(revolver.find_element(By.CSS_SELECTOR, ".row-subtitle").text, "The Beatles - 1966")
        chips = [c.text for c in revolver.find_elements(By.CSS_SELECTOR, ".chip")]
        self.assertEqual(chips, ["rock", "1960s"])
        self.assertEqual(self.by_id("sticky-header").text, "B")
        headers = [h.text for h in self.all("#album-list .group-header")]
        self.assertEqual(headers, ["B", "M", "T"])
        self.screenshot("main")

    def test_search_as_you_type_with_a_minus_term(self):
        self.open()
        search = self.by_id("search")
        search.send_keys("rock")
        self.wait_for_titles(["Paranoid", "Revolver", "Abbey Road"])
        search.send_keys(" -b")  # every remaining album has a "b" somewhere
        self.wait_for(lambda d: self.titles() == [] and self.by_id("list-message").text == "No albums match.",
                      "no album to match rock -b")
        search.send_keys("eatles")
        self.wait_for_titles(["Paranoid"], "rock -beatles to leave Paranoid")
        self.screenshot("search")
        # The query is part of the state kept across reloads.
        self.open()
        self.assertEqual(self.by_id("search").get_attribute("value"), "rock -beatles")
        self.wait_for_titles(["Paranoid"])

    def test_scope_keeps_one_field_checked_and_changes_the_results(self):
        self.open()
        self.by_id("search").send_keys("jazz")
        self.wait_for_titles(["Kind of Blue"])
        self.by_id("filter-button").click()
        popup = self.by_id("filter-popup")
        self.assertTrue(popup.is_displayed())
        self.assertEqual(popup.find_element(By.CSS_SELECTOR, ".bubble-title").text, "Search within:")
        self.screenshot("search-within")
        tags = popup.find_element(By.CSS_SELECTOR, "input[value=tags]")
        tags.click()
        self.wait_for_titles([], "jazz to match nothing once tags are not searched")
        for box in popup.find_elements(By.CSS_SELECTOR, "input:checked"):
            box.click()
        checked = [b.get_attribute("value") for b in popup.find_elements(By.CSS_SELECTOR, "input:checked")]
        self.assertEqual(len(checked), 1, "the last checked field stays checked")
        popup.find_element(By.CSS_SELECTOR, "input[value=tags]").click()
        self.tap_outside()
        self.assertFalse(popup.is_displayed())
        self.wait_for_titles(["Kind of Blue"])

    def test_sort_changes_the_order_and_the_sticky_headers_and_is_persisted(self):
        self.open()
        self.wait_for(lambda d: self.by_id("sticky-header").text == "B", "the B header")
        self.by_id("sort-button").click()
        popup = self.by_id("sort-popup")
        self.assertEqual(popup.find_element(By.CSS_SELECTOR, ".bubble-title").text, "Sort by:")
        self.assertTrue(popup.find_element(By.CSS_SELECTOR, "input[value=artist-year]").is_selected())
        self.screenshot("sort-by")
        popup.find_element(By.CSS_SELECTOR, "input[value=year]").click()
        self.assertEqual(len(popup.find_elements(By.CSS_SELECTOR, "input:checked")), 1)
        self.tap_outside()
        self.wait_for_titles(["Kind of Blue", "Revolver", "Abbey Road", "Paranoid", "Homogenic"])
        self.assertEqual(self.by_id("sticky-header").text, "1959")
        self.assertEqual([h.text for h in self.all("#album-list .group-header")], ["1959", "1966", "1969", "1970", "1997"])
        self.assertEqual(self.collection.rk("sort").strip(), "year", "the app sets the same setting as rk sort")
        self.screenshot("sorted-by-year")
        self.by_id("sort-button").click()
        popup.find_element(By.CSS_SELECTOR, "input[value=title]").click()
        self.tap_outside()
        self.wait_for_titles(["Abbey Road", "Homogenic", "Kind of Blue", "Paranoid", "Revolver"])
        self.assertEqual(self.by_id("sticky-header").text, "A")
        self.open()
        self.assertTrue(self.by_id("sort-popup").find_element(By.CSS_SELECTOR, "input[value=title]").is_selected())

    def swipe(self, title, distance):
        # A live update may redraw the list between finding the row and touching it: find it again.
        for attempt in range(3):
            try:
                return self.swipe_once(title, distance)
            except StaleElementReferenceException:
                if attempt == 2:
                    raise

    def swipe_once(self, title, distance):
        row = self.row(title)
        content = row.find_element(By.CSS_SELECTOR, ".row-content")
        # From near the right edge, as a thumb swipes.
        actions = ActionChains(self.driver, duration=20).move_to_element_with_offset(
            content, content.size["width"] // 2 - 10, 0).click_and_hold()
        for _ in range(distance // 20):
            actions.move_by_offset(-20, 0)
        actions.release().perform()
        return row

    def test_swipe_to_delete_with_the_confirm_dialog(self):
        self.open()
        self.wait_for_titles(["Homogenic", "Paranoid", "Kind of Blue", "Revolver", "Abbey Road"])
        commits = self.collection.commits()
        row = self.swipe("Revolver", 160)
        actions = [a.text for a in row.find_elements(By.CSS_SELECTOR, ".action")]
        self.assertEqual(actions, ["Delete", "Add Tag", "Edit Album"])
        time.sleep(0.3)  # the row's slide
        # §3.7: the item moved left and the three options show at its right, left to right,
        # while the start of the title is still on screen and not covered.
        seen = self.driver.execute_script("""
            const row = arguments[0];
            const title = row.querySelector('.row-title').getBoundingClientRect();
            const content = row.querySelector('.row-content').getBoundingClientRect();
            const actions = [...row.querySelectorAll('.action')].map((b) => b.getBoundingClientRect());
            const x = Math.max(title.left, 0) + 4, y = title.top + title.height / 2;
            const hit = document.elementFromPoint(x, y);
            return {
              moved: content.left < 0,
              titleShown: Math.min(title.right, actions[0].left) - Math.max(title.left, 0),
              titleHit: !!hit && hit.closest('.row-title') !== null,
              lefts: actions.map((a) => a.left),
              inView: actions.every((a) => a.left >= 0 && a.right <= innerWidth + 0.5 && a.width >= 44),
              edge: content.right - actions[0].left,
            };""", row)
        self.assertTrue(seen["moved"], f"the whole item moves left: {seen}")
        self.assertGreaterEqual(seen["titleShown"], 40, f"part of the title stays on screen: {seen}")
        self.assertTrue(seen["titleHit"], f"the title is not covered: {seen}")
        self.assertEqual(seen["lefts"], sorted(seen["lefts"]), "Delete, Add Tag, Edit Album from left to right")
        self.assertTrue(seen["inView"], f"the three options are on screen: {seen}")
        self.assertLessEqual(abs(seen["edge"]), 1, f"the item ends where the options begin: {seen}")
        self.screenshot("swiped")
        row.find_element(By.CSS_SELECTOR, ".action-delete").click()
        dialog = self.by_id("confirm-dialog")
        self.assertTrue(dialog.is_displayed())
        self.assertEqual(dialog.find_element(By.TAG_NAME, "h2").text, "Confirm")
        self.assertEqual(dialog.find_element(By.TAG_NAME, "p").text, "Are you sure?")
        self.screenshot("confirm-delete")
        dialog.find_element(By.CSS_SELECTOR, "button[value=cancel]").click()
        self.assertIn("Revolver", self.titles())
        self.assertEqual(self.collection.commits(), commits, "Cancel changes nothing")
        row = self.swipe("Revolver", 160)
        row.find_element(By.CSS_SELECTOR, ".action-delete").click()
        self.by_id("confirm-ok").click()
        self.wait_for_titles(["Homogenic", "Paranoid", "Kind of Blue", "Abbey Road"])
        self.assertNotIn("albums/the-beatles-revolver", self.collection.ids())
        self.assertEqual(self.collection.commits(), commits + 1)

    def test_right_click_opens_the_same_actions_for_mouse_and_keyboard(self):
        self.open()
        self.wait_for(lambda d: "Revolver" in self.titles(), "Revolver")
        content = self.row("Revolver").find_element(By.CSS_SELECTOR, ".row-content")
        ActionChains(self.driver).context_click(content).perform()
        focused = self.driver.switch_to.active_element
        self.assertEqual(focused.text, "Delete", "the actions take the keyboard focus")
        self.assertEqual(self.row("Revolver").find_element(By.CSS_SELECTOR, ".action-edit").get_attribute("tabindex"), "0")
        self.row("Revolver").find_element(By.CSS_SELECTOR, ".action-edit").click()
        self.wait_for(lambda d: self.details_title() == "Edit Album", "the editor from the Edit Album action")

    def test_a_full_swipe_opens_the_editor_and_add_tag_saves_at_once(self):
        self.open()
        self.wait_for_titles(["Homogenic", "Paranoid", "Kind of Blue", "Revolver", "Abbey Road"])
        row = self.swipe("Homogenic", 160)
        row.find_element(By.CSS_SELECTOR, ".action-tag").click()
        dialog = self.by_id("tag-dialog")
        self.assertEqual(dialog.find_element(By.TAG_NAME, "h2").text, "Add Tag")
        self.by_id("tag-input").send_keys("iceland")
        self.by_id("tag-ok").click()
        self.wait_for(lambda d: self.collection.album("albums/bjork-homogenic")["tags"] == ["electronic", "iceland"],
                      "the tag on disk")
        self.wait_for(lambda d: [c.text for c in self.row("Homogenic").find_elements(By.CSS_SELECTOR, ".chip")]
                      == ["electronic", "iceland"], "the new chip in the list")
        self.swipe("Paranoid", 340)
        self.wait_for(lambda d: self.by_id("details-view").is_displayed() and self.details_title() == "Edit Album",
                      "the editor after a full swipe")
        self.assertEqual(self.by_id("field-title").get_attribute("value"), "Paranoid")


class DetailsTests(AppTestCase):
    def seed(self, collection):
        seed_records(collection, covers=True)

    def test_view_and_edit_modes_follow_the_seeds_header_texts(self):
        self.open_album("Kind of Blue")
        self.assertEqual(self.by_id("cancelButton").get_attribute("aria-label"), "Back")
        self.assertEqual(self.by_id("confirmButton").text, "Edit")
        self.assertFalse(self.by_id("photoButton").is_displayed(), "no photo button in view mode")
        values = [v.text for v in self.all("#details-form .field-value")]
        self.assertEqual(values[:2], ["Kind of Blue", "Miles Davis"])
        self.assertIn("August", values)
        self.screenshot("details")
        self.by_id("confirmButton").click()
        self.assertEqual(self.details_title(), "Edit Album")
        self.assertEqual(self.by_id("cancelButton").text, "Cancel")
        self.assertEqual(self.by_id("confirmButton").text, "Save")
        self.assertTrue(self.by_id("photoButton").is_displayed())
        self.assertEqual(self.css("label[for=field-title]").text, "Album name *")
        self.by_id("field-title").send_keys(" (Legacy)")
        self.by_id("cancelButton").click()
        self.assertEqual(self.details_title(), "Album Details")
        self.assertEqual(self.all("#details-form .field-value")[0].text, "Kind of Blue", "Cancel forgets the edit")
        self.assertEqual(self.collection.album("albums/miles-davis-kind-of-blue")["title"], "Kind of Blue")
        self.by_id("cancelButton").click()
        self.wait_for(lambda d: not self.by_id("details-view").is_displayed(), "the main screen")

    def test_the_artists_other_albums_are_one_tap_away(self):
        self.open_album("Revolver")
        self.wait_for(lambda d: self.by_id("more-title").text == "More by The Beatles", "the artist's other albums")
        self.assertEqual([a.find_element(By.TAG_NAME, "span").text for a in self.all("#more-list a")], ["Abbey Road"])
        self.css("#more-list a").click()
        self.wait_for(lambda d: self.all("#details-form .field-value")[0].text == "Abbey Road", "Abbey Road's details")
        self.by_id("cancelButton").click()
        self.wait_for(lambda d: self.all("#details-form .field-value")[0].text == "Revolver", "back to Revolver")
        self.by_id("cancelButton").click()
        self.wait_for(lambda d: not self.by_id("details-view").is_displayed(), "the main screen")

    def test_an_invalid_date_disables_confirm(self):
        self.open_album("Kind of Blue")
        self.by_id("confirmButton").click()
        confirm = self.by_id("confirmButton")
        self.assertTrue(confirm.is_enabled())
        Select(self.by_id("field-month")).select_by_visible_text("February")
        day = self.by_id("field-day")
        day.clear()
        day.send_keys("3x0")  # only digits are taken
        self.assertEqual(day.get_attribute("value"), "30")
        # The library's word comes from the server once typing stops (POST /api/check).
        self.wait_for(lambda d: not confirm.is_enabled(), "Save disabled while 1959-02-30 is not a date")
        self.assertEqual(confirm.value_of_css_property("color"), "rgba(158, 158, 158, 1)", "medium gray when disabled")
        self.assertNotEqual(self.css(".field-problem[data-field=year]").text, "")
        self.screenshot("invalid-date")
        day.clear()
        day.send_keys("28")
        self.wait_for(lambda d: confirm.is_enabled(), "Save enabled for 1959-02-28")
        self.assertEqual(confirm.value_of_css_property("color"), "rgba(255, 255, 255, 1)")
        title = self.by_id("field-title")
        title.clear()
        title.send_keys("   ")
        self.assertFalse(confirm.is_enabled(), "a blank title is invalid")
        title.clear()
        title.send_keys("Kind of Blue")
        confirm.click()
        self.wait_for(lambda d: self.details_title() == "Album Details", "view mode after Save")
        self.assertEqual(self.collection.album("albums/miles-davis-kind-of-blue")["released"], "1959-02-28")

    def test_editing_the_track_listing(self):
        self.open_album("Kind of Blue")
        commits = self.collection.commits()
        self.by_id("confirmButton").click()

        def tracks():
            return [t.text for t in self.all("#track-list .track-name")]

        def click(label):
            self.css(f'#track-list [aria-label="{label}"]').click()

        click("Move track 2 up")
        self.wait_for(lambda d: tracks() == ["Freddie Freeloader", "So What", "Blue in Green"], "the tracks")
        click("Move track 1 up")  # nothing above the first
        click("Move track 3 down")  # nothing below the last
        self.wait_for(lambda d: tracks() == ["Freddie Freeloader", "So What", "Blue in Green"], "the tracks")
        click("Edit track 3")
        self.assertEqual(self.all("#track-list .track-icons .icon-button")[0].get_attribute("aria-label"),
                         "Done editing track 3", "only the check icon while a track is edited")
        self.assertFalse(self.by_id("track-add").is_displayed(), "no plus field while a track is edited")
        field = self.css("#track-list input")
        field.clear()
        field.send_keys("Blue In Green")
        self.screenshot("track-edit")
        click("Done editing track 3")
        self.wait_for(lambda d: tracks() == ["Freddie Freeloader", "So What", "Blue In Green"], "the tracks")
        click("Delete track 1")
        plus = self.by_id("track-add-button")
        self.assertFalse(plus.is_enabled(), "the plus needs a name")
        self.by_id("track-new").send_keys("All Blues")
        plus.click()
        # Added once the library takes it (POST /api/check).
        self.wait_for(lambda d: tracks() == ["So What", "Blue In Green", "All Blues"], "All Blues added")
        self.assertEqual(self.collection.album("albums/miles-davis-kind-of-blue")["tracks"],
                         ["So What", "Freddie Freeloader", "Blue in Green"], "nothing is saved before Save")
        self.by_id("confirmButton").click()
        self.wait_for(lambda d: self.details_title() == "Album Details", "view mode after Save")
        self.assertEqual(self.collection.album("albums/miles-davis-kind-of-blue")["tracks"],
                         ["So What", "Blue In Green", "All Blues"])
        self.assertEqual(self.collection.commits(), commits + 1, "Save is one commit")
        # An album without sides: the first "Add Sides" makes its tracks Side A and adds an empty Side B.
        self.by_id("confirmButton").click()
        self.assertEqual(self.by_id("side-add").text, "Add Sides")
        self.by_id("side-add").click()
        self.assertEqual([h.find_element(By.CSS_SELECTOR, ".side-name").text for h in self.all("#track-list li.side")],
                         ["Side A", "Side B"])
        self.assertEqual([n.text for n in self.all("#track-list .track-number")], ["A1.", "A2.", "A3."])
        self.by_id("cancelButton").click()
        self.assertEqual(self.all("#track-list li.side"), [], "Cancel forgets the sides")

    def test_adding_and_removing_tags_is_saved_at_once(self):
        self.open_album("Kind of Blue")
        self.by_id("add-tag-chip").click()
        self.by_id("tag-input").send_keys("modal")
        self.by_id("tag-ok").click()
        self.wait_for(lambda d: [c.text for c in self.all("#tag-list .chip:not(.add-tag)")] == ["jazz", "modal"],
                      "the modal chip")
        self.assertEqual(self.collection.album("albums/miles-davis-kind-of-blue")["tags"], ["jazz", "modal"])
        # An existing tag (exact case) and an empty one change nothing.
        for text in ["jazz", ""]:
            self.by_id("add-tag-chip").click()
            self.by_id("tag-input").send_keys(text)
            self.by_id("tag-ok").click()
        self.assertEqual(self.collection.album("albums/miles-davis-kind-of-blue")["tags"], ["jazz", "modal"])
        self.screenshot("tags")
        self.css('#tag-list [aria-label="Remove tag jazz"]').click()
        self.wait_for(lambda d: self.collection.album("albums/miles-davis-kind-of-blue")["tags"] == ["modal"],
                      "jazz removed on disk")
        # In edit mode too, while other edits wait for Save.
        self.by_id("confirmButton").click()
        self.by_id("field-title").send_keys(" (Legacy)")
        self.css('#tag-list [aria-label="Remove tag modal"]').click()
        self.wait_for(lambda d: self.collection.album("albums/miles-davis-kind-of-blue")["tags"] == [],
                      "modal removed on disk")
        self.assertEqual(self.by_id("field-title").get_attribute("value"), "Kind of Blue (Legacy)")
        self.assertEqual(self.collection.album("albums/miles-davis-kind-of-blue")["title"], "Kind of Blue")

    def test_adding_an_album_with_a_photo(self):
        photo = self.collection.tmp / "sleeve.png"
        photo.write_bytes(png(120, 90))
        self.open()
        commits = self.collection.commits()
        # + is the blank editor in one tap (the look-ups inside it are test_scan.py's).
        self.by_id("add-button").click()
        self.assertEqual(self.details_title(), "Add Album")
        confirm = self.by_id("confirmButton")
        self.assertEqual(confirm.text, "Add")
        self.assertFalse(confirm.is_enabled(), "a blank album cannot be added")
        self.by_id("field-title").send_keys("Blue Train")
        artist = self.by_id("field-artist")
        artist.send_keys("Mi")
        self.wait_for(lambda d: [li.text for li in self.all("#details-form .autocomplete li")] == ["Miles Davis"],
                      "Miles Davis suggested")
        self.screenshot("autocomplete")
        artist.clear()
        artist.send_keys("John Coltrane")
        self.by_id("field-year").send_keys("1958")
        photo_input = self.by_id("photo-input")
        self.assertEqual(photo_input.get_attribute("accept"), "image/*")
        self.assertIsNotNone(photo_input.get_attribute("capture"))
        self.choose_photo(photo, 120)
        self.by_id("add-tag-chip").click()
        self.by_id("tag-input").send_keys("hard bop")
        self.by_id("tag-ok").click()
        self.by_id("track-new").send_keys("Blue Train")
        self.by_id("track-add-button").click()
        self.wait_for(lambda d: [t.text for t in self.all("#track-list .track-name")] == ["Blue Train"], "the track added")
        self.screenshot("add-album")
        self.assertTrue(confirm.is_enabled())
        confirm.click()
        self.wait_for(lambda d: not self.by_id("details-view").is_displayed() and "Blue Train" in self.titles(),
                      "the new album in the list")
        album = self.collection.album("albums/john-coltrane-blue-train")
        self.assertEqual((album["title"], album["artist"], album["released"]), ("Blue Train", "John Coltrane", "1958"))
        self.assertEqual((album["tags"], album["tracks"]), (["hard bop"], ["Blue Train"]))
        self.assertIsNotNone(album["cover"])
        self.assertTrue((self.collection.root / album["cover"]).is_file())
        self.wait_for(lambda d: d.execute_script(
            "const r = [...document.querySelectorAll('.row[data-id]')].find(r => r.dataset.id === 'albums/john-coltrane-blue-train');"
            "const i = r && r.querySelector('.thumb img'); return i && !i.hidden && i.naturalWidth === 100"),
            "the 100 px thumbnail in the list")
        # One action, one commit: the album and its cover together (issue 18).
        self.assertEqual(self.collection.commits(), commits + 1)
        self.screenshot("after-add")

    def test_the_photo_gallery_adds_and_removes_photos_at_once(self):
        photo = self.collection.tmp / "back-sleeve.png"
        photo.write_bytes(png(80, 60, colour=(20, 120, 200)))
        self.open_album("Paranoid")
        self.wait_for(lambda d: self.by_id("gallery-section").is_displayed(), "the gallery")
        commits = self.collection.commits()
        self.choose_file("gallery-input", photo)
        self.wait_for(lambda d: d.execute_script(
            "return [...document.querySelectorAll('#gallery img')].filter(i => i.complete && i.naturalWidth > 0).length") == 1,
            "the photo in the gallery")
        photos = self.collection.root / "albums/black-sabbath-paranoid/photos"
        self.assertEqual(len(list(photos.glob("*.webp"))), 1)
        self.assertEqual(self.collection.commits(), commits + 1)
        self.screenshot("gallery")
        self.css("#gallery .photo-open").click()
        self.wait_for(lambda d: d.execute_script(
            "const d = document.getElementById('photo-dialog'); const i = document.getElementById('photo-dialog-img');"
            "return d.open && i.complete && i.naturalWidth === 80"), "the photo shown large")
        self.by_id("photo-dialog").click()
        self.assertFalse(self.by_id("photo-dialog").is_displayed(), "a tap closes the photo")
        self.css("#gallery .photo > .icon-button").click()
        self.by_id("confirm-ok").click()
        self.wait_for(lambda d: len(self.all("#gallery .photo")) == 0, "the photo gone from the gallery")
        self.assertEqual(list(photos.glob("*.webp")) if photos.exists() else [], [], "its file is deleted")
        self.assertEqual(self.collection.commits(), commits + 2)

    def test_a_hand_edit_on_disk_appears_in_the_open_page(self):
        self.open_album("Paranoid")
        file = self.collection.root / "albums/black-sabbath-paranoid/album.md"
        file.write_text(file.read_text().replace("title: Paranoid", "title: Paranoid (Remastered)"))
        self.wait_for(lambda d: self.all("#details-form .field-value")[0].text == "Paranoid (Remastered)",
                      "the hand edit in the details view", timeout=5)
        self.by_id("cancelButton").click()
        self.wait_for(lambda d: "Paranoid (Remastered)" in self.titles(), "the hand edit in the list", timeout=5)


class WantlistTests(AppTestCase):
    def seed(self, collection):
        collection.add("Kind of Blue", "Miles Davis", "1959")
        collection.add("A Love Supreme", "John Coltrane", "1965")
        collection.rk("set", "john-coltrane-a-love-supreme", "--status", "wanted")

    def test_the_wantlist_shows_the_wanted_albums(self):
        self.open()
        self.wait_for_titles(["A Love Supreme", "Kind of Blue"])
        self.by_id("menu-button").click()
        self.wait_for(lambda d: any(b.text == "Wantlist" for b in self.all("#lists-popup .menu-item")), "the menu")
        next(b for b in self.all("#lists-popup .menu-item") if b.text == "Wantlist").click()
        self.wait_for_titles(["A Love Supreme"], "only the wanted album")
        self.assertEqual(self.by_id("list-name").text, "· Wantlist")
        self.screenshot("wantlist")
        self.open()
        self.wait_for_titles(["A Love Supreme"], "the wantlist kept across a reload")


class SidesAndLengthsTests(AppTestCase):
    def seed(self, collection):
        collection.add("Kind of Blue", "Miles Davis", "1959", tracks=["So What (9:22)", "Freddie Freeloader (9:46)"])
        collection.rk("track", "add", "miles-davis-kind-of-blue", "All Blues", "--side", "B", "--duration", "11:33")

    def test_lengths_are_shown_and_kept_through_an_edit(self):
        self.open()
        self.wait_for_titles(["Kind of Blue"])
        self.row("Kind of Blue").find_element(By.CSS_SELECTOR, ".row-content").click()
        self.wait_for(lambda d: self.details_title() == "Album Details"
                      and len(self.all("#track-list .track-duration")) == 3, "the details view with lengths")
        self.assertEqual([d.text for d in self.all("#track-list .track-duration")], ["9:22", "9:46", "11:33"])
        self.assertIn("Side B", [h.text for h in self.all("#track-list li.side")])
        self.by_id("confirmButton").click()
        self.css('#track-list [aria-label="Move track 2 up"]').click()
        self.by_id("confirmButton").click()
        self.wait_for(lambda d: self.details_title() == "Album Details", "view mode after Save")
        album = self.collection.album("albums/miles-davis-kind-of-blue")
        self.assertEqual(album["tracks"], ["Freddie Freeloader", "So What", "All Blues"])
        self.assertEqual([t["duration"] for t in album["track_list"]], [586, 562, 693], "every length kept")
        self.assertEqual(album["track_list"][2]["side"], "Side B", "the side kept")


class SideEditingTests(AppTestCase):
    ID = "albums/miles-davis-kind-of-blue"

    def seed(self, collection):
        collection.add("Kind of Blue", "Miles Davis", "1959-08-17")
        for side, track in [("A", "So What (9:22)"), ("A", "Freddie Freeloader (9:46)"), ("A", "Blue in Green (5:37)"),
                            ("B", "All Blues (11:33)"), ("B", "Flamenco Sketches (9:26)")]:
            collection.rk("track", "add", "miles-davis-kind-of-blue", track, "--side", side)

    def test_the_editor_moves_tracks_across_sides_and_adds_a_side(self):
        self.open()
        self.wait_for_titles(["Kind of Blue"])
        self.row("Kind of Blue").find_element(By.CSS_SELECTOR, ".row-content").click()
        self.wait_for(lambda d: self.details_title() == "Album Details"
                      and len(self.all("#track-list .track")) == 5, "the details view")
        numbers = lambda: [n.text for n in self.all("#track-list .track-number")]
        sides = lambda: [h.find_element(By.CSS_SELECTOR, ".side-name").text for h in self.all("#track-list li.side")]
        self.assertEqual(numbers(), ["A1.", "A2.", "A3.", "B1.", "B2."], "numbered as rk show numbers them")
        self.assertEqual(sides(), ["Side A", "Side B"])
        file = self.collection.root / self.ID / "album.md"
        before, commits = file.read_bytes(), self.collection.commits()

        # Edit, then Save with no change: not a byte written, no commit.
        self.by_id("confirmButton").click()
        self.by_id("confirmButton").click()
        self.wait_for(lambda d: self.details_title() == "Album Details", "view mode after Save")
        self.assertEqual(file.read_bytes(), before)
        self.assertEqual(self.collection.commits(), commits)

        self.by_id("confirmButton").click()
        click = lambda label: self.css(f'#track-list [aria-label="{label}"]').click()
        names = lambda: [n.text.split(" ")[0] for n in self.all("#track-list .track-name")]
        click("Move track 3 down")  # the last of side A becomes the first of side B
        self.assertEqual(numbers(), ["A1.", "A2.", "B1.", "B2.", "B3."])
        self.assertEqual(names(), ["So", "Freddie", "Blue", "All", "Flamenco"])
        add_side = self.by_id("side-add")
        self.assertEqual(add_side.text, "Add Side C")
        add_side.click()
        self.assertEqual(sides(), ["Side A", "Side B", "Side C"])
        self.assertIn("No tracks yet", self.css("#track-list li.side:last-child").text)
        self.assertIsNone(self.css('#track-list [aria-label="Move track 5 down"]').get_attribute("aria-disabled"))
        click("Move track 5 down")  # onto the new side
        self.assertEqual(numbers(), ["A1.", "A2.", "B1.", "B2.", "C1."])
        click("Move track 5 down")  # nothing after the last side
        self.assertEqual(numbers(), ["A1.", "A2.", "B1.", "B2.", "C1."])
        click("Move track 3 up")  # and back onto side A
        self.assertEqual(numbers(), ["A1.", "A2.", "A3.", "B1.", "C1."])
        click("Move track 3 down")
        self.screenshot("sides-edit")
        self.assertEqual(self.collection.album(self.ID)["track_list"][2]["side"], "Side A", "nothing saved before Save")
        self.by_id("confirmButton").click()
        self.wait_for(lambda d: self.details_title() == "Album Details", "view mode after Save")
        album = self.collection.album(self.ID)
        self.assertEqual([t["position"] for t in album["track_list"]], ["A1", "A2", "B1", "B2", "C1"])
        self.assertEqual([t["duration"] for t in album["track_list"]], [562, 586, 337, 693, 566], "every length kept")
        self.assertEqual(self.collection.commits(), commits + 1, "Save is one commit")
        text = file.read_text()
        self.assertIn("### Side B\n\n1. Blue in Green (5:37)\n2. All Blues (11:33)\n", text)
        self.assertIn("### Side C\n\n1. Flamenco Sketches (9:26)\n", text)
        self.assertEqual(sides(), ["Side A", "Side B", "Side C"], "the view shows the saved sides")
        self.screenshot("sides")


class HostileTextTests(AppTestCase):
    def seed(self, collection):
        collection.add("<script>alert(1)</script>", "<img src=x onerror=alert(2)>", tags=["<b>bold</b>"])

    def test_markup_in_the_collection_is_shown_as_text(self):
        self.open()
        self.wait_for(lambda d: self.titles() == ["<script>alert(1)</script>"], "the album")
        row = self.all("#album-list .row[data-id]")[0]
        self.assertEqual(row.find_element(By.CSS_SELECTOR, ".row-subtitle").text, "<img src=x onerror=alert(2)>")
        self.assertEqual(row.find_element(By.CSS_SELECTOR, ".chip").text, "<b>bold</b>")
        self.assertEqual(len(self.all("#album-list script, #album-list .row-text img, #album-list b")), 0)
        row.find_element(By.CSS_SELECTOR, ".row-content").click()
        self.wait_for(lambda d: self.details_title() == "Album Details", "the details view")
        self.assertEqual(self.all("#details-form .field-value")[0].text, "<script>alert(1)</script>")
        time.sleep(0.3)
        with self.assertRaises(NoAlertPresentException):
            self.driver.switch_to.alert.text


class OfflineTests(AppTestCase):
    def seed(self, collection):
        seed_records(collection)

    def test_the_page_works_read_only_offline_after_a_load(self):
        self.open()
        # The service worker controls the page once it has started; the next load is kept.
        self.wait_for(lambda d: d.execute_script("return !!navigator.serviceWorker.controller"), "the service worker")
        self.open()
        self.wait_for_titles(["Homogenic", "Paranoid", "Kind of Blue", "Revolver", "Abbey Road"])
        self.assertFalse(self.by_id("offline-banner").is_displayed())
        # The offline copy (offline-copy.js) is made in idle time after the load.
        self.wait_for(lambda d: d.execute_async_script(
            "const done = arguments[0]; caches.open('rk-2-copy').then((c) => c.match('/offline-copy.json')).then((r) => done(!!r))"),
            "the offline copy", timeout=20)
        self.server.stop()
        self.open()
        self.wait_for(lambda d: self.by_id("offline-banner").is_displayed(), "the offline banner")
        self.assertIn("No connection", self.by_id("offline-banner").text)
        self.wait_for_titles(["Homogenic", "Paranoid", "Kind of Blue", "Revolver", "Abbey Road"])
        self.assertTrue(self.by_id("add-button").is_displayed(), "adding offline: kept on the device (test_pocket)")
        self.by_id("search").send_keys("blue -davis")
        self.wait_for_titles([], "search works offline")
        self.by_id("search").clear()
        self.by_id("search").send_keys('"kind of"')
        self.wait_for_titles(["Kind of Blue"], "a quoted term offline")
        self.by_id("search").clear()
        self.by_id("search").send_keys("bjork")
        self.wait_for_titles(["Homogenic"], "a folded term offline")
        self.screenshot("offline")
        self.row("Homogenic").find_element(By.CSS_SELECTOR, ".row-content").click()
        self.wait_for(lambda d: self.details_title() == "Album Details", "the details view offline")
        self.assertEqual(self.all("#details-form .field-value")[1].text, "Björk")
        # Never opened online, it is shown from the offline copy, which holds no version a waiting
        # save could merge from; an album opened before is edited offline (test_pocket).
        self.assertFalse(self.by_id("confirmButton").is_enabled(), "no offline edit without a version")


@unittest.skipUnless(network_address(), "this machine has no network address besides loopback")
class PlainHttpOnTheNetworkTests(AppTestCase):
    """A phone on the home network opens http://ADDRESS:PORT/?token=…: not a secure page, so no
    service worker and no offline copy; the app says so once, and works online."""

    host = network_address()

    def seed(self, collection):
        collection.add("Kind of Blue", "Miles Davis", "1959")

    def test_the_app_says_once_that_it_keeps_no_offline_copy(self):
        self.open()
        self.wait_for_titles(["Kind of Blue"])
        self.assertFalse(self.driver.execute_script("return window.isSecureContext"))
        note = self.by_id("offline-note")
        self.wait_for(lambda d: note.is_displayed(), "the note about the offline copy")
        self.assertIn("https", note.text)
        self.screenshot("no-offline-copy")
        self.by_id("offline-note-ok").click()
        self.assertFalse(note.is_displayed())
        self.open()
        self.wait_for_titles(["Kind of Blue"])
        time.sleep(0.3)
        self.assertFalse(self.by_id("offline-note").is_displayed(), "said once")


class LargeCollectionTests(AppTestCase):
    """10,000 albums: the list draws only the rows in view (seed §3.6), however far it scrolls."""

    COUNT = 10_000

    def seed(self, collection):
        albums = collection.root / "albums"
        for n in range(self.COUNT):
            folder = albums / f"artist-{n % 500:03d}-album-{n:05d}"
            folder.mkdir(parents=True)
            (folder / "album.md").write_text(
                f"---\ntitle: Album {n:05d}\nartist: Artist {n % 500:03d}\nreleased: '{1950 + n % 70}'\n"
                f"tags:\n- t{n % 7}\n---\n\n## Tracks\n\n1. One\n")

    def test_ten_thousand_albums_scroll_with_few_rows_drawn(self):
        self.open()
        self.wait_for(lambda d: self.titles()[:1] == ["Album 00000"], "the first album")
        scroller = self.by_id("album-list")
        self.wait_for(lambda d: scroller.get_attribute("aria-busy") == "false", "every page of albums", timeout=90)
        drawn = []
        for fraction in [0.25, 0.5, 0.75, 1.0]:
            self.driver.execute_script(
                "arguments[0].scrollTop = (arguments[0].scrollHeight - arguments[0].clientHeight) * arguments[1]",
                scroller, fraction)
            time.sleep(0.2)
            drawn.append(len(self.all("#album-list .row")))
        last = max(range(self.COUNT), key=lambda n: (n % 500, 1950 + n % 70, n))
        self.wait_for(lambda d: self.titles()[-1:] == [f"Album {last:05d}"],
                      f"the last album at the bottom (the last drawn are {self.titles()[-3:]})")
        self.assertLess(max(drawn), 80, f"rows drawn at each position: {drawn}")
        self.assertEqual(self.by_id("sticky-header").text, "A")
        self.screenshot("ten-thousand")
        # The scroll position is kept across a reload, like the query and the scope.
        self.driver.execute_script("arguments[0].scrollTop = arguments[0].scrollHeight / 2", scroller)
        time.sleep(0.5)
        position = self.driver.execute_script("return arguments[0].scrollTop", scroller)
        shown = self.titles()
        self.open()
        scroller = self.by_id("album-list")
        self.wait_for(lambda d: scroller.get_attribute("aria-busy") == "false", "every page of albums", timeout=90)
        self.assertEqual(self.driver.execute_script("return arguments[0].scrollTop", scroller), position)
        self.wait_for(lambda d: self.titles() == shown, "the same albums in view after a reload")


class DesktopTests(AppTestCase):
    size = DESKTOP

    def seed(self, collection):
        seed_records(collection, covers=True)

    def test_desktop_list_grid_and_details(self):
        self.open()
        self.wait_for_titles(["Homogenic", "Paranoid", "Kind of Blue", "Revolver", "Abbey Road"])
        self.screenshot("main")
        self.by_id("layout-button").click()
        self.wait_for(lambda d: len(self.all("#album-list .cell[data-id]")) == 5, "the grid of covers")
        # Four covers drawn from the 400 px images (wide cells), Homogenic the gray gradient.
        self.wait_for(lambda d: d.execute_script(
            "return [...document.querySelectorAll('#album-list .cell img')].filter(i => !i.hidden && i.naturalWidth === 400).length") == 4,
            "the four covers in the grid")
        covered = self.driver.execute_script("""
            const header = document.getElementById('sticky-header').getBoundingClientRect();
            const first = document.querySelector('#album-list .cell .thumb').getBoundingClientRect();
            return header.bottom - first.top;""")
        self.assertLessEqual(covered, 0, "switching to the grid keeps the first covers below the sticky header")
        self.screenshot("grid")
        self.open()
        self.wait_for(lambda d: len(self.all("#album-list .cell[data-id]")) == 5, "the grid kept across a reload")
        self.all("#album-list .cell[data-id]")[2].click()
        self.wait_for(lambda d: self.details_title() == "Album Details", "the details view")
        self.screenshot("details")

    def test_dark_mode_follows_the_system(self):
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                    {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        self.open()
        self.wait_for_titles(["Homogenic", "Paranoid", "Kind of Blue", "Revolver", "Abbey Road"])
        background = self.by_id("album-list").value_of_css_property("background-color")
        self.assertEqual(background, "rgba(18, 18, 18, 1)")
        self.screenshot("dark")
        self.row("Kind of Blue").find_element(By.CSS_SELECTOR, ".row-content").click()
        self.wait_for(lambda d: self.details_title() == "Album Details", "the details view")
        self.by_id("confirmButton").click()
        self.screenshot("dark-edit")


if __name__ == "__main__":
    unittest.main()
