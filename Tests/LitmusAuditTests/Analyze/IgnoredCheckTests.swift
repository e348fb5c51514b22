import Testing

@testable import LitmusAudit
@testable import LitmusRunning

@Suite("Reading test sources for checks that run and decide nothing")
struct IgnoredCheckTests {
    /// swift-nio 2.101.3's `assertNoThrowWithValue`: an `XCTFail`, then the error thrown again when no default is given.
    private static let assertNoThrowWithValue = """
        import XCTest
        func assertNoThrowWithValue<T>(_ body: @autoclosure () throws -> T, defaultValue: T? = nil) throws -> T {
            do {
                return try body()
            } catch {
                XCTFail("unexpected error \\(error)")
                if let defaultValue { return defaultValue } else { throw error }
            }
        }

        """

    @Test("XCTAssert… and XCTFail in a @Test are found at their lines; XCTUnwrap, which throws, is not")
    func xctestAssertionInSwiftTesting() throws {
        // Given a Swift Testing suite calling XCTest's assertions
        let source = """
            import Testing
            import XCTest
            struct S {
                @Test func a() { XCTAssertEqual(1, 2) }
                @Test func b() {
                    XCTFail("no")
                }
                @Test func c() throws { _ = try XCTUnwrap(Int("1")); #expect(true == false) }
            }
            """

        // When it is analyzed
        let sut = try analyzedFindings(.xctestAssertionInSwiftTesting, in: ["S.swift": source])

        // Then each XCTest assertion is named with its test and line
        #expect(sut == ["S/a:4", "S/b:6"])
    }

    @Test("A @Test reaching XCTAssertEqual through helpers in another file is found at the helper's call")
    func xctestAssertionThroughHelpers() throws {
        // Given a @Test whose helper calls a helper that calls XCTAssertEqual, and an XCTest method calling it
        let files = [
            "S.swift": "import Testing\nstruct S {\n    @Test func a() {\n        checkSum(2)\n    }\n}\n",
            "Helpers.swift":
                "import XCTest\nfunc checkSum(_ x: Int) { isTwo(x) }\nfunc isTwo(_ x: Int) { XCTAssertEqual(x, 2) }\n",
            "X.swift": "import XCTest\nfinal class XTests: XCTestCase {\n    func testA() { checkSum(2) }\n}\n",
        ]

        // When they are analyzed
        let sut = try analyzeSources(files).findings.filter { $0.kind == .xctestAssertionInSwiftTesting }

        // Then only the @Test's call of the helper is found, and the message names the helper
        #expect(sut.map { "\($0.testName ?? "-"):\($0.line ?? 0)" } == ["S/a:4"])
        #expect(sut.first?.message.hasPrefix("S/a calls checkSum, a helper that calls XCTAssert…/XCTFail") == true)
    }

    @Test(
        "A helper that throws after its XCTFail fails a @Test by the error when tried; not with try? or without a throw"
    )
    func helperThrowingAfterFailure() throws {
        // Given swift-nio 2.101.3's assertNoThrowWithValue (XCTFail, then the error thrown again when no default
        // is given), and near misses: the error dropped by `try?`, a helper that returns after its XCTFail
        let files = [
            "S.swift": """
            import Testing
            struct S {
                @Test func a() throws { #expect(try assertNoThrowWithValue(parse("1")) == 1) }
                @Test func b() { _ = try? assertNoThrowWithValue(parse("1")) }
                @Test func c() { assertNoThrowReturning(parse("1")) }
                @Test func d() throws { #expect(try assertNoThrowWithValue(parse("1"), defaultValue: 0) == 1) }
                @Test func e() throws { try checkPositive(2) }
                @Test func f() throws { try failThenThrow() }
            }
            """,
            "Helpers.swift": Self.assertNoThrowWithValue + """
                func assertNoThrowReturning(_ body: @autoclosure () throws -> Int) {
                    do { _ = try body() } catch { XCTFail("unexpected error"); return }
                }
                func checkPositive(_ value: Int) throws {
                    XCTAssertEqual(value, 1)
                    guard value >= 0 else { throw Failure() }
                }
                func failThenThrow() throws {
                    XCTFail("always")
                    throw Failure()
                }
                """,
        ]
        // Then the call whose error is dropped, the helper that throws nothing, the default that returns instead, and
        // an XCTAssert… that fails without throwing cannot fail the test
        let sut = try analyzeSources(files).findings.filter { $0.kind == .xctestAssertionInSwiftTesting }
        #expect(sut.map { "\($0.testName ?? "-"):\($0.line ?? 0)" } == ["S/b:4", "S/c:5", "S/d:6", "S/e:7"])
    }

