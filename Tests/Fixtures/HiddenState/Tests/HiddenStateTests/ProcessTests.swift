import Foundation
import Testing

@testable import Greeter

// Planted: a test whose footprint the audit cannot see (it starts a process): it runs alone. And two tests
// that share nothing with any other: the audit reports them isolated without running them alone.
@Test("A process runs to its end")
func runsAProcess() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "exit 0"]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
}

@Test("Two and two make four")
func addsTwoAndTwo() {
    #expect(sum(2, 2) == 4)
}

@Test("The greeter reads its mode from the environment of its own process")
func readsTheMode() {
    #expect(["relaxed", "strict"].contains(mode()))
}
