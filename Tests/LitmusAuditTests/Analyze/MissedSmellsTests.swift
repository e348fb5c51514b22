import Foundation
import Testing

@testable import LitmusAudit

/// The smells a labelled corpus of real tests showed the analysis missed (issue 48, "the misses"), and two
/// shapes it reported wrongly from the syntax alone; each beside a near miss.
@Suite(
    "The misses: repeats, network hosts, identity tautologies, caught errors, thrown-away round trips",
    .tags(.parsing))
struct MissedSmellsTests {
    @Test("The same check of a literal-bound let is a repeat across calls; of a class's property it is not")
    func duplicateAcrossCalls() throws {
        let found = try xctestFindings(
            .duplicateAssert,
            """
            func testA() {
                let expected = 3
                XCTAssertEqual(expected, cart.total)
                cart.refresh()
                XCTAssertEqual(expected, cart.total)
            }
            func testB() {
                let label = "Total"
                XCTAssertEqual(label, "Total")
                cart.refresh()
                XCTAssertEqual(label, "Total")
            }
            func testC() {
                XCTAssertEqual(cart.count, 1)
                cart.add()
                XCTAssertEqual(cart.count, 1)
            }
            func testD() {
                var label = "Total"
                XCTAssertEqual(label, "Total")
                label = "Sum"
                XCTAssertEqual(label, "Total")
            }
            """)
        #expect(found == ["testB:13"])
    }

    @Test("A check of a let an observer closure changes is no repeat across calls; of a let no closure reads it is")
    func duplicateOfObservedValue() throws {
        // Given vapor/sqlite-nio's shape: an observer the test registers appends to a box it checks twice
        let found = try xctestFindings(
            .duplicateAssert,
            """
            func testA() async throws {
                let updates = Box()
                let token = db.addObserver { event in updates.append(event) }
                try await db.exec("INSERT 1")
                XCTAssertEqual(updates.count(), 1)
                token.cancel()
                try await db.exec("INSERT 2")
                XCTAssertEqual(updates.count(), 1)
            }
            func testB() async throws {
                let updates = Box()
                db.addObserver { event in log(event) }
                XCTAssertEqual(updates.count(), 0)
                try await db.exec("INSERT 1")
                XCTAssertEqual(updates.count(), 0)
            }
            func testC() {
                performTest {
                    let folder = try makeFolder()
                    XCTAssertFalse(folder.isEmpty())
                    try makeOtherFolder()
                    XCTAssertFalse(folder.isEmpty())
                }
            }
            func testD() {
                let updates = Box()
                log(events.map { $0.updates })
                XCTAssertEqual(updates.count(), 0)
                refresh()
                XCTAssertEqual(updates.count(), 0)
            }
            """)
        // Then the observed box (testA) is no repeat; a box no closure reads (testB) and a check inside the
        // closure that holds the whole test (testC, JohnSundell/Files' performTest) still are
        // and a closure that reads only a member of that name (testD's `$0.updates`) changes nothing
        #expect(found == ["testB:17", "testC:24", "testD:32"])
    }

    @Test("A request to a host on the network is a mystery guest; the loopback host or stubbed requests are not")
    func networkHosts() throws {
        let found = try xctestFindings(
            .mysteryGuest,
            """
            func testA() async throws {
                let session = URLSession(configuration: .ephemeral)
                let (data, _) = try await session.data(from: URL(string: "https://api.github.com/zen")!)
                XCTAssertFalse(data.isEmpty)
            }
            func testB() throws {
                let data = try Data(contentsOf: URL(string: "https://example.org/prices.json")!)
                XCTAssertFalse(data.isEmpty)
            }
            func testC() async throws {
                let session = URLSession(configuration: .ephemeral)
                let (data, _) = try await session.data(from: URL(string: "http://127.0.0.1:\\(port)/zen")!)
                XCTAssertFalse(data.isEmpty)
            }
            func testD() async throws {
                let configuration = URLSessionConfiguration.ephemeral
                configuration.protocolClasses = [StubProtocol.self]
                let session = URLSession(configuration: configuration)
                let (data, _) = try await session.data(from: URL(string: "https://api.github.com/zen")!)
                XCTAssertFalse(data.isEmpty)
            }
            func testE() {
                XCTAssertEqual(URL(string: "https://api.github.com/zen")?.host, "api.github.com")
            }
            """)
        #expect(found == ["testA:5", "testB:9"])
    }

