import Foundation
import Tally
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folder of markers, one per audit: the audit is the parent of every test process it runs, and the
/// end-to-end test that runs the audit removes `/tmp/litmus-busy-machine-<its pid>` before and after.
let markers = "/tmp/litmus-busy-machine-\(getppid())"

final class TallyTests: XCTestCase {
    /// Slow (400 ms) in the first two processes that run it, fast after: each of those takes a marker
    /// file no other process can take (`O_EXCL`), as a machine busy with other work slows a few runs.
    func testSlowOnlyWhileBusy() {
        try? FileManager.default.createDirectory(atPath: markers, withIntermediateDirectories: true)
        for marker in 0..<2 {
            let descriptor = open("\(markers)/\(marker)", O_CREAT | O_EXCL | O_WRONLY, 0o600)
            if descriptor >= 0 {
                close(descriptor)
                Thread.sleep(forTimeInterval: 0.4)
                break
            }
        }
        XCTAssertEqual(tally([1, 2, 3]), 6)
    }

    /// Slow in every run.
    func testAlwaysSlow() {
        Thread.sleep(forTimeInterval: 0.4)
        XCTAssertEqual(tally([]), 0)
    }
}
