import Foundation
import LitmusModel
import Testing

/// `.litmus-audit.json` (or `--config FILE`) checked against the settings it may hold: a typo in a key
/// is refused with the nearest known key, at any depth, and a value of the wrong kind names its key path
/// and what was expected (LitmusCommandsTests' ConfigurationExitTests: each exits 2).
@Suite("The audit's configuration file, checked against its settings")
struct ConfigurationFileTests {
    private let root = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-config-\(UUID())")

    /// The reason `AuditOptions.load` gives for a file holding `json`, or nil when it loads.
    private func reason(_ json: String) throws -> String? {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent(".litmus-audit.json")
        try json.write(to: file, atomically: true, encoding: .utf8)
        do {
            _ = try AuditOptions.load(from: file)
            return nil
        } catch {
            guard case .badConfiguration(let path, let reason) = error else { return "\(error)" }
            #expect(path == file.path)
            return reason
        }
    }

    @Test(
        "An unknown key is refused with the nearest known key, at any depth",
        arguments: [
            (#"{"runz": 3}"#, "`runz` is not a setting: did you mean `runs`?"),
            (
                #"{"thresholds": {"maxFastt": 1}}"#,
                "`thresholds.maxFastt` is not a key of `thresholds`: did you mean `maxFast`?"
            ),
            (
                #"{"budgets": {"tagz": {"endToEnd": 5000}}}"#,
                "`budgets.tagz` is not a key of `budgets`: did you mean `tags`?"
            ),
            (#"{"Runs": 3}"#, "`Runs` is not a setting: did you mean `runs`?"),
        ])
    func unknownKeyNearest(json: String, expected: String) throws {
        #expect(try reason(json) == expected)
    }

    @Test(
        "A setting written as its command-line flag is pointed to its key",
        arguments: [
            (#"{"timeout": 60}"#, "`timeout` is not a setting: did you mean `timeoutSeconds`?"),
            (#"{"budgetMs": 50}"#, "`budgetMs` is not a setting: did you mean `budgetMilliseconds`?"),
            (#"{"jobs": 2}"#, "`jobs` is not a setting: did you mean `parallelism`?"),
            (
                #"{"thresholds": {"maxFailing": 1}}"#,
                "`thresholds.maxFailing` is not a key of `thresholds`: did you mean `maxFailingTests`?"
            ),
        ])
    func flagNamePointsToKey(json: String, expected: String) throws {
        #expect(try reason(json) == expected)
    }

    @Test("A threshold written at the top is pointed to where it belongs")
    func keyInTheWrongObject() throws {
        #expect(try reason(#"{"maxFast": 2}"#) == "`maxFast` is not a setting: did you mean `thresholds.maxFast`?")
    }

    @Test("An unknown key near no known one lists the keys its object takes")
    func unknownKeyFar() throws {
        #expect(
            try reason(#"{"budgets": {"suites": {}}}"#)
                == "`budgets.suites` is not a key of `budgets` (the keys here: `tags`, `classes`)")
    }

    @Test(
        "A value of the wrong kind names its key path, what it must be and what it is",
        arguments: [
            (#"{"runs": 1.5}"#, "`runs` must be a whole number (it is 1.5)"),
            (#"{"runs": "3"}"#, #"`runs` must be a whole number (it is "3")"#),
            (#"{"coverage": "yes"}"#, #"`coverage` must be true or false (it is "yes")"#),
            (#"{"schedule": "slow"}"#, #"`schedule` must be "fast" or "full" (it is "slow")"#),
            (
                #"{"thresholds": {"minLineCoverage": true}}"#,
                "`thresholds.minLineCoverage` must be a number (it is true)"
            ),
            (
                #"{"budgets": {"tags": {"endToEnd": "slow"}}}"#,
                #"`budgets.tags.endToEnd` must be a number (it is "slow")"#
            ),
            (#"{"extraHints": ["magicNumber", 3]}"#, "`extraHints[1]` must be a string (it is 3)"),
            (#"{"configuration": "fast"}"#, #"`configuration` must be "debug" or "release" (it is "fast")"#),
            (#"{"traits": "A,B"}"#, #"`traits` must be a list of strings (it is "A,B")"#),
            (#"{"buildArguments": "-DNETWORK"}"#, #"`buildArguments` must be a list of strings (it is "-DNETWORK")"#),
            (
                #"{"testEnvironment": {"RETRIES": 3}}"#,
                "`testEnvironment.RETRIES` must be a string (it is 3)"
            ),
            (#"{"checks": [1]}"#, "`checks[0]` must be a string (it is 1)"),
            (
                #"{"thresholds": 5}"#,
                "`thresholds` must be an object with the keys maxFast, maxIsolated, maxRepeatable, maxSelfValidating, "
                    + "minLineCoverage, maxFailingTests, minMutationScore, maxHints (it is 5)"
            ),
        ])
    func wrongShape(json: String, expected: String) throws {
        #expect(try reason(json) == expected)
    }

    @Test("Every problem of the file is named at once, in key order")
    func severalProblems() throws {
        #expect(
            try reason(#"{"runz": 3, "budgetMilliseconds": "fast", "thresholds": {"maxFastt": 1}}"#)
                == "`budgetMilliseconds` must be a number (it is \"fast\"); `runz` is not a setting: did you mean "
                + "`runs`?; `thresholds.maxFastt` is not a key of `thresholds`: did you mean `maxFast`?")
    }

    @Test("Near misses are read: a whole number written 3.0, a null as the default, the user's own tag names")
    func nearMisses() throws {
        // Given
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("config.json")
        try #"{"runs": 3.0, "coverage": null, "budgets": {"tags": {"myOwnTag": 900}}}"#.write(
            to: file, atomically: true, encoding: .utf8)
        // When
        let sut = try AuditOptions.load(from: file)
        // Then
        #expect(sut.runs == 3)
        #expect(sut.coverage)
        #expect(sut.budgets.tags == ["myOwnTag": 900])
    }

    @Test("Every key the report writes in its options is a key the file takes")
    func everySettingKnown() throws {
        // Given
        var options = AuditOptions()
        options.budgets = DurationBudgets(tags: ["endToEnd": 5000], classes: ["UITests": 3000])
        options.extraHints = ["magicNumber"]
        // When
        let json = String(decoding: try JSONEncoder().encode(options), as: UTF8.self)
        // Then
        #expect(try reason(json) == nil)
    }

    @Test("Text that is not JSON says where it breaks")
    func notJSON() throws {
        #expect(
            try reason("{\"runs\": 5,\n  \"budgetMilliseconds\": }")
                == "it is not valid JSON (invalid value at line 2, column 25)")
    }

    @Test("A file that is not an object says what it must be")
    func notAnObject() throws {
        let text = try #require(try reason("[1, 2]"))
        #expect(text.hasPrefix("the file must be an object with the keys runs, budgetMilliseconds"))
        #expect(text.hasSuffix("(it is a list)"))
    }

    @Test("A value out of range in the file names its key path")
    func outOfRangeNested() throws {
        #expect(try reason(#"{"thresholds": {"maxFast": -1}}"#) == "`thresholds.maxFast` must be 0 or more (it is -1)")
        #expect(
            try reason(#"{"budgets": {"tags": {"endToEnd": 0}}}"#)
                == "`budgets.tags.endToEnd` must be above 0 (it is 0.0)")
    }

    @Test("--config naming a missing file says it is missing")
    func missingFile() {
        let file = root.appendingPathComponent("missing.json")
        #expect(throws: AuditError.badConfiguration(path: file.path, reason: "there is no such file")) {
            try AuditOptions.load(from: file)
        }
    }
}