    @Test("try? of a rethrows function whose closures throw only the test's own errors swallows nothing else")
    func ownErrorsOfRethrows() throws {
        // Given postgres-nio's mock factory, a connection made to fail on purpose, and near misses
        let methods = """
            func nextConnectAttempt(_ body: (Int) throws -> Int) rethrows -> Int { try body(1) }
            func connect(_ body: (Int) throws -> Int) throws -> Int { try body(1) }
            func testA() { _ = try? nextConnectAttempt { _ in throw ConnectionFailed() }; XCTAssertEqual(pool.count, 0) }
            func testB() { _ = try? nextConnectAttempt { id in try pool.open(id) }; XCTAssertEqual(pool.count, 0) }
            func testC() { _ = try? connect { _ in throw ConnectionFailed() }; XCTAssertEqual(pool.count, 0) }
            func testD() { _ = try? nextConnectAttempt(handler); XCTAssertEqual(pool.count, 0) }
            func testE() { _ = try? makeFactory().nextConnectAttempt { _ in throw ConnectionFailed() }; XCTAssertEqual(pool.count, 0) }
            """
        // Then a closure that tries the code (B), a function that throws of its own (C), a closure passed by name
        // (D) and a receiver that is a call (E) still swallow
        #expect(try xctestFindings(.swallowedError, methods) == ["testB:6", "testC:7", "testD:8", "testE:9"])
    }

    @Test("A request of a literal path or loopback URL reaches no other host the test writes; of a variable it may")
    func localRequestBesideRemoteText() throws {
        // Given hummingbird's CORS test, whose remote host is a header value of a request to its own router
        let found = try xctestFindings(
            .mysteryGuest,
            """
            func testA() async throws {
                let response = try await client.execute(uri: "/hello", method: .get, headers: [.origin: "https://foo.com"])
                XCTAssertEqual(response.status, .ok)
            }
            func testB() async throws {
                let response = try await client.get("http://localhost:8080/hello", headers: ["Origin": "https://foo.com"])
                XCTAssertEqual(response.status, .ok)
            }
            func testC() async throws {
                let target = "https://foo.com/hello"
                let response = try await client.get(target)
                XCTAssertEqual(response.status, .ok)
            }
            func testD() async throws {
                let response = try await client.get("https://foo.com/hello")
                XCTAssertEqual(response.status, .ok)
            }
            func testE() async throws {
                let client = APIClient(baseURL: "https://api.github.com")
                let response = try await client.get("/zen")
                XCTAssertEqual(response.status, .ok)
            }
            """)
        // Then the requests of a variable (C), of the remote URL itself (D) and of a path against a remote base
        // URL (E) still reach it
        #expect(found == ["testC:13", "testD:17", "testE:22"])
    }

