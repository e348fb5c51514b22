import Foundation

/// An expression of the calculator, printed by ``print(ast:)``.
public indirect enum Expression: Sendable {
    case number(Int)
    case sum(Expression, Expression)
}

/// The text of an expression: the package's own `print`, which returns what it prints.
public func print(ast: Expression) -> String {
    switch ast {
    case .number(let value): return "\(value)"
    case .sum(let left, let right): return "\(print(ast: left)) + \(print(ast: right))"
    }
}

/// The sum of `values`.
public func sum(_ values: [Int]) -> Int { values.reduce(0, +) }

/// `numerator` divided by `denominator`, in floating point.
public func ratio(_ numerator: Int, _ denominator: Int) -> Double { Double(numerator) / Double(denominator) }

/// An amount of money in cents.
public struct Money: Equatable, Sendable {
    public var cents: Int
    public init(cents: Int) { self.cents = cents }
    /// The amount in dollars, a quotient of integers.
    public var dollars: Double { Double(cents) / 100 }
}

/// A price read from its text, exactly: a `Decimal`, not a floating-point number.
/// A message authentication code, compared with any bytes by an `==` of its own (as swift-crypto's `MessageAuthenticationCode`
/// compares with a `DataProtocol`): no `XCTAssertEqual` takes a code and bytes.
public struct Tag: Equatable, Sendable {
    public var bytes: [UInt8]
    public init(bytes: [UInt8]) { self.bytes = bytes }
    public static func == <Bytes: Collection>(lhs: Tag, rhs: Bytes) -> Bool where Bytes.Element == UInt8 {
        lhs.bytes.elementsEqual(rhs)
    }
}

public struct Price: Sendable {
    public var amount: Decimal
    public init(text: String) { amount = Decimal(string: text) ?? 0 }
}

/// A version written as a number (`1.2`), compared as its text.
public struct Version: Equatable, ExpressibleByFloatLiteral, Sendable {
    public var text: String
    public init(floatLiteral value: Double) { text = "\(value)" }
    public init(text: String) { self.text = text }
}

/// A yes-or-no answer that is not a `Bool`.
public struct Answer: Equatable, ExpressibleByBooleanLiteral, Sendable {
    public var yes: Bool
    public init(booleanLiteral value: Bool) { yes = value }
}

/// Settings whose values may be unset.
public struct Settings: Sendable {
    public init() {}
    /// Whether `feature` is on, `nil` when unset.
    public func isEnabled(_ feature: String) -> Bool? { feature == "dark" ? true : nil }
    /// Whether the settings were read.
    public var isLoaded: Bool { true }
    /// Whether `feature` is on, read from a store that may fail; `nil` when unset.
    public func fetch(_ feature: String) async throws -> Bool? { isEnabled(feature) }
    /// Whether the store could be read.
    public func fetchLoaded() async throws -> Bool { true }
}

/// An item of a catalog.
public struct Item: Equatable, Sendable {
    public var name: String
    public var price: Int
}

/// The items of the catalog.
public func makeItems() -> [Item] { [Item(name: "a", price: 1), Item(name: "b", price: 2), Item(name: "c", price: 3)] }

/// A catalog of items.
public struct Catalog: Sendable {
    public var items: [Item]
}

/// The catalog.
public func makeCatalog() -> Catalog { Catalog(items: makeItems()) }

/// The item named `name`, if the catalog has one.
public func item(named name: String) -> Item? { makeItems().first { $0.name == name } }

/// A shape.
public protocol Shape: Sendable {}

/// A circle.
public struct Circle: Shape {
    public var radius: Int
}

/// A square.
public struct Square: Shape {
    public var side: Int
}

/// The shape a test gets.
public func makeShape() -> any Shape { Circle(radius: 2) }

/// The sum of the bytes of `bytes`.
public func checksum(_ bytes: ArraySlice<UInt8>) -> Int { bytes.reduce(0) { $0 + Int($1) } }

/// A cart, shared by reference.
public final class Cart: @unchecked Sendable {
    public private(set) var count = 0
    public init() {}
    public func add() { count += 1 }
    public func remove() { count -= 1 }
}

/// A test harness, a struct, whose `flushed` reads what a class it holds was sent: a `let` of it can
/// change across a call.
public struct Harness: Sendable {
    public let sink = Cart()
    public init() {}
    public var flushed: Int { sink.count }
    public func send() { sink.add() }
    public func close() {}
}

/// A channel whose `send` only delivers: it checks nothing.
public struct Channel: Sendable {
    public init() {}
    public func send(_ message: String) {}
}

/// A provider whose description the package writes: its text is behaviour its tests pin down.
public struct Provider: CustomStringConvertible, Sendable {
    public var name: String
    public init(name: String) { self.name = name }
    public var description: String { "\(name)[0 values]" }
}

/// A parameter of an API document: its `description` is a field of the document, not a rendering.
public struct Parameter: Sendable {
    public var name: String
    public var description: String?
    public init(name: String, description: String?) {
        self.name = name
        self.description = description
    }
}

/// A parameter as an API document's reference resolves it: its fields are the parameter's.
@dynamicMemberLookup
public struct ResolvedParameter: Sendable {
    public var underlying: Parameter
    public init(_ underlying: Parameter) { self.underlying = underlying }
    public subscript<T>(dynamicMember path: KeyPath<Parameter, T>) -> T { underlying[keyPath: path] }
}

/// The error of a lookup, whose message is the package's own text.
public enum LookupError: Error, CustomStringConvertible {
    case remote(String)
    public var description: String {
        switch self {
        case .remote(let name): "You cannot look up remote references ('\(name)') in this \"document\"."
        }
    }
}

/// Looks `name` up; remote names are refused.
public func lookUp(_ name: String) throws -> Int {
    guard !name.hasPrefix("http") else { throw LookupError.remote(name) }
    return name.count
}

/// A point, described by the standard library's reflection.
public struct Point: Sendable {
    public var x: Int
    public var y: Int
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}

/// The address of a user of the API, made from the package's template.
public func userAddress(_ id: Int) -> URL {
    URL(string: "https://api.example.com/v1/users/\(id)")!
}

/// Amounts a test reads back: `entry(at:)` gives a value, `find(cents:)` may give none.
public struct Ledger: Sendable {
    public var entries: [Money]
    public init(entries: [Money]) { self.entries = entries }
    public func entry(at index: Int) -> Money { entries[index] }
    public func find(cents: Int) -> Money? { entries.first { $0.cents == cents } }
}

/// An amount that encodes itself as its number of cents: the package declares an `encode(to:)`, as every
/// `Codable` type of its own does.
public struct Amount: Encodable, Sendable {
    public var cents: Int
    public init(cents: Int) { self.cents = cents }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(cents)
    }
}
