import Foundation
import PropertyBased
import Testing

@testable import Calculator

@Suite("CalculatorViewModel: random presses")
struct CalculatorViewModelPropertyTests {
    /// The shipped labels, with the long-number keys weighted up so that overflows happen too.
    private static let keys =
        ButtonConfiguration.decoded.labels + Array(repeating: "9", count: 6)
        + Array(repeating: "x", count: 4)

    @Test("1,000 random press sequences never crash and match the reference model after every press")
    func matchesReferenceModel() async {
        await propertyCheck(count: 1_000, input: Gen.element(of: Self.keys).compactMap { $0 }.array(of: 0...60)) {
            keys in
            let sut = CalculatorViewModel()
            var reference = ReferenceCalculator()
            var actual: [ReferenceCalculator.Shown] = []
            var expected: [ReferenceCalculator.Shown] = []
            for key in keys {
                // litmus:ignore trapInTest every key is drawn from Self.keys, labels of the calculator itself
                sut.performAction(forButtonLabelIndex: sut.buttonLabels.firstIndex(of: key)!)
                reference.press(key)
                actual.append(Self.shown(by: sut))
                expected.append(reference.shown)
            }
            #expect(actual == expected, "after pressing \(keys.joined(separator: " "))")
        }
    }

    @Test("The display never shows more than twelve digits, nor NaN", arguments: [17, 4_242, 90_210])
    func displayFitsTwelveDigits(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        let sut = CalculatorViewModel()
        for _ in 0..<2_000 {
            sut.performAction(forButtonLabelIndex: Int.random(in: 0..<sut.buttonLabels.count, using: &generator))
            let text = sut.displayText ?? ""
            let mantissa = text.split(separator: "e").first.map(String.init) ?? ""
            #expect(mantissa.filter(\.isNumber).count <= 12, "display \(text)")
            #expect(!text.contains("NaN"))
        }
    }

    private static func shown(by viewModel: CalculatorViewModel) -> ReferenceCalculator.Shown {
        if viewModel.displayText == CalculatorViewModel.errorText { return .error }
        return viewModel.calculator.number.map(ReferenceCalculator.Shown.number) ?? .blank
    }
}

/// A seeded generator, so that a failing seed reproduces.
private struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
