import Testing

@testable import LitmusAudit

/// ``TrapDetector/isCheckedNonNil(_:)``: an unwrap a check before it makes safe.
@Suite("trapInTest: unwraps a throwing check before them makes safe")
struct TrapDetectorCheckedTests {
    @Test("Spectre's try expect(x.count) == 1 leaves the block when it fails: x.first! after it is no trap")
    func throwingCountCheck() throws {
        // Given yonaskolb/XcodeGen 2.45.4's specs, which check a count with Spectre's throwing expect before taking
        // the first element, and near misses: a count of 0, Nimble's expect (it does not throw), a check of another
        // collection, an unwrap before the check, a count compared with a value that may be nil
        let methods = """
            func testA() throws { let phases = target.phases(); try expect(phases.count) == 1; XCTAssertEqual(phases.first!.name, "x") }
            func testB() throws { let phase = target.phase(); try expect(phase) != nil; XCTAssertEqual(phase!.name, "x") }
            func testC() throws { let phases = target.phases(); try expect(phases.count) == 0; XCTAssertEqual(phases.first!.name, "x") }
            func testD() throws { let phases = target.phases(); expect(phases.count) == 1; XCTAssertEqual(phases.first!.name, "x") }
            func testE() throws { let phases = target.phases(); try expect(others.count) == 1; XCTAssertEqual(phases.first!.name, "x") }
            func testF() throws { let phases = target.phases(); XCTAssertEqual(phases.first!.name, "x"); try expect(phases.count) == 1 }
            func testG() throws { let phase = target.phase(); try expect(phase.files?.count) == paths.count; XCTAssertEqual(phase.files!.count, 1) }
            func testH() throws { let phase = target.phase(); try expect(phase.files?.count) == expected; XCTAssertEqual(phase.files!.count, 1) }
            """

        // When: the smells are found in a file importing Spectre, and in one importing Nimble
        let spectre = try analyzedFindings(
            .trapInTest, in: ["T.swift": "import Spectre\nfinal class T: XCTestCase {\n" + methods + "\n}\n"])
        let nimble = try analyzedFindings(
            .trapInTest, in: ["T.swift": "import Nimble\nfinal class T: XCTestCase {\n" + methods + "\n}\n"])

        // Then: only the unwraps Spectre's throwing check guards are no traps; with Nimble's, every one traps
        #expect(
            spectre.map { $0.replacingOccurrences(of: "T.", with: "") } == [
                "testC:5", "testD:6", "testE:7", "testF:8", "testH:10",
            ])
        #expect(nimble.count == 8)
    }

    @Test(
        "A constant a condition trait of the test or its suite skips the test without cannot trap; an `||` or a var can"
    )
    func conditionTraitGuard() throws {
        // Given valkey-io/valkey-swift 1.4.0's integration suites (42 read false on first contact): the suite is
        // `.disabled(if: host == nil, …)`, a private let of the environment, and its tests (a nested suite's too) unwrap
        // `host!`; `.enabled(if: a != nil && b != nil)` on a test; and near misses: `||` in enabled, `&&` in disabled,
        // no trait, a var, a name the test binds again, another name than the trait's, and an XCTest method
        let source = """
            import Testing
            @Suite(.serialized, .disabled(if: host == nil, "HOST is not set"))
            struct Live {
                @Test func a() { #expect(connect(host!) == 1) }
                @Suite struct Nested { @Test func b() { #expect(connect(host!) == 1) } }
            }
            struct Other {
                @Test(.enabled(if: port != nil && host != nil)) func c() { #expect(connect(host!, port!) == 1) }
                @Test(.enabled(if: port != nil || host != nil)) func d() { #expect(connect(host!) == 1) }
                @Test(.disabled(if: host == nil && port == nil)) func e() { #expect(connect(host!) == 1) }
                @Test func f() { #expect(connect(host!) == 1) }
                @Test(.disabled(if: mutable == nil)) func g() { #expect(connect(mutable!) == 1) }
                @Test(.disabled(if: host == nil)) func h() { let host = other(); #expect(connect(host!) == 1) }
                @Test(.disabled(if: host == nil)) func i() { #expect(connect(port!) == 1) }
            }
            private let host: String? = ProcessInfo.processInfo.environment["HOST"]
            private let port: Int? = Int(ProcessInfo.processInfo.environment["PORT"] ?? "")
            private var mutable: String? = nil
            """
        let xctest = """
            import XCTest
            final class T: XCTestCase {
                func testA() { XCTAssertEqual(connect(host!), 1) }
            }
            private let host: String? = ProcessInfo.processInfo.environment["HOST"]
            """
        // Then only the near misses can trap
        let found = try analyzedFindings(.trapInTest, in: ["S.swift": source, "T.swift": xctest]).sorted()
        #expect(
            found == ["Other/d:9", "Other/e:10", "Other/f:11", "Other/g:12", "Other/h:13", "Other/i:14", "T.testA:3"],
            "\(found)")
    }

    @Test("An unwrap in the body of `if let v = x?.member` is no trap: the chain is nil whenever x is")
    func optionalChainBinding() throws {
        // Given swift-tools-protocols 0.0.10's `if let value = kv?.value { … kv!.key.count … }` (read false on first
        // contact), and near misses: the chain in an argument, coalesced, of another value, and the `else`
        let methods = """
            func testA() { let kv = parse(); if let value = kv?.value { XCTAssertEqual(kv!.key, value) } }
            func testB() { let kv = parse(); guard let n = kv?.items.first?.count else { return }; XCTAssertEqual(kv!.key, n) }
            func testC() { let kv = parse(); if let value = f(kv?.value) { XCTAssertEqual(kv!.key, value) } }
            func testD() { let kv = parse(); if let value = kv?.value ?? fallback { XCTAssertEqual(kv!.key, value) } }
            func testE() { let kv = parse(); if let value = other?.value { XCTAssertEqual(kv!.key, value) } }
            func testF() { let kv = parse(); if let value = kv?.value { print(value) } else { XCTAssertEqual(kv!.key, 1) } }
            func testG() { if let kind = lexer.next()?.kind { XCTAssertEqual(lexer.next()!.kind, kind) } }
            func testH() { var kv = parse(); guard let n = kv?.count else { return }; kv = parse(); XCTAssertEqual(kv!.key, n) }
            func testI() { let kv = parse(); if let kv = kv?.next { XCTAssertEqual(kv!.key, 1) } }
            func testJ() { let kv = parse(); if let value = kv?.values[0] { XCTAssertEqual(kv!.key, value) } }
            """

        // When
        let found = try xctestFindings(.trapInTest, methods)

        // Then only the near misses trap: also a call unwrapped (another call may give nil), a value assigned after
        // the binding, and a binding that shadows it
        #expect(found == ["testC:5", "testD:6", "testE:7", "testF:8", "testG:9", "testH:10", "testI:11"])
    }
}
