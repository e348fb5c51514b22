/// The toolchain's functions that touch ``SharedState``, by name: what a call of them in the sources means.
/// Their own code has no coverage, so the call is where the footprint sees them.
enum StateAPIs {
    /// What a call touches: the state (for a file, the argument holding its path), and how.
    struct Effect: Sendable {
        /// The state, unless it is a file's.
        var state: SharedState?
        /// Whether the call reads it.
        var reads: Bool
        /// Whether the call writes it.
        var writes: Bool
        /// For a file: the argument holding its path (by label, `""` for the first unlabelled one), or `nil`
        /// for the first argument.
        var path: String? = nil
        /// For a file: whether the call always makes a file of its own (`mkstemp`).
        var own = false

        static func read(_ state: SharedState) -> Effect { Effect(state: state, reads: true, writes: false) }
        static func write(_ state: SharedState) -> Effect { Effect(state: state, reads: false, writes: true) }
        static func both(_ state: SharedState) -> Effect { Effect(state: state, reads: true, writes: true) }
        static func file(reads: Bool = true, writes: Bool, path: String? = nil) -> Effect {
            Effect(state: nil, reads: reads, writes: writes, path: path)
        }
    }

    private static let process = SharedState.process
    private static let random = SharedState.processWide("the C library's random generator")

    /// Functions of the C library, by name.
    static let functions: [String: Effect] = {
        var table: [String: Effect] = [:]
        for name in ["setenv", "unsetenv", "putenv", "clearenv"] { table[name] = .write(.environment) }
        for name in ["getenv", "secure_getenv", "tzset"] { table[name] = .read(.environment) }
        for name in ["chdir", "fchdir"] { table[name] = .write(.currentDirectory) }
        table["getcwd"] = .read(.currentDirectory)
        for name in ["signal", "sigaction", "sigprocmask", "pthread_sigmask"] { table[name] = .both(.signals) }
        table["umask"] = .both(.umask)
        for name in ["setlocale", "uselocale"] { table[name] = .both(.locale) }
        for name in ["srand", "srandom", "srand48", "seed48"] { table[name] = .write(random) }
        for name in ["rand", "random", "drand48", "lrand48", "mrand48"] { table[name] = .both(random) }
        table["atexit"] = .write(.processWide("the exit handlers"))
        for name in ["fopen", "freopen", "open", "creat", "mkdir", "rmdir", "unlink", "remove", "rename", "truncate"] {
            table[name] = .file(writes: true)
        }
        for name in ["symlink", "link", "chmod", "chown", "utime", "utimes", "mkfifo"] {
            table[name] = .file(writes: true)
        }
        for name in ["stat", "lstat", "access", "opendir", "realpath", "readlink"] {
            table[name] = .file(writes: false)
        }
        for name in ["mkstemp", "mkdtemp", "tmpfile"] {
            table[name] = Effect(state: nil, reads: false, writes: true, own: true)
        }
        for name in ["fork", "vfork", "posix_spawn", "posix_spawnp", "execv", "execve", "execvp", "execl", "execlp"] {
            table[name] = .both(process)
        }
        for name in ["system", "popen"] { table[name] = .both(process) }
        for name in ["dlopen", "dlsym"] {
            table[name] = .both(.unseen("it looks code up by name (\(name)), which the footprint cannot follow"))
        }
        for name in ["socket", "bind", "connect", "listen", "accept"] { table[name] = .both(.network(nil)) }
        return table
    }()

    /// Initializers of the toolchain's types, by `Type(firstLabel:`.
    static let initializers: [String: Effect] = {
        var table: [String: Effect] = [:]
        for type in ["Data", "NSData", "String", "NSString"] {
            table["\(type)(contentsOf"] = .file(writes: false, path: "contentsOf")
            table["\(type)(contentsOfFile"] = .file(writes: false, path: "contentsOfFile")
        }
        table["FileHandle(forReadingAtPath"] = .file(writes: false, path: "forReadingAtPath")
        table["FileHandle(forReadingFrom"] = .file(writes: false, path: "forReadingFrom")
        table["FileHandle(forWritingAtPath"] = .file(writes: true, path: "forWritingAtPath")
        table["FileHandle(forWritingTo"] = .file(writes: true, path: "forWritingTo")
        table["FileHandle(forUpdatingAtPath"] = .file(writes: true, path: "forUpdatingAtPath")
        table["FileHandle(forUpdating"] = .file(writes: true, path: "forUpdating")
        table["InputStream(fileAtPath"] = .file(writes: false, path: "fileAtPath")
        table["OutputStream(toFileAtPath"] = .file(writes: true, path: "toFileAtPath")
        table["UserDefaults(suiteName"] = .both(.processWide("UserDefaults(suiteName:)"))
        table["URLSession(configuration"] = .both(.network(nil))
        for type in ["ServerBootstrap", "ClientBootstrap", "DatagramBootstrap", "NIOPipeBootstrap", "HTTPClient"] {
            table["\(type)("] = .both(.network(nil))
        }
        table["Process("] = .both(process)
        return table
    }()

