import LitmusModel

extension ReportAssembly {
    /// `findings` with those of quarantined tests marked, and what the report says of the quarantine;
    /// `nil` for an empty quarantine.
    static func quarantine(
        _ quarantine: Quarantine, tests: [TestReport], findings: [Finding], failingTests: [TestID]
    ) -> (findings: [Finding], report: QuarantineReport?) {
        guard !quarantine.entries.isEmpty else { return (findings, nil) }
        var held: [TestID: Quarantine.Entry] = [:]
        for test in tests { if let entry = quarantine.entry(for: test) { held[test.id] = entry } }
        let marked = findings.map { finding in
            var marked = finding
            if let test = finding.test, held[test] != nil { marked.quarantined = true }
            return marked
        }
        let unstable = Set(
            findings.filter { ($0.letter == .repeatable || $0.letter == .isolated) && !$0.hint }.compactMap(\.test)
                + failingTests)
        let used = Set(held.values)
        return (
            marked,
            QuarantineReport(
                tests: held.keys.sorted(),
                noLongerFlipping: held.filter { !unstable.contains($0.key) }.values.sorted { $0.line < $1.line },
                unknown: quarantine.entries.filter { !used.contains($0) })
        )
    }
}

extension QuarantineReport {
    /// This report without the entries of tests that did not run alone (`ranAlone` holds those that did,
    /// of `tests`): a test that did not run alone lacks the evidence that it no longer flips (`--since`,
    /// `--quick`).
    func keepingEvidence(of tests: [TestReport], ranAlone: Set<TestID>) -> QuarantineReport {
        let ran = tests.filter { ranAlone.contains($0.id) }
        var kept = self
        kept.noLongerFlipping = noLongerFlipping.filter { ran.contains(where: $0.names) }
        return kept
    }
}
