import LitmusModel

/// What a quick audit's report says about being one (``QuickTier``).
enum QuickReport {
    /// The letters whose evidence comes from the alone runs: Isolated (each test alone against the suite)
    /// and Self-validating (checks that never ran, read from a test's alone run).
    static let aloneLetters: Set<Letter> = [.isolated, .selfValidating]

    /// `report` saying it was a quick audit: its `quick` object, and in the summary of each letter that
    /// reads the alone runs, the share and how many tests ran alone of how many and why. A quarantined test
    /// that did not run alone (`ranAlone` holds those that did) lacks the evidence that it no longer flips,
    /// as with `--since`.
    static func describe(_ report: AuditReport, _ quick: QuickScope, ranAlone: Set<TestID>) -> AuditReport {
        var described = report
        described.quick = quick
        described.verdicts = report.verdicts.map { verdict in
            guard aloneLetters.contains(verdict.letter), verdict.notMeasured == nil else { return verdict }
            var changed = verdict
            changed.summary += "; quick audit: \(quick.aloneSentence)"
            return changed
        }
        if var quarantine = described.quarantine {
            let ran = report.tests.filter { ranAlone.contains($0.id) }
            quarantine.noLongerFlipping = quarantine.noLongerFlipping.filter { ran.contains(where: $0.names) }
            described.quarantine = quarantine
        }
        return described
    }
}
