import CSV

/// The rows of a CSV file, as CSV.swift reads them (quoting, doubled quotes,
/// line breaks inside quoted fields), each with the physical line it starts
/// on, for messages that point at it.
struct DiscogsTable {
  struct Row {
    /// The 1-based line of the file the row starts on.
    var line: Int
    var cells: [String]
  }

  /// The first row, trimmed, its byte-order mark dropped.
  var header: [String]
  var rows: [Row]

  /// Reads `text`; `nil` when it holds no header row. Lines that are empty
  /// are no rows, but count for the line numbers.
  init?(_ text: String) {
    var text = Substring(text)
    if text.unicodeScalars.first == "\u{FEFF}" { text = Substring(text.unicodeScalars.dropFirst()) }
    // With no header row to read up front, CSVReader's initializer cannot
    // fail; it throws only for one.
    guard let reader = try? CSVReader(string: String(text), hasHeaderRow: false) else { return nil }
    var line = 1
    var header: [String]?
    var rows: [Row] = []
    while let cells = reader.next() {
      let start = line
      line += 1 + cells.reduce(0) { $0 + Self.lineBreaks(in: $1) }
      if cells.count == 1 && cells[0].isEmpty { continue }
      if header == nil {
        header = cells.map(\.trimmed)
      } else {
        rows.append(Row(line: start, cells: cells))
      }
    }
    guard let header else { return nil }
    self.header = header
    self.rows = rows
  }

  /// The line breaks in a field: CR LF counts once, as do a lone CR and LF.
  static func lineBreaks(in field: String) -> Int {
    var count = 0
    var afterCR = false
    for byte in field.utf8 {
      if byte == 0x0D {
        count += 1
        afterCR = true
      } else {
        if byte == 0x0A && !afterCR { count += 1 }
        afterCR = false
      }
    }
    return count
  }
}
