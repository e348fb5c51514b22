import Foundation

/// Why `litmus merge` cannot make one report of its files.
public enum MergeError: Error, CustomStringConvertible, LocalizedError, Equatable {
    /// No file was given.
    case noFiles
    /// A file cannot be read, is not JSON, or is not a partial report of a sharded run.
    case corrupt(file: String, reason: String)
    /// Files of an audit and of a mutation run.
    case mixedKinds(file: String, kind: ShardedRun, other: String, otherKind: ShardedRun)
    /// Files of two packages.
    case otherPackage(file: String, package: String, other: String, otherPackage: String)
    /// Files of two commits.
    case otherCommit(file: String, commit: String?, other: String, otherCommit: String?)
    /// Files of runs split into different numbers of shards.
    case otherCount(file: String, shard: Shard, other: String, otherShard: Shard)
    /// The same shard twice.
    case duplicate(file: String, shard: Shard, other: String)
    /// Shards not given.
    case missing(shards: [String])
    /// The shards' shares do not add up to the run they claim (another build of the sources).
    case inconsistent(file: String, reason: String)
    /// Shards run with other options that decide the runs (`option`: `--runs 5`).
    case otherOptions(file: String, option: String, other: String, otherOption: String)
    /// An audit's whole-suite run (`suite run 2 of 3`) that two shards hold.
    case duplicateRun(run: String, file: String, other: String)
    /// An audit's whole-suite run that no shard holds.
    case missingRun(run: String)

    /// The message, naming the file and the fix.
    public var description: String {
        switch self {
        case .noFiles:
            return "No file to merge: give the partial JSON of every shard "
                + "(litmus merge shard-1.json shard-2.json ...)."
        case .corrupt(let file, let reason):
            return "\(file) is not a shard's partial report (\(reason)): give the --json file a --shard run wrote."
        case .mixedKinds(let file, let kind, let other, let otherKind):
            return "\(file) holds \(kind.rawValue) results and \(other) \(otherKind.rawValue) results: "
                + "merge the shards of one run at a time."
        case .otherPackage(let file, let package, let other, let otherPackage):
            return "\(file) is a shard of package \(package) and \(other) of \(otherPackage): "
                + "merge the shards of one package at a time."
        case .otherCommit(let file, let commit, let other, let otherCommit):
            return "\(file) was made at commit \(commit ?? "(none)") and \(other) at \(otherCommit ?? "(none)"): "
                + "run every shard on the same commit."
        case .otherCount(let file, let shard, let other, let otherShard):
            return "\(file) is shard \(shard) and \(other) shard \(otherShard): "
                + "every shard of one run must be split the same way."
        case .duplicate(let file, let shard, let other):
            return "\(file) and \(other) are both shard \(shard): give each shard once."
        case .missing(let shards):
            return "Shard \(shards.joined(separator: ", ")) missing: give every shard's partial report."
        case .inconsistent(let file, let reason):
            return "\(file) does not belong with the other shards (\(reason)): run every shard on the same sources."
        case .otherOptions(let file, let option, let other, let otherOption):
            return "\(file) ran with \(option) and \(other) with \(otherOption): "
                + "give every shard the same options (they decide which runs each shard makes)."
        case .duplicateRun(let run, let file, let other):
            return "\(file) and \(other) both hold the \(run): "
                + "give each shard once, every one run with the same litmus and options."
        case .missingRun(let run):
            return "No shard holds the \(run): give every shard's partial report, "
                + "every one run with the same litmus and options."
        }
    }

    /// The same message, for `localizedDescription`.
    public var errorDescription: String? { description }
}
