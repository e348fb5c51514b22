import Foundation

/// The calculator's buttons: their labels in layout order and how many columns they are laid out in.
///
/// Seed 000 decodes it from ButtonConfiguration.json in the main bundle and calls `fatalError` when
/// that fails. Here the file is a resource of this module (`Bundle.module`), and loading it throws a
/// ``ButtonConfigurationError`` that names the file and what is wrong, including a label that maps
/// to no calculator command.
public struct ButtonConfiguration: Equatable, Decodable, Sendable {
    /// The button labels, in the order the buttons are laid out (row by row).
    public let labels: [String]
    /// How many columns the buttons are laid out in.
    public let columnCount: Int

    /// Creates a configuration without validating it; ``load(_:from:)`` validates what it reads.
    public init(labels: [String], columnCount: Int) {
        self.labels = labels
        self.columnCount = columnCount
    }

    /// The configuration shipped with this module (Resources/ButtonConfiguration.json).
    ///
    /// The file is part of the module and a test checks it, so failing to load it is a packaging
    /// defect, not a user error: it stops the program with the descriptive error. Load other files
    /// with ``load(_:from:)`` or ``load(contentsOf:)``, which throw instead.
    public static let decoded: ButtonConfiguration = {
        do {
            return try load()
        } catch {
            preconditionFailure("\(error)")
        }
    }()

    /// Loads and validates a configuration file shipped in a bundle (this module's by default).
    public static func load(
        _ fileName: String = "ButtonConfiguration.json", from bundle: Bundle? = nil
    ) throws(ButtonConfigurationError) -> ButtonConfiguration {
        guard let url = (bundle ?? .module).url(forResource: fileName, withExtension: nil) else {
            throw .fileNotFound(fileName)
        }
        return try load(contentsOf: url)
    }

    /// Loads and validates a configuration file.
    public static func load(contentsOf url: URL) throws(ButtonConfigurationError) -> ButtonConfiguration {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw FileManager.default.fileExists(atPath: url.path)
                ? .unreadable(url.path, reason: error.localizedDescription) : .fileNotFound(url.path)
        }
        return try decode(data, source: url.lastPathComponent)
    }

    /// Decodes and validates configuration JSON; `source` names it in errors.
    public static func decode(_ data: Data, source: String) throws(ButtonConfigurationError) -> ButtonConfiguration {
        let configuration: ButtonConfiguration
        do {
            configuration = try JSONDecoder().decode(ButtonConfiguration.self, from: data)
        } catch {
            throw .malformed(source, reason: Self.reason(for: error))
        }
        try configuration.validate(source: source)
        return configuration
    }

    private func validate(source: String) throws(ButtonConfigurationError) {
        guard !labels.isEmpty else { throw .noLabels(source) }
        guard (1...labels.count).contains(columnCount) else {
            throw .invalidColumnCount(source, columnCount: columnCount, labelCount: labels.count)
        }
        if let index = labels.firstIndex(where: { !CalculatorViewModel.isSupported(buttonLabel: $0) }) {
            throw .unsupportedLabel(source, label: labels[index], index: index)
        }
    }

    private static func reason(for error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _):
            "the key \"\(key.stringValue)\" is missing"
        case DecodingError.typeMismatch(let type, let context):
            "\(path(context)) should be \(type == Int.self ? "an integer" : "\(type)")"
        case DecodingError.valueNotFound(let type, let context):
            "\(path(context)) is null, expected \(type)"
        case DecodingError.dataCorrupted(let context):
            context.codingPath.isEmpty
                ? "it is not valid JSON"
                : "\(path(context)) is invalid"  // litmus:disable-mutation: Linux's JSONDecoder gives no path here
        default:
            "\(error)"  // litmus:disable-mutation: JSONDecoder throws only the DecodingErrors above
        }
    }

    private static func path(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        // The top level is an object, so a path starts with a key's ".": it is dropped.
        return path.isEmpty ? "the top level" : "\"\(path.dropFirst())\""
    }
}

/// Why a button configuration could not be loaded. Each message names the file and the fix.
public enum ButtonConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
    case fileNotFound(String)
    case unreadable(String, reason: String)
    case malformed(String, reason: String)
    case noLabels(String)
    case invalidColumnCount(String, columnCount: Int, labelCount: Int)
    case unsupportedLabel(String, label: String, index: Int)

    public var description: String {
        let expected = #"Expected {"labels": ["7", "8", …], "columnCount": 4}."#
        switch self {
        case .fileNotFound(let file):
            return
                "Button configuration \(file) was not found. Check its name, and that it is a resource of the module."
        case .unreadable(let file, let reason):
            return "Button configuration \(file) could not be read: \(reason)."
        case .malformed(let file, let reason):
            return "Button configuration \(file) is malformed: \(reason). \(expected)"
        case .noLabels(let file):
            return "Button configuration \(file) has no labels. \(expected)"
        case .invalidColumnCount(let file, let columnCount, let labelCount):
            return "Button configuration \(file) has columnCount \(columnCount); it must be between 1 and "
                + "the number of labels (\(labelCount))."
        case .unsupportedLabel(let file, let label, let index):
            let supported = CalculatorViewModel.supportedButtonLabels.joined(separator: " ")
            return "Button configuration \(file) has label \"\(label)\" (at index \(index)), which maps to no "
                + "calculator command. Use one of: \(supported)."
        }
    }
}
