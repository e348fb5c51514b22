import Foundation

/// The shape a value of the configuration file must have, as its setting declares it: the file is checked
/// against it before it is decoded, so a typo in a key or a value of the wrong kind is named with its key
/// path and what was expected, instead of being ignored or called "not valid JSON".
public indirect enum ConfigurationShape: Sendable, Equatable {
    /// A whole number (`3`, `3.0`).
    case wholeNumber
    /// Any number.
    case number
    /// `true` or `false`.
    case boolean
    /// A string.
    case text
    /// One of these strings.
    case oneOf([String])
    /// A list of values of one shape.
    case list(ConfigurationShape)
    /// An object whose keys are the user's own (tag names, class names), each value of one shape.
    case map(ConfigurationShape)
    /// An object of known keys, in the order they are declared.
    case object([Member])

    /// A key of an ``object(_:)`` and the shape of its value.
    public struct Member: Sendable, Equatable {
        /// The key.
        public var key: String
        /// Its value's shape.
        public var shape: ConfigurationShape
        /// Another name a person may write for it: its command-line flag (`timeout` for `timeoutSeconds`).
        public var flag: String?

        /// The member `key` of shape `shape`, whose flag is `flag`.
        public init(_ key: String, _ shape: ConfigurationShape, flag: String? = nil) {
            self.key = key
            self.shape = shape
            self.flag = flag
        }
    }

    /// What a value of this shape is, for an error: `a whole number`, `"fast" or "full"`.
    public var expected: String {
        switch self {
        case .wholeNumber: "a whole number"
        case .number: "a number"
        case .boolean: "true or false"
        case .text: "a string"
        case .oneOf(let choices): Self.alternatives(choices.map { "\"\($0)\"" })
        case .list(let element): "a list of \(element.plural)"
        case .map(let value): "an object whose values are \(value.plural)"
        case .object(let members): "an object with the keys \(members.map(\.key).joined(separator: ", "))"
        }
    }

    /// The same, for several values: `whole numbers`.
    private var plural: String {
        switch self {
        case .wholeNumber: "whole numbers"
        case .number: "numbers"
        case .boolean: "true or false"
        case .text: "strings"
        case .oneOf(let choices): Self.alternatives(choices.map { "\"\($0)\"" })
        case .list, .map, .object: "values that are \(expected)"
        }
    }

    private static func alternatives(_ items: [String]) -> String {
        items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " or " + items.last!
    }
}

/// A type a setting of the configuration file can hold, with the shape its JSON takes.
public protocol ConfigurationValue {
    /// The shape of its JSON in the configuration file.
    static var configurationShape: ConfigurationShape { get }
}

extension Int: ConfigurationValue {
    /// A whole number.
    public static var configurationShape: ConfigurationShape { .wholeNumber }
}

extension Double: ConfigurationValue {
    /// A number.
    public static var configurationShape: ConfigurationShape { .number }
}

extension Bool: ConfigurationValue {
    /// `true` or `false`.
    public static var configurationShape: ConfigurationShape { .boolean }
}

extension String: ConfigurationValue {
    /// A string.
    public static var configurationShape: ConfigurationShape { .text }
}

extension Array: ConfigurationValue where Element: ConfigurationValue {
    /// A list of its elements' shape.
    public static var configurationShape: ConfigurationShape { .list(Element.configurationShape) }
}

extension Dictionary: ConfigurationValue where Key == String, Value: ConfigurationValue {
    /// An object of the user's keys, each value of its values' shape.
    public static var configurationShape: ConfigurationShape { .map(Value.configurationShape) }
}

extension ConfigurationValue where Self: CaseIterable & RawRepresentable, RawValue == String {
    /// One of its cases' names.
    public static var configurationShape: ConfigurationShape { .oneOf(allCases.map(\.rawValue)) }
}

extension AuditSettings {
    /// An object of its ``AuditSettings/settings``' keys: what the configuration file holds for it.
    public static var configurationShape: ConfigurationShape {
        .object(settings.map { ConfigurationShape.Member($0.key, $0.shape, flag: $0.flag) })
    }
}
