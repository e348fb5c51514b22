import Foundation

/// I: a test that failed only while another test process of the package ran beside it, passed every run
/// with nothing beside it, and failed again beside another process: one finding, in place of the order
/// dependence or flakiness its failures would otherwise be judged.
enum InterferenceJudge {
    /// The finding for `test`, when its check confirmed interference.
    static func finding(for test: TestIdentity, in observations: Observations) -> Finding? {
        guard let check = observations.interference[test.id], check.confirmed else { return nil }
        let failed = check.failedIn.prefix(3).map(\.description).joined(separator: ", ")
        let more = check.failedIn.count > 3 ? " and \(check.failedIn.count - 3) more" : ""
        let issues = check.reproducedIssues + observations.issues(of: test)
        let shared = InterferenceCheck.sharedPaths(in: issues)
        let why = check.reproducedIssues.first.map { ": \($0)" } ?? ""
        let what =
            "\(test.name) failed only while another test process of the package ran beside it (\(failed)\(more)); "
            + "alone with nothing beside it, it passed \(check.exclusivePasses) of \(check.exclusiveRuns) runs, "
            + "and \(check.reproduced ?? "") it failed again\(why)"
        // What the processes share: a path the failures name, an address or lock in use, or, with nothing
        // named, something the load runs showed is not the machine's load.
        let shares: String?
        if !shared.isEmpty {
            shares = "; its failures name \(shared.map { "`\($0)`" }.joined(separator: ", "))"
        } else if InterferenceCheck.namesSharedAddress(issues) {
            shares = ""
        } else if check.loadRuns > 0 && check.loadFailures == 0 {
            shares =
                "; its failures name no path or address, but beside \(InterferenceCheck.loadName) it passed all \(check.loadRuns) "
                + "runs: it shares something with the package's other tests, not only the machine"
        } else {
            shares = nil
        }
        if let shares { return Judge.finding(.failsBesideOtherProcesses, test, what + shares) }
        // With no path or address named and failing beside processes that share nothing too, the other
        // process only loads the machine: the test's timing is what breaks, which is R (swhitty/FlyingFox's
        // in-memory WebSocket test).
        let load =
            check.loadRuns > 0
            ? "; beside \(InterferenceCheck.loadName) it failed \(check.loadFailures) of \(check.loadRuns) runs too"
            : ""
        return Judge.finding(
            .flaky, test,
            what + "; its failures name no shared path or address\(load): it is likely sensitive to the load another "
                + "process puts on the machine (its timing), not sharing something with it")
    }

    /// `finding` with what the rerun showed when it could not confirm interference: every failure came
    /// while another process ran beside it and the test passed each rerun alone, so the reader weighs the
    /// finding's cause against a resource the processes share. A finding whose tests bisection named
    /// (`explained`) is left as it is: a polluter's victim passing alone is what it predicts. A test called
    /// passesOnlyWithOthers (it failed alone) that passed each rerun alone with nothing beside it is
    /// failsBesideOtherProcesses instead: the process beside its alone run failed it.
    static func caveat(_ finding: Finding, _ observations: Observations, explained: Bool = false) -> Finding {
        guard !explained, let id = finding.test, let check = observations.interference[id],
            !check.confirmed,
            check.exclusiveRuns > 0, check.exclusivePasses == check.exclusiveRuns,
            let test = observations.tests.first(where: { $0.id == id })
        else { return finding }
        var noted = finding
        let shared = InterferenceCheck.sharedPaths(in: observations.issues(of: test))
        let such = shared.isEmpty ? "" : ", such as " + shared.map { "`\($0)`" }.joined(separator: ", ")
        // "Passes only with others" says the test fails alone; it passed every run alone with nothing beside
        // it, so what failed it was the process beside its alone run, not a test it needs first
        // (hummingbird-project/swift-mustache 2.1.1's LibraryTests, which all write `./templates`).
        if finding.kind == .passesOnlyWithOthers {
            return Judge.finding(
                .failsBesideOtherProcesses, test,
                "\(test.name) failed alone only while another test process of the package ran beside it, and passed "
                    + "each of its \(check.exclusiveRuns) runs with nothing beside it: it needs no other test to run first, "
                    + "but it may share something outside its process\(such) (the failure was not seen again beside "
                    + "another process)")
        }
        noted.message +=
            " (each failure came while another test process ran beside it, and rerun alone it passed "
            + "\(check.exclusivePasses) of \(check.exclusiveRuns) runs: it may share something outside its process"
            + such + ")"
        return noted
    }

