import Foundation
import LitmusDoublesMacro

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

/// Async members of every kind: each gets an `AsyncMember`, whose handler may suspend.
@Mockable
protocol Downloader: Sendable {
    func download(_ url: String) async throws -> Data
    func cancelAll() async
    func page(_ number: Int) async throws(APIError) -> Album
    func decode<Value: Decodable>(_ type: Value.Type, from data: Data) async throws -> Value
    func retrying(_ attempt: () async throws -> Data) async rethrows -> Data
    var progress: Double { get async }
    subscript(index: Int) -> Album { get async throws }
}

/// Drawn on by a main-actor renderer; not `Sendable`.
final class Canvas {
    var strokes: [String] = []
}

/// A main-actor protocol with an async method taking a non-`Sendable` argument: its handler runs on
/// the main actor, where the call came from.
@MainActor
@Mockable
protocol Renderer {
    func render(_ canvas: Canvas) async -> Int
}

/// Seed 003's album search with a limit, an async lookup and an optional argument: the matchers' tests.
@Mockable
protocol AlbumSearch: Sendable {
    func search(term: String, limit: Int) -> [Album]
    func album(id: Int) async throws -> Album
    func artwork(for url: String?) -> Data?
}

/// A log handler in swift-log's shape (a value type with settable properties and a metadata subscript):
/// the forwarding doubles' tests wrap a real one.
@Mockable
protocol LineHandler {
    var level: Int { get set }
    subscript(metadataKey key: String) -> String? { get set }
    func log(_ message: String, at level: Int)
    func lines() -> [String]
}

/// A parameter named with a keyword (swift-nio's `scheduleTask(in:_:)`): forwarded as `` `in` ``.
@Mockable
protocol Delaying {
    func delay(in: Int, _ label: String) -> String
}