    @Test("A client whose proxy or name resolution is the loopback host reaches no other host; a user is no host")
    func requestsRoutedToLoopback() throws {
        // Given async-http-client 1.30.3's proxy and DNS-override tests and its URL with `user:password@` spliced in;
        // near misses: a proxy on a remote host, names resolved to a remote address, a user before a remote host
        let found = try xctestFindings(
            .resourceOptimism,
            """
            func testA() throws {
                let client = HTTPClient(configuration: .init(proxy: .server(host: "localhost", port: bin.port)))
                XCTAssertEqual(try client.get(url: "http://test/ok").wait().status, .ok)
            }
            func testB() async throws {
                var config = HTTPClient.Configuration()
                config.dnsOverride = ["example.com": "localhost"]
                let client = HTTPClient(configuration: config)
                XCTAssertEqual(try await client.execute(HTTPClientRequest(url: "https://example.com:\\(bin.port)/"), deadline: .now()).status, .ok)
            }
            func testC() async throws {
                let url = prefix.replacingOccurrences(of: "http://", with: "http://user:password@")
                XCTAssertEqual(try await client.execute(HTTPClientRequest(url: url), deadline: .now()).status, .ok)
            }
            func testD() throws {
                let client = HTTPClient(configuration: .init(proxy: .server(host: "proxy.example.com", port: 8080)))
                XCTAssertEqual(try client.get(url: "http://test/ok").wait().status, .ok)
            }
            func testE() async throws {
                var config = HTTPClient.Configuration()
                config.dnsOverride = ["example.com": "93.184.216.34"]
                let client = HTTPClient(configuration: config)
                XCTAssertEqual(try await client.execute(HTTPClientRequest(url: "https://example.com/"), deadline: .now()).status, .ok)
            }
            func testF() async throws {
                XCTAssertEqual(try await client.execute(HTTPClientRequest(url: "https://user:pw@example.com/"), deadline: .now()).status, .ok)
            }
            """)
        #expect(found == ["testD:19", "testE:25", "testF:28"])
    }

    @Test("Identity of a name with itself is a tautology in any test; of what is read or made twice it is not")
    func identity() throws {
        let found = try xctestFindings(
            .tautology,
            """
            func testIdentity() {
                let view = View()
                XCTAssertTrue(view === view)
            }
            func testDelegate() {
                XCTAssertTrue(sut.delegate === sut.delegate)
            }
            func testScope() {
                XCTAssertTrue(container.resolve(A.self) === container.resolve(A.self))
            }
            """)
        #expect(found == ["testIdentity:5"])
    }

    @Test("A catch that only prints swallows the error; one after a do that fails when nothing throws does not")
    func caughtAndPrinted() throws {
        let found = try xctestFindings(
            .swallowedError,
            """
            func testA() {
                do {
                    let total = try cart.checkout()
                    XCTAssertEqual(total, 3)
                } catch {
                    print(error)
                }
            }
            func testB() {
                do {
                    try cart.checkout()
                    XCTFail("an empty cart checks out")
                } catch {
                    print(error)
                }
            }
            func testC() {
                do {
                    try cart.checkout()
                } catch {
                    XCTFail("\\(error)")
                }
            }
            func testD() {
                do {
                    try FileManager.default.removeItem(at: folder)
                } catch {
                    print(error)
                }
            }
            """)
        #expect(found == ["testA:7"])
    }

