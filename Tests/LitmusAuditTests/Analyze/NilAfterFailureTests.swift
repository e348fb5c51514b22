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

    /// DDMathParser 3.1.0's two `XCTAssertNoThrows`: the result kept in a variable that starts empty and is given a
    /// value only where nothing threw.
    private let keeping = """
        func XCTAssertNoThrows(_ expression: @autoclosure () throws -> Void, _ message: String = "") -> Bool {
            var ok = false
            do {
                try expression()
                ok = true
            } catch let e {
                XCTFail("Unexpected exception: \\(e). \\(message)")
            }
            return ok
        }
        func XCTAssertNoThrows<T>(_ expression: @autoclosure () throws -> T, _ message: String = "") -> T? {
            var t: T? = nil
            do {
                t = try expression()
            } catch let e {
                XCTFail("Unexpected exception: \\(e). \\(message)")
            }
            return t
        }
        """

    @Test(
        "A result kept in a variable that starts empty, given a value only where nothing failed: a guard on it, optional or Boolean, cannot skip silently"
    )
    func keptResult() throws {
        let tests = """
            func testBound() { guard let e = XCTAssertNoThrows(try Expression(string: "1")) else { return }; XCTAssertEqual(e.kind, .number) }
            func testBoolean() { guard XCTAssertNoThrows(try evaluator.register(name: "f")) else { return }; XCTAssertEqual(evaluator.count, 1) }
            """
        let found = try skippable(tests, helpers: keeping)
        #expect(found == [])
    }

    @Test(
        "Near misses: never given a value, one that may be nil, emptied again, set in a loop, shadowed, another value returned, nil or false after the value"
    )
    func keptResultMayBeEmpty() throws {
        let helpers = """
            func neverSet(_ expression: @autoclosure () throws -> Void) -> Bool {
                var ok = false
                do { try expression() } catch { XCTFail("threw") }
                return ok
            }
            func mayBeNil<T>(_ expression: () throws -> T?) -> T? {
                var t: T? = nil
                do { t = try expression() } catch { XCTFail("threw") }
                return t
            }
            func emptied<T>(_ expression: @autoclosure () throws -> T, again: Bool) -> T? {
                var t: T?
                do { t = try expression() } catch { XCTFail("threw") }
                if again { t = nil }
                return t
            }
            func looped(_ items: [Int]) -> Bool {
                var ok = false
                for item in items where item > 1 { ok = true }
                if items.isEmpty { XCTFail("none") }
                return ok
            }
            func shadowed<T>(_ expression: @autoclosure () throws -> T) -> T? {
                var t: T? = nil
                do { var t: T? = nil; t = try expression(); _ = t } catch { XCTFail("threw") }
                return t
            }
            func firstOf(_ expression: @autoclosure () throws -> [Int]) -> Int? {
                var list: [Int]? = nil
                do { list = try expression() } catch { XCTFail("threw") }
                return list?.first
            }
            func validated<T>(_ expression: @autoclosure () throws -> T, valid: (T) -> Bool) -> T? {
                var t: T? = nil
                do { t = try expression() } catch { XCTFail("threw") }
                guard let v = t, valid(v) else { return nil }
                return v
            }
            func succeeds(_ expression: @autoclosure () throws -> Int, strict: Bool) -> Bool {
                var ok = false
                do { _ = try expression(); ok = true } catch { XCTFail("threw") }
                if strict { return false }
                return ok
            }
            func toggled(_ expression: @autoclosure () throws -> Void) -> Bool {
                var ok = false
                do { try expression(); ok = true } catch { XCTFail("threw") }
                ok.toggle()
                return ok
            }
            """
        let tests = """
            func testNeverSet() { guard neverSet(try run()) else { return }; XCTAssertEqual(state, 1) }
            func testMayBeNil() { guard let value = mayBeNil({ try load() }) else { return }; XCTAssertEqual(value, 1) }
            func testEmptied() { guard let value = emptied(try load(), again: flag) else { return }; XCTAssertEqual(value, 1) }
            func testLooped() { guard looped(items) else { return }; XCTAssertEqual(items.count, 2) }
            func testShadowed() { guard let value = shadowed(try load()) else { return }; XCTAssertEqual(value, 1) }
            func testFirstOf() { guard let value = firstOf(try load()) else { return }; XCTAssertEqual(value, 1) }
            func testValidated() { guard let value = validated(try load(), valid: { $0 > 0 }) else { return }; XCTAssertEqual(value, 1) }
            func testSucceeds() { guard succeeds(try load(), strict: flag) else { return }; XCTAssertEqual(state, 1) }
            func testToggled() { guard toggled(try run()) else { return }; XCTAssertEqual(state, 1) }
            """
        let found = try skippable(tests, helpers: helpers + "\n" + keeping)
        #expect(
            found == [
                "testNeverSet", "testMayBeNil", "testEmptied", "testLooped", "testShadowed", "testFirstOf",
                "testValidated", "testSucceeds", "testToggled",
            ])
    }

    @Test("An overload whose result a use cannot take is ruled out; one spelled otherwise (Int!, Swift.Bool) is not")
    func overloadsByResult() throws {
        let helpers =
            keeping + """

                func fetch<T>(_ expression: @autoclosure () throws -> T, _ message: String = "") -> T? {
                    var t: T? = nil
                    do { t = try expression() } catch { XCTFail("threw") }
                    return t
                }
                func fetch(_ key: String) -> Int! { store[key] }
                func passes(_ expression: @autoclosure () throws -> Void) -> Bool {
                    var ok = false
                    do { try expression(); ok = true } catch { XCTFail("threw") }
                    return ok
                }
                func passes(_ key: String) -> Swift.Bool { flags[key] ?? false }
                """
        let tests = """
            func testBoundOverload() { guard let e = XCTAssertNoThrows(try Expression(string: "1")) else { return }; XCTAssertEqual(e.kind, .number) }
            func testImplicitlyUnwrapped() { guard let v = fetch("k") else { return }; XCTAssertEqual(v, 1) }
            func testSpelledBool() { guard passes("k") else { return }; XCTAssertEqual(state, 1) }
            """
        let found = try skippable(tests, helpers: helpers)
        #expect(found == ["testImplicitlyUnwrapped", "testSpelledBool"])
    }
}
