import Testing

@testable import LitmusAudit
@testable import LitmusRunning

/// Each test smell on small sources: a positive, a negative, and the near miss that must not be flagged.
@Suite("Test smells: the catalog's, and Swift's own")
struct SmellDetectorTests {

    /// The findings of `kind` in one Swift Testing file of `functions`, as `function:line`.
    private func swiftTesting(_ kind: FindingKind, _ functions: String) throws -> [String] {
        try analyzedFindings(kind, in: ["S.swift": "import Testing\n" + functions + "\n"])
    }

    @Test("emptyTest: an empty body, not one with a statement; no noAssertion beside it")
    func emptyTest() throws {
        // Given an empty test, a test holding only a comment, and one that calls something
        let methods = """
            func testA() {}
            func testB() {
                // to do
            }
            func testC() { XCTAssertEqual(1 + 1, 2) }
            """
        // When / Then
        #expect(try xctestFindings(.emptyTest, methods) == ["testA:3", "testB:4"])
        #expect(try xctestFindings(.noAssertion, methods).isEmpty)
        #expect(try swiftTesting(.emptyTest, "@Test func a() {}\n@Test func b() throws { try run() }") == ["a:2"])
    }

    @Test("A hidden test, or one in a hidden suite, is a fixture other tests run: not judged empty or unchecked")
    func hiddenTests() throws {
        // Given swift-testing 6.3.2's fixtures (false on first contact as empty or asserting nothing, XCTest's
        // assertions in one): `@Test(.hidden)`, a test in a `@Suite(.hidden)` and in a type nested in one; and near
        // misses: a test with another trait, a suite with another trait, a trait merely named `hidden` of a value, a
        // hidden test inside `#if false`
        let functions = """
            @Test(.hidden) func a() {}
            @Suite(.hidden) struct Fixtures {
                @Test func b() { run() }
                struct Inner { @Test("named") func c() { XCTAssertEqual(1, 2) } }
            }
            @Test(.tags(.slow)) func d() {}
            @Suite(.serialized) struct Others { @Test func e() { run() } }
            @Test(Settings.hidden) func f() { XCTAssertEqual(1, 2) }
            #if false
            @Test(.hidden) func g() { #expect(1 == 1) }
            #endif
            """
        // When / Then
        #expect(try swiftTesting(.emptyTest, functions) == ["d:7"])
        #expect(try swiftTesting(.noAssertion, functions) == ["Others/e:8"])
        #expect(try swiftTesting(.xctestAssertionInSwiftTesting, functions) == ["f:9"])
        // And a hidden test no build compiles still never runs (swift-testing 6.3.2's `#if false` fixture, read true)
        #expect(try swiftTesting(.neverRan, functions) == ["g:11"])
    }

    @Test("ignoredTest: .disabled() without a reason, xit, an unconditional XCTSkip, a name XCTest skips")
    func ignoredTest() throws {
        // Given Swift Testing tests disabled with and without a reason
        let testing = """
            @Test(.disabled()) func a() { #expect(f() == 1) }
            @Test(.disabled("flaky on Linux")) func b() { #expect(f() == 1) }
            // Waits for the server fix.
            @Test(.disabled()) func c() { #expect(f() == 1) }
            @Test(.disabled(if: isCI)) func d() { #expect(f() == 1) }
            @Test(.disabled()) // Fails on CI, but not locally.
            func e() { #expect(f() == 1) }
            @Test(.disabled())
            func g() { #expect(f() == 1) } // checks f
            """
        // (sindresorhus/Defaults 9.0.9's `@Test(.disabled()) // Fails on CI, but not locally.`: a reason on the
        // attribute's line, read false on first contact; a comment after the body is none)
        #expect(try swiftTesting(.ignoredTest, testing) == ["a:2", "g:9"])
        // And XCTest methods
        let methods = """
            func testA() throws { throw XCTSkip() }
            func testB() throws {
                #if os(Linux)
                throw XCTSkip("no Foundation.Process here")
                #endif
                XCTAssertEqual(f(), 1)
            }
            func xtestC() { XCTAssertEqual(f(), 1) }
            func testD(_ value: Int) { XCTAssertEqual(value, 1) }
            func testE(_ value: Int) { XCTAssertEqual(value, 1) }
            func testF() { testE(1) }
            func testG() throws { try XCTSkipIf(isLinux); XCTAssertEqual(f(), 1) }
            """
        #expect(try xctestFindings(.ignoredTest, methods) == ["testA:3", "xtestC:10"])
        // A method XCTest cannot run is no switch: it never runs by accident (neverRan)
        #expect(try xctestFindings(.neverRan, methods) == ["testD:11"])
        // And Quick examples
        let spec = """
            import Quick
            import Nimble
            final class CartSpec: QuickSpec {
                override class func spec() {
                    describe("a cart") {
                        it("totals") { expect(total()).to(equal(3)) }
                        xit("discounts") { expect(total()).to(equal(2)) }
                    }
                }
            }
            """
        #expect(try analyzedFindings(.ignoredTest, in: ["CartSpec.swift": spec]) == ["CartSpec.a cart discounts:7"])
    }

    @Test("trapInTest: try!, a force unwrap, as!, fatalError; XCTUnwrap and try? are no traps; one finding a test")
    func trapInTest() throws {
        let methods = """
            func testA() throws {
                let data = try! load()
                XCTAssertEqual(data.first!, 1)
            }
            func testB() { XCTAssertEqual(f() as! Int, 1) }
            func testC() throws {
                let value = try XCTUnwrap(Int("1"))
                XCTAssertEqual(value != 2, true)
            }
            func testD() { guard let x = f() else { fatalError("no") }; XCTAssertEqual(x, 1) }
            """
        #expect(try xctestFindings(.trapInTest, methods) == ["testA:4", "testB:7", "testD:12"])
        let message = try analyzeSources(["T.swift": "import XCTest\nfinal class T: XCTestCase {\n\(methods)\n}\n"])
            .findings.first { $0.kind == .trapInTest }?.message
        #expect(message?.contains("(and 1 more)") == true)
    }

