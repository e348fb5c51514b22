import XCTest

#if canImport(Combine) || canImport(OpenCombine)
    /// A class the build does not compile on Linux: no module of the package is called OpenCombine.
    final class PublisherTests: XCTestCase {
        func testPublishes() { XCTAssertEqual([1].count, 1) }
    }
#endif

#if canImport(Foundation) || canImport(OpenCombine)
    /// A class the build compiles: Foundation is there.
    final class FoundationTests: XCTestCase {
        func testFoundation() { XCTAssertEqual([1].count, 1) }
    }
#endif
