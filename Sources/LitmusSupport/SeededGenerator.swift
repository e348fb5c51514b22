/// A small, fast generator that yields the same numbers for the same seed (SplitMix64): an audit's random
/// choices are replayed from its seed, and the HTTP stubs' random faults from theirs.
package struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator that always yields the same numbers for the same `seed`.
    package init(seed: UInt64) { state = seed }

    /// The next pseudo-random number.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    /// A value in 0..<1.
    package mutating func nextUnit() -> Double {
        Double(next() >> 11) / Double(1 << 53)
    }
}
