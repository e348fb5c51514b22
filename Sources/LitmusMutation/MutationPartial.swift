import Foundation
import LitmusAudit

/// What makes a ``MutationReport`` a shard's share of a run (`litmus mutate --shard i/n`): its header
/// (shard, commit, package) and the ids of every mutant of the run, so that `litmus merge` can check
/// that the shards add up to the whole run.
public struct MutationPartial: Sendable, Hashable {
    /// The shard, commit and package.
    public var header: PartialHeader
    /// The ids of every mutant of the whole run, in id order, this shard's and the others'.
    public var mutantIDs: [Int]

    /// Creates the partial of a shard.
    public init(header: PartialHeader, mutantIDs: [Int]) {
        self.header = header
        self.mutantIDs = mutantIDs
    }

    /// The `litmus` key of a shard's Stryker JSON: the partial, and what the Stryker schema has no
    /// place for (the tests' libraries, the notes, the times), so the merged report is the one an
    /// unsharded run makes.
    struct Section: Codable {
        var header: PartialHeader
        var mutants: [Int]
        var tests: [TestIdentity]
        var notes: [String]
        var wallSeconds: Double
        var buildSeconds: Double
        /// The ids of this shard's mutants whose results came from the result cache (absent: none).
        var reused: [Int]?
    }
}

extension MutationReport {
    /// The `litmus` section of this report's JSON, as the shard `partial`.
    func section(_ partial: MutationPartial) -> MutationPartial.Section {
        MutationPartial.Section(
            header: partial.header, mutants: partial.mutantIDs, tests: tests, notes: notes, wallSeconds: wallSeconds,
            buildSeconds: buildSeconds, reused: results.filter(\.reused).map(\.mutant.id))
    }

    /// The report an unsharded run would have made, from the JSON of every shard of a run (by the file
    /// each came from). Its times are the longest shard's. Throws a ``MergeError`` naming the file when a
    /// shard is missing or given twice, is from another commit, package or build of the sources, or is
    /// not a shard's report.
    public static func merging(_ files: [(file: String, data: Data)]) throws -> MutationReport {
        var shards: [(file: String, report: StrykerReport, section: MutationPartial.Section)] = []
        for (file, data) in files {
            let report: StrykerReport
            do {
                report = try JSONDecoder().decode(StrykerReport.self, from: data)
            } catch {
                throw MergeError.corrupt(file: file, reason: "not a mutation report in Stryker's schema")
            }
            guard let section = report.litmus else {
                throw MergeError.corrupt(file: file, reason: "it has no litmus section: a run without --shard wrote it")
            }
            shards.append((file, report, section))
        }
        try PartialHeader.check(shards.map { ($0.file, $0.section.header) })
        guard let first = shards.first else { throw MergeError.noFiles }
        var byID: [Int: (file: String, result: MutantResult)] = [:]
        for shard in shards {
            if shard.section.mutants != first.section.mutants {
                throw MergeError.inconsistent(
                    file: shard.file,
                    reason: "its run has \(shard.section.mutants.count) mutants, \(first.file)'s "
                        + "\(first.section.mutants.count)")
            }
            if Set(shard.report.files.keys) != Set(first.report.files.keys) {
                throw MergeError.inconsistent(file: shard.file, reason: "it mutated other files than \(first.file)")
            }
            for (path, file) in shard.report.files {
                guard first.report.files[path]?.source == file.source else {
                    throw MergeError.inconsistent(
                        file: shard.file, reason: "its \(path) differs from \(first.file)'s")
                }
                let reused = Set(shard.section.reused ?? [])
                for stryker in file.mutants {
                    var result = try Self.result(stryker, path: path, source: file.source, in: shard.file)
                    result.reused = reused.contains(result.mutant.id)
                    if let other = byID[result.mutant.id] {
                        throw MergeError.inconsistent(
                            file: shard.file, reason: "mutant \(result.mutant.id) is in \(other.file) too")
                    }
                    byID[result.mutant.id] = (shard.file, result)
                }
            }
        }
        let results = try first.section.mutants.map { id in
            guard let found = byID.removeValue(forKey: id) else {
                throw MergeError.inconsistent(file: first.file, reason: "mutant \(id) is in no shard")
            }
            return found.result
        }
        if let stray = byID.first {
            throw MergeError.inconsistent(file: stray.value.file, reason: "mutant \(stray.key) is not in the run")
        }
        var notes: [String] = []
        for note in shards.flatMap(\.section.notes) where !notes.contains(note) { notes.append(note) }
        return MutationReport(
            package: first.report.projectRoot, sources: first.report.files.mapValues(\.source), results: results,
            tests: first.section.tests, notes: notes, wallSeconds: shards.map(\.section.wallSeconds).max() ?? 0,
            buildSeconds: shards.map(\.section.buildSeconds).max() ?? 0, since: first.report.config?.since)
    }

    /// A mutant's result read back from its Stryker JSON; the code as written comes from the source.
    private static func result(_ stryker: StrykerMutant, path: String, source: String, in file: String) throws
        -> MutantResult
    {
        guard let id = Int(stryker.id), let mutationOperator = MutationOperator(rawValue: stryker.mutatorName),
            let status = MutantStatus(rawValue: stryker.status), let end = stryker.location.end
        else {
            throw MergeError.corrupt(file: file, reason: "mutant \(stryker.id) of \(path) is not one litmus wrote")
        }
        let start = SourcePosition(line: stryker.location.start.line, column: stryker.location.start.column)
        let stop = SourcePosition(line: end.line, column: end.column)
        let bytes = Array(source.utf8)
        guard let from = offset(of: start, in: bytes), let to = offset(of: stop, in: bytes), from <= to else {
            throw MergeError.corrupt(file: file, reason: "mutant \(id) lies outside \(path)")
        }
        let mutant = Mutant(
            id: id, mutationOperator: mutationOperator, file: path, start: start, end: stop,
            original: String(decoding: bytes[from..<to], as: UTF8.self), replacement: stryker.replacement,
            changed: from..<to, node: from..<to, isStatement: false)
        return MutantResult(
            mutant: mutant, status: status, reason: stryker.statusReason, coveredBy: stryker.coveredBy,
            killedBy: stryker.killedBy, testsCompleted: stryker.testsCompleted,
            durationMilliseconds: stryker.duration)
    }

    /// The byte offset of a 1-based line and UTF-8 column in `bytes`, or `nil` past the end.
    private static func offset(of position: SourcePosition, in bytes: [UInt8]) -> Int? {
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
