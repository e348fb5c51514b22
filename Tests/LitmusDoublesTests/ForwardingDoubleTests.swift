import Foundation
import LitmusDoubles
import Synchronization
import Testing

/// A real album search: the forwarding doubles pass it what a test does not stub.
private struct Catalog: AlbumSearch {
    func search(term: String, limit: Int) -> [Album] {
        Array(["\(term) 1", "\(term) 2", "\(term) 3"].prefix(limit).map(Album.init(title:)))
    }

    func album(id: Int) async throws -> Album {
        guard id > 0 else { throw APIError() }
        return Album(title: "Album \(id)")
    }

    func artwork(for url: String?) -> Data? { url.map { Data($0.utf8) } }
}

/// Where a ``MemoryHandler`` writes its lines.
private final class Lines: Sendable {
    let store = Mutex<[String]>([])
}

/// A real handler, a value type as swift-log's are: its setters change the copy the double keeps.
private struct MemoryHandler: LineHandler {
    let lineStore = Lines()
    var level = 1
    var metadata: [String: String] = [:]

    subscript(metadataKey key: String) -> String? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(_ message: String, at level: Int) {
        guard level >= self.level else { return }
        lineStore.store.withLock { $0.append(message) }
    }

    func lines() -> [String] { lineStore.store.withLock { $0 } }
}

@Suite("A forwarding double records every call and passes what the test did not stub to a real instance")
struct ForwardingDoubleTests {
    @Test("Unstubbed calls reach the real instance and are recorded; a stubbed member answers itself")
    func forwardsUnstubbed() async throws {
        let sut = AlbumSearchMock(forwardingTo: Catalog())
        sut.double.artwork.stubbedResult = Data([9])

        #expect(sut.search(term: "Phish", limit: 2) == [Album(title: "Phish 1"), Album(title: "Phish 2")])
        #expect(try await sut.album(id: 3) == Album(title: "Album 3"))
        await #expect(throws: APIError.self) { try await sut.album(id: 0) }
        #expect(sut.artwork(for: "x") == Data([9]))
        #expect(sut.double.search.allArguments.map(\.term) == ["Phish"])
        #expect(sut.double.album.allArguments == [3, 0])
        #expect(sut.double.artwork.callCount == 1)
    }

    @Test("A given that matches answers those calls; the others are forwarded")
    func givenOverridesSomeCalls() {
        let sut = AlbumSearchMock(forwardingTo: Catalog())
        given(sut.double.search(term: .equal("Ween"), limit: .any)).willReturn([])

        #expect(sut.search(term: "Ween", limit: 3) == [])
        #expect(sut.search(term: "Wilco", limit: 1) == [Album(title: "Wilco 1")])
        verify(sut.double.search(term: .any, limit: .any)).called(.exactly(2))
    }

    @Test("In strict mode a forwarded call is no failure: it was answered by the real instance")
    func strictForwardsWithoutFailure() {
        let sut = AlbumSearchMock(forwardingTo: Catalog(), mode: .strict)

        #expect(sut.artwork(for: "a") == Data("a".utf8))
    }

    @Test("Setters and subscripts reach the real value; gets read it back; the calls are recorded")
    func settersReachTheRealValue() {
        let sut = LineHandlerMock(forwardingTo: MemoryHandler())
        sut.level = 3
        sut[metadataKey: "request"] = "42"
        sut.log("too quiet", at: 2)
        sut.log("loud", at: 5)

        #expect(sut.level == 3)
        #expect(sut[metadataKey: "request"] == "42")
        #expect(sut.lines() == ["loud"])
        #expect(sut.double.level.setter.allArguments == [3])
        #expect(sut.double.subscriptMetadataKeySetter.allArguments.map(\.newValue) == ["42"])
        #expect(sut.double.log.allArguments.map(\.message) == ["too quiet", "loud"])
    }

    @Test("A parameter named with a keyword (swift-nio's scheduleTask(in:_:)) is forwarded and matched")
    func keywordParameter() {
        struct Real: Delaying {
            func delay(in: Int, _ label: String) -> String { "\(label) in \(`in`)" }
        }
        let sut = DelayingMock(forwardingTo: Real())

        #expect(sut.delay(in: 3, "tick") == "tick in 3")
        verify(sut.double.delay(in: .equal(3), .any)).called(.once)
    }

    @Test("A double made without a real instance still stubs and defaults as before")
    func withoutRealInstance() {
        let sut = AlbumSearchMock()

        #expect(sut.search(term: "Phish", limit: 2) == [])
        #expect(sut.double.search.callCount == 1)
    }
}
