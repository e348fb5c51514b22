import Calculator

/// Maps what a person types to the calculator's button labels: the labels themselves, plus the
/// aliases a keyboard has (`*` for x, `/` for ÷, `c` for AC).
struct Keypad {
    static let aliases: [String: String] = ["*": "x", "X": "x", "/": "÷", "c": "AC", "C": "AC", "ac": "AC"]

    let buttonLabels: [String]

    /// The button indices for one argument: a label or alias ("AC", "12" is not one), else each of
    /// its characters in turn ("12+3=" is five keys).
    func buttonIndices(for argument: String) throws(KeypadError) -> [Int] {
        if let index = buttonIndex(for: argument) { return [index] }
        guard argument.count > 1 else { throw unknown(argument) }
        return try argument.filter { !$0.isWhitespace }.map { character throws(KeypadError) in
            guard let index = buttonIndex(for: String(character)) else { throw unknown(String(character)) }
            return index
        }
    }

    private func buttonIndex(for key: String) -> Int? {
        buttonLabels.firstIndex(of: Self.aliases[key] ?? key)
    }

    private func unknown(_ key: String) -> KeypadError {
        let aliases = Self.aliases.keys.sorted().map { "\($0) → \(Self.aliases[$0]!)" }.joined(separator: ", ")
        return KeypadError(
            message: "Unknown key \"\(key)\". Keys: \(buttonLabels.joined(separator: " ")) (aliases: \(aliases)).")
    }
}

/// A key that maps to no button; the message names it and lists the keys there are.
struct KeypadError: Error, Equatable, CustomStringConvertible {
    let message: String
    var description: String { message }
}
