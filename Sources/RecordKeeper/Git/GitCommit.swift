import Foundation

/// A commit, copied out of libgit2 into plain values.
public struct GitCommit: Hashable, Sendable {
  /// The full id, 40 hexadecimal digits.
  public var id: String
  /// The whole message.
  public var message: String
  /// The subject: the first line of the message (as git's `%s`, a subject
  /// wrapped over several lines is joined with spaces).
  public var summary: String
  public var authorName: String
  public var authorEmail: String
  /// When the author made the change.
  public var date: Date
  /// The ids of the parents, the first parent first; empty for a root commit.
  public var parentIDs: [String]

  /// Makes a commit value; `summary` defaults to the message's first paragraph.
  public init(
    id: String, message: String, summary: String? = nil, authorName: String, authorEmail: String, date: Date,
    parentIDs: [String] = []
  ) {
    self.id = id
    self.message = message
    self.summary = summary ?? Self.summary(of: message)
    self.authorName = authorName
    self.authorEmail = authorEmail
    self.date = date
    self.parentIDs = parentIDs
  }

  /// The author time in whole seconds since 1970, as git stores it.
  public var time: Int64 { Int64(date.timeIntervalSince1970.rounded(.down)) }

  /// The first paragraph of `message`, its lines joined with spaces.
  static func summary(of message: String) -> String {
    let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
    let firstParagraph = lines.drop { $0.allSatisfy(\.isWhitespace) }.prefix { !$0.allSatisfy(\.isWhitespace) }
    return firstParagraph.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
  }
}
