import Foundation
import LitmusSupport

/// How an audit measures its tests' footprints (docs/audit.md, "Isolation from footprints"): whether they
/// choose the alone runs, and the stage that reads them from suite run 1, or why it cannot.
extension Audit {
    /// Whether the tests' footprints choose which tests run alone: not in a shard (it runs its share of every
    /// test), nor with `--since` (its kept lines choose them). A test that does not run alone gets its own
    /// coverage from suite run 1 (``TestProfiles``), which `--html`, `--test-lines` and `--mutation` read.
    var choosesByFootprints: Bool { shard == nil && since == nil }

    /// The stage measuring footprints from suite run 1 when ``choosesByFootprints``, or why it cannot.
    func footprintStage(
        binary: TestBinary, workspace: PackageWorkspace, toolchain: Toolchain
    ) throws -> Result<FootprintStage, FootprintProblem>? {
        guard choosesByFootprints else { return nil }
        #if os(Linux)
            if let reason = workspace.observer.reason {
                return .failure(.init(reason: "no footprint observer: \(reason)"))
            }
            guard options.coverage else {
                return .failure(.init(reason: "they are read from coverage (--no-coverage)"))
            }
            guard let profdata = toolchain.profdata, let cov = toolchain.cov else {
                return .failure(.init(reason: "llvm-profdata or llvm-cov was not found beside swift"))
            }
            let modules = Self.builtModules(in: workspace.build)
            let cache = workspace.kept?.appendingPathComponent("footprint-sites.json")
            return .success(
                FootprintStage(
                    profdata: profdata, cov: cov, binary: binary, logs: try workspace.folder("logs"),
                    sites: { files in try await SharedStateSites.find(in: files, builtModules: modules, cache: cache) })
            )
        #else
            return .failure(.init(reason: "footprints are measured on Linux only"))
        #endif
    }

    /// The modules the build compiled (SwiftPM's `<Module>.build` folders): their code has coverage.
    static func builtModules(in build: URL) -> Set<String> {
        let debug = build.appendingPathComponent("debug")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: debug.path)) ?? []
        return Set(names.filter { $0.hasSuffix(".build") }.map { String($0.dropLast(".build".count)) })
    }
}
