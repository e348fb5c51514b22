import Foundation
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

@Suite("Reading test sources with swift-syntax")
struct TestSourceAnalyzerTests {
    private func analyze(_ files: [String: String]) throws -> SourceAnalysis { try analyzeSources(files) }

    private func kinds(_ analysis: SourceAnalysis, test: String) -> [FindingKind] {
        analysis.findings.filter { $0.testName == test }.map(\.kind)
    }

    @Test("An XCTest method without assertion is found, with its line")
    func noAssertion() throws {
        let analysis = try analyze([
            "A.swift":
                "import XCTest\nfinal class ATests: XCTestCase {\n    func testA() {\n        _ = 1 + 1\n    }\n}\n"
        ])
        let finding = try #require(analysis.findings.first)
        #expect(finding.kind == .noAssertion)
        #expect(finding.testName == "ATests.testA")
        #expect(finding.line == 3)
    }

    @Test("A check after a value built by thirty nested calls is read, as in a release build; without it, none")
    func deeplyNestedValue() throws {
        // Given pointfreeco/swift-html 0.5.0's snapshot tests: a document of nested calls, then `assertSnapshot`
        var value = "x"
        for _ in 0..<30 { value = ".a(\n\(value)\n)" }
        let checked =
            "    func testChecked() {\n        let doc: Node = \(value)\n        assertSnapshot(of: doc, as: .html)\n    }\n"
        let unchecked = "    func testUnchecked() {\n        let doc: Node = \(value)\n        _ = doc\n    }\n"
        let analysis = try analyze([
            "A.swift": "import SnapshotTesting\nimport XCTest\nfinal class ATests: XCTestCase {\n" + checked + unchecked
                + "}\n"
        ])
        // Then only the test with no check asserts nothing
        #expect(analysis.findings.filter { $0.kind == .noAssertion }.compactMap(\.testName) == ["ATests.testUnchecked"])
    }

    @Test("An underscored check (`_assertInlineSnapshot`) checks; an underscored helper that checks nothing does not")
    func underscoredCheck() throws {
        // Given pointfreeco/isowords' snapshot tests, whose only check is swift-snapshot-testing's older inline
        // snapshot, and a test that only calls a helper of its own named with an underscore
        let analysis = try analyze([
            "A.swift": """
            import SnapshotTesting
            import XCTest
            final class ATests: XCTestCase {
                func testChecked() {
                    _assertInlineSnapshot(matching: 1 + 1, as: .description, with: "2")
                }
                func testUnchecked() {
                    _prepare(1 + 1)
                }
            }
            func _prepare(_ value: Int) { _ = value }
            """
        ])
        // Then only the test with no check asserts nothing
        #expect(analysis.findings.filter { $0.kind == .noAssertion }.compactMap(\.testName) == ["ATests.testUnchecked"])
    }

