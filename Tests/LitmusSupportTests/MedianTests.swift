import Testing

@testable import LitmusSupport

@Suite("The median of durations")
struct MedianTests {
    @Test("The median of an odd count is the middle value")
    func medianOdd() { #expect([Double]([300, 1, 2]).median == 2) }

    @Test("The median of an even count is the mean of the two middle values")
    // litmus:ignore floatEquality (2 + 3) / 2 is 2.5 exactly in binary
    func medianEven() { #expect([Double]([4, 1, 3, 2]).median == 2.5) }

    @Test("The median of nothing is 0")
    func medianEmpty() { #expect([Double]().median == 0) }
}
