import Testing

@testable import LitmusAudit

/// conditionalTestLogic and a helper that asks whether the platform can run a test
/// (swiftlang/swift-experimental-string-processing's `guard ensureNewStdlib() else { return }`, 17 read false on first
/// contact).
@Suite("conditionalTestLogic: a helper that answers whether the platform can run the test")
struct PlatformGateTests {
    /// The helpers the tests below call: two gates and three near misses.
    private static let helpers = """
        func ensureNewStdlib() -> Bool { guard #available(macOS 13, *) else { XCTExpectFailure { XCTFail("old") }; return false }; return true }
        func onLinux() -> Bool {
            #if os(Linux)
            return false
            #endif
            return true
        }
        func hasValues() -> Bool { return values().count > 0 }
        func ready() -> Bool { guard values().count > 0 else { return false }; return true }
        func mixed() -> Bool { if #available(macOS 13, *) { return values().isEmpty }; return false }
        func canConnect() -> Bool { guard #available(macOS 13, *), connect() else { return false }; return true }
        func hasFixtures() -> Bool { if #available(macOS 13, *) { if fixtures().isEmpty { return false } }; return true }
        """

    @Test("A guard or an if on a gate is the platform's, not the test's")
    func gates() throws {
        // Given swift-experimental-string-processing's shape, an if on it and a gate made of #if
        let methods =
            Self.helpers + """

                func testA() { guard ensureNewStdlib() else { return }; XCTAssertEqual(f(), 1) }
                func testB() { if ensureNewStdlib() { XCTAssertEqual(f(), 1) } }
                func testC() { guard onLinux() else { return }; XCTAssertEqual(f(), 1) }
                """
        // Then nothing is flagged
        #expect(try xctestFindings(.conditionalTestLogic, methods) == [])
    }