    @Test(
        "trapInTest: a cast of a value the test found to be that type cannot fail; of a call, or another case, it can"
    )
    func castAfterTypeCheck() throws {
        // Given swift-nio 2.101.3's SocketAddressTest (`case is SocketAddressError.FailedToParseIPByteBuffer:` then
        // `error as! SocketAddressError.FailedToParseIPByteBuffer`), `if x is T` and `guard x is T`; near misses: a
        // case that lets another type in, a call checked and then called again, a cast to another type
        let methods = """
            func testA() {
                do { try parse() } catch {
                    switch error {
                    case is ParseError:
                        XCTAssertEqual((error as! ParseError).offset, 3)
                    default: XCTFail()
                    }
                }
            }
            func testB() { let value: Any = make(); if value is Int { XCTAssertEqual(value as! Int, 1) } }
            func testC() { let value: Any = make(); guard value is Int else { return XCTFail() }; XCTAssertEqual(value as! Int, 1) }
            func testD() {
                do { try parse() } catch {
                    switch error {
                    case is ParseError, is IOError:
                        XCTAssertEqual((error as! ParseError).offset, 3)
                    default: XCTFail()
                    }
                }
            }
            func testE() { if make() is Int { XCTAssertEqual(make() as! Int, 1) } }
            func testF() { let value: Any = make(); if value is Int { XCTAssertEqual(value as! String, "1") } }
            """
        let found = try xctestFindings(.trapInTest, methods)
        #expect(found == ["testD:18", "testE:23", "testF:24"])
    }

    @Test(
        "A precondition the test checks with makes it no test that asserts nothing; a helper's or a literal's does not"
    )
    func preconditionAsCheck() throws {
        // Given Swift-BigInt v2.4.0's MG_Matrix_Tests.testSparseMatrix (`precondition(M[i, j] == S[i, j], …)` its only
        // check, read as "asserts nothing", a wrong cause: it checks, by trapping), and near misses:
        // `precondition(true)`, a helper's precondition, which validates its input
        let methods = """
            func makeMatrix(_ n: Int) -> [Int] { precondition(n > 0); return Array(repeating: 0, count: n) }
            func testA() { for i in 0..<3 { precondition(compute(i) == i * 2, "wrong at \\(i)") } }
            func testB() { precondition(true); _ = compute(1) }
            func testC() { _ = makeMatrix(3) }
            """
        #expect(try xctestFindings(.noAssertion, methods) == ["testB:5", "testC:6"])
    }

