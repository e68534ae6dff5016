import RecordKeeper
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Keeps requests to a service at least `interval` seconds apart across
/// every `rk` process of the user, not only within one.
///
/// The file holds the time (seconds since 1970) of the latest request any
/// process sent, moved on to when its answer came in. A request may go when that is `interval` ago: under an
/// exclusive `flock` on the file it checks, and either writes the present
/// time and goes at once, or lets go of the lock and sleeps until then and
/// checks again. The lock is held for microseconds, never across a wait,
/// and what the file says is when requests went, not when they meant to: a
/// process that wakes late cannot send two requests within the interval.
public struct RequestSpacing: Sendable {
  /// The file (`$XDG_CACHE_HOME/rk/musicbrainz.last`).
  public let path: String
  public let interval: Double

  public init(path: String, interval: Double) {
    self.path = path
    self.interval = interval
  }

  /// Waits until a request may go: `interval` after the previous one of any
  /// process, and not before `notBefore` (a 503's Retry-After). Without a
  /// usable file (a read-only cache) requests are spaced within this
  /// process only.
  public func wait(notBefore: Double = 0) async throws(CancellationError) {
    while true {
      let delay = take(notBefore: notBefore)
      if delay <= 0 { return }
      do { try await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000)) } catch { throw CancellationError() }
    }
  }

  /// Takes the present moment for a request and returns 0, or returns how
  /// long to wait before asking again.
  func take(notBefore: Double) -> Double {
    withLastTime(local: { $0.take(interval: interval, notBefore: notBefore) }) { last, now in
      let allowed = max(last + interval, notBefore)
      return now >= allowed ? (0, now) : (allowed - now, nil)
    }
  }

  /// Moves the latest request's time to now, once its answer is in: the
  /// next request then goes `interval` after this one *arrived* at the
  /// service, however long the network or a busy machine delayed it.
  public func answered() {
    _ = withLastTime(local: { $0.answered() }) { last, now in (0, max(last, now)) }
  }

  /// Runs `body` with the file's time and the present one under an
  /// exclusive `flock`, and writes the time it returns (if any).
  private func withLastTime(local: (LocalSlots) -> Double, _ body: (_ last: Double, _ now: Double) -> (Double, Double?)) -> Double {
    let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
    try? FileSystem.makeFolders(folder, mode: 0o700)
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return local(LocalSlots.shared) }
    defer { close(descriptor) }
    while flock(descriptor, LOCK_EX) != 0 {
      guard errno == EINTR else { return local(LocalSlots.shared) }
    }
    defer { flock(descriptor, LOCK_UN) }
    var buffer = [UInt8](repeating: 0, count: 64)
    let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
    let previous = count > 0 ? Double(String(decoding: buffer[..<count], as: UTF8.self).trimmed) : nil
    let now = Self.now()
    // A time in the future is a clock that was set back, or a broken file.
    let last = previous.flatMap { $0 <= now ? $0 : nil } ?? 0
    let (delay, written) = body(last, now)
    if let written {
      let text = Array(String(written).utf8)
      _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
      _ = ftruncate(descriptor, off_t(text.count))
    }
    return delay
  }

  /// Wall-clock seconds: the one clock every process shares.
  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
  }
}

/// The same within this process, for when the file cannot be used.
final class LocalSlots: Sendable {
  static let shared = LocalSlots()
  // A Mutex from Synchronization keeps the last time safe across threads.
  private let last = Mutex<Double>(0)

  func take(interval: Double, notBefore: Double) -> Double {
    last.withLock { last in
      let now = RequestSpacing.now()
      let allowed = max(last + interval, notBefore)
      guard now >= allowed else { return allowed - now }
      last = now
      return 0
    }
  }

  func answered() -> Double {
    last.withLock { $0 = max($0, RequestSpacing.now()) }
    return 0
  }
}
