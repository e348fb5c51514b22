import Calculator
import Foundation

/// One calculator in a terminal: keys in, display out.
struct TerminalSession {
    let viewModel: CalculatorViewModel
    private let keypad: Keypad

    init(viewModel: CalculatorViewModel) {
        self.viewModel = viewModel
        keypad = Keypad(buttonLabels: viewModel.buttonLabels)
    }

    /// What the display shows; empty when the view model has nothing to display.
    var display: String { viewModel.displayText ?? "" }

    /// Presses every key of every argument, or none if any key is unknown.
    mutating func press(_ arguments: [String]) throws(KeypadError) {
        var indices: [Int] = []
        for argument in arguments { indices += try keypad.buttonIndices(for: argument) }
        indices.forEach(viewModel.performAction)
    }

    /// Reads lines from standard input and prints the display after each key; an unknown key is
    /// reported and skipped. `q` or the end of input quits.
    mutating func runInteractively(input: () -> String? = { readLine() }, output: (String) -> Void = { print($0) }) {
        output("Keys: \(viewModel.buttonLabels.joined(separator: " ")), aliases * / c; q quits.")
        while let line = input() {
            for character in line where !character.isWhitespace {
                if character == "q" { return }
                do {
                    try press([String(character)])
                    output("\(character)  →  \(display)")
                } catch {
                    output(error.description)
                }
            }
        }
    }
}
