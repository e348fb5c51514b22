import Foundation
import Synchronization

/// The apps one test launched and the issues it recorded, while ``UITraceTrait`` runs the test: a test
/// can fail by an `#expect` that LitmusUI never sees, so the decision to keep a trace waits for the test's end.
final class TraceScope: Sendable {
    /// The scope of the running test, if it has the trait.
    @TaskLocal static var current: TraceScope?

    private struct State {
        var recorders: [TraceRecorder] = []
        var issues: [String] = []
    }

    private let state = Mutex(State())

    /// Keeps `recorder` (of an app the test launched) until the test ends.
    func register(_ recorder: TraceRecorder) {
        state.withLock { $0.recorders.append(recorder) }
    }

    /// Notes an issue the test recorded, or the error it threw.
    func record(issue: String) {
        state.withLock { $0.issues.append(issue) }
    }

    /// At the test's end: writes the trace of every app it launched when it failed (an issue recorded, an
    /// error thrown: the failure the trace names, unless a LitmusUI call had failed first), or always with
    /// `on`, and tells where it is; else deletes one written when a LitmusUI call failed that the test
    /// expected to fail (`#expect(throws:)`).
    func finish() {
        let (recorders, issues) = state.withLock { state in
            defer { state.recorders = [] }
            return (state.recorders, state.issues)
        }
        for recorder in recorders {
            if !issues.isEmpty && !recorder.hasFailed { recorder.fail(issues.joined(separator: "\n")) }
            if recorder.mode == .on || !issues.isEmpty {
                _ = FailureEvidence.write(trace: recorder, announcing: true)
            } else if let path = recorder.path {
                try? FileManager.default.removeItem(atPath: path)
            }
        }
    }
}
