import Foundation
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

/// Tests no build compiles: inside an `#if` false on every platform this run and the CI workflows build
/// for, and in files no target compiles (docs/audit.md, "Tests that never run").
@Suite("Tests no build compiles")
struct UncompiledTestsTests {
    /// The compiledOut findings and notes of one XCTest file built for `platforms`, as `finding test:line`.
    private func compiledOut(_ source: String, _ platforms: BuildPlatforms) throws -> [String] {
        try compiledOutFindings(source, platforms).map {
            "\($0.isNote ? "note" : "finding") \($0.testName ?? "-"):\($0.line ?? 0)"
        }
    }

    /// The compiledOut findings and notes of one XCTest file, `T.swift`, built for `platforms`.
    private func compiledOutFindings(_ source: String, _ platforms: BuildPlatforms) throws -> [AnalyzedFinding] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-ifs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("T.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        var analyzer = TestSourceAnalyzer()
        analyzer.platforms = platforms
        return analyzer.analyze(files: [file]).findings.filter { $0.finding.cause == .compiledOut }
    }

    private let linuxCI = BuildPlatforms(
        platforms: ["Linux"], source: "this run (Linux) and the CI workflow .github/workflows/ci.yml",
        conditions: ["USE_ZLIB"])

    private let classes = """
        import XCTest
        #if os(macOS)
        final class MacTests: XCTestCase {
            func testA() { XCTAssertTrue(ok) }
            func testB() { XCTAssertTrue(ok) }
        }
        #endif
        #if false
        final class DeadTests: XCTestCase { func testC() { XCTAssertTrue(ok) } }
        #endif
        #if os(macOS) || os(Linux)
        final class BothTests: XCTestCase { func testD() { XCTAssertTrue(ok) } }
        #endif
        #if UNDEFINED_FLAG
        final class FlagTests: XCTestCase { func testE() { XCTAssertTrue(ok) } }
        #elseif USE_ZLIB
        final class ZlibTests: XCTestCase { func testF() { XCTAssertTrue(ok) } }
        #endif
        #if DEBUG && arch(arm64)
        final class ArmTests: XCTestCase { func testG() { XCTAssertTrue(ok) } }
        #endif
        """

