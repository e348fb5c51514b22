import Foundation
import LitmusSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where an action's time goes. Every launch, tap, typeText and clearText times its phases (a few clock
/// readings: nothing worth switching off); the UI trace shows them on its timeline, and with
/// `LITMUS_UI_PHASES=1` each action also writes one line to standard error with their milliseconds:
///
///     litmus-ui-phases tap actionable=6.1 input=8.9 settle=10.8
///     litmus-ui-phases launch browser=2.0 app=31.5 open=12.4
///
/// (UIBenchmark reads these lines from the seed 000 suite.)
struct ActionPhases {
    /// Whether `LITMUS_UI_PHASES=1` is set.
    static let isOn = ProcessInfo.processInfo.environment["LITMUS_UI_PHASES"] == "1"

    private let action: String
    /// The phases ended so far, in order.
    private(set) var phases: [(name: String, duration: Duration)] = []
    private var start = ContinuousClock.now

    /// Starts timing `action`'s first phase.
    init(_ action: String) {
        self.action = action
    }

    /// Ends the current phase as `name` and starts the next.
    mutating func end(_ name: String) {
        let now = ContinuousClock.now
        phases.append((name, now - start))
        start = now
    }

    private static let noted = Mutex(false)

    /// Writes `note` as a line of its own (`litmus-ui-note …`), once per process, when `LITMUS_UI_PHASES=1`.
    static func noteOnce(_ note: String) {
        guard isOn,
            !noted.withLock({ noted in
                defer { noted = true }
                return noted
            })
        else { return }
        FileHandle.standardError.write(Data("litmus-ui-note \(note)\n".utf8))
    }

    /// Writes the line, when `LITMUS_UI_PHASES=1`.
    func write() {
        guard Self.isOn else { return }
        let fields = phases.map { phase in
            "\(phase.name)=" + String(format: "%.2f", phase.duration.inMilliseconds)
        }
        let line = (["litmus-ui-phases", action] + fields).joined(separator: " ") + "\n"
        FileHandle.standardError.write(Data(line.utf8))
    }
}
