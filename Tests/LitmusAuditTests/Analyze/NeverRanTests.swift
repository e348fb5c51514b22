import Foundation
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

/// Which tests of the sources never ran, class by class and method by method, with each test known by
/// its module: davecom/SwiftGraph 4.0.0 has a `UnionTests` in each of its two test targets, and a
/// Tests/LinuxMain.swift that runs only one of them.
@Suite("Tests that never ran, by module, class and method")
struct NeverRanTests {
    private func analysis(_ files: [String: [String: String]]) throws -> SourceAnalysis {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-neverran-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        var modules: [String: [URL]] = [:]
        for (module, sources) in files {
            let target = folder.appendingPathComponent(module)
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            for (name, source) in sources {
                let url = target.appendingPathComponent(name)
                try source.write(to: url, atomically: true, encoding: .utf8)
                modules[module, default: []].append(url)
            }
        }
        return TestSourceAnalyzer().analyze(modules: modules)
    }

    private let unionTests = """
        import XCTest
        final class UnionTests: XCTestCase {
            func testUnion() { XCTAssertEqual(union([1], [2]), [1, 2]) }
        }
        """
    private let unionPerformanceTests = """
        import XCTest
        final class UnionTests: XCTestCase {
            func testDisjointUnion() { measure { _ = union([1], [2]) } }
        }
        """

    private func observations(ran ids: [String]) -> Observations {
        let tests = ids.map { TestIdentity(library: .xctest, id: TestID($0)) }
        return Observations(
            tests: tests,
            suiteRuns: [
                ObservedRun(
                    results: Dictionary(
                        uniqueKeysWithValues: ids.map { (TestID($0), TestResult(outcome: .passed, duration: 0.001)) }))
            ],
            alone: [:])
    }

    @Test(
        "Two targets' classes of one name: each finding goes to its own module's test, and the one that never ran says so"
    )
    func sameClassNameInTwoTargets() throws {
        // Given: only GraphTests' UnionTests ran
        var analysis = try analysis([
            "GraphTests": ["Union.swift": unionTests], "PerformanceTests": ["Union.swift": unionPerformanceTests],
        ])
        analysis.linuxMain = "Tests/LinuxMain.swift"
        let context = JudgingContext(options: AuditOptions(), seed: 1, analysis: analysis)
        // When
        let findings = SelfValidatingJudge.findings(observations(ran: ["GraphTests.UnionTests/testUnion"]), context)
        // Then: the performance class never ran (not taken for the other module's class), and its test's
        // no-assertion finding names it as XCTest would, not GraphTests' test
        let neverRan = findings.filter { $0.kind == .neverRan }
        #expect(neverRan.map(\.test) == ["PerformanceTests.UnionTests"])
        #expect(neverRan.first?.file?.hasSuffix("PerformanceTests/Union.swift") == true)
        let noAssertion = try #require(findings.first { $0.kind == .noAssertion })
        #expect(noAssertion.test == "PerformanceTests.UnionTests/testDisjointUnion")
    }

