import Testing

@testable import LitmusAudit

/// ``ConditionalLogicDetector/failsErrorMatcher(_:)``: a `guard` whose `else` fails the expectation it is part of.
@Suite("conditionalTestLogic: a guard that fails the error matcher it is in", .tags(.parsing))
struct ConditionalExitsTests {
    @Test("In #expect's throws: closure, guard … else { return false } fails the expectation; return true does not")
    func guardInErrorMatcher() throws {
        // Given swiftlang/swift-subprocess 1.0.2's error matchers (a trailing `throws:` closure, and one given as an
        // argument), and near misses: `return true`, a guard in a closure that is no matcher
        let tests = """
            @Test func a() async { await #expect { try await write() } throws: { error in guard let e = error as? IOError else { return false }; #expect(e.code == 9); return true } }
            @Test func b() async { await #expect { try await write() } throws: { error in guard let e = error as? IOError else { return true }; #expect(e.code == 9); return true } }
            @Test func c() async { await withTask { error in guard let e = error as? IOError else { return false }; #expect(e.code == 9); return true } }
            @Test func d() async { #expect(performing: { try write() }, throws: { error in guard let e = error as? IOError else { return false }; #expect(e.code == 9); return true }) }
            """

        // When: the smells are found
        let sut = try swiftTestingLines(.conditionalTestLogic, tests)

        // Then: the guard returning true, and the one in a closure that is no matcher, may skip the check
        #expect(sut == [4, 5])
    }
}
