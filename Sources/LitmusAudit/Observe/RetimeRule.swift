import Foundation

/// Which tests the run stage times again alone once its runs are done (``RunStage/retimeSlow(_:xctests:)``).
/// The rule belongs to the Fast letter's judge; the audit hands it to the stage as a value, so the stage
/// that runs the tests decides nothing about them.
struct RetimeRule: Sendable {
    /// The tests to time again, from what the runs observed.
    var tests: @Sendable (Observations) -> [TestIdentity]

    /// Times no test again.
    static let none = RetimeRule { _ in [] }
}
