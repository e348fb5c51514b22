import Foundation
import LitmusModel
import LitmusSupport

/// An audit's findings and a mutation run's undetected mutants as a SARIF 2.1.0 log, the format GitHub
/// code scanning reads (`--sarif FILE`; docs/ci.md). One rule per finding kind, with its fix as help and
/// its FIRST letter as a property, and one per kind of undetected mutant; one result per finding and per
/// surviving or uncovered mutant, at its file and line.
public struct SARIFReport: Sendable {
    /// The audit, if any.
    public var audit: AuditReport?
    /// The mutation run, if any.
    public var mutation: StrykerReport?
    /// Put before each file's path (relative to the package) to name it where the log is read: the
    /// package's folder relative to the folder the command ran in (`Examples/`), empty when they are one,
    /// or an absolute folder (then the URIs are `file://` URIs). ``SARIFReport/prefix(package:workingDirectory:)``.
    public var pathPrefix: String

    /// A log of an audit and a mutation run whose paths start with `pathPrefix`.
    public init(audit: AuditReport?, mutation: StrykerReport?, pathPrefix: String = "") {
        self.audit = audit
        self.mutation = mutation
        self.pathPrefix = pathPrefix
    }

    /// The prefix that names a package's files from `workingDirectory`: the relative folder with a
    /// trailing `/` when the package lies inside it (empty when it is it), else the package's absolute
    /// folder with a trailing `/`.
    public static func prefix(package: String, workingDirectory: String) -> String {
        let packagePath = URL(
            fileURLWithPath: package, relativeTo: URL(fileURLWithPath: workingDirectory, isDirectory: true)
        )
        .absoluteURL.standardizedFileURL.path
        let base = URL(fileURLWithPath: workingDirectory).standardizedFileURL.path
        if packagePath == base { return "" }
        let folder = base.hasSuffix("/") ? base : base + "/"
        if packagePath.hasPrefix(folder) { return String(packagePath.dropFirst(folder.count)) + "/" }
        return packagePath.hasSuffix("/") ? packagePath : packagePath + "/"
    }

    /// The rule of a surviving mutant.
    static let survivedMutant = "survivedMutant"
    /// The rule of a mutant no test executes.
    static let uncoveredMutant = "uncoveredMutant"

    /// The log as JSON.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(log())
    }

    /// The log.
    func log() -> Log {
        let rules =
            FindingKind.allCases.map(Self.rule) + [
                Rule(
                    id: Self.survivedMutant, name: "SurvivedMutant",
                    shortDescription: Text(
                        text: "A mutant survived: the code was changed and every test still passed."),
                    help: Text(text: MutantRules.survivedFix),
                    properties: RuleProperties(
                        letter: Letter.thorough.rawValue, tags: ["FIRST", "Thorough", "mutation"])),
                Rule(
                    id: Self.uncoveredMutant, name: "UncoveredMutant",
                    shortDescription: Text(text: "A mutant no test executes: the code was changed and no test ran it."),
                    help: Text(text: MutantRules.uncoveredFix),
                    properties: RuleProperties(
                        letter: Letter.thorough.rawValue, tags: ["FIRST", "Thorough", "mutation"])),
            ]
        let index = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        var results: [Result] = []
        if let audit {
            let failing = Set(audit.verdicts.filter { !$0.passed }.map(\.letter))
            for finding in audit.findings {
                // A hint, a quarantined test's finding and an ignored one are notes: they fail nothing.
                let level =
                    !finding.counts ? "note" : failing.contains(finding.letter) ? "error" : "warning"
                results.append(
                    Result(
                        ruleId: finding.kind.rawValue, ruleIndex: index[finding.kind.rawValue] ?? 0, level: level,
                        message: Text(text: finding.message),
                        locations: [location(file: finding.file ?? "Package.swift", line: finding.line)],
                        properties: ResultProperties(
                            letter: finding.letter.rawValue, test: finding.test?.rawValue,
                            quarantined: finding.quarantined, hint: finding.hint ? true : nil),
                        suppressions: finding.ignored.map { [Suppression(kind: "inSource", justification: $0)] }))
            }
        }
        if let mutation {
            for mutant in MutantRules.undetected(in: mutation) {
                let rule = mutant.mutant.status == .survived ? Self.survivedMutant : Self.uncoveredMutant
                results.append(
                    Result(
                        ruleId: rule, ruleIndex: index[rule] ?? 0, level: "warning",
                        message: Text(text: MutantRules.message(mutant)),
                        locations: [
                            location(
                                file: mutant.path, line: mutant.mutant.location.start.line,
                                endLine: mutant.mutant.location.end.line)
                        ],
                        properties: ResultProperties(letter: Letter.thorough.rawValue, test: nil, quarantined: nil)))
            }
        }
        let driver = Driver(
            name: "Litmus", version: LitmusVersion.current, semanticVersion: LitmusVersion.current, rules: rules)
        return Log(runs: [Run(tool: Tool(driver: driver), results: results)])
    }

    /// A place in a file of the package.
    private func location(file: String, line: Int?, endLine: Int? = nil) -> Location {
        let path = pathPrefix + file
        let allowed = CharacterSet.urlPathAllowed
        let encoded = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        let uri = path.hasPrefix("/") ? "file://" + encoded : encoded
        let region = line.map { start in
            Region(startLine: max(start, 1), endLine: endLine.map { max($0, max(start, 1)) })
        }
        return Location(
            physicalLocation: PhysicalLocation(artifactLocation: ArtifactLocation(uri: uri), region: region))
    }

    /// The rule of a finding kind: its title, its fix as help, its letter.
    private static func rule(_ kind: FindingKind) -> Rule {
        Rule(
            id: kind.rawValue, name: kind.rawValue.prefix(1).uppercased() + kind.rawValue.dropFirst(),
            shortDescription: Text(text: kind.title), help: Text(text: kind.fix),
            properties: RuleProperties(letter: kind.letter.rawValue, tags: ["FIRST", kind.letter.word]))
    }

    // MARK: The parts of SARIF 2.1.0 that Litmus writes.

    struct Log: Encodable {
        var schema = "https://json.schemastore.org/sarif-2.1.0.json"
        var version = "2.1.0"
        var runs: [Run]

        enum CodingKeys: String, CodingKey {
            case schema = "$schema"
            case version, runs
        }
    }

    struct Run: Encodable {
        var tool: Tool
        var results: [Result]
    }

    struct Tool: Encodable { var driver: Driver }

    struct Driver: Encodable {
        var name: String
        var version: String
        var semanticVersion: String
        var rules: [Rule]
    }

    struct Rule: Encodable {
        var id: String
        var name: String
        var shortDescription: Text
        var help: Text
        var properties: RuleProperties
    }

    struct RuleProperties: Encodable {
        var letter: String
        var tags: [String]
    }

    struct Text: Encodable { var text: String }

    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Text
        var locations: [Location]
        var properties: ResultProperties
        /// A `litmus:ignore` comment's silencing, with its reason.
        var suppressions: [Suppression]? = nil
    }

    /// SARIF's record of a result silenced in the source.
    struct Suppression: Encodable {
        var kind: String
        var justification: String
    }

    struct ResultProperties: Encodable {
        var letter: String
        var test: String?
        var quarantined: Bool?
        var hint: Bool? = nil
    }

    struct Location: Encodable { var physicalLocation: PhysicalLocation }

    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region?
    }

    struct ArtifactLocation: Encodable { var uri: String }

    struct Region: Encodable {
        var startLine: Int
        var endLine: Int?
    }
}

