import Foundation
import RecordKeeper
import Synchronization

/// What `/api/events` tells the open apps.
public enum ServerEvent: Hashable, Sendable {
  /// These albums changed, appeared or went away (on disk or through the API).
  case change(ids: [String])
  /// Something that affects every album changed (the sort setting, or more
  /// than could be followed album by album): load everything again.
  case reload
  /// Where the collection stands against its remote may have changed (a
  /// fetch, a sync, a resolved conflict, a commit): ask `/api/sync` again.
  case sync

  /// The event as Server-Sent Events text.
  var text: String {
    switch self {
    case .change(let ids):
      // One line: a line break would end the event's data.
      let list = ids.map { JSONValue.string($0).serialized() }.joined(separator: ", ")
      return "event: change\ndata: {\"ids\": [\(list)]}\n\n"
    case .reload:
      return "event: reload\ndata: {}\n\n"
    case .sync:
      return "event: sync\ndata: {}\n\n"
    }
  }
}

/// Hands every ``ServerEvent`` to every listener (each open `/api/events`).
public final class ServerEvents: Sendable {
  private let listeners = Mutex<[UUID: AsyncStream<ServerEvent>.Continuation]>([:])

  public init() {}

  /// A stream of the events from now on; it ends when the listener stops
  /// iterating it (the connection closed).
  public func subscribe() -> AsyncStream<ServerEvent> {
    let (stream, continuation) = AsyncStream.makeStream(of: ServerEvent.self, bufferingPolicy: .bufferingNewest(256))
    let id = UUID()
    listeners.withLock { $0[id] = continuation }
    continuation.onTermination = { [weak self] _ in
      _ = self?.listeners.withLock { $0.removeValue(forKey: id) }
    }
    return stream
  }

  /// Sends `event` to every listener.
  public func publish(_ event: ServerEvent) {
    for continuation in listeners.withLock({ Array($0.values) }) { continuation.yield(event) }
  }

  /// Ends every listener's stream (the server is stopping).
  public func finishAll() {
    for continuation in listeners.withLock({ Array($0.values) }) { continuation.finish() }
  }
}
