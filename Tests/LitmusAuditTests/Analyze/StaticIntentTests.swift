import Foundation
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

/// The static checks read what a test means, not only what it calls: each rule's positive case, its
/// negative, and the near miss that must stay a finding. The cases are the false alarms met on real
/// packages (swhitty/FlyingFox 0.27.1, Swinject 2.10.0, davecom/SwiftGraph 4.0.0; docs/audit.md).
@Suite("Static findings read intent")
struct StaticIntentTests {
    private func findings(_ kind: FindingKind, _ source: String) throws -> [String] {
        try analyzedFindings(kind, in: ["T.swift": source])
    }

    // MARK: try? that means to discard

    @Test("try? in clean-up is no swallowed error: a defer, tearDown, a teardown block, a clean-up call")
    func cleanupTry() throws {
        let found = try findings(
            .swallowedError,
            """
            import XCTest
            final class FolderTests: XCTestCase {
                var folder: URL!
                override func tearDown() { try? FileManager.default.removeItem(at: folder) }
                func testA() throws {
                    defer { try? FileManager.default.removeItem(at: folder) }
                    addTeardownBlock { try? self.save() }
                    try? socket.close()
                    try? Socket.unlink(address)
                    XCTAssertTrue(try load())
                }
            }
            """)
        #expect(found == [])
    }

    @Test(
        "try? of a clean-up named with how it ends (syncShutdown, forceClose) ending its block is clean-up; followed by a check, or another verb, it is not"
    )
    func cleanupSaidHow() throws {
        // Given mattt/Replay 0.4.0's `try? client.syncShutdown()` as its test's last statement, and swift-nio 2.101.3's
        // `try? elg.syncShutdownGracefully()` followed by checks of the loop's state (read true)
        let found = try findings(
            .swallowedError,
            """
            import Testing
            @Test func syncShut() throws { #expect(ok); try? client.syncShutdown() }
            @Test func forceClose() throws { #expect(ok); try? file.forceClose() }
            @Test func checkedAfter() throws { try? elg.syncShutdownGracefully(); #expect(ok) }
            @Test func syncing() throws { #expect(ok); try? client.syncShutter() }
            @Test func asyncLoad() throws { #expect(ok); try? client.asyncLoad() }
            """)
        #expect(found == ["checkedAfter:4", "syncing:5", "asyncLoad:6"], "\(found)")
    }

    @Test("try? of a clean-up waited for, or in a catch that throws again, is clean-up; in a catch that ends it is not")
    func cleanupOnTheWayOut() throws {
        // vapor/async-kit 1.22.0: `catch { try? await pool.close().get(); throw error }`
        let found = try findings(
            .swallowedError,
            """
            import Testing
            @Test func pooling() async throws {
                do { #expect(try await pool.request().get() != nil) } catch { try? await pool.close().get(); throw error }
                try? group.shutdownGracefully().wait()
            }
            @Test func pruning() async throws {
                do { #expect(try await pool.request().get() != nil) } catch { try? await pool.request().get() }
            }
            @Test func swallowing() async throws {
                do { #expect(try await pool.request().get() != nil) } catch { try? sut.retry(); throw error }
                try? sut.save().get()
            }
            """)
        // Then a catch that ends swallows what it tries; a non-clean-up chain still counts
        #expect(found == ["pruning:7", "swallowing:11"], "\(found)")
    }

    @Test("A sleep's cancellation and an awaited task's error are discarded on purpose")
    func waitingTry() async throws {
        let found = try findings(
            .swallowedError,
            """
            import Testing
            @Test func cancels() async throws {
                try? await Task.sleep(seconds: 0.05)
                try? await task.value
                #expect(pool.isEmpty)
            }
            """)
        #expect(found == [])
    }