    @Test("A method a LinuxMain manifest leaves out of a class that ran is named, with the manifest's fix")
    func methodLeftOutOfTheManifest() throws {
        // Given: two methods in the sources, one listed and run
        var analysis = try analysis([
            "InkTests": [
                "ListTests.swift": """
                import XCTest
                final class ListTests: XCTestCase {
                    func testOrderedList() { XCTAssertTrue(ok) }
                    func testOrderedIndentedList() { XCTAssertTrue(ok) }
                }
                """
            ]
        ])
        analysis.linuxMain = "Tests/LinuxMain.swift"
        let context = JudgingContext(options: AuditOptions(), seed: 1, analysis: analysis)
        // When
        let findings = SelfValidatingJudge.findings(observations(ran: ["InkTests.ListTests/testOrderedList"]), context)
        // Then
        let finding = try #require(findings.first { $0.kind == .neverRan })
        #expect(
            finding.message
                == "ListTests.testOrderedIndentedList is in the sources and never ran: on Linux Tests/LinuxMain.swift decides which tests run, and its lists (allTests) leave this one out"
        )
        #expect(finding.line == 4)
        #expect(finding.fix.hasPrefix("Delete Tests/LinuxMain.swift and the allTests lists"))
        #expect(!finding.fix.contains("QuickSpec"))
        #expect(findings.filter { $0.kind == .neverRan }.count == 1)
    }

    @Test(
        "A test its list names only for other platforms (#if os(macOS)) is a note, not a finding: the package chose it"
    )
    func listedForOtherPlatforms() throws {
        // Given: ZIPFoundation 0.9.20's shape: allTests adds darwinOnlyTests, empty on Linux
        var analysis = try analysis([
            "ZipTests": [
                "ZipTests.swift": """
                import XCTest
                final class ZipTests: XCTestCase {
                    func testUnzip() { XCTAssertTrue(ok) }
                    func testProgress() { XCTAssertTrue(ok) }
                    func testForgotten() { XCTAssertTrue(ok) }
                    static var allTests = [("testUnzip", testUnzip)] + darwinOnlyTests
                    static var darwinOnlyTests: [(String, (ZipTests) -> () throws -> Void)] {
                        #if os(macOS)
                        return [("testProgress", testProgress)]
                        #else
                        return []
                        #endif
                    }
                }
                """
            ]
        ])
        analysis.linuxMain = "Tests/LinuxMain.swift"
        let context = JudgingContext(options: AuditOptions(), seed: 1, analysis: analysis)
        // When
        let sut = SelfValidatingJudge.judged(observations(ran: ["ZipTests.ZipTests/testUnzip"]), context)
        // Then: the forgotten test is a finding; the one listed for macOS only, a note saying so
        #expect(sut.findings.filter { $0.kind == .neverRan }.map(\.test) == ["ZipTests.ZipTests/testForgotten"])
        #expect(
            sut.notes.map(\.message) == [
                "ZipTests.testProgress does not run on Linux, by the package's choice: its test list names it only for "
                    + "other platforms (in an #if the Linux build does not compile)"
            ])
    }

    @Test("Without a manifest, a class that never ran is not blamed on one, nor on QuickSpecs")
    func classNeverRanWithoutManifest() throws {
        let analysis = try analysis(["GraphTests": ["Union.swift": unionTests]])
        let context = JudgingContext(options: AuditOptions(), seed: 1, analysis: analysis)
        let finding = try #require(
            SelfValidatingJudge.findings(observations(ran: []), context).first { $0.kind == .neverRan })
        #expect(
            finding.message == "The test class UnionTests is in the sources and never ran: its tests are not discovered"
        )
        #expect(!finding.message.contains("LinuxMain"))
        #expect(finding.cause == .notDiscovered)
    }

    @Test("Each finding of the runs names its cause: a manifest's omission, a spec with no entry point")
    func causesOfTheRuns() throws {
        // Given: a class whose second method LinuxMain leaves out, and a spec
        var analysis = try analysis([
            "InkTests": [
                "ListTests.swift": """
                import XCTest
                final class ListTests: XCTestCase {
                    func testOrderedList() { XCTAssertTrue(ok) }
                    func testOrderedIndentedList() { XCTAssertTrue(ok) }
                }
                """,
                "CartSpec.swift": "import Quick\nfinal class CartSpec: QuickSpec {}\n",
            ]
        ])
        analysis.linuxMain = "Tests/LinuxMain.swift"
        let context = JudgingContext(options: AuditOptions(), seed: 1, analysis: analysis)
        // When
        let findings = SelfValidatingJudge.findings(observations(ran: ["InkTests.ListTests/testOrderedList"]), context)
        // Then
        #expect(
            findings.filter { $0.kind == .neverRan }.compactMap(\.cause).map(\.rawValue).sorted() == [
                "leftOutOfManifest", "specWithoutEntryPoint",
            ])
        #expect(findings.first { $0.cause == .specWithoutEntryPoint }?.fix.contains("QCKMain") == true)
    }

    @Test("A class the sources already say never runs (under NSObject) is named once, by that cause")
    func namedOnceByItsCause() throws {
        // Given: a class that inherits NSObject, not XCTestCase, and never ran
        let analysis = try analysis([
            "CartTests": [
                "Cart.swift":
                    "import XCTest\nfinal class CartTests: NSObject {\n    func testTotal() { XCTAssertEqual(total(), 3) }\n}\n"
            ]
        ])
        let context = JudgingContext(options: AuditOptions(), seed: 1, analysis: analysis)
        // When
        let findings = SelfValidatingJudge.findings(observations(ran: []), context).filter { $0.kind == .neverRan }
        // Then
        #expect(findings.map(\.cause) == [.notATestCase])
        #expect(findings.map(\.test) == ["CartTests.CartTests/testTotal"])
    }
}

@Suite("Specs a QCKMain entry point runs")
struct EntryPointSpecTests {
    @Test("The specs QCKMain's first list names are read from LinuxMain.swift; testCases are not specs")
    func qckMainList() {
        // Given: Quick 7.6.2's Tests/LinuxMain.swift, shortened.
        let linuxMain = """
            @main struct Main {
                static func main() {
                    Quick.QCKMain([
                        AfterSuiteTests.self,
                        FunctionalTests_ItSpec.self,
                    ],
                    configurations: [FunctionalTests_Configuration_AfterEach.self],
                    testCases: [testCase(AfterEachTests.allTests)])
                }
            }
            """
        // Then
        #expect(SourceAnalysis.qckMainSpecs(in: linuxMain) == ["AfterSuiteTests", "FunctionalTests_ItSpec"])
        #expect(SourceAnalysis.qckMainSpecs(in: "XCTMain([testCase(A.allTests)])").isEmpty)
    }
}
