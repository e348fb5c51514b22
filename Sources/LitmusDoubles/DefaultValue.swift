/// A type whose value a relaxed double returns when a member returning it was not stubbed.
///
/// The standard library's numbers, `Bool`, `String`, `Optional` and collections conform. Conform
/// your own type to let relaxed doubles return it without a stub:
///
/// ```swift
/// extension Movie: DefaultValue {
///     public static var defaultValue: Movie { Movie(title: "", releaseDate: "") }
/// }
/// ```
public protocol DefaultValue {
    /// The value returned by an unstubbed member in ``DoubleMode/relaxed`` mode.
    static var defaultValue: Self { get }
}

extension Optional: DefaultValue {
    /// `nil`.
    public static var defaultValue: Self { nil }
}

extension Bool: DefaultValue {
    /// `false`.
    public static var defaultValue: Bool { false }
}

extension String: DefaultValue {
    /// The empty string.
    public static var defaultValue: String { "" }
}

extension Substring: DefaultValue {
    /// The empty substring.
    public static var defaultValue: Substring { "" }
}

extension Array: DefaultValue {
    /// The empty array.
    public static var defaultValue: Self { [] }
}

extension ContiguousArray: DefaultValue {
    /// The empty array.
    public static var defaultValue: Self { [] }
}

extension Dictionary: DefaultValue {
    /// The empty dictionary.
    public static var defaultValue: Self { [:] }
}

extension Set: DefaultValue {
    /// The empty set.
    public static var defaultValue: Self { [] }
}

extension Int: DefaultValue {
    /// Zero.
    public static var defaultValue: Int { 0 }
}

extension Int8: DefaultValue {
    /// Zero.
    public static var defaultValue: Int8 { 0 }
}

extension Int16: DefaultValue {
    /// Zero.
    public static var defaultValue: Int16 { 0 }
}

extension Int32: DefaultValue {
    /// Zero.
    public static var defaultValue: Int32 { 0 }
}

extension Int64: DefaultValue {
    /// Zero.
    public static var defaultValue: Int64 { 0 }
}

extension UInt: DefaultValue {
    /// Zero.
    public static var defaultValue: UInt { 0 }
}

extension UInt8: DefaultValue {
    /// Zero.
    public static var defaultValue: UInt8 { 0 }
}

extension UInt16: DefaultValue {
    /// Zero.
    public static var defaultValue: UInt16 { 0 }
}

extension UInt32: DefaultValue {
    /// Zero.
    public static var defaultValue: UInt32 { 0 }
}

extension UInt64: DefaultValue {
    /// Zero.
    public static var defaultValue: UInt64 { 0 }
}

extension Double: DefaultValue {
    /// Zero.
    public static var defaultValue: Double { 0 }
}

extension Float: DefaultValue {
    /// Zero.
    public static var defaultValue: Float { 0 }
}

/// The relaxed default of `Value`, or `nil` when it has none (`Void` has `()`).
func defaultValue<Value>(of type: Value.Type) -> Value? {
    if Value.self == Void.self {
        return () as? Value
    }
    if let conforming = Value.self as? any DefaultValue.Type {
        return conforming.defaultValue as? Value
    }
    return nil
}

/// A value `Value` offers at run time although it does not conform to ``DefaultValue``, and how
/// it was found (`the first case of Level`), or `nil`: an optional's `nil`, the empty collection,
/// dictionary or string a literal makes, the first of `CaseIterable`'s cases, zero, `false`.
/// An unstubbed call returns it rather than stopping the test process, and reports the call as
/// a failure, since the value is a guess the test did not choose.
func foundValue<Value>(of type: Value.Type) -> (value: Value, description: String)? {
    func found(_ value: Any, _ description: String) -> (value: Value, description: String)? {
        (value as? Value).map { ($0, description) }
    }
    if let type = Value.self as? any ExpressibleByNilLiteral.Type {
        return found(nilLiteral(of: type), "nil")
    }
    if let type = Value.self as? any CaseIterable.Type, let first = firstCase(of: type) {
        return found(first, "\(first), the first of its allCases")
    }
    if let type = Value.self as? any ExpressibleByDictionaryLiteral.Type {
        return found(emptyDictionaryLiteral(of: type), "[:], the empty dictionary literal")
    }
    if let type = Value.self as? any ExpressibleByArrayLiteral.Type {
        return found(emptyArrayLiteral(of: type), "[], the empty array literal")
    }
    if let type = Value.self as? any RangeReplaceableCollection.Type {
        return found(emptyCollection(of: type), "an empty collection")
    }
    if let type = Value.self as? any AdditiveArithmetic.Type {
        return found(zero(of: type), "zero")
    }
    if let type = Value.self as? any ExpressibleByIntegerLiteral.Type {
        return found(integerZero(of: type), "0")
    }
    if let type = Value.self as? any ExpressibleByStringLiteral.Type {
        return found(emptyString(of: type), "\"\", the empty string literal")
    }
    if let type = Value.self as? any ExpressibleByBooleanLiteral.Type {
        return found(falseLiteral(of: type), "false")
    }
    return nil
}

private func nilLiteral<Value: ExpressibleByNilLiteral>(of type: Value.Type) -> Value { nil }
private func firstCase<Value: CaseIterable>(of type: Value.Type) -> Value? { Value.allCases.first }
private func emptyDictionaryLiteral<Value: ExpressibleByDictionaryLiteral>(of type: Value.Type) -> Value { [:] }
private func emptyArrayLiteral<Value: ExpressibleByArrayLiteral>(of type: Value.Type) -> Value { [] }
private func emptyCollection<Value: RangeReplaceableCollection>(of type: Value.Type) -> Value { Value() }
private func zero<Value: AdditiveArithmetic>(of type: Value.Type) -> Value { .zero }
private func integerZero<Value: ExpressibleByIntegerLiteral>(of type: Value.Type) -> Value { 0 }
private func emptyString<Value: ExpressibleByStringLiteral>(of type: Value.Type) -> Value { "" }
private func falseLiteral<Value: ExpressibleByBooleanLiteral>(of type: Value.Type) -> Value { false }
