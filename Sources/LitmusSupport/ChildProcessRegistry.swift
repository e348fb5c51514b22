import Synchronization

/// The child processes a run started and has not yet seen end. `releaseAll()` kills each with all it
/// started; a command calls it on SIGINT and SIGTERM, so an interrupted run leaves no process behind.
package final class ChildProcessRegistry: Sendable {
    /// The one registry of this process, which ``ChildProcess/run(_:_:in:environment:unsetting:outputFile:errorFile:timeout:tag:registry:)`` uses by default.
    package static let shared = ChildProcessRegistry()

    /// A registry of its own (for tests).
    package init() {}

    /// The tracked process ids, and whether `releaseAll()` was called, under one lock, which a start
    /// holds too: a process is either started and tracked before `releaseAll()` takes the lock (and is
    /// killed by it), or not started at all. (A start that returned and tracked its process afterwards
    /// once let a test process outlive an interrupted audit.)
    private let state = Mutex<(processes: Set<Int32>, released: Bool)>(([], false))

    /// Starts a process with `spawn` and tracks it, unless `releaseAll()` was called: then nothing is
    /// started and ``ChildProcessRegistryReleased`` is thrown.
    package func start(_ spawn: () throws(ChildProcessError) -> Int32) throws -> Int32 {
        try state.withLock { state throws -> Int32 in
            guard !state.released else { throw ChildProcessRegistryReleased() }
            let pid = try spawn()
            state.processes.insert(pid)
            return pid
        }
    }

    /// Records a child process started elsewhere. One tracked after `releaseAll()` is killed at once.
    package func track(process pid: Int32) {
        let released = state.withLock { state in
            if !state.released { state.processes.insert(pid) }
            return state.released
        }
        if released { ProcessTree.terminate(pid) }
    }

    /// Forgets a child process that has ended.
    package func forget(process pid: Int32) { state.withLock { _ = $0.processes.remove(pid) } }

    /// Whether `releaseAll()` was called.
    package var isReleased: Bool { state.withLock { $0.released } }

    /// Kills every tracked process with everything it started; no process starts afterwards.
    package func releaseAll() {
        let processes = state.withLock { state in
            defer { state = ([], true) }
            return state.processes
        }
        for pid in processes { ProcessTree.terminate(pid) }
    }
}

/// A process was not started because its run is being ended (SIGINT, SIGTERM).
package struct ChildProcessRegistryReleased: Error, CustomStringConvertible {
    package var description: String { "the run was interrupted: no process is started any more" }
}
