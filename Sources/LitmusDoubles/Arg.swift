/// What one argument of a call must be, for ``given(_:)`` and ``verify(_:)``: `.any`, `.equal(3)`,
/// `.isNil`, `.notNil`, `.within(1...5)`, `.where { … }`, or your own with ``init(_:_:)``.
///
/// ```swift
/// given(store.double.fetch(id: .any)).willReturn(album)
/// verify(store.double.fetch(id: .equal(3))).called(.atLeast(1))
/// ```
///
/// A matcher reads in failure messages as a test would write it (`fetch(id: 3)`, `fetch(id: any)`).
public struct Arg<Value> {
    /// How the matcher reads in failure messages: `any`, `3`, `nil`, `1...5`.
    public let description: String
    /// What the matcher checks. `.any` and `.equal` are kept as values, not closures, so that a generated
    /// double's matching closure, compiled for the arguments' types, checks them inline: a matcher-stubbed
    /// call then calls no closure but the one of the whole call (DoublesCallBenchmark).
    @usableFromInline let test: Test
    /// The value `.equal` expects, kept beside `test` rather than in its case: bound from the case, it
    /// was copied for every check (a retain and a release of a `String`).
    @usableFromInline let expected: Value?

    @usableFromInline
    enum Test {
        case any
        /// A value equal to ``expected``, which `isEqual` checks where `Value` is not known to be
        /// `Equatable`.
        case equal(isEqual: (Value) -> Bool)
        case predicate((Value) -> Bool)
    }

    @usableFromInline
    init(description: String, test: Test, expected: Value? = nil) {
        self.description = description
        self.test = test
        self.expected = expected
    }

    /// A matcher of your own: `description` says what it accepts, in failure messages.
    ///
    /// ```swift
    /// extension Arg where Value == String {
    ///     static func prefixed(_ prefix: String) -> Self { Arg("prefixed \(prefix)") { $0.hasPrefix(prefix) } }
    /// }
    /// ```
    public init(_ description: String, _ matches: @escaping (Value) -> Bool) {
        self.init(description: description, test: .predicate(matches))
    }

    /// Whether `value` matches.
    @inlinable
    public func matches(_ value: Value) -> Bool {
        switch test {
        case .any: true
        case .equal(let isEqual): isEqual(value)
        case .predicate(let predicate): predicate(value)
        }
    }

    /// Any value.
    @inlinable
    public static var any: Self { Self(description: "any", test: .any) }

    /// A value `predicate` accepts; `description` names it in failure messages.
    public static func `where`(
        _ description: String = "a value the test's predicate accepts", _ predicate: @escaping (Value) -> Bool
    )
        -> Self
    {
        Self(description, predicate)
    }
}

extension Arg where Value: Equatable {
    /// A value equal to `expected`.
    @inlinable
    public static func equal(_ expected: Value) -> Self {
        Self(description: quoted(expected), test: .equal(isEqual: { $0 == expected }), expected: expected)
    }

    /// Any value but `unexpected`.
    @inlinable
    public static func notEqual(_ unexpected: Value) -> Self {
        Self("not \(quoted(unexpected))") { $0 != unexpected }
    }

    /// Whether `value` matches: the same as the unconstrained ``matches(_:)``, with `.equal` compared
    /// here, inline where `Value` is known (as in a generated double's matching closure).
    @inlinable
    public func matches(_ value: Value) -> Bool {
        switch test {
        case .any: true
        case .equal: value == expected.unsafelyUnwrapped
        case .predicate(let predicate): predicate(value)
        }
    }
}

extension Arg where Value: Comparable {
    /// A value within `range` (`1...5`, `..<10`, `3...`).
    @inlinable
    public static func within(_ range: some RangeExpression<Value>) -> Self {
        Self("within \(range)") { range.contains($0) }
    }
}

extension Arg where Value: AnyObject {
    /// The very object `expected` (`===`).
    public static func identical(to expected: Value) -> Self {
        Self("identical to \(expected)") { $0 === expected }
    }
}

extension Arg where Value: OptionalArgument {
    /// `nil`.
    @inlinable
    public static var isNil: Self { Self("nil") { $0.isNone } }

    /// Any value but `nil`.
    @inlinable
    public static var notNil: Self { Self("not nil") { !$0.isNone } }
}

extension Arg where Value == Any {
    /// For a generic member's argument (recorded as `Any`): a value of type `T` equal to `expected`.
    public static func equal<T: Equatable>(_ expected: T) -> Self {
        Self(quoted(expected)) { ($0 as? T) == expected }
    }

    /// For a generic member's argument (recorded as `Any`): any value of type `T`.
    public static func ofType<T>(_ type: T.Type) -> Self {
        Self("a \(T.self)") { $0 is T }
    }
}

/// An `Optional`, which ``Arg/isNil`` and ``Arg/notNil`` apply to.
public protocol OptionalArgument {
    /// Whether it is `nil`.
    var isNone: Bool { get }
}

extension Optional: OptionalArgument {
    /// Whether it is `nil`.
    public var isNone: Bool { self == nil }
}

/// A value as a test would write it: strings in quotes.
@usableFromInline
func quoted(_ value: Any) -> String {
    switch value {
    case let text as String: return "\"\(text)\""
    case let character as Character: return "\"\(character)\""
    default: return String(describing: value)
    }
}
