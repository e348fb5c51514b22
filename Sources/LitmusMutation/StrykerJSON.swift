import Foundation
import LitmusModel
import LitmusRunning

/// The JSON of `litmus mutate --json`: Stryker's schema (``StrykerReport``, LitmusReport's one model of
/// it) and, in the same JSON object, the keys that are Litmus's own: the schema's free-form `config`
/// (how many results were reused, the `--since` ref) and a shard's `litmus` section
/// (``MutationPartial/Section``). The schema's model knows nothing of them; this encodes and decodes
/// both into one object.
struct StrykerJSON: Codable {
    /// The schema's part.
    var report: StrykerReport
    /// The `config` key, as Litmus fills it.
    var config: Config?
    /// The `litmus` key: a shard's share of its run; absent from an unsharded run.
    var litmus: MutationPartial.Section?

    /// What Litmus puts in the schema's free-form `config`.
    struct Config: Codable {
        /// How many results were reused from the last run (``MutationResultCache``).
        var reusedResults: Int
        /// The ref of `--since`, when only the mutants on lines changed since it were made.
        var since: String?
    }

    private enum Keys: String, CodingKey { case config, litmus }

    init(report: StrykerReport, config: Config?, litmus: MutationPartial.Section?) {
        self.report = report
        self.config = config
        self.litmus = litmus
    }

    init(from decoder: any Decoder) throws {
        report = try StrykerReport(from: decoder)
        let container = try decoder.container(keyedBy: Keys.self)
        config = try container.decodeIfPresent(Config.self, forKey: .config)
        litmus = try container.decodeIfPresent(MutationPartial.Section.self, forKey: .litmus)
    }

    func encode(to encoder: any Encoder) throws {
        try report.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encodeIfPresent(config, forKey: .config)
        try container.encodeIfPresent(litmus, forKey: .litmus)
    }
}

extension MutantResult {
    /// The result as the schema's mutant.
    var stryker: StrykerReport.Mutant {
        StrykerReport.Mutant(
            id: String(mutant.id), mutatorName: mutant.mutationOperator.rawValue, replacement: mutant.replacement,
            location: StrykerReport.Location(
                start: .init(line: mutant.start.line, column: mutant.start.column),
                end: .init(line: mutant.end.line, column: mutant.end.column)),
            status: status, statusReason: reason ?? hint?.text, coveredBy: coveredBy.map(\.rawValue),
            killedBy: killedBy.map(\.rawValue),
            testsCompleted: testsCompleted, duration: Double(durationMilliseconds))
    }

    /// A result read back from the schema's mutant of `path`, which litmus wrote (in `file`); the code as
    /// written comes from the `source`. Throws ``MergeError/corrupt(file:reason:)`` for any other mutant.
    init(_ stryker: StrykerReport.Mutant, path: String, source: String, in file: String) throws {
        guard let id = Int(stryker.id), let mutationOperator = MutationOperator(rawValue: stryker.mutatorName),
            MutantStatus.assigned.contains(stryker.status), let replacement = stryker.replacement,
            let coveredBy = stryker.coveredBy, let killedBy = stryker.killedBy,
            let testsCompleted = stryker.testsCompleted, let duration = stryker.duration,
            duration.isFinite, (0..<1e15).contains(duration)
        else {
            throw MergeError.corrupt(file: file, reason: "mutant \(stryker.id) of \(path) is not one litmus wrote")
        }
        let start = SourcePosition(line: stryker.location.start.line, column: stryker.location.start.column)
        let stop = SourcePosition(line: stryker.location.end.line, column: stryker.location.end.column)
        let bytes = Array(source.utf8)
        guard let from = Self.offset(of: start, in: bytes), let to = Self.offset(of: stop, in: bytes), from <= to
        else {
            throw MergeError.corrupt(file: file, reason: "mutant \(id) lies outside \(path)")
        }
        let mutant = Mutant(
            id: id, mutationOperator: mutationOperator, file: path, start: start, end: stop,
            original: String(decoding: bytes[from..<to], as: UTF8.self), replacement: replacement,
            changed: from..<to, node: from..<to, isStatement: false)
        self.init(
            mutant: mutant, status: stryker.status, reason: stryker.statusReason,
            coveredBy: coveredBy.map(TestID.init(rawValue:)),
            killedBy: killedBy.map(TestID.init(rawValue:)), testsCompleted: testsCompleted,
            durationMilliseconds: Int(duration))
    }

    /// The byte offset of a 1-based line and UTF-8 column in `bytes`, or `nil` past the end.
    private static func offset(of position: SourcePosition, in bytes: [UInt8]) -> Int? {
        guard position.line >= 1, position.column >= 1 else { return nil }
        var line = 1
        var index = 0
        while line < position.line {
            guard let newline = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            index = newline + 1
            line += 1
        }
        let offset = index + position.column - 1
        return offset <= bytes.count ? offset : nil
    }
}
