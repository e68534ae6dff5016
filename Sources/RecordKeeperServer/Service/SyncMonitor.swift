import Foundation
import RecordKeeper
import Synchronization

/// Fetches the collection's remote in the background for `rk serve`, so
/// that the app can say "3 changes from origin" before anyone syncs.
///
/// Fetching only adds objects and moves `refs/remotes/…`; it never touches
/// the work tree or our branch, so it needs neither the collection lock nor
/// the ``CollectionService`` actor. It runs on a thread of its own
/// (``ThreadExecutor``) with its own repository handle: a slow or stuck
/// network blocks neither reads nor changes. Its outcome is published
/// through a mutex (``state``) and a `sync` event.
///
/// A sync through the app (``CollectionService/synchronize(remote:)``)
/// fetches itself; while it runs, background fetches are skipped, so that
/// two fetches never race for the same remote-tracking ref.
public actor SyncMonitor {
  /// What the last background fetch did.
  public struct State: Equatable, Sendable {
    /// When the last fetch (background or sync) finished without error.
    public var fetchedAt: Date?
    /// Whether a fetch is running now.
    public var fetching = false
    /// Why the last fetch failed (the library's message); `nil` when it
    /// succeeded or there is no remote.
    public var error: String?
  }

  private nonisolated let executor: ThreadExecutor
  private nonisolated let current = Mutex(State())
  private let store: CollectionStore
  private let events: ServerEvents
  private let environment: [String: String]
  private var syncing = false
  private var periodic: Task<Void, Never>?

  public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

  /// The monitor of the collection at `location`; nothing is fetched until
  /// ``fetch()`` or ``startFetching(every:)``. `environment` supplies the
  /// credentials' settings, as for `rk sync`.
  init(location: CollectionLocation, events: ServerEvents, environment: [String: String]) throws(StoreError) {
    executor = ThreadExecutor(name: "rk-serve fetch")
    do {
      store = try CollectionStore(location: location)
    } catch {
      executor.stop()
      throw error
    }
    self.events = events
    self.environment = environment
  }

  /// The state as of now, without waiting for a fetch under way.
  public nonisolated var state: State { current.withLock { $0 } }

  /// Fetches now (unless a sync is running, which fetches itself) and
  /// returns the state after it. A failure is kept in ``State/error``,
  /// not thrown: the next fetch tries again.
  @discardableResult
  public func fetch() -> State {
    guard !syncing else { return state }
    current.withLock { $0.fetching = true }
    let result: String?
    do throws(RemoteError) {
      _ = try store.fetch(environment: environment)
      result = nil
    } catch .noRemote {
      result = nil
    } catch {
      result = error.description
    }
    let state = current.withLock { state in
      state.fetching = false
      state.error = result
      if result == nil { state.fetchedAt = Date() }
      return state
    }
    events.publish(.sync)
    return state
  }

  /// Fetches at once, then every `interval`, until ``stop()``.
  public func startFetching(every interval: Duration) {
    guard periodic == nil else { return }
    periodic = Task { [weak self] in
      while !Task.isCancelled {
        guard let self else { return }
        await self.fetch()
        try? await Task.sleep(for: interval)
      }
    }
  }

  /// Marks a sync as running: fetches wait for none, and start none.
  /// Runs after a fetch under way has finished (the actor runs one at a time).
  func beginSync() {
    syncing = true
  }

  /// The sync is over; `fetched` says whether it fetched without error.
  func endSync(fetched: Bool, error: String?) {
    syncing = false
    current.withLock { state in
      if fetched { state.fetchedAt = Date() }
      state.error = error
    }
  }

  /// Stops fetching and ends the monitor's thread.
  public func stop() {
    periodic?.cancel()
    periodic = nil
    executor.stop()
  }
}
