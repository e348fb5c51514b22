/// What a report says of the footprints that chose the alone runs (docs/audit.md, "Isolation from
/// footprints"): per test, why it ran alone or not; for the audit, how many were candidates and how many ran
/// alone, or in one line why the footprints could not be measured.
enum IsolationReport {
    /// `report` with the footprints' evidence of `scope`, the alone runs' scope of its audit.
    static func describe(_ report: AuditReport, _ scope: AloneScope?, sideBySide: SideBySide? = nil) -> AuditReport {
        guard let scope, scope.isolation != nil || scope.unmeasuredFootprints != nil else { return report }
        var described = report
        let ranAlone = report.tests.filter { $0.aloneOutcome != .notRun }.count
        if let isolation = scope.isolation {
            for index in described.tests.indices {
                described.tests[index].isolation = isolation.evidence[described.tests[index].id]
            }
            described.isolation = IsolationScope(
                tests: report.tests.count, candidates: isolation.candidates.count, ranAlone: ranAlone,
                sideBySide: sideBySide)
            described.isolation?.staticFootprints = scope.staticFootprints
        } else {
            described.isolation = IsolationScope(
                tests: report.tests.count, candidates: report.tests.count, ranAlone: ranAlone,
                unmeasuredBecause: scope.unmeasuredFootprints)
        }
        return described
    }
}
