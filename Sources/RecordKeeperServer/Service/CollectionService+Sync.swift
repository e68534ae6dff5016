import Foundation
import RecordKeeper

/// Where the collection stands against its remote, for `GET /api/sync`.
public struct SyncReport: Equatable, Sendable {
  /// The branches compared as of the last fetch; `nil` when they could not
  /// be (several remotes and none chosen): ``error`` says why.
  public var status: SyncStatus?
  /// How many fields are left to settle from an unfinished merge.
  public var conflicts: Int
  /// The background fetch's state.
  public var fetch: SyncMonitor.State
  /// Why the status could not be found, or the last fetch failed.
  public var error: String?
}

extension CollectionService {
  // MARK: Sharing (docs/app.md, "Sharing in the app")

  /// Compares our branch with the remote's as last fetched (no network).
  public func syncReport() -> SyncReport {
    let fetch = sync.state
    let conflicts = store.conflicts().count
    do throws(RemoteError) {
      return SyncReport(status: try store.syncStatus(), conflicts: conflicts, fetch: fetch, error: fetch.error)
    } catch {
      return SyncReport(status: nil, conflicts: conflicts, fetch: fetch, error: error.description)
    }
  }

  /// `rk sync`: fetches, merges by field and pushes, through the library's
  /// ``CollectionStore/synchronize(remote:push:environment:progress:)``
  /// (with its retries when the remote moves on before the push). The
  /// albums the merge changed are re-read and announced before it returns.
  public func synchronize(remote: String? = nil) async throws(RemoteError) -> SyncOutcome {
    // Waits for a background fetch under way, and holds the next off.
    await sync.beginSync()
    let result = Result { () throws(RemoteError) in try store.synchronize(remote: remote, environment: syncEnvironment) }
    resync()
    switch result {
    case .success:
      await sync.endSync(fetched: true, error: nil)
    case .failure(let error) where error.isNetwork:
      await sync.endSync(fetched: false, error: error.description)
    case .failure:
      await sync.endSync(fetched: true, error: nil)
    }
    events.publish(.sync)
    return try result.get()
  }

  /// The conflicts an unfinished merge left, in album order.
  public func conflicts() -> [FieldConflict] {
    store.conflicts()
  }

  /// `rk resolve ALBUM --take ours|theirs [--field FIELD]`.
  public func resolve(_ album: String, take side: MergeSide, field: String?) throws(MergeError) -> CollectionStore.Resolution {
    defer { afterResolving(album) }
    return try store.resolve(album, take: side, field: field)
  }

  /// `rk resolve ALBUM --set FIELD=VALUE`.
  public func resolve(_ album: String, setting field: String, to value: String) throws(MergeError) -> CollectionStore.Resolution {
    defer { afterResolving(album) }
    return try store.resolve(album, setting: field, to: value)
  }

  /// A resolution rewrote (or removed) the album, and maybe made the merge
  /// commit: re-read it and tell the apps.
  private func afterResolving(_ album: String) {
    refresh([album])
    events.publish(.sync)
  }
}

extension RemoteError {
  /// Whether the remote could not be reached or refused us (not a local
  /// problem, nor a merge's).
  var isNetwork: Bool {
    switch self {
    case .network, .authentication, .unknownHost, .changedHostKey, .revokedHostKey, .hostKnownByOtherTypes, .untrustedCertificate: true
    default: false
    }
  }
}
