import Testing

@testable import LitmusAudit

/// A trap in the branch no platform takes cannot fire on a regression of the package: attaswift/SipHash v1.2.2's
/// `fatalError()` after the cases of every size `MemoryLayout<UInt>.size` has, and after both types
/// `CGFloat.NativeType` can be. A branch some platform does take, or one the package's values choose, still counts.
@Suite("trapInTest: a branch no platform takes")
struct PlatformBranchTests {
    @Test("The default after every size, and the else after every native type, are never taken")
    func everyValueNamed() throws {
        // Given SipHash's shapes, and the near misses
        let methods = """
            func testA() { switch MemoryLayout<UInt>.size { case 8: run(8) case 4: run(4) default: fatalError() } }
            func testB() { if CGFloat.NativeType.self == Double.self { run(8) } else if CGFloat.NativeType.self == Float.self { run(4) } else { fatalError() } }
            func testC() { switch Int.bitWidth { case 64, 32: run(1) default: fatalError() } }
            func testD() { switch MemoryLayout<UInt>.size { case 8: run(8) default: fatalError() } }
            func testE() { if CGFloat.NativeType.self == Double.self { run(8) } else { fatalError() } }
            func testF() { switch hasher.size { case 8: run(8) case 4: run(4) default: fatalError() } }
            func testG() { switch MemoryLayout<UInt>.size { case 8: run(8) case 4 where big: run(4) default: fatalError() } }
            func testH() { if CGFloat.NativeType.self == Double.self { fatalError() } else if CGFloat.NativeType.self == Float.self { run(4) } else { run(0) } }
            func testI() { switch MemoryLayout<UInt>.size { case 8: fatalError() case 4: run(4) default: run(0) } }
            """
        // When
        let found = try xctestFindings(.trapInTest, methods)
        // Then a size or a type left unnamed, a value of the package's, a case with a condition, or a trap in a
        // branch a platform takes is still a trap
        #expect(found == ["testD:6", "testE:7", "testF:8", "testG:9", "testH:10", "testI:11"])
    }
}
