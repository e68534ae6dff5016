import Foundation

/// What is not yet shared (`rk status`, docs/sharing.md, "What you write by hand travels"), the way `git status`
/// tells it for a repository: hand edits not recorded, changes waiting to
/// be sent or received, conflicts left unresolved, and plays of albums the
/// collection does not have.
public struct CollectionStatus: Sendable {
  /// Where the branch stands against its remote, as of the last fetch.
  public var sync: SyncStatus
  /// Whether the remote was asked just now (`--fetch`).
  public var fetched: Bool
  /// Albums, plays files and smart lists changed by hand and not recorded.
  public var handEdits: [HandEdit]
  /// Whether a merge is under way (git's `MERGE_HEAD`); what it staged is
  /// not a hand edit.
  public var merging: Bool
  /// What an unfinished merge left to settle.
  public var conflicts: [FieldConflict]
  /// Album ids that plays name but no folder holds, with how many plays
  /// each has, in id order.
  public var strayPlays: [(album: String, plays: Int)]

  /// Whether there is nothing to share and nothing to settle.
  public var isClean: Bool {
    handEdits.isEmpty && sync.incoming == 0 && sync.outgoing == 0 && !merging && conflicts.isEmpty && strayPlays.isEmpty
  }

  /// `{"branch", "remote", "fetched", "hand_edits", "to_send", "to_receive",
  /// "merging", "conflicts", "stray_plays"}`.
  public func json(in location: CollectionLocation) -> JSONValue {
    .object([
      ("branch", .optional(sync.branch)), ("remote", .optional(sync.remote)), ("fetched", .bool(fetched)),
      ("hand_edits", .array(handEdits.map { $0.json(in: location) })), ("to_send", .number(sync.outgoing)),
      ("to_receive", .number(sync.incoming)), ("merging", .bool(merging)),
      (
        "conflicts",
        .array(
          conflicts.map {
            .object([
              ("album", .string($0.album)), ("field", .string($0.field)), ("ours", .optional($0.ours)), ("theirs", .optional($0.theirs)),
            ])
          })
      ),
      ("stray_plays", .array(strayPlays.map { .object([("album", .string($0.album)), ("plays", .number($0.plays))]) })),
    ])
  }
}

extension CollectionStore {
  /// What is not yet shared. With `fetch`, the remote is asked first (as
  /// ``fetch(remote:environment:progress:)``); otherwise nothing leaves
  /// the machine and the counts are as of the last fetch.
  public func status(
    fetch: Bool = false, environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(RemoteError) -> CollectionStatus {
    let sync = try fetch ? self.fetch(environment: environment) : syncStatus()
    let handEdits: [HandEdit]
    do {
      handEdits = try self.handEdits()
    } catch {
      throw .store(error)
    }
    let ids: Set<String>
    do {
      ids = Set(try RecordCollection.albumIDs(location))
    } catch {
      throw .store(.collection(error))
    }
    var stray: [String: Int] = [:]
    for play in PlayHistory.load(location).plays where !ids.contains(play.album) { stray[play.album, default: 0] += 1 }
    return CollectionStatus(
      sync: sync, fetched: fetch, handEdits: handEdits, merging: isMerging, conflicts: FieldConflict.unresolved(in: location),
      strayPlays: stray.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
  }
}
