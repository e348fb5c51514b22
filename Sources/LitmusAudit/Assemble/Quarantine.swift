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
            findings.filter { $0.letter == .repeatable || $0.letter == .isolated }.compactMap(\.test) + failingTests)
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
