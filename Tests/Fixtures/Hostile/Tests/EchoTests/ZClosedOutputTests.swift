import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

// Named to run last: XCTest prints every later record to the output it closes.
final class ZClosedOutputTests: XCTestCase {
    // Closes its standard output: XCTest's own records after it are lost.
    func testClosesStandardOutput() {
        FileHandle.standardOutput.write(Data("closing standard output\n".utf8))
        close(STDOUT_FILENO)
        XCTAssertEqual(1 + 1, 2)
    }
}