    @Test(
        "A throwing helper whose XCTest failures all come through tried calls that throw after them fails by the error too"
    )
    func helperAroundThrowingHelper() throws {
        // Given swift-nio 2.101.3's EventLoopFutureTest: a local `func doTest() throws` around `try
        // assertNoThrowWithValue(…)`, called in `#expect(throws: Never.self) { try doTest() }`; near misses: the error
        // caught in the helper, tried in a task's closure (whose error goes nowhere), a helper that also asserts, one that does not throw
        let files = [
            "S.swift": """
            import Testing
            struct S {
                @Test func a() {
                    func doTest() throws { let value = try assertNoThrowWithValue(parse("1")); #expect(value == 1) }
                    #expect(throws: Never.self) { try doTest() }
                }
                @Test func b() throws { try caught() }
                @Test func c() throws { try inClosure() }
                @Test func d() throws { try alsoAsserts() }
                @Test func e() { outer() }
                @Test func f() throws { try twice() }
            }
            """,
            "Helpers.swift": Self.assertNoThrowWithValue + """
                func caught() throws { do { _ = try assertNoThrowWithValue(parse("1")) } catch { print(error) } }
                func inClosure() throws { Task { _ = try assertNoThrowWithValue(parse("1")) } }
                func alsoAsserts() throws { _ = try assertNoThrowWithValue(parse("1")); XCTAssertTrue(ready) }
                func outer() { _ = try? assertNoThrowWithValue(parse("1")) }
                func twice() throws { try inner() }
                func inner() throws { _ = try assertNoThrowWithValue(parse("1")) }
                """,
        ]
        // Then the helper's error fails the test in `a` and through two helpers in `f`; the others are found
        let sut = try analyzeSources(files).findings.filter { $0.kind == .xctestAssertionInSwiftTesting }
        #expect(sut.map { "\($0.testName ?? "-"):\($0.line ?? 0)" } == ["S/b:7", "S/c:8", "S/d:9", "S/e:10"])
    }

    @Test("A helper that reports to Swift Testing too (Issue.record when Test.current is set) is no ignored check")
    func helperReportingToBothFrameworks() throws {
        // Given swift-snapshot-testing's recordIssue, reached from assertSnapshot, and a helper that reports to
        // XCTest alone
        let files = [
            "S.swift": """
            import Testing
            struct S {
                @Test func a() { assertSnapshot(of: 1) }
                @Test func b() { checkSum(2) }
            }
            """,
            "Helpers.swift": """
            import Testing
            import XCTest
            func assertSnapshot(of value: Int) { if value != 1 { recordIssue("differs") } }
            func recordIssue(_ message: String) {
                if Test.current != nil { Issue.record(Comment(rawValue: message)) } else { XCTFail(message) }
            }
            func checkSum(_ x: Int) { XCTAssertEqual(x, 2) }
            """,
        ]

        // When they are analyzed
        let sut = try analyzeSources(files).findings.filter { $0.kind == .xctestAssertionInSwiftTesting }

        // Then only the XCTest-only helper's call is found
        #expect(sut.map { "\($0.testName ?? "-"):\($0.line ?? 0)" } == ["S/b:4"])
    }

    @Test("#expect in an XCTest method is found at its line; #require, which throws and fails it, is not")
    func expectInXCTest() throws {
        // Given an XCTest class using Swift Testing's macros
        let source = """
            import Testing
            import XCTest
            final class XTests: XCTestCase {
                func testA() { #expect(1 == 2) }
                func testB() throws { _ = try #require(Int("1")) }
                func testC() { XCTAssertEqual(1, 1 + 0) }
            }
            """

        // When it is analyzed
        let sut = try analyzedFindings(.expectInXCTest, in: ["X.swift": source])

        // Then only the #expect is named
        #expect(sut == ["XTests.testA:4"])
    }

