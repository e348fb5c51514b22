import Foundation
import LitmusAudit
import LitmusCommands
import Testing

@Suite("The audit command's options", .tags(.parsing))
struct AuditCommandTests {
    @Test("Defaults: 3 runs, a 100 ms budget, coverage on, no finding allowed")
    func defaults() throws {
        let sut = try AuditCommand.parse(["/nowhere"])
        let options = try sut.resolvedOptions()
        #expect(options.runs == 3)
        #expect(options.budgetMilliseconds == 100)
        #expect(options.coverage)
        #expect(options.thresholds.maxFast == 0 && options.thresholds.maxSelfValidating == 0)
        #expect(options.thresholds.minLineCoverage == 0)
    }

    @Test("A configuration file sets options; flags win over it")
    func configurationAndFlags() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "litmus-audit-config-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try #"{"runs": 5, "budgetMilliseconds": 20, "thresholds": {"maxFast": 2, "minLineCoverage": 75}}"#
            .write(to: file, atomically: true, encoding: .utf8)
        let sut = try AuditCommand.parse(["--config", file.path, "--runs", "4", "--max-isolated", "1", "--no-coverage"])
        let options = try sut.resolvedOptions()
        #expect(options.runs == 4)
        #expect(options.budgetMilliseconds == 20)
        #expect(options.thresholds.maxFast == 2)
        #expect(options.thresholds.maxIsolated == 1)
        #expect(options.thresholds.minLineCoverage == 75)
        #expect(!options.coverage)
    }

    @Test("Every flag sets its option, and the file's every key is read back as written")
    func everyOption() throws {
        let flags = [
            "--runs", "4", "--budget-ms", "25", "--random-subsets", "3", "--jobs", "2", "--timeout", "9",
            "--no-coverage", "--max-fast", "1", "--max-isolated", "2", "--max-repeatable", "3",
            "--max-self-validating", "4", "--max-failing", "5", "--min-line-coverage", "66.5", "--schedule", "full",
        ]
        let sut = try AuditCommand.parse(["/nowhere"] + flags).resolvedOptions()
        var expected = AuditOptions()
        expected.runs = 4
        expected.budgetMilliseconds = 25
        expected.randomSubsets = 3
        expected.parallelism = 2
        expected.timeoutSeconds = 9
        expected.coverage = false
        expected.schedule = .full
        expected.thresholds.maxFast = 1
        expected.thresholds.maxIsolated = 2
        expected.thresholds.maxRepeatable = 3
        expected.thresholds.maxSelfValidating = 4
        expected.thresholds.maxFailingTests = 5
        expected.thresholds.minLineCoverage = 66.5
        #expect(sut == expected)

        expected.slowestCount = 9
        let file = try JSONDecoder().decode(AuditOptions.self, from: JSONEncoder().encode(expected))
        #expect(file == expected)
    }

    @Test("A malformed configuration file is named in the error")
    func badConfiguration() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "litmus-audit-bad-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try "{runs: 5".write(to: file, atomically: true, encoding: .utf8)
        let sut = try AuditCommand.parse(["--config", file.path])
        let error = #expect(throws: AuditError.self) { try sut.resolvedOptions() }
        #expect(error?.description.contains(file.path) == true)
    }

    @Test(
        "A value out of range on the command line is refused",
        arguments: [["--timeout", "0"], ["--runs", "0"], ["--jobs", "-1"], ["--budget-ms", "-5"]])
    func outOfRange(arguments: [String]) {
        #expect(throws: (any Error).self) { try AuditCommand.parse(["/nowhere"] + arguments) }
    }

    @Test("A value out of range is refused naming the option: on the command line and in the file")
    func outOfRangeNamed() throws {
        let timeout = #expect(throws: (any Error).self) { try AuditCommand.parse(["/nowhere", "--timeout", "0"]) }
        #expect(AuditCommand.message(for: try #require(timeout)).contains("timeoutSeconds must be above 0"))

        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "litmus-audit-range-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try #"{"runs": 0}"#.write(to: file, atomically: true, encoding: .utf8)
        let error = #expect(throws: AuditError.self) { try AuditOptions.load(from: file) }
        #expect(error == .badConfiguration(path: file.path, reason: "`runs` must be at least 1 (it is 0)"))
    }

    /// The help, rendered once for every flag's case (rendering it per case took 351 ms in all).
    static let help = AuditCommand.helpMessage(columns: 1000)

    @Test(
        "Every setting with a flag is on the command line, with its help and default",
        arguments: (AuditOptions.settings + AuditThresholds.settings.map { $0.within(\.thresholds) })
            .filter { $0.flag != nil }.map { ($0.flag!, $0.help) })
    func everyFlagInHelp(flag: String, help: String) {
        // Given
        let sut = Self.help
        // Then
        #expect(sut.contains("--\(flag) "))
        #expect(sut.contains(help))
    }

    @Test("The help gives each flag's default as the options hold it")
    func defaultsInHelp() {
        #expect(AuditOptions.runs.help == "How many times to run the whole suite (default 3).")
        #expect(AuditOptions.budgetMilliseconds.help == "The median duration a test may take, in ms (default 100).")
        #expect(AuditOptions.parallelism.help == "Test processes run at once (default one per core).")
    }

    @Test("A threshold out of range is refused, naming it")
    func thresholdOutOfRange() throws {
        let negative = #expect(throws: (any Error).self) { try AuditCommand.parse(["/nowhere", "--max-fast=-1"]) }
        #expect(
            AuditCommand.message(for: try #require(negative)).contains(
                "thresholds.maxFast must be 0 or more (it is -1)"))
        let coverage = #expect(throws: (any Error).self) {
            try AuditCommand.parse(["/nowhere", "--min-line-coverage", "101"])
        }
        #expect(
            AuditCommand.message(for: try #require(coverage)).contains("minLineCoverage must be 0 to 100 (it is 101.0)")
        )
    }

    @Test("A flag given a value it does not take names the flag, what it takes and the value")
    func notANumber() throws {
        let error = #expect(throws: (any Error).self) { try AuditCommand.parse(["/nowhere", "--runs", "three"]) }
        #expect(AuditCommand.message(for: try #require(error)).contains("--runs takes a number, not three"))
        let schedule = #expect(throws: (any Error).self) { try AuditCommand.parse(["/nowhere", "--schedule", "slow"]) }
        #expect(AuditCommand.message(for: try #require(schedule)).contains("--schedule takes fast or full, not slow"))
    }

    @Test("A build folder inside the audited package is refused: the audit never writes there")
    func buildFolderInsidePackage() async throws {
        let package = FileManager.default.temporaryDirectory.appendingPathComponent(
            "litmus-inside-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: package) }
        try "// swift-tools-version: 6.1\n".write(
            to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let inside = package.appendingPathComponent(".build/audit")

        let error = await #expect(throws: AuditError.self) {
            _ = try await Audit(package: package, buildFolder: inside).run()
        }

        #expect(error == .buildFolderInsidePackage(buildFolder: inside.path, package: package.standardizedFileURL.path))
        #expect(!FileManager.default.fileExists(atPath: inside.path))
    }

    @Test("--build-path is used as given and --no-build-cache builds in a scratch folder: neither takes the cache's")
    func buildFolderFlags() throws {
        // Given: a package, so only the flags keep the build cache out
        let package = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-flags-\(UUID())")
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: package) }
        try "// swift-tools-version:6.0".write(
            to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)

        // When
        let given = try AuditCommand.parse([package.path, "--build-path", "/tmp/kept-build"]).buildFolder
            .take(for: package, command: "litmus audit")
        let scratch = try AuditCommand.parse([package.path, "--no-build-cache"]).buildFolder
            .take(for: package, command: "litmus audit")

        // Then
        #expect(given.url?.path == "/tmp/kept-build")
        #expect(given.cacheFolder == nil)
        #expect(scratch.url == nil)
        #expect(scratch.cacheFolder == nil)
    }

    @Test(
        "An audit shard is refused before anything runs without --json or --replay, and with --since or --mutation",
        arguments: [
            (["--shard", "1/2", "--replay", "7"], "give --json FILE"),
            (["--shard", "1/2", "--json", "s.json"], "--shard needs --replay SEED"),
            (
                ["--shard", "1/2", "--json", "s.json", "--replay", "7", "--since", "main"],
                "litmus merge has no --since"
            ),
            (["--shard", "1/2", "--json", "s.json", "--replay", "7", "--mutation"], "litmus mutate --shard"),
            (
                ["--shard", "1/2", "--json", "s.json", "--replay", "7", "--min-mutation-score", "80"],
                "litmus mutate --shard"
            ),
        ])
    func shardRefusals(arguments: [String], message: String) {
        #expect {
            _ = try AuditCommand.parse(["/nowhere"] + arguments)
        } throws: { error in
            AuditCommand.message(for: error).contains(message)
        }
    }

    @Test("A shard with --json and --replay is accepted")
    func shardAccepted() throws {
        #expect(
            try AuditCommand.parse(["/nowhere", "--shard", "2/3", "--json", "s.json", "--replay", "7"]).shard.shard()
                == Shard(index: 2, count: 3))
    }

    @Test("--replay takes the seed to replay")
    func replay() throws {
        #expect(try AuditCommand.parse(["--replay", "1234"]).seed == 1234)
    }
}