    /// Methods by name: those of `FileManager` (with a path label), a `write(to:)`, a `URLSession` task.
    static let methods: [String: Effect] = {
        var table: [String: Effect] = [:]
        for name in [
            "createFile", "createDirectory", "removeItem", "moveItem", "copyItem", "linkItem", "createSymbolicLink",
            "setAttributes", "trashItem", "replaceItem", "replaceItemAt",
        ] {
            table[name] = .file(writes: true, path: pathLabel)
        }
        for name in [
            "fileExists", "contentsOfDirectory", "subpathsOfDirectory", "attributesOfItem", "isReadableFile",
            "isWritableFile", "isExecutableFile", "isDeletableFile", "destinationOfSymbolicLink", "contents",
            "enumerator",
        ] {
            table[name] = .file(writes: false, path: pathLabel)
        }
        table["write"] = .file(writes: true, path: "to|toFile")
        table["changeCurrentDirectoryPath"] = .write(.currentDirectory)
        table["registerClass"] = .both(.processWide("URLProtocol's classes"))
        table["unregisterClass"] = .both(.processWide("URLProtocol's classes"))
        table["makeSignalSource"] = .both(.signals)
        for name in ["launchedProcess", "launch"] { table[name] = .both(process) }
        return table
    }()

    /// The labels a `FileManager` method names its path with.
    static let pathLabel = "at|atPath|ofItemAtPath|atURL"

    /// `Type.member` properties that are process-wide state, read (and, for objects, possibly changed).
    static let properties: [String: Effect] = [
        "UserDefaults.standard": .both(.processWide("UserDefaults.standard")),
        "NotificationCenter.default": .both(.processWide("NotificationCenter.default")),
        "URLCache.shared": .both(.processWide("URLCache.shared")),
        "HTTPCookieStorage.shared": .both(.processWide("HTTPCookieStorage.shared")),
        "URLCredentialStorage.shared": .both(.processWide("URLCredentialStorage.shared")),
        "URLSession.shared": .both(.network(nil)),
        "Locale.current": .read(.locale),
        "TimeZone.current": .read(.locale),
        "NSTimeZone.default": .read(.locale),
        "NSTimeZone.system": .read(.locale),
        "processInfo.environment": .read(.environment),
        "default.currentDirectoryPath": .read(.currentDirectory),
        "FileManager.default.currentDirectoryPath": .read(.currentDirectory),
    ]

    /// `URLSession` methods that reach the network, on a value whose name says it is a session.
    static let sessionMethods: Set<String> = [
        "dataTask", "data", "download", "downloadTask", "upload", "uploadTask", "bytes", "webSocketTask",
    ]

    /// Words of a path expression that make it a file of the test's own: a unique name.
    static let uniqueWords: Set<String> = ["UUID", "uuidString", "globallyUniqueString", "mkdtemp", "mkstemp"]

    /// Modules of the toolchain (their code has no coverage; their state is known by the tables above). `Builtin`
    /// is the compiler's own (LLVM's operations on memory the caller hands in: swift-atomics imports it, so every
    /// package on SwiftNIO does).
    static let toolchainModules: Set<String> = [
        "Builtin", "Swift", "_Concurrency", "_StringProcessing", "Synchronization", "Observation", "RegexBuilder",
        "Distributed",
        "Cxx", "CxxStdlib", "Foundation", "FoundationEssentials", "FoundationInternationalization",
        "FoundationNetworking", "FoundationXML", "CoreFoundation", "Dispatch", "Glibc", "Darwin", "Musl", "Android",
        "WinSDK", "ucrt", "WASILibc", "SwiftGlibc", "Bionic", "CRT", "XCTest", "Testing", "_Testing_Foundation",
        "os", "ObjectiveC", "Combine", "SwiftUI", "UIKit", "AppKit", "_Differentiation", "SwiftShims",
        "_SwiftConcurrencyShims", "CryptoKit", "Security", "Network", "OSLog", "libkern", "Accelerate",
    ]
}
