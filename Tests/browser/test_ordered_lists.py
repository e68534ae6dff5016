"""Ordered lists and tag-count rules in the app (issue 32 points 1 and 3): a list made from the
Lists menu, an album added from its page, reordered by dragging and emptied by a swipe, each one
commit in `.recordkeeper/lists/NAME.md`, whose hand-written lines stay byte for byte; and
`count(#PREFIX:)` answered by the server and offered as a rule is typed."""

import json
import time
import unittest
import urllib.parse
import urllib.request

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from harness import AppTestCase, Server

KIND = "albums/miles-davis-kind-of-blue"
TRAIN = "albums/john-coltrane-blue-train"
REVOLVER = "albums/the-beatles-revolver"


class OrderedListTests(AppTestCase):
    def seed(self, collection):
        collection.add("Kind of Blue", "Miles Davis", "1959-08-17", tracks=["So What", "Freddie Freeloader", "Blue in Green"])
        collection.add("Blue Train", "John Coltrane", "1958")
        collection.add("Revolver", "The Beatles", "1966-08-05")

    def list_file(self):
        return self.collection.root / ".recordkeeper" / "lists" / "party.md"

    def entry_titles(self):
        return [row.find_element(By.CSS_SELECTOR, ".row-title").text for row in self.all("#ordered-entries .ordered-entry")]

    def open_ordered_lists(self):
        self.wait_for(lambda d: self.by_id("album-list").is_displayed(), "the main screen")
        self.by_id("menu-button").click()
        self.wait_for(lambda d: self.by_id("open-ordered-lists").is_displayed(), "Ordered Lists in the Lists menu")
        self.by_id("open-ordered-lists").click()
        self.wait_for(lambda d: self.by_id("ordered-lists-view").is_displayed(), "the ordered lists screen")

    def open_list(self, name, count):
        self.wait_for(lambda d: any(b.get_attribute("data-name") == name for b in self.all("#ordered-lists .smart-list")),
                      f"the list {name} on the screen")
        # A commit elsewhere may redraw the rows between finding one and tapping it: found again then.
        self.wait_for(lambda d: next(b for b in self.all("#ordered-lists .smart-list") if b.get_attribute("data-name") == name).click()
                      or True, f"a tap on {name}")
        self.wait_for(lambda d: self.by_id("ordered-list-view").is_displayed() and len(self.entry_titles()) == count,
                      f"the list {name} with {count} entries (it shows {self.entry_titles()})")

    def test_a_list_made_filled_from_an_albums_page_reordered_by_drag_and_swiped_keeps_hand_written_lines(self):
        self.open()
        commits = self.collection.commits()

        # Made on the Ordered Lists screen: one commit, the file rk lists new --ordered makes.
        self.open_ordered_lists()
        self.wait_for(lambda d: self.by_id("ordered-lists-empty").is_displayed(), "no ordered list yet")
        self.by_id("ordered-list-name").send_keys("party")
        self.by_id("ordered-list-make").click()
        self.wait_for(lambda d: self.by_id("ordered-list-view").is_displayed(), "the new list's screen")
        self.assertEqual(self.by_id("ordered-list-title").text, "party")
        self.wait_for(lambda d: self.by_id("ordered-list-empty").is_displayed(), "the new list empty")
        self.assertEqual(self.collection.commits(), commits + 1)
        self.assertTrue(self.list_file().exists())

        # A person writes in the file by hand: a heading, a comment and two entries (committed by rk's next change).
        hand = self.list_file().read_bytes() + (
            "\n# Saturday's party\n\n<!-- keep the loud ones last   -->\n"
            f"1. {TRAIN} warm-up\n2. {REVOLVER}\n").encode()
        self.list_file().write_bytes(hand)
        self.by_id("ordered-list-back").click()
        self.by_id("ordered-lists-back").click()

        # Added from the album's page: its second track, at the end.
        self.open_album("Kind of Blue", load=False)
        self.wait_for(lambda d: self.by_id("add-to-list").is_displayed(), "Add to List on the album's page")
        self.by_id("add-to-list").click()
        self.wait_for(lambda d: self.by_id("add-to-list-dialog").is_displayed(), "the Add to List dialog")
        self.assertEqual(Select(self.by_id("add-list-name")).first_selected_option.text, "party")
        Select(self.by_id("add-list-track")).select_by_visible_text("2. Freddie Freeloader")
        self.screenshot("ordered-add-to-list")
        self.by_id("add-to-list-ok").click()
        self.wait_for(lambda d: "Added Kind of Blue to party" in self.by_id("toast").text, "the addition said")
        added = hand + f"3. {KIND}#2\n".encode()
        self.wait_for(lambda d: self.list_file().read_bytes() == added, "the entry written after the hand-written ones")
        self.assertEqual(self.collection.commits(), commits + 3, "the hand edit committed alone, then the addition")
        self.by_id("cancelButton").click()

        # The list's screen: its entries in the file's order, with the track's name.
        self.open_ordered_lists()
        self.open_list("party", 3)
        self.assertEqual(self.entry_titles(), ["Blue Train", "Revolver", "Kind of Blue"])
        self.assertIn("Freddie Freeloader", self.all("#ordered-entries .ordered-entry")[2].text)
        self.assertIn("warm-up", self.all("#ordered-entries .ordered-entry")[0].text)
        self.screenshot("ordered-list")

        # Dragged by its handle from the bottom to the top: the file's lines move, nothing else changes.
        rows = self.all("#ordered-entries .ordered-entry")
        handle = rows[2].find_element(By.CSS_SELECTOR, ".ordered-handle")
        height = rows[0].size["height"]
        actions = ActionChains(self.driver, duration=20).click_and_hold(handle)
        for _ in range(10):
            actions.move_by_offset(0, -(2 * height) // 10)
        actions.move_by_offset(0, -4).release().perform()
        reordered = (hand.split(b"\n# Saturday")[0] + (
            "\n# Saturday's party\n\n<!-- keep the loud ones last   -->\n"
            f"1. {KIND}#2\n2. {TRAIN} warm-up\n3. {REVOLVER}\n").encode())
        self.wait_for(lambda d: self.list_file().read_bytes() == reordered,
                      f"the file in the new order (it is {self.list_file().read_text()!r})")
        # The file is written just before its commit is made.
        self.wait_for(lambda d: self.collection.commits() == commits + 4, "the move's one commit")
        self.wait_for(lambda d: self.entry_titles() == ["Kind of Blue", "Blue Train", "Revolver"], "the rows in the new order")
        self.wait_for(lambda d: self.by_id("ordered-list-view").get_attribute("aria-busy") == "false", "the move answered")
        self.assertEqual([e["album"] for e in json.loads(self.collection.rk("list", "@party", "--json"))], [KIND, TRAIN, REVOLVER])

        # Swiped left, Remove, the seed's confirmation: the entry's line goes, one commit.
        row = self.all("#ordered-entries .ordered-entry")[1]
        content = row.find_element(By.CSS_SELECTOR, ".ordered-entry-content")
        actions = ActionChains(self.driver, duration=20).move_to_element_with_offset(
            content, content.size["width"] // 2 - 60, 0).click_and_hold()
        for _ in range(6):
            actions.move_by_offset(-20, 0)
        actions.release().perform()
        remove = row.find_element(By.CSS_SELECTOR, ".ordered-remove")
        self.wait_for(lambda d: remove.get_attribute("tabindex") == "0", "Remove after a swipe left")
        time.sleep(0.3)  # the row's slide
        self.screenshot("ordered-list-swiped")
        remove.click()
        self.wait_for(lambda d: self.by_id("confirm-dialog").is_displayed(), "Are you sure?")
        self.by_id("confirm-ok").click()
        self.wait_for(lambda d: self.entry_titles() == ["Kind of Blue", "Revolver"], "the entry gone from the screen")
        self.assertEqual(self.list_file().read_bytes(), reordered.replace(f"2. {TRAIN} warm-up\n3. ".encode(), b"2. "))
        self.assertEqual(self.collection.commits(), commits + 5)

    def test_an_open_list_follows_a_change_made_on_the_command_line(self):
        self.collection.rk("lists", "new", "party", "--ordered")
        self.collection.rk("lists", "add", "party", TRAIN)
        self.open()
        self.open_ordered_lists()
        self.open_list("party", 1)
        self.collection.rk("lists", "add", "party", KIND, "--at", "1")
        self.wait_for(lambda d: self.entry_titles() == ["Kind of Blue", "Blue Train"], "the entry added in a terminal", timeout=5)

    def test_a_move_on_a_list_changed_elsewhere_shows_it_again_and_writes_nothing(self):
        self.collection.rk("lists", "new", "party", "--ordered")
        for album in [KIND, TRAIN, REVOLVER]:
            self.collection.rk("lists", "add", "party", album)
        self.open()
        self.open_ordered_lists()
        self.open_list("party", 3)
        # Meanwhile, by hand (nothing committed, so no live update tells the screen): the first entry taken out.
        before = self.list_file().read_bytes().replace(f"1. {KIND}\n".encode(), b"")
        self.list_file().write_bytes(before)
        commits = self.collection.commits()
        handle = self.all("#ordered-entries .ordered-handle")[0]
        handle.send_keys(Keys.ARROW_DOWN)  # the arrow keys move an entry by one, as a drag does
        self.wait_for(lambda d: self.by_id("ordered-list-error").is_displayed(), "the list said to have changed")
        self.assertIn("changed elsewhere", self.by_id("ordered-list-error").text)
        self.wait_for(lambda d: self.entry_titles() == ["Blue Train", "Revolver"], "the list as it is now")
        self.assertEqual(self.list_file().read_bytes(), before)
        self.assertEqual(self.collection.commits(), commits)

    def test_an_addition_made_offline_waits_on_the_device_and_moving_says_it_needs_the_server(self):
        self.collection.rk("lists", "new", "party", "--ordered")
        self.collection.rk("lists", "add", "party", TRAIN)
        self.open()
        self.wait_for(lambda d: d.execute_script("return !!navigator.serviceWorker.controller"), "the service worker")
        # Seen once online, so the service worker keeps the lists and the album for offline use.
        self.open_ordered_lists()
        self.open_list("party", 1)
        self.by_id("ordered-list-back").click()
        self.by_id("ordered-lists-back").click()
        self.open_album("Kind of Blue", load=False)
        self.server.stop()

        self.by_id("add-to-list").click()
        self.wait_for(lambda d: self.by_id("add-to-list-dialog").is_displayed(), "the Add to List dialog offline")
        self.assertEqual(Select(self.by_id("add-list-name")).first_selected_option.text, "party")
        self.by_id("add-to-list-ok").click()
        self.wait_for(lambda d: "Kept on this device" in self.by_id("toast").text, "the addition kept on the device")
        self.wait_for(lambda d: self.by_id("details-waiting").is_displayed(), "the album shown as waiting")
        self.assertIn("Waiting to be sent", self.by_id("offline-banner").text)

        # The list offline: shown as last seen; moving and removing say they need the server.
        self.by_id("cancelButton").click()
        self.open_ordered_lists()
        self.open_list("party", 1)
        self.assertIn("needs the connection", self.by_id("ordered-list-note").text)
        self.assertFalse(self.css("#ordered-entries .ordered-handle").is_enabled())

        self.server = Server(self.collection, port=self.server.port)
        self.addCleanup(self.server.stop)
        self.wait_for(lambda d: [e["album"] for e in json.loads(self.collection.rk("list", "@party", "--json"))] == [TRAIN, KIND],
                      "the addition sent once the server is back", timeout=10)
        self.wait_for(lambda d: not self.by_id("offline-banner").is_displayed(), "nothing left waiting")


class TagCountRuleTests(AppTestCase):
    def seed(self, collection):
        collection.add("Quartet", "Band One", "1960", tags=["instruments:piano", "instruments:sax", "instruments:bass"])
        collection.add("Duo", "Band Two", "1961", tags=["instruments:guitar", "instruments:voice", "folk"])
        collection.add("Solo", "Band Three", "1962", tags=["instruments:piano"])
        collection.add("Field Recording", "Band Four", "1963", tags=["birds"])

    def server_titles(self, query):
        url = self.server.url + "api/albums?" + urllib.parse.urlencode({"q": query, "sort": "title"})
        with urllib.request.urlopen(url, timeout=10) as answer:
            return sorted(a["title"] for a in json.load(answer)["albums"])

    def test_a_tag_count_typed_in_the_search_is_answered_by_the_server(self):
        expected = ["Duo", "Field Recording", "Solo"]
        self.assertEqual(self.server_titles("count(#instruments:) <= 2"), expected)
        self.open()
        self.wait_for(lambda d: len(self.titles()) == 4, "every album")
        self.by_id("search").send_keys("count(#instruments:) <= 2")
        self.wait_for(lambda d: sorted(self.titles()) == expected, f"the albums with at most two instruments (it shows {self.titles()})")
        search = self.by_id("search")
        search.clear()
        search.send_keys("count(#instruments:) >= 2 -#folk")
        self.wait_for(lambda d: self.titles() == ["Quartet"], f"Quartet alone (it shows {self.titles()})")
        self.screenshot("tag-count-search")

    def test_a_tag_count_rule_is_suggested_as_a_rule_is_typed(self):
        self.open()
        self.by_id("menu-button").click()
        self.wait_for(lambda d: self.by_id("lists-manage").is_displayed(), "Edit Smart Lists in the Lists menu")
        self.by_id("lists-manage").click()
        self.wait_for(lambda d: self.by_id("lists-view").is_displayed(), "the smart lists screen")
        self.by_id("lists-new").click()
        self.by_id("list-name-input").send_keys("small-bands")
        rule = self.css("#rule-list .rule-input")
        rule.click()
        rule.send_keys("cou")

        def suggestions():
            return [li.text.split("\n")[0] for li in self.all("#rule-suggestions li") if li.is_displayed()]

        self.wait_for(lambda d: "count(#instruments:) <= 2" in suggestions(), f"the tag count suggested (got {suggestions()})")
        self.screenshot("tag-count-suggestion")
        next(li for li in self.all("#rule-suggestions li") if li.text.startswith("count(#instruments:)")).click()
        self.assertEqual(rule.get_attribute("value").strip(), "count(#instruments:) <= 2")
        self.by_id("list-save").click()
        self.wait_for(lambda d: not self.by_id("list-editor").is_displayed(), "the editor to close after Save")
        self.wait_for(lambda d: "3 albums" in self.by_id("smart-lists").text, "the list's count from the server")
        self.assertEqual(sorted(a["title"] for a in json.loads(self.collection.rk("list", "@small-bands", "--json"))),
                         ["Duo", "Field Recording", "Solo"])


if __name__ == "__main__":
    unittest.main()
