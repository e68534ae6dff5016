"""The accent colour (docs/app.md, "The app on a phone", seed 003's Appearance; issue 18 point 8), the smaller points
of issue 18 point 9, and the screenshots of every screen at phone and desktop size."""

import time
import unittest

from harness import DESKTOP, AppTestCase, Server

BLUE = "rgb(71, 152, 246)"      # seed 000's #4798F6
PURPLE = "rgb(126, 87, 194)"    # seed 003's purple, #7E57C2


def contrast(a, b):
    """WCAG 2 contrast ratio of two 'rgb(r, g, b)' colours."""
    def luminance(text):
        parts = [int(x) / 255 for x in text[text.index("(") + 1:text.index(")")].split(",")[:3]]
        lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in parts]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    x, y = sorted([luminance(a), luminance(b)], reverse=True)
    return (x + 0.05) / (y + 0.05)


def seed_records(collection):
    collection.add("Revolver", "The Beatles", "1966-08-05", tracks=["Taxman", "Eleanor Rigby"], tags=["rock", "1960s"])
    collection.add("Abbey Road", "The Beatles", "1969-09-26", tracks=["Come Together"], tags=["rock"])
    collection.add("Let It Be", "The Beatles", "1970-05-08", tags=["rock"])
    collection.add("Paranoid", "Black Sabbath", "1970", tags=["metal", "rock"])
    collection.add("Kind of Blue", "Miles Davis", "1959-08-17",
                   tracks=["So What", "Freddie Freeloader", "Blue in Green"], tags=["jazz", "modal"])


class AccentTests(AppTestCase):
    def seed(self, collection):
        seed_records(collection)

    def banner(self):
        return self.driver.execute_script("""
            const s = getComputedStyle(document.querySelector('#main-view .banner'));
            return [s.backgroundColor, s.color];""")

    def test_purple_is_chosen_in_settings_and_kept_across_a_reload_and_a_restart(self):
        self.open()
        self.assertEqual(self.banner()[0], BLUE, "seed 000's blue by default")
        commits = self.collection.commits()
        self.by_id("menu-button").click()
        self.wait_for(lambda d: self.by_id("open-settings").is_displayed(), "Settings in the Lists menu")
        self.by_id("open-settings").click()
        self.wait_for(lambda d: len(self.all("#accent-choices input")) >= 5, "the accent colours")
        names = [label.text for label in self.all("#accent-choices .accent-name")]
        self.assertEqual(names[:2], ["Blue", "Purple"])
        self.screenshot("settings")
        self.css('#accent-choices input[value="purple"]').click()
        self.wait_for(lambda d: "accent: purple" in self.local_yaml(), "the choice kept in local.yaml")
        background, text = self.driver.execute_script("""
            const s = getComputedStyle(document.querySelector('#settings-view .banner'));
            return [s.backgroundColor, s.color];""")
        self.assertEqual(background, PURPLE)
        self.assertGreaterEqual(contrast(background, text), 4.5, "the banner's text is readable on purple")
        self.screenshot("settings-purple")
        self.assertEqual(self.collection.commits(), commits, "a preference of this clone, never a commit")
        self.assertIn("local.yaml", (self.collection.root / ".recordkeeper/.gitignore").read_text())
        self.by_id("settings-back").click()
        self.assertEqual(self.banner()[0], PURPLE)
        self.assertEqual(self.driver.execute_script(
            "return getComputedStyle(document.getElementById('add-button')).backgroundColor"), PURPLE)

        # A reload (with nothing kept in the browser) asks the server, which kept it.
        self.driver.execute_script("localStorage.clear()")
        self.open()
        self.wait_for(lambda d: self.banner()[0] == PURPLE, "purple after a reload")

        # A restart of the server, and a browser that never saw this clone.
        self.server.stop()
        self.server = Server(self.collection)
        self.addCleanup(self.server.stop)
        self.driver.execute_script("localStorage.clear()")
        self.open()
        self.wait_for(lambda d: self.banner()[0] == PURPLE, "purple after a restart")
        self.screenshot("main-purple")

    def local_yaml(self):
        path = self.collection.root / ".recordkeeper/local.yaml"
        return path.read_text() if path.exists() else ""


