import Foundation
import Testing

@testable import LitmusAudit

@Suite("The pieces of a repair: a test's statements, a class's setUp, a diff git applies, delta debugging")
struct RepairSourceTests {
    private let source = """
        import XCTest

        final class CartTests: XCTestCase {
            func testC_emptiesTheCart() throws {
                cart.append("pear")
                XCTAssertFalse(cart.isEmpty)
                try cart.save()
                #expect(cart.isEmpty)
                cart.removeAll()
            }
        }

        final class OtherTests: XCTestCase {
            override func setUp() {
                super.setUp()
                counter = 1
            }

            func testA() {}
        }

        """

    @Test("A test's statements come without its checks, XCTest's or Swift Testing's")
    func statementsWithoutChecks() {
        let found = RepairSource.statements(of: "testC_emptiesTheCart", in: "CartTests", text: source)

        #expect(found == ["cart.append(\"pear\")", "try cart.save()", "cart.removeAll()"])
        #expect(RepairSource.statements(of: "testMissing", in: "CartTests", text: source) == nil)
    }

    @Test("A class without setUp gains one that calls super first; one with setUp gains the statements at its end")
    func insertingIntoSetUp() throws {
        let added = try #require(RepairSource.inserting(["cart.removeAll()"], intoSetUpOf: "CartTests", text: source))
        let appended = try #require(RepairSource.inserting(["visits = 0"], intoSetUpOf: "OtherTests", text: source))

        #expect(
            added.contains(
                "final class CartTests: XCTestCase {\n    override func setUp() {\n        super.setUp()\n        cart.removeAll()\n    }\n\n    func testC"
            ))
        #expect(appended.contains("        counter = 1\n        visits = 0\n    }\n"))
        #expect(RepairSource.inserting(["x = 1"], intoSetUpOf: "NoSuchTests", text: source) == nil)
    }

    @Test("The diff of an insertion is one hunk with three lines of context, as git writes it")
    func unifiedDiff() {
        let old = "a\nb\nc\nd\ne\nf\n"
        let new = "a\nb\nc\nX\nY\nd\ne\nf\n"

        let diff = UnifiedDiff.of(path: "Tests/T.swift", old: old, new: new)

        #expect(
            diff
                == "diff --git a/Tests/T.swift b/Tests/T.swift\n--- a/Tests/T.swift\n+++ b/Tests/T.swift\n@@ -1,6 +1,8 @@\n a\n b\n c\n+X\n+Y\n d\n e\n f\n"
        )
        #expect(UnifiedDiff.of(path: "T.swift", old: old, new: old).isEmpty)
    }

    @Test("Delta debugging keeps the statements that matter, in their order, and only those")
    func deltaDebugging() async throws {
        // Given: the predicate holds when items 1 and 4 are both kept
        var tries = 0
        let needed: Set<Int> = [1, 4]

        // When
        let kept = try await DeltaDebugging.minimize(Array(0..<6)) { chosen in
            tries += 1
            return needed.isSubset(of: chosen)
        }

        // Then
        #expect(kept == [1, 4])
        #expect(tries <= 6 * 6, "ddmin tries at most n² subsets")
    }

    @Test("The cleaner candidates are the victim's class first, then its file, then the rest, XCTest's only")
    func cleanerCandidates() {
        func test(_ id: String, _ file: String, _ library: TestLibrary = .xctest) -> TestIdentity {
            TestIdentity(library: library, id: TestID(rawValue: id), file: file, line: 1)
        }
        let victim = test("M.CartTests/testB", "Tests/M/Cart.swift")
        let polluter = test("M.CartTests/testA", "Tests/M/Cart.swift")
        let tests = [
            test("M.OtherTests/testX", "Tests/M/Other.swift"), test("M.LocaleTests/testY", "Tests/M/Cart.swift"),
            polluter, victim, test("M.CartTests/testC", "Tests/M/Cart.swift"),
            test("M/swiftTest()/Cart.swift:3:2", "Tests/M/Cart.swift", .swiftTesting),
        ]
        let candidates = RepairStage.cleanerCandidates(victim: victim, polluter: polluter, among: tests)

        #expect(candidates.map(\.id.rawValue) == ["M.CartTests/testC", "M.LocaleTests/testY", "M.OtherTests/testX"])
    }
}
