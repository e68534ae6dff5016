#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs other programs: the one place `rk` starts a process (the editor, the
/// pager, git, the `rk-cover` and `rk-lookup` helpers), through `posix_spawn`,
/// or becomes one (`rk serve` is `rk-serve`), through `execv`.
///
/// Every child starts with an empty signal mask and the default action for
/// the signals a program expects to receive (`SIGINT`, `SIGTERM`, `SIGPIPE`…),
/// whatever the spawning thread had: Swift's concurrency threads block most
/// signals, and a child that inherited that mask ignored `SIGTERM`. Nothing
/// is put in a process group of its own, so a child on the terminal stays in
/// the terminal's foreground group.
///
/// Not swiftlang/swift-subprocess (1.0.2, checked for issue 33): it covers
/// the environment, the working folder, piped input and output, streaming,
/// the exit status and signals, but (1) its API is `async` only, and every
/// caller here (git, the helpers, the editor and pager) is synchronous code
/// that would have to become async or block a thread on a task; (2) it
/// closes every descriptor but 0-2 in the child, and has no way to hand
/// one on, which `--notices 3` (``run(_:_:environment:input:noticesDescriptor:)``)
/// needs; (3) it cannot replace this process (`rk serve` execs `rk-serve`),
/// nor hold the child's input open as the parent-death signal
/// (``exitWhenParentDies()``); (4) it starts a monitor thread in `rk`
/// (and a SIGCHLD handler on kernels without pidfd), and brings
/// swift-system into every `rk` start. What stays is POSIX spawning alone.
package enum Subprocess {
  /// How a process ended.
  package enum Termination: Equatable, Sendable {
    /// It exited with this status.
    case exited(Int32)
    /// A signal ended it.
    case signalled(Int32)
  }

  /// What a captured run produced.
  package struct Output: Sendable {
    package var termination: Termination
    /// Everything written to standard output.
    package var output: [UInt8]
    /// Everything written to standard error.
    package var errors: [UInt8]
  }

  /// Runs `executable` (a path, or a name looked up in `$PATH`) with
  /// `arguments`, collecting its standard output and error, and waits for
  /// it to end.
  ///
  /// Its standard input is a pipe. Without `input`, this process holds it
  /// open until the child has ended and never writes to it: a child can
  /// tell this process has died, even by `SIGKILL`, when reading it reports
  /// end of file (see ``exitWhenParentDies()``). With `input`, the bytes are
  /// written to it (while its output is read, so neither side waits on the
  /// other) and then it is closed.
  ///
  /// With `noticesDescriptor`, the child also gets this process's own
  /// standard error as that descriptor (3 or more), for what it must say
  /// while it runs (a helper's "retrying in 60 s").
  package static func run(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil, input bytes: [UInt8]? = nil,
    noticesDescriptor: Int32? = nil
  ) throws(ProcessError) -> Output {
    // Made one after the other; each is closed on every way out (the input's
    // writing end by `drain` when it feeds the child, else here).
    let input = try makePipe()
    var holdsInput = true
    defer { if holdsInput { close(input.write) } }
    let output: (read: Int32, write: Int32)
    do throws(ProcessError) { output = try makePipe() } catch {
      close(input.read)
      throw error
    }
    let errors: (read: Int32, write: Int32)
    do throws(ProcessError) { errors = try makePipe() } catch {
      for descriptor in [input.read, output.read, output.write] { close(descriptor) }
      throw error
    }
    let pid: pid_t
    do {
      pid = try spawn(
        executable, arguments, environment: environment, standardStreams: (input.read, output.write, errors.write),
        notices: noticesDescriptor)
    } catch {
      for descriptor in [input.read, output.read, output.write, errors.read, errors.write] { close(descriptor) }
      throw error
    }
    for descriptor in [input.read, output.write, errors.write] { close(descriptor) }
    holdsInput = bytes == nil
    let (stdout, stderr) = drain(output.read, errors.read, feeding: bytes.map { (input.write, $0) })
    close(output.read)
    close(errors.read)
    return Output(termination: try wait(for: pid, executable: executable), output: stdout, errors: stderr)
  }

  /// Runs `executable` on this process's own standard input, output and
  /// error, in the foreground process group (so a terminal program such as
  /// an editor can read the keyboard), and waits for it to end.
  ///
  /// While it runs, this process ignores `SIGINT` and `SIGQUIT`, as git does
  /// around the editor: Ctrl-C reaches the child (which decides what it
  /// means), and the caller lives on to clean up after it.
  package static func runInForeground(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil
  ) throws(ProcessError) -> Termination {
    var ignore = sigaction()
    ignore.__sigaction_handler.sa_handler = SIG_IGN
    var oldInterrupt = sigaction()
    var oldQuit = sigaction()
    sigaction(SIGINT, &ignore, &oldInterrupt)
    sigaction(SIGQUIT, &ignore, &oldQuit)
    defer {
      sigaction(SIGINT, &oldInterrupt, nil)
      sigaction(SIGQUIT, &oldQuit, nil)
    }
    let pid = try spawn(executable, arguments, environment: environment, standardStreams: nil)
    return try wait(for: pid, executable: executable)
  }

  /// Runs `executable` with `input` written to its standard input and this
  /// process's own standard output and error, in the foreground process
  /// group (a pager must be, or the terminal stops it the moment it reads a
  /// key), and waits for it to end. A child that stops reading early (a
  /// person quitting the pager) is not an error.
  package static func runFeeding(
    _ executable: String, _ arguments: [String], input bytes: [UInt8]
  ) throws(ProcessError) -> Termination {
    let input = try makePipe()
    let pid: pid_t
    do {
      pid = try spawn(executable, arguments, environment: nil, standardStreams: (input.read, STDOUT_FILENO, STDERR_FILENO))
    } catch {
      close(input.read)
      close(input.write)
      throw error
    }
    close(input.read)
    // A reader gone early must end the writing with EPIPE, not end rk.
    signal(SIGPIPE, SIG_IGN)
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { write(input.write, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        break
      }
      offset += written
    }
    close(input.write)
    return try wait(for: pid, executable: executable)
  }

  /// Replaces this process with `executable` (a path) run with `arguments`,
  /// keeping its pid, terminal and standard streams: how `rk serve` becomes
  /// `rk-serve`. The program starts as a spawned child does, with an empty
  /// signal mask and the default action for ``defaultedSignals``. Returns
  /// only when it could not be run, with why; this process should then end.
  package static func replaceProcess(with executable: String, _ arguments: [String]) -> ProcessError {
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    pthread_sigmask(SIG_SETMASK, &unblocked, nil)
    for number in defaultedSignals { signal(number, SIG_DFL) }
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    execv(executable, argv)
    return .cannotStart(path: executable, code: errno)
  }

  /// The signals every program rk starts gets with their default action,
  /// whatever this process does with them.
  static let defaultedSignals = [
    SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGPIPE, SIGCHLD, SIGALRM, SIGUSR1, SIGUSR2, SIGTSTP, SIGTTIN, SIGTTOU,
  ]

  /// The start of a helper executable (`rk-cover`, `rk-lookup`): whatever
  /// signal mask and handlers it was started with, SIGTERM and SIGINT end
  /// it, and it ends when the `rk` that started it ends, even by SIGKILL.
  package static func startHelper() {
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    pthread_sigmask(SIG_SETMASK, &unblocked, nil)
    signal(SIGTERM, SIG_DFL)
    signal(SIGINT, SIG_DFL)
    exitWhenParentDies()
  }

  /// Ends a helper executable with `message` on standard error and status 1:
  /// `rk` shows the collector that sentence.
  package static func failHelper(_ message: String) -> Never {
    let bytes = Array((message + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(1)
  }

  /// Makes this process end when the one that started it with ``run(_:_:environment:)``
  /// does: watches standard input, the pipe that process holds, and exits
  /// with status 143 (as for `SIGTERM`) when it reports end of file. Does
  /// nothing when standard input is not a pipe (a person running the
  /// program by hand).
  package static func exitWhenParentDies() {
    var info = stat()
    guard fstat(STDIN_FILENO, &info) == 0, FileKind(mode: info.st_mode) == .fifo else { return }
    // Already gone: stop before doing any work.
    var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    if poll(&descriptor, 1, 0) > 0 { exitIfEndOfInput() }
    var thread = pthread_t()
    _ = pthread_create(&thread, nil, watchStandardInput, nil)
  }

  /// Reads standard input and exits when it is at its end (or failing);
  /// stray bytes are read and dropped.
  fileprivate static func exitIfEndOfInput() {
    var byte: UInt8 = 0
    let count = read(STDIN_FILENO, &byte, 1)
    if count == 0 || (count < 0 && errno != EINTR && errno != EAGAIN) { _exit(143) }
  }

  // MARK: - Spawning

  private static func makePipe() throws(ProcessError) -> (read: Int32, write: Int32) {
    var descriptors: [Int32] = [0, 0]
    guard pipe(&descriptors) == 0 else { throw .pipe(code: errno) }
    // Close-on-exec, so no other child inherits them and holds them open.
    // (pipe2 is not visible to Swift; rk starts processes from one thread.)
    for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    return (descriptors[0], descriptors[1])
  }

  /// Starts the process. `standardStreams`, when given, become its
  /// descriptors 0, 1 and 2; otherwise it shares this process's.
  private static func spawn(
    _ executable: String, _ arguments: [String], environment: [String: String]?,
    standardStreams: (Int32, Int32, Int32)?, notices: Int32? = nil
  ) throws(ProcessError) -> pid_t {
    #if os(Linux)
      var actions = posix_spawn_file_actions_t()
      var attributes = posix_spawnattr_t()
    #else
      var actions: posix_spawn_file_actions_t?
      var attributes: posix_spawnattr_t?
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    if let (input, output, errors) = standardStreams {
      // dup2 clears close-on-exec on the copies only.
      posix_spawn_file_actions_adddup2(&actions, input, STDIN_FILENO)
      posix_spawn_file_actions_adddup2(&actions, output, STDOUT_FILENO)
      posix_spawn_file_actions_adddup2(&actions, errors, STDERR_FILENO)
    }
    // A close-on-exec copy of standard error, made here so that it is none
    // of the descriptors above: the child's own copy is `notices`.
    let errorCopy = notices == nil ? -1 : fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 10)
    defer { if errorCopy >= 0 { close(errorCopy) } }
    if let notices {
      // Without a standard error to share, the descriptor still is one the
      // child may write to, never another file it happened to inherit.
      if errorCopy >= 0 {
        posix_spawn_file_actions_adddup2(&actions, errorCopy, notices)
      } else {
        posix_spawn_file_actions_addopen(&actions, notices, "/dev/null", O_WRONLY, 0)
      }
    }
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigmask(&attributes, &mask)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in defaultedSignals { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    let environmentStrings = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
    defer { for entry in environmentStrings ?? [] { free(entry) } }
    var pid = pid_t()
    let result =
      if let environmentStrings {
        posix_spawnp(&pid, executable, &actions, &attributes, argv, environmentStrings)
      } else {
        posix_spawnp(&pid, executable, &actions, &attributes, argv, environ)
      }
    guard result == 0 else { throw .cannotStart(path: executable, code: result) }
    return pid
  }

  /// Reads two pipes to their ends at once, so neither can fill and block
  /// the child, while writing `feeding`'s bytes to its descriptor, which is
  /// closed once they are written or the child stops reading.
  private static func drain(_ first: Int32, _ second: Int32, feeding: (descriptor: Int32, bytes: [UInt8])?) -> ([UInt8], [UInt8]) {
    var collected: [[UInt8]] = [[], []]
    var open = [first, second]
    var buffer = [UInt8](repeating: 0, count: 65_536)
    var feed = feeding?.descriptor ?? -1
    var fed = 0
    // A child that stops reading makes a write raise SIGPIPE, which would end
    // rk: blocked on this thread while feeding, and one raised taken back.
    var pipeSignal = sigset_t()
    sigemptyset(&pipeSignal)
    sigaddset(&pipeSignal, SIGPIPE)
    var previousMask = sigset_t()
    if feed >= 0 { pthread_sigmask(SIG_BLOCK, &pipeSignal, &previousMask) }
    defer {
      if feeding != nil {
        var pending = sigset_t()
        if sigpending(&pending) == 0, sigismember(&pending, SIGPIPE) == 1 {
          var zero = timespec()
          _ = sigtimedwait(&pipeSignal, nil, &zero)
        }
        pthread_sigmask(SIG_SETMASK, &previousMask, nil)
      }
    }
    func stopFeeding() {
      close(feed)
      feed = -1
    }
    if let feeding, feeding.bytes.isEmpty { stopFeeding() }
    while open.contains(where: { $0 >= 0 }) || feed >= 0 {
      var descriptors = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      descriptors.append(pollfd(fd: feed, events: Int16(POLLOUT), revents: 0))
      let ready = poll(&descriptors, nfds_t(descriptors.count), -1)
      if ready < 0 {
        if errno == EINTR { continue }
        if feed >= 0 { stopFeeding() }
        break
      }
      if feed >= 0, descriptors[2].revents != 0, let bytes = feeding?.bytes {
        // POLLOUT promises room for PIPE_BUF (4096 on Linux) bytes: a write
        // of no more never blocks.
        let count = bytes[fed...].prefix(4096).withUnsafeBytes { write(feed, $0.baseAddress, $0.count) }
        if count > 0 { fed += count }
        if fed == bytes.count || (count < 0 && errno != EINTR && errno != EAGAIN) { stopFeeding() }
      }
      for index in open.indices where open[index] >= 0 && descriptors[index].revents != 0 {
        let count = buffer.withUnsafeMutableBytes { read(open[index], $0.baseAddress, $0.count) }
        if count > 0 {
          collected[index] += buffer[..<count]
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
          open[index] = -1
        }
      }
    }
    return (collected[0], collected[1])
  }

  private static func wait(for pid: pid_t, executable: String) throws(ProcessError) -> Termination {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { throw .wait(path: executable, code: errno) }
    }
    // WIFEXITED and friends are macros Swift cannot call.
    let signal = status & 0x7F
    return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
  }
}

/// The thread of ``Subprocess/exitWhenParentDies()``: it waits for standard
/// input to be readable, for ever.
private func watchStandardInput(_: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
  while true {
    var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    if poll(&descriptor, 1, -1) > 0 { Subprocess.exitIfEndOfInput() }
  }
}

/// Why a process could not be run. The process did not start, or its end
/// could not be learned.
package enum ProcessError: Error, Equatable, Sendable, CustomStringConvertible {
  /// `posix_spawn` failed for the program at `path` with this `errno`.
  case cannotStart(path: String, code: Int32)
  /// A pipe to talk to the process could not be made.
  case pipe(code: Int32)
  /// Waiting for the program failed with this `errno`.
  case wait(path: String, code: Int32)

  package var description: String {
    switch self {
    case .cannotStart(let path, let code):
      let advice = code == ENOENT ? "; check that it is installed and on $PATH" : code == EACCES ? "; check that it is executable" : ""
      return "cannot run \(path): \(String(cString: strerror(code)))\(advice)"
    case .pipe(let code):
      return "cannot make a pipe to run a program: \(String(cString: strerror(code)))"
        + (FileSystemError.advice(for: code).map { "; \($0)" } ?? "")
    case .wait(let path, let code):
      return "cannot wait for \(path) to finish: \(String(cString: strerror(code)))"
    }
  }
}
