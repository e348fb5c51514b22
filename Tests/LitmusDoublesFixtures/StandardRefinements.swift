// Protocols refining the standard library's and Foundation's protocols (issue #53): the LitmusDoublesPlugin
// doubles each from the generator's table of those protocols (StandardProtocols+Table*.swift).
import Foundation

/// A row of a list, identified by itself: `Identifiable` without an `id` of its own type, and `Hashable`.
public protocol ListRow: Identifiable, Hashable {
    /// The row's title.
    var title: String { get }
}

/// An account, identified by a string.
public protocol Account: Identifiable {
    /// The account's id.
    var id: String { get }
    /// Closes the account.
    func close() throws
}

/// A label compared by equality only.
public protocol Label: Equatable {
    /// The label's text.
    var text: String { get }
}

/// A player in a ranking, ordered with `<`.
public protocol Ranked: Comparable {
    /// The player's score.
    var score: Int { get }
}

/// A named thing, printed as text.
public protocol Named: CustomStringConvertible {
    /// The name.
    var name: String { get }
}

/// A thing with a debugging description.
public protocol Traced: CustomDebugStringConvertible {
    /// The steps it went through.
    func steps() -> [String]
}

/// A record stored as JSON.
public protocol Persisted: Codable {
    /// The record's key.
    var key: String { get }
}

/// A failure of a payment.
public protocol PaymentFailure: Error {
    /// The processor's code.
    var code: Int { get }
}

/// A failure shown to the user, with Foundation's descriptions.
public protocol UserFacingFailure: LocalizedError {
    /// Whether trying again may succeed.
    var isRetryable: Bool { get }
}

/// A clock any task may read.
public protocol Ticker: Sendable {
    /// The current tick.
    func tick() -> Int
}

/// A session only classes conform to.
public protocol Session: AnyObject {
    /// Ends the session.
    func end()
}

/// An uploader isolated to itself.
public protocol Uploader: Actor {
    /// Sends `path`'s bytes, and returns how many it sent.
    func upload(_ path: String) async throws -> Int
}

/// Numbers to add up: a `Sequence` of `Int`, whose double is generic over its iterator.
public protocol Numbers: Sequence where Element == Int {
    /// The numbers' unit.
    var unit: String { get }
}

/// A countdown: an `IteratorProtocol` of `Int`.
public protocol Countdown: IteratorProtocol where Element == Int {}

/// Books on a shelf: a `Collection` of strings indexed by `Int`.
public protocol Shelf: Collection where Element == String, Index == Int {}

/// Sums a sequence of numbers, as code under test would.
public func total(of numbers: some Numbers) -> Int {
    numbers.reduce(0, +)
}

/// The highest-ranked of `players`, as code under test would pick it.
public func winner<Player: Ranked>(of players: [Player]) -> Player? {
    players.max()
}