    @Test("try? on the call under test, even beside clean-up, is a swallowed error")
    func swallowedUnderTest() throws {
        let found = try findings(
            .swallowedError,
            """
            import XCTest
            final class StoreTests: XCTestCase {
                func testSave() {
                    try? sut.save(order)
                    try? sut.closeOrder(order)
                    defer { try? folder.delete() }
                    XCTAssertEqual(sut.count, 1)
                }
            }
            """)
        // `closeOrder` starts with a clean-up verb: it is read as clean-up too (a known limit).
        #expect(found == ["StoreTests.testSave:4"])
    }

    // MARK: Task { } without assertions

    @Test("A Task that only throws checks nothing, so nothing unawaited is asserted")
    func taskWithoutAssertion() throws {
        let found = try findings(
            .unawaitedAssertion,
            """
            import Testing
            extension Socket { func writeString(_ s: String) async throws { try await write(Array(s.utf8)) } }
            @Test func reads() async throws {
                Task { try await s1.writeString("Fish") }
                let text = try await s2.read()
                #expect(text == "Fish")
            }
            """)
        #expect(found == [])
    }

    @Test("A Task that asserts and that nothing waits for is still found")
    func taskWithAssertion() throws {
        let found = try findings(
            .unawaitedAssertion,
            """
            import Testing
            @Test func totals() {
                Task { #expect(total([1, 2]) == 3) }
            }
            """)
        #expect(found == ["totals:3"])
    }

    // MARK: Computing twice on purpose

    @Test("The same computation on both sides is a determinism check when the test is named for it")
    func determinism() throws {
        let found = try findings(
            .tautology,
            """
            import Testing
            @Test func getETagValue_isStable_forSameFile() {
                #expect(HTTPCacheControl.getETagValue(for: url) == HTTPCacheControl.getETagValue(for: url))
            }
            """)
        #expect(found == [])
    }

    @Test("An identity check of two evaluations asks whether the same instance comes back")
    func identityOfEvaluations() throws {
        let found = try findings(
            .tautology,
            """
            import XCTest
            final class ProviderTests: XCTestCase {
                func testContainerProvidesInstance() {
                    XCTAssert(employer.providedEmployee.instance === employer.providedEmployee.instance)
                }
            }
            """)
        #expect(found == [])
    }

    @Test("The hash of two values a type makes apart is no tautology; of one value, or a plain call's, it is")
    func hashOfMadeValues() throws {
        // Given mochidev/swift-webpush 0.4.2's error tests, whose types write their own hash(into:); near misses: one
        // value's hash with itself, and a function's result (not a type's value) in a test not about sameness
        let found = try findings(
            .tautology,
            """
            import Testing
            @Test func pushServiceError() { #expect(PushError(response: r).hashValue == PushError(response: r).hashValue) }
            @Test func keyError() { #expect(KeyError.invalid(e: DecodeError()).hashValue == KeyError.invalid(e: DecodeError()).hashValue) }
            @Test func oneValue() { let e = PushError(response: r); #expect(e.hashValue == e.hashValue) }
            @Test func computed() { #expect(total([7]).hashValue == total([7]).hashValue) }
            """)
        #expect(found == ["oneValue:4", "computed:5"])
    }

    @Test("A computation compared with itself in a test not about sameness, or a value with itself, is a tautology")
    func tautologyStays() throws {
        let found = try findings(
            .tautology,
            """
            import XCTest
            import Testing
            final class TotalTests: XCTestCase {
                func testTotal_ofOnePrice_isThatPrice() { XCTAssertEqual(total([7]), total([7])) }
                func testStable() { let sum = total([2]); XCTAssert(sum === sum) }
            }
            """)
        #expect(found == ["TotalTests.testTotal_ofOnePrice_isThatPrice:4", "TotalTests.testStable:5"])
    }

    // MARK: Sleeps

    @Test("A sleep in a closure the test hands over (a handler, the work a timeout cancels) is that work")
    func sleepAsWork() throws {
        let found = try findings(
            .sleepInTest,
            """
            import Testing
            @Test func handlerTimeout_Returns500() async throws {
                let server = HTTPServer.make(timeout: 0.1) { _ in
                    try await Task.sleep(seconds: 1)
                    return .accepted
                }
                await #expect(throws: TimeoutError.self) { try await withTimeout(0.1) { try await Task.sleep(for: .seconds(10)) } }
                #expect(await server.handle(request).status == 500)
            }
            """)
        #expect(found == [])
    }