    @Test("floatEquality: == on a floating-point literal without accuracy; accuracy:, integers, a tuple, nil are not")
    func floatEquality() throws {
        let methods = """
            func testA() { XCTAssertEqual(ratio(), 0.3) }
            func testB() { XCTAssertEqual(ratio(), 0.3, accuracy: 0.001) }
            func testC() { XCTAssertEqual(scale(), 1.1) }
            func testD() { XCTAssertEqual(count(), 3) }
            func testE() { expect(1.2) == (9.3, 10) }
            func testF<T: BinaryFloatingPoint>(_: T.Type) { XCTAssertEqual(T.sum(x, y), half) }
            func testG<T: BinaryFloatingPoint>(_: T.Type) { XCTAssertEqual(T.parse(text), nil) }
            """
        // testG asks whether there is a value: no rounding reaches a comparison with nil.
        #expect(try xctestFindings(.floatEquality, methods) == ["testA:3", "testC:5", "testF:8"])
        #expect(
            try swiftTesting(
                .floatEquality,
                "@Test func a() { #expect(ratio() == 0.1) }\n@Test func b() { #expect(abs(ratio() - 0.1) < 0.001) }")
                == ["a:2"])
    }

    @Test("expectationFulfilledTwice: two fulfils that both run; exclusive branches and a set count are not")
    func expectationFulfilledTwice() throws {
        let methods = """
            func testA() {
                let done = expectation(description: "done")
                load { done.fulfill() }
                reload { done.fulfill() }
                wait(for: [done], timeout: 1)
            }
            func testB() {
                let done = expectation(description: "done")
                load { result in
                    switch result {
                    case .success: done.fulfill()
                    case .failure: done.fulfill()
                    }
                }
                wait(for: [done], timeout: 1)
            }
            func testC() {
                let done = expectation(description: "done")
                done.expectedFulfillmentCount = 2
                load { done.fulfill() }
                reload { done.fulfill() }
                wait(for: [done], timeout: 1)
            }
            func testD() {
                let done = expectation(description: "done")
                DispatchQueue.main.asyncAfter(deadline: .now() + 2) { done.fulfill() }
                wait(for: [done], timeout: 1)
            }
            """
        let sut = try xctestFindings(.expectationFulfilledTwice, methods)
        #expect(sut == ["testA:6", "testD:29"])
    }

    @Test(
        "expectationFulfilledTwice: a fulfil in a block that returns comes before none after it; a block that goes on does"
    )
    func fulfilThenLeave() throws {
        // Given SwiftyRequest 3.2.200's `guard let response = error.response else { XCTFail(…); return
        // expectation.fulfill() }` then `expectation.fulfill()` after the switch, and near misses: an else that only
        // breaks out of its case, and a block that returns in another closure than the later fulfil
        let methods = """
            func testA() {
                let done = expectation(description: "done")
                load { result in
                    switch result {
                    case .success: XCTFail("unexpected")
                    case .failure(let error):
                        guard let response = error.response else { XCTFail("none"); return done.fulfill() }
                        XCTAssertEqual(response.status, 401)
                    }
                    done.fulfill()
                }
                wait(for: [done], timeout: 1)
            }
            func testB() {
                let done = expectation(description: "done")
                load { result in
                    switch result {
                    case .success: XCTFail("unexpected")
                    case .failure(let error):
                        guard let response = error.response else { done.fulfill(); break }
                        XCTAssertEqual(response.status, 401)
                    }
                    done.fulfill()
                }
                wait(for: [done], timeout: 1)
            }
            func testC() {
                let done = expectation(description: "done")
                load { result in
                    if result.isEmpty { done.fulfill(); return }
                }
                reload { done.fulfill() }
                wait(for: [done], timeout: 1)
            }
            func testD() {
                let done = expectation(description: "done")
                load { data in
                    do { guard let x = try parse(data) else { done.fulfill(); throw Failure.empty }; XCTAssertEqual(x, 1) } catch { XCTFail() }
                    done.fulfill()
                }
                wait(for: [done], timeout: 1)
            }
            """
        // … and a block that throws into a `catch` of the same closure (testD)
        #expect(
            try xctestFindings(.expectationFulfilledTwice, methods) == ["testB:25", "testC:34", "testD:41"])
    }

    @Test(
        "expectationFulfilledTwice: clauses of one #if are exclusive, and a block that returns comes before a closure made after it"
    )
    func fulfilExclusiveByBuildOrReturn() throws {
        // Given PromiseKit 8.2.0's CombineTests (a fulfil in `if #available`, its `else`, and the `#else` of two
        // `#if`s) and GRDB.swift 7.10.0's `guard … else { XCTFail(); e.fulfill(); return }` then a fulfil in a
        // callback made after the guard; near misses: two fulfils in one clause, a callback made before the guard
        let methods = """
            func testA() {
                let ex = expectation(description: "")
                #if canImport(Combine)
                if #available(macOS 10.15, *) {
                    sink(receiveValue: { ex.fulfill() })
                } else {
                    ex.fulfill()
                }
                #else
                ex.fulfill()
                #endif
                wait(for: [ex], timeout: 1)
            }
            func testB() {
                let ex = expectation(description: "")
                #if canImport(Combine)
                sink(receiveValue: { ex.fulfill() })
                ex.fulfill()
                #else
                ex.fulfill()
                #endif
                wait(for: [ex], timeout: 1)
            }
            func testC() {
                let e = expectation(description: "")
                migrate { result in
                    guard case .failure = result else { XCTFail("none"); e.fulfill(); return }
                    read { _ in e.fulfill() }
                }
                wait(for: [e], timeout: 1)
            }
            func testD() {
                let e = expectation(description: "")
                migrate { result in
                    let later = { e.fulfill() }
                    guard case .failure = result else { XCTFail("none"); e.fulfill(); return }
                    read(later)
                }
                wait(for: [e], timeout: 1)
            }
            """
        let found = try xctestFindings(.expectationFulfilledTwice, methods)
        #expect(found == ["testB:20", "testD:38"])
    }

    @Test("expectationFulfilledTwice: a name bound again in another closure is another expectation; one bound once is")
    func expectationPerBinding() throws {
        // Given combine-schedulers' shape, an expectation bound in each of two closures, and one bound once
        let methods = """
            func testA() {
                XCTExpectFailure { let e = expectation(description: "a"); run { e.fulfill() }; wait(for: [e], timeout: 1) }
                XCTExpectFailure { let e = expectation(description: "b"); run { e.fulfill() }; wait(for: [e], timeout: 1) }
            }
            func testB() {
                XCTExpectFailure { let e = expectation(description: "a"); run { e.fulfill() }; rerun { e.fulfill() }; wait(for: [e], timeout: 1) }
            }
            """
        #expect(try xctestFindings(.expectationFulfilledTwice, methods) == ["testB:8"])
    }

    @Test("expectationFulfilledTwice: a var given another expectation holds two; one never assigned again holds one")
    func expectationAssignedAgain() throws {
        // Given PerfectlySoft/Perfect-HTTP 3.3.0's two handlers fulfilling `expect`, given a second expectation
        // between the two waits, and near misses: the same var never assigned again
        let methods = """
            func testA() {
                var expect = expectation(description: "wait1")
                func handleIt() { expect.fulfill() }
                func failIt() { expect.fulfill() }
                route("/info", handleIt)
                waitForExpectations(timeout: 10)
                expect = expectation(description: "wait2")
                route("/fail", failIt)
                waitForExpectations(timeout: 10)
            }
            func testB() {
                var expect = expectation(description: "wait1")
                func handleIt() { expect.fulfill() }
                func failIt() { expect.fulfill() }
                route("/info", handleIt)
                route("/fail", failIt)
                waitForExpectations(timeout: 10)
            }
            func testC() {
                var expect = expectation(description: "wait1")
                let saved = expect
                func handleIt() { expect.fulfill() }
                func failIt() { expect.fulfill() }
                route("/info", handleIt)
                expect = saved
                route("/fail", failIt)
                waitForExpectations(timeout: 10)
            }
            """
        // … and the var given back the same expectation (testC), which still holds one
        let found = try xctestFindings(.expectationFulfilledTwice, methods)
        #expect(found == ["testB:16", "testC:25"])
    }

    @Test(
        "conditionalTestLogic: a check only when an if holds; #if, #available, else-XCTFail and literal loops are not")
    func conditionalTestLogic() throws {
        let methods = """
            func testA() {
                if let value = Int(text()) { XCTAssertEqual(value, 3) }
            }
            func testB() {
                if let value = Int(text()) { XCTAssertEqual(value, 3) } else { XCTFail("not a number") }
            }
            func testC() {
                #if os(Linux)
                XCTAssertEqual(f(), 1)
                #endif
                if #available(macOS 15, *) { XCTAssertEqual(f(), 1) }
            }
            func testD() {
                for value in [1, 2, 3] { XCTAssertGreaterThan(f(value), 0) }
                for value in parsed.rows { XCTAssertGreaterThan(f(value), 0) }
            }
            func testE() {
                switch result() {
                case .success(let value): XCTAssertEqual(value, 1)
                default: break
                }
            }
            func testF() {
                guard let value = Int(text()) else { return XCTFail("no") }
                XCTAssertEqual(value, 3)
            }
            """
        let sut = try xctestFindings(.conditionalTestLogic, methods)
        #expect(sut == ["testA:4", "testD:17", "testE:21"])
    }

    @Test("conditionalTestLogic: a skip on the host's network (IPv6, multicast, an interface) is not; on a result is")
    func hostNetworkConditions() throws {
        // Given swift-nio 2.101.3's IPv6 and multicast tests, and near misses on what the code under test returns
        let methods = """
            func testA() { guard System.supportsIPv6 else { return }; XCTAssertEqual(f("::1"), 1) }
            func testB() { guard interface.multicastSupported else { return }; XCTAssertEqual(f(interface), 1) }
            func testC() { guard if_nametoindex("lo") != 0 else { return }; XCTAssertEqual(f("fe80::1%lo"), 1) }
            func testD() { guard parser.supportsComments else { return }; XCTAssertEqual(f(parser), 1) }
            func testE() { guard let address = resolve("::1") else { return }; XCTAssertEqual(f(address), 1) }
            """
        // Then the guards on the code under test's answers still skip its checks
        #expect(try xctestFindings(.conditionalTestLogic, methods) == ["testD:6", "testE:7"])
    }

    @Test("conditionalTestLogic: a branch on a target triple's operating system is not; on a result's property, it is")
    func tripleConditions() throws {
        // Given swiftlang/swift-driver's checks of what only Darwin's toolchain emits (false on first contact), and near
        // misses on what the code under test returns
        let methods = """
            func testA() { let jobs = plan(); if driver.targetTriple.isDarwin { XCTAssertEqual(jobs.count, 5) } }
            func testB() { let jobs = plan(); if !driver.targetTriple.isWindows { XCTAssertEqual(jobs.count, 2) } }
            func testC() { let jobs = plan(); if jobs.isEmpty { XCTAssertEqual(f(jobs), 1) } }
            func testD() { let jobs = plan(); if jobs[0].isLinked { XCTAssertEqual(jobs.count, 2) } }
            """
        // Then the branches on the code under test's answers still skip its checks
        #expect(try xctestFindings(.conditionalTestLogic, methods) == ["testC:5", "testD:6"])
    }

    @Test(
        "conditionalTestLogic: a gate on a version a type holds for the process is not; a value's, or two compared, are"
    )
    func versionGates() throws {
        // Given GRDB.swift 7.10.0's SQLite gate and PythonKit's, a type's version for the whole process, and near
        // misses: SQLite.swift's version read into a local, the test's own versions, a value's, a word with the letters
        let methods = """
            func testA() { if Database.sqliteLibVersionNumber >= 3030000 { XCTAssertEqual(f(), 1) } }
            func testB() { guard Python.versionInfo.major >= 3 else { return }; XCTAssertEqual(f(), 1) }
            func testC() { guard sqliteVersion[0] == 3 && sqliteVersion[1] >= 24 else { return }; XCTAssertEqual(f(), 1) }
            func testD() { if parsed.version < other.version { XCTAssertEqual(f(), 1) } }
            func testE() { if parse("1.2").major >= 1 { XCTAssertEqual(f(), 1) } }
            func testF() { if decoded.schemaVersion == 2 { XCTAssertEqual(f(), 1) } }
            func testG() { if Stats.inversionCount > 0 { XCTAssertEqual(f(), 1) } }
            func testH() { if Parser.parse("v3").version >= 3 { XCTAssertEqual(f(), 1) } }
            """
        // Then a version the test holds in a local (testC), the test's own versions and values still skip its checks
        let found = try xctestFindings(.conditionalTestLogic, methods)
        #expect(found == ["testC:5", "testD:6", "testE:7", "testF:8", "testG:9", "testH:10"], "\(found)")
    }

    @Test("conditionalTestLogic: a gate on how the linked SQLite was built is not; a query of the test's tables is")
    func sqliteCompileOptionGates() throws {
        // Given GRDB.swift 7.10.0's gates of `UPDATE … LIMIT` on SQLite's compile options, and near misses that read
        // the test's own rows or a pragma of the database the test made
        let methods = """
            func testA() {
                if try String.fetchCursor(db, sql: "PRAGMA COMPILE_OPTIONS").contains("ENABLE_UPDATE_DELETE_LIMIT") {
                    XCTAssertEqual(f(), 1)
                }
            }
            func testB() { guard sqlite3_compileoption_used("ENABLE_FTS5") != 0 else { return }; XCTAssertEqual(f(), 1) }
            func testC() { if try String.fetchAll(db, sql: "SELECT name FROM player").contains("Arthur") { XCTAssertEqual(f(), 1) } }
            func testD() { if try Int.fetchOne(db, sql: "PRAGMA user_version") == 2 { XCTAssertEqual(f(), 1) } }
            """
        // Then what the test's database answers still skips its checks
        let found = try xctestFindings(.conditionalTestLogic, methods)
        #expect(found == ["testC:9", "testD:10"], "\(found)")
    }

    @Test("duplicateAssert: the same check twice in a row; the same check after an action is not")
    func duplicateAssert() throws {
        let methods = """
            func testA() {
                XCTAssertEqual(cart.count, 1)
                XCTAssertTrue(cart.isOpen)
                XCTAssertEqual(cart.count,  1)
            }
            func testB() {
                XCTAssertEqual(cart.count, 1)
                cart.add(2)
                XCTAssertEqual(cart.count, 1)
            }
            """
        #expect(try xctestFindings(.duplicateAssert, methods) == ["testA:6"])
        #expect(
            try analyzeSources(["T.swift": "import XCTest\nfinal class T: XCTestCase {\n\(methods)\n}\n"])
                .findings.first { $0.kind == .duplicateAssert }?.finding.hint == true)
    }

    @Test("duplicateAssert: spaces between tokens do not tell checks apart; spaces inside a string literal do")
    func duplicateAssertKeepsLiteralSpaces() throws {
        // Given: swift-configuration's decoder refusing "48 " and then " 48", and a repeat written apart.
        let methods = """
            func testA() {
                XCTAssertNil(decoded["48 "])
                XCTAssertNil(decoded[" 48"])
            }
            func testB() {
                XCTAssertNil(decoded[ "48" ])
                XCTAssertNil(decoded["48"])
            }
            """

        // Then
        #expect(try xctestFindings(.duplicateAssert, methods) == ["testB:9"])
    }

    @Test("duplicateAssert: a local a property wrapper holds may change between two checks; a plain one may not")
    func duplicateAssertWrappedLocal() throws {
        // Given pointfreeco/sqlite-data 1.11.0's `@FetchOne(…) var recordID = 0` checked again after a write and a
        // load through `$recordID`, and the near miss: a local of a literal that only the language's `@MainActor`
        // marks, which nothing between mentions
        let tests = """
                @Test func wrapped() async throws {
                    @FetchOne(Record.select(\\.id)) var recordID = 0
                    #expect(recordID == 1)
                    try await database.write { try Record.delete().execute($0) }
                    await #expect(throws: NotFound.self) { try await $recordID.load() }
                    #expect(recordID == 1)
                }
                @Test func plain() async throws {
                    @MainActor var recordID = 0
                    #expect(recordID == 1)
                    try await database.write { try Record.delete().execute($0) }
                    await #expect(throws: NotFound.self) { try await store.load() }
                    #expect(recordID == 1)
                }
            """
        let found = try swiftTestingLines(.duplicateAssert, tests)
        #expect(found == [15])
    }

    @Test("assertionRoulette: three XCTAssertTrue without a message; with messages, or two, are not")
    func assertionRoulette() throws {
        let methods = """
            func testA() {
                XCTAssertTrue(a())
                XCTAssertTrue(b())
                XCTAssertTrue(c())
            }
            func testB() {
                XCTAssertTrue(a(), "a")
                XCTAssertTrue(b(), "b")
                XCTAssertTrue(c())
            }
            func testC() {
                XCTAssertTrue(a())
                XCTAssertTrue(b())
            }
            """
        #expect(try xctestFindings(.assertionRoulette, methods) == ["testA:4"])
    }

    @Test("sensitiveEquality: a check on description or String(describing:); a property named descriptionLines is not")
    func sensitiveEquality() throws {
        let methods = """
            func testTotal() { XCTAssertEqual(cart.total.description, "3") }
            func testDescribed() { XCTAssertTrue(String(describing: cart).contains("3")) }
            func testName() { XCTAssertEqual(cart.name, "3") }
            func testLines() { XCTAssertEqual(cart.descriptionLines, ["3"]) }
            """
        #expect(try xctestFindings(.sensitiveEquality, methods) == ["testTotal:3", "testDescribed:4"])
    }

    @Test(
        "mysteryGuest and resourceOptimism: a fixed path and the environment; Bundle.module and written files are not")
    func mysteryGuest() throws {
        let methods = """
            func testA() throws {
                let data = try Data(contentsOf: URL(fileURLWithPath: "/etc/prices.json"))
                XCTAssertEqual(data.count, 3)
            }
            func testB() throws {
                let url = try XCTUnwrap(Bundle.module.url(forResource: "prices", withExtension: "json"))
                XCTAssertEqual(try Data(contentsOf: url).count, 3)
            }
            func testC() throws {
                try "x".write(toFile: "out.txt", atomically: true, encoding: .utf8)
                XCTAssertEqual(try String(contentsOfFile: "out.txt"), "x")
            }
            func testD() {
                XCTAssertEqual(ProcessInfo.processInfo.environment["HOME"], "/root")
            }
            func testE() throws {
                XCTAssertTrue(FileManager.default.fileExists(atPath: "data.json"))
                XCTAssertEqual(FileManager.default.contents(atPath: "data.json")?.count, 3)
            }
            """
        #expect(try xctestFindings(.mysteryGuest, methods) == ["testA:4", "testD:16", "testE:20"])
        #expect(try xctestFindings(.resourceOptimism, methods) == ["testA:4"])
    }

    @Test(
        "mysteryGuest: the machine's own folders and paths; a temporary folder, a path only read or a named volume not")
    func machinePlaces() throws {
        // Given the shapes of JohnSundell/Files' real caches folder and ZIPFoundation's macOS-only tests, and near misses
        let methods = """
            func testA() { XCTAssertNotNil(try Folder.matching(.cachesDirectory)) }
            func testB() throws { try FileManager.default.zipItem(at: URL(fileURLWithPath: "/System/Library/Frameworks/Foundation.framework"), to: out) }
            func testC() throws { let target = URL(fileURLWithPath: "/test.zip"); try fileManager.zipItem(at: folder, to: target) }
            func testD() { let home = NSHomeDirectory(); XCTAssertFalse(home.isEmpty) }
            func testE() { XCTAssertThrowsError(try FileManager.typeForItem(at: URL(fileURLWithPath: "/nonexistant"))) }
            func testF() throws { try FileManager.default.copyItem(at: source, to: URL(fileURLWithPath: NSTemporaryDirectory())) }
            func testG() throws { try fileManager.createDirectory(atPath: "/tmp/x", withIntermediateDirectories: true) }
            func testH() { XCTAssertEqual(URL(fileURLWithPath: "/a/b").lastPathComponent, "b") }
            func testI() { let volume = URL(fileURLWithPath: "/Volumes/\\(name)"); XCTAssertNotNil(mount(volume)) }
            func testJ() { XCTAssertEqual(Scheme.documentDirectory.rawValue, 9) }
            func testK() { XCTAssertEqual(URL(fileURLWithPath: "/Users/a/b.txt").pathExtension, "txt") }
            """
        // Then the machine's folders (A, D), a system path (B), a fixed path written (C) and a named volume (I)
        #expect(try xctestFindings(.mysteryGuest, methods) == ["testA:3", "testB:4", "testC:5", "testD:6", "testI:11"])
        // And only the system path may be missing: the user's folders are there, a named volume is the test's
        #expect(try xctestFindings(.resourceOptimism, methods) == ["testB:4"])
    }

    @Test(
        "resourceOptimism: a host reached with no check that it can be; a skip, a known issue or a URLError expected not"
    )
    func unreachableHost() throws {
        // Given FlyingFox's request to pie.dev, and near misses
        let methods = """
            @Test func a() async throws { let (_, r) = try await URLSession.shared.data(for: URLRequest(url: URL(string: "https://pie.dev/status/208")!)); #expect(r != nil) }
            @Test(.enabled(if: online)) func b() async throws { _ = try await URLSession.shared.data(from: URL(string: "https://pie.dev/")!) }
            @Test func c() async { await #expect(throws: URLError.self) { try await URLSession.shared.data(from: URL(string: "https://x.invalid/")!) } }
            @Test func d() async throws { _ = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:8080/")!) }
            """
        #expect(try swiftTesting(.resourceOptimism, methods) == ["a:2"])
        #expect(try swiftTesting(.mysteryGuest, methods) == ["a:2", "b:3", "c:4"])
    }

    @Test("mysteryGuest: the shared session's configuration read to make a session of the test's own is no call")
    func sharedSessionConfiguration() throws {
        // Given auth0/Auth0.swift 3.1.0's `URLSession(configuration: URLSession.shared.configuration)`, its configuration
        // read then changed, and near misses: the shared session handed on, and a request through it
        let methods = """
            func testA() { let session = URLSession(configuration: URLSession.shared.configuration); XCTAssertTrue(make(session).session === session) }
            func testB() { let config = URLSession.shared.configuration; config.httpAdditionalHeaders = [:]; XCTAssertNotNil(make(URLSession(configuration: config))) }
            func testC() { XCTAssertNotNil(make(URLSession.shared)) }
            func testD() async throws { let (_, r) = try await URLSession.shared.data(from: URL(string: "https://pie.dev/")!); XCTAssertNotNil(r) }
            """
        #expect(try xctestFindings(.mysteryGuest, methods).map { $0.split(separator: ":")[0] } == ["testC", "testD"])
    }

    @Test("mysteryGuest: the environment read only to skip the test or its checks is a switch; read as data, not")
    func environmentSwitch() throws {
        // Given pointfreeco/swift-case-paths' and swift-snapshot-testing's CI switches, and near misses
        let methods = """
            func testA() throws { try XCTSkipIf(ProcessInfo.processInfo.environment["CI"] != nil); XCTAssertEqual(f(), 1) }
            func testB() { guard ProcessInfo.processInfo.environment["CI"] == nil else { return }; XCTAssertEqual(f(), 1) }
            func testC() throws { if getenv("GITHUB_WORKFLOW") != nil { throw XCTSkip("no images on CI") }; XCTAssertEqual(f(), 1) }
            func testD() { guard let home = ProcessInfo.processInfo.environment["HOME"] else { return }; XCTAssertEqual(f(home), 1) }
            func testE() { if ProcessInfo.processInfo.environment["CI"] != nil { XCTAssertEqual(f(), 2) } else { XCTAssertEqual(f(), 1) } }
            func testF() { guard ProcessInfo.processInfo.environment["CI"] == nil else { XCTFail("on CI"); return }; XCTAssertEqual(f(), 1) }
            func testG() { if !ProcessInfo.processInfo.environment.keys.contains("GITHUB_WORKFLOW") { assertSnapshot(of: f(), as: .image) } }
            func testH() { if getenv("CI") == nil { try? XCTAssertEqual(f(), 1); XCTAssertEqual(g(), 2) } }
            func testI() { if ProcessInfo.processInfo.environment["RECORD"] != nil { isRecording = true }; assertSnapshot(of: f(), as: .image) }
            func testJ() { if getenv("CI") == nil { let x = f(); XCTAssertEqual(x, 1) } }
            """
        // Then a value the test uses (testD), a branch that checks otherwise (testE), a failure (testF), and a branch
        // that does more than check (testI, testJ) count; an `if` whose body only checks switches the checks off
        let found = try xctestFindings(.mysteryGuest, methods)
        #expect(found == ["testD:6", "testE:7", "testF:8", "testI:11", "testJ:12"], "\(found)")
        // And in Swift Testing: `#expect` and `try #require` statements are checks too; a value computed beside is not
        let tests = """
            @Test func a() throws { if ProcessInfo.processInfo.environment["CI"] == nil { #expect(f() == 1); try #require(g()) } }
            @Test func b() { if ProcessInfo.processInfo.environment["CI"] == nil { let x = f(); #expect(x == 1) } }
            """
        let inSwiftTesting = try swiftTestingNames(.mysteryGuest, tests)
        #expect(inSwiftTesting == ["b"])
    }

    @Test("mysteryGuest: the environment of the test type's own processInfo property is no guest; Foundation's is")
    func ownProcessInfo() throws {
        // Given tgrapperon/swift-dependencies-additions 1.1.1's `@Dependency(\.processInfo) var processInfo` read in
        // `XCTExpectFailure { let _ = processInfo.environment }`, and near misses: the property given Foundation's
        // value, and Foundation's read by its full name
        let wrapped = """
                @Dependency(\\.processInfo) var processInfo
                func testA() { XCTExpectFailure { let _ = processInfo.environment } }
                func testB() { XCTAssertEqual(ProcessInfo.processInfo.environment["HOME"], "/root") }
            """
        #expect(try xctestFindings(.mysteryGuest, wrapped) == ["testB:5"])
        let plain = """
                let processInfo = ProcessInfo.processInfo
                func testC() { XCTAssertEqual(self.processInfo.environment["HOME"], "/root") }
            """
        #expect(try xctestFindings(.mysteryGuest, plain) == ["testC:4"])
    }

    @Test("mysteryGuest: a variable the test sets before reading it is no guest; one set after it, or another, is")
    func environmentItSets() throws {
        // Given thebarndog/swift-dotenv 2.0.1's tests, and near misses
        let methods = """
            func testA() {
                Dotenv.set(value: "1234", forKey: "API_KEY")
                XCTAssertEqual(Dotenv.processInfo.environment["API_KEY"], "1234")
            }
            func testB() { setenv("API_KEY", "1234", 1); XCTAssertEqual(String(cString: getenv("API_KEY")), "1234") }
            func testC() { setenv("API_KEY", "1", 1); XCTAssertEqual(ProcessInfo.processInfo.environment["HOME"], "/") }
            func testD() { XCTAssertEqual(ProcessInfo.processInfo.environment["API_KEY"], "1"); setenv("API_KEY", "1", 1) }
            func testE() { log("API_KEY"); XCTAssertEqual(ProcessInfo.processInfo.environment["API_KEY"], "1234") }
            func testF() { setenv("LANG", "C", 0); XCTAssertEqual(ProcessInfo.processInfo.environment["LANG"], "C") }
            func testG() { setenv("TOKEN", "API_KEY", 1); XCTAssertEqual(String(cString: getenv("API_KEY")), "x") }
            func testH() { defer { setenv("API_KEY", "", 1) }; XCTAssertEqual(String(cString: getenv("API_KEY")), "") }
            func testI() {
                UserDefaults.standard.set("abc", forKey: "API_KEY")
                XCTAssertEqual(ProcessInfo.processInfo.environment["API_KEY"], "abc")
            }
            """
        // Then another variable (C), a read before the set (D), a call that sets nothing (E), a set that keeps a value
        // already there (F), the name as the value (G), a set that runs after the read (H) and another store (I) still
        // count
        let found = try xctestFindings(.mysteryGuest, methods)
        #expect(
            found == ["testC:8", "testD:9", "testE:10", "testF:11", "testG:12", "testH:13", "testI:16"], "\(found)")
    }

    @Test("redundantPrint: print in a test; print(to:) into a string it checks is not")
    func redundantPrint() throws {
        let methods = """
            func testA() { print(total()); XCTAssertEqual(total(), 3) }
            func testB() { var out = ""; print(total(), to: &out); XCTAssertEqual(out, "3\\n") }
            """
        #expect(try xctestFindings(.redundantPrint, methods) == ["testA:3"])
    }

    @Test(
        "redundantPrint: a print beside a failure runs only when the test fails; one in a catch that goes on does not")
    func printBesideFailure() throws {
        // Given swift-nio-extras' `catch { print(error); XCTFail(…) }`, and near misses
        let methods = """
            func testA() { do { try run() } catch { print(error); XCTFail("Unexpected error: \\(error)") } }
            func testB() { do { try run() } catch { print(error) }; XCTAssertTrue(done()) }
            func testC() { guard let x = load() else { print("none"); XCTFail("no value"); return }; XCTAssertEqual(x, 1) }
            func testD() { print(total()); XCTAssertEqual(total(), 3); if total() > 3 { XCTFail("too much") } }
            func testE() { do { print("decoding"); _ = try decode(json); XCTFail("expected an error") } catch { XCTAssertTrue(error is DecodingError) } }
            """
        // Then a catch that swallows the error (B) and a print outside the failing block (D) still count
        // and a do block that leaves by its try before the failure (E) prints on passing runs
        #expect(try xctestFindings(.redundantPrint, methods) == ["testB:4", "testD:6", "testE:7"])
    }

    @Test("redundantPrint: a print in an if branch or a catch that fails after it, by a call or a switch of failures")
    func printOnTheWayToAFailure() throws {
        // Given swift-numerics 1.1.1's `if !closeEnough(…) { print(…); XCTFail() }`, swift-nio-imap 0.2.0's catch whose
        // switch fails in every case, and near misses
        let methods = """
            func testA() { for x in values { if !closeEnough(f(x), x) { print("f(\\(x)) is off"); XCTFail() } } }
            func testB() { do { try verify() } catch let error as VerificationError { print(error.input); switch error.kind { case .parse: XCTFail("parse"); case .encode: XCTFail("encode") } } catch { XCTFail("\\(error)") } }
            func testC() { do { try verify() } catch let error as VerificationError { print(error.input); switch error.kind { case .parse: XCTFail("parse"); case .encode: break } } catch { XCTFail("\\(error)") } }
            func testD() { if !closeEnough(f(1), 1) { print("off"); if strict { XCTFail() } }; XCTAssertEqual(g(), 1) }
            func testE() { if ready { print("early"); return; XCTFail() }; XCTAssertEqual(g(), 1) }
            func testF() { if !closeEnough(f(1), 1) { print("off"); if strict { XCTFail("strict") } else { XCTFail("lax") } } }
            func testG() { do { try verify() } catch let error as VerificationError { for input in error.inputs { print(input) }; XCTFail("\\(error)") } catch { XCTFail("\\(error)") } }
            func testH() { do { try verify() } catch let error as VerificationError { for input in error.inputs { print(input); break }; XCTFail("\\(error)") } catch { XCTFail("\\(error)") } }
            func testI() { for input in inputs { print(input) }; XCTAssertEqual(g(), 1) }
            func testJ() { print("closing"); promise.fail(ChannelError.closed); XCTAssertThrowsError(try promise.futureResult.wait()) }
            """
        // Then a switch with a case that fails nothing (C), a failure under a condition (D), a return before the
        // failure (E), a loop left by a break (H) and a loop with no failure after it (I) leave the print running on
        // passing runs; a loop in a catch that then fails (G) does not
        // And a promise's `fail` (J) is no failure of the test
        #expect(
            try xctestFindings(.redundantPrint, methods) == [
                "testC:5", "testD:6", "testE:7", "testH:10", "testI:11", "testJ:12",
            ])
    }

    @Test("eagerTest: checks of four methods of one value; four checks of one method are not")
    func eagerTest() throws {
        let methods = """
            func testA() {
                XCTAssertEqual(calc.add(1, 2), 3)
                XCTAssertEqual(calc.subtract(3, 1), 2)
                XCTAssertEqual(calc.multiply(2, 2), 4)
                XCTAssertEqual(calc.divide(4, 2), 2)
            }
            func testB() {
                XCTAssertEqual(calc.add(1, 2), 3)
                XCTAssertEqual(calc.add(3, 1), 4)
                XCTAssertEqual(names.sorted().first, "a")
                XCTAssertEqual(names.count, 2)
            }
            """
        #expect(try xctestFindings(.eagerTest, methods) == ["testA:3"])
    }

    @Test("magicNumber: an unexplained expected number; 0, 1 and a named constant are not")
    func magicNumber() throws {
        let methods = """
            func testA() { XCTAssertEqual(total(), 1337) }
            func testB() { XCTAssertEqual(total(), 0); XCTAssertEqual(count(), 1) }
            func testC() { XCTAssertEqual(total(), expectedTotal) }
            """
        #expect(try xctestFindings(.magicNumber, methods) == ["testA:3"])
    }

    @Test(
        "boolAssertEquality: XCTAssertTrue(a == b), XCTAssertFalse(x === y), #expect(x == true); a comparison in a closure is not"
    )
    func boolAssertEquality() throws {
        let methods = """
            func testA() { XCTAssertTrue(total() == 3) }
            func testB() { XCTAssertFalse(cached() === fresh) }
            func testC() { XCTAssertEqual(total(), 3) }
            func testD() { XCTAssertTrue(items.contains { $0 == 3 }) }
            """
        #expect(try xctestFindings(.boolAssertEquality, methods) == ["testA:3", "testB:4"])
        // A cast on one side (Swinject's `c.a as? ADependingOnB === a`, argument-parser's `as Any? == nil`)
        let casts = """
            func testA() { XCTAssert(c.a as? ADependingOnB === a) }
            func testB() { XCTAssertFalse(child.value as Any? == nil) }
            func testC() { XCTAssertTrue(value as? Int ?? 0 > 1) }
            """
        #expect(try xctestFindings(.boolAssertEquality, casts) == ["testA:3", "testB:4"])
        #expect(
            try swiftTesting(
                .boolAssertEquality,
                "@Test func a() { #expect(isOpen() == true) }\n@Test func b() { #expect(total() == 3) }") == ["a:2"])
    }

    @Test("litmus:ignore silences one finding of its kind at its line and keeps the reason")
    func ignoreComment() throws {
        let source = """
            import XCTest
            final class T: XCTestCase {
                func testA() {
                    // litmus:ignore trapInTest the fixture path always names a URL
                    let url = URL(string: fixturePath)!
                    XCTAssertEqual(url.host, "example.com")
                }
                func testB() {
                    let url = URL(string: fixturePath)!  // litmus:ignore floatEquality wrong kind
                    XCTAssertEqual(url.host, "example.com")
                }
            }
            """
        let found = try analyzeSources(["T.swift": source]).findings.filter { $0.kind == .trapInTest }
        #expect(found.map(\.line) == [5, 9])
        #expect(found.map(\.finding.ignored) == ["the fixture path always names a URL", nil])
        #expect(found.map(\.finding.counts) == [false, true])
    }
}

extension SmellDetectorTests {
    @Test("tautology: a type's value built the same on both sides checks its == and is no tautology; f(7) twice is")
    func constructedValueIsNoTautology() throws {
        let methods = """
            func testFromString() { XCTAssertEqual(Version(1, 2, 3), Version(1, 2, 3)) }
            func testTotal() { XCTAssertEqual(total(7), total(7)) }
            """
        #expect(try xctestFindings(.tautology, methods) == ["testTotal:4"])
    }
}