    @Test("With a Linux-only CI: #if false is a finding; macOS-only tests and an undefined flag, notes; one per #if")
    func linuxOnlyCI() throws {
        // When / Then: not the test either platform compiles, a flag a manifest names, nor DEBUG or arch
        #expect(
            try compiledOut(classes, linuxCI) == [
                "note MacTests.testA:4", "finding DeadTests.testC:9", "note FlagTests.testE:15",
            ])
    }

    @Test("With no CI workflow every platform may build the tests: the macOS-only ones are no note")
    func noWorkflow() throws {
        // Then: no manifest here names USE_ZLIB either
        #expect(
            try compiledOut(classes, .unknown) == [
                "finding DeadTests.testC:9", "note FlagTests.testE:15", "note ZlibTests.testF:17",
            ])
    }

    @Test("A CI workflow that builds for macOS too: the macOS-only tests run there")
    func macOSInCI() throws {
        var platforms = linuxCI
        platforms.platforms = ["Linux", "macOS"]
        #expect(try compiledOut(classes, platforms) == ["finding DeadTests.testC:9", "note FlagTests.testE:15"])
    }

    @Test("The messages name the #if, its line and, for a note, the platforms it is false on")
    func messages() throws {
        // When
        let found = try compiledOutFindings(classes, linuxCI)
        // Then
        #expect(
            found.map(\.message) == [
                "2 tests (MacTests.testA, MacTests.testB) are inside `#if os(macOS)` (line 2), which is false on Linux, every platform this run (Linux) and the CI workflow .github/workflows/ci.yml builds for, with the conditions its manifests, workflows and options define: they never run there, by the package's choice (another platform, or a flag no build passes)",
                "DeadTests.testC is inside `#if false` (line 8), which is false on every platform: no build compiles it, so it never runs",
                "FlagTests.testE is inside `#if UNDEFINED_FLAG` (line 14), which is false on Linux, every platform this run (Linux) and the CI workflow .github/workflows/ci.yml builds for, with the conditions its manifests, workflows and options define: it never runs there, by the package's choice (another platform, or a flag no build passes)",
            ])
        #expect(found.allSatisfy { $0.kind == .neverRan })
    }

    @Test("A test no build compiles is blamed on the #if false around it, not on a flag's #if outside that")
    func deadInsideAFlag() throws {
        // Given swift-collections 1.6.0's `#if false // FIXME` inside a trait's `#if`, and two platforms' #ifs
        let source = """
            import XCTest
            final class T: XCTestCase {
            #if UnstableContainersPreview
            #if false // FIXME: Update
                func testA() { XCTAssertTrue(ok) }
            #endif
            #endif
            #if os(macOS)
            #if os(Linux)
                func testB() { XCTAssertTrue(ok) }
            #endif
            #endif
            }
            """
        // When
        let found = try compiledOutFindings(source, linuxCI).map(\.message)
        // Then the #if false is named; where no one #if is false everywhere, the outermost this build leaves out
        #expect(
            found == [
                "T.testA is inside `#if false` (line 4), which is false on every platform: no build compiles it, so it never runs",
                "T.testB is inside `#if os(macOS)` (line 8), which is false on every platform: no build compiles it, so it never runs",
            ])
    }

    @Test("A note of the sources is a note of the audit's report, failing no letter")
    func noteInTheJudgement() throws {
        // Given
        var analysis = SourceAnalysis()
        var note = AnalyzedFinding(
            cause: .compiledOut, testName: "MacTests.testA", file: "Tests/T.swift", line: 4, message: "a note")
        note.isNote = true
        analysis.findings = [note]
        let context = JudgingContext(options: AuditOptions(), seed: 1, analysis: analysis)
        // When
        let sut = SelfValidatingJudge.judged(Observations(tests: [], suiteRuns: [], alone: [:]), context)
        // Then
        #expect(sut.findings.isEmpty)
        #expect(sut.notes.map(\.message) == ["a note"])
    }

    @Test("A workflow's platforms and -D conditions are read, and the manifests' names count as conditions")
    func readsWorkflows() throws {
        // Given: a package whose workflow runs on Ubuntu and macOS and defines a flag
        let package = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-ci-\(UUID().uuidString)")
        let workflows = package.appendingPathComponent(".github/workflows")
        try FileManager.default.createDirectory(at: workflows, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: package) }
        try """
        jobs:
          test:
            strategy:
              matrix:
                os: [ubuntu-latest, macos-14]
            runs-on: ${{ matrix.os }}
            steps:
              - run: swift test -Xswiftc -DNETWORK_TESTS
        """.write(to: workflows.appendingPathComponent("ci.yml"), atomically: true, encoding: .utf8)
        try """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "P", targets: [.target(name: "P", swiftSettings: [.define("FAST_PATH")])])
        """.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        // When
        let platforms = BuildPlatforms.read(package: package)
        // Then
        #expect(platforms.platforms == ["Linux", "macOS"])
        #expect(platforms.conditions.isSuperset(of: ["NETWORK_TESTS", "FAST_PATH"]))
        #expect(platforms.source == "this run (Linux) and the CI workflow .github/workflows/ci.yml")
    }

    @Test("A package without a workflow has every platform, and no source")
    func noWorkflowRead() throws {
        let package = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-noci-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: package) }
        let platforms = BuildPlatforms.read(package: package)
        #expect(platforms.platforms == BuildPlatforms.all)
        #expect(platforms.source == nil)
    }

    private let testFile =
        "import XCTest\nfinal class OldTests: XCTestCase {\n    func testA() { XCTAssertTrue(ok) }\n}\n"

    @Test(
        "Files of tests no target compiles are named: excluded by name, in Tests outside every target; not data, resources, scripts"
    )
    func filesNoTargetCompiles() throws {
        // Given
        let root = try temporaryFolder([
            "Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "P", targets: [
                .target(name: "P"),
                .testTarget(
                    name: "PTests", dependencies: ["P"], exclude: ["Excluded.swift", "Planted"],
                    resources: [.copy("Fixtures")]),
            ])
            """,
            "Sources/P/P.swift": "public let p = 1\n",
            "Tests/PTests/PTests.swift": "import XCTest\nfinal class PTests: XCTestCase { func testP() {} }\n",
            "Tests/PTests/Excluded.swift": testFile,
            "Tests/PTests/Fixtures/Sample.swift": testFile,
            "Tests/PTests/Planted/Tests/X.swift": testFile,
            "Tests/Inputs/Generated.swift": testFile,
            "scripts/real-tests.swift": testFile,
            "Tests/OldTests/OldTests.swift": testFile,
            "Tests/OldTests/Helpers.swift": "func helper() {}\n",
            "Examples/Package.swift": "// swift-tools-version:5.9\n",
            "Examples/Tests/ETests/ETests.swift": testFile,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        // When
        let tests = Set(try PackageManifest.testTargets(of: root).values.joined().map(\.path))
        let findings = PackageManifest.uncompiledTests(in: root, tests: tests)
        // Then
        #expect(
            findings.map { "\($0.file.map { String($0.dropFirst(root.path.count + 1)) } ?? "-"):\($0.line ?? 0)" }
                .sorted() == ["Tests/OldTests/OldTests.swift:3", "Tests/PTests/Excluded.swift:3"])
        #expect(
            findings.map(\.message).sorted() == [
                "Tests/OldTests/OldTests.swift declares a test (OldTests.testA) and no target compiles it: it is outside every target's folder, so it never runs",
                "Tests/PTests/Excluded.swift declares a test (OldTests.testA) and no target compiles it: the test target PTests excludes it by name (`exclude:` in Package.swift), so it never runs",
            ])
        #expect(
            findings.compactMap(\.finding.cause).map(\.rawValue).sorted() == ["excludedFromTarget", "fileNotCompiled"])
        #expect(findings.map(\.kind).sorted { $0.rawValue < $1.rawValue } == [.ignoredTest, .neverRan])
    }

    @Test(
        "A test target declared only in a comment is named; `litmus smells` reports its files, though no target is a test's"
    )
    func testTargetInAComment() throws {
        // Given Moya 15.0.3's manifest, whose test target its contributors uncomment by hand, and a prose comment
        let root = try temporaryFolder([
            "Package.swift": """
            // swift-tools-version:5.3
            import PackageDescription
            // The test target below is for development: .testTarget( is uncommented to run the tests.
            let package = Package(name: "Moya", targets: [
                .target(name: "Moya"),
            //        .testTarget( // dev
            //            name: "MoyaTests",  // dev
            //            dependencies: [ // dev
            //                .product(name: "Quick", package: "Quick"), // dev
            //            ] // dev
            //        ) // dev
            ])
            """,
            "Sources/Moya/Moya.swift": "public let moya = 1\n",
            "Tests/MoyaTests/OldTests.swift": testFile,
            "Tests/Other/OtherTests.swift": testFile,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        // When
        let findings = PackageManifest.uncompiledTests(in: root, tests: [])
        let report = try SmellsReport.make(paths: [root.path], options: AuditOptions())
        // Then the commented target's file is named for the comment, the other file for no target
        #expect(
            findings.map(\.message).sorted() == [
                "Tests/MoyaTests/OldTests.swift declares a test (OldTests.testA) and no target compiles it: Package.swift declares its folder as the test target MoyaTests only in a comment (`// .testTarget(`), so it never runs",
                "Tests/Other/OtherTests.swift declares a test (OldTests.testA) and no target compiles it: it is outside every target's folder, so it never runs",
            ])
        #expect(findings.compactMap(\.finding.cause).map(\.rawValue).sorted() == ["fileNotCompiled", "targetNotBuilt"])
        #expect(report.findings.compactMap(\.cause).map(\.rawValue).sorted() == ["fileNotCompiled", "targetNotBuilt"])
    }

    @Test(
        "A file of tests only an Xcode project builds is a note that `swift test` misses it; one it does not name, a finding"
    )
    func testsOnlyXcodeBuilds() throws {
        // Given Moya 15.0.3's layout: its CI tests through Moya.xcodeproj, whose project names the spec file
        let root = try temporaryFolder([
            "Package.swift": """
            // swift-tools-version:5.3
            import PackageDescription
            let package = Package(name: "Moya", targets: [.target(name: "Moya")])
            """,
            "Moya.xcodeproj/project.pbxproj": "/* OldTests.swift in Sources */ = {isa = PBXBuildFile; };\n",
            "Sources/Moya/Moya.swift": "public let moya = 1\n",
            "Tests/MoyaTests/OldTests.swift": testFile,
            "Tests/MoyaTests/Forgotten.swift": testFile,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        // When
        let findings = PackageManifest.uncompiledTests(in: root, tests: [])
        // Then
        #expect(
            notesAndFindings(findings, under: root) == [
                "finding Tests/MoyaTests/Forgotten.swift", "note Tests/MoyaTests/OldTests.swift",
            ])
        #expect(
            findings.first { $0.isNote }?.message
                == "Tests/MoyaTests/OldTests.swift declares a test (OldTests.testA) that only Moya.xcodeproj builds: no target of the package compiles it (it is outside every target's folder), so it runs through Xcode alone, never under `swift test`"
        )
    }

    @Test("An Xcode project deeper in the folders that hold the file counts; one in a sibling folder does not")
    func xcodeProjectAboveTheFile() throws {
        // Given groue/GRDBQuery 0.11.0's layout: Tests/QueryTests/QueryTests.xcodeproj builds the UI tests of
        // Tests/QueryTests/QueryTestsUITests (its Makefile runs them with xcodebuild); near miss: a project in a
        // sibling folder that names a file of the same name
        let root = try temporaryFolder([
            "Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Q", targets: [.target(name: "Q")])
            """,
            "Sources/Q/Q.swift": "public let q = 1\n",
            "Tests/QueryTests/QueryTests.xcodeproj/project.pbxproj":
                "/* QueryTestsUITests.swift in Sources */ = {isa = PBXBuildFile; };\n",
            "Tests/QueryTests/QueryTestsUITests/QueryTestsUITests.swift": testFile,
            "Tests/Demo/Demo.xcodeproj/project.pbxproj":
                "/* OtherUITests.swift in Sources */ = {isa = PBXBuildFile; };\n",
            "Tests/Other/OtherUITests.swift": testFile,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        // When
        let findings = PackageManifest.uncompiledTests(in: root, tests: [])
        // Then the file under the project is a note, the file beside another folder's project a finding
        #expect(
            notesAndFindings(findings, under: root) == [
                "finding Tests/Other/OtherUITests.swift",
                "note Tests/QueryTests/QueryTestsUITests/QueryTestsUITests.swift",
            ])
    }

    @Test("A package with no test file anywhere is still no input to `litmus smells`")
    func noTestsAnywhere() throws {
        // Given a package whose only file is a source
        let root = try temporaryFolder([
            "Package.swift":
                "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\", targets: [.target(name: \"P\")])\n",
            "Sources/P/P.swift": "public let p = 1\n",
            "Notes/README.md": "no Swift here\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        // Then the error says what was looked at in the package, and a folder of no Swift file says less
        let error = #expect(throws: SmellsReport.BadPath.self) {
            try SmellsReport.make(paths: [root.path], options: AuditOptions())
        }
        #expect(error?.reason.hasPrefix("no test found: Package.swift declares no test target") == true)
        let loose = #expect(throws: SmellsReport.BadPath.self) {
            try SmellsReport.make(paths: [root.appendingPathComponent("Notes").path], options: AuditOptions())
        }
        #expect(loose?.reason.hasPrefix("no Swift test file found there") == true)
    }

    @Test("A package whose tests only its Xcode project builds is named with the folder that holds them")
    func testsOutsideEveryTarget() throws {
        // Given KeychainAccess 4.2.2's shape: no test target, tests in Lib/PTests, and tests that are data or
        // another package's
        let test = "import XCTest\nfinal class PTests: XCTestCase { func testP() { XCTAssertTrue(ok) } }\n"
        let root = try temporaryFolder([
            "Package.swift":
                "// swift-tools-version:5.0\nimport PackageDescription\nlet package = Package(name: \"P\", targets: [.target(name: \"P\", path: \"Lib/P\")])\n",
            "Lib/P/P.swift": "public let p = 1\n",
            "Lib/PTests/PTests.swift": test,
            "Lib/PTests/Helpers.swift": "func helper() {}\n",
            "Lib/Fixtures/Sample.swift": test,
            "Demo/Package.swift": "// swift-tools-version:5.9\n",
            "Demo/Tests/DemoTests/DemoTests.swift": test,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        // When
        let error = #expect(throws: SmellsReport.BadPath.self) {
            try SmellsReport.make(paths: [root.path], options: AuditOptions())
        }
        // Then the error names the one folder of tests and how to read it
        let folder = root.appendingPathComponent("Lib/PTests").path
        #expect(
            error?.reason
                == "no test found: Package.swift declares no test target with a Swift file, so `swift test` runs none; "
                + "tests are declared in \(folder), which no target of the package compiles: give that folder to read "
                + "them (`litmus smells \(folder)`)")
    }

    @Test("A test folder only another manifest declares is a target this toolchain does not build")
    func targetOfAnotherManifest() throws {
        // Given: SwiftPM 6.3 reads Package@swift-5.9.swift, which has no LegacyTests
        let root = try temporaryFolder([
            "Package.swift": """
            // swift-tools-version:5.5
            import PackageDescription
            let package = Package(name: "P", targets: [.target(name: "P"), .testTarget(name: "LegacyTests")])
            """,
            "Package@swift-5.9.swift": """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "P", targets: [.target(name: "P")])
            """,
            "Sources/P/P.swift": "public let p = 1\n",
            "Tests/LegacyTests/OldTests.swift": testFile,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        // When
        let findings = PackageManifest.uncompiledTests(in: root, tests: [])
        // Then
        #expect(findings.map { $0.finding.cause } == [.targetNotBuilt])
        #expect(
            findings.first?.message
                == "Tests/LegacyTests/OldTests.swift declares a test (OldTests.testA) and no target compiles it: only Package.swift declares its folder as the test target LegacyTests, and this toolchain reads Package@swift-5.9.swift, so it never runs"
        )
    }

    @Test("Package.swift of a higher tools version wins over an older version-specific manifest")
    func regularManifestOfHigherToolsVersion() throws {
        // Given: Package.swift (tools 6.0) declares the test target, Package@swift-5.9.swift (tools 5.9) does not
        // (pointfreeco/swift-sharing 2.8.2); SwiftPM 6.3 reads Package.swift
        let legacy = """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "P", targets: [.target(name: "P")])
            """
        let root = try temporaryFolder([
            "Package.swift": """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "P", targets: [.target(name: "P"), .testTarget(name: "LegacyTests")])
            """,
            "Package@swift-5.9.swift": legacy,
            "Sources/P/P.swift": "public let p = 1\n",
            "Tests/LegacyTests/OldTests.swift": testFile,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        // Then: no test is left uncompiled; a manifest of this compiler's own version still wins over both
        #expect(PackageManifest.manifest(of: root, compiler: [6, 3]).lastPathComponent == "Package.swift")
        #expect(PackageManifest.uncompiledTests(in: root, tests: []).isEmpty)
        try legacy.write(to: root.appendingPathComponent("Package@swift-6.3.swift"), atomically: true, encoding: .utf8)
        #expect(PackageManifest.manifest(of: root, compiler: [6, 3]).lastPathComponent == "Package@swift-6.3.swift")
        #expect(PackageManifest.manifest(of: root, compiler: [6, 2]).lastPathComponent == "Package.swift")
    }

    @Test("The footprint observer the audit adds to its copy is no file of tests the package leaves uncompiled")
    func footprintObserverInTheCopy() throws {
        // Given: a copy with the observer's target appended to its manifest and its folder written, as the audit
        // makes it, and a file of the package's own that no target compiles
        let manifest = """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "P", targets: [.target(name: "P"), .testTarget(name: "PTests")])
            """
        let root = try temporaryFolder([
            "Package.swift": try FootprintObserver.adding(to: manifest).get(),
            "Sources/P/P.swift": "public let p = 1\n",
            "Tests/PTests/PTests.swift": "import XCTest\nfinal class PTests: XCTestCase { func testP() {} }\n",
            "Tests/OldTests/OldTests.swift": testFile,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        try FootprintObserver.install(in: root)

        // When: read with the layout SwiftPM describes, which leaves the observer out (``PackageLayout``)
        let layout = PackageLayout(
            sourceFolders: ["Sources/P"],
            testModules: ["PTests": [root.appendingPathComponent("Tests/PTests/PTests.swift")]],
            testFolders: ["PTests": "Tests/PTests"])
        let findings = UncompiledTestFiles(layout: layout, package: root).findings()

        // Then: the package's own file only
        #expect(
            findings.map { $0.file.map { String($0.dropFirst(root.path.count + 1)) } ?? "-" } == [
                "Tests/OldTests/OldTests.swift"
            ])
    }
}
