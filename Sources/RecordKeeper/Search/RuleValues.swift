/// What each `@field` rule reads of an album, as ``RuleSemantics`` reads it,
/// for the app's offline search (`rules` in `GET /api/changes`): the app
/// compares these values and reads no date or number itself.
public enum RuleValues {
  /// `{"present": [NAME…], NAME: VALUE…}`: the fields a bare `@NAME` finds;
  /// each number field's number and each date field's date as YYYYMMDD (a
  /// part not written is 0), when the album has one; and `status`, the only
  /// text a rule reads other than as the album's own field (none written
  /// reads as owned).
  public static func json(of album: Album) -> JSONValue {
    var pairs: [(String, JSONValue)] = [
      ("present", .array(RuleField.allCases.filter { RuleSemantics.isPresent($0, in: album) }.map { .string($0.name) }))
    ]
    for field in RuleField.allCases {
      switch field.kind {
      case .number:
        if let number = RuleSemantics.number(of: field, in: album) { pairs.append((field.name, .number(number))) }
      case .date:
        if let date = RuleSemantics.date(of: field, in: album) {
          pairs.append((field.name, .number(date.year * 10_000 + (date.month ?? 0) * 100 + (date.day ?? 0))))
        }
      case .text, .tags, .presence: break
      }
    }
    pairs.append(("status", .optional(RuleSemantics.text(of: .collector(.status), in: album))))
    return .object(pairs)
  }
}