    @Test("A catch of named error values lets only those go; a type, a where, a catch-all or a binding swallows")
    func caughtNamedError() throws {
        // Given hummingbird's `catch TestClient.Error.connectionClosing {}`, the other named forms, and near misses
        let methods = """
            func testA() { do { try send(.end) } catch TestClient.Error.connectionClosing {} catch ChannelError.ioOnClosedChannel {}; XCTAssertEqual(sent(), 1) }
            func testB() { do { try send(.end) } catch .ioOnClosedChannel {} catch Errno.code(let c) { print(c) }; XCTAssertEqual(sent(), 1) }
            func testC() { do { try send(.end) } catch let failure as DecodingError { print(failure) }; XCTAssertEqual(sent(), 1) }
            func testD() { do { try send(.end) } catch TestClient.Error.connectionClosing {} catch {}; XCTAssertEqual(sent(), 1) }
            func testE() { do { try send(.end) } catch let failure { print(failure) }; XCTAssertEqual(sent(), 1) }
            func testF() { do { try send(.end) } catch let failure where !(failure is Timeout) {}; XCTAssertEqual(sent(), 1) }
            func testG() { do { try send(.end) } catch _ {}; XCTAssertEqual(sent(), 1) }
            func testH() { do { try send(.end) } catch is CancellationError {}; XCTAssertEqual(sent(), 1) }
            """
        // Then a type caught (C, H: every error of the type the code throws), the catch-all (D), a bare binding (E),
        // a where clause (F) and SwiftyJSON's `catch _ {}` (G) swallow
        #expect(
            try xctestFindings(.swallowedError, methods) == [
                "testC:5", "testD:6", "testE:7", "testF:8", "testG:9", "testH:10",
            ])
    }

    @Test("XCTAssertThrowsError of the caught error checks nothing; of a call in the do it does")
    func assertThrowsOfCaughtError() throws {
        let found = try xctestFindings(
            .swallowedError,
            """
            func testA() {
                do {
                    let data = try encoder.encode(policy)
                    XCTAssertFalse(data.isEmpty)
                } catch {
                    XCTAssertThrowsError(error)
                }
            }
            func testB() {
                XCTAssertThrowsError(try encoder.encode(policy))
            }
            """)
        #expect(found == ["testA:8"])
    }

    @Test("A round trip whose decoded value is thrown away checks nothing else; one whose value is checked does")
    func discardedDecode() throws {
        let found = try xctestFindings(
            .noAssertion,
            """
            func testA() throws {
                let encoded = try encoder.encode(foo)
                _ = try decoder.decode(Foo.self, from: encoded)
            }
            func testB() throws {
                let encoded = try encoder.encode(foo)
                let decoded = try decoder.decode(Foo.self, from: encoded)
                XCTAssertEqual(decoded, foo)
            }
            func testC() throws {
                let encoded = try encoder.encode(foo)
                _ = try decoder.decode(Foo.self, from: encoded)
                XCTAssertFalse(encoded.isEmpty)
            }
            """)
        #expect(found == ["testA:5"])
    }

    @Test("A cast dispatch followed by a check of a flag only its branch sets cannot skip its checks")
    func dispatchFlag() throws {
        let found = try xctestFindings(
            .conditionalTestLogic,
            """
            func testA() {
                let shape = makeShape()
                var checked = false
                if let circle = shape as? Circle {
                    XCTAssertEqual(circle.radius, 2)
                    checked = true
                }
                XCTAssertTrue(checked)
            }
            func testB() {
                let shape = makeShape()
                var checked = false
                checked = true
                if let circle = shape as? Circle {
                    XCTAssertEqual(circle.radius, 2)
                    checked = true
                }
                XCTAssertTrue(checked)
            }
            """)
        #expect(found == ["testB:17"])
    }

    @Test(
        "assertionRoulette counts the two ways of an if-else apart (one run takes one); together where a loop or a closure of the test may take both"
    )
    func availability() throws {
        let found = try xctestFindings(
            .assertionRoulette,
            """
            func testA() {
                if #available(macOS 14, *) {
                    XCTAssertEqual(a, 1)
                    XCTAssertEqual(b, 2)
                } else {
                    XCTAssertEqual(a, 1)
                    XCTAssertTrue(c)
                }
            }
            func testB() {
                if flag {
                    XCTAssertEqual(a, 1)
                    XCTAssertEqual(b, 2)
                } else {
                    XCTAssertEqual(a, 1)
                    XCTAssertTrue(c)
                }
            }
            func testC() {
                for flag in [true, false] {
                    if flag {
                        XCTAssertEqual(a, 1)
                        XCTAssertEqual(b, 2)
                    } else {
                        XCTAssertEqual(a, 1)
                        XCTAssertTrue(c)
                    }
                }
            }
            func testD() {
                [true, false].forEach { flag in
                    if flag { XCTAssertEqual(a, 1); XCTAssertEqual(b, 2) } else { XCTAssertEqual(a, 1); XCTAssertTrue(c) }
                }
            }
            func testE() {
                if flag { XCTAssertEqual(a, 1); XCTAssertEqual(b, 2) }
                XCTAssertEqual(a, 1)
            }
            func testF() {
                func check(_ flag: Bool) {
                    if flag { XCTAssertEqual(a, 1); XCTAssertEqual(b, 2) } else { XCTAssertEqual(c, 3); XCTAssertTrue(d) }
                }
                check(true)
                check(false)
            }
            """)
        // Then the if-else in a loop (testC), a closure (testD) or a local function the test calls twice (testF), and
        // an if with no else followed by more checks (testE), still count together
        #expect(found == ["testC:24", "testD:34", "testE:38", "testF:43"])
    }

    @Test(
        "A test under #if false, which no platform compiles, has no smells; one another platform or a flag compiles does"
    )
    func switchedOffByHand() throws {
        // Given mattgallagher/CwlUtils 3.0.0's `#if false` around a test, and near misses
        let methods = """
            #if false
            func testA() { XCTAssert(a == 1); XCTAssert(b == 2); XCTAssert(c == 3) }
            #endif
            #if os(macOS)
            func testB() { XCTAssert(a == 1); XCTAssert(b == 2); XCTAssert(c == 3) }
            #endif
            #if RUN_DEPRECATED_TESTS
            func testC() { XCTAssert(a == 1); XCTAssert(b == 2); XCTAssert(c == 3) }
            #endif
            """
        // When
        let found = try xctestFindings(.assertionRoulette, methods)
        // Then
        #expect(found == ["testB:7", "testC:10"])
    }
}

