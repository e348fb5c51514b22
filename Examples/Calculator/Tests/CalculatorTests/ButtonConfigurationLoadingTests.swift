import Foundation
import Testing

@testable import Calculator

@Suite("ButtonConfiguration: loading fails with errors that name the file and the fix")
struct ButtonConfigurationLoadingTests {
    private func decode(_ json: String) throws(ButtonConfigurationError) -> ButtonConfiguration {
        try ButtonConfiguration.decode(Data(json.utf8), source: "Buttons.json")
    }

    @Test("A valid file on disk loads")
    func loadsAFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("Buttons-\(UUID()).json")
        try Data(#"{"labels": ["1", "+", "="], "columnCount": 3}"#.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(
            try ButtonConfiguration.load(contentsOf: url)
                == ButtonConfiguration(labels: ["1", "+", "="], columnCount: 3))
    }

    @Test("A missing resource names the file")
    func missingResource() {
        #expect(throws: ButtonConfigurationError.fileNotFound("Missing.json")) {
            try ButtonConfiguration.load("Missing.json")
        }
    }

    @Test("A missing file on disk names its path")
    func missingFile() {
        let url = URL(fileURLWithPath: "/nonexistent/Buttons.json")
        #expect(throws: ButtonConfigurationError.fileNotFound("/nonexistent/Buttons.json")) {
            try ButtonConfiguration.load(contentsOf: url)
        }
    }

    @Test("Text that is not JSON is malformed")
    func notJSON() {
        #expect(throws: ButtonConfigurationError.malformed("Buttons.json", reason: "it is not valid JSON")) {
            try decode("labels: 1")
        }
    }

    @Test("A missing key is named")
    func missingKey() {
        #expect(
            throws: ButtonConfigurationError.malformed("Buttons.json", reason: #"the key "columnCount" is missing"#)
        ) {
            try decode(#"{"labels": ["1"]}"#)
        }
    }

    @Test("A value of the wrong type is named by its path")
    func wrongType() {
        #expect(
            throws: ButtonConfigurationError.malformed("Buttons.json", reason: #""columnCount" should be an integer"#)
        ) {
            try decode(#"{"labels": ["1"], "columnCount": "four"}"#)
        }
    }

    @Test("A label of the wrong type is named by its path, with the index in brackets")
    func wrongTypeInArray() {
        #expect(
            throws: ButtonConfigurationError.malformed("Buttons.json", reason: #""labels[0]" should be String"#)
        ) {
            try decode(#"{"labels": [1], "columnCount": 1}"#)
        }
    }

    @Test("A null is named by its path and the type expected")
    func null() {
        #expect(
            throws: ButtonConfigurationError.malformed("Buttons.json", reason: #""columnCount" is null, expected Int"#)
        ) {
            try decode(#"{"labels": ["1"], "columnCount": null}"#)
        }
    }

    @Test("JSON that is not an object is named as the top level")
    func notAnObject() {
        let error = #expect(throws: ButtonConfigurationError.self) { try decode("[1]") }
        guard case .malformed(_, let reason) = error else {
            Issue.record("expected malformed, got \(String(describing: error))")
            return
        }
        #expect(reason.hasPrefix("the top level should be "))
    }

    @Test("One column is enough")
    func oneColumn() throws {
        #expect(try decode(#"{"labels": ["1", "="], "columnCount": 1}"#).columnCount == 1)
    }

    @Test("A bundle given is searched, not this module's")
    func givenBundle() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("EmptyBundle-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bundle = try #require(Bundle(path: folder.path))
        #expect(throws: ButtonConfigurationError.fileNotFound("ButtonConfiguration.json")) {
            try ButtonConfiguration.load(from: bundle)
        }
    }

    @Test("A label that maps to no command is named with its index")
    func unsupportedLabel() throws {
        let error = #expect(throws: ButtonConfigurationError.self) {
            try decode(#"{"labels": ["1", "%", "="], "columnCount": 3}"#)
        }
        #expect(error == .unsupportedLabel("Buttons.json", label: "%", index: 1))
        #expect(
            error?.description
                == #"Button configuration Buttons.json has label "%" (at index 1), which maps to no calculator "#
                + "command. Use one of: 0 1 2 3 4 5 6 7 8 9 + - x ÷ = AC.")
    }

    @Test("No labels is an error")
    func noLabels() {
        #expect(throws: ButtonConfigurationError.noLabels("Buttons.json")) {
            try decode(#"{"labels": [], "columnCount": 4}"#)
        }
    }

    @Test("A column count outside 1...labels is an error", arguments: [0, -1, 4])
    func invalidColumnCount(columnCount: Int) {
        #expect(
            throws: ButtonConfigurationError.invalidColumnCount("Buttons.json", columnCount: columnCount, labelCount: 3)
        ) {
            try decode(#"{"labels": ["1", "2", "3"], "columnCount": \#(columnCount)}"#)
        }
    }
}
