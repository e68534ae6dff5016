"""Smart lists in the app (docs/commands.md, "Rules and smart lists", seed 003's taglists; issue 18 point 8): made, changed,
used and deleted from the Lists menu, one commit each, with suggestions as a rule is typed."""

import json
import unittest
import urllib.request

from selenium.webdriver.common.keys import Keys

from harness import AppTestCase


def seed_lists(collection):
    collection.add("Kind of Blue", "Miles Davis", "1959-08-17", tags=["jazz", "modal"])
    collection.add("Bitches Brew", "Miles Davis", "1970-03-30", tags=["jazz", "fusion"])
    collection.add("Revolver", "The Beatles", "1966-08-05", tags=["rock", "1960s"])
    collection.add("Paranoid", "Black Sabbath", "1970", tags=["metal", "rock"])


class SmartListTests(AppTestCase):
    def seed(self, collection):
        seed_lists(collection)

    def open_lists(self):
        self.by_id("menu-button").click()
        self.wait_for(lambda d: self.by_id("lists-manage").is_displayed(), "Edit Smart Lists in the Lists menu")
        self.by_id("lists-manage").click()
        self.wait_for(lambda d: self.by_id("lists-view").is_displayed(), "the smart lists screen")

    def suggestions(self):
        return [li.text.split("\n")[0] for li in self.all("#rule-suggestions li") if li.is_displayed()]

    def rule(self, index):
        return self.all("#rule-list .rule-input")[index]

    def type_rule(self, index, text):
        field = self.rule(index)
        field.click()
        field.send_keys(text)
        return field

    def choose(self, text):
        self.wait_for(lambda d: text in self.suggestions(), f"{text} among the suggestions (they are {self.suggestions()})")
        for li in self.all("#rule-suggestions li"):
            if li.text.split("\n")[0] == text:
                li.click()
                return
        self.fail(f"no suggestion {text}")

    def saved_lists(self):
        folder = self.collection.root / ".recordkeeper" / "lists"
        return sorted(p.name for p in folder.glob("*.yaml")) if folder.exists() else []

    def test_a_list_is_made_changed_used_and_deleted_one_commit_each(self):
        self.open()
        commits = self.collection.commits()
        self.open_lists()
        self.assertTrue(self.by_id("lists-empty").is_displayed())
        self.screenshot("lists-empty")

        # New: a name, a description and two rules, each chosen from the suggestions.
        self.by_id("lists-new").click()
        self.assertEqual(self.by_id("list-editor-title").text, "New List")
        self.assertFalse(self.by_id("list-save").is_enabled(), "no list without a name and a rule")
        self.by_id("list-name-input").send_keys("pure-jazz")
        self.by_id("list-description").send_keys("Jazz without fusion")
        self.type_rule(0, "#ja")
        self.choose("#jazz")
        self.assertEqual(self.rule(0).get_attribute("value").strip(), "#jazz")
        self.by_id("rule-add").click()
        self.type_rule(1, "-#fu")
        self.screenshot("list-suggestions")
        self.choose("#fusion")
        self.assertEqual(self.rule(1).get_attribute("value").strip(), "-#fusion")
        self.screenshot("list-editor")
        self.by_id("list-save").click()
        self.wait_for(lambda d: not self.by_id("list-editor").is_displayed(), "the editor to close after Save")
        self.assertEqual(self.collection.commits(), commits + 1, "one commit for the new list")
        self.assertEqual(self.saved_lists(), ["pure-jazz.yaml"])
        self.wait_for(lambda d: "pure-jazz" in self.by_id("smart-lists").text, "the list on the screen")
        self.assertIn("1 album", self.by_id("smart-lists").text)
        self.assertIn("Jazz without fusion", self.by_id("smart-lists").text)
        self.screenshot("lists")

        # A rule the server cannot read: its message, naming what to fix, and nothing written.
        self.css("#smart-lists .smart-list").click()
        self.assertEqual(self.by_id("list-editor-title").text, "Edit List")
        self.by_id("rule-add").click()
        self.type_rule(2, "@colour:red")
        self.by_id("list-save").click()
        self.wait_for(lambda d: self.by_id("list-error").is_displayed(), "the server's message")
        self.assertIn("colour", self.by_id("list-error").text)
        self.assertEqual(self.rule(2).get_attribute("aria-invalid"), "true", "the rule to fix is marked")
        self.screenshot("list-bad-rule")
        self.assertEqual(self.collection.commits(), commits + 1, "a refused rule writes nothing")

        # Changed and renamed: the bad rule removed, the description edited, a new name; one more commit.
        self.all("#rule-list .rule-remove")[2].click()
        description = self.by_id("list-description")
        description.clear()
        description.send_keys("Modal and hard bop")
        name = self.by_id("list-name-input")
        name.clear()
        name.send_keys("modal-jazz")
        self.by_id("list-save").click()
        self.wait_for(lambda d: not self.by_id("list-editor").is_displayed(), "the editor to close after Save")
        self.assertEqual(self.collection.commits(), commits + 2, "a rename with its changes is one commit")
        self.assertEqual(self.saved_lists(), ["modal-jazz.yaml"])
        text = (self.collection.root / ".recordkeeper/lists/modal-jazz.yaml").read_text()
        self.assertIn("Modal and hard bop", text)
        self.assertIn("-#fusion", text)

        # Used: the main screen shows the list's albums.
        self.css("#smart-lists .smart-list").click()
        self.by_id("list-use").click()
        self.wait_for(lambda d: self.by_id("album-list").is_displayed(), "the main screen")
        self.wait_for_titles(["Kind of Blue"])
        self.assertEqual(self.by_id("list-name").text, "· modal-jazz")

        # Deleted (after the seed's confirmation), one commit; the main screen shows every album again.
        self.open_lists()
        self.css("#smart-lists .smart-list").click()
        self.by_id("list-delete").click()
        self.wait_for(lambda d: self.by_id("confirm-dialog").is_displayed(), "Are you sure?")
        self.by_id("confirm-ok").click()
        self.wait_for(lambda d: self.by_id("lists-empty").is_displayed(), "no list left")
        self.assertEqual(self.collection.commits(), commits + 3)
        self.assertEqual(self.saved_lists(), [])
        self.by_id("lists-back").click()
        self.wait_for(lambda d: len(self.titles()) == 4, "every album again")
        self.assertEqual(self.by_id("list-name").text, "")

    def test_at_suggests_lists_and_the_librarys_fields(self):
        self.collection.rk("lists", "save", "rock", "#rock")
        self.open()
        self.open_lists()
        self.by_id("lists-new").click()
        self.by_id("list-name-input").send_keys("mine")
        field = self.type_rule(0, "@")
        self.wait_for(lambda d: "@rock" in self.suggestions(), f"the list @rock suggested (got {self.suggestions()})")
        # Escape closes the suggestions and leaves the editor open.
        field.send_keys(Keys.ESCAPE)
        self.assertFalse(self.by_id("rule-suggestions").is_displayed())
        self.assertTrue(field.is_displayed())
        # The fields come from the library's catalogue (GET /api/schema) when the server has it.
        try:
            with urllib.request.urlopen(self.server.url + "api/schema", timeout=5) as answer:
                fields = [f["name"] for f in json.load(answer).get("fields", [])]
        except OSError:
            fields = []
        if fields:
            field.send_keys(fields[0][:2])
            self.wait_for(lambda d: f"@{fields[0]}:" in self.suggestions(), f"the field {fields[0]} suggested")
            field.send_keys(Keys.ARROW_DOWN, Keys.ENTER)
            self.assertTrue(field.get_attribute("value").startswith(f"@{fields[0]}:"))
        # Keyboard: a tag chosen with the arrow keys and Enter.
        field.clear()
        field.send_keys("#mo")
        self.wait_for(lambda d: self.suggestions() == ["#modal"], "#modal suggested")
        field.send_keys(Keys.ARROW_DOWN, Keys.ENTER)
        self.assertEqual(field.get_attribute("value").strip(), "#modal")


if __name__ == "__main__":
    unittest.main()
