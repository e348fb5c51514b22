#if !canImport(Darwin)
    import Foundation
    import Quick
    import Synchronization
    import XCTest

    /// A Quick spec class, as the code LitmusSpecsPlugin generates names it.
    public enum DiscoveredSpec {
        /// A `QuickSpec` subclass.
        case quickSpec(QuickSpec.Type)
        /// An `AsyncSpec` subclass.
        case asyncSpec(AsyncSpec.Type)

        /// The class's name, as Quick keys its examples.
        public var name: String {
            switch self {
            case .quickSpec(let spec): return String(describing: spec)
            case .asyncSpec(let spec): return String(describing: spec)
            }
        }

        /// The spec's examples as test cases, in Quick's order: each an instance of the spec class
        /// running one example through Quick's own `allTests`, as `QCKMain` runs it, so hooks,
        /// groups and focus behave as Quick defines them. The first call defines the examples
        /// (runs the class's `spec()`).
        public func exampleTestCases() -> [XCTestCase] {
            switch self {
            case .quickSpec(let spec):
                return spec.allTests.map { name, example in
                    spec.init(name: name) { testCase in try example(testCase as! QuickSpec)() }
                }
            case .asyncSpec(let spec):
                return spec.allTests.map { name, example in
                    spec.init(name: name) { testCase in try example(testCase as! AsyncSpec)() }
                }
            }
        }

        /// How many examples the spec defines, focused, pending or not.
        public var exampleCount: Int {
            switch self {
            case .quickSpec(let spec): return spec.allTests.count
            case .asyncSpec(let spec): return spec.allTests.count
            }
        }
    }

    /// The test case LitmusSpecsPlugin generates for one spec: SwiftPM's discovery on Linux finds
    /// its one test method, and when XCTest starts its suite, LitmusSpecs adds the spec's examples
    /// to that suite, each run and counted as a test of its own.
    ///
    /// Generated code subclasses it; writing a subclass by hand is not needed.
    open class SpecExamples: XCTestCase {
        /// The spec whose examples this test case's suite runs; generated subclasses override it.
        open class var spec: DiscoveredSpec {
            fatalError("\(self) names no spec: a SpecExamples subclass overrides `class var spec`")
        }

        /// Whether the spec may define no examples: true for a base spec other specs inherit from.
        open class var mayDefineNoExamples: Bool { false }

        /// Creates the test case XCTest runs for `name`, and makes sure the spec's examples join
        /// its suite when the suite starts.
        public required init(name: String, testClosure: @escaping (XCTestCase) throws -> Void) {
            SuiteFilling.shared.register(Self.self)
            super.init(name: name, testClosure: testClosure)
        }

        /// Fails when the spec defines no examples, which on Linux is most often a `spec()` Quick
        /// never calls (an instance method instead of `override class func spec()`).
        public func verifySpecDefinesExamples(file: StaticString = #filePath, line: UInt = #line) {
            let spec = Self.spec
            if spec.exampleCount == 0, !Self.mayDefineNoExamples {
                XCTFail(
                    "\(spec.name) defines no examples: declare them in `override class func spec()`",
                    file: file,
                    line: line
                )
            }
        }
    }

    /// Watches XCTest's run: defines every registered spec's examples before the first test runs
    /// (as `QCKMain` does, so focus and suite hooks see them all), and adds each spec's examples
    /// to its ``SpecExamples`` suite as that suite starts.
    private final class SuiteFilling: NSObject, XCTestObservation, Sendable {
        static let shared = SuiteFilling()

        private struct State {
            var isObserving = false
            var specsByClass: [ObjectIdentifier: SpecExamples.Type] = [:]
            var filledSuites: Set<ObjectIdentifier> = []
        }

        private let state = Mutex(State())

        func register(_ examplesClass: SpecExamples.Type) {
            let startObserving = state.withLock { state in
                state.specsByClass[ObjectIdentifier(examplesClass)] = examplesClass
                defer { state.isObserving = true }
                return !state.isObserving
            }
            if startObserving {
                XCTestObservationCenter.shared.addTestObserver(self)
            }
        }

        func testBundleWillStart(_ testBundle: Bundle) {
            for examplesClass in state.withLock({ Array($0.specsByClass.values) }) {
                _ = examplesClass.spec.exampleCount
            }
        }

        func testSuiteWillStart(_ testSuite: XCTestSuite) {
            guard let first = testSuite.tests.first, let examplesClass = type(of: first) as? SpecExamples.Type,
                testSuite.tests.allSatisfy({ type(of: $0) == examplesClass })
            else { return }
            let isNew = state.withLock { $0.filledSuites.insert(ObjectIdentifier(testSuite)).inserted }
            guard isNew else { return }
            for example in examplesClass.spec.exampleTestCases() {
                testSuite.addTest(example)
            }
        }
    }
#endif
