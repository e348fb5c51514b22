// Shapes from hummingbird and swift-openapi-runtime that the doubles corpus found: a child protocol
// binding its parent's associated types with a where clause, a child constraining an associated
// type its parent left open, and a `@Sendable` closure parameter that is not escaping.

/// A request.
public struct Request: Equatable, Sendable {
    /// The path asked for.
    public let path: String

    /// A request for `path`.
    public init(path: String) {
        self.path = path
    }
}

/// Passes an input on to the next step.
public protocol MiddlewareProtocol<Input, Output>: Sendable {
    /// What the middleware receives.
    associatedtype Input
    /// What it returns.
    associatedtype Output

    /// Handles `input`, usually by calling `next`, which is not kept.
    func handle(_ input: Input, next: @Sendable (Input) async throws -> Output) async throws -> Output
}

/// A middleware of requests and status codes.
public protocol RouterMiddleware: MiddlewareProtocol where Input == Request, Output == Int {}

/// Has a source, of any kind.
public protocol HasSource {
    /// The source's type.
    associatedtype Source
}

/// Has a source that can be compared.
public protocol HasComparableSource: HasSource {
    /// The source's type, now constrained, with a default (which keeps the compiler from asking for a where clause).
    associatedtype Source: Comparable = Int
    /// The source.
    var source: Source { get }
}

/// An error that knows its status, as hummingbird's `HTTPResponseError` does.
public protocol ResponseError: Error {
    /// The status to answer with.
    var status: Int { get }
}

/// Associated types bound in their own where clause, and one tied to another's element.
public protocol Rendering {
    /// Never produced.
    associatedtype Body where Body == Never
    /// Where the elements come from.
    associatedtype Iterator: IteratorProtocol
    /// One element.
    associatedtype Element where Element == Iterator.Element
    /// Renders `element`.
    func render(_ element: Element) -> Body?
}

/// Pairs a value with a collection of such values.
public protocol Pairing {
    /// The value.
    associatedtype A
    /// The collection, whose elements are values.
    associatedtype B: Collection where B.Element == A
    /// Pairs them.
    func pair(_ a: A, _ b: B) -> Int
}

/// Pairs integers: the binding reaches the collection's where clause.
public protocol IntPairing: Pairing where A == Int {}

/// Restates its parent's binding.
public protocol IntPairingAgain: IntPairing where A == Int {}

/// Two values of one type.
public protocol Twins {
    /// The first.
    associatedtype First
    /// The second.
    associatedtype Second
    /// Takes both.
    func both(_ first: First, _ second: Second)
}

/// Twins of the same type.
public protocol SameTwins: Twins where First == Second {}
