import Foundation
import Testing

@testable import LitmusAudit
@testable import LitmusModel

/// mainActorSharedState (issue #33): a main-actor Swift Testing test that writes state other tests of its
/// target read or write passes only because the main actor runs them one at a time (docs/audit.md).
@Suite("Test smells: shared state only the main actor serializes")
struct MainActorSharedStateTests {
    /// The findings of the kind in `files` (name → source), as `test:line`.
    private func found(_ files: [String: String]) throws -> [String] {
        try analyzedFindings(.mainActorSharedState, in: files)
    }

    @Test("a @MainActor suite's test writes a static another test reads: one finding at the write")
    func staticWrittenAndRead() throws {
        let source = """
            import Testing
            @MainActor struct CartTests {
                @Test func empties() { Cart.count = 0; #expect(Cart.isEmpty) }
                @Test func adds() { Cart.add(1); #expect(Cart.count == 1) }
            }
            """
        #expect(try found(["C.swift": source]) == ["CartTests/empties:3"])
    }

    @Test("the kind is a hint of Isolated, with a title and a fix")
    func kindIsAnIsolatedHint() {
        let kind = FindingKind.mainActorSharedState
        #expect(kind.letter == .isolated && kind.isHint && !FindingKind.optInHints.contains(kind))
        #expect(!kind.title.isEmpty && kind.fix.contains(".serialized"))
    }

    @Test("@MainActor on the test itself; a shared instance's property; a global var of another file")
    func otherShapes() throws {
        let tests = """
            import Testing
            struct StoreTests {
                @MainActor @Test func clears() async { Store.shared.items = []; await refresh(); #expect(Store.shared.items.isEmpty) }
                @Test func counts() { #expect(Store.shared.items.count >= 0) }
                @MainActor @Test func bumps() { counter += 1; #expect(counter > 0) }
                @Test func reads() { #expect(counter >= 0) }
            }
            """
        let globals = "nonisolated(unsafe) var counter = 0\n"
        let found = try analyzeSources(["G.swift": globals, "S.swift": tests]).findings.filter {
            $0.kind == .mainActorSharedState
        }
        #expect(found.map { "\($0.testName ?? "-"):\($0.line ?? 0)" } == ["StoreTests/clears:3", "StoreTests/bumps:5"])
        // An `await` after the write lets another main-actor test run in between: the message says so.
        #expect(found.first?.message.contains("an `await` after the write") == true, "\(found)")
        #expect(found.last?.message.contains("await") == false, "\(found)")
    }

    @Test("Self in an extension of a @MainActor type; a mutating method; its other cases when parameterized")
    func selfMutationAndCases() throws {
        let source = """
            import Testing
            @MainActor struct LogTests {
                static var lines: [String] = []
            }
            extension LogTests {
                @Test func appends() { Self.lines.append("a"); #expect(Self.lines.count == 1) }
                @Test(arguments: [1, 2]) func each(n: Int) { Self.lines = []; #expect(Self.lines.isEmpty) }
            }
            """
        #expect(try found(["L.swift": source]) == ["LogTests/appends:6", "LogTests/each:7"])
        // A parameterized test's cases run at the same time; `.serialized` on the test runs them in turn.
        let cases = """
            import Testing
            @MainActor struct SeedTests {
                @Test(arguments: [1, 2]) func seeds(n: Int) { Random.seed = n; #expect(Random.seed == n) }
                @Test(.serialized, arguments: [1, 2]) func ticks(n: Int) { Clock.tick = n; #expect(Clock.tick == n) }
            }
            """
        #expect(try found(["S.swift": cases]) == ["SeedTests/seeds:3"])
    }

    @Test("not: a .serialized suite around both, state no other test touches, a test's own state, XCTest")
    func negatives() throws {
        let serialized = """
            import Testing
            @MainActor @Suite(.serialized) struct CartTests {
                @Test func empties() { Cart.count = 0; #expect(Cart.isEmpty) }
                @Test func adds() { Cart.add(1); #expect(Cart.count == 1) }
            }
            """
        let alone = """
            import Testing
            @MainActor struct FlagTests {
                var local = 0
                @Test mutating func sets() { Flags.verbose = true; self.local = 1; var x = 0; x += 1; #expect(x == 1) }
                @Test func other() { withDependencies { $0.date = .now } operation: { #expect(Flags.quiet == false) } }
            }
            """
        let xctest = """
            import XCTest
            @MainActor final class CartXCTests: XCTestCase {
                func testEmpties() { Cart.count = 0; XCTAssertTrue(Cart.isEmpty) }
                func testAdds() { Cart.add(1); XCTAssertEqual(Cart.count, 1) }
            }
            """
        #expect(try found(["A.swift": serialized]).isEmpty)
        #expect(try found(["B.swift": alone]).isEmpty)
        #expect(try found(["C.swift": xctest]).isEmpty)
    }

