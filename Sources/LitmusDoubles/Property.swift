/// A settable property of a generated double: its getter and setter are each a ``Member``, and a
/// set value is what later gets return, as on a real property.
///
/// ```swift
/// settings.double.volume.value = 3          // stub the getter
/// settings.double.volume.setter.allArguments // [7] after the code under test set it to 7
/// ```
public final class Property<Value>: Sendable {
    /// Gets of the property.
    public let getter: Member<Void, Value>
    /// Sets of the property; their argument is the new value.
    public let setter: Member<Value, Void>

    /// Makes the property `name` of the double described by `context`.
    ///
    /// - Parameters:
    ///   - context: The double the property belongs to: its name, mode and the test's reporter.
    ///   - name: The property's name as the protocol declares it.
    ///   - recorder: Its name in the double's `double` when it is not `name` (`instanceProperty`),
    ///     which failures quote.
    ///   - fallback: What is returned until the property is stubbed or set, when `Value` has no
    ///     ``DefaultValue`` (reported as a failure, as in docs/doubles.md).
    public init(
        _ name: String,
        of context: DoubleContext,
        recorder: String? = nil,
        fallback: (@Sendable () -> Value)? = nil
    ) {
        getter = Member(name, of: context, stubLine: "double.\(recorder ?? name).value = …", fallback: fallback)
        setter = Member("\(name) = newValue", of: context)
    }

    /// The value gets return: the stubbed one, or the one set last.
    public var value: Value? {
        get { getter.stubbedResult }
        set { getter.stubbedResult = newValue }
    }

    /// Records a get and returns the value, as generated code does.
    public func get() -> Value {
        getter.call(())
    }

    /// Records a get of an `async` or `throws` getter.
    public func getThrowing() throws -> Value {
        try getter.callThrowing(())
    }

    /// Records a set and makes `newValue` what later gets return.
    public func set(_ newValue: Value) {
        if setter.stubbedResult == nil, setter.handler == nil {
            setter.stubbedResult = ()
        }
        setter.call(newValue)
        getter.stubbedResult = newValue
    }
}
