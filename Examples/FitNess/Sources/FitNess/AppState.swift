/// The state of a chase (seed 002).
public enum AppState: String, CaseIterable, Sendable {
    /// No chase yet, or a chase restarted.
    case notStarted
    /// Counting steps.
    case inProgress
    /// Counting has been paused by the user.
    case paused
    /// The user reached the goal.
    case completed
    /// The chaser caught the user before the goal.
    case caught

    /// The title of the button that moves the chase on from this state: the button shows what it
    /// will do next.
    public var nextStateButtonLabel: String {
        switch self {
        case .notStarted: return "Start"
        case .inProgress: return "Pause"
        case .paused: return "Resume"
        case .completed: return "Start Over"
        case .caught: return "Try Again"
        }
    }
}
