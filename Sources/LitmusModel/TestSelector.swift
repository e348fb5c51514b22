/// A test as a person writes it in a file (`.litmus-quarantine`): the runner's identifier, as the JSON
/// report gives it, or the test's short name, as the terminal report shows it.
///
/// Which of the two a text is follows from its shape, because the runners qualify every identifier
/// with its module and no short name has one: an identifier holds a `/` with a `.` before it
/// (`Module.Class/testMethod`, `Module.Suite/f()/File.swift:3:4`, `Module.f()/File.swift:3:4`); anything
/// else is a name (`Class.testMethod`, `Suite/f()`, `f()`). A dot inside a backticked raw identifier
/// does not count. In JSON it is the text as written.
public enum TestSelector: Hashable, Sendable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The runner's identifier of one test; matches the test with that ``TestIdentity/id``.
    case id(TestID)
    /// A test's short name; matches the tests with that ``TestIdentity/name`` (one XCTest method may be
    /// in two test modules).
    case name(String)

    /// The selector `text` reads as: an identifier or a name, by its shape.
    public init(_ text: String) {
        self = Self.isIdentifier(text) ? .id(TestID(text)) : .name(text)
    }

    /// The selector a literal reads as (``init(_:)``).
    public init(stringLiteral text: String) { self.init(text) }

    /// The text as written.
    public var text: String {
        switch self {
        case .id(let id): id.rawValue
        case .name(let name): name
        }
    }

    /// The text as written.
    public var description: String { text }

    /// Whether it selects the test with identifier `id` and short name `name`.
    public func matches(id: TestID, name: String) -> Bool {
        switch self {
        case .id(let selected): selected == id
        case .name(let selected): selected == name
        }
    }

    /// Whether it selects `test`.
    public func matches(_ test: TestIdentity) -> Bool { matches(id: test.id, name: test.name) }

    /// Whether it selects the reported test `test`.
    public func matches(_ test: TestReport) -> Bool { matches(id: test.id, name: test.name) }

    /// Reads the text.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    /// Writes the text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    /// Whether `text` has an identifier's shape: a `.` (outside backticks) before its first `/`.
    private static func isIdentifier(_ text: String) -> Bool {
        var quoted = false
        for character in text {
            switch character {
            case "`": quoted.toggle()
            case "." where !quoted: return text.contains("/")
            case "/": return false
            default: continue
            }
        }
        return false
    }
}