    @Test("A test that waits for time itself, or through a helper that sleeps, is found once, where it waits")
    func sleepInTestAndHelper() throws {
        let found = try findings(
            .sleepInTest,
            """
            import Testing
            extension Task where Success == Never, Failure == Never {
                static func sleep(seconds: Double) async throws { try await sleep(nanoseconds: UInt64(seconds * 1e9)) }
            }
            func settle() { Thread.sleep(forTimeInterval: 0.2) }
            @Test func waitsUntilListening() async throws {
                try await Task.sleep(seconds: 0.1)
                settle()
                #expect(server.isListening)
            }
            """)
        #expect(found == ["waitsUntilListening:7", "waitsUntilListening:8"])
    }

    @Test("Code the build does not compile here is not judged: a sleep under #if canImport(Darwin)")
    func inactiveCode() throws {
        let found = try findings(
            .sleepInTest,
            """
            import XCTest
            final class ClockTests: XCTestCase {
                func testTick() {
                    #if canImport(Darwin)
                    Thread.sleep(forTimeInterval: 1)
                    #elseif os(Linux)
                    usleep(100_000)
                    #endif
                    XCTAssertTrue(ticked)
                }
            }
            """)
        #if os(Linux)
            #expect(found == ["ClockTests.testTick:7"])
        #endif
    }

    // MARK: Performance tests

