"""The sort menu's "Best match" (docs/commands.md, "Sorting", issue 21 point 5): offered while a query is typed,
ranked by the server (`?sort=relevance`), not kept, and gone when the query is cleared."""

import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from harness import DESKTOP, AppTestCase


class BestMatchTests(AppTestCase):
    def seed(self, collection):
        collection.add("Blue Train", "John Coltrane", "1957", tags=["jazz"])
        collection.add("Blue", "Joni Mitchell", "1971", tags=["folk"])
        collection.add("Kind of Blue", "Miles Davis", "1959", tracks=["So What", "Blue in Green"], tags=["jazz"])
        collection.add("Paranoid", "Black Sabbath", "1970", tags=["blues"])

    def best_match(self):
        return self.by_id("sort-popup").find_element(By.CSS_SELECTOR, "input[value=relevance]")

    def type_query(self, text):
        search = self.by_id("search")
        search.click()
        # Typed away as a person would: clear() sends no input event.
        search.send_keys(Keys.CONTROL, "a")
        search.send_keys(Keys.BACKSPACE)
        if text:
            search.send_keys(text)

    def test_best_match_is_offered_while_a_query_is_typed_and_falls_back_when_cleared(self):
        self.open()
        self.by_id("sort-button").click()
        self.assertFalse(self.by_id("sort-best-match").is_displayed(), "no Best match without a query")
        self.tap_outside()

        self.type_query("blue")
        self.wait_for_titles(["Paranoid", "Blue Train", "Blue", "Kind of Blue"], "the default order while searching")
        self.by_id("sort-button").click()
        self.assertTrue(self.by_id("sort-best-match").is_displayed())
        self.assertEqual(self.by_id("sort-best-match").text, "Best match")
        self.screenshot("best-match-menu")
        self.best_match().click()
        self.tap_outside()
        # The whole title first; then titles holding the word, the shorter first; the tag last.
        self.wait_for_titles(["Blue", "Blue Train", "Kind of Blue", "Paranoid"])
        self.assertEqual(self.all("#album-list .group-header"), [], "no headings in best-match order")
        self.assertEqual(self.collection.rk("sort").strip(), "artist-year", "Best match is not kept as the sort mode")
        self.screenshot("best-match")

        self.type_query("")
        self.wait_for_titles(["Paranoid", "Blue Train", "Blue", "Kind of Blue"])
        self.by_id("sort-button").click()
        self.assertFalse(self.by_id("sort-best-match").is_displayed())
        self.assertTrue(self.by_id("sort-popup").find_element(By.CSS_SELECTOR, "input[value=artist-year]").is_selected())


class BestMatchDesktopTests(BestMatchTests):
    size = DESKTOP


if __name__ == "__main__":
    unittest.main()
