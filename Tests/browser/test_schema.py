"""The app's forms are built from the library's field catalogue (GET /api/schema) and show the
library's own word on each value, asked of the server (POST /api/check; docs/architecture.md,
"The app takes its rules from the library"; issue 18 points 6 and 9, issue 30 point 4).
"""

import json
import unittest
from pathlib import Path

from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from harness import AppTestCase

FIXTURES = Path(__file__).resolve().parents[1] / "Fixtures"
FAMILY = "\U0001F468\u200D\U0001F469\u200D\U0001F467\u200D\U0001F466"  # one character, 11 UTF-16 units
ID = "albums/miles-davis-kind-of-blue"


class SchemaTests(AppTestCase):
    def seed(self, collection):
        collection.add("Kind of Blue", "Miles Davis", "1959-08-17", tracks=["So What", "Freddie Freeloader"], tags=["jazz"])

    def open_add(self):
        self.open("#/add")
        self.wait_for(lambda d: self.by_id("details-view").is_displayed() and self.details_title() == "Add Album"
                      and self.all("#field-title"), "the Add Album form")

    def problem(self, field):
        return self.css(f".field-problem[data-field={field}]").text

    def wait_problem(self, field, text):
        # The library's word comes from the server a moment after typing stops (POST /api/check).
        self.wait_for(lambda d: self.problem(field) == text, f"{field}'s problem to read {text!r}")

    def type_into(self, element_id, text):
        # send_keys cannot type characters outside the BMP: set the value as a paste would.
        self.driver.execute_script(
            "const e = document.getElementById(arguments[0]); e.value = arguments[1];"
            "e.dispatchEvent(new Event('input', {bubbles: true}));", element_id, text)

    def test_offline_search_finds_what_the_library_finds_for_every_search_case(self):
        data = json.loads((FIXTURES / "search-cases.json").read_text())
        self.open()
        differences = self.driver.execute_async_script("""
            const [albums, cases, done] = arguments;
            Promise.all([import('/search.js'), import('/schema.js')]).then(async ([search, catalogue]) => {
              const schema = await catalogue.loadSchema();
              done(cases.map((c) => {
                let got;
                try { got = albums.filter(search.compile(c.query, c.in || [], schema)).map((a) => a.id); }
                catch (error) { got = error.needsServer ? null : String(error); }
                // What the copy cannot search (notes) it says needs the server.
                return { query: c.query, in: c.in, want: c.needs_server ? null : c.ids, got };
              }).filter((r) => JSON.stringify(r.got) !== JSON.stringify(r.want)));
            }).catch((e) => done([{ error: String(e) }]));""", data["albums"], data["cases"])
        self.assertGreater(len(data["cases"]), 150)
        self.assertEqual(differences, [])

    def test_offline_search_says_plainly_what_needs_the_server(self):
        self.open()
        said = self.driver.execute_async_script("""
            const done = arguments[0];
            Promise.all([import('/search.js'), import('/schema.js')]).then(async ([search, catalogue]) => {
              const schema = await catalogue.loadSchema();
              try { search.compile('@favourites', [], schema); done('ran'); } catch (error) { done(error.message); }
            });""")
        self.assertEqual(said, "This search needs the server: @favourites is a smart list, which is read on the server.")
        folded = self.driver.execute_script(
            "return import('/search.js').then((s) => ['Søren', 'Straße', 'Ǿ', 'ﬁve'].map(s.fold))")
        self.assertEqual(folded, ["soren", "strasse", "o", "five"])

    def test_track_positions_are_the_librarys(self):
        folder = self.collection.root / ID
        text = (folder / "album.md").read_text().split("## Tracks")[0]
        (folder / "album.md").write_text(
            text + "## Tracks\n\n### Side A\n\n1. One\n2. Two\n\n### Side\tB\n\n1. Three\n\n### side  c\n\n1. Four\n"
            "\n### Side D E\n\n1. Five\n\n### Disc 2\n\n1. Six\n2. Seven\n")
        expected = [t["position"] + "." for t in self.collection.album(ID)["track_list"]]
        self.assertEqual(expected, ["A1.", "A2.", "1.", "c1.", "1.", "1.", "2."])
        self.open_album("Kind of Blue")
        self.wait_for(lambda d: [n.text for n in self.all("#track-list .track-number")] == expected,
                      f"the positions {expected}")

    def test_the_form_takes_its_labels_and_grades_from_the_catalogue(self):
        self.open_add()
        fields = self.driver.execute_async_script(
            "fetch('/api/schema').then(r => r.json()).then(s => arguments[0](s.fields))")
        labels = {f["name"]: f["label"] for f in fields}
        self.assertEqual(self.css("label[for=field-title]").text, labels["title"] + " *")
        self.assertEqual(self.css("label[for=field-media_condition]").text, labels["media_condition"])
        grades = [o.get_attribute("value") for o in self.all("#field-media_condition option")][1:]
        self.assertEqual(grades, next(f for f in fields if f["name"] == "media_condition")["values"])

    def test_an_emoji_family_counts_as_one_character(self):
        self.open_add()
        title = self.by_id("field-title")
        self.assertIsNone(title.get_attribute("maxlength"), "no limit in UTF-16 units")
        self.by_id("field-artist").send_keys("The Family")
        self.type_into("field-title", FAMILY * 256)
        self.wait_problem("title", "Album name is 256 characters long; at most 255 are allowed")
        self.assertFalse(self.by_id("confirmButton").is_enabled())
        self.type_into("field-title", FAMILY * 255)
        self.wait_problem("title", "")
        self.wait_for(lambda d: self.by_id("confirmButton").is_enabled(), "255 characters allowed, as rk allows them")
        self.by_id("confirmButton").click()
        self.wait_for(lambda d: self.details_title() != "Add Album" or self.by_id("details-error").is_displayed(), "the add")
        added = [a for a in json.loads(self.collection.rk("list", "--json")) if a["artist"] == "The Family"]
        self.assertEqual(added[0]["title"], FAMILY * 255)

    def test_a_track_ending_in_a_length_that_is_not_one_is_refused_as_rk_refuses_it(self):
        refused = self.collection.rk("track", "add", "miles-davis-kind-of-blue", "Blue in Green (4:75)", check=False)
        self.open_editor()
        new = self.by_id("track-new")
        new.send_keys("Blue in Green (4:75)")
        plus = self.by_id("track-add-button")
        self.wait_for(lambda d: not plus.is_enabled(), "the plus to refuse (4:75)")
        message = self.by_id("track-new-problem").text
        self.assertTrue(message.startswith("Track 3 ends in (4:75), which is not a length"), message)
        self.assertEqual(new.get_attribute("aria-invalid"), "true")
        new.send_keys(Keys.ENTER)
        self.assertEqual(len(self.all("#track-list li.track")), 2, "Enter does not add it either")
        new.clear()
        new.send_keys("Blue in Green (5:37)")
        self.wait_for(lambda d: plus.is_enabled() and self.by_id("track-new-problem").text == "", "the plus to take (5:37)")
        self.assertNotIn("Blue in Green", json.dumps(self.collection.album(ID)["tracks"]), refused)
        # Renaming a track to one is refused the same way, under that track.
        self.css('#track-list [aria-label="Edit track 1"]').click()
        edit = self.css('#track-list input[aria-label="Track 1 name"]')
        edit.send_keys(Keys.END, " (4:75)")
        self.css('#track-list [aria-label="Done editing track 1"]').click()
        self.wait_for(lambda d: self.by_id("track-problem-0").text.startswith("Track 1 ends in (4:75)"), "track 1's problem")
        self.assertTrue(self.all('#track-list input[aria-label="Track 1 name"]'), "still editing")
        self.screenshot("track-problem")

    def test_a_web_address_without_a_host_is_refused_as_rk_refuses_it(self):
        self.open_editor()
        wikipedia = self.by_id("field-wikipedia")
        wikipedia.send_keys("https:///wiki/Kind_of_Blue")
        self.wait_problem("wikipedia", '"https:///wiki/Kind_of_Blue" is not a web address; write it as https://…')
        self.assertFalse(self.by_id("confirmButton").is_enabled())
        wikipedia.clear()
        wikipedia.send_keys("https://en.wikipedia.org/wiki/Kind_of_Blue")
        self.wait_problem("wikipedia", "")
        self.wait_for(lambda d: self.by_id("confirmButton").is_enabled(), "Save enabled again")

    def test_a_bad_date_typed_in_the_edit_form_shows_the_librarys_message_on_the_field(self):
        self.open_editor()
        Select(self.by_id("field-month")).select_by_visible_text("February")
        day = self.by_id("field-day")
        day.clear()
        day.send_keys("30")
        # The library's own words (ReleaseDateError), as rk check prints them after `released: `.
        self.wait_problem("year", "1959-02 has no day 30")
        self.assertFalse(self.by_id("confirmButton").is_enabled())
        day.clear()
        day.send_keys("28")
        self.wait_problem("year", "")
        self.wait_for(lambda d: self.by_id("confirmButton").is_enabled(), "Save enabled again")

    def test_the_conflicts_screen_names_fields_by_their_labels(self):
        self.open_editor()
        self.collection.rk("set", "miles-davis-kind-of-blue", "--media-condition", "VG")
        self.driver.execute_script(
            "const s = document.getElementById('field-media_condition'); s.value = 'NM';"
            "s.dispatchEvent(new Event('change', {bubbles: true}));")
        self.by_id("confirmButton").click()
        self.wait_for(lambda d: self.all("#save-conflicts .conflict-field"), "the conflict view")
        self.assertEqual([h.text for h in self.all("#save-conflicts h3")], ["Media condition"])
        self.screenshot("conflict-label")

    def test_a_blank_add_form_opens_without_errors_and_shows_them_once_a_field_is_left(self):
        self.open_add()
        self.assertEqual([p.text for p in self.all(".field-problem") if p.text], [], "no red on a blank form")
        self.assertEqual(self.all("[aria-invalid=true]"), [])
        self.assertFalse(self.by_id("confirmButton").is_enabled(), "a blank album still cannot be added")
        self.screenshot("add-blank")
        self.by_id("field-title").click()
        self.by_id("field-artist").click()  # the title is left blank
        self.wait_for(lambda d: self.problem("title") == "Album name is required and must not be blank",
                      "the title's problem once it is left")
        self.assertEqual(self.problem("artist"), "", "the artist is not left yet")

    def test_the_focus_ring_does_not_cover_the_error_under_a_field(self):
        self.open_editor()
        title = self.by_id("field-title")
        title.send_keys(Keys.CONTROL, "a")
        title.send_keys(Keys.DELETE)
        self.assertNotEqual(self.problem("title"), "")
        self.assertEqual(self.driver.switch_to.active_element, title)
        ring_bottom, error_top = self.driver.execute_script("""
            const input = document.getElementById('field-title');
            const style = getComputedStyle(input);
            const ring = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
            const error = document.querySelector('.field-problem[data-field=title]');
            return [input.getBoundingClientRect().bottom + (style.outlineStyle === 'none' ? 0 : ring),
                    error.getBoundingClientRect().top];""")
        self.assertLessEqual(ring_bottom, error_top, "the ring ends above the message")
        self.screenshot("focus-and-error")


if __name__ == "__main__":
    unittest.main()
