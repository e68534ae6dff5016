import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

extension System {
  /// The non-nil results of `transform` for every index in `0..<count`, in
  /// no particular order, computed on every core into one array of exactly
  /// their number: loading keeps no second array of every album, whose
  /// copy was a fifth of the peak at 100k.
  package static func concurrentCompactMap<T: Sendable>(_ count: Int, _ transform: @Sendable (Int) -> T?) -> [T] {
    let workers = min(count, coreCount * 4)
    guard workers > 1 else { return (0..<count).compactMap(transform) }
    let filled = Atomic<Int>(0)
    var results = [T](unsafeUninitializedCapacity: count) { buffer, initialized in
      // Safe to share: each slot is claimed by exactly one worker through
      // the atomic counter, and nothing reads the buffer until
      // concurrentPerform has returned.
      nonisolated(unsafe) let slots = buffer
      DispatchQueue.concurrentPerform(iterations: workers) { worker in
        for index in stride(from: worker, to: count, by: workers) {
          guard let value = transform(index) else { continue }
          let slot = filled.add(1, ordering: .relaxed).oldValue
          slots.initializeElement(at: slot, to: value)
        }
      }
      initialized = filled.load(ordering: .relaxed)
    }
    // Give back the slots of the albums that could not be read, when many could not.
    if results.count < count / 2 { results = results.withUnsafeBufferPointer { Array($0) } }
    return results
  }
}

extension System {
  /// Has the allocator grow its heaps 32 MiB at a time instead of 128 KiB:
  /// loading makes millions of small values on every core, and growing each
  /// thread's heap page by page (thousands of `mprotect` calls) was a tenth
  /// of a cached query's time. Pages still cost memory only once they are used.
  /// Only heaps made afterwards grow so: `rk` calls it first thing, loading again.
  package static func growHeapInLargeSteps() {
    #if canImport(Glibc)
      // glibc's mallopt(M_TOP_PAD, …), looked up because the Glibc module leaves malloc.h out.
      typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
      guard let symbol = dlsym(nil, "mallopt") else { return }
      let topPad: Int32 = -2
      _ = unsafeBitCast(symbol, to: Mallopt.self)(topPad, 32 << 20)
    #endif
  }
}