    @Test("A `throw` that leaves the test checks; one in a closure, a local function or a `do` that catches does not")
    func throwingCheck() throws {
        // Given apple/swift-distributed-actors 0.7.1's tests that check by throwing, and near misses
        let analysis = try analyze([
            "A.swift": """
            import XCTest
            final class ATests: XCTestCase {
                func testGuard() throws {
                    guard case .none = decide(1) else { throw TestError("expected none") }
                }
                func testIf() throws {
                    if let change = apply(2) { throw TestError("no change expected, was \\(change)") }
                }
                func testClosure() throws {
                    let fail = { () throws in throw TestError("x") }
                    _ = fail
                }
                func testLocalFunction() throws {
                    func fail() throws { throw TestError("x") }
                    _ = decide(3)
                }
                func testCaught() {
                    do { throw TestError("x") } catch {}
                }
            }
            """
        ])
        // Then only the tests whose `throw` cannot leave them assert nothing
        #expect(
            analysis.findings.filter { $0.kind == .noAssertion }.compactMap(\.testName).sorted() == [
                "ATests.testCaught", "ATests.testClosure", "ATests.testLocalFunction",
            ])
    }

    @Test("Tests declared in an extension of a test class in another file are found there, with their lines")
    func testsInAnExtension() throws {
        // Given: weichsel/ZIPFoundation's shape, its tests spread over extensions of one class.
        let analysis = try analyze([
            "ZIPFoundationTests.swift":
                "import XCTest\nclass ZIPFoundationTests: XCTestCase {\n    func testA() { XCTAssert(true) }\n}\n",
            "ZIPFoundationPerformanceTests.swift": """
            import XCTest
            extension ZIPFoundationTests {
                func testPerformanceWriteUncompressed() {
                    measure { _ = 1 }
                }
                func testB() { _ = 1 }
            }
            extension String {
                func testNotATest() {}
            }
            """,
        ])
        // Then
        let declarations = analysis.classes.filter { $0.name == "ZIPFoundationTests" }
        #expect(declarations.count == 2)
        let extended = try #require(declarations.first { $0.file.hasSuffix("ZIPFoundationPerformanceTests.swift") })
        #expect(extended.testMethods == ["testPerformanceWriteUncompressed": 3, "testB": 6])
        #expect(kinds(analysis, test: "ZIPFoundationTests.testB") == [.noAssertion])
        #expect(analysis.measuringTests.values.flatMap { $0 } == [3])
        #expect(!analysis.classes.contains { $0.name == "String" })
    }

    @Test(
        "A check of the package's own test-support library (a target that is not a test importing XCTest) counts",
        arguments: [true, false])
    func helperInATestSupportLibrary(importsXCTest: Bool) throws {
        // Given: swift-async-algorithms' shape, `validate { … }` declared in its AsyncAlgorithms_XCTest
        // library, recording a failure through a function of its own.
        let test = """
            import XCTest
            final class ZipTests: XCTestCase {
                func testZip() { validate { "ab|" } }
            }
            """
        let support = """
            \(importsXCTest ? "import XCTest" : "import Foundation")
            extension XCTestCase {
                func recordFailure(_ text: String) { XCTFail(text) }
                public func validate(_ build: () -> String) {
                    if build().isEmpty { recordFailure("empty diagram") }
                }
            }
            """

        // When
        let analysis = try analyzeSources(["ZipTests.swift": test], packageSources: ["ValidationTest.swift": support])

        // Then: a failure it records is the test's; a library that cannot reach XCTest checks nothing.
        #expect(kinds(analysis, test: "ZipTests.testZip") == (importsXCTest ? [] : [.noAssertion]))
    }

    @Test(
        "Every function of a test-support target is a helper, its files importing no testing library too; not a library's",
        arguments: [true, false])
    func helperInATestSupportTarget(supportImportsXCTest: Bool) throws {
        // Given: apple/swift-collections 1.6.0's shape: `checkHashable` in a file of _CollectionsTestSupport that
        // imports no testing library calls `expectEqual`, declared in a file of it that imports XCTest; and a
        // library target with the same shape, under test, which imports no testing library
        let root = try temporaryFolder([
            "Tests/Support/Assertions.swift": """
            \(supportImportsXCTest ? "import XCTest" : "import Foundation")
            public func expectEqual<T: Equatable>(_ a: T, _ b: T) { if a != b { XCTFail("\\(a) != \\(b)") } }
            """,
            "Tests/Support/CheckHashable.swift":
                "public func checkHashable<T: Hashable>(_ a: T) { expectEqual(a, a) }\n",
            "Sources/Lib/Lib.swift":
                "public func checkSorted(_ a: [Int]) -> Bool { precondition(!a.isEmpty); return true }\n",
            "Tests/LibTests/LibTests.swift": """
            import XCTest
            final class LibTests: XCTestCase {
                func testHashable() { checkHashable(1) }
                func testSorted() { _ = checkSorted([1]) }
            }
            """,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        var analyzer = TestSourceAnalyzer()
        let sources = ["Tests/Support/Assertions.swift", "Tests/Support/CheckHashable.swift", "Sources/Lib/Lib.swift"]
            .map { root.appendingPathComponent($0) }
        analyzer.sourceFiles = { sources }
        analyzer.sourceTargets = (root, ["Tests/Support", "Sources/Lib"])

        // When
        let analysis = analyzer.analyze(files: [root.appendingPathComponent("Tests/LibTests/LibTests.swift")])

        // Then: the support target's check counts; the library's function checks nothing
        #expect(kinds(analysis, test: "LibTests.testHashable") == (supportImportsXCTest ? [] : [.noAssertion]))
        #expect(kinds(analysis, test: "LibTests.testSorted") == [.noAssertion])
    }

    @Test("A library's own check reached through its sources counts; a source function reaching no check does not")
    func checkReachedThroughTheSources() throws {
        // Given: leoture/MockSwift 1.1.0's shape: `called(times:)`, in a file that imports no testing library, records
        // its failure through a recorder the package answers with XCTFail in a file importing XCTest; `given` records
        // a behaviour with a value's `record`, which checks nothing, and `reset` reaches no check at all.
        let recorder = """
            import XCTest
            protocol FailureRecorder { func recordFailure(message: String) }
            final class XCTestFailureRecorder: FailureRecorder {
                func recordFailure(message: String) { XCTFail(message) }
            }
            """
        let verifiable = """
            public struct Verifiable {
                let failureRecorder: FailureRecorder
                let count: Int
                public func called(times: Int) { if count != times { report("called \\(count) times") } }
                private func report(_ text: String) { failureRecorder.recordFailure(message: text) }
            }
            public final class Register {
                var behaviours: [String] = []
                func record(_ behaviour: String) { behaviours.append(behaviour) }
                public func given(_ behaviour: String) { record(behaviour) }
                public func reset() { behaviours.removeAll() }
            }
            public func then(_ count: Int) -> Verifiable { Verifiable(failureRecorder: XCTestFailureRecorder(), count: count) }
            """
        let test = """
            import XCTest
            final class ThenTests: XCTestCase {
                func testCalled() { then(2).called(times: 2) }
                func testGiven() { Register().given("a") }
                func testReset() { Register().reset() }
            }
            """

        // When
        let analysis = try analyzeSources(
            ["ThenTests.swift": test],
            packageSources: ["FailureRecorder.swift": recorder, "Verifiable.swift": verifiable])

        // Then
        #expect(kinds(analysis, test: "ThenTests.testCalled") == [])
        #expect(kinds(analysis, test: "ThenTests.testGiven") == [.noAssertion])
        #expect(kinds(analysis, test: "ThenTests.testReset") == [.noAssertion])
    }

    @Test("A check is not reached through a name the sources also declare, a closure parameter, or too many functions")
    func checkNotReachedThroughSharedNames() throws {
        // Given: a recorder importing XCTest, as MockSwift's; a library `validate` of the same name as a lent check,
        // which checks nothing; a library function that calls its closure parameter named as a lent check; and more
        // library functions calling the recorder than a package's own checking API holds (names shared by chance)
        let recorder = """
            import XCTest
            func recordFailure(_ text: String) { XCTFail(text) }
            func validate(_ text: String) { if text.isEmpty { XCTFail("empty") } }
            func check(_ value: Int) { XCTAssertGreaterThan(value, 0) }
            """
        let library = """
            public func validate(_ count: Int) -> Bool { count > 0 }
            public func load(_ count: Int) -> Bool { validate(count) }
            public func withRetry(_ check: () -> Bool) { while !check() {} }
            """
        let many = (0...Self.manyChecks).map { "public func step\($0)() { recordFailure(\"step \($0)\") }" }
            .joined(separator: "\n")
        let test = """
            import XCTest
            final class LibraryTests: XCTestCase {
                func testLoad() { _ = load(1) }
                func testRetry() { withRetry { true } }
                func testStep() { step0() }
            }
            """

        // When
        let analysis = try analyzeSources(
            ["LibraryTests.swift": test],
            packageSources: ["Recorder.swift": recorder, "Library.swift": library, "Steps.swift": many])

        // Then: each still asserts nothing
        #expect(kinds(analysis, test: "LibraryTests.testLoad") == [.noAssertion])
        #expect(kinds(analysis, test: "LibraryTests.testRetry") == [.noAssertion])
        #expect(kinds(analysis, test: "LibraryTests.testStep") == [.noAssertion])
    }

    /// More functions calling a check than ``TestSourceAnalyzer/reachedChecksLimit`` lends.
    private static let manyChecks = TestSourceAnalyzer.reachedChecksLimit + 1

    @Test("A helper that asserts, declared in another file, makes its caller self-validating")
    func helperAcrossFiles() throws {
        let analysis = try analyze([
            "A.swift": "import XCTest\nfinal class ATests: XCTestCase {\n    func testA() { checkSum(2) }\n}\n",
            "Helpers.swift":
                "import XCTest\nfunc checkSum(_ x: Int) { isTwo(x) }\nfunc isTwo(_ x: Int) { XCTAssertEqual(x, 2) }\n",
        ])
        #expect(kinds(analysis, test: "ATests.testA").isEmpty)
    }

    @Test("A Swift Testing test with #expect, #require or a plain try asserts; one without is found")
    func swiftTesting() throws {
        let analysis = try analyze([
            "S.swift": """
            import Testing
            struct S {
                @Test func a() { #expect(1 < 2) }
                @Test func b() throws { _ = try #require(Int("1")) }
                @Test func c() throws { try Task.checkCancellation() }
                @Test func d() { print("hi") }
            }
            """
        ])
        #expect(analysis.findings.filter { $0.kind == .noAssertion }.map(\.testName) == ["S/d"])
    }

    @Test(
        "Tautologies: the same expression on both sides, a literal true, Nimble's equal; a test of == itself is not one"
    )
    func tautologies() throws {
        let analysis = try analyze([
            "T.swift": """
            import XCTest
            final class TTests: XCTestCase {
                func testA() { XCTAssertEqual(f(2), f(2)) }
                func testB() { XCTAssertTrue(true) }
                func testC() { expect(x).to(equal(x)) }
                func testD() { XCTAssertEqual(f(2), 6) }
                func testEquatable() { XCTAssertEqual(v, v) }
            }
            @Test func e() { let s = 1; #expect(s == s) }
            @Test func comparable() { #expect(BigInt(1) == BigInt(1)); #expect(true) }
            final class HTests: XCTestCase {
                func testHashable() { XCTAssertTrue(v.hashValue == v.hashValue) }
            }
            """
        ])
        let tautologies = analysis.findings.filter { $0.kind == .tautology }.map(\.line)
        // A test of comparison or hashing (BigInt's `comparable()`) may compare a value with itself; a
        // literal `true` there is still a tautology.
        #expect(tautologies == [3, 4, 5, 9, 10])
    }

    @Test("`try?` whose result is thrown away is found; one whose value is checked, or cleanup in defer, is not")
    func swallowedError() throws {
        let analysis = try analyze([
            "E.swift": """
            import XCTest
            final class ETests: XCTestCase {
                func testA() { try? load(); XCTAssertTrue(ok) }
                func testB() { _ = try? load(); XCTAssertTrue(ok) }
                func testC() { XCTAssertNil(try? load()) }
                func testD() { defer { try? cleanUp() }; XCTAssertTrue(ok) }
            }
            """
        ])
        #expect(
            analysis.findings.filter { $0.kind == .swallowedError }.map(\.testName) == ["ETests.testA", "ETests.testB"])
    }

    @Test("An expectation never waited for is found; one waited for is not")
    func unwaitedExpectation() throws {
        let analysis = try analyze([
            "W.swift": """
            import XCTest
            final class WTests: XCTestCase {
                func testA() { let e = expectation(description: "x"); e.fulfill(); XCTAssertTrue(ok) }
                func testB() { let e = expectation(description: "x"); e.fulfill(); wait(for: [e], timeout: 1) }
            }
            """
        ])
        #expect(analysis.findings.filter { $0.kind == .unwaitedExpectation }.map(\.testName) == ["WTests.testA"])
    }

    @Test(
        "A helper of another file that waits for every expectation waits for the test's `expectation(description:)`; not for an XCTestExpectation, nor when it waits for none"
    )
    func expectationWaitedByHelper() throws {
        // Given Kitura-net's shape: the base class's `performServerTest` calls `waitExpectation`, which calls
        // `waitForExpectations(timeout:)`
        let analysis = try analyze([
            "Base.swift": """
            import XCTest
            class BaseTest: XCTestCase {
                func performServerTest(_ work: () -> Void) { work(); waitExpectation(timeout: 10) }
                func waitExpectation(timeout: Double) { waitForExpectations(timeout: timeout) }
                func performWithoutWaiting(_ work: () -> Void) { work() }
            }
            """,
            "W.swift": """
            import XCTest
            final class WTests: BaseTest {
                func testA() { let e = expectation(description: "x"); performServerTest { e.fulfill() }; XCTAssertTrue(ok) }
                func testB() { let e = XCTestExpectation(description: "x"); performServerTest { e.fulfill() }; XCTAssertTrue(ok) }
                func testC() { let e = expectation(description: "x"); performWithoutWaiting { e.fulfill() }; XCTAssertTrue(ok) }
                func testD() { performServerTest { XCTAssertTrue(ok) }; let e = expectation(description: "x"); e.fulfill() }
                func testE() { performServerTest { let e = expectation(description: "x"); e.fulfill() }; XCTAssertTrue(ok) }
                func testF() { let e = expectation(description: "x"); server.performServerTest { e.fulfill() }; XCTAssertTrue(ok) }
            }
            """,
        ])
        // Then an XCTestExpectation, a helper that waits for none, an expectation made after the helper returned and a
        // method of another value of the helper's name leave the expectation unwaited; one made in the helper's
        // closure is waited for
        #expect(
            analysis.findings.filter { $0.kind == .unwaitedExpectation }.map(\.testName) == [
                "WTests.testB", "WTests.testC", "WTests.testD", "WTests.testF",
            ])
    }

    @Test(
        "A helper that waits for the expectations handed to it waits for the test's; one that waits for others does not"
    )
    func expectationHandedToWaitingHelper() throws {
        // Given swiftlang/sourcekit-lsp's `fulfillmentOfOrThrow(_ expectations: XCTestExpectation...)` in its test
        // support module, which throws when `XCTWaiter.fulfillment(of: expectations, …)` times out
        let analysis = try analyze([
            "Support.swift": """
            import XCTest
            func fulfillmentOfOrThrow(_ expectations: XCTestExpectation..., timeout: Double = 10) async throws {
                let started = await XCTWaiter.fulfillment(of: expectations, timeout: timeout)
                if started != .completed { throw Timeout() }
            }
            func waitForOthers(_ expectation: XCTestExpectation) async {
                _ = await XCTWaiter.fulfillment(of: [other], timeout: 1)
            }
            func record(_ expectation: XCTestExpectation) { log(expectation) }
            """,
            "W.swift": """
            import XCTest
            final class WTests: XCTestCase {
                func testA() async throws { let e = XCTestExpectation(description: "x"); start(e); try await fulfillmentOfOrThrow(e) }
                func testB() async { let e = XCTestExpectation(description: "x"); start(e); await waitForOthers(e) }
                func testC() { let e = expectation(description: "x"); start(e); record(e) }
            }
            """,
        ])
        // Then a helper that waits for another value, or only keeps the expectation, leaves it unwaited
        #expect(
            analysis.findings.filter { $0.kind == .unwaitedExpectation }.map(\.testName) == [
                "WTests.testB", "WTests.testC",
            ])
    }

    @Test("Sleeps are found wherever the test code calls them")
    func sleeps() throws {
        let analysis = try analyze([
            "Z.swift": """
            import XCTest
            final class ZTests: XCTestCase {
                func testA() async throws { try await Task.sleep(for: .seconds(1)); XCTAssertTrue(ok) }
                func testB() { Thread.sleep(forTimeInterval: 0.1); usleep(10_000); XCTAssertTrue(ok) }
            }
            """
        ])
        #expect(analysis.findings.filter { $0.kind == .sleepInTest }.map(\.line) == [3, 4, 4])
    }

    @Test(
        "A sleep that is a loop's poll interval while it waits for a condition (a while, a repeat, a counted for with a where or an early exit) is no finding; a fixed wait is, one per element too, and a Task's sleep is its work"
    )
    func pollInterval() throws {
        let analysis = try analyze([
            "P.swift": """
            import Testing
            @Test func polls() async throws {
                while !done() { try await Task.sleep(for: .milliseconds(5)) }
                repeat { usleep(10_000) } while !done()
                for _ in 0..<3 { Thread.sleep(forTimeInterval: 0.1) }
                while !done() { Task { try await Task.sleep(for: .seconds(1)) } }
                try await Task.sleep(for: .seconds(1))
                for _ in 0..<60_000 where !done() { try await Task.sleep(for: .milliseconds(5)) }
                for item in items where item.ready { usleep(10_000) }
                for _ in 0..<500 { if done() { break }; usleep(10_000) }
                for _ in 0..<500 { switch state() { case .done: break; default: usleep(10_000) } }
                for _ in 0..<500 { usleep(10_000); items.forEach { if $0.ready { return } } }
                #expect(done())
            }
            """
        ])
        // A counted loop that leaves when its condition holds polls (Bluetooth 8.1.0's waitForValue); a `break` of a
        // `switch`, or a `return` of a closure inside, leaves no loop
        #expect(analysis.findings.filter { $0.kind == .sleepInTest }.map(\.line) == [5, 7, 9, 11, 12])
    }

    @Test(
        "A sleep of a microsecond or less is a suspension point, not a wait; a millisecond, or a length not written, is"
    )
    func yields() throws {
        // Given swift-dependencies' hop off the task, and near misses (swift-async-algorithms' 1 ms sleeps)
        let analysis = try analyze([
            "Y.swift": """
            import Testing
            @Test func yields() async throws {
                try await Task.sleep(nanoseconds: 1)
                try await Task.sleep(for: .nanoseconds(1_000))
                usleep(1)
                try await Task.sleep(nanoseconds: 1_000_000)
                try await Task.sleep(for: .milliseconds(1))
                usleep(1_000)
                try await Task.sleep(nanoseconds: delay)
                #expect(done())
            }
            """
        ])
        // Then the sleeps of a millisecond, or of a length the test does not write, are waits
        #expect(analysis.findings.filter { $0.kind == .sleepInTest }.map(\.line) == [6, 7, 8, 9])
    }

    @Test("A sleep of a random length is jitter, not a wait; one of a fixed or unknown length is a wait")
    func jitter() throws {
        // Given apple/swift-tools-support-async 0.18.0's `Task.sleep(nanoseconds: .random(in: 0..<10_000_000))` and
        // BrightFutures 8.2.0's `sleep(UInt32(Double(arc4random_uniform(100)) / 100.0))` (read false on first
        // contact), and near misses: a fixed length, a length computed without a random number, a random number
        // only in the check after
        let analysis = try analyze([
            "J.swift": """
            import Testing
            @Test func jitter() async throws {
                try await Task.sleep(nanoseconds: .random(in: 0..<10_000_000))
                sleep(UInt32(Double(arc4random_uniform(100)) / 100.0))
                Thread.sleep(forTimeInterval: 0.01 + .random(in: -0.01...0.01))
                try await Task.sleep(nanoseconds: 10_000_000)
                Thread.sleep(forTimeInterval: base * 2)
                usleep(10_000); #expect(pick(Int.random(in: 0..<3)))
                try await Task.sleep(nanoseconds: 1_000_000_000 + .random(in: 0...1_000))
                Thread.sleep(forTimeInterval: base * .random(in: 0.9...1.1))
                Thread.sleep(forTimeInterval: delays[Int.random(in: 0..<delays.count)])
                sleep(fast ? UInt32.random(in: 0...1) : 2)
            }
            """
        ])
        // Then only the fixed or unknown lengths are waits: a fixed floor above the random range, a delay of the
        // test's scaled, a random pick among fixed delays, a condition's branch
        #expect(
            analysis.findings.filter { $0.kind == .sleepInTest }.map(\.line) == [6, 7, 8, 9, 10, 11, 12])
    }

    @Test("A sleep in work the test waits for is its wait; work that sleeps after it fulfils, or never fulfils, is not")
    func awaitedSleeps() throws {
        // Given Swinject's thread-safety test (25 closures queued that sleep until a date, then fulfil), and near misses
        let analysis = try analyze([
            "Q.swift": """
            import XCTest
            final class QTests: XCTestCase {
                func testA() {
                    let done = expectation(description: "done")
                    DispatchQueue.global().async { Thread.sleep(until: start); work(); done.fulfill() }
                    wait(for: [done], timeout: 10)
                }
                func testB() {
                    let done = expectation(description: "done")
                    DispatchQueue.global().async { done.fulfill(); Thread.sleep(forTimeInterval: 1) }
                    wait(for: [done], timeout: 10)
                }
                func testC() {
                    server.handler = { _ in usleep(2_000_000); return .ok }
                    XCTAssertThrowsError(try client.get(timeout: 0.1))
                }
                func testD() {
                    let never = expectation(description: "never"); never.isInverted = true
                    DispatchQueue.global().async { usleep(10_000); never.fulfill() }
                    wait(for: [never], timeout: 0.1)
                }
            }
            """
        ])
        // Then only testA waits for the sleep
        let sleeps = analysis.findings.filter { $0.kind == .sleepInTest }
        #expect(sleeps.map(\.testName) == ["QTests.testA"])
        #expect(sleeps.map(\.line) == [5])
    }

    @Test("A sleep no event could replace: a window a check holds through, a section a counter widens; not others")
    func sleepsNoEventReplaces() throws {
        // Given Thomvis/BrightFutures 8.2.0's shapes: the same check before and after a sleep of 0.2 s, then a real
        // wait for the future; a callback that sleeps between `executing += 1` and `executing -= 1`; and near misses:
        // another check after the sleep, and a counter raised by one name and lowered by another
        let analysis = try analyze([
            "F.swift": """
            import XCTest
            final class FTests: XCTestCase {
                func testA() {
                    XCTAssertFalse(f.isCompleted)
                    Thread.sleep(forTimeInterval: 0.2)
                    XCTAssertFalse(f.isCompleted)
                    Thread.sleep(forTimeInterval: 1.0)
                    XCTAssert(f.isCompleted)
                }
                func testB() {
                    let e = expectation(description: "one at a time")
                    queue.async {
                        executing += 1
                        Thread.sleep(forTimeInterval: 0.06)
                        executing -= 1
                        e.fulfill()
                    }
                    wait(for: [e], timeout: 2)
                }
                func testC() {
                    let e = expectation(description: "done")
                    queue.async {
                        started += 1
                        Thread.sleep(forTimeInterval: 0.06)
                        finished -= 1
                        e.fulfill()
                    }
                    wait(for: [e], timeout: 2)
                }
                func testD() throws {
                    XCTAssertEqual(try socket.receive(), "ping")
                    Thread.sleep(forTimeInterval: 1.0)
                    XCTAssertEqual(try socket.receive(), "ping")
                }
            }
            """
        ])
        // Then the wait for completion and the sleep between two counters remain
        let sleeps = analysis.findings.filter { $0.kind == .sleepInTest }
        #expect(
            sleeps.map { "\($0.testName ?? "-"):\($0.line ?? 0)" }.sorted() == [
                "FTests.testA:7", "FTests.testC:24", "FTests.testD:32",
            ])
    }

    @Test("A QuickSpec is a test class even without test methods")
    func quickSpec() throws {
        let analysis = try analyze([
            "Q.swift": "import Quick\nfinal class CartSpec: QuickSpec {\n    override class func spec() {}\n}\n"
        ])
        #expect(analysis.classes.map(\.name) == ["CartSpec"])
        #expect(analysis.classes.first?.isSpec == true)
    }

    @Test("A class that inherits QuickSpec through base classes of the target is a spec, and its examples are read")
    func quickSpecThroughBases() throws {
        // Given siesta 1.5.2's specs, which inherit `ResourceSpecBase`, a `SiestaSpec`, a `QuickSpec`, and declare their
        // examples in an override of the base's own hook; and near misses: a class of another base, and an XCTestCase
        let analysis = try analyze([
            "Base.swift": """
            import Quick
            class SiestaSpec: QuickSpec { override func spec() { beforeEach { } } }
            class ResourceSpecBase: SiestaSpec {
                func resourceSpec() { }
                override final func spec() { super.spec(); resourceSpec() }
            }
            class Plain { }
            """,
            "RequestSpec.swift": """
            import Quick
            import Nimble
            class RequestSpec: ResourceSpecBase {
                override func resourceSpec() {
                    it("sends") { print("sent"); expect(send()).to(equal(1)) }
                }
            }
            class Other: Plain { func check() { it("is no example") { print("x") } } }
            final class CartTests: XCTestCase { func testA() { print("a"); XCTAssertTrue(ok) } }
            """,
        ])
        #expect(
            analysis.classes.map(\.name).sorted() == ["CartTests", "RequestSpec", "ResourceSpecBase", "SiestaSpec"])
        #expect(
            analysis.classes.filter(\.isSpec).map(\.name).sorted() == ["RequestSpec", "ResourceSpecBase", "SiestaSpec"])
        // Then the example's print is found, under the spec's name, as the XCTest method's is
        let prints = analysis.findings.filter { $0.kind == .redundantPrint }.compactMap(\.testName).sorted()
        #expect(prints == ["CartTests.testA", "RequestSpec.sends"])
    }

    @Test("A test class the build does not compile here (an inactive #if clause) is not a test class of this platform")
    func appleOnly() throws {
        let analysis = try analyze([
            "L.swift": """
            import XCTest
            #if canImport(ObjectiveC)
            final class MacTests: XCTestCase { func testA() { XCTAssertTrue(ok) } }
            #else
            final class LinuxTests: XCTestCase { func testA() { XCTAssertTrue(ok) } }
            #endif
            """
        ])
        #if canImport(ObjectiveC)
            #expect(analysis.classes.map(\.name) == ["MacTests"])
        #else
            #expect(analysis.classes.map(\.name) == ["LinuxTests"])
        #endif
    }

    @Test("A spec run through LitmusSpecs' generated <Spec>_Examples class counts as run; one without it does not")
    func specRunByLitmusSpecs() {
        let sut = SourceAnalysis.TestClass(
            name: "CartSpec", file: "CartSpec.swift", line: 3, isSpec: true, testMethods: [:])
        #expect(sut.ran(among: ["CartSpec_Examples", "OtherTests"]))
        #expect(sut.ran(among: ["Fixtures_CartSpec_Examples"]))
        #expect(!sut.ran(among: ["OtherTests", "MiniCartSpec", "MiniCartSpec_Examples"]))
    }
}
