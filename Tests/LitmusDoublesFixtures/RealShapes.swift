// Shapes real packages' protocols have (swift-log, swift-distributed-tracing, OpenCombine), which the
// LitmusDoublesPlugin must double into code that compiles; LitmusDoublesTests exercises the doubles.

/// A log level, as swift-log's `Logger.Level`: `CaseIterable`, not `DefaultValue`.
public enum Severity: CaseIterable, Sendable {
    /// The lowest.
    case trace
    /// The highest.
    case critical
}

/// Span attributes, as swift-distributed-tracing's `SpanAttributes`: made by a dictionary literal.
public struct Attributes: ExpressibleByDictionaryLiteral, Equatable, Sendable {
    /// The attributes.
    public var values: [String: String]

    /// Attributes from a literal.
    public init(dictionaryLiteral elements: (String, String)...) {
        values = Dictionary(elements, uniquingKeysWith: { _, last in last })
    }
}

/// A demand, as OpenCombine's `Subscribers.Demand`: numeric.
public struct Demand: AdditiveArithmetic, Equatable, Sendable {
    /// How many values.
    public var count: Int

    /// No demand.
    public static var zero: Demand { Demand(count: 0) }

    /// A demand of `count` values.
    public init(count: Int) {
        self.count = count
    }

    /// The sum of two demands.
    public static func + (lhs: Demand, rhs: Demand) -> Demand { Demand(count: lhs.count + rhs.count) }

    /// The difference of two demands.
    public static func - (lhs: Demand, rhs: Demand) -> Demand { Demand(count: lhs.count - rhs.count) }
}

/// An identity, as OpenCombine's `CombineIdentifier`: a struct with `init()`.
public struct Token: Equatable, Sendable {
    /// A fresh token.
    public init() {}
}

/// A namespace, as OpenCombine's `Subscribers`.
public enum Flow {
    /// A pace, as `Subscribers.Demand`: no literal, no `init()`, but a static `none`.
    public struct Pace: Equatable, Sendable {
        /// Values per second.
        public let perSecond: Int

        /// No values.
        public static var none: Pace { Pace(perSecond: 0) }
    }
}

/// A phase: an enum that is not `CaseIterable`, whose first case has no associated value.
public enum Phase: Equatable, Sendable {
    /// Nothing happens.
    case idle
    /// Work at a rate.
    case running(Int)
}

/// A class nothing here can make without a stub: its one initializer takes an argument.
public final class Connection: Sendable {
    /// The connection's id.
    public let id: Int

    /// A connection numbered `id`.
    public init(id: Int) {
        self.id = id
    }
}

/// A sink whose members return types that have no `DefaultValue` but offer a value at run time.
public protocol Sink: Sendable {
    /// The level, as `LogHandler.logLevel`.
    var level: Severity { get set }
    /// The attributes, as `Span.attributes`.
    var attributes: Attributes { get }
    /// A demand, as `Subscriber.receive(_:)`.
    func receive(_ value: Int) -> Demand
    /// Its overload, as `Subscriber.receive(completion:)`: the recorders are `receiveValue` and this one.
    func receive(completion: Bool)
    /// A connection: nothing to return without a stub.
    func connect() throws -> Connection
    /// The same, for a member that cannot throw either.
    func open() -> Connection
    /// An identity, as `Subscriber.combineIdentifier`.
    var token: Token { get }
    /// A nested type's static `none`.
    func pace() -> Flow.Pace
    /// An enum's first case.
    var phase: Phase { get }
}

/// A tracer whose requirements use parameter packs, `sending`, `isolated`, autoclosures and noncopyable
/// values, as Swift 6 packages' protocols do.
public protocol ModernTracer: Sendable {
    /// Starts a span; the context is an autoclosure, evaluated once when the call is recorded.
    func startSpan(_ name: String, context: @autoclosure () -> String)
    /// Records every value of a pack.
    func record<each Value>(_ values: repeat each Value)
    /// Hands over a fresh box.
    func makeBox() -> sending Box
    /// Takes a box over.
    func adopt(_ box: sending Box)
    /// Runs on the caller's actor.
    func depth(on actor: isolated any Actor) -> Int
    /// Borrows a value that may be noncopyable: counted, not stored.
    func inspect<Value: ~Copyable>(_ value: borrowing Value)
}

/// A mutable box, not `Sendable`, handed over with `sending`.
public final class Box {
    /// Its value.
    public var value: Int

    /// A box holding `value`.
    public init(value: Int) {
        self.value = value
    }
}
