import Foundation

/// A mutation-testing report in Stryker's mutation-testing-report-schema, version 2: the one model of
/// the JSON that `litmus mutate --json` writes (LitmusMutation fills it), `litmus merge` reads back and
/// the HTML report reads, Stryker's own files included. What the schema leaves optional is optional here,
/// so a file written by another tool opens; keys not modelled (the free-form `config`, `performance`,
/// `framework`, `system`, Litmus's `litmus` section of a shard) are left alone: the page embeds the file
/// as it is, and LitmusMutation reads and writes its own keys beside these.
public struct StrykerReport: Codable, Sendable, Hashable {
    /// The schema's version: `"2"`.
    public var schemaVersion: String
    /// The score bands the report colours by; the schema requires them, but a file without them still opens.
    public var thresholds: Thresholds?
    /// The folder the paths are relative to, if given.
    public var projectRoot: String?
    /// The mutated source files by path: their language, source text and mutants.
    public var files: [String: SourceFile]
    /// The test files by path, naming the tests that `coveredBy` and `killedBy` refer to, if given.
    public var testFiles: [String: TestFile]?
    /// The tool that wrote the report and its version (litmus writes its own), if given.
    public var framework: Framework?

    /// Creates a report.
    public init(
        schemaVersion: String = "2", thresholds: Thresholds? = nil, projectRoot: String? = nil,
        files: [String: SourceFile], testFiles: [String: TestFile]? = nil, framework: Framework? = nil
    ) {
        self.schemaVersion = schemaVersion
        self.thresholds = thresholds
        self.projectRoot = projectRoot
        self.files = files
        self.testFiles = testFiles
        self.framework = framework
    }

    /// The schema's `framework`: the tool that made the report.
    public struct Framework: Codable, Sendable, Hashable {
        /// The tool's name.
        public var name: String
        /// The tool's version, if given.
        public var version: String?

        /// Creates a tool's entry.
        public init(name: String, version: String? = nil) {
            self.name = name
            self.version = version
        }
    }

    /// The scores, in percent, from which the report shows a score as good (`high`) and as poor (under `low`).
    public struct Thresholds: Codable, Sendable, Hashable {
        /// From this score on, good.
        public var high: Double
        /// Under this score, poor.
        public var low: Double

        /// Creates thresholds.
        public init(high: Double, low: Double) {
            self.high = high
            self.low = low
        }

        /// The bands Litmus colours a run by: under the least acceptable score is poor (60 when none is
        /// given), and from 80 (or that score, when higher) on is good.
        public init(minimumScore: Double?) {
            let low = minimumScore ?? 60
            self.init(high: max(80, low), low: low)
        }
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
        /// Why it has that status (a compiler error, the failing assertion), if given; for a surviving or
        /// uncovered mutant, Litmus's hint: the check that would kill it and the covering test that came
        /// closest.
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

    /// A mutant's stretch of source: from `start` up to (not including) `end`, lines and columns from 1.
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

    /// A test's place in its file: where it starts and, if given, where it ends (the schema's open-end location).
    public struct OpenEndLocation: Codable, Sendable, Hashable {
        /// The first character.
        public var start: Position
        /// Just after the last character, if given.
        public var end: Position?

        /// Creates a location.
        public init(start: Position, end: Position? = nil) {
            self.start = start
            self.end = end
        }
    }

    /// A line and column, both from 1.
    public typealias Position = SourcePosition

    /// What the tests made of a mutant, in Stryker's words.
    public enum Status: String, Codable, Sendable, CaseIterable {
        /// A test failed: the tests noticed the change.
        case killed = "Killed"
        /// Every test passed: the tests did not notice.
        case survived = "Survived"
        /// No test executes the mutated code.
        case noCoverage = "NoCoverage"
        /// The tests ran past the time limit (an endless loop, most often).
        case timeout = "Timeout"
        /// The test process crashed with the mutant on.
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
        /// The file's whole text, if given.
        public var source: String?

        /// Creates a test file.
        public init(tests: [TestDefinition], source: String? = nil) {
            self.tests = tests
            self.source = source
        }
    }

    /// A test that `coveredBy` and `killedBy` name by its `id`.
    public struct TestDefinition: Codable, Sendable, Hashable {
        /// What mutants refer to it by.
        public var id: String
        /// Its name for people.
        public var name: String
        /// Where it is declared in its file, if given.
        public var location: OpenEndLocation?

        /// Creates a test definition.
        public init(id: String, name: String, location: OpenEndLocation? = nil) {
            self.id = id
            self.name = name
            self.location = location
        }
    }
}
