import Foundation

/// The positions of a test's checks whose execution counts the coverage stage reads from the test's
/// alone run (the audit computes them from the analysis, for the judge of checks that never ran).
struct CheckPositions: Sendable, Hashable {
    /// Its checks' positions and those of the helpers it calls that check.
    var all: [SourcePosition]
    /// Whether all of them are in the test's own body (no helper's).
    var inBodyOnly: Bool
}
