#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Serialised JSON being written: one allocation, grown by doubling and
/// appended to with plain memory copies.
///
/// `rk list --json` appends hundreds of small pieces per album; an `Array`
/// checks its uniqueness and capacity in a call of its own for each, which
/// cost as much as the copying itself.
public struct JSONOutput: ~Copyable {
  private var base: UnsafeMutablePointer<UInt8>
  /// How many bytes have been written.
  public private(set) var count = 0
  private var capacity: Int

  /// An empty output with room for `capacity` bytes before it grows.
  public init(capacity: Int = 256) {
    self.capacity = max(16, capacity)
    base = .allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  /// The bytes written, handed over without a copy.
  public consuming func finish() -> JSONChunk {
    let chunk = JSONChunk(base: base, count: count)
    discard self
    return chunk
  }

  /// The bytes written, copied into an array.
  public var bytes: [UInt8] { [UInt8](UnsafeBufferPointer(start: base, count: count)) }

  /// Room for at least `needed` more bytes, returned as where they go; then
  /// ``advance(by:)`` says how many were written there.
  @inline(__always)
  mutating func reserve(_ needed: Int) -> UnsafeMutablePointer<UInt8> {
    if count + needed > capacity { grow(to: count + needed) }
    return base + count
  }

  /// Counts `written` bytes put where ``reserve(_:)`` said.
  @inline(__always)
  mutating func advance(by written: Int) { count += written }

  private mutating func grow(to needed: Int) {
    var newCapacity = capacity * 2
    while newCapacity < needed { newCapacity *= 2 }
    let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newBase.update(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }

  /// Appends `byteCount` bytes from `source`.
  @inline(__always)
  mutating func append(_ source: UnsafeRawPointer, byteCount: Int) {
    let target = reserve(byteCount)
    memcpy(target, source, byteCount)
    count += byteCount
  }

  /// Appends one byte.
  @inline(__always)
  public mutating func append(_ byte: UInt8) {
    reserve(1).pointee = byte
    count += 1
  }

  /// Appends `text` as it is: JSON punctuation and keys that need no escape.
  @inline(__always)
  public mutating func append(_ text: StaticString) {
    append(text.utf8Start, byteCount: text.utf8CodeUnitCount)
  }

  /// Appends `count` spaces.
  @inline(__always)
  mutating func indent(_ count: Int) {
    memset(reserve(count), 0x20, count)
    self.count += count
  }
}

/// Serialised JSON that ``JSONOutput/finish()`` handed over: its bytes in
/// their own allocation, read-only from then on.
public final class JSONChunk: Sendable {
  // Safe to share: the bytes are all written before init and never after,
  // and freed only in deinit, when no one can read them any more.
  private nonisolated(unsafe) let base: UnsafeMutablePointer<UInt8>
  /// How many bytes there are.
  public let count: Int

  fileprivate init(base: UnsafeMutablePointer<UInt8>, count: Int) {
    self.base = base
    self.count = count
  }

  deinit { base.deallocate() }

  /// Calls `body` with the bytes, valid only during the call.
  public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
    try body(UnsafeRawBufferPointer(start: base, count: count))
  }

  /// The bytes, copied into an array.
  public var bytes: [UInt8] { [UInt8](UnsafeBufferPointer(start: base, count: count)) }
}
