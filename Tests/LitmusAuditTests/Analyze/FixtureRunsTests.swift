import SwiftParser
import SwiftSyntax
import Testing

@testable import LitmusAudit

@Suite("Test classes other tests run as fixtures get no smell", .tags(.parsing))
struct FixtureRunsTests {
    private let specs = """
        import Quick
        import XCTest
        final class FunctionalTests_PendingSpec: QuickSpec {
            override class func spec() {
                it("is empty on purpose") {}
                xit("is pending on purpose") { fail() }
            }
        }
        final class BundleTests: XCTestCase {
            func testEmpty() {}
        }
        """

    @Test("A spec passed to qck_runSpec, or in the array of qck_runSpecs, is a fixture: its empty example is no smell")
    func runSpec() throws {
        let runner = """
            import XCTest
            final class PendingTests: XCTestCase {
                func testPendingRuns() {
                    let result = qck_runSpecs([FunctionalTests_PendingSpec.self])
                    XCTAssertEqual(result?.executionCount, 1)
                    _ = Bundle(for: BundleTests.self)
                }
            }
            """
        let found = try analyzedFindings(.emptyTest, in: ["Specs.swift": specs, "Runner.swift": runner])
        let ignored = try analyzedFindings(.ignoredTest, in: ["Specs.swift": specs, "Runner.swift": runner])
        // Then: the spec's examples are not named; BundleTests, only located by Bundle(for:), still is
        #expect(found == ["BundleTests.testEmpty:10"])
        #expect(ignored == [])
    }

    @Test("A runner the Linux build does not compile still makes its spec a fixture: the smells read every #if branch")
    func runnerUnderIf() throws {
        let runner = """
            #if canImport(Darwin)
            import XCTest
            final class PendingTests: XCTestCase {
                func testPendingRuns() { XCTAssertEqual(FunctionalTests_PendingSpec.testInvocations.count, 2) }
            }
            #endif
            """
        #expect(try analyzedFindings(.ignoredTest, in: ["Specs.swift": specs, "Runner.swift": runner]) == [])
    }

    @Test("The near miss: without a test that runs the spec, its empty and pending examples are found")
    func notRun() throws {
        let found = try analyzedFindings(.emptyTest, in: ["Specs.swift": specs])
        #expect(found.contains { $0.hasPrefix("FunctionalTests_PendingSpec.") })
        #expect(try analyzedFindings(.ignoredTest, in: ["Specs.swift": specs]).count == 1)
    }

    @Test(
        "XCTestSuite(forTestCaseClass:), forTestCaseWithName:, defaultTestSuite and testInvocations run a class as a fixture too"
    )
    func suites() {
        let body = """
            func testRuns() {
                XCTestSuite(forTestCaseClass: AFixture.self).run()
                BFixture.defaultTestSuite.run()
                _ = String(describing: CNotRun.self)
                _ = qck_runSpecs([_DFocused.self])
                _ = EInvoked.testInvocations
                _ = XCTestSuite(forTestCaseWithName: "FNamed/example1")
            }
            """
        let tree = Parser.parse(source: body)
        #expect(
            FixtureRuns.types(runIn: Syntax(tree)) == ["AFixture", "BFixture", "_DFocused", "EInvoked", "FNamed"])
    }
}

@Suite("mysteryGuest: a server on the loopback host the test calls is its own", .tags(.parsing))
struct LoopbackGuestTests {
    @Test("URLSession.shared to 127.0.0.1 or localhost is no mystery guest; to another host it is")
    func loopback() throws {
        let methods = """
            func testLocal() async throws {
                let port = try await startServer()
                _ = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\\(port)")!)
            }
            func testSocket() async throws {
                _ = URLSession.shared.webSocketTask(with: URL(string: "ws://localhost:\\(port)/socket")!)
            }
            func testRemote() async throws {
                _ = try await URLSession.shared.data(from: URL(string: "https://pie.dev/get")!)
            }
            """
        #expect(try xctestFindings(.mysteryGuest, methods) == ["testRemote:11"])
    }
}

@Suite("mysteryGuest: URLSession.shared answered by a stub the test registers reaches no network", .tags(.parsing))
struct StubbedSharedSessionTests {
    @Test("A mock registered, or a URLProtocol, before URLSession.shared is no mystery guest; no stub, it is")
    func stubbed() throws {
        // Given WeTransfer/Mocker 3.0.2's tests: `Mock(url: url, …).register()` then `URLSession.shared.dataTask(with:)`,
        // which the library's registered URLProtocol answers; an OHHTTPStubs-style `URLProtocol.registerClass`; and a
        // near miss that stubs nothing
        let methods = """
            func testMocked() {
                Mock(url: URL(string: "https://a.b/c")!, statusCode: 200, data: [.get: Data()]).register()
                URLSession.shared.dataTask(with: URL(string: "https://a.b/c")!) { _, _, _ in }.resume()
            }
            func testProtocol() {
                URLProtocol.registerClass(Canned.self)
                URLSession.shared.dataTask(with: URL(string: "https://a.b/c")!) { _, _, _ in }.resume()
            }
            func testUnstubbed() {
                URLSession.shared.dataTask(with: URL(string: "https://a.b/c")!) { _, _, _ in }.resume()
            }
            """
        // Then only the test that stubs nothing reaches the network
        #expect(try xctestFindings(.mysteryGuest, methods) == ["testUnstubbed:12"])
    }
}

@Suite("emptyTest: an empty example named for not crashing checks its spec's set-up", .tags(.parsing))
struct NamedForRunningTests {
    @Test("it(\"does not crash\") {} is no empty test; it(\"works\") {} is")
    func doesNotCrash() throws {
        let source = """
            import Quick
            final class CrossSpec: QuickSpec {
                override class func spec() {
                    _ = OtherSpec()
                    it("does not crash") {}
                    it("works") {}
                }
            }
            """
        let found = try analyzedFindings(.emptyTest, in: ["S.swift": source])
        #expect(found.count == 1 && found.first?.contains("works") == true, "\(found)")
    }

    @Test(
        "@Test(\"… does not crash\") on an empty method of a suite is no empty test; @Test(\"parses\"), a free function or a fuzz test are"
    )
    func displayNameSaysSo() throws {
        let source = """
            import Testing
            struct ParserTests {
                let parser = Parser()
                @Test("parsing odd input does not crash") func odd() {}
                @Test("parses") func parses() {}
                @Test func fuzzParser() {}
            }
            @Test("a free function does not crash") func free() {}
            """
        let found = try analyzedFindings(.emptyTest, in: ["S.swift": source])
        #expect(found.count == 3 && !found.contains { $0.contains("odd") }, "\(found)")
    }
}
