import LitmusModel

/// What an audit or a mutation run reports while it runs, for a progress display.
public enum RunProgress: Sendable, Equatable {
    /// A phase began (building, running the suite, running each test alone, …).
    case phase(String)
    /// Part of a phase is done: `done` of `total`.
    case step(done: Int, total: Int)
    /// Something worth telling now (a polluter found, a seed).
    case note(String)
}
