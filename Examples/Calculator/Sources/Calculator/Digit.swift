/// One of the ten digits a calculator accepts as numeric input.
///
/// Seed 000: the raw values 0 to 9 are assigned implicitly, so `Digit(rawValue:)` is the failable
/// initializer that turns an integer into a digit, and `description` is that integer as a string.
public enum Digit: Int, CaseIterable, CustomStringConvertible, Sendable {
    case zero, one, two, three, four, five, six, seven, eight, nine

    public var description: String {
        "\(rawValue)"
    }
}
