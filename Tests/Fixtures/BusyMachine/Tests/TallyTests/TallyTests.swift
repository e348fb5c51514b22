import Foundation
import Tally
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folder of markers, one per audit, named after the audit's process: the end-to-end test that runs
/// the audit removes `/tmp/litmus-busy-machine-<its pid>` before and after. The tag of every process the
/// audit starts begins with its process id (`LITMUS_PROCESS_TAG=litmus-<pid>-…`); the test process's
/// parent is no longer the audit on Linux, where each runs under a reaper of its own.
let markers: String = {
    let tag = ProcessInfo.processInfo.environment["LITMUS_PROCESS_TAG"] ?? ""
    let audit = tag.split(separator: "-").dropFirst().first.map(String.init) ?? "\(getppid())"
    return "/tmp/litmus-busy-machine-\(audit)"
}()

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
