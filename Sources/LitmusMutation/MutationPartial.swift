import Foundation
import LitmusModel
import LitmusRunning

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
        var shards: [(file: String, json: StrykerJSON, section: MutationPartial.Section)] = []
        for (file, data) in files {
            let json: StrykerJSON
            do {
                json = try JSONDecoder().decode(StrykerJSON.self, from: data)
            } catch {
                throw MergeError.corrupt(file: file, reason: "not a mutation report in Stryker's schema")
            }
            guard let section = json.litmus else {
                throw MergeError.corrupt(file: file, reason: "it has no litmus section: a run without --shard wrote it")
            }
            shards.append((file, json, section))
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
            if Set(shard.json.report.files.keys) != Set(first.json.report.files.keys) {
                throw MergeError.inconsistent(file: shard.file, reason: "it mutated other files than \(first.file)")
            }
            for (path, file) in shard.json.report.files {
                guard first.json.report.files[path]?.source == file.source else {
                    throw MergeError.inconsistent(
                        file: shard.file, reason: "its \(path) differs from \(first.file)'s")
                }
                let reused = Set(shard.section.reused ?? [])
                for stryker in file.mutants {
                    var result = try MutantResult(stryker, path: path, source: file.source, in: shard.file)
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
        guard let package = first.json.report.projectRoot else {
            throw MergeError.corrupt(file: first.file, reason: "it has no projectRoot: litmus did not write it")
        }
        return MutationReport(
            package: package, sources: first.json.report.files.mapValues(\.source), results: results,
            tests: first.section.tests, notes: notes, wallSeconds: shards.map(\.section.wallSeconds).max() ?? 0,
            buildSeconds: shards.map(\.section.buildSeconds).max() ?? 0, since: first.json.config?.since)
    }
}
