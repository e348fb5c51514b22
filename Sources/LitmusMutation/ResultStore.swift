import Foundation
import LitmusModel
import LitmusRunning
import LitmusSupport

/// One run's view of the ``MutationResultCache``: the keys of its mutants (from the coverage the run
/// measured), the results it may reuse, and the saving of the new ones. Without a kept build folder it
/// reuses nothing and saves nothing.
struct ResultStore {
    /// The cache file, in the kept build folder.
    let file: URL?
    /// Whether kept results may be reused.
    let reuse: Bool
    /// Why the kept results were set aside, if they could not be read.
    private(set) var warning: String?
    private var cache: MutationResultCache
    private let keys: [Int: String]

    /// Whether results are kept between runs.
    var isKept: Bool { file != nil }

    init(
        testing: MutationTesting, workspace: PackageWorkspace, layout: PackageLayout, files: [SchemaBuild.File],
        coverage: [Coverage], toolchain: Toolchain
    ) async throws {
        file = testing.buildFolder?.appendingPathComponent(MutationResultCache.fileName)
        reuse = testing.reuseResults
        let testSources = MutationResultCache.testSources(layout.testModules, root: workspace.package)
        var keys: [Int: String] = [:]
        for file in files {
            let fileHash = ContentHash.hex(file.text)
            for mutant in file.mutants {
                let covering = coverage.filter { $0.reached.contains(mutant.id) }.map(\.test.id)
                keys[mutant.id] = MutationResultCache.key(
                    for: mutant, fileHash: fileHash, coveredBy: covering, testSources: testSources)
            }
        }
        self.keys = keys
        guard let file else {
            cache = MutationResultCache(stamp: "")
            return
        }
        let version = try await workspace.runSwift(
            toolchain.swift, ["--version"],
            outputFile: try workspace.folder("logs").appendingPathComponent("swift-version.txt"), timeout: 120)
        let stamp =
            "\(version.output.trimmingCharacters(in: .whitespacesAndNewlines)) | time limit "
            + "\(testing.timeoutFactor) x + \(testing.timeoutFloor) s"
        (cache, warning) = MutationResultCache.load(from: file, stamp: stamp)
    }

    /// The kept result of `mutant`, when reuse is on and its key is unchanged.
    func reusable(_ mutant: Mutant) -> MutantResult? {
        guard reuse, let key = keys[mutant.id] else { return nil }
        return cache.result(for: mutant, key: key)
    }

    /// Keeps `results` with the earlier results of mutants that still exist, in the build folder.
    mutating func save(_ results: [MutantResult]) throws {
        guard let file else { return }
        for result in results {
            if let key = keys[result.mutant.id] { cache.record(result, key: key) }
        }
        cache.keep(only: Set(keys.values))
        try cache.write(to: file)
    }
}