    @Test("#expect in the body of a Swift Testing test an XCTest method builds and runs is Swift Testing's to record")
    func expectInBuiltTest() throws {
        // Given swift-testing 6.3.2's own XCTest tests of its issues (false on first contact): `await Test { #expect(…)
        // }.run(configuration:)`, with traits and qualified, a helper using #expect called there; and near misses: the
        // same #expect in a Task, in a closure of another call named for tests, and straight in the method
        let source = """
            import Testing
            import XCTest
            func check(_ value: Int) { #expect(value == 1) }
            final class XTests: XCTestCase {
                func testA() async { await Test { #expect(Bool(false)) }.run(configuration: configuration) }
                func testB() async { await Test(.hidden) { check(2) }.run(configuration: configuration) }
                func testC() async { await Testing.Test { #expect(1 == 2) }.run(configuration: configuration) }
                func testD() async { await Task { #expect(1 == 2) }.value }
                func testE() async { await TestRun { #expect(1 == 2) }.run() }
                func testF() { #expect(1 == 2) }
            }
            """

        // When it is analyzed
        let sut = try analyzedFindings(.expectInXCTest, in: ["X.swift": source])

        // Then only the near misses are named
        #expect(sut == ["XTests.testD:8", "XTests.testE:9", "XTests.testF:10"])
    }

    @Test("A @Test named test… in an extension of a suite named …Tests is Swift Testing's, not an XCTest method")
    func swiftTestingTestInExtension() throws {
        // Given: swiftlang/swift-subprocess's shape, `@Test func testX()` in an extension of a `@Suite` struct
        // named for tests, in another file; and an XCTest class's extension, whose #expect still counts
        let files = [
            "Suite.swift": "import Testing\n@Suite struct SubprocessUnixTests {}\n",
            "Unix.swift": """
            import Testing
            extension SubprocessUnixTests {
                @Test func testExitCode() async throws { #expect(1 == 1 + 0) }
            }
            """,
            "X.swift": """
            import Testing
            import XCTest
            final class XTests: XCTestCase {}
            extension XTests {
                func testA() { #expect(1 == 2) }
            }
            """,
        ]

        // When they are analyzed
        let sut = try analyzeSources(files)

        // Then only the XCTest method's #expect is found, and the suite is no XCTest class that could never run
        #expect(sut.findings.filter { $0.kind == .expectInXCTest }.map { $0.testName ?? "-" } == ["XTests.testA"])
        #expect(sut.classes.map(\.name) == ["XTests"])
    }

    @Test(
        "A test is not a helper, nor is a method of another value: .success(x) and channel.write(x) are not helper calls"
    )
    func testsAreNotHelpers() throws {
        // Given a @Test named success() and a helper write(_:) using #expect, and XCTest methods calling
        // Result.success and channel.write
        let files = [
            "S.swift": """
            import Testing
            struct S {
                @Test func success() { #expect(f() == 2) }
            }
            func write(_ x: Int) { #expect(x == 2) }
            """,
            "X.swift": """
            import XCTest
            final class XTests: XCTestCase {
                func testA() { stub(.success([1])); stub(Result.success([1])); XCTAssertTrue(done) }
                func testB() { channel.write(2); XCTAssertTrue(done) }
            }
            """,
        ]

        // When they are analyzed
        let sut = try analyzedFindings(.expectInXCTest, in: files)

        // Then nothing is found
        #expect(sut == [])
    }

    @Test(
        "Nimble's expect(x) and expect { } without a matcher are found; with .to, .toNot, .toEventually or == they are not"
    )
    func unevaluatedExpectation() throws {
        // Given Nimble expectations, two of them left dangling
        let source = """
            import Nimble
            import XCTest
            final class NTests: XCTestCase {
                func testA() {
                    expect(1 + 1)
                    expect { 2 }
                    expect(1).to(equal(1 + 0))
                    expect(1).toNot(equal(2))
                    expect(1).toEventually(equal(1 + 0))
                    expect(1) == 1
                }
            }
            """

        // When it is analyzed
        let sut = try analyzedFindings(.unevaluatedExpectation, in: ["N.swift": source])

        // Then the two dangling ones are named with their lines
        #expect(sut == ["NTests.testA:5", "NTests.testA:6"])
    }

    @Test("A bare expect(x) is not Nimble's without an import of Nimble or Quick, nor when the tests declare expect")
    func expectThatIsNotNimbles() throws {
        // Given a bare expect(x) in a file without Nimble, and one where the targets declare their own expect
        let withoutNimble = ["A.swift": "import XCTest\nfunc testA() { expect(1) }\n"]
        let ownExpect = [
            "A.swift": "import Nimble\nfunc testA() { expect(1) }\n",
            "B.swift": "import XCTest\nfunc expect(_ x: Int) { XCTAssertEqual(x, 1) }\n",
        ]

        // When they are analyzed
        let sut =
            try analyzedFindings(.unevaluatedExpectation, in: withoutNimble)
            + analyzedFindings(.unevaluatedExpectation, in: ownExpect)

        // Then nothing is found
        #expect(sut == [])
    }

