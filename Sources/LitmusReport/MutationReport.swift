import Foundation

/// A mutation-testing report in Stryker's schema, version 2 (mutation-testing-report-schema), the JSON
/// that `litmus mutate --json` writes and Stryker's HTML report reads. Only what the HTML report needs
/// is modelled; other keys are left alone (the page embeds the file as it is).
public struct MutationReport: Codable, Sendable, Hashable {
    /// The schema's version: `"2"`.
    public var schemaVersion: String
    /// The mutated source files by path: their language, source text and mutants.
    public var files: [String: SourceFile]
    /// The test files by path, naming the tests that `coveredBy` and `killedBy` refer to, if given.
    public var testFiles: [String: TestFile]?

    /// Creates a report.
    public init(schemaVersion: String = "2", files: [String: SourceFile], testFiles: [String: TestFile]? = nil) {
        self.schemaVersion = schemaVersion
        self.files = files
        self.testFiles = testFiles
    }

    /// One mutated source file.
    public struct SourceFile: Codable, Sendable, Hashable {
        /// The language, e.g. `swift`.
        public var language: String
        /// The file's whole text.
        public var source: String
        /// The mutants made in it.
        public var mutants: [Mutant]

        /// Creates a source file.
        public init(language: String = "swift", source: String, mutants: [Mutant]) {
            self.language = language
            self.source = source
            self.mutants = mutants
        }
    }

    /// One mutant: a small change of the source, and what the tests made of it.
    public struct Mutant: Codable, Sendable, Hashable {
        /// Unique within the report.
        public var id: String
        /// What kind of change, e.g. `ArithmeticOperator`.
        public var mutatorName: String
        /// The text that replaced the located code, if given.
        public var replacement: String?
        /// Where the replaced code sits.
        public var location: Location
        /// What the tests made of it.
        public var status: Status
        /// Why it has that status (a compiler error, the failing assertion), if given.
        public var statusReason: String?
        /// The tests that executed the mutated code.
        public var coveredBy: [String]?
        /// The tests that failed with the mutant in place.
        public var killedBy: [String]?
        /// How many tests ran against it.
        public var testsCompleted: Int?
        /// How long its tests ran, in milliseconds.
        public var duration: Double?

        /// Creates a mutant.
        public init(
            id: String, mutatorName: String, replacement: String?, location: Location, status: Status,
            statusReason: String? = nil, coveredBy: [String]? = nil, killedBy: [String]? = nil,
            testsCompleted: Int? = nil, duration: Double? = nil
        ) {
            self.id = id
            self.mutatorName = mutatorName
            self.replacement = replacement
            self.location = location
            self.status = status
            self.statusReason = statusReason
            self.coveredBy = coveredBy
            self.killedBy = killedBy
            self.testsCompleted = testsCompleted
            self.duration = duration
        }
    }

    /// A stretch of source: from `start` up to (not including) `end`, lines and columns from 1.
    public struct Location: Codable, Sendable, Hashable {
        /// The first character.
        public var start: Position
        /// Just after the last character.
        public var end: Position

        /// Creates a location.
        public init(start: Position, end: Position) {
            self.start = start
            self.end = end
        }
    }

    /// A line and column, both from 1.
    public struct Position: Codable, Sendable, Hashable {
        /// The line, from 1.
        public var line: Int
        /// The column, from 1.
        public var column: Int

        /// Creates a position.
        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
    }

    /// What the tests made of a mutant, in Stryker's words.
    public enum Status: String, Codable, Sendable, CaseIterable {
        /// A test failed: the tests noticed the change.
        case killed = "Killed"
        /// Every test passed: the tests did not notice.
        case survived = "Survived"
        /// No test executes the mutated code.
        case noCoverage = "NoCoverage"
        /// The tests ran past the time limit (counted as detected).
        case timeout = "Timeout"
        /// The tests crashed in a way that is not a failure.
        case runtimeError = "RuntimeError"
        /// The mutated code did not compile.
        case compileError = "CompileError"
        /// Left out on purpose.
        case ignored = "Ignored"
        /// Not run yet.
        case pending = "Pending"
    }

    /// A test file: the tests it declares.
    public struct TestFile: Codable, Sendable, Hashable {
        /// Its tests.
        public var tests: [TestDefinition]

        /// Creates a test file.
        public init(tests: [TestDefinition]) { self.tests = tests }
    }

    /// A test that `coveredBy` and `killedBy` name by its `id`.
    public struct TestDefinition: Codable, Sendable, Hashable {
        /// What mutants refer to it by.
        public var id: String
        /// Its name for people.
        public var name: String

        /// Creates a test definition.
        public init(id: String, name: String) {
            self.id = id
            self.name = name
        }
    }
}
