import Foundation
import LitmusModel
import LitmusSupport

/// The kind of run a shard belongs to, as its partial report says (`"audit"`, `"mutation"` in JSON).
public enum ShardedRun: String, Codable, Sendable, Hashable {
    /// `litmus audit --shard`.
    case audit
    /// `litmus mutate --shard`.
    case mutation
}

/// What a sharded run writes beside its share of the report, under the JSON key `litmus`, so that
/// `litmus merge` can check that its partials make one whole run: which shard, of what, from which
/// commit of which package.
public struct PartialHeader: Codable, Sendable, Hashable {
    /// The kind of run.
    public var kind: ShardedRun
    /// The shard that wrote it.
    public var shard: Shard
    /// The package's git HEAD when the run started, if the package is in a git work tree.
    public var commit: String?
    /// The package's name, from its manifest.
    public var package: String

    /// Creates a header.
    public init(kind: ShardedRun, shard: Shard, commit: String?, package: String) {
        self.kind = kind
        self.shard = shard
        self.commit = commit
        self.package = package
    }

    /// The git HEAD of the work tree holding `folder`, or `nil` when it is not in one (or git is missing).
    package static func commit(of folder: URL, scratch: URL) async -> String? {
        let result = try? await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["git", "rev-parse", "HEAD"], in: folder,
            outputFile: scratch.appendingPathComponent("git-head.txt"), timeout: 60)
        guard let result, result.status == 0 else { return nil }
        let head = result.output.trimmingCharacters(in: .whitespacesAndNewlines)
        return head.count == 40 && head.allSatisfy(\.isHexDigit) ? head : nil
    }

    /// Checks that `headers` (by the file each came from, in the order given) are the shards of one run:
    /// one kind, one package, one commit, one shard count, each shard once and none missing.
    public static func check(_ headers: [(file: String, header: PartialHeader)]) throws {
        guard let (firstFile, first) = headers.first else { throw MergeError.noFiles }
        var seen: [Int: String] = [:]
        for (file, header) in headers {
            if header.kind != first.kind {
                throw MergeError.mixedKinds(file: file, kind: header.kind, other: firstFile, otherKind: first.kind)
            }
            if header.package != first.package {
                throw MergeError.otherPackage(
                    file: file, package: header.package, other: firstFile, otherPackage: first.package)
            }
            if header.commit != first.commit {
                throw MergeError.otherCommit(
                    file: file, commit: header.commit, other: firstFile, otherCommit: first.commit)
            }
            if header.shard.count != first.shard.count {
                throw MergeError.otherCount(file: file, shard: header.shard, other: firstFile, otherShard: first.shard)
            }
            if let earlier = seen[header.shard.index] {
                throw MergeError.duplicate(file: file, shard: header.shard, other: earlier)
            }
            seen[header.shard.index] = file
        }
        let missing = (1...first.shard.count).filter { seen[$0] == nil }
        if !missing.isEmpty {
            throw MergeError.missing(shards: missing.map { "\($0)/\(first.shard.count)" })
        }
    }
}

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
