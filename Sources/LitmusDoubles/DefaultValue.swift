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
