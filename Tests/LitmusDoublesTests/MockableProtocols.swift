import Foundation
import LitmusMockable

// Protocols of the seeds and one per member kind of the doubles issue; @Mockable generates
// `<Name>Mock` beside each, and the tests in this target use those doubles.

struct Album: Equatable, Sendable {
    let title: String
}

struct APIError: Error, Equatable {}

/// Seed 003's networking layer.
@Mockable
protocol NetworkingLayer {
    func searchFor(searchTerm: String, completionHandler: @escaping (Result<[Album], any Error>) -> Void)
}

/// A repository covering methods: sync, async, throws, typed throws, rethrows, overloads.
@Mockable
protocol AlbumRepository: Sendable {
    func count() -> Int
    func album(named name: String) async throws -> Album
    func album(id: Int) throws(APIError) -> Album?
    func albums(matching predicate: (Album) throws -> Bool) rethrows -> [Album]
    func save(_ album: Album) async
    func log(_ messages: String...)
    func normalize(_ title: inout String)
    func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value
}

/// Properties of every kind, static members, a subscript and an initializer.
@Mockable
protocol SettingsStore: AnyObject {
    var name: String { get }
    var volume: Int { get set }
    var remote: Bool { get async throws }
    static var shared: String { get }
    static func make() -> Self
    subscript(key: String) -> String? { get set }
    init(name: String)
}

/// A protocol with an associated type: its double is generic.
@Mockable
protocol Cache {
    associatedtype Key: Hashable
    associatedtype Value
    func value(for key: Key) -> Value?
    func store(_ value: Value, for key: Key)
}

/// A protocol isolated to the main actor.
@MainActor
@Mockable
protocol ListMoviesDisplayLogic {
    func displayFetchedMovies(_ movies: [String])
}

/// An actor-constrained protocol.
@Mockable
protocol Counter: Actor {
    func increment() -> Int
}

/// A protocol inheriting Hashable: its double compares by identity.
@Mockable
protocol ChannelOption: Hashable {
    var name: String { get }
}