class SmallerPointTests(AppTestCase):
    """Issue 18 point 9: each of these failed on the app before this change."""

    def seed(self, collection):
        seed_records(collection)
        collection.add("Long Tags", "Tester", tags=["x" * 255, "short"])

    def test_a_255_character_tag_does_not_make_the_details_scroll_sideways(self):
        self.open()
        self.open_album(load=False, title="Long Tags")
        self.wait_for(lambda d: len(self.all("#tag-list .chip")) >= 2, "the tags")
        widths = self.driver.execute_script("""
            const s = document.getElementById('details-scroll');
            return [s.scrollWidth, s.clientWidth, document.documentElement.scrollWidth, innerWidth];""")
        self.assertLessEqual(widths[0], widths[1], f"the details scroll sideways: {widths}")
        self.assertLessEqual(widths[2], widths[3], f"the page scrolls sideways: {widths}")
        self.screenshot("long-tag")

    def test_more_by_names_the_albums_when_the_list_is_filtered(self):
        self.open()
        self.by_id("search").send_keys("Revolver")
        self.wait_for_titles(["Revolver"])
        self.open_album(load=False, title="Revolver")
        self.wait_for(lambda d: self.by_id("more-section").is_displayed(), "More by The Beatles")
        self.assertEqual(self.by_id("more-title").text, "More by The Beatles")
        shown = lambda: self.driver.execute_script(
            "return [...document.querySelectorAll('#more-list a')].map(a => a.textContent)")
        self.wait_for(lambda d: sorted(shown()) == ["Abbey Road1969", "Let It Be1970"],
                      f"the other albums by title and year, not by folder (got {shown()})")

    def test_empty_fields_show_a_dash_in_every_view(self):
        self.open()
        self.open_album(load=False, title="Paranoid")  # released 1970: no month, no day, no sort artist, no Wikipedia page
        values = self.driver.execute_script("""
            return Object.fromEntries([...document.querySelectorAll('#details-form .field')]
              .filter(f => f.querySelector(':scope > .field-value'))
              .map(f => [f.querySelector('.field-label').textContent, f.querySelector(':scope > .field-value').textContent]));""")
        self.assertEqual(values["Year"], "1970")
        for label in ["Month", "Day", "Sort Artist", "Album Wikipedia Page"]:
            self.assertEqual(values[label], "—", f"{label} in {values}")

    def test_plus_opens_a_blank_add_album_in_one_tap_and_look_up_one_tap_further(self):
        self.open()
        self.by_id("add-button").click()
        self.assertTrue(self.by_id("details-view").is_displayed())
        self.assertEqual(self.details_title(), "Add Album")
        self.assertEqual(self.by_id("confirmButton").text, "Add")
        self.assertEqual(self.by_id("field-title").get_attribute("value"), "")
        self.assertTrue(self.by_id("add-lookup-type").is_displayed(), "the look-up inside Add")
        self.screenshot("add")
        self.by_id("add-lookup-type").click()
        self.wait_for(lambda d: self.by_id("lookup-view").is_displayed(), "the look-up screen")
        self.assertEqual(self.by_id("lookup-title").text, "Find the Album")
        self.screenshot("lookup")
        self.by_id("lookup-by-hand").click()
        self.wait_for(lambda d: not self.by_id("lookup-view").is_displayed(), "back to the Add view")
        self.assertEqual(self.details_title(), "Add Album")
        # Only when adding: an album's own view has no look-ups.
        self.by_id("cancelButton").click()
        self.wait_for(lambda d: self.by_id("album-list").is_displayed(), "the main screen")
        self.open_album(load=False, title="Revolver")
        self.assertFalse(self.by_id("add-lookup").is_displayed())


class ScreenshotTests(AppTestCase):
    """Every screen at phone size (and desktop, below), for a person to look at: .build/screenshots."""

    def seed(self, collection):
        seed_records(collection)
        collection.rk("lists", "save", "sixties", "@year:1960..1969", "--description", "The decade of Revolver")

    def test_every_screen(self):
        self.open()
        self.screenshot("ui-main")
        self.row("Revolver").find_element("css selector", ".row-content").click()
        self.wait_for(lambda d: self.details_title() == "Album Details", "the details")
        time.sleep(0.2)
        self.screenshot("ui-details")
        self.by_id("cancelButton").click()
        self.wait_for(lambda d: self.by_id("album-list").is_displayed(), "the main screen")
        self.by_id("add-button").click()
        self.wait_for(lambda d: self.details_title() == "Add Album", "Add Album")
        self.screenshot("ui-add")
        self.by_id("cancelButton").click()
        self.wait_for(lambda d: self.by_id("album-list").is_displayed(), "the main screen")
        self.by_id("menu-button").click()
        self.wait_for(lambda d: self.by_id("lists-manage").is_displayed(), "the Lists menu")
        self.screenshot("ui-lists-menu")
        self.by_id("lists-manage").click()
        self.wait_for(lambda d: "sixties" in self.by_id("smart-lists").text, "the smart lists")
        self.screenshot("ui-lists")
        self.css("#smart-lists .smart-list").click()
        rule = self.css("#rule-list .rule-input")
        rule.click()
        self.driver.execute_script("arguments[0].setSelectionRange(arguments[0].value.length, arguments[0].value.length)", rule)
        rule.send_keys(" #r")
        self.wait_for(lambda d: self.by_id("rule-suggestions").is_displayed(), "suggestions")
        self.screenshot("ui-list-editor")
        self.by_id("list-cancel").click()
        self.by_id("lists-back").click()
        self.wait_for(lambda d: self.by_id("album-list").is_displayed(), "the main screen")
        self.by_id("menu-button").click()
        self.wait_for(lambda d: self.by_id("open-settings").is_displayed(), "Settings in the menu")
        self.by_id("open-settings").click()
        self.wait_for(lambda d: len(self.all("#accent-choices input")) >= 5, "the accent colours")
        self.screenshot("ui-settings")


class DesktopScreenshotTests(ScreenshotTests):
    size = DESKTOP


if __name__ == "__main__":
    unittest.main()
