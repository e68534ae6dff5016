import Foundation
import Testing

@testable import RecordKeeper

/// What the app reads from `GET /api/schema` is the library's own rules (the
/// app judges no value itself: its forms ask `POST /api/check`).
@Suite("Field catalogue")
struct FieldCatalogueTests {
  @Test func everyCollectorFieldIsDescribedWithItsRuleAndLabel() throws {
    for field in CollectorField.allCases {
      let description = try #require(FieldCatalogue.field(named: field.key))
      #expect(description.values == field.allowedValues)
      #expect(description.message == field.problem(with: "{value}"))
      #expect(!description.label.isEmpty && description.label != field.key)
    }
    #expect(FieldCatalogue.field(named: "media_condition")?.label == "Media condition")
    #expect(FieldCatalogue.field(named: "sleeve_condition")?.values?.suffix(2) == ["Generic", "No Cover"])
    #expect(FieldCatalogue.field(named: "barcode")?.digits == 8...14)
  }

  @Test func everyRuleFieldIsInTheCatalogueUnderItsRuleName() {
    for field in RuleField.allCases {
      #expect(FieldCatalogue.field(named: field.name)?.ruleKind == field.kind, "\(field.name)")
    }
  }

  @Test func theDateTemplateGivesTheErrorsOwnWords() throws {
    let template = try #require(FieldCatalogue.messages.first { $0.0 == "date_day" }?.1)
    let filled = template.replacingOccurrences(of: "{year}", with: "1997").replacingOccurrences(of: "{month}", with: "02")
      .replacingOccurrences(of: "{day}", with: "29")
    #expect(filled == ReleaseDateError.day(year: 1997, month: 2, day: 29).description)
  }
}
