import Foundation
import TestSupport

/// `git http-backend` behind Python's http.server on a free loopback port,
/// serving the bare repositories in a folder over plain http (the https
/// code path of libgit2 without TLS, which a test cannot trust without a
/// certificate authority of its own). With a token, every request must
/// carry it as the Basic password. Stopped when the value goes away.
final class HTTPGitServer {
  static let script = #"""
    import base64, http.server, os, subprocess, sys
    root, token = sys.argv[1], sys.argv[2]

    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_GET(self):
            self.serve()

        def do_POST(self):
            self.serve()

        def body(self):
            if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
                data = b""
                while True:
                    size = int(self.rfile.readline().strip(), 16)
                    if size == 0:
                        self.rfile.readline()
                        return data
                    data += self.rfile.read(size)
                    self.rfile.readline()
            return self.rfile.read(int(self.headers.get("Content-Length") or 0))

        def serve(self):
            body = self.body()
            if token:
                auth = self.headers.get("Authorization", "")
                given = base64.b64decode(auth[6:]).decode().split(":", 1)[-1] if auth.startswith("Basic ") else None
                if given != token:
                    self.send_response(401)
                    self.send_header("WWW-Authenticate", 'Basic realm="records"')
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
            path, _, query = self.path.partition("?")
            env = dict(os.environ, GIT_PROJECT_ROOT=root, GIT_HTTP_EXPORT_ALL="1", PATH_INFO=path,
                       QUERY_STRING=query, REQUEST_METHOD=self.command, REMOTE_USER="collector",
                       REMOTE_ADDR="127.0.0.1", CONTENT_TYPE=self.headers.get("Content-Type", ""),
                       CONTENT_LENGTH=str(len(body)), HTTP_CONTENT_ENCODING=self.headers.get("Content-Encoding", ""))
            out = subprocess.run(["git", "http-backend"], input=body, env=env, capture_output=True).stdout
            head, _, rest = out.partition(b"\r\n\r\n")
            status, headers = 200, []
            for line in head.split(b"\r\n"):
                name, _, value = line.decode().partition(":")
                if name.lower() == "status":
                    status = int(value.split()[0])
                elif name:
                    headers.append((name, value.strip()))
            self.send_response(status)
            for name, value in headers:
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(rest)))
            self.end_headers()
            self.wfile.write(rest)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """#

  let port: Int
  private let process: Process

  /// Serves the repositories in `root`, asking for `token` when given.
  init(root: String, token: String = "") throws {
    let scriptPath = root + "/http_git_server.py"
    try Self.script.write(toFile: scriptPath, atomically: false, encoding: .utf8)
    process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", scriptPath, root, token]
    process.environment = hermeticEnvironment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
      let chunk = output.fileHandleForReading.availableData
      guard !chunk.isEmpty else { break }
      line.append(chunk)
    }
    guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
      process.terminate()
      throw SSHServer.ServerDidNotStart(port: 0)
    }
    self.port = port
  }

  deinit {
    process.terminate()
    process.waitUntilExit()
  }
}
