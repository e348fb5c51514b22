import Synchronization

/// The child processes a run started and has not yet seen end. `releaseAll()` kills each with all it
/// started; a command calls it on SIGINT and SIGTERM, so an interrupted run leaves no process behind.
package final class ChildProcessRegistry: Sendable {
    /// The one registry of this process, which ``ChildProcess/run(_:_:in:environment:unsetting:outputFile:errorFile:timeout:registry:)`` uses by default.
    package static let shared = ChildProcessRegistry()

    /// A registry of its own (for tests).
    package init() {}

    /// The tracked process ids, and whether `releaseAll()` was called, under one lock: a process that
    /// starts while the registry is being released is killed as it is tracked.
    private let state = Mutex<(processes: Set<Int32>, released: Bool)>(([], false))

    /// Records a child process (on Linux each child leads its own process group). A process started
    /// after `releaseAll()` (its start returned too late to be seen by it) is killed at once.
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

    /// Kills every tracked process with everything it started; processes tracked later are killed too.
    package func releaseAll() {
        let processes = state.withLock { state in
            defer { state = ([], true) }
            return state.processes
        }
        for pid in processes { ProcessTree.terminate(pid) }
    }
}
