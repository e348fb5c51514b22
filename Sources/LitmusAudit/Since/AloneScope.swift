import Foundation

/// `--since REF`: which tests run alone. The report keeps the findings of the tests that touch the
/// changes (``ChangedScope``): a test whose file changed, or whose lines executed alone include a changed
/// line. Which lines a test executes is what its alone run measures, so an audit with nothing to go by
/// runs every test alone. With the lines each test executed alone in an earlier audit of the package
/// (``TestLinesStore``, in the kept build folder), kept only while nothing the test depends on changed
/// since, a test whose kept lines touch no change and whose file did not change is out of scope before
/// it runs: its alone run would only feed findings the report drops, so it is skipped, and the report
/// takes its lines from the store. Without coverage (`--no-coverage`) only a changed test file puts a test in
/// scope, so only those tests run alone.
package struct AloneScope: Sendable, Hashable, Codable {
    /// The tests to run alone, by identifier; `nil`: every test.
    package var tests: Set<TestID>?
    /// Why every test runs alone, when `tests` is `nil`.
    package var reason: String?

    /// Every test runs alone, for `reason`.
    package static func everyTest(_ reason: String) -> AloneScope { AloneScope(tests: nil, reason: reason) }

    /// The tests of `tests` to run alone for `changes`, given the lines each executed alone before
    /// (`previous`: the entries that still hold, ``TestLinesStore/surviving(package:files:layout:)``); every
    /// test, with the reason, when none is out of scope.
    package static func choose(_ tests: [TestIdentity], changes: ChangedLines, previous: TestLinesStore)
        -> AloneScope
    {
        let chosen = tests.filter { test in
            guard let lines = previous.tests[test.id] else { return true }
            return ChangedScope.touches(changes, file: test.file, lines: lines)
        }
        guard chosen.count < tests.count else {
            return .everyTest("each may touch the changes, or has no kept lines that still hold")
        }
        return AloneScope(tests: Set(chosen.map(\.id)), reason: nil)
    }

    /// The tests whose own file changed: without coverage, the only ones `--since` keeps.
    package static func byFile(_ tests: [TestIdentity], changes: ChangedLines) -> AloneScope {
        AloneScope(tests: Set(tests.filter { $0.file.map(changes.touches(file:)) ?? false }.map(\.id)), reason: nil)
    }

    /// The tests of `tests` this scope runs alone, in their order.
    package func filter(_ tests: [TestIdentity]) -> [TestIdentity] {
        guard let chosen = self.tests else { return tests }
        return tests.filter { chosen.contains($0.id) }
    }
}

extension AloneScope {
    /// What chooses the tests that run alone with `--since`, settled before the tests are discovered.
    package enum Rule: Sendable {
        /// Every test, for the reason given.
        case everyTest(String)
        /// The tests whose file changed (``AloneScope/byFile(_:changes:)``).
        case byFile(ChangedLines)
        /// The tests the kept lines do not put out of scope (``AloneScope/choose(_:changes:previous:)``).
        case byLines(ChangedLines, previous: TestLinesStore)

        /// The scope this rule gives `tests`.
        package func scope(for tests: [TestIdentity]) -> AloneScope {
            switch self {
            case .everyTest(let reason): .everyTest(reason)
            case .byFile(let changes): AloneScope.byFile(tests, changes: changes)
            case .byLines(let changes, let previous): AloneScope.choose(tests, changes: changes, previous: previous)
            }
        }
    }
}
