import Foundation
import LitmusSupport

/// How an audit schedules its test processes after the build (`--schedule`, `schedule`).
///
/// `fast` (the default) runs the same processes with less waiting: the suite runs' processes share one
/// pool of `--jobs` processes, the parallel runs keep the machine to themselves, each test alone and the
/// random halves share a second pool; bisections run side by side, and each skips the confirming run
/// whose answer the suite runs already gave. `full` is the earlier schedule, one phase after the other, kept
/// so that the two can be compared (docs/audit.md, "What an audit costs").
public enum AuditSchedule: String, Codable, Sendable, Hashable, CaseIterable, LosslessStringConvertible,
    ConfigurationValue
{
    /// The pooled schedule.
    case fast
    /// One phase after the other, each bisection confirming its evidence first.
    case full

    /// The schedule named `description` (`fast`, `full`), or `nil`.
    public init?(_ description: String) { self.init(rawValue: description) }

    /// Its name.
    public var description: String { rawValue }
}
