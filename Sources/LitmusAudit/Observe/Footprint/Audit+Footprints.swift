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

    /// The modules the build compiled (SwiftPM's `<Module>.build` folders), whose code has coverage, and those its
    /// compiles were given module maps of (`-fmodule-map-file=` in its plan, `debug.yaml`): a system library's
    /// (GRDB's `GRDBSQLite`), which `#if canImport` finds though nothing compiled it.
    static func builtModules(in build: URL) -> Set<String> {
        let debug = build.appendingPathComponent("debug")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: debug.path)) ?? []
        let plan = (try? String(contentsOf: build.appendingPathComponent("debug.yaml"), encoding: .utf8)) ?? ""
        return Set(names.filter { $0.hasSuffix(".build") }.map { String($0.dropLast(".build".count)) })
            .union(
                ModuleMaps.files(inPlan: plan).flatMap { url in
                    ModuleMaps.modules((try? String(contentsOf: url, encoding: .utf8)) ?? "")
                })
    }
}

/// Clang module maps, as a build plan names them.
enum ModuleMaps {
    /// The module maps a build plan passes to its compiles (`-fmodule-map-file=PATH`), once each.
    static func files(inPlan plan: String) -> [URL] {
        var paths: Set<String> = []
        var rest = plan[...]
        while let flag = rest.range(of: "-fmodule-map-file=") {
            let path = rest[flag.upperBound...].prefix { !" \"',\n]".contains($0) }
            if !path.isEmpty { paths.insert(String(path)) }
            rest = rest[flag.upperBound...]
        }
        return paths.sorted().map { URL(fileURLWithPath: $0) }
    }

    /// The top-level modules a module map declares (`module CZlib [system] {`, `framework module X`), not its
    /// submodules.
    static func modules(_ text: String) -> [String] {
        var names: [String] = []
        var depth = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let code = line.prefix { $0 != "/" }
            if depth == 0 {
                let words = code.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "{" || $0 == "[" })
                if let index = words.firstIndex(of: "module"), index + 1 < words.count,
                    words[..<index].allSatisfy({ ["explicit", "framework", "extern"].contains($0) })
                {
                    names.append(String(words[index + 1]))
                }
            }
            depth += code.filter { $0 == "{" }.count - code.filter { $0 == "}" }.count
        }
        return names
    }
}
