import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A mark in the environment of a process Litmus starts (`LITMUS_PROCESS_TAG`), which every process
/// it starts inherits. After the process ends, whatever still carries its tag is what it left running,
/// in any process group or session: a test that starts a helper with Foundation's `Process` and never
/// stops it leaves that helper in a group of its own, where killing the test's group does not reach.
///
/// Every tag of one Litmus process starts with ``run``, so a watchdog can end all of them at once when
/// Litmus itself is killed (``Lifeline``). Finding tagged processes reads /proc: on other systems
/// nothing is found (a known gap, said in docs/audit.md). A test can drop the tag (a `Process` given an
/// environment of its own): on Linux what a program left running is found under its reaper instead
/// (``ReapedChild``), and the tag is what the ``Lifeline`` and other systems go by.
package struct ProcessTag: Sendable, Hashable {
    /// The environment variable.
    package static let variable = "LITMUS_PROCESS_TAG"

    /// The start of every tag this Litmus process hands out: `litmus-<pid>-<random>`.
    package static let run = "litmus-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"

    private static let counter = Mutex(0)

    /// The tag's value: ``run``, a dot, and a number.
    package let value: String

    /// A tag no other process of this run carries.
    package static func next() -> ProcessTag {
        let number = counter.withLock { counter in
            counter += 1
            return counter
        }
        return ProcessTag(value: "\(run).\(number)")
    }

    /// A tag that is the same in every run for `key` (a build folder's path): for the `swift` commands of
    /// a kept build folder, whose environment must not change from one audit to the next (SwiftPM links a
    /// build tool plugin's tool and runs the plugin again when any variable changes). The ``Lifeline``
    /// learns it when a process starts with it. Two runs never use one build folder at once (its lock).
    package static func stable(for key: String) -> ProcessTag {
        // FNV-1a: the same number for the same key in every process, unlike `Hasher`.
        ProcessTag(value: "litmus-stable-\(String(ContentHash.fnv1a(key.utf8), radix: 16))")
    }

    /// Whether this tag is one ``next()`` handed out in this run (the ``Lifeline`` ends those by their
    /// common start; a ``stable(for:)`` one it must be told of).
    package var isOfThisRun: Bool { value.hasPrefix(Self.run + ".") }

    /// The running processes (not zombies) carrying exactly this tag.
    package func running() -> [LeftoverProcess] {
        Self.running { $0 == value }
    }

    /// Ends the processes carrying this tag (each with every process it started) and returns them, as
    /// they were before they were ended.
    package static func endLeftovers(of tag: ProcessTag) -> [LeftoverProcess] {
        let found = tag.running()
        for process in found { ProcessTree.terminate(process.pid) }
        return found
    }

    /// Ends every process carrying a tag of this run: what SIGINT and SIGTERM leave to do once the
    /// tracked processes are killed.
    package static func endEveryTagOfThisRun() {
        for process in running(where: { $0.hasPrefix(run + ".") }) { ProcessTree.terminate(process.pid) }
    }

    /// The running processes whose tag satisfies `matches`, this process excluded.
    package static func running(where matches: (String) -> Bool) -> [LeftoverProcess] {
        #if os(Linux)
            let own = getpid()
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            return entries.compactMap(Int32.init).filter { $0 != own }.sorted().compactMap { pid in
                guard let tag = tagValue(of: pid), matches(tag), ProcessTree.isAlive(pid) else { return nil }
                return LeftoverProcess(running: pid)
            }
        #else
            return []
        #endif
    }

    /// The running processes whose tag satisfies `matches` once none is left or `seconds` have passed,
    /// polled every 0.2 s: what outlived a run, given the time its ending takes.
    package static func running(where matches: (String) -> Bool, settlingWithin seconds: Double) async
        -> [LeftoverProcess]
    {
        var left = running(where: matches)
        let settled = ContinuousClock.now + .seconds(seconds)
        while !left.isEmpty && ContinuousClock.now < settled {
            try? await Task.sleep(for: .milliseconds(200))
            left = running(where: matches)
        }
        return left
    }

    /// The value of `pid`'s tag, from /proc/PID/environ; `nil` when it has none or cannot be read.
    private static func tagValue(of pid: Int32) -> String? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return nil }
        let prefix = Array((variable + "=").utf8)
        for entry in data.split(separator: 0) where entry.starts(with: prefix) {
            return String(decoding: entry.dropFirst(prefix.count), as: UTF8.self)
        }
        return nil
    }
}

/// A process a run left running after the process that started it (directly or not) ended.
package struct LeftoverProcess: Sendable, Hashable, Codable {
    /// Its process id.
    package var pid: Int32
    /// Its command line, shortened.
    package var command: String
    /// The TCP addresses it listened on when found (``ListeningSockets``): a server a test never stopped.
    package var listening: [String] = []

    package init(pid: Int32, command: String, listening: [String] = []) {
        self.pid = pid
        self.command = command
        self.listening = listening
    }

    /// Running process `pid` as /proc shows it: its command line and the addresses it listens on.
    package init(running pid: Int32) {
        self.init(pid: pid, command: Self.commandLine(of: pid), listening: ListeningSockets.addresses(of: pid))
    }

    /// `pid`'s command line, its arguments separated by spaces, at most 200 characters.
    private static func commandLine(of pid: Int32) -> String {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"), !data.isEmpty else {
            return "process \(pid)"
        }
        let words = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        let line = words.joined(separator: " ")
        return line.count > 200 ? String(line.prefix(199)) + "…" : line
    }

    private enum CodingKeys: String, CodingKey { case pid, command, listening }

    /// Reads a record; one written before the addresses were kept has none.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        pid = try container.decode(Int32.self, forKey: .pid)
        command = try container.decode(String.self, forKey: .command)
        listening = try container.decodeIfPresent([String].self, forKey: .listening) ?? []
    }
}
