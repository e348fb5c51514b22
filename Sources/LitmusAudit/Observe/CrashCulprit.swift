import LitmusRunning

/// The test that crashed a test process, read from the crashed thread's backtrace, or else the tests likely to
/// have: what the crash finding names (``CrashJudge``), and what tells the tests a crash only ended beside it
/// (``RunStage/failing(in:processes:tests:typeNames:)``).
enum CrashCulprit {
    /// The test that crashed `process`: the test whose function a frame of the crashed thread is in (the
    /// innermost such frame), else the nearest running test above a frame in a test's file (a closure, a helper),
    /// else, when one test alone was running, that one. `named`: only a test a frame names, and only when one
    /// test has that name (two suites of a file may each have a `roundTrip`): a culprit sure enough to spare the
    /// others.
    static func of(
        _ process: TestProcess, _ crash: ProcessCrash, among tests: [TestIdentity], named: Bool = false
    ) -> TestIdentity? {
        let running = Set(process.inFlight)
        let candidates = tests.filter { running.contains($0.id) } + tests.filter { !running.contains($0.id) }
        func inFile(_ test: TestIdentity, _ frame: ProcessCrash.Frame) -> Bool {
            test.file.map { frame.file.hasSuffix($0) || $0.hasSuffix(frame.file) } ?? false
        }
        if named {
            // Every frame is looked through for a test's name before any guess.
            for frame in crash.frames {
                let function = frame.function.split(separator: "(").first.map(String.init) ?? frame.function
                let found = candidates.filter { inFile($0, frame) && baseName(of: $0) == lastComponent(of: function) }
                if found.count == 1 { return found[0] }
                if found.count > 1 { return nil }
            }
            return nil
        }
        for frame in crash.frames {
            let function = frame.function.split(separator: "(").first.map(String.init) ?? frame.function
            if let test = candidates.first(where: {
                inFile($0, frame) && baseName(of: $0) == lastComponent(of: function)
            }) {
                return test
            }
            // A frame in a test's file but in no test's name (a closure, a helper): the nearest test above it
            // that was running.
            let above = tests.filter { running.contains($0.id) && inFile($0, frame) && ($0.line ?? .max) <= frame.line }
            if let nearest = above.max(by: { ($0.line ?? 0) < ($1.line ?? 0) }) { return nearest }
        }
        guard process.inFlight.count == 1 else { return nil }
        return tests.first { $0.id == process.inFlight[0] }
    }

    /// Of the tests `process` was running when it crashed, those whose files use what the crashed thread ran
    /// (URLSession, for a crash in `URLSessionTask.cancel()`), by `typeNames` (the type names each test file
    /// uses), and the names they use; none when no running test's file uses any.
    static func suspects(
        _ process: TestProcess, _ crash: ProcessCrash, among tests: [TestIdentity], typeNames: [String: [String]]
    ) -> (tests: [TestIdentity], using: Set<String>) {
        let byID = Dictionary(tests.map { ($0.id, $0) }) { first, _ in first }
        let symbols = Set(crash.symbols)
        var used: Set<String> = []
        let suspects = process.inFlight.compactMap { byID[$0] }.filter { test in
            let named = symbols.intersection(test.file.flatMap { typeNames[$0] } ?? [])
            used.formUnion(named)
            return !named.isEmpty
        }
        return (suspects, used)
    }

    /// `closingNeedsTheLedgerAlone` of `Suite/closingNeedsTheLedgerAlone()`, `testA` of `Class.testA`.
    private static func baseName(of test: TestIdentity) -> String {
        let name = test.name.split(separator: "(").first.map(String.init) ?? test.name
        return lastComponent(of: name)
    }

    /// The last component of a dotted or slashed name.
    private static func lastComponent(of name: String) -> String {
        String(name.split(whereSeparator: { $0 == "." || $0 == "/" || $0 == " " }).last ?? Substring(name))
    }
}
