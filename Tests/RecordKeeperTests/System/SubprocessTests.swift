import Foundation
import Testing

@testable import RecordKeeper

@Suite("Running processes")
struct SubprocessTests {
  @Test func collectsOutputErrorsAndStatus() throws {
    let result = try Subprocess.run("/bin/sh", ["-c", "printf out; printf err >&2; exit 3"])
    #expect(result.termination == .exited(3))
    #expect(result.output == Array("out".utf8))
    #expect(result.errors == Array("err".utf8))
  }

  @Test func largeOutputOnBothStreamsDoesNotBlock() throws {
    let result = try Subprocess.run("/bin/sh", ["-c", "head -c 300000 /dev/zero; head -c 300000 /dev/zero >&2"])
    #expect(result.termination == .exited(0))
    #expect(result.output.count == 300_000)
    #expect(result.errors.count == 300_000)
  }

  /// Input larger than a pipe holds goes in while the output comes out, so
  /// neither side waits on the other for ever.
  @Test func largeInputIsFedWhileTheOutputIsRead() throws {
    let input = (0..<300_000).map { UInt8(truncatingIfNeeded: $0) }
    let result = try Subprocess.run("/bin/sh", ["-c", "cat; cat /dev/null >&2"], input: input)
    #expect(result.termination == .exited(0))
    #expect(result.output == input)
  }

  /// A child that never reads what it is fed ends as it chose, and the
  /// SIGPIPE of writing to it does not end this process.
  @Test func aChildThatDoesNotReadItsInputIsNoError() throws {
    let result = try Subprocess.run("/bin/sh", ["-c", "exec 0<&-; printf done; exit 3"], input: Array(repeating: 7, count: 1_000_000))
    #expect(result.termination == .exited(3))
    #expect(result.output == Array("done".utf8))
    var pending = sigset_t()
    sigpending(&pending)
    #expect(sigismember(&pending, SIGPIPE) == 0)
  }

  @Test func aSignalIsReported() throws {
    let result = try Subprocess.run("/bin/sh", ["-c", "kill -TERM $$"])
    #expect(result.termination == .signalled(SIGTERM))
  }

  @Test func environmentAndPathLookUp() throws {
    let result = try Subprocess.run("sh", ["-c", "printf %s \"$RK_TEST\""], environment: ["RK_TEST": "value", "PATH": "/usr/bin:/bin"])
    #expect(result.output == Array("value".utf8))
  }

  @Test func aMissingProgramIsReportedWithItsPathAndErrno() throws {
    let error = try #require(throws: ProcessError.self) { try Subprocess.run("/nowhere/rk-cover", []) }
    #expect(error == .cannotStart(path: "/nowhere/rk-cover", code: ENOENT))
    #expect(error.description == "cannot run /nowhere/rk-cover: No such file or directory; check that it is installed and on $PATH")
  }

  /// The child gets an empty signal mask and default handlers whatever the
  /// spawning thread had: a helper started from a thread that blocks
  /// SIGTERM (as Swift's concurrency threads do) used to ignore SIGTERM.
  @Test func childrenStartWithNoBlockedOrIgnoredSignals() throws {
    nonisolated(unsafe) var status: [String] = []
    nonisolated(unsafe) var failure: (any Error)?
    let thread = Thread {
      var blocked = sigset_t()
      sigfillset(&blocked)
      pthread_sigmask(SIG_SETMASK, &blocked, nil)
      do {
        let result = try Subprocess.run("/bin/sh", ["-c", "grep -E '^Sig(Blk|Ign)' /proc/self/status"])
        status = String(decoding: result.output, as: UTF8.self).split(separator: "\n").map(String.init)
      } catch {
        failure = error
      }
    }
    let ignoring = signal(SIGTERM, SIG_IGN)
    defer { signal(SIGTERM, ignoring) }
    thread.start()
    while !thread.isFinished { usleep(1000) }
    #expect(failure == nil)
    let masks = Dictionary(
      uniqueKeysWithValues: status.map { line in
        let parts = line.split(separator: ":")
        return (String(parts[0]), UInt64(parts[1].trimmingCharacters(in: .whitespaces), radix: 16) ?? .max)
      })
    #expect(masks["SigBlk"] == 0, "\(status)")
    let term: UInt64 = 1 << (UInt64(SIGTERM) - 1)
    let interrupt: UInt64 = 1 << (UInt64(SIGINT) - 1)
    #expect((masks["SigIgn"] ?? .max) & (term | interrupt) == 0, "\(status)")
  }

  /// Issue 22.3: the pager starts as every child does (it skipped the
  /// signal-mask reset), and reads what it is fed.
  @Test func aFedChildReadsItsInputWithNoBlockedSignals() throws {
    let folder = try FileSystem.makeTemporaryFolder(prefix: "rk-feed-")
    defer { FileSystem.removeTree(folder) }
    var blocked = sigset_t()
    sigemptyset(&blocked)
    sigaddset(&blocked, SIGTERM)
    var old = sigset_t()
    pthread_sigmask(SIG_BLOCK, &blocked, &old)
    defer { pthread_sigmask(SIG_SETMASK, &old, nil) }
    let script = "cat > \"$1/out\"; grep '^SigBlk' /proc/self/status > \"$1/mask\""
    let ended = try Subprocess.runFeeding("/bin/sh", ["-c", script, "sh", folder], input: Array("page\n".utf8))
    #expect(ended == .exited(0))
    #expect(try String(contentsOfFile: folder + "/out", encoding: .utf8) == "page\n")
    let mask = try String(contentsOfFile: folder + "/mask", encoding: .utf8)
    #expect(
      mask.split(separator: ":").last.flatMap { UInt64($0.trimmingCharacters(in: .whitespacesAndNewlines), radix: 16) } == 0, "\(mask)")
  }
}

@Suite("Spreading work over the cores")
struct ConcurrentMapTests {
  @Test(arguments: [0, 1, 2, 7, 1000])
  func resultsComeInIndexOrder(count: Int) {
    #expect(System.concurrentMap(count) { $0 * $0 } == (0..<count).map { $0 * $0 })
  }
}