    /// One finding per folder that two or more of `beside`'s tests share, in place of theirs: the tests
    /// whose every failure came beside another test process and that passed alone with nothing beside them
    /// (confirmed by a rerun beside the suite or not), whose failures name a path in that folder
    /// (JohnSundell/Files: 26 tests under `~/.filesTest`, one cause). A test in no such group keeps its
    /// own finding.
    static func grouped(
        _ beside: [(test: TestIdentity, finding: Finding)], _ observations: Observations,
        home: String = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
    ) -> [Finding] {
        let roots = beside.map { entry in
            Set(
                InterferenceCheck.sharedPaths(in: observations.allIssues(of: entry.test), limit: 10).map {
                    sharedFolder($0, home: home)
                })
        }
        // The folders a confirmed test's failures name, most tests first.
        var counts: [String: Int] = [:]
        for (index, entry) in beside.enumerated() where entry.finding.kind == .failsBesideOtherProcesses {
            for root in roots[index] { counts[root, default: 0] += 1 }
        }
        var grouped = Set<Int>()
        var groups: [(root: String, members: [Int])] = []
        for (root, _) in counts.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) {
            let members = beside.indices.filter { !grouped.contains($0) && roots[$0].contains(root) }
            guard members.count >= 2 else { continue }
            grouped.formUnion(members)
            groups.append((root, members))
        }
        // Tests that failed the same way with failures naming no path at all most likely collided in the
        // same folder: they go with the first group (the folder most confirmed tests name), said as such.
        let nameless = beside.indices.filter { roots[$0].isEmpty }
        if !groups.isEmpty { grouped.formUnion(nameless) }
        func names(_ indices: [Int]) -> String {
            let named = indices.prefix(4).map { beside[$0].test.name }.joined(separator: ", ")
            return indices.count > 4 ? named + " and \(indices.count - 4) more" : named
        }
        let findings = groups.enumerated().map { position, group in
            let confirmed = group.members.filter { beside[$0].finding.kind == .failsBesideOtherProcesses }
            let unconfirmed = group.members.filter { !confirmed.contains($0) }
            let unnamed = position == 0 ? nameless : []
            // The finding is the folder's, not one test's: its place is the tests' file when they share one.
            let files = Set(group.members.map { beside[$0].test.file })
            return Finding(
                kind: .failsBesideOtherProcesses, file: files.count == 1 ? files.first ?? nil : nil,
                message: "`\(group.root)` is one folder shared by every test process of the package: "
                    + "\(group.members.count) tests failed only while another test process ran beside them and passed "
                    + "alone with nothing beside them; \(confirmed.count) failed again beside the whole suite in the reruns "
                    + "(\(names(confirmed)))"
                    + (unconfirmed.isEmpty ? "" : ", and the failures of \(names(unconfirmed)) name the same folder")
                    + ". Two processes at once delete or fill it under each other"
                    + (unnamed.isEmpty
                        ? ""
                        : ". \(names(unnamed)) failed the same way, beside another process only, with failures that "
                            + "name no path: likely the same folder"))
        }
        return findings + beside.indices.filter { !grouped.contains($0) }.map { beside[$0].finding }
    }

    /// The folder two processes share when a failure names `path`: the first folder under the home
    /// directory or a temporary folder (`~/.filesTest` for `~/.filesTest/a/b.txt`), else `path`'s folder.
    static func sharedFolder(_ path: String, home: String) -> String {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        let temporary = FileManager.default.temporaryDirectory.path
        for base in [home, "/tmp", "/var/tmp", temporary] where !base.isEmpty && base != "/" {
            let prefix = base.hasSuffix("/") ? base : base + "/"
            guard trimmed.hasPrefix(prefix) else { continue }
            guard let first = trimmed.dropFirst(prefix.count).split(separator: "/").first else { continue }
            return prefix + first
        }
        return (trimmed as NSString).deletingLastPathComponent
    }

}
