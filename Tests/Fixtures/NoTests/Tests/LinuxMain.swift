// The test binary's entry point: it runs the checks and ignores its arguments (`--list-tests` too).
import Foundation

@testable import NoTestsTests

let failures = runChecks()
print("3 checks, \(failures) failed")
exit(failures == 0 ? 0 : 1)