/// What the SARIF log and GitHub's annotations say of an undetected mutant.
enum MutantRules {
    /// A mutant with the file it is in.
    struct Located {
        /// The file, relative to the package.
        var path: String
        /// The mutant.
        var mutant: StrykerReport.Mutant
        /// The code it replaced, when on one line.
        var original: String?
    }

    /// The fix of a surviving mutant.
    static let survivedFix =
        "Add or sharpen a test that fails with this change: assert the value the changed code produces, at the boundary it moves."
    /// The fix of an uncovered mutant.
    static let uncoveredFix =
        "Test the code through its public API so that some test executes it, or delete it if it is dead."

    /// The surviving and uncovered mutants, by file and id.
    static func undetected(in report: StrykerReport) -> [Located] {
        report.files.keys.sorted().flatMap { path -> [Located] in
            let file = report.files[path]!
            let lines = file.source.split(separator: "\n", omittingEmptySubsequences: false)
            return file.mutants.filter { $0.status == .survived || $0.status == .noCoverage }
                .sorted { (Int($0.id) ?? 0, $0.id) < (Int($1.id) ?? 0, $1.id) }
                .map { mutant in
                    Located(path: path, mutant: mutant, original: original(of: mutant.location, in: lines))
                }
        }
    }

    /// The sentence that says what the mutant changed and what the tests made of it.
    static func message(_ located: Located) -> String {
        let mutant = located.mutant
        let change =
            located.original.map { "`\($0)` became `\(mutant.replacement ?? "")`" }
            ?? "the code became `\(mutant.replacement ?? "")`"
        let hint = mutant.statusReason.map { " \($0)" } ?? ""
        if mutant.status == .noCoverage {
            return
                "Mutant \(mutant.id) (\(mutant.mutatorName)) was not detected: \(change), and no test executes it.\(hint)"
        }
        let covering = mutant.coveredBy?.count ?? 0
        return
            "Mutant \(mutant.id) (\(mutant.mutatorName)) survived: \(change), and the \(covering) test\(covering == 1 ? "" : "s") that execute it still passed.\(hint)"
    }

    /// The text of a one-line location (UTF-8 columns from 1), or nil.
    private static func original(of location: StrykerReport.Location, in lines: [Substring]) -> String? {
        guard location.start.line == location.end.line, location.start.line >= 1, location.start.line <= lines.count
        else { return nil }
        let bytes = Array(lines[location.start.line - 1].utf8)
        let from = location.start.column - 1
        let to = location.end.column - 1
        guard from >= 0, from <= to, to <= bytes.count else { return nil }
        return String(decoding: bytes[from..<to], as: UTF8.self)
    }
}
