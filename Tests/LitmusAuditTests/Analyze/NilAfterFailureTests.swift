import Testing

@testable import LitmusAudit

/// conditionalTestLogic and a guard on a helper of the package's that returns `nil` only once it has recorded a
/// failure (async-http-client 1.37.0's and swift-nio 2.101.3's `XCTAssertNoThrowWithResult`, swift-nio's
/// `frameForFrame`).
@Suite("conditionalTestLogic: a guard on a helper that fails before it gives nil")
struct NilAfterFailureTests {
    /// The tests of `tests` (XCTest methods of a class `T`) a guard or an if can skip, with `helpers` in a file of
    /// their own.
    private func skippable(_ tests: String, helpers: String) throws -> [String] {
        let file = "import XCTest\nfinal class T: XCTestCase {\n" + tests + "\n}\n"
        return try analyzeSources(["T.swift": file, "Helpers.swift": "import XCTest\n" + helpers]).findings
            .filter { $0.kind == .conditionalTestLogic }.compactMap(\.testName).map {
                String($0.split(separator: ".").last!)
            }
    }

    /// The helpers of the shapes that fail before they give `nil`.
    private let failing = """
        func XCTAssertNoThrowWithResult<Result>(_ expression: @autoclosure () async throws -> Result) async -> Result? {
            do {
                return try await expression()
            } catch {
                XCTFail("Expression did throw: \\(error)")
            }
            return nil
        }
        func assertStreamError(_ body: @autoclosure () -> StateMachineResult) -> Error? {
            switch body() {
            case .streamError(let error?):
                XCTFail("unexpected \\(error)")
                return nil
            case let result:
                guard let error = result.error else { XCTFail("Expected a stream error, got \\(result)"); return nil }
                return error
            }
        }
        func frame(_ channel: Channel) -> Frame? {
            guard let produced: Frame = try? channel.readInbound() else {
                XCTFail("Did not produce a frame")
                return nil
            }
            if produced.isEmpty { XCTFail("empty"); return nil } else { return produced }
        }
        """

    @Test("A guard or an if on such a helper, called plainly, with try or await: nothing skips silently")
    func failsFirst() throws {
        let tests = """
            func testAwaited() async { guard let response = await XCTAssertNoThrowWithResult(try await client.get()) else { return }; XCTAssertEqual(response.status, .ok) }
            func testSwitched() { guard let error = assertStreamError(machine.send()) else { return }; XCTAssertEqual(error.code, 1) }
            func testGuarded() { if let frame = frame(channel) { XCTAssertEqual(frame.opcode, .text) } }
            """
        let found = try skippable(tests, helpers: failing)
        #expect(found == [])
    }

    @Test("Near misses: try?, a closure that may give nil, nil first, a property, a loop, a case binding, a parameter")
    func mayGiveNilSilently() throws {
        let helpers =
            failing + """

                func quietly<R>(_ expression: () throws -> R?) -> R? {
                    do { return try expression() } catch { XCTFail("threw") }
                    return nil
                }
                func first(_ items: [Int]) -> Int? {
                    if items.isEmpty { return nil }
                    XCTFail("not empty")
                    return nil
                }
                func opened(_ message: Message?) -> UInt32? {
                    switch message {
                    case .some(.open(let open)): return open.channel
                    default: XCTFail("not open"); return nil
                    }
                }
                func found(_ items: [Int]) -> Int? {
                    for item in items where item > 1 { return item }
                    XCTFail("none")
                    return nil
                }
                func trailers(_ part: Part) -> Headers? {
                    switch part {
                    case .end(let trailers): return trailers
                    case let other: XCTFail("\\(other)"); return nil
                    }
                }
                func checked(_ response: Response?) -> Response? {
                    if let response, response.status != .ok { XCTFail("bad"); return nil }
                    return response
                }
                """
        let tests = """
            func testTried() { guard let error = try? assertStreamError(machine.send()) else { return }; XCTAssertEqual(error.code, 1) }
            func testQuiet() { guard let value = quietly({ try load() }) else { return }; XCTAssertEqual(value, 1) }
            func testFirst() { guard let value = first(items) else { return }; XCTAssertEqual(value, 1) }
            func testProperty() { guard let channel = opened(message) else { return }; XCTAssertEqual(channel, 1) }
            func testLoop() { guard let value = found(items) else { return }; XCTAssertEqual(value, 1) }
            func testCase() { guard let headers = trailers(part) else { return }; XCTAssertEqual(headers.count, 1) }
            func testParameter() { guard let response = checked(response) else { return }; XCTAssertEqual(response.status, .ok) }
            """
        let found = try skippable(tests, helpers: helpers)
        #expect(
            found == [
                "testTried", "testQuiet", "testFirst", "testProperty", "testLoop", "testCase", "testParameter",
            ])
    }

    @Test("A Quick example runs under XCTest: a guard on an XCTFail helper there cannot skip silently")
    func quickExample() throws {
        let file = """
            import Quick
            import Nimble
            final class ClientSpec: QuickSpec {
                override class func spec() {
                    it("gets") { guard let response = XCTAssertNoThrowWithResult(try client.get()) else { return }; expect(response.status) == .ok }
                }
            }
            """
        let found = try analyzeSources(["ClientSpec.swift": file, "Helpers.swift": "import XCTest\n" + failing])
            .findings.filter { $0.kind == .conditionalTestLogic }
        #expect(found.isEmpty)
    }

    @Test("An XCTFail helper in a Swift Testing test records nothing: its guard can still skip")
    func otherFramework() throws {
        let file = """
            import Testing
            struct S {
                @Test func awaited() async { guard let response = await XCTAssertNoThrowWithResult(try await client.get()) else { return }; #expect(response.status == .ok) }
            }
            """
        let found = try analyzeSources(["S.swift": file, "Helpers.swift": "import XCTest\n" + failing]).findings
            .filter { $0.kind == .conditionalTestLogic }.compactMap(\.testName)
        #expect(found == ["S/awaited"])
    }
}
