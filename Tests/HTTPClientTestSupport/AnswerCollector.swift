import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import Synchronization

// The tests' way to read an answer with AsyncHTTPClient, shared by the test targets that serve HTTP on 127.0.0.1.

extension HTTPClient {
    /// Sends `request` and reads its answer on the client's event loop: the head, the body in the pieces
    /// its reads gave, and the error that ended it, if any.
    ///
    /// Read there, not by a task: the async API reads the body only as fast as the test's task asks for
    /// it, and on a busy run (2 cores, a thousand tests in parallel) that task waited behind others for
    /// minutes, the connection went unread and the client's own 90 s read timeout failed the test.
    public func collect(_ request: HTTPClient.Request) async -> CollectedAnswer {
        let collector = AnswerCollector()
        // A bound on liveness, not a speed: on a busy machine a 10 s deadline passed (issue #52).
        let task = execute(request: request, delegate: collector, deadline: .now() + .seconds(120))
        do {
            try await task.futureResult.get()
            return collector.answer(error: nil)
        } catch {
            return collector.answer(error: error)
        }
    }
}

/// What a client read of an answer: its head, its body in the pieces the reads gave, and the error that
/// ended it, if any.
public struct CollectedAnswer {
    public var head: HTTPResponseHead?
    /// The body's bytes, in the pieces the reads gave.
    public var bytes: [[UInt8]]
    public var error: (any Error)?

    /// Each piece as text (a character split between two reads is not whole in either).
    public var pieces: [String] { bytes.map { String(decoding: $0, as: UTF8.self) } }
    /// The body as text, decoded whole.
    public var text: String { String(decoding: bytes.joined(), as: UTF8.self) }

    /// The head of an answer read to its end; the error that ended it otherwise.
    public func completeHead() throws -> HTTPResponseHead {
        if let error { throw error }
        guard let head else { throw HTTPClientError.remoteConnectionClosed }
        return head
    }
}

/// Keeps what AsyncHTTPClient's event loop reads of an answer, as it reads it.
public final class AnswerCollector: HTTPClientResponseDelegate {
    public typealias Response = Void
    private let state = Mutex<(head: HTTPResponseHead?, bytes: [[UInt8]])>((nil, []))

    public init() {}

    public func didReceiveHead(task: HTTPClient.Task<Void>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        state.withLock { $0.head = head }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    public func didReceiveBodyPart(task: HTTPClient.Task<Void>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        state.withLock { $0.bytes.append(Array(buffer.readableBytesView)) }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    public func didFinishRequest(task: HTTPClient.Task<Void>) throws {}

    /// What was read, ended by `error`.
    public func answer(error: (any Error)?) -> CollectedAnswer {
        state.withLock { CollectedAnswer(head: $0.head, bytes: $0.bytes, error: error) }
    }
}
