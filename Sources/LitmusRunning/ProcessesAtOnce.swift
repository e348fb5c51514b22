import Foundation

/// How many test processes the tools run at once: the number asked for (`--jobs`), else one per core.
/// The audit's runs and mutation's mutants follow this one rule.
package enum ProcessesAtOnce {
    /// `asked` when above 0, else the machine's active processor count (at least 1).
    package static func width(asked: Int) -> Int {
        asked > 0 ? asked : max(1, ProcessInfo.processInfo.activeProcessorCount)
    }
}
