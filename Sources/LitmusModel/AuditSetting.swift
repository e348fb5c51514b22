import Foundation

/// What holds audit settings (``AuditOptions``, ``AuditThresholds``): its `init()` gives the defaults.
public protocol AuditSettings: Codable, Sendable, Hashable {
    /// The defaults.
    init()

    /// Every setting it holds: the configuration file's keys for it, in the order they are declared.
    static var settings: [AuditSetting<Self>] { get }
}

/// One setting of an audit, described once: where `Root` stores it, its key in the configuration file,
/// its flag and help text on the command line, and the range its value must lie in. The default is the
/// stored property's initial value in `Root`. The configuration file's decoder, ``AuditOptions/validate()``
/// and the `litmus audit` command's flags all read this one description.
public struct AuditSetting<Root: AuditSettings>: Sendable {
    /// The key in the configuration file and in the JSON report (`budgetMilliseconds`).
    public let key: String
    /// The command line's long flag without its dashes (`budget-ms`), or `nil` for a file-only setting.
    public let flag: String?
    /// The flag's help text, ending with its default (`… (default 100)`).
    public let help: String
    /// What the flag takes, for its error on a bad value (`a number`, `fast or full`).
    public let valueText: String
    /// The shape its value takes in the configuration file, which the file is checked against.
    public let shape: ConfigurationShape
    private let decodeValue: @Sendable (inout Root, KeyedDecodingContainer<SettingKey>) throws -> Void
    private let parseValue: @Sendable (String) -> AuditOverride<Root>?
    private let check: @Sendable (Root) -> String?

    /// A setting with a flag: `key` in the file, `--flag` on the command line, stored at `path`. `help`
    /// says what it is; the default is appended, as `defaultText` when given (`one per core`), else as
    /// `Root()` holds it. `problem` says why a value is out of range (`nil`: it is not); `valueText` says
    /// what the flag takes.
    init<Value: Codable & Sendable & LosslessStringConvertible & ConfigurationValue>(
        _ key: String, _ path: WritableKeyPath<Root, Value> & Sendable, flag: String, help: String,
        defaultText: String? = nil, valueText: String = "a number",
        problem: @escaping @Sendable (Value) -> String? = { _ in nil }
    ) {
        let shown = defaultText ?? Self.describe(Root()[keyPath: path])
        self.init(
            key, path, flag: flag, help: "\(help) (default \(shown)).", valueText: valueText, problem: problem
        ) { text in
            Value(text).map { value in AuditOverride { $0[keyPath: path] = value } }
        }
    }

    /// A setting only the configuration file holds.
    init<Value: Codable & Sendable & ConfigurationValue>(
        _ key: String, _ path: WritableKeyPath<Root, Value> & Sendable,
        problem: @escaping @Sendable (Value) -> String? = { _ in nil }
    ) {
        self.init(key, path, flag: nil, help: "", valueText: "", problem: problem) { _ in nil }
    }

    private init<Value: Codable & Sendable & ConfigurationValue>(
        _ key: String, _ path: WritableKeyPath<Root, Value> & Sendable, flag: String?, help: String,
        valueText: String, problem: @escaping @Sendable (Value) -> String?,
        parse: @escaping @Sendable (String) -> AuditOverride<Root>?
    ) {
        self.key = key
        self.flag = flag
        self.help = help
        self.valueText = valueText
        shape = Value.configurationShape
        decodeValue = { root, container in
            if let value = try container.decodeIfPresent(Value.self, forKey: SettingKey(key)) {
                root[keyPath: path] = value
            }
        }
        parseValue = parse
        check = { problem($0[keyPath: path]) }
    }

    /// The change a flag's `text` asks for, or `nil` when the text is not a value of the setting's type.
    public func override(parsing text: String) -> AuditOverride<Root>? { parseValue(text) }

    /// The same setting stored at `path` inside `Outer` (a threshold inside ``AuditOptions``), for its flag
    /// and its range; the configuration file holds it in `Outer`'s own object, which `Root` decodes.
    public func within<Outer>(_ path: WritableKeyPath<Outer, Root> & Sendable) -> AuditSetting<Outer> {
        AuditSetting<Outer>(
            key: key, flag: flag, help: help, valueText: valueText, shape: shape,
            decodeValue: { _, _ in },
            parseValue: { text in
                parseValue(text).map { inner in AuditOverride { inner.apply(to: &$0[keyPath: path]) } }
            },
            check: { [check] in check($0[keyPath: path]) })
    }

    private init(
        key: String, flag: String?, help: String, valueText: String, shape: ConfigurationShape,
        decodeValue: @escaping @Sendable (inout Root, KeyedDecodingContainer<SettingKey>) throws -> Void,
        parseValue: @escaping @Sendable (String) -> AuditOverride<Root>?, check: @escaping @Sendable (Root) -> String?
    ) {
        self.key = key
        self.flag = flag
        self.help = help
        self.valueText = valueText
        self.shape = shape
        self.decodeValue = decodeValue
        self.parseValue = parseValue
        self.check = check
    }

    /// Why the setting's value in `root` is out of range, or `nil`.
    package func problem(_ root: Root) -> String? { check(root) }

    /// Sets each setting whose key `decoder` holds; the others keep their values.
    static func decode(_ settings: [AuditSetting], into root: inout Root, from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: SettingKey.self)
        for setting in settings { try setting.decodeValue(&root, container) }
    }

    /// A default as the help shows it: `100`, not `100.0`.
    private static func describe(_ value: some Sendable) -> String {
        if let number = value as? Double, number == number.rounded(), abs(number) < 1e15 {
            return String(Int(number))
        }
        return "\(value)"
    }
}

/// A change to one setting, from a flag given on the command line: flags win over the configuration file.
public struct AuditOverride<Root>: Sendable {
    private let change: @Sendable (inout Root) -> Void

    init(_ change: @escaping @Sendable (inout Root) -> Void) { self.change = change }

    /// Sets the setting in `root`.
    public func apply(to root: inout Root) { change(&root) }
}

/// A key of the configuration file.
struct SettingKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ key: String) { stringValue = key }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
