import LitmusModel
import Testing

@testable import LitmusRunning

@Suite("Mapping the audit's copy of a package back to the package")
struct PathMapTests {
    private let sut = PathMap(copy: "/tmp/litmus-audit-1/Shop", original: "/home/me/Shop")

    @Test("A file of the copy is named relative to the package")
    func relative() {
        #expect(
            sut.relative("/tmp/litmus-audit-1/Shop/Tests/ShopTests/CartTests.swift")
                == "Tests/ShopTests/CartTests.swift")
    }

    @Test("A path outside the copy is left as it is")
    func outside() { #expect(sut.relative("/usr/lib/swift/Foundation.swift") == "/usr/lib/swift/Foundation.swift") }

    @Test("A folder beside the copy whose name starts like it is not inside it")
    func sibling() {
        #expect(sut.relative("/tmp/litmus-audit-1/ShopKit/A.swift") == "/tmp/litmus-audit-1/ShopKit/A.swift")
    }

    @Test("Coverage keeps a file of a source folder, and leaves out the test targets' files")
    func withinFolders() {
        #expect(
            sut.relative("/tmp/litmus-audit-1/Shop/Sources/Shop/Cart.swift", within: ["Sources/Shop"])
                == "Sources/Shop/Cart.swift")
        #expect(
            sut.relative("/tmp/litmus-audit-1/Shop/Tests/ShopTests/CartTests.swift", within: ["Sources/Shop"]) == nil)
    }

    @Test("A failure message names the file in the package the user named")
    func originalText() {
        #expect(
            sut.originalText("/tmp/litmus-audit-1/Shop/Tests/ShopTests/CartTests.swift:12: XCTAssertEqual failed")
                == "/home/me/Shop/Tests/ShopTests/CartTests.swift:12: XCTAssertEqual failed")
    }

    @Test("A path of the copy maps to the same path in the package")
    func original() {
        #expect(sut.original("/tmp/litmus-audit-1/Shop/Package.swift") == "/home/me/Shop/Package.swift")
    }
}
