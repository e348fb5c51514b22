import Foundation
import LitmusModel
import LitmusRunning

/// `--static-footprints` (docs/audit.md, "Footprints without a run"): each test's footprint read from the compiler's
/// typed AST of the package's own modules (``StaticFootprints``), set beside the one suite run 1 measured. A
/// measurement: the run's footprints still choose the alone runs.
extension Audit {
    /// With `--static-footprints`, the typed AST's footprints set beside those suite run 1 measured (a measurement: the
    /// run's chose the alone runs), timed as the phase `staticFootprints`. Only where footprints were measured
    /// (`stage`).
    func compareStaticFootprints(
        _ observations: inout Observations, stage: FootprintStage?, workspace: PackageWorkspace,
        phases: inout PhaseClock
    ) async {
        guard options.staticFootprints, stage != nil, let measured = observations.aloneScope?.isolation else { return }
        let tests = observations.tests
        observations.aloneScope?.staticFootprints = await phases.measure("staticFootprints") {
            await staticFootprintAgreement(tests: tests, measured: measured, workspace: workspace)
        }
    }

    /// How the typed AST's footprints of `tests` agree with the run's `measured` candidates; with no test compared
    /// and a `problem` when the build's description, the typed AST or the sources cannot be read.
    func staticFootprintAgreement(
        tests: [TestIdentity], measured: IsolationCandidates, workspace: PackageWorkspace
    ) async -> StaticFootprintAgreement {
        let started = Date()
        func failed(_ problem: String) -> StaticFootprintAgreement {
            var agreement = StaticFootprintAgreement(
                compared: 0, bothCandidates: 0, bothIsolated: 0, onlyStatic: 0, onlyRun: 0, staticUnseen: 0,
                seconds: Date().timeIntervalSince(started))
            agreement.problem = problem
            return agreement
        }
        let description = workspace.build.appendingPathComponent(build.configurationFolder)
            .appendingPathComponent("description.json")
        let compiles: [String: ModuleCompile]
        do {
            compiles = try ModuleCompile.read(description: description)
        } catch {
            return failed("the build's description cannot be read: \(error)")
        }
        let root = workspace.package.standardizedFileURL.path + "/"
        // The package's own modules: those with sources in its copy (not a checkout's, nor the observer Litmus adds;
        // a module with resources has SwiftPM's generated accessor in the build folder too).
        let own = compiles.filter { module, compile in
            module != FootprintObserver.target && compile.sources.contains { $0.hasPrefix(root) }
        }
        guard let scratch = try? workspace.folder("typed") else { return failed("no scratch folder for the typed AST") }
        let typed = await TypedFactsStage(
            build: workspace.build, configuration: build.configurationFolder,
            // The files of the copy: for a test module the same the analysis's typed pass reads, so both keep one dump.
            modules: own.mapValues { $0.sources.filter { $0.hasPrefix(root) }.map { URL(fileURLWithPath: $0) } },
            scratch: scratch
        ).read()
        let sources = own.values.flatMap(\.sources).filter { $0.hasPrefix(root) }.sorted()
        // Its own kept results: the run's, of the files its code covered, stay as they are for the next audit.
        let sites = stateSites(in: workspace, kept: "footprint-sites-static.json")
        let others = compiles.filter { own[$0.key] == nil && $0.key != FootprintObserver.target }
        let accesses: [String: [StateAccess]]
        let found: [String: [StateAccess]]
        do {
            accesses = try await sites(sources)
            found = try await sites(others.values.flatMap(\.sources).sorted())
        } catch {
            return failed("the places of shared state cannot be read: \(error)")
        }
        var files: [String: (facts: TypedFileFacts, text: String)] = [:]
        for source in sources {
            guard let facts = typed.file(source), let text = try? String(contentsOfFile: source, encoding: .utf8)
            else { continue }
            files[source] = (facts, text)
        }
        // A module whose typed AST is missing was not read: a call into it is unseen, not followed.
        let read = own.filter { _, compile in compile.sources.contains { files[$0] != nil } }
        // The dependencies' places, from their sources: a call into one reaches them all.
        var dependencies: [String: [StateAccess]] = [:]
        for (module, compile) in others { dependencies[module] = compile.sources.flatMap { found[$0] ?? [] } }
        let graph = StaticFootprints(
            files: files, accesses: accesses, modules: Set(read.keys), dependencies: dependencies)
        var footprints: [TestID: [StateAccess]] = [:]
        for test in tests {
            let line = test.line ?? 0
            let path = test.file.map { $0.hasPrefix("/") ? $0 : root + $0 } ?? ""
            footprints[test.id] = graph.footprint(ofTestIn: path, line: line)
        }
        let chosen = IsolationCandidates.choose(tests, footprints: Footprints(tests: footprints))
        var agreement = Self.agreement(
            of: chosen, with: measured, tests: tests, seconds: Date().timeIntervalSince(started))
        agreement.problem = typed.problem.map(workspace.paths.originalText)
        return agreement
    }

    /// The counts of `typed`'s verdicts against `measured`'s, for the `tests` that did not fail.
    static func agreement(
        of typed: IsolationCandidates, with measured: IsolationCandidates, tests: [TestIdentity], seconds: Double
    ) -> StaticFootprintAgreement {
        var agreement = StaticFootprintAgreement(
            compared: 0, bothCandidates: 0, bothIsolated: 0, onlyStatic: 0, onlyRun: 0, staticUnseen: 0,
            seconds: seconds)
        var reasons: [String: Int] = [:]
        var missed: [String] = []
        var extra: [String] = []
        for test in tests.sorted(by: { $0.id.rawValue < $1.id.rawValue }) {
            guard let run = measured.evidence[test.id], run.verdict != .failed, let read = typed.evidence[test.id]
            else { continue }
            agreement.compared += 1
            switch (read.candidate, run.candidate) {
            case (true, true): agreement.bothCandidates += 1
            case (false, false): agreement.bothIsolated += 1
            case (true, false):
                agreement.onlyStatic += 1
                extra.append(test.name)
            case (false, true):
                agreement.onlyRun += 1
                missed.append(test.name)
            }
            if read.verdict == .unseen {
                agreement.staticUnseen += 1
                reasons[Self.withoutPlace(read.because), default: 0] += 1
            }
        }
        let frequent = reasons.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(5)
        agreement.unseenBecause = Dictionary(uniqueKeysWithValues: frequent.map { ($0.key, $0.value) })
        agreement.missed = Array(missed.prefix(20))
        agreement.extra = Array(extra.prefix(20))
        return agreement
    }

    /// `because` without the place it ends with (`… (Tests.swift:12)`), so that tests unseen for one reason count
    /// together.
    static func withoutPlace(_ because: String) -> String {
        guard because.hasSuffix(")"), let open = because.range(of: " (", options: .backwards) else { return because }
        let place = because[open.upperBound...].dropLast()
        return place.contains(":") && !place.contains(" ") ? String(because[..<open.lowerBound]) : because
    }
}
