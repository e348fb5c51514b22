import ArgumentParser
import Calculator
import Foundation

/// `swift run --package-path Examples calculator` (from the repository): the terminal view over seed 000's CalculatorViewModel, proving the
/// view model serves a second view (the SwiftUI one is Apple-only; the web one is Examples/Web).
@main
struct CalculatorTool: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calculator",
        abstract: "Seed 000's calculator in a terminal.",
        discussion: """
            With keys as arguments, presses them and prints the final display as the last line:
              calculator 1 2 + 3 =        # 15
              calculator '8 / 2 ='        # 4 (quote * and / in a shell)
            Without arguments, reads keys from standard input and prints the display after each key
            (q or end of input quits). Keys are the button labels; * / and c are aliases of x ÷ and AC.
            """)

    @Option(name: .long, help: "A button configuration JSON file to use instead of the bundled one.")
    var config: String?

    @Argument(parsing: .captureForPassthrough, help: "Keys to press, in order.")
    var keys: [String] = []

    func run() throws {
        let buttonConfiguration = try loadConfiguration()
        var session = TerminalSession(viewModel: CalculatorViewModel(buttonConfiguration: buttonConfiguration))
        if keys.isEmpty {
            session.runInteractively()
        } else {
            do {
                try session.press(keys)
            } catch {
                throw ValidationError(error.description)
            }
            print(session.display)
        }
    }

    private func loadConfiguration() throws -> ButtonConfiguration {
        do {
            if let config {
                return try ButtonConfiguration.load(contentsOf: URL(fileURLWithPath: config))
            }
            return try ButtonConfiguration.load()
        } catch {
            throw ValidationError(error.description)
        }
    }
}