    @Test("Assertions in an unawaited Task, Task.detached and DispatchQueue async are found at their lines")
    func unawaitedAssertion() throws {
        // Given tests that assert in work nothing waits for
        let source = """
            import Dispatch
            import Testing
            import XCTest
            struct S {
                @Test func a() {
                    Task {
                        #expect(await total() == 3)
                    }
                }
                @Test func b() { Task.detached { #expect(1 == 2) } }
            }
            final class QTests: XCTestCase {
                func testA() {
                    DispatchQueue.main.async {
                        XCTAssertEqual(1, 2)
                    }
                }
            }
            """

        // When it is analyzed
        let sut = try analyzedFindings(.unawaitedAssertion, in: ["Q.swift": source])

        // Then each assertion is named with its test and line
        #expect(sut == ["QTests.testA:15", "S/a:7", "S/b:10"])
    }

    @Test("Work the test waits for is not found: await of the task's value, an expectation, confirmation, sync")
    func awaitedWork() throws {
        // Given tests that wait, each its own way, and a Task that asserts nothing
        let source = """
            import Dispatch
            import Testing
            import XCTest
            struct S {
                @Test func a() async { let t = Task { #expect(1 == 1 + 0) }; await t.value }
                @Test func b() async { await Task { #expect(1 == 1 + 0) }.value }
                @Test func c() async {
                    await confirmation { done in Task { #expect(1 == 1 + 0); done() } }
                }
                @Test func d() { Task { print("hi") }; #expect(1 == 1 + 0) }
            }
            final class QTests: XCTestCase {
                func testA() {
                    let e = expectation(description: "x")
                    DispatchQueue.global().async { XCTAssertEqual(1, 1 + 0); e.fulfill() }
                    wait(for: [e], timeout: 1)
                }
                func testB() {
                    queue.async { XCTAssertEqual(1, 1 + 0) }
                    queue.sync {}
                }
            }
            """

        // When it is analyzed
        let sut = try analyzedFindings(.unawaitedAssertion, in: ["W.swift": source])

        // Then nothing is found
        #expect(sut == [])
    }

    @Test(
        "Checks queued in a group whose notify fulfils the awaited expectation are waited for; another group's, or queued after the notify, are not"
    )
    func groupNotifyOrder() throws {
        // Given SwifterSwift 8.0.0's `DispatchQueue.main.async(group: group) { XCTAssert(…) }` then `group.notify(queue:
        // .main) { expect.fulfill() }` and a wait (4 read false on first contact); and near misses: the checks queued in
        // another group, without a group, and after the notify
        let source = """
            import XCTest
            final class GTests: XCTestCase {
                func testA() async {
                    let expect = expectation(description: "x")
                    let group = DispatchGroup()
                    DispatchQueue.main.async(group: group) { XCTAssert(isMain()) }
                    DispatchQueue.global().async(group: group) { XCTAssertFalse(isMain()) }
                    group.notify(queue: .main) { expect.fulfill() }
                    await fulfillment(of: [expect], timeout: 0.5)
                }
                func testB() {
                    let expect = expectation(description: "x")
                    let group = DispatchGroup()
                    let other = DispatchGroup()
                    DispatchQueue.global().async(group: other) { XCTAssert(isMain()) }
                    group.notify(queue: .main) { expect.fulfill() }
                    wait(for: [expect], timeout: 1)
                }
                func testC() {
                    let expect = expectation(description: "x")
                    let group = DispatchGroup()
                    DispatchQueue.global().async { XCTAssert(isMain()) }
                    group.notify(queue: .main) { expect.fulfill() }
                    wait(for: [expect], timeout: 1)
                }
                func testD() {
                    let expect = expectation(description: "x")
                    let group = DispatchGroup()
                    group.notify(queue: .main) { expect.fulfill() }
                    DispatchQueue.global().async(group: group) { XCTAssert(isMain()) }
                    wait(for: [expect], timeout: 1)
                }
            }
            """

        // When it is analyzed
        let found = try analyzedFindings(.unawaitedAssertion, in: ["G.swift": source])

        // Then only the near misses' checks may run after the test
        #expect(found == ["GTests.testB:15", "GTests.testC:22", "GTests.testD:30"], "\(found)")
    }

