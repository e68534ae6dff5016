import Dispatch
import Foundation
import Synchronization

/// A serial executor that runs its jobs one after another on a thread of its
/// own.
///
/// ``CollectionService`` runs on it because its work blocks: the collection
/// lock, the disk and libgit2. On Swift's cooperative pool (one thread per
/// core, two here) a blocked git commit would stall every other request;
/// on this thread it stalls only the next change, which has to wait anyway.
final class ThreadExecutor: SerialExecutor {
  private enum Item: Sendable {
    case job(UnownedJob)
    case stop
  }

  private let queue = Mutex<[Item]>([])
  private let ready = DispatchSemaphore(value: 0)

  init(name: String) {
    let thread = Thread { [self] in self.run() }
    thread.name = name
    thread.start()
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.withLock { $0.append(.job(job)) }
    ready.signal()
  }

  func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }

  /// Ends the thread once the jobs enqueued so far have run.
  func stop() {
    queue.withLock { $0.append(.stop) }
    ready.signal()
  }

  private func run() {
    while true {
      ready.wait()
      let item = queue.withLock { $0.removeFirst() }
      switch item {
      case .job(let job): job.runSynchronously(on: asUnownedSerialExecutor())
      case .stop: return
      }
    }
  }
}
