import LitmusModel

/// What a quick audit's report says about being one (``QuickTier``).
enum QuickReport {
    /// The letters whose evidence comes from the alone runs: Isolated (each test alone against the suite)
    /// and Self-validating (checks that never ran, read from a test's alone run).
    static let aloneLetters: Set<Letter> = [.isolated, .selfValidating]

    /// `report` saying it was a quick audit: its `quick` object, and in the summary of each letter that
    /// reads the alone runs, the share and how many tests ran alone of how many and why; its quarantine
    /// without the entries of tests that did not run alone (`ranAlone` holds those that did),
    /// ``QuarantineReport/keepingEvidence(of:ranAlone:)``.
    static func describe(_ report: AuditReport, _ quick: QuickScope, ranAlone: Set<TestID>) -> AuditReport {
        var described = report
        described.quick = quick
        described.verdicts = report.verdicts.map { verdict in
            guard aloneLetters.contains(verdict.letter), verdict.notMeasured == nil else { return verdict }
            var changed = verdict
            changed.summary += "; quick audit: \(quick.aloneSentence)"
            return changed
        }
        described.quarantine = report.quarantine?.keepingEvidence(of: report.tests, ranAlone: ranAlone)
        return described
    }
}
