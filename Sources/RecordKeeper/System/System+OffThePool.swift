import Foundation

extension System {
  /// Runs `work`, which blocks (libvips, a helper process, the disk), on a
  /// thread of its own and waits for it without holding a thread of Swift's
  /// cooperative pool: in `rk serve` that pool has one thread a core, and
  /// every request needs them. The one way rk leaves the pool for a piece of
  /// work (``CollectionService``'s actor has a thread of its own for good).
  package static func offThePool<Value: Sendable, Failure: Error>(
    _ work: @escaping @Sendable () throws(Failure) -> Value
  ) async throws(Failure) -> Value {
    let result: Result<Value, Failure> = await withCheckedContinuation { continuation in
      Thread.detachNewThread { continuation.resume(returning: Result { () throws(Failure) in try work() }) }
    }
    return try result.get()
  }
}
