import Foundation
import Testing

@testable import Planted

// Planted: a flaky test (Repeatable). It counts its runs in a file of its working directory and fails
// on every second one, as a test that reads something it does not control would.
@Test("A discount of 0% keeps the price, on every other run")
func flakyDiscount() throws {
    let counter = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".runs")
    let runs = Int((try? String(contentsOf: counter, encoding: .utf8)) ?? "0") ?? 0
    try String(runs + 1).write(to: counter, atomically: true, encoding: .utf8)
    #expect(discounted(500, percent: 0) == 500 + runs % 2)
}