@Test("A folder without Package.swift is named in the error, which fits audit and mutate alike")
func notAPackageMessage() {
    // Given
    let sut = AuditError.notAPackage(path: "/tmp/nowhere")
    // Then
    #expect(
        sut.description
            == "/tmp/nowhere holds no Package.swift. Pass the folder of a Swift package (the one holding its Package.swift)."
    )
}

@Test("A package with no test target is named with the folders of the tests only something else builds")
func noTestTargetMessage() {
    // Given Progress.swift 0.4.0's shape, and a package with no test anywhere
    let sut = AuditError.noTestBinary(path: "/tmp/p", testFolders: ["P/PTests"])
    let bare = AuditError.noTestBinary(path: "/tmp/p")
    // Then the folder is named with both ways on, and a package without tests is told to add a target
    #expect(
        sut.description
            == "/tmp/p has no test target, so `swift test` runs none of the tests declared in P/PTests (an Xcode "
            + "project may build them): add a test target of that folder (`.testTarget(name:path:)`) so that they can "
            + "be run, or read them without a build (`litmus smells P/PTests`).")
    #expect(bare.description == "/tmp/p has no test target: add one (Tests/<Name>Tests), so that its tests can be run.")
    // A folder with a space is one word of the command
    let spaced = AuditError.noTestBinary(path: "/tmp/my p", testFolders: ["/tmp/my p/P Tests"])
    #expect(spaced.description.hasSuffix("(`litmus smells '/tmp/my p/P Tests'`)."))
    #expect(AuditError.shellWord("it's") == #"'it'\''s'"#)
}