    @Test("A test that only measures is named as a performance test, not as a forgotten assertion")
    func performanceTest() throws {
        let analysis = try analyzeSources([
            "P.swift": """
            import XCTest
            final class SearchPerformanceTests: XCTestCase {
                func testDfs() { measure { _ = graph.dfs(from: 0) } }
            }
            """
        ])
        let finding = try #require(analysis.findings.first { $0.kind == .noAssertion })
        #expect(
            finding.message
                == "SearchPerformanceTests.testDfs is a performance test: it measures and asserts nothing, and XCTest on Linux keeps no baseline to compare with, so it passes whatever the code does"
        )
    }

    @Test("A clock's measure is no performance test: the test that only times with it asserts nothing")
    func clockMeasureIsNoPerformanceTest() throws {
        // Given ordo-one/package-datetime 1.0.2's `let time = InternalUTCClock().measure { … }` (the standard library's
        // Clock.measure) in tests that only print, beside XCTest's `self.measure { … }`
        let analysis = try analyzeSources([
            "P.swift": """
            import XCTest
            final class ClockTests: XCTestCase {
                func testClock() { let time = ContinuousClock().measure { _ = 47 }; print(time) }
                func testSelfMeasure() { self.measure { _ = graph.dfs(from: 0) } }
            }
            """
        ])
        let messages = analysis.findings.filter { $0.kind == .noAssertion }.map(\.message).sorted()
        // Then the clock's test asserts nothing, and only XCTest's measure makes a performance test
        #expect(
            messages == [
                "ClockTests.testClock asserts nothing: it passes whatever the code does",
                "ClockTests.testSelfMeasure is a performance test: it measures and asserts nothing, and XCTest on Linux keeps no baseline to compare with, so it passes whatever the code does",
            ], "\(messages)")
    }

    @Test("A property check's generated value compared with itself checks its ==, a computed local does not")
    func closureParameterSelfComparison() throws {
        // Given: swift-property-based's helper compares each generated item with itself (a NaN would fail).
        let source = """
            import Testing
            func checkGen<T: Equatable>(_ values: [T]) {
                values.forEach { item in
                    #expect(item == item)
                }
            }
            @Test func sum() {
                let sum = [2, 4].reduce(0, +)
                #expect(sum == sum)
            }
            """
        // When
        let found = try analyzedFindings(.tautology, in: ["Gen.swift": source])
        // Then
        #expect(found == ["sum:9"])
    }

    @Test("A test that calls measure is known as a performance test, with its line")
    func measuringTests() throws {
        // Given
        let source = """
            import XCTest
            final class ParseTests: XCTestCase {
                func testParses() { XCTAssertEqual(1, 1 + 0) }
                func testParsePerformance() {
                    measure { _ = (0..<100).map { $0 * 2 } }
                }
            }
            """
        // When
        let analysis = try analyzeSources(["ParseTests.swift": source])
        // Then
        #expect(analysis.measuringTests.values.flatMap { $0 } == [4])
    }

    @Test(
        "A Swift Testing test whose display name says it does not crash asserts by running; one whose name says nothing, or interpolates, must assert"
    )
    func displayNamedForRunning() throws {
        // Given mattt/Replay 0.4.0's `@Test("unregister with unknown key does not crash") func unregisterUnknownKey()`
        let source = """
            import Testing
            @Test("unregister with unknown key does not crash") func unregisterUnknownKey() { _ = [1].first }
            @Test("unregister with unknown key") func unregisterKnownKey() { _ = [1].first }
            @Test("does not crash: \\(name)") func interpolated() { _ = [1].first }
            """
        // When
        let found = try analyzedFindings(.noAssertion, in: ["Levels.swift": source])
        // Then
        #expect(found == ["unregisterKnownKey:3", "interpolated:4"])
    }

    @Test("A test named for not crashing or for compiling asserts by running; any other test must assert")
    func namedForRunning() throws {
        // Given
        let source = """
            import Testing
            @Test func allLogLevelsDoNotCrash() { _ = [1, 2].map { $0 } }
            @Test func compileInitializeHandlers() { _ = [1].first }
            @Test func logsEveryLevel() { _ = [1].first }
            @Test func tokenizeIncorrectSyntaxWithoutCrashing() { _ = [1].first }
            @Test func tokenizeWithoutChecking() { _ = [1].first }
            @Test func deadlock() { _ = [1].first }
            @Test func deadlockDetectorFindsCycle() { _ = [1].first }
            @Test func noStackOverflowForlargeCache() { _ = [1].first }
            @Test func stackOverflowIsReported() { _ = [1].first }
            @Test func doesNotHaltOnLargeOutput() { _ = [1].first }
            @Test func haltsOnLargeOutput() { _ = [1].first }
            @Test func callingWithVoidResultDoesNotFailWithPreconditionFailureIfNoResultIsRegistered() { _ = [1].first }
            @Test func emptyInputNoFatalError() { _ = [1].first }
            @Test func preconditionFailureIsReported() { _ = [1].first }
            @Test func fatalErrorMessageIsLogged() { _ = [1].first }
            """
        // When
        let found = try analyzedFindings(.noAssertion, in: ["Levels.swift": source])
        // Then Stencil 0.15.1's `testTokenizeIncorrectSyntaxWithoutCrashing` runs as its check too, and so do
        // swift-dependencies 1.17.1's `testDeadlock`, which would hang, and LRUCache 1.2.1's
        // `testNoStackOverflowForlargeCache`, which would trap, and kareman/SwiftShell 5.1.0's
        // `testDoesNotHaltOnLargeOutput`, which would hang; a test named for a stack overflow it reports, or for
        // halting, is not; nor is danielsaidi/MockingKit 2.0.0's test named for not failing with a precondition failure
        // (read false on first contact), nor one named for no fatal error, while one named for a precondition failure
        // or a fatal error it reports must assert
        #expect(
            found == [
                "logsEveryLevel:4", "tokenizeWithoutChecking:6", "deadlockDetectorFindsCycle:8",
                "stackOverflowIsReported:10", "haltsOnLargeOutput:12", "preconditionFailureIsReported:15",
                "fatalErrorMessageIsLogged:16",
            ])
    }

    @Test(
        "A Quick example described as not deadlocking, crashing or overflowing asserts by running; another must assert")
    func exampleNamedForRunning() throws {
        // Given ReactiveSwift 7.2.1's examples, and near misses
        let source = """
            import Quick
            import Nimble
            final class SignalSpec: QuickSpec {
                override class func spec() {
                    describe("AggregateBuilder") {
                        it("should not deadlock upon disposal") { run() }
                        it("shouldn't overflow on a real scheduler") { run() }
                        it("should not crash allocating memory with a few observers") { run() }
                        it("should dispose of the observer") { run() }
                        it("should count the overflows") { run() }
                        it("int overflow") { run() }
                        it("client throws") { run() }
                    }
                }
            }
            """
        // When
        let found = try analyzeSources(["SignalSpec.swift": source]).findings.filter { $0.kind == .noAssertion }
            .compactMap(\.line)
        // Then only the examples described by what they do, not by what must not happen, assert nothing (a word
        // ending in `nt` before a verb is no negation)
        #expect(found == [9, 10, 11, 12])
    }

    @Test("A Quick example described by what the code must allow asserts by running; one it must not allow must assert")
    func exampleNamedForPermission() throws {
        // Given spotify/Mobius.swift 0.7.0's examples (a misuse reaches its error hook, a trap), and near misses: a
        // refusal, a contraction's refusal, and words that only hold the letters
        let source = """
            import Quick
            import Nimble
            final class ControllerSpec: QuickSpec {
                override class func spec() {
                    describe("MobiusController") {
                        it("should allow stopping and starting again") { run() }
                        it("allows stopping a loop immediately after dispatching an event") { run() }
                        it("should not allow starting twice") { run() }
                        it("doesn't allow a second view") { run() }
                        it("swallows the error") { run() }
                        it("pays an allowance") { run() }
                    }
                }
            }
            """
        // When
        let found = try analyzeSources(["ControllerSpec.swift": source]).findings.filter { $0.kind == .noAssertion }
            .compactMap(\.line)
        // Then only the permissions assert by running
        #expect(found == [8, 9, 10, 11])
    }

    @Test(
        "A test that names a type of its target whose members check asserts through it; one naming another type does not"
    )
    func checkingTypes() throws {
        // Given swift-dependencies' shapes: a key whose testValue reports an issue, and an outer key that reads an
        // inner one whose value's deinit fails the test; a plain type beside them
        let source = """
            import XCTest
            final class KeyTests: XCTestCase {
                func testReports() { @Dependency(ReportingKey.self) var client; _ = client }
                func testReentrant() { @Dependency(OuterKey.self) var outer; _ = outer }
                func testPlain() { @Dependency(PlainKey.self) var plain; _ = plain }
                func testFixture() { _ = render(Fixture.sample) }
            }
            private struct ReportingKey: TestDependencyKey { static var testValue: Self { reportIssue("Override"); return Self() } }
            private struct OuterKey: TestDependencyKey { static var testValue: Self { _ = InnerKey.testValue; return Self() } }
            private struct InnerKey { static var testValue: Self { final class Ref { deinit { XCTFail("dropped") } }; return Self() } }
            private struct PlainKey { static var testValue: Self { assertIsolated(); return Self() } }
            enum Fixture { static let sample = 1; static func load(_ name: String) -> Int { XCTFail("missing \\(name)"); return 0 } }
            """
        // When
        let found = try analyzedFindings(.noAssertion, in: ["KeyTests.swift": source])
        // Then only the test naming a type that checks nothing (a run-time assertion fails no test) asserts nothing
        // And a type whose method checks, run only when the test calls it, checks nothing of a test that
        // uses its data; a private type of another file does not count
        let other = "import XCTest\nfinal class OtherTests: XCTestCase { func testOther() { _ = ReportingKey.self } }\n"
        let both = try analyzedFindings(.noAssertion, in: ["KeyTests.swift": source, "OtherTests.swift": other])
        #expect(found == ["KeyTests.testPlain:5", "KeyTests.testFixture:6"])
        #expect(both.contains("OtherTests.testOther:2"))
    }

    @Test("Issue.record checks; a value's record (a metrics recorder) does not")
    func recordIsNoCheck() throws {
        // Given apple/swift-metrics' recorders beside Swift Testing's Issue.record
        let source = """
            import Testing
            @Test func recorded() { let recorder = Recorder(label: "r"); recorder.record(42) }
            @Test func reported() { if total() != 3 { Issue.record("total is \\(total())") } }
            @Test func ownHelper() { record(total()) }
            """
        // When
        let found = try analyzedFindings(.noAssertion, in: ["Metrics.swift": source])
        // Then a recorder's `record` is no check; Issue.record and a bare call (a helper's name) are
        #expect(found == ["recorded:2"])
    }

    @Test("Spectre's describe in an XCTest method runs the specs, whose failed expects fail the test")
    func spectreDescribeChecks() throws {
        // Given kylef/Commander 0.9.2's XCTest entry to its specs, beside the near misses
        let specs = """
            import XCTest
            import Spectre
            final class CommanderTests: XCTestCase {
                func testRunCommander() { describe("ArgumentParser", testArgumentParser) }
                func testTrailing() { describe("Group") { $0.it("runs") { try expect(run()) == 0 } } }
                func testMember() { report.describe("Group", testGroup) }
                func testNothing() { describe("Group") { $0.it("runs") { _ = run() } } }
            }
            """
        let other = """
            import XCTest
            final class OtherTests: XCTestCase {
                func testDescribe() { describe("ArgumentParser", testArgumentParser) }
            }
            """
        // When
        let found = try analyzedFindings(.noAssertion, in: ["XCTest.swift": specs, "Other.swift": other])
        // Then a member named describe, specs that expect nothing, or a describe where Spectre is not imported check
        // nothing
        #expect(
            found.sorted() == [
                "CommanderTests.testMember:6", "CommanderTests.testNothing:7", "OtherTests.testDescribe:3",
            ])
    }

    @Test("SwiftCheck's property(…) <- forAll { … } runs the property and fails the test on a counterexample")
    func swiftCheckProperties() throws {
        // Given thoughtbot/Runes v5.1.0's specs, beside the near misses
        let specs = """
            import XCTest
            import SwiftCheck
            final class ArraySpec: XCTestCase {
                func testFunctor() { property("identity law") <- forAll { (xs: [Int]) in xs == xs } }
                func testReported() { reportProperty("law") <- forAll { (xs: [Int]) in xs == xs } }
                func testBuilt() { _ = property("law") }
                func testMember() { laws.property("law") <- forAll { (xs: [Int]) in xs == xs } }
                func testConstant() { property("law") <- true }
            }
            import Testing
            @Test func swiftTestingProperty() { property("law") <- forAll { (xs: [Int]) in xs == xs } }
            """
        let other = """
            import XCTest
            final class OtherSpec: XCTestCase {
                func testFunctor() { property("identity law") <- forAll { (xs: [Int]) in xs == xs } }
            }
            """
        // When
        let found = try analyzedFindings(.noAssertion, in: ["ArraySpec.swift": specs, "Other.swift": other])
        // Then a property only reported, only built, a member of that name, one given no quantifier, one in a Swift
        // Testing test (which does not hear XCTFail), or one where SwiftCheck is not imported checks nothing
        #expect(
            found.sorted() == [
                "ArraySpec.testBuilt:6", "ArraySpec.testConstant:8", "ArraySpec.testMember:7",
                "ArraySpec.testReported:5",
                "OtherSpec.testFunctor:3", "swiftTestingProperty:11",
            ])
    }

    @Test("An operator of the package's that applies SwiftCheck's <- checks the property as <- does")
    func swiftCheckThroughOwnOperator() throws {
        // Given bow-swift/bow 0.8.0's Tests/BowLaws, which declares `<~` to apply `<-` (a target of its own there:
        // here in the package's sources), and near misses: an operator that only builds, one that applies `<-` to
        // another value than its first parameter, and a reported property through `<~`
        let laws = """
            import SwiftCheck
            infix operator <~
            public func <~(checker: AssertiveQuickCheck, test: @autoclosure @escaping () -> Testable) { checker <- test }
            infix operator <~~
            public func <~~(checker: AssertiveQuickCheck, test: @autoclosure @escaping () -> Testable) { _ = checker }
            infix operator <~>
            public func <~>(checker: AssertiveQuickCheck, test: @autoclosure @escaping () -> Testable) {
                property("other") <- test
            }
            """
        let specs = """
            import XCTest
            import SwiftCheck
            final class FoldTest: XCTestCase {
                func testLaw() { property("identity") <~ forAll { (xs: [Int]) in xs == xs } }
                func testBuilt() { property("identity") <~~ forAll { (xs: [Int]) in xs == xs } }
                func testOther() { property("identity") <~> forAll { (xs: [Int]) in xs == xs } }
                func testReported() { reportProperty("identity") <~ forAll { (xs: [Int]) in xs == xs } }
            }
            """
        // When
        let found = try analyzeSources(["FoldTest.swift": specs], packageSources: ["Laws.swift": laws]).findings
            .filter { $0.kind == .noAssertion }.map { "\($0.testName ?? "-"):\($0.line ?? 0)" }
        // Then only the property applied by `<~` checks
        #expect(found.sorted() == ["FoldTest.testBuilt:5", "FoldTest.testOther:6", "FoldTest.testReported:7"])
    }

    @Test("A value compared with itself in a test named for its type checks the type's own ==")
    func namedForItsType() throws {
        // Given: swift-property-based's FixedSeedTests; Xoshiro writes its own == and hash.
        let source = """
            import Testing
            @Test func testXoshiro() throws {
                var rng = try #require(Xoshiro(seed: "I9kE"))
                try #require(rng == rng)
                try #require(rng.hashValue == rng.hashValue)
            }
            @Test func testTotal() {
                let cart = Cart(items: [1])
                #expect(cart == cart)
            }
            """
        // When
        let found = try analyzedFindings(.tautology, in: ["FixedSeedTests.swift": source])
        // Then
        #expect(found == ["testTotal:9"])
    }

    @Test(
        "XCTAssertEqual of a value with itself in a test named for its type checks the ==, when the package writes it; not a member, a type of elsewhere, a synthesized ==, nor identity"
    )
    func namedForItsTypeInXCTest() throws {
        // Given: swift-collections-benchmark 0.0.4's GeometryTests: Transform writes its own ==; Cart's is synthesized.
        let package = """
            public struct Transform: Equatable {
                public var a: Double
                public init(a: Double) { self.a = a }
                public static func == (left: Transform, right: Transform) -> Bool { left.a == right.a }
            }
            public struct Cart: Equatable { public var items: [Int] }
            public final class Session { public init(id: Int) {} }
            extension Session: Equatable { public static func == (a: Session, b: Session) -> Bool { a === b } }
            """
        let source = """
            import XCTest
            final class GeometryTests: XCTestCase {
                func testTransform() {
                    let t1 = Transform(a: 1)
                    let t2 = Transform(a: -1)
                    XCTAssertEqual(t1, t1)
                    XCTAssertNotEqual(t1, t2)
                    XCTAssertEqual(t1.a, t1.a)
                }
                func testCart() {
                    let cart = Cart(items: [1])
                    XCTAssertEqual(cart, cart)
                }
                func testSession() {
                    let session = Session(id: 1)
                    XCTAssertIdentical(session, session)
                }
                func testSettingsLoad() {
                    let s = Set(loadKeys())
                    XCTAssertEqual(s, s)
                }
            }
            """
        // When
        let found = try analyzeSources(["GeometryTests.swift": source], packageSources: ["Geometry.swift": package])
            .findings.filter { $0.kind == .tautology }.map { "\($0.testName ?? "-"):\($0.line ?? 0)" }
        // Then: a member of the value, a Cart whose == the compiler writes, the identity of a Session and a Set stay
        // tautologies
        #expect(
            found == [
                "GeometryTests.testTransform:8", "GeometryTests.testCart:12", "GeometryTests.testSession:16",
                "GeometryTests.testSettingsLoad:20",
            ], "\(found)")
    }
}