    @Test(
        "Checks that then leave a group a helper handed the test are waited for by that helper; a group of the test's own, not"
    )
    func helperGivenGroup() throws {
        // Given ProcedureKit 5.2.0's stress tests: a helper hands each iteration a batch, whose group the checks' block
        // leaves (6 read false on first contact); and near misses: a group the test made and never waits for, a
        // group of the test's own left inside the helper's closure, a block that leaves nothing
        let source = """
            import XCTest
            final class STests: XCTestCase {
                func testA() {
                    stress { batch, iteration in
                        let job = Job()
                        job.onFinish { _, error in
                            DispatchQueue.main.async {
                                XCTAssertNil(error)
                                batch.dispatchGroup.leave()
                            }
                        }
                    }
                }
                func testB() {
                    let group = DispatchGroup()
                    group.enter()
                    DispatchQueue.global().async {
                        XCTAssert(isMain())
                        group.leave()
                    }
                }
                func testC() {
                    let mine = DispatchGroup()
                    stress { batch, iteration in
                        DispatchQueue.global().async {
                            XCTAssert(isMain())
                            mine.leave()
                        }
                    }
                }
                func testD() {
                    stress { (batch: Batch, iteration: Int) in
                        DispatchQueue.global().async { XCTAssert(isMain()) }
                    }
                }
            }
            """

        // When it is analyzed
        let found = try analyzedFindings(.unawaitedAssertion, in: ["S.swift": source])

        // Then only the near misses' checks may run after the test
        #expect(found == ["STests.testB:18", "STests.testC:26", "STests.testD:33"], "\(found)")
    }

    @Test("Checks queued on a serial queue before the block that fulfils are waited for; on a concurrent one, not")
    func serialQueueOrder() throws {
        // Given Bouke/HAP 0.7.0's `let testQueue = DispatchQueue(label: "TestQueue")`, checks queued on it, then
        // `testQueue.async { expectation.fulfill() }` and a wait; and near misses: a concurrent queue, the fulfil
        // queued on another queue, and the checks queued after the fulfil
        let source = """
            import XCTest
            final class QTests: XCTestCase {
                func testA() {
                    let e = expectation(description: "x")
                    let queue = DispatchQueue(label: "TestQueue")
                    queue.async { XCTAssertEqual(read(), 1) }
                    queue.async { e.fulfill() }
                    wait(for: [e], timeout: 1)
                }
                func testB() {
                    let e = expectation(description: "x")
                    DispatchQueue.main.async { XCTAssertEqual(read(), 1) }
                    DispatchQueue.main.async { e.fulfill() }
                    waitForExpectations(timeout: 1)
                }
                func testC() {
                    let e = expectation(description: "x")
                    let queue = DispatchQueue(label: "TestQueue", attributes: .concurrent)
                    queue.async { XCTAssertEqual(read(), 1) }
                    queue.async { e.fulfill() }
                    wait(for: [e], timeout: 1)
                }
                func testD() {
                    let e = expectation(description: "x")
                    let queue = DispatchQueue(label: "TestQueue")
                    queue.async { XCTAssertEqual(read(), 1) }
                    DispatchQueue.main.async { e.fulfill() }
                    wait(for: [e], timeout: 1)
                }
                func testE() {
                    let e = expectation(description: "x")
                    let queue = DispatchQueue(label: "TestQueue")
                    queue.async { e.fulfill() }
                    queue.async { XCTAssertEqual(read(), 1) }
                    wait(for: [e], timeout: 1)
                }
                func testF() {
                    let e = expectation(description: "x")
                    let queue = DispatchQueue(label: "TestQueue")
                    client.fetch { value in queue.async { XCTAssertEqual(value, 1) } }
                    queue.async { e.fulfill() }
                    wait(for: [e], timeout: 1)
                }
                func testG() {
                    let e = expectation(description: "x")
                    let queue = DispatchQueue(label: "TestQueue")
                    queue.async { client.fetch { XCTAssertEqual($0, 1) } }
                    queue.async { e.fulfill() }
                    wait(for: [e], timeout: 1)
                }
            }
            """
        // … and checks queued from a callback (testF), or made in a callback of the queued work (testG)
        let sut = try analyzedFindings(.unawaitedAssertion, in: ["Q.swift": source])
        #expect(
            sut == ["QTests.testC:19", "QTests.testD:26", "QTests.testE:34", "QTests.testF:40", "QTests.testG:47"])
    }
}
