import Foundation

/// The record of an audit's runs, judged: what the judges read of it (``judgingContext``), their findings,
/// and the report they make with it. The stages that produced the record know nothing of the judges.
extension AuditRecord {
    /// What the judges read besides the observations.
    var judgingContext: JudgingContext {
        var context = JudgingContext(options: options, seed: seed, analysis: analysis)
        context.coverage = coverage
        context.executions = executions
        return context
    }

    /// Judges the record and assembles the report; `bisect` answers the judges' bisections, and
    /// `wallSeconds` is how long the audit took.
    func report(bisect: Bisect, wallSeconds: Double) async throws -> AuditReport {
        ReportAssembly.assemble(self, try await judge(bisect: bisect), wallSeconds: wallSeconds)
    }

    /// The judges' findings on the record; `bisect` answers their bisections.
    func judge(bisect: Bisect) async throws -> Judgement {
        try await Judge.judge(observations, judgingContext, bisect: bisect)
    }
}
