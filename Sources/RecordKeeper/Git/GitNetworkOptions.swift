import CLibGit2

/// libgit2's options for a fetch or a push: both carry the session's
/// callbacks and the proxy, set up the same way.
protocol GitNetworkOptions {
  init()
  /// Fills `options` with libgit2's defaults for this version of the struct.
  static func initialise(_ options: inout Self)
  var callbacks: git_remote_callbacks { get set }
  // libgit2's own name for the field.
  // swift-format-ignore: AlwaysUseLowerCamelCase
  var proxy_opts: git_proxy_options { get set }
}

extension GitNetworkOptions {
  /// libgit2's defaults with `callbacks`, through the proxy the system names.
  init(callbacks: git_remote_callbacks) {
    self.init()
    Self.initialise(&self)
    self.callbacks = callbacks
    proxy_opts.type = GIT_PROXY_AUTO
  }
}

extension git_fetch_options: GitNetworkOptions {
  static func initialise(_ options: inout Self) { git_fetch_options_init(&options, UInt32(GIT_FETCH_OPTIONS_VERSION)) }
}

extension git_push_options: GitNetworkOptions {
  static func initialise(_ options: inout Self) { git_push_options_init(&options, UInt32(GIT_PUSH_OPTIONS_VERSION)) }
}
