import Foundation

/// State a test can share with another test, as its footprint names it (docs/audit.md, "Isolation from
/// footprints"): mutable global and static storage of the package, its dependencies and its tests, the
/// process's state, the file system and the network. Two tests whose footprints name state that
/// ``meets(_:)`` can depend on each other's order; ``unseen(_:)`` is what the footprint cannot see into, and
/// meets everything.
package enum SharedState: Hashable, Codable, Sendable {
    /// A global or static variable (a static as `Type.name`), or a global or static constant set lazily by its
    /// first reader (`static let shared = Store()`).
    case global(String)
    /// The process's environment variables.
    case environment
    /// The process's current directory.
    case currentDirectory
    /// The process's signal handlers and signal mask.
    case signals
    /// The process's file-mode creation mask.
    case umask
    /// The C library's locale.
    case locale
    /// A process-wide object of the toolchain's libraries (`UserDefaults.standard`, `NotificationCenter.default`,
    /// the C random generator).
    case processWide(String)
    /// A file or folder at this path (a literal in the sources), or anywhere (`nil`: a path the sources compute).
    case file(String?)
    /// A file in a folder the test made for itself (a unique name): shared with no other test, but still
    /// written outside the process.
    case ownFile
    /// The network at this port (a literal in the sources), or any (`nil`).
    case network(Int?)
    /// A process the test starts: the footprint cannot see what it does, but it can only touch what lies
    /// outside this process (files, the network, other processes).
    case process
    /// Something the footprint cannot see into, for this reason (a process the test starts, a library
    /// without coverage, a function looked up by name): it meets every state.
    case unseen(String)

    /// Whether a test that touches this state and one that touches `other` can affect each other.
    package func meets(_ other: SharedState) -> Bool {
        switch (self, other) {
        case (.unseen, _), (_, .unseen): return true
        case (.ownFile, _), (_, .ownFile): return false
        case (.process, .process), (.process, .file), (.file, .process), (.process, .network), (.network, .process):
            return true
        case (.file(let mine), .file(let theirs)):
            guard let mine, let theirs else { return true }
            return mine == theirs || mine.hasPrefix(Self.folder(theirs)) || theirs.hasPrefix(Self.folder(mine))
        case (.network(let mine), .network(let theirs)):
            guard let mine, let theirs else { return true }
            return mine == theirs
        default: return self == other
        }
    }

    /// Whether touching it leaves something outside the process that an alone run shows (a file, a process).
    package var outsideTheProcess: Bool {
        switch self {
        case .file, .ownFile, .process, .unseen: true
        default: false
        }
    }

    /// Whether a test in another process can touch it too: files, the network, processes, and what the footprint
    /// cannot see. The rest lives in one process, where XCTest's tests and Swift Testing's never meet (each
    /// framework runs in a process of its own).
    package var crossesProcesses: Bool {
        switch self {
        case .file, .ownFile, .network, .process, .unseen: true
        default: false
        }
    }

    /// The state in words, for the report: `Registry.names`, `the environment`, `the file /tmp/x`.
    package var described: String {
        switch self {
        case .global(let name): "`\(name)`"
        case .environment: "the environment"
        case .currentDirectory: "the current directory"
        case .signals: "the signal handlers"
        case .umask: "the umask"
        case .locale: "the locale"
        case .processWide(let name): "`\(name)`"
        case .file(let path): path.map { "the file \($0)" } ?? "files at paths the code computes"
        case .ownFile: "files in a folder of its own"
        case .network(let port): port.map { "the network (port \($0))" } ?? "the network"
        case .process: "a process it starts, whose work the footprint cannot see"
        case .unseen(let reason): "what it cannot see into (\(reason))"
        }
    }

    private static func folder(_ path: String) -> String { path.hasSuffix("/") ? path : path + "/" }
}

/// One place in the sources where code touches ``SharedState``: what, how, and where.
package struct StateAccess: Hashable, Codable, Sendable {
    /// The state.
    package var state: SharedState
    /// Whether the code reads it (a comparison, a call on it, a lazy initialization).
    package var reads: Bool
    /// Whether the code writes it (an assignment, a mutating call, a lazy initialization).
    package var writes: Bool
    /// The file, as the build compiled it (an absolute path in the audit's copy or a dependency).
    package var file: String
    /// The line, from 1.
    package var line: Int
    /// The column, from 1.
    package var column: Int

    /// An access of `state` at `file:line:column`.
    package init(_ state: SharedState, reads: Bool, writes: Bool, file: String, line: Int, column: Int) {
        self.state = state
        self.reads = reads
        self.writes = writes
        self.file = file
        self.line = line
        self.column = column
    }
}
