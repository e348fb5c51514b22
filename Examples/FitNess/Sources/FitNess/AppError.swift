/// Why the app model refused a request (seed 002).
public enum AppError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A chase was started before a goal was set.
    case goalNotSet

    /// The message, naming what is missing and the fix.
    public var description: String {
        switch self {
        case .goalNotSet:
            return "No goal is set: set a step goal (a whole number above 0) before starting."
        }
    }
}
