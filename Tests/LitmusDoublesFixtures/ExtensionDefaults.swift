// Protocols whose extensions implement some requirements, as swift-metrics' MetricsFactory and
// OpenCombine's Subscriber do: the LitmusDoublesPlugin's doubles reach those defaults for unstubbed
// calls (ExtensionDefaultTests).

/// A greeter whose extension implements all but `name()`.
public protocol Greeter: Sendable {
    /// Who is greeted.
    func name() -> String
    /// The greeting; the default uses `name()` and `punctuation`.
    func greeting() -> String
    /// What ends a greeting; the default is `!`.
    var punctuation: String { get }
    /// The greeting `times` times, later; the default uses `greeting()`.
    func shout(times: Int) async throws -> String
    /// A number; the default asks `pong()`.
    func ping() -> Int
    /// A number; the default asks `ping()`, so the two defaults call each other.
    func pong() -> Int
    /// A letter of the greeting; the default reads `greeting()`.
    subscript(letter index: Int) -> Character { get }
}

extension Greeter {
    /// `Hello, <name><punctuation>`.
    public func greeting() -> String { "Hello, \(name())\(punctuation)" }

    /// `!`.
    public var punctuation: String { "!" }

    /// The greeting `times` times.
    public func shout(times: Int) async throws -> String {
        await Task.yield()
        return String(repeating: greeting(), count: times)
    }

    /// `pong() + 1`.
    public func ping() -> Int { pong() + 1 }

    /// `ping() - 1`.
    public func pong() -> Int { ping() - 1 }

    /// The letter at `index` of the greeting.
    public subscript(letter index: Int) -> Character {
        Array(greeting())[index]
    }

    /// Not a requirement: doubles neither record nor replace it.
    public func greetingTwice() -> String { greeting() + greeting() }
}

extension Greeter where Self: Equatable {
    /// A default only for `Equatable` greeters, which a double is not: never used.
    public func name() -> String { "equatable" }
}

/// A class-bound handle whose extension gives every instance its own identifier, as OpenCombine's
/// `CustomCombineIdentifierConvertible` does (`CombineIdentifier(self)`).
public protocol Handle: AnyObject, Sendable {
    /// The handle's identifier; the default is the instance's `ObjectIdentifier`.
    var identifier: ObjectIdentifier { get }
    /// Closes the handle.
    func close()
}

extension Handle {
    /// The instance's identity.
    public var identifier: ObjectIdentifier { ObjectIdentifier(self) }
}

/// A subscriber-like protocol that is not class-bound, whose default exists for classes only.
public protocol Listener: Sendable {
    /// The listener's identifier; classes get a default.
    var listenerID: ObjectIdentifier { get }
    /// Receives a value, returning how many more it wants.
    func receive(_ value: Int) -> Int
}

extension Listener where Self: AnyObject {
    /// The instance's identity.
    public var listenerID: ObjectIdentifier { ObjectIdentifier(self) }
}

/// An internal protocol whose internal extension implements `label()`: a double made with `@testable
/// import` (the plugin's) reaches that default too.
protocol Labeled: Sendable {
    /// The name.
    func name() -> String
    /// The name in brackets.
    func label() -> String
}

extension Labeled {
    func label() -> String { "<\(name())>" }
}