/// What the package names as its own checks, and what a failed typed dump leaves.
@Suite("A package's own checks; findings unconfirmed when the typed AST could not be produced", .tags(.parsing))
struct ConfiguredChecksTests {
    /// The analysis of one XCTest file `source`, with `configure` applied to the analyzer.
    private func analysis(_ source: String, _ configure: (inout TestSourceAnalyzer) -> Void) throws -> SourceAnalysis {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-checks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("T.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        var sut = TestSourceAnalyzer()
        configure(&sut)
        return sut.analyze(files: [file])
    }

    private let source = """
        import XCTest
        final class T: XCTestCase {
            func testRendered() { renderer.compareRendering(page) }
            func testPrinted() { print(page) }
        }
        """

    @Test("A function named in `checks` is a check, on any receiver; other calls are not")
    func configured() throws {
        // When
        let configured = try analysis(source) { $0.checks = ["compareRendering"] }
        let plain = try analysis(source) { _ in }

        // Then
        #expect(configured.findings.filter { $0.kind == .noAssertion }.map(\.testName) == ["T.testPrinted"])
        #expect(plain.findings.filter { $0.kind == .noAssertion }.count == 2)
    }

    @Test("`checks` in .litmus-audit.json is read, and a name that is no function's is refused, naming it")
    func setting() throws {
        // Given
        let good = #"{"checks": ["assertRendered", "verify_layout"]}"#
        let bad = #"{"checks": ["renderer.assertRendered"]}"#

        // When
        let options = try JSONDecoder().decode(AuditOptions.self, from: Data(good.utf8))
        let refused = try JSONDecoder().decode(AuditOptions.self, from: Data(bad.utf8))

        // Then
        #expect(options.checks == ["assertRendered", "verify_layout"])
        #expect(throws: AuditError.self) { try refused.validate() }
        #expect(AuditOptions.checks.problem(refused)?.contains("`renderer.assertRendered`") == true)
    }

    @Test("Without the typed AST, a finding whose rule asks it is unconfirmed with the reason, and one note says so")
    func unconfirmed() throws {
        // Given
        let problem = "no typed AST of AppTests: the compiler exited 1: error: unknown argument: '-frobnicate'"

        // When
        var analysis = try analysis(source) { $0.typedFacts = TypedFacts(problem: problem) }
        analysis.typedFactsProblem = problem
        let prints = analysis.findings.filter { $0.kind == .redundantPrint }
        let note = SelfValidatingJudge.typedFactsNote(prints.map(\.finding), analysis)

        // Then
        #expect(prints.map(\.finding.unconfirmed) == [problem])
        #expect(note.map(\.message) == ["1 static finding is unconfirmed, read from the syntax alone: \(problem)"])
        #expect(analysis.findings.filter { $0.kind == .noAssertion }.allSatisfy { $0.finding.unconfirmed == nil })
    }
}