    @Test("A helper that computes its answer, or answers false on a condition of its own, still skips checks")
    func notGates() throws {
        // Given near misses: a computed Bool, a false on the helper's own condition, a computed value under #available
        let methods =
            Self.helpers + """

                func testA() { guard hasValues() else { return }; XCTAssertEqual(f(), 1) }
                func testB() { guard ready() else { return }; XCTAssertEqual(f(), 1) }
                func testC() { if mixed() { XCTAssertEqual(f(), 1) } }
                func testD() { guard canConnect() else { return }; XCTAssertEqual(f(), 1) }
                func testE() { guard hasFixtures() else { return }; XCTAssertEqual(f(), 1) }
                """
        // Then each is flagged, and so are a guard mixing #available with the helper's own condition (D) and an if of
        // the helper's own inside an #available one (E)
        #expect(
            try xctestFindings(.conditionalTestLogic, methods) == [
                "testA:15", "testB:16", "testC:17", "testD:18", "testE:19",
            ])
    }

    @Test("A helper that returns what the environment says is a gate; one that returns a value of its own is not")
    func environmentFlags() throws {
        // Given grpc/grpc-swift 1.26.1's `runTimeSensitiveTests()`, which returns its class's `static let` read from
        // ENABLE_TIMING_TESTS through a constant and prints that it skips, a helper that reads the environment in its
        // one expression; and near misses: a helper returning a constant of its own, a computed value, and a helper
        // given the variable's name
        let methods = """
                private static let runTimeSensitiveTests = Bool(fromTruthLike: ProcessInfo.processInfo.environment["ENABLE_TIMING_TESTS"], defaultingTo: true)
                private static let fixed = true
                func runTimeSensitiveTests() -> Bool {
                    let shouldRun = Self.runTimeSensitiveTests
                    if !shouldRun { print("Skipping") }
                    return shouldRun
                }
                func onCI() -> Bool { ProcessInfo.processInfo.environment["CI"] != nil }
                func fixedFlag() -> Bool { return Self.fixed }
                func counted() -> Bool { let count = values().count; return count > 0 }
                func named(_ key: String) -> Bool { return ProcessInfo.processInfo.environment[key] != nil }
                func testA() { guard self.runTimeSensitiveTests() else { return }; XCTAssertEqual(f(), 1) }
                func testB() { guard onCI() else { return }; XCTAssertEqual(f(), 1) }
                func testC() { guard fixedFlag() else { return }; XCTAssertEqual(f(), 1) }
                func testD() { guard counted() else { return }; XCTAssertEqual(f(), 1) }
                func testE() { guard named("CI") else { return }; XCTAssertEqual(f(), 1) }
            """
        // Then only the near misses are flagged
        let found = try xctestFindings(.conditionalTestLogic, methods).map { $0.split(separator: ":")[0] }
        #expect(found == ["testC", "testD", "testE"])
    }

    @Test("A helper that returns what the environment says under #if, and false under #else, is a gate")
    func environmentUnderPlatformClause() throws {
        // Given swift-server/async-http-client 1.33.1's `isTestingNIOTS()`, and near misses: the same shape returning a
        // value of its own under #if, false under the #else of a condition of its own, and false under an #elseif after
        // one of its own
        let methods = """
                func isTestingNIOTS() -> Bool {
                    #if canImport(Network)
                    return ProcessInfo.processInfo.environment["DISABLE_TS_TESTS"] != "true"
                    #else
                    return false
                    #endif
                }
                func ownValue() -> Bool {
                    #if canImport(Network)
                    return values().isEmpty
                    #else
                    return false
                    #endif
                }
                func ownFlag() -> Bool {
                    #if FAST_TESTS
                    return ProcessInfo.processInfo.environment["CI"] == nil
                    #else
                    return false
                    #endif
                }
                func afterOwnFlag() -> Bool {
                    #if FAST_TESTS
                    return true
                    #elseif os(Linux)
                    return false
                    #endif
                    return true
                }
                func testA() { guard isTestingNIOTS() else { return }; XCTAssertEqual(f(), 1) }
                func testB() { guard !isTestingNIOTS() else { return }; XCTAssertEqual(f(), 1) }
                func testC() { guard ownValue() else { return }; XCTAssertEqual(f(), 1) }
                func testD() { guard ownFlag() else { return }; XCTAssertEqual(f(), 1) }
                func testE() { guard afterOwnFlag() else { return }; XCTAssertEqual(f(), 1) }
            """
        // Then only the near misses are flagged
        let found = try xctestFindings(.conditionalTestLogic, methods).map { $0.split(separator: ":")[0] }
        #expect(found == ["testC", "testD", "testE"])
    }
}

@Suite("conditionalTestLogic: a platform's word is read as a name, not inside a longer one")
struct UncontrolledWordTests {
    @Test(
        "A condition whose name only begins with a platform's word can skip the checks; the word itself, or a camel-case part, cannot"
    )
    func wordsAsNames() throws {
        // Given a token's `isMacroOrCompilerDirective` (nicklockwood/SwiftFormat 0.62.1 declares it on its tokens; read as
        // `isMac` until 2026-12-05) and `environmental`, beside gates: `isMac` itself, `isMacOS`, a `currentPlatform`, the
        // process's `environment`
        let methods = """
                func testA() { let rule = make(); if rule.isMacroOrCompilerDirective { XCTAssertEqual(f(), 1) } }
                func testB() { let config = make(); if config.environmental { XCTAssertEqual(f(), 1) } }
                func testC() { if Self.isMac { XCTAssertEqual(f(), 1) } }
                func testD() { if Host.isMacOS { XCTAssertEqual(f(), 1) } }
                func testE() { if Host.currentPlatform == .linux { XCTAssertEqual(f(), 1) } }
                func testF() { if ProcessInfo.processInfo.environment["CI"] == nil { XCTAssertEqual(f(), 1) } }
            """
        // Then only the two conditions on the test's own values are flagged
        let found = try xctestFindings(.conditionalTestLogic, methods).map { $0.split(separator: ":")[0] }
        #expect(found == ["testA", "testB"])
        #expect(ConditionalLogicDetector.standsAsName("x.isMac && y", "isMac"))
        #expect(!ConditionalLogicDetector.standsAsName("x.isMacro", "isMac"))
        #expect(ConditionalLogicDetector.standsAsName("#available(macOS 13, *)", "#available"))
    }
}
