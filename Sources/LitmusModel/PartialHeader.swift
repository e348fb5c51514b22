import Foundation
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
