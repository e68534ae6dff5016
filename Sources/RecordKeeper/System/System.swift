import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The machine rk runs on, and the one way rk spreads work over its cores.
package enum System {
  /// How many cores are online.
  package static let coreCount = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

  /// `transform` of every index in `0..<count`, in index order, computed on
  /// every core: each of up to four workers per core takes every n-th index
  /// (so uneven work, such as folders of very different sizes, evens out).
  ///
  /// Used for loading a collection level by level and for searching large
  /// collections; one or no index is computed right here.
  package static func concurrentMap<T: Sendable>(_ count: Int, _ transform: @Sendable (Int) -> T) -> [T] {
    guard count > 1 else { return count == 1 ? [transform(0)] : [] }
    let workers = min(count, coreCount * 4)
    return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
      // Safe to share: the strides partition the indices, so each slot is
      // written by exactly one worker, and nothing reads the buffer until
      // concurrentPerform has returned.
      nonisolated(unsafe) let slots = buffer
      DispatchQueue.concurrentPerform(iterations: workers) { worker in
        for index in stride(from: worker, to: count, by: workers) {
          slots.initializeElement(at: index, to: transform(index))
        }
      }
      initialized = count
    }
  }
}
