import Foundation
import LitmusSupport

/// I: what a test left behind: processes running after it ended (found under its process's reaper on
/// Linux, in any process group or session and whatever their environment, elsewhere by the tag every
/// process the audit starts carries, ``ProcessTag``; and ended), and files (``LeftFiles``).
enum LeftoverJudge {
    /// One finding per test whose alone run left processes running (its first such run: a test timed again
    /// alone leaves them again); and one for each other run whose leftovers no alone run explains.
    static func findings(_ observations: Observations, _ analysis: SourceAnalysis = SourceAnalysis()) -> [Finding] {
        let byID = Dictionary(observations.tests.map { ($0.id, $0) }) { first, _ in first }
        var findings: [Finding] = []
        var named: Set<TestID> = []
        for recorded in observations.processes where !recorded.process.leftovers.isEmpty {
            guard case .alone(let id) = recorded.run, let test = byID[id], named.insert(id).inserted else { continue }
            findings.append(
                Judge.finding(
                    .leftProcessRunning, test,
                    "\(test.name) left \(describe(recorded.process.leftovers)) running after it ended (the audit ended \(recorded.process.leftovers.count == 1 ? "it" : "them"))"
                ))
        }
        for recorded in observations.processes where !recorded.process.leftovers.isEmpty {
            if case .alone = recorded.run { continue }
            guard recorded.process.tests.allSatisfy({ !named.contains($0) }) || recorded.process.tests.isEmpty else {
                continue
            }
            findings.append(
                Finding(
                    kind: .leftProcessRunning,
                    message:
                        "A test of \(recorded.run.description) (\(recorded.process.library.rawValue)) left \(describe(recorded.process.leftovers)) running after its process ended; no test left it alone (the audit ended it)"
                ))
        }
        return findings
    }

    /// One finding per test that left files behind in its alone run: in the package (each confirmed by
    /// running the test alone again, one at a time) and in its temporary folder.
    static func fileFindings(_ observations: Observations) -> [Finding] {
        let byID = Dictionary(observations.tests.map { ($0.id, $0) }) { first, _ in first }
        return (observations.leftFiles ?? [:]).sorted { $0.key.rawValue < $1.key.rawValue }.compactMap { id, left in
            guard let test = byID[id], !left.isEmpty else { return nil }
            var places: [String] = []
            if !left.package.isEmpty {
                places.append("in the package \(listed(left.package.map(\.described)))")
            }
            if !left.temporaryFolder.isEmpty {
                places.append("in its temporary folder \(listed(left.temporaryFolder.map { "`\($0)`" }))")
            }
            return Judge.finding(
                .leftFiles, test,
                "\(test.name) left files behind when run alone: \(places.joined(separator: "; ")) (the audit removed them; the package itself was not touched)"
            )
        }
    }

    /// A note for files that appeared in the package's copy during the alone runs and that no test made
    /// again alone: no test is blamed.
    static func unattributedFiles(_ observations: Observations) -> [Finding] {
        guard let files = observations.unattributedFiles, !files.isEmpty else { return [] }
        return [
            Finding(
                kind: .leftFiles,
                message:
                    "Files appeared in the package's copy while the tests ran alone and beside the random halves, and no test made them again when run alone, one at a time: \(listed(files.map(\.described))) (the audit put its copy back)"
            )
        ]
    }

    /// `a, b` and, past five, `and 3 more`.
    private static func listed(_ items: [String]) -> String {
        let shown = items.prefix(5).joined(separator: ", ")
        return items.count > 5 ? shown + " and \(items.count - 5) more" : shown
    }

    /// `1 process (`sleep 300`)`, `1 process (`server` listening on 127.0.0.1:8080)`, or `3 processes (…)`.
    private static func describe(_ leftovers: [LeftoverProcess]) -> String {
        let shown = leftovers.prefix(3).map { process in
            let ports = process.listening.isEmpty ? "" : " listening on \(process.listening.joined(separator: ", "))"
            return "`\(process.command)`\(ports)"
        }.joined(separator: ", ")
        let more = leftovers.count > 3 ? " and \(leftovers.count - 3) more" : ""
        return "\(leftovers.count) process\(leftovers.count == 1 ? "" : "es") (\(shown)\(more))"
    }
}
