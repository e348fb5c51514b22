import Testing

@testable import LitmusAudit

/// trapInTest and swallowedError in the body of a Swift Testing exit test (apple/swift-nio 2.101.3's
/// EventLoopCrashTests), which runs in a child process whose exit the expectation checks.
@Suite("The body of an exit test: its traps and swallowed errors are the child process's")
struct ExitTestBodyTests {
    /// The findings of `kind` among the Swift Testing tests `tests`, by test name.
    private func found(_ kind: FindingKind, _ tests: String) throws -> [String] {
        let file = "import Testing\nstruct CrashTests {\n" + tests + "\n}\n"
        return try analyzeSources(["CrashTests.swift": file]).findings.filter { $0.kind == kind }
            .compactMap(\.testName).map { String($0.split(separator: "/").last!) }
    }

    /// Tests whose traps and `try?` sit in an exit test's body, and near misses that do not.
    private let tests = """
            @Test func crashes() async { await #expect(processExitsWith: .failure) { let group = try! makeGroup(); try? group.next().submit { wait() }.wait(); _ = lookup()! } }
            @Test func required() async throws { try await #require(exitsWith: .failure) { do { try run() } catch {} } }
            @Test func after() async { await #expect(processExitsWith: .success) { run() }; _ = try! makeGroup(); try? send(); _ = lookup()! }
            @Test func throwing() { #expect(throws: StopError.self) { try? send(); _ = try! makeGroup() } }
            @Test func succeeds() async { await #expect(processExitsWith: .success) { _ = try? decode(form); _ = try! makeGroup() } }
        """

    @Test(
        "A trap in an exit test's body ends its child process only; after it, or in another expectation's closure, not")
    func traps() throws {
        #expect(try found(.trapInTest, tests) == ["after", "throwing"])
    }

    @Test(
        "An error swallowed in the body of an exit test that must fail fails it; in one that must succeed, or after it, it counts"
    )
    func swallowed() throws {
        // Given hummingbird's `#expect(processExitsWith: .success) { _ = try? decode(…) }` (the labelled corpus's)
        #expect(try found(.swallowedError, tests) == ["after", "throwing", "succeeds"])
    }
}