    @Test("near misses: not main-actor isolated; restored in a defer with no await after; a serialized suite elsewhere")
    func nearMisses() throws {
        // The same write with no main actor: a race the parallel runs find (failsOnlyWithOthers), not this.
        let plain = """
            import Testing
            struct CartTests {
                @Test func empties() { Cart.count = 0; #expect(Cart.isEmpty) }
                @Test func adds() { Cart.add(1); #expect(Cart.count == 1) }
            }
            """
        #expect(try found(["A.swift": plain]).isEmpty)
        // Undone in a `defer` before any other main-actor test can run: not a finding; with an `await`
        // after the write, one can.
        let restored = """
            import Testing
            @MainActor struct ModeTests {
                @Test func quiet() { let old = Mode.current; Mode.current = .quiet; defer { Mode.current = old }; #expect(run() == "") }
                @Test func loud() async { let old = Mode.current; Mode.current = .loud; defer { Mode.current = old }; #expect(await run() == "!") }
                @Test func reads() { #expect(Mode.current != nil) }
            }
            """
        #expect(try found(["M.swift": restored]) == ["ModeTests/loud:4"])
        // A `.serialized` suite serializes its own tests only: a reader in another suite still runs beside it.
        let elsewhere = """
            import Testing
            @MainActor @Suite(.serialized) struct CartTests {
                @Test func empties() { Cart.count = 0; #expect(Cart.isEmpty) }
            }
            struct BadgeTests {
                @Test func shows() { #expect(Badge(Cart.count).text == "0") }
            }
            """
        #expect(try found(["E.swift": elsewhere]) == ["CartTests/empties:3"])
    }

    @Test("litmus smells gives an I verdict listing the hint, which passes; no I verdict when there is none")
    func smellsReport() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "litmus-mainactor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let shared = folder.appendingPathComponent("CartTests.swift")
        try """
        import Testing
        @MainActor struct CartTests {
            @Test func empties() { Cart.count = 0; #expect(Cart.isEmpty) }
            @Test func adds() { Cart.add(1); #expect(Cart.count == 1) }
        }
        """.write(to: shared, atomically: true, encoding: .utf8)
        let report = try SmellsReport.make(paths: [shared.path], options: AuditOptions())
        let isolated = try #require(report.verdicts.first { $0.letter == .isolated })
        #expect(isolated.passed && isolated.summary.hasPrefix("1 hint"), "\(isolated.summary)")
        #expect(report.verdicts.map(\.letter) == [.fast, .isolated, .selfValidating])
        #expect(report.findings.filter { $0.kind == .mainActorSharedState && $0.hint }.count == 1)
        // The same tests without the main actor: no I verdict.
        let plain = folder.appendingPathComponent("PlainTests.swift")
        try String(contentsOf: shared, encoding: .utf8).replacingOccurrences(of: "@MainActor ", with: "")
            .write(to: plain, atomically: true, encoding: .utf8)
        let none = try SmellsReport.make(paths: [plain.path], options: AuditOptions())
        #expect(!none.verdicts.contains { $0.letter == .isolated })
    }

    @Test("litmus:ignore mainActorSharedState silences the finding, with its reason")
    func ignored() throws {
        let source = """
            import Testing
            @MainActor struct CartTests {
                @Test func empties() {
                    // litmus:ignore mainActorSharedState the cart is the app's one cart, reset by every test
                    Cart.count = 0
                    #expect(Cart.isEmpty)
                }
                @Test func adds() { Cart.add(1); #expect(Cart.count == 1) }
            }
            """
        let found = try analyzeSources(["C.swift": source]).findings.filter { $0.kind == .mainActorSharedState }
        #expect(found.count == 1)
        #expect(found.first?.finding.ignored == "the cart is the app's one cart, reset by every test")
    }
}
