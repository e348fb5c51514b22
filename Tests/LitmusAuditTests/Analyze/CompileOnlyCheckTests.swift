import Testing

@testable import LitmusAudit

@Suite("noAssertion: a test whose check is the build's", .tags(.parsing))
struct CompileOnlyCheckTests {
    @Test(
        "A Quick example whose comment says it checks on compile; one that only binds a value to `_` under a type does not say so"
    )
    func quickExamples() throws {
        // Given RxSwiftCommunity/RxOptional 5.0.6's examples (`// Check on compile` above `let _: Observable<Int> =
        // …filterNil()`), one whose comment sits above its `it`, and near misses: the annotated discard with no
        // comment (BrightFutures 8.2.0's `let _: Future<Int, TestError> = …promoteError()`, read true: the errors it
        // maps at run time are never checked), a discard without a type, a name bound under a type, and a comment
        // naming compiling for another reason
        let spec = """
            import Quick
            import Nimble
            final class OptionalSpec: QuickSpec {
                override class func spec() {
                    describe("filterNil") {
                        it("unwraps the optional") {
                            // Check on compile
                            let _: Observable<Int> = Observable<Int?>.just(nil).filterNil()
                        }
                        it("unwraps a driver") {
                            let _: Driver<Int> = Driver<Int?>.just(nil).filterNil()
                        }
                        // Checked at compile time: the operator keeps the element type
                        it("keeps the type") { _ = Signal<Int?>.just(nil).filterNil() }
                        it("runs the operator") { _ = Observable<Int?>.just(nil).filterNil() }
                        it("counts") { let count: Int = values.count }
                        it("renders") {
                            // compile the template first
                            _ = render(template)
                        }
                    }
                }
            }
            """
        // When
        let found = try analyzedFindings(.noAssertion, in: ["OptionalSpec.swift": spec]).sorted()
        // Then
        #expect(
            found == [
                "OptionalSpec.filterNil counts:16", "OptionalSpec.filterNil renders:17",
                "OptionalSpec.filterNil runs the operator:15", "OptionalSpec.filterNil unwraps a driver:10",
            ], "\(found)")
    }

    @Test("A comment above the test's class, or one expecting an API to compile, says the build is the check")
    func statedAboveTheClass() throws {
        // Given kean/Future 1.4.0's `// Basically just test that these things compile.` above `class FutureOnTests` and
        // `// EXPECT castError to compile with a custom error typ argument`, and near misses: a class comment about
        // something else, and a step that compiles a template at run time
        let xctest = """
            import XCTest
            // Basically just test that these things compile.
            final class FutureOnTests: XCTestCase {
                func testOn() { future.on(success: { _ in }) }
            }
            final class CastErrorTests: XCTestCase {
                func testCustomArgument() {
                    // EXPECT castError to compile with a custom error type argument
                    _ = Future(value: 1).castError(MyError.self)
                }
            }
            // Tests of the scheduler's queues.
            final class QueueTests: XCTestCase {
                func testOn() { future.on(success: { _ in }) }
                func testRender() {
                    // compile the template before rendering it
                    _ = render(template)
                }
            }
            """
        // When / Then
        let found = try analyzedFindings(.noAssertion, in: ["F.swift": xctest]).sorted()
        #expect(found == ["QueueTests.testOn:14", "QueueTests.testRender:15"], "\(found)")
    }
}
