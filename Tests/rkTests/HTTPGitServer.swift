import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

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
    with open(os.path.join(root, "http_git_server.port.tmp"), "w") as f:
        f.write(f"{server.server_address[1]} {os.getpid()}\n")
    os.rename(os.path.join(root, "http_git_server.port.tmp"), os.path.join(root, "http_git_server.port"))
    server.serve_forever()
    """#

  let port: Int
  private let pid: pid_t

  /// Serves the repositories in `root`, asking for `token` when given.
  ///
  /// Started with ``spawnServer(_:_:)``, for the reason it gives.
  init(root: String, token: String = "") throws {
    let scriptPath = root + "/http_git_server.py"
    let portFile = root + "/http_git_server.port"
    try Self.script.write(toFile: scriptPath, atomically: false, encoding: .utf8)
    let python =
      ["/usr/bin/python3", "/usr/local/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/usr/bin/python3"
    let launched = try spawnServer(python, [scriptPath, root, token])
    for _ in 0..<200 {
      if let text = try? String(contentsOfFile: portFile, encoding: .utf8) {
        let numbers = text.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        if numbers.count == 2 {
          port = numbers[0]
          pid = launched
          return
        }
      }
      usleep(50_000)
    }
    stopServer(launched)
    throw SSHServer.ServerDidNotStart(port: 0)
  }

  deinit { stopServer(pid) }
}
