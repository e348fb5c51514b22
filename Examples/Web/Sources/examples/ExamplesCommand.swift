import ArgumentParser
import Calculator
import ExamplesWeb
import Foundation

/// `swift run examples`: serves every example as a web screen on 127.0.0.1 until interrupted.
@main
struct ExamplesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "examples",
        abstract: "Serve the Litmus examples as a web app on 127.0.0.1.",
        discussion: "Open http://127.0.0.1:8080/ (or the port you chose). Press Ctrl-C to stop."
    )

    @Option(help: "The port to listen on, on 127.0.0.1 only; 0 picks a free one.")
    var port = 8080

    @Option(name: .customLong("calculator-config"), help: "A button configuration JSON file for the calculator.")
    var calculatorConfig: String?

    func validate() throws {
        guard (0...65_535).contains(port) else {
            throw ValidationError("--port \(port) is not a port; use 0 to 65535 (0 picks a free one).")
        }
    }

    func run() async throws {
        var configuration = ExamplesConfiguration()
        if let calculatorConfig {
            do {
                configuration.calculatorButtons = try ButtonConfiguration.load(
                    contentsOf: URL(fileURLWithPath: calculatorConfig))
            } catch {
                throw ValidationError(error.description)
            }
        }
        try await ExamplesServer(configuration: configuration).run(port: port) { boundPort in
            let line = "Serving the examples on http://\(ExamplesServer.host):\(boundPort)/ (Ctrl-C stops).\n"
            FileHandle.standardOutput.write(Data(line.utf8))
        }
    }
}
