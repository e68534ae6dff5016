import Hummingbird
import HummingbirdCore
import NIOCore

/// Closes a connection that holds the server without using it, so that a
/// client without the token cannot starve the collector by opening many
/// connections and sending half a request header each (docs/app.md, "Safe by default"):
///
/// - a request's header must arrive within ``ServerConfiguration/headerTimeout``
///   of the connection opening;
/// - between requests, the next header must arrive within
///   ``ServerConfiguration/idleTimeout`` of the last response's end.
///
/// A request whose header arrived is not timed here: a long upload or the
/// open `/api/events` stream stay open; Hummingbird's own idle timeout
/// (the same ``ServerConfiguration/idleTimeout``) closes one whose body stalls.
final class ConnectionDeadlines: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTP1Channel.Value.InboundPart
  typealias InboundOut = HTTP1Channel.Value.InboundPart
  typealias OutboundIn = HTTP1Channel.Value.OutboundPart
  typealias OutboundOut = HTTP1Channel.Value.OutboundPart

  private let headerTimeout: TimeAmount
  private let idleTimeout: TimeAmount
  private var deadline: Scheduled<Void>?

  init(headerTimeout: TimeAmount, idleTimeout: TimeAmount) {
    self.headerTimeout = headerTimeout
    self.idleTimeout = idleTimeout
  }

  func handlerAdded(context: ChannelHandlerContext) {
    if context.channel.isActive { arm(headerTimeout, context: context) }
  }

  func channelActive(context: ChannelHandlerContext) {
    if deadline == nil { arm(headerTimeout, context: context) }
    context.fireChannelActive()
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    deadline?.cancel()
    deadline = nil
  }

  func channelInactive(context: ChannelHandlerContext) {
    deadline?.cancel()
    deadline = nil
    context.fireChannelInactive()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    if case .head = unwrapInboundIn(data) {
      deadline?.cancel()
      deadline = nil
    }
    context.fireChannelRead(data)
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    if case .end = unwrapOutboundIn(data) { arm(idleTimeout, context: context) }
    context.write(data, promise: promise)
  }

  private func arm(_ timeout: TimeAmount, context: ChannelHandlerContext) {
    deadline?.cancel()
    deadline = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) {
      context.close(promise: nil)
    }
  }
}

// HTTP/1's request and response parts, named through the channel type
// Hummingbird exposes (their own module is not a dependency of this one).
extension NIOAsyncChannel {
  typealias InboundPart = Inbound
  typealias OutboundPart = Outbound
}
