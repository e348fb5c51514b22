import Foundation
import Testing

@testable import Calculator
@testable import CalculatorCLI

@Suite("The terminal calculator: a second view over CalculatorViewModel")
struct TerminalCalculatorTests {
    private func display(after keys: [String]) throws -> String {
        var sut = TerminalSession(viewModel: CalculatorViewModel())
        try sut.press(keys)
        return sut.display
    }

    @Test("1 2 + 3 = shows 15")
    func addition() throws {
        #expect(try display(after: ["1", "2", "+", "3", "="]) == "15")
    }

    @Test("8 ÷ 2 = shows 4, and so does 8 / 2 =")
    func divisionAndItsAlias() throws {
        #expect(try display(after: ["8", "÷", "2", "="]) == "4")
        #expect(try display(after: ["8", "/", "2", "="]) == "4")
    }

    @Test("* is x, c is AC")
    func aliases() throws {
        #expect(try display(after: ["6", "*", "7", "="]) == "42")
        #expect(try display(after: ["6", "c"]) == "")
    }

    @Test("One argument can hold several keys")
    func keysInOneArgument() throws {
        #expect(try display(after: ["12+3="]) == "15")
        #expect(try display(after: ["5", "AC", "7"]) == "7")
    }

    @Test("An unknown key is named, and no key is pressed")
    func unknownKey() {
        var sut = TerminalSession(viewModel: CalculatorViewModel())
        let error = #expect(throws: KeypadError.self) { try sut.press(["1", "2%"]) }
        #expect(
            error?.description
                == #"Unknown key "%". Keys: 7 8 9 ÷ 4 5 6 x 1 2 3 - AC 0 = + (aliases: * → x, / → ÷, C → AC, X → x, ac → AC, c → AC)."#
        )
        #expect(sut.display == "")
    }

    @Test("An argument of one space is an unknown key, not no key")
    func loneSpaceIsUnknown() {
        var sut = TerminalSession(viewModel: CalculatorViewModel())
        let error = #expect(throws: KeypadError.self) { try sut.press([" "]) }
        #expect(error?.description.hasPrefix(#"Unknown key " "."#) == true)
    }

    @Test("Interactively, the session starts by listing the keys")
    func interactiveListsTheKeys() {
        var sut = TerminalSession(viewModel: CalculatorViewModel())
        var output: [String] = []
        sut.runInteractively(input: { nil }, output: { output.append($0) })
        #expect(output == ["Keys: 7 8 9 ÷ 4 5 6 x 1 2 3 - AC 0 = +, aliases * / c; q quits."])
    }

    @Test("Interactively, the display is printed after each key, and q quits")
    func interactive() {
        var sut = TerminalSession(viewModel: CalculatorViewModel())
        var lines = ["9 x 9", "=q", "1"]
        var output: [String] = []
        sut.runInteractively(input: { lines.isEmpty ? nil : lines.removeFirst() }, output: { output.append($0) })
        #expect(output.dropFirst() == ["9  →  9", "x  →  9", "9  →  9", "=  →  81"])
        #expect(lines == ["1"])
    }

    @Test("Interactively, an unknown key is reported and the session goes on")
    func interactiveUnknownKey() {
        var sut = TerminalSession(viewModel: CalculatorViewModel())
        var lines = ["4%2"]
        var output: [String] = []
        sut.runInteractively(input: { lines.isEmpty ? nil : lines.removeFirst() }, output: { output.append($0) })
        #expect(output.count == 4)
        #expect(output[2].hasPrefix(#"Unknown key "%""#))
        #expect(output[3] == "2  →  42")
    }
}

/// Runs the built `calculator` executable, as `swift run calculator` does.
@Suite("swift run calculator", .tags(.endToEnd))
struct CalculatorExecutableTests {
    private static let executable: URL? = {
        // The test bundle and the executables share the build products folder.
        var folder = Bundle.main.bundleURL
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("calculator")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return nil
    }()

    private func run(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        let executable = try #require(
            Self.executable, "No calculator executable beside the tests: run `swift build --build-tests` first.")
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: outputData, as: UTF8.self),
            String(decoding: errorData, as: UTF8.self)
        )
    }

    @Test("calculator 8 ÷ 2 = ends with 4")
    func division() throws {
        let result = try run(["8", "÷", "2", "="])
        #expect(result.status == 0)
        #expect(result.output.split(separator: "\n").last == "4")
    }

    @Test("calculator 1 2 + 3 = ends with 15")
    func addition() throws {
        let result = try run(["1", "2", "+", "3", "="])
        #expect(result.output.split(separator: "\n").last == "15")
    }

    @Test("An unknown key exits non-zero with a message naming it")
    func unknownKey() throws {
        let result = try run(["1", "q"])
        #expect(result.status != 0)
        #expect(result.error.contains(#"Unknown key "q""#))
    }

    @Test("A malformed configuration file exits non-zero with a message naming it")
    func malformedConfiguration() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("Buttons-\(UUID()).json")
        try Data(#"{"labels": ["1", "%"], "columnCount": 2}"#.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try run(["--config", url.path, "1"])
        #expect(result.status != 0)
        #expect(result.error.contains(#"has label "%" (at index 1), which maps to no calculator command"#))
    }
}

extension Tag {
    /// Tests that start a process or a browser: slower than unit tests, still run by scripts/test.
    @Tag static var endToEnd: Self
}
